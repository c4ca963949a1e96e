"""Brute-force reference: every position reachable through the rules engine, no shortcuts."""

from __future__ import annotations

from kibitz.games.fortress.rules import PatienceState


def _key(state: PatienceState, canonical: bool) -> tuple:
    b = state.board
    piles = [tuple(p) for p in b.piles]
    return (tuple(sorted(piles)) if canonical else tuple(piles), tuple(b.found), b.base)


def reachable(
    state: PatienceState, canonical: bool = False, limit: int = 200_000
) -> tuple[bool, int, int]:
    """``(winnable, positions reachable, most cards home)`` by plain graph search.

    ``canonical`` counts positions that differ only in pile order once.
    """
    s = state.clone()
    seen = {_key(s, canonical)}
    best = s.board.home()
    won = s.is_won()
    stack = [iter(s.legal_actions())]
    while stack:
        action = next(stack[-1], None)
        if action is None:
            stack.pop()
            if stack:
                s.undo()
            continue
        s.push(action)
        key = _key(s, canonical)
        if key in seen:
            s.undo()
            continue
        seen.add(key)
        if len(seen) > limit:
            raise RuntimeError("brute force limit reached")
        best = max(best, s.board.home())
        won = won or s.is_won()
        stack.append(iter(s.legal_actions()))
    return won, len(seen), best
