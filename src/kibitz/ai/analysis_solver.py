"""Analysis by an exact solver: one-player games whose ``Assistant`` proves deals won or lost.

After each move the question is the one a patience player asks: is the deal still winnable?
From a winnable position a move into a lost one is a blunder (expected score 1 to 0), and
the solver's move is shown where the move played throws the win away. Solving stops at ``nodes``
solver nodes a position, and ``SEARCHES`` times that in all (the verdict is then
``unknown``, which earns no mark). A position is solved only when its verdict does not
follow from the one before: following the proven line keeps the deal won, and nothing
played from a lost position wins it back.
"""

from __future__ import annotations

from collections.abc import Iterator

from kibitz.ai.analysis_notes import MoveNote, mark_for
from kibitz.core.capabilities import Assistant, Verdict
from kibitz.core.game import Game, State

NODES = 20_000
"""Solver nodes a position by default (about a second of search at most)."""
SEARCHES = 15
"""A game's analysis solves with at most ``SEARCHES * nodes`` nodes in all: past that, a
position whose verdict does not follow from the one before is ``unknown`` (a lost deal
played on and on would otherwise cost a full search a move)."""
EXPECTED = {"win": 1.0, "loss": 0.0}


class Judge:
    """Verdicts of successive positions, within the game's node budget."""

    def __init__(self, assistant: Assistant, nodes: int) -> None:
        self.assistant, self.nodes, self.left = assistant, nodes, nodes * SEARCHES

    def solve(self, state: State) -> Verdict:
        """The solver's verdict of ``state`` (``unknown`` once the budget is spent)."""
        if self.left <= 0:
            return Verdict("unknown")
        verdict = self.assistant.solve(state, min(self.nodes, self.left))
        self.left -= max(1, verdict.nodes)
        return verdict

    def after(self, state: State, before: Verdict, action: int) -> Verdict:
        """The verdict of ``state``, reached by ``action`` from a position judged ``before``."""
        if before.verdict == "loss":
            return Verdict("loss")
        if before.verdict == "win" and before.moves[:1] == (action,):
            return Verdict("win", before.moves[1:])
        return self.solve(state)


def solver_notes(
    game: Game,
    assistant: Assistant,
    states: list[State],
    actions: list[int],
    nodes: int = NODES,
) -> Iterator[MoveNote]:
    """Notes for ``actions``, one at a time as each is judged (``states[i]`` is the position
    before action ``i``)."""
    judge = Judge(assistant, nodes)
    now = judge.solve(states[0])
    for i, action in enumerate(actions):
        state = states[i]
        after = judge.after(states[i + 1], now, action)
        if state.current_player < 0:
            now = after
            continue
        won = now.verdict == "win" and bool(now.moves) and after.verdict != "win"  # thrown away
        best = now.moves[0] if won else None
        expected, best_expected = EXPECTED.get(after.verdict), EXPECTED.get(now.verdict)
        known = expected is not None and best_expected is not None
        loss = max(0.0, best_expected - expected) if known else 0.0  # type: ignore[operator]
        yield MoveNote(
            ply=i + 1,
            seat=state.current_player,
            side=game.sides().index(game.side_of(state.current_player)),
            move=state.action_to_str(action),
            value=None,
            expected=expected,
            best=None if best in (None, action) else state.action_to_str(best),
            best_value=None,
            best_expected=best_expected,
            loss=loss,
            mark=mark_for(loss),
            verdict=after.verdict,
        )
        now = after
