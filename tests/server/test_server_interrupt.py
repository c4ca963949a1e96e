"""``kibitz serve`` stopped with Ctrl-C, as in a terminal: it shuts down quietly, its worker
processes with it (none prints a traceback of the interrupt); one that cannot listen says so
in one line before it starts anything."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest

from kibitz.cli.serve import HideSecrets, log_config
from processes import HAS_PROC, descendants, still_running
from serving import Server


def serve_alone(server: Server, *args: str) -> subprocess.Popen:
    """``kibitz serve`` on ``server``'s port and database in a session of its own (so that it
    and its workers alone are signalled), once it answers."""
    cmd = [sys.executable, "-m", "kibitz", "serve", "--port", str(server.port),
           "--db", server.db, *args]  # fmt: skip
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True, start_new_session=True)
    for _ in range(600):
        try:
            if httpx.get(server.url + "/api/games", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_ctrl_c_stops_the_server_and_its_workers_quietly(tmp_path) -> None:
    proc = serve_alone(Server(tmp_path / "kibitz.db"), "--workers", "2")
    try:
        for _ in range(300):  # the computer players' two workers are started
            if len(descendants(proc.pid)) >= 3 or proc.poll() is not None:
                break
            time.sleep(0.1)
        workers = descendants(proc.pid)
        assert len(workers) >= 3, workers  # the fork server, its workers, a resource tracker
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "leaked" not in err, err
    assert not still_running(workers)


def test_a_port_in_use_is_one_line_before_anything_starts(tmp_path) -> None:
    """A port another program holds (or an address not of this machine) is said in one line
    with status 2; the database is not even opened."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        for host, reason in (("127.0.0.1", "Address already in use"),
                             ("192.0.2.1", "Cannot assign requested address")):
            db = tmp_path / "never.db"
            proc = subprocess.run(
                [sys.executable, "-m", "kibitz", "serve", "--host", host, "--port", str(port),
                 "--db", f"sqlite:///{db}"],
                capture_output=True, text=True, timeout=60,
            )
            assert proc.returncode == 2, proc.stderr
            assert proc.stderr == f"error: kibitz serve: cannot listen on {host}:{port}: {reason}\n"
            assert not db.exists()


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_a_server_told_to_stop_stops_its_busy_workers_too(tmp_path) -> None:
    """SIGTERM to the server alone (as a service manager sends it) while an analysis keeps a
    worker busy for minutes: the workers end with the server, not after their jobs."""
    server = Server(tmp_path / "kibitz.db")
    proc = serve_alone(server, "--workers", "1")
    try:
        made = httpx.post(server.url + "/api/tables", json={
            "game": "cardmate", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        tokens = made["tokens"]
        for ply in range(60):  # a long game to judge, then resigned
            view = httpx.get(f"{server.url}/api/tables/{made['id']}/view",
                             params={"token": tokens[str(ply % 2)]}).json()
            if view["outcome"]:
                break
            httpx.post(f"{server.url}/api/tables/{made['id']}/actions", json={
                "token": tokens[str(ply % 2)], "id": view["legal"][0]["id"], "ply": ply})
        httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                   json={"token": tokens["0"], "type": "concede"})
        with httpx.stream("GET", f"{server.url}/api/tables/{made['id']}/analysis/stream",
                          timeout=60) as stream:
            lines = stream.iter_lines()
            assert '"start"' in next(lines)  # the analysis worker is at work
            next(lines)
        workers = descendants(proc.pid)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert "Traceback" not in err, err
    assert "leaked" not in err, err  # the pools' semaphores freed (no resource_tracker warning)
    assert not still_running(workers, grace=10.0)


def test_a_second_server_on_the_same_database_is_refused_in_one_line(tmp_path) -> None:
    first = Server(tmp_path / "kibitz.db")
    first.start()
    port = Server(tmp_path / "unused.db").port  # a free one
    try:
        second = subprocess.run(
            [sys.executable, "-m", "kibitz", "serve", "--port", str(port), "--db", first.db],
            capture_output=True, text=True, timeout=120,
        )
    finally:
        first.stop()
    assert second.returncode == 2, second.stderr
    assert second.stderr == (
        f"error: kibitz serve: another kibitz serve is using the database {first.db}; one "
        "server a database (each keeps its tables in memory): stop it, or give this one "
        "another --db\n")


@pytest.mark.parametrize(("args", "said"), [
    (("--computer-delay", "-5"), "'--computer-delay': Input should be greater than or equal to 0"),
    (("--computer-delay", "inf"), "'--computer-delay': Input should be less than or equal to 60"),
    (("--workers", "0"), "'--workers': Input should be greater than or equal to 1"),
    (("--log-level", "loud"), "--log-level must be one of warning, info, debug, got 'loud'"),
])  # fmt: skip
def test_bad_serve_values_are_one_line(args, said) -> None:
    proc = subprocess.run([sys.executable, "-m", "kibitz", "serve", *args],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1 and said in proc.stderr


def test_the_requests_log_has_the_time_and_no_tokens_or_invite_codes() -> None:
    config = log_config()
    assert all(f["fmt"].startswith("%(asctime)s ") for f in config["formatters"].values())
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/api/tables/t/view?token=s3cr3t&x=1", "1.1", 200), None)
    assert HideSecrets().filter(record)
    assert record.getMessage() == (
        '127.0.0.1:5 - "GET /api/tables/t/view?token=***&x=1 HTTP/1.1" 200')
    join = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "%s",
                             ("/join/t?invite=abc",), None)
    HideSecrets().filter(join)
    assert join.getMessage() == "/join/t?invite=***"
    # a WebSocket's request is logged by uvicorn's error logger: every handler hides them
    assert all(h["filters"] == ["secrets"] for h in config["handlers"].values())
    ws = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                           '%s - "WebSocket %s" [accepted]', ("1.2.3.4:5", "/ws/t?token=k"), None)
    HideSecrets().filter(ws)
    assert ws.getMessage() == '1.2.3.4:5 - "WebSocket /ws/t?token=***" [accepted]'
