"""The package as a user installs it: the wheel built from this tree, installed in a fresh
virtual environment, serves every rules page, every static file and the API browser's
files in full (nothing may be read from the source tree)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from kibitz.core.registry import games
from kibitz.server.pages import swagger_assets
from kibitz.server.rules import rules_html

REPO = Path(__file__).resolve().parents[2]
STATIC = "kibitz/server/static/"


def run(*cmd: str | Path, cwd: Path) -> str:
    """Run a command; its output, or a failure that shows it."""
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{cmd} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The built wheel and the Python of a new virtual environment it is installed in."""
    work = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
        "-w", work / "dist", REPO, cwd=work)
    wheel = next((work / "dist").glob("kibitz-*.whl"))
    # The dependencies come from this environment; kibitz itself only from the wheel.
    run(sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", work / "venv",
        cwd=work)
    python = work / "venv" / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
        "--no-index", "--ignore-installed", wheel, cwd=work)
    where = run(python, "-c", "import kibitz; print(kibitz.__file__)", cwd=work)
    assert where.startswith(str(work / "venv")), where
    return wheel, python


@pytest.fixture(scope="module")
def url(installed: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``kibitz serve`` of the installed wheel, run away from the source tree."""
    _, python = installed
    work = tmp_path_factory.mktemp("served")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [str(python), "-m", "kibitz", "serve", "--port", str(port), "--workers", "1",
         "--db", f"sqlite:///{work / 'kibitz.db'}"],
        cwd=work, env={**os.environ, "PYTHONPATH": ""},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/api/games", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            assert time.monotonic() < deadline, "the installed kibitz did not start"
            time.sleep(0.2)
    yield base
    proc.terminate()
    proc.wait(timeout=30)


def test_every_static_file_is_served_in_full(installed: tuple[Path, Path], url: str) -> None:
    wheel, _ = installed
    with zipfile.ZipFile(wheel) as z:
        files = {n: z.read(n) for n in z.namelist() if n.startswith(STATIC) and not n.endswith("/")}
    sources = {p.relative_to(REPO / "src").as_posix()
               for p in (REPO / "src" / STATIC).rglob("*") if p.is_file()}
    assert set(files) == sources  # the wheel ships every page, script, style and icon
    for name, data in files.items():
        r = httpx.get(f"{url}/static/{name.removeprefix(STATIC)}")
        assert r.status_code == 200 and r.content == data, name
    for page in ("/", "/stats", "/docs"):
        assert httpx.get(url + page).status_code == 200, page
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        r = httpx.get(f"{url}/docs-assets/{asset}")
        assert r.status_code == 200 and r.content == (swagger_assets() / asset).read_bytes()
    icon = httpx.get(url + "/favicon.ico")
    assert icon.status_code == 200
    assert icon.content == (REPO / "src" / STATIC / "favicon.svg").read_bytes()


def test_every_rules_page_is_served_in_full(url: str) -> None:
    for game in games():
        r = httpx.get(f"{url}/rules/{game}")
        assert r.status_code == 200, game
        body = rules_html(game)
        assert body in r.text, f"/rules/{game} lacks part of its rules or guide"
        assert "<h2>" in body and len(body) > 2000, f"{game}'s guide is missing"
    dixie = httpx.get(f"{url}/rules/rook", params={"preset": "dixie"})
    assert dixie.status_code == 200 and rules_html("rook", "dixie") in dixie.text
