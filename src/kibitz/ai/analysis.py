"""Game analysis: each move of a finished game scored by a search agent, the best move where
it differs, and marks for inaccuracies, mistakes and blunders.

Every position of the game is searched once by a fresh agent (the spec's), which must report
its evaluation (``last_score``, from the mover's side, in the agent's units: a win is a large
score). Scores become an expected score for the mover (logistic, 400 units a factor of ten in
the odds, as chess engines show them); a move's loss is the drop in expected score between
the best move and the move played. Two-sided, perfect-information games only (the agents
that report a score need that): hidden-card games are refused with a clear error.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Protocol, runtime_checkable

from kibitz.core.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game, State

WIN_SCORE = 1_000_000.0
"""The score of a won position (search agents score wins near it)."""
MARKS = ((0.30, "blunder"), (0.15, "mistake"), (0.07, "inaccuracy"))
"""Expected-score loss at which a move earns each mark, worst first."""
SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}


@dataclass
class MoveNote:
    """One analysed move."""

    ply: int
    seat: int
    move: str
    value: float
    """The mover's score after the move played."""
    expected: float
    """The mover's expected score (0 lost .. 1 won) after the move played."""
    best: str | None
    """The agent's preferred move where it differs from the move played."""
    best_value: float
    best_expected: float
    loss: float
    mark: str | None


@runtime_checkable
class ScoringAgent(Protocol):
    """An agent that reports the score of its last choice, from the mover's side."""

    last_score: float

    def choose(self, state: State, seat: int) -> int: ...


def expected_score(score: float) -> float:
    """Expected score for a search score: 0.5 at 0, near 1 for a win."""
    return 1.0 / (1.0 + math.pow(10.0, max(-50.0, min(50.0, -score / 400.0))))


def mark_for(loss: float) -> str | None:
    """The mark a move losing ``loss`` expected score earns."""
    return next((name for limit, name in MARKS if loss >= limit), None)


def _search(make: Any, state: State) -> tuple[int | None, float]:
    """Best action and score for the player to move (None and the result if the game is
    over; the score is then from seat 0's side)."""
    if state.is_terminal():
        return None, state.returns()[0] * WIN_SCORE
    agent: Agent = make()
    if not isinstance(agent, ScoringAgent):
        raise InvalidOptions(f"agent {agent.kind!r} reports no evaluation to analyse with")
    action = agent.choose(state.clone(), state.current_player)
    return action, float(agent.last_score)


def analyse_game(game: Game, start: State, actions: list[int], make: Any) -> list[MoveNote]:
    """Notes for each of ``actions`` played from ``start``; ``make()`` builds the agent."""
    if not game.perfect_information or game.has_chance or len(game.sides()) != 2:
        raise InvalidOptions(
            f"analysis of {game.name} needs a two-sided game without hidden cards or chance"
        )
    states = [start.clone()]
    for action in actions:
        nxt = states[-1].clone()
        nxt.apply(action)
        states.append(nxt)
    searched = [_search(make, s) for s in states]
    notes = []
    for ply, action in enumerate(actions):
        state, after = states[ply], states[ply + 1]
        seat = state.current_player
        best, best_value = searched[ply]
        value = _value_for(seat, after, searched[ply + 1][1])
        best_value = max(best_value, value)
        loss = max(0.0, expected_score(best_value) - expected_score(value))
        notes.append(
            MoveNote(
                ply=ply + 1,
                seat=seat,
                move=state.action_to_str(action),
                value=value,
                expected=round(expected_score(value), 4),
                best=None if best in (None, action) else state.action_to_str(best),
                best_value=best_value,
                best_expected=round(expected_score(best_value), 4),
                loss=round(loss, 4),
                mark=mark_for(loss) if best != action else None,
            )
        )
    return notes


def _value_for(seat: int, state: State, score: float) -> float:
    """``score`` (the mover's in ``state``; seat 0's if it is over) seen by ``seat``."""
    if state.is_terminal():
        return state.returns()[seat] * WIN_SCORE
    if state.current_player == seat:
        return score
    return -score


def notes_to_json(notes: list[MoveNote]) -> list[dict[str, Any]]:
    """The notes as JSON objects."""
    return [asdict(n) for n in notes]


def notes_to_text(notes: list[MoveNote], player_names: tuple[str, ...]) -> str:
    """One line a move: ply, player, move and mark, the mover's score, the better move."""
    lines = []
    for n in notes:
        mark = SYMBOLS.get(n.mark or "", "")
        text = f"{n.ply:>3}. {player_names[n.seat]:<6} {n.move + mark:<14} {n.value:>+9.0f}"
        text += f"  {n.expected:.2f}"
        if n.best is not None:
            text += f"  best {n.best} ({n.best_value:+.0f}, {n.best_expected:.2f})"
        if n.mark:
            text += f"  {n.mark}"
        lines.append(text)
    return "\n".join(lines)
