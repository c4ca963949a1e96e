"""WebSocket action latency: a Smess player's move until its own updated view arrives.

Runs the app in-process (TestClient, thread-pool workers, temporary SQLite database) with
two human seats, so the figure is the server's own cost: validation, storage, broadcast.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from kibitz.server.app import create_app

MOVES = 200


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{Path(tmp) / 'bench.db'}", pool="thread")
        with TestClient(app) as client:
            made = client.post("/api/tables", json={
                "game": "smess", "seats": [{"kind": "human"}, {"kind": "human"}],
                "options": {"max_plies_without_progress": 10_000},
            }).json()
            tokens = made["tokens"]
            urls = [f"/ws/tables/{made['id']}?token={tokens[str(s)]}" for s in (0, 1)]
            with client.websocket_connect(urls[0]) as a, client.websocket_connect(urls[1]) as b:
                a.receive_json()
                a.receive_json()
                view = b.receive_json()
                sockets, times = (a, b), []
                for _ in range(MOVES):
                    if view["outcome"]:
                        break
                    seat = view["view"]["to_act"]
                    move = view["legal"][0]["id"] if view["your_turn"] else None
                    me, other = sockets[seat], sockets[1 - seat]
                    if move is None:
                        me.send_json({"type": "view"})
                        view = me.receive_json()
                        move = view["legal"][0]["id"]
                    start = time.perf_counter()
                    me.send_json({"type": "action", "id": move})
                    me.receive_json()
                    times.append(time.perf_counter() - start)
                    view = other.receive_json()
    ms = [t * 1000 for t in times]
    print(f"moves: {len(ms)}")
    print(f"median latency: {statistics.median(ms):.2f} ms")
    print(f"p95 latency: {sorted(ms)[int(len(ms) * 0.95) - 1]:.2f} ms")


if __name__ == "__main__":
    main()
