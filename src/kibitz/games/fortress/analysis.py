"""Player questions answered by the solver: is it winnable, a hint, a winnable deal (e.4-6)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from kibitz.core.capabilities import SEARCH_LIMIT, Hint, Verdict
from kibitz.core.game import Game, State
from kibitz.core.rng import Rng
from kibitz.games.fortress.deals import random_game_number
from kibitz.games.fortress.notation import move_text
from kibitz.games.fortress.rules import PatienceGame, PatienceState
from kibitz.games.fortress.solver import (
    DEFAULT_NODES,
    LOSS,
    UNKNOWN,
    WIN,
    Result,
    move_scores,
    solve,
)

INTERACTIVE_NODES = 30_000
"""Node limit for questions asked during play: about a second of search."""

VERDICTS = {WIN: "win", LOSS: "loss", UNKNOWN: "unknown"}

CAPPED = "the win found needs more moves than the move cap leaves"
"""Why a position is unknown when the solver's win is longer than ``max_moves`` allows."""


def reason(result: Result) -> str:
    """Why ``result`` is not proven: the search limit, or a win too long for the cap."""
    return CAPPED if result.longer_than_cap else SEARCH_LIMIT


def verdict(result: Result) -> Verdict:
    """The solver's result as the core's verdict."""
    return Verdict(
        VERDICTS[result.verdict], tuple(result.moves), result.nodes,
        {"home": result.home, "max_home": result.max_home}, reason(result),
    )  # fmt: skip


def winnable(state: PatienceState, node_limit: int = INTERACTIVE_NODES) -> Verdict:
    """The exact answer to "is this position still winnable?" within ``node_limit``."""
    return verdict(solve(state, node_limit=node_limit))


def hint(state: PatienceState, node_limit: int = INTERACTIVE_NODES, start: int = 0) -> Hint:
    """The next move of a winning line; or "lost" with how many cards can still get home
    and the latest winnable position from ``start`` on (the ply where play began: a deal's
    autoplayed opening moves are its start, not moves to undo)."""
    if state.is_terminal():
        return Hint("lost" if not state.is_won() else "win", "the game is over")
    result = solve(state, node_limit=node_limit)
    if result.verdict == WIN:
        action = result.moves[0]
        return Hint("win", f"play {said(state, action)}", action, result.moves)
    if result.verdict == LOSS:
        more = result.max_home - result.home
        ply = last_winnable_ply(state, node_limit, start)
        where = "no earlier position was winnable" if ply is None else (
            "the start was still winnable; undo to it" if ply == start else
            f"the position after move {ply} was still winnable; undo to it"
        )
        cards = f"{result.max_home} card{'' if result.max_home == 1 else 's'}"
        return Hint(
            "lost",
            f"this position cannot be won: at most {cards} can reach the foundations "
            f"({more} more than now); {where}",
            last_winnable_ply=ply,
        )
    action, why = best_guess(state), reason(result)
    return Hint("unchecked", f"try {said(state, action)}; unchecked: {why}", action,
                reason=why)


def said(state: PatienceState, action: int) -> str:
    """A hinted move in words and in notation: ``A♥ from pile 4 home (4>F)``."""
    return f"{state.move_words(action)} ({move_text(action)})"


def best_guess(state: PatienceState) -> int:
    """The legal move the solver's ordering likes best (a heuristic, not a proof)."""
    safe = state.safe_actions()
    if safe:
        return safe[0]
    scores = move_scores(state)
    return max(state.legal_actions(), key=lambda a: (scores.get(a, -(10**9)), -a))


def last_winnable_ply(
    state: PatienceState, node_limit: int = INTERACTIVE_NODES, start: int = 0
) -> int | None:
    """How many moves of the history lead to the latest position still proven winnable,
    looking no further back than ``start`` moves."""
    probe = state.clone()
    while len(probe.history) > start:
        probe.undo()
        if solve(probe, node_limit=node_limit).verdict == WIN:
            return len(probe.history)
    return None


def choose_winnable_deal(
    game: PatienceGame, rng: Rng | None = None, node_limit: int = 200_000, tries: int = 1000
) -> tuple[int, Result]:
    """A random game number the solver proves winnable (UNKNOWN deals are skipped)."""
    for _ in range(tries):
        number = random_game_number(rng)
        result = solve(game.new_initial_state(number), node_limit=node_limit)
        if result.verdict == WIN:
            return number, result
    raise RuntimeError(f"no winnable deal found in {tries} tries")


class PatienceAssistant:
    """The core ``Assistant`` of Fortress and Chessboard, answered by the exact solver."""

    figures: Mapping[str, str] = MappingProxyType({
        "home": "cards on the foundations at the start",
        "max_home": "the most cards the solver could get home",
    })  # fmt: skip

    def hint(self, state: State, start: int = 0) -> Hint:
        return hint(state, start=start)  # type: ignore[arg-type]

    def words(self, state: State, action: int) -> str:
        return said(state, action)  # type: ignore[arg-type]

    def winnable(self, state: State) -> Verdict:
        return winnable(state)  # type: ignore[arg-type]

    def solve(self, state: State, node_limit: int | None = None) -> Verdict:
        return verdict(solve(state, node_limit=node_limit or DEFAULT_NODES))  # type: ignore[arg-type]

    def winnable_deal(self, game: Game, rng: Rng) -> int:
        return choose_winnable_deal(game, rng, node_limit=100_000)[0]  # type: ignore[arg-type]

    def autocomplete(self, state: State) -> list[int] | None:
        return state.autocomplete_actions()  # type: ignore[attr-defined]

    def auto_moves(self, state: State) -> list[int]:
        return state.safe_actions()  # type: ignore[attr-defined]
