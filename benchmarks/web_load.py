"""Load on the web server: N concurrent human-vs-human tables played over WebSockets.

Starts ``kibitz serve`` in its own process (a temporary SQLite database unless ``--db`` is
given; no rate limit on creating tables, since all tables come from one address) and drives
the tables from this process: both seats of every table are connected, and each side, when
it is its turn, plays a random legal move (by id) ``--rate`` times a second at most (0: as
fast as it can, which measures the saturation throughput). A finished game is replaced by a
new table. Latency is the time from sending a move to receiving the mover's own new state.
Prints moves/s, latency percentiles, errors and the server's memory (RSS) before and after.

    python benchmarks/web_load.py --tables 200 --rate 1 --seconds 30
    python benchmarks/web_load.py --tables 200 --rate 0 --seconds 20   # saturation
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


@dataclass
class Tally:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0
    measuring: bool = False
    server_cpu: float = 0.0


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db: str, tables: int) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "kibitz", "serve", "--port", str(port), "--db", db,
           "--create-limit", "off", "--join-limit", "off", "--computer-delay", "0",
           "--workers", "1", "--max-tables", str(max(2000, 4 * tables))]
    proc = subprocess.Popen(cmd, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("the server did not start")


async def play_table(base: str, game: str, rate: float, stop: float, tally: Tally,
                     rng: random.Random, http: httpx.AsyncClient) -> None:
    """Play tables of ``game`` one after another until ``stop`` (monotonic time)."""
    while time.monotonic() < stop:
        try:
            r = await http.post("/api/tables", json={"game": game, "seats": [{}, {}]})
        except httpx.HTTPError as exc:
            tally.errors.append(f"create: {type(exc).__name__}")
            continue
        if r.status_code != 200:
            tally.errors.append(f"create: {r.status_code} {r.text[:100]}")
            await asyncio.sleep(1)
            continue
        made = r.json()
        url = base.replace("http", "ws") + f"/ws/tables/{made['id']}?token="
        finished = asyncio.Event()
        sides = [play_side(url + made["tokens"][str(s)], rate, stop, tally, rng, finished)
                 for s in (0, 1)]
        results = await asyncio.gather(*sides, return_exceptions=True)
        failed = [r for r in results if isinstance(r, BaseException)]
        tally.errors += [f"connection: {type(r).__name__}: {r}" for r in failed]
        tally.games += not failed


async def play_side(url: str, rate: float, stop: float, tally: Tally, rng: random.Random,
                    finished: asyncio.Event) -> None:
    """One seat: move when it is this seat's turn, at most ``rate`` times a second."""
    gap = 1 / rate if rate > 0 else 0.0
    async with connect(url, max_size=2**22, open_timeout=60) as ws:
        last_move = time.monotonic() - rng.random() * gap
        sent_at, sent_ply = 0.0, -1
        while not finished.is_set() and time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] == "error":
                tally.errors.append(msg["message"])
                continue
            if msg["outcome"] is not None:
                finished.set()
                break
            if sent_ply >= 0 and msg["ply"] > sent_ply:
                if tally.measuring:
                    tally.latencies.append(time.perf_counter() - sent_at)
                sent_ply = -1
            if not msg["your_turn"] or sent_ply >= 0:
                continue
            wait = last_move + gap - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            last_move = time.monotonic()
            move = rng.choice(msg["legal"])
            sent_at, sent_ply = time.perf_counter(), msg["ply"]
            await ws.send(json.dumps({"type": "action", "id": move["id"], "ply": msg["ply"]}))


async def drive(base: str, args: argparse.Namespace, tally: Tally, pid: int) -> float:
    """Run the tables; returns the measured seconds (after the warm-up)."""
    rng = random.Random(args.seed)
    start = time.monotonic()
    stop = start + args.warmup + args.seconds
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as http:
        tasks = []
        for _ in range(args.tables):
            tasks.append(asyncio.create_task(
                play_table(base, args.game, args.rate, stop, tally, random.Random(rng.random()),
                           http)))
            await asyncio.sleep(args.warmup / args.tables / 2)  # spread the starts
        await asyncio.sleep(max(0.0, start + args.warmup - time.monotonic()))
        tally.measuring, measured_from = True, time.monotonic()
        cpu_from = cpu_seconds(pid)
        await asyncio.gather(*tasks)
        tally.server_cpu = cpu_seconds(pid) - cpu_from
    return time.monotonic() - measured_from


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rate", type=float, default=1.0,
                        help="moves per second per side (0: as fast as possible)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--game", default="smess")
    parser.add_argument("--db", default=None, help="database URL (default: temporary SQLite)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        port = free_port()
        server = start_server(port, db, args.tables)
        try:
            before = rss_mb(server.pid)
            tally = Tally()
            seconds = asyncio.run(drive(f"http://127.0.0.1:{port}", args, tally, server.pid))
            after = rss_mb(server.pid)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    ms = [t * 1000 for t in tally.latencies]
    print(f"game {args.game}, {args.tables} tables, {args.rate or 'unpaced'} moves/s per side, "
          f"{seconds:.0f} s measured, database {'temporary SQLite' if not args.db else 'given'}")
    if ms:
        print(f"moves: {len(ms)}  ({len(ms) / seconds:.0f} moves/s), games finished: "
              f"{tally.games}")
        print(f"latency ms: p50 {statistics.median(ms):.1f}  p95 {percentile(ms, 95):.1f}  "
              f"p99 {percentile(ms, 99):.1f}  max {max(ms):.1f}")
        per_move = tally.server_cpu / len(ms)
        print(f"server CPU: {tally.server_cpu:.1f} s, {per_move * 1000:.2f} ms per move "
              f"(one core's worth: {1 / per_move:.0f} moves/s); load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"errors: {len(tally.errors)}" + (f" (first: {tally.errors[0]})" if tally.errors else ""))
    print(f"server RSS: {before:.0f} MB before, {after:.0f} MB after")


if __name__ == "__main__":
    main()
