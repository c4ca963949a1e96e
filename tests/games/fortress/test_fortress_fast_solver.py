"""The compiled solver (``fast.py``) against the Python reference (``solver._dfs``): the same
verdict, winning line, nodes, most cards home and cards home, on deals, positions from the
middle of random games, set positions with a Chessboard base unset or set, and under node and
time limits.

``KIBITZ_FAST_DEALS=N`` compares N deals (and N/5 mid-game positions) per variant instead of
the quick default.
"""

from __future__ import annotations

import math
import os

import pytest

from kibitz.core import load
from kibitz.core.rng import Rng
from kibitz.games.fortress import fast
from kibitz.games.fortress.board import UNSET
from kibitz.games.fortress.solver import UNKNOWN, WIN, Result, SolverError, solve

DEALS = int(os.environ.get("KIBITZ_FAST_DEALS", "300"))
NODES = 20_000
"""Node limit of the comparisons: every deal of the quick run is decided well within it."""
POSITIONS = max(60, DEALS // 5)
GAMES = ("fortress", "chessboard")


def both(state, **limits) -> tuple[Result, Result]:
    """The Python and the compiled result for one state."""
    return solve(state, engine="python", **limits), solve(state, engine="fast", **limits)


def deal_numbers(count: int) -> list[int]:
    """Half Microsoft-shuffle numbers (1..31999), half MT19937 ones (32000 and up)."""
    half = count // 2
    return [*range(1, half + 1), *range(10**6, 10**6 + count - half)]


@pytest.mark.parametrize("name", GAMES)
def test_deals_agree_field_for_field(name: str) -> None:
    game = load(name)
    verdicts = set()
    for number in deal_numbers(DEALS):
        state = game.new_initial_state(number)
        python, compiled = both(state, node_limit=NODES)
        assert compiled == python, (name, number)
        verdicts.add(python.verdict)
    assert {"WIN", "LOSS"} <= verdicts


def random_positions(name: str, count: int, seed: int) -> list:
    """States reached by random play from random deals; every other one by moves between
    piles only (so Chessboard positions with the base still unset)."""
    game = load(name)
    rng = Rng(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(1 + rng.below(31999))
        piles_only = len(out) % 2
        for _ in range(1 + rng.below(60)):
            actions = [a for a in state.legal_actions() if not piles_only or a % 11 != 10]
            if not actions:
                break
            state.apply(actions[rng.below(len(actions))])
        out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_mid_game_positions_agree(name: str) -> None:
    states = random_positions(name, POSITIONS, seed=17)
    for state in states:
        python, compiled = both(state, node_limit=NODES)
        assert compiled == python, state.position()
    if name == "chessboard":
        bases = {s.board.base for s in states}
        assert UNSET in bases and len(bases) > 2


VECTOR9 = "TH4DTS5H/JH/4SQHJS4C8H/3S/AS3H6H4H/3D9H3CKS7H/ADQSKC2S2C/QD2HKH2D/KD/ACAH QC,9S,-,JD 5"
HARD_LOSS = (
    "KSKD8H/6D/5SJHTS8D/TC9D/6S/7CQC/7H4S8SKC8CQD5C/KH/JS5D7SJDJC6C7D9S9CTD/4DQHTH9HQS "
    "4C,3S,6H,3D A"
)
SET_POSITIONS = [
    ("chessboard", VECTOR9),
    ("fortress", HARD_LOSS),
    ("fortress", "QHKH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"),
    ("fortress", "-/-/-/-/-/-/-/-/-/- KC,KS,KH,KD A"),
]


@pytest.mark.parametrize("name, position", SET_POSITIONS)
def test_set_positions_agree(name: str, position: str) -> None:
    state = load(name).new_state_from_position(position)
    python, compiled = both(state, node_limit=NODES)
    assert compiled == python


def test_chessboard_board_with_base_unset_and_set_agree() -> None:
    game = load("chessboard")
    start = game.new_initial_state(16)
    assert start.board.base == UNSET
    assert solve(start.board, start.variant, engine="fast") == solve(
        start.board, start.variant, engine="python"
    )
    homes = [a for a in start.legal_actions() if a % 11 == 10]
    assert homes  # any top card may go home first and set the base
    for action in homes[:4]:
        state = start.clone()
        state.apply(action)
        assert state.board.base != UNSET
        python, compiled = both(state, node_limit=NODES)
        assert compiled == python


def hard_deal(name: str, nodes: int) -> int:
    """The first deal whose search needs more than ``nodes`` nodes."""
    game = load(name)
    return next(n for n in range(1, 2000) if solve(game.new_initial_state(n)).nodes > nodes)


@pytest.mark.parametrize("limit", [-(10**30), 0, 1, 2, 5, 37.5, 2500])
def test_node_limit_unknown_agrees(limit: float) -> None:
    state = load("chessboard").new_initial_state(hard_deal("chessboard", 3000))
    python, compiled = both(state, node_limit=limit)
    assert compiled == python
    assert (compiled.verdict, compiled.moves) == (UNKNOWN, ())
    assert compiled.nodes == max(math.ceil(limit), 2)  # the root and its first child count


def test_time_limit_checks_the_clock_every_1024_nodes() -> None:
    name = "chessboard"
    state = load(name).new_initial_state(hard_deal(name, 3000))
    python, compiled = both(state, time_limit=0.0)
    assert compiled == python
    assert (compiled.verdict, compiled.nodes) == (UNKNOWN, 1024)
    assert solve(state, time_limit=600.0) == solve(state, engine="python")


def test_buffers_grown_from_the_smallest_size_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """From the smallest first size every buffer (path, frames, moves, table) must grow."""
    monkeypatch.setattr(fast, "START", fast.MARGIN)
    for name in GAMES:
        state = load(name).new_initial_state(hard_deal(name, 3000))
        python, compiled = both(state, node_limit=200_000)
        assert compiled == python and compiled.nodes > 3000


def test_fast_is_the_default_and_wins_replay() -> None:
    state = load("fortress").new_initial_state(38)
    result = solve(state)
    assert result == solve(state, engine="fast") and result.verdict == WIN
    replay = state.clone()
    for action in result.moves:
        replay.apply(action)
    assert replay.is_won()


def test_unknown_engine_is_refused() -> None:
    state = load("fortress").new_initial_state(1)
    with pytest.raises(ValueError, match="engine"):
        solve(state, engine="numba")


def test_a_wrong_compiled_line_is_caught_by_the_rules_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The line check replays every WIN through the rules: a corrupt line raises."""
    state = load("fortress").new_initial_state(38)
    verdict, path, nodes, best = fast.search(state.board, state.variant, None, None)
    assert verdict == WIN
    first = path[0]
    bad = [first & ~15 | first >> 4 & 15, *path[1:]]  # the first card onto its own pile
    monkeypatch.setattr(fast, "search", lambda *_args: (verdict, bad, nodes, best))
    with pytest.raises(SolverError, match="illegal at ply 1"):
        solve(state)
