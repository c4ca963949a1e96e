"""Analysis by search score: two-sided games without hidden cards or chance.

Every position of the game is searched once by a fresh agent seeded with its ply, which
reports its evaluation (``last_score``, from the mover's side, in the agent's units: a win is
a large score). The score of the move played is the next position's, seen from the mover;
scores become expected scores (``expected_score``) and a move's loss is the drop in expected
score between the best move and the move played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol, runtime_checkable

from kibitz.ai.analysis_notes import WIN_SCORE, MoveNote, expected_score, mark_for
from kibitz.core.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game, State


@runtime_checkable
class ScoringAgent(Protocol):
    """An agent that reports the score of its last choice, from the mover's side."""

    last_score: float

    def choose(self, state: State, seat: int) -> int: ...


def _search(make: Callable[[int], Agent], state: State, ply: int) -> tuple[int | None, float]:
    """Best action and score for the player to move (None and the result if the game is
    over; the score is then from seat 0's side)."""
    if state.is_terminal():
        return None, state.returns()[0] * WIN_SCORE
    agent = make(ply)
    if not isinstance(agent, ScoringAgent):
        raise InvalidOptions(f"agent {agent.kind!r} reports no evaluation to analyse with")
    action = agent.choose(state.clone(), state.current_player)
    return action, float(agent.last_score)


def score_notes(
    game: Game,
    states: list[State],
    actions: list[int],
    make: Callable[[int], Agent],
    span: range | None = None,
) -> Iterator[MoveNote]:
    """Notes for ``actions`` (those whose indices are in ``span``; None: all), one at a time
    as each is judged; ``states[i]`` is the position before action ``i`` (and the last one the
    final position); ``make(seed)`` builds the searching agent. Each position is searched
    once: it is the "after" of one move and the "before" of the next."""
    span = range(len(actions)) if span is None else span
    searched = _search(make, states[span.start], span.start)
    for ply in span:
        action, state, after = actions[ply], states[ply], states[ply + 1]
        seat = state.current_player
        best, best_value = searched
        searched = _search(make, after, ply + 1)
        value = _value_for(seat, after, searched[1])
        best_value = max(best_value, value)
        loss = max(0.0, expected_score(best_value) - expected_score(value))
        better = best not in (None, action) and best_value > value
        yield MoveNote(
            ply=ply + 1,
            seat=seat,
            side=game.sides().index(game.side_of(seat)),
            move=state.action_to_str(action),
            value=value,
            expected=round(expected_score(value), 4),
            best=state.action_to_str(best) if better else None,
            best_value=best_value,
            best_expected=round(expected_score(best_value), 4),
            loss=round(loss, 4),
            mark=mark_for(loss) if best != action else None,
        )


def _value_for(seat: int, state: State, score: float) -> float:
    """``score`` (the mover's in ``state``; seat 0's if it is over) seen by ``seat``."""
    if state.is_terminal():
        return state.returns()[seat] * WIN_SCORE
    if state.current_player == seat:
        return score
    return -score
