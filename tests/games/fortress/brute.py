"""Brute-force reference: every position reachable through the rules engine, no shortcuts."""

from __future__ import annotations

from kibitz.games.fortress.rules import PatienceState


def reachable(state: PatienceState, limit: int = 200_000) -> tuple[bool, int, int]:
    """``(winnable, positions reachable, most cards home)`` by plain graph search."""
    start = state.clone()
    seen = {start.position()}
    stack = [start]
    won = False
    best = start.board.home()
    while stack:
        s = stack.pop()
        for a in s.legal_actions():
            t = s.clone()
            t.push(a)
            key = t.position()
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > limit:
                raise RuntimeError("brute force limit reached")
            best = max(best, t.board.home())
            won = won or t.is_won()
            stack.append(t)
    return won, len(seen), best
