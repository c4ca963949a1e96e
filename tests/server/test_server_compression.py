"""Responses are gzipped for clients that take it (pages, scripts, JSON: about a third of
their size on a slow connection); small ones and clients that do not are sent plain; the
analysis stream stays a stream of NDJSON lines through the compression."""

from __future__ import annotations

import gzip
import json
from importlib.resources import files

from fastapi.testclient import TestClient
from helpers import BLUNDER, finished_fortress

STATIC = files("kibitz.server") / "static"


def test_scripts_and_styles_are_gzipped_for_clients_that_take_it(client: TestClient) -> None:
    for name in ("play.js", "style.css", "games/cardmate.js"):
        sent = client.get(f"/static/{name}", headers={"Accept-Encoding": "gzip"})
        assert sent.status_code == 200
        assert sent.headers["content-encoding"] == "gzip"
        assert "accept-encoding" in sent.headers["vary"].lower()
        assert sent.content == (STATIC / name).read_bytes()  # the same file, decoded
        assert int(sent.headers["content-length"]) < len(sent.content) / 2
        plain = client.get(f"/static/{name}", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.content == sent.content


def test_small_responses_are_sent_plain(client: TestClient) -> None:
    small = client.get("/api/tables/nosuch", headers={"Accept-Encoding": "gzip"})
    assert small.status_code == 404 and "content-encoding" not in small.headers


def test_the_analysis_stream_is_a_stream_of_lines_through_the_compression(
    client: TestClient,
) -> None:
    table = finished_fortress(client, (BLUNDER, "8>F", "5>7"))
    path = f"/api/tables/{table}/analysis/stream"
    with client.stream("GET", path, headers={"Accept-Encoding": "gzip"}) as r:
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
        raw = b"".join(r.iter_raw())
    lines = [json.loads(line) for line in gzip.decompress(raw).decode().splitlines() if line]
    assert lines[0]["type"] == "start" and lines[-1] == {"type": "done"}
    assert [m["type"] for m in lines[1:-1]] == ["move"] * lines[0]["total"]
