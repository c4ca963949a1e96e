"""Analysis by win probability, seen from the mover's information only.

For two-sided games whose analysing agent reports ``last_expected`` (IS-MCTS, Rook's
rookbot): the mover's expected score, 0 lost .. 1 won, of the move it would choose.

- **Best move.** A fresh agent, seeded with the ply, searches the recorded position for the
  mover. Agents of hidden-card games decide from determinizations drawn by
  ``state.resample_hidden(mover, rng)`` only, so the search never reads the other hands.
- **Move played.** Where it differs from the best move and the search valued every move on
  the same worlds (``last_values``, Rook's PIMC card play), both values are read from it.
  Otherwise both are judged alike: ``samples`` worlds are drawn from the mover's information
  (``resample_hidden(mover)``, the same worlds for both moves), the move is played in each,
  chance is drawn afresh (the record's later cards are not known to the mover), and the next
  player's search in that world gives its expected score: the mover's when it is on the
  mover's side, one minus it otherwise (that search reads the next player's information, not
  the mover's, so the first way is preferred). The better move is shown only where it is
  judged better. The record's hidden cards are never read: only the mover's own information
  enters.

Agents' estimates are their own (Rook's rookbot values the current hand, not the whole game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol, runtime_checkable

from kibitz.ai.analysis_notes import MoveNote, mark_for
from kibitz.core.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.rng import Rng

SAMPLES = 2
"""Worlds drawn from the mover's information to judge a move that is not the best one."""


@runtime_checkable
class ExpectingAgent(Protocol):
    """An agent that reports its mover's expected score (0..1) of its last choice."""

    last_expected: float

    def choose(self, state: State, seat: int) -> int: ...


@runtime_checkable
class ValuingAgent(ExpectingAgent, Protocol):
    """An expecting agent that also reports the mover's expected score of every action its
    last choice weighed, all from the same draws (``None`` when it weighed them otherwise)."""

    last_values: dict[int, float] | None


def _seed(ply: int, k: int = 0, seed: int = 0) -> int:
    """The seed of ply ``ply``'s ``k``-th search (0: the mover's own) in the analysis drawn
    from ``seed``."""
    return seed * (1 << 20) + ply * 256 + k


def _expecting(agent: Agent) -> ExpectingAgent:
    if not isinstance(agent, ExpectingAgent):
        raise InvalidOptions(f"agent {agent.kind!r} reports no win probability to analyse with")
    return agent


def result_for(game: Game, state: State, seat: int) -> float:
    """``seat``'s expected score of a finished game: its return scaled to 0..1."""
    lo, hi = game.utility_bounds
    return min(1.0, max(0.0, (state.returns()[seat] - lo) / (hi - lo)))


def after_value(
    game: Game,
    state: State,
    action: int,
    make: Callable[[int], Agent],
    ply: int,
    samples: int,
    seed: int = 0,
) -> float:
    """The mover's expected score of ``action`` in ``state``, averaged over ``samples``
    worlds drawn from the mover's information (the same worlds for every action)."""
    mover = state.current_player
    total = 0.0
    for k in range(1, samples + 1):
        rng = Rng(_seed(ply, k, seed))
        world = state.resample_hidden(mover, rng)
        world.apply(action)
        while world.current_player == CHANCE:
            world.push(rng.weighted(world.chance_outcomes()))
        if world.is_terminal():
            total += result_for(game, world, mover)
            continue
        nxt = world.current_player
        agent = _expecting(make(_seed(ply, k, seed)))
        agent.choose(world, nxt)
        same = game.side_of(nxt) == game.side_of(mover)
        total += agent.last_expected if same else 1.0 - agent.last_expected
    return total / samples


def judge_move(
    game: Game,
    state: State,
    action: int,
    make: Callable[[int], Agent],
    ply: int,
    samples: int = SAMPLES,
    seed: int = 0,
) -> MoveNote:
    """The note of ``action`` played in ``state`` (the ``ply``-th action of the record), its
    searches and worlds drawn from ``seed``."""
    mover = state.current_player
    agent = _expecting(make(_seed(ply, 0, seed)))
    best = agent.choose(state.clone(), mover)
    expected = best_expected = float(agent.last_expected)
    values = agent.last_values if isinstance(agent, ValuingAgent) else None
    if best != action and values and action in values:
        expected, best_expected = values[action], values[best]
    elif best != action:
        expected = after_value(game, state, action, make, ply, samples, seed)
        best_expected = after_value(game, state, best, make, ply, samples, seed)
    if best_expected <= expected:  # judged alike, the move played is as good
        best, best_expected = action, expected
    loss = best_expected - expected
    return MoveNote(
        ply=ply,
        seat=mover,
        side=game.sides().index(game.side_of(mover)),
        move=state.action_to_str(action),
        value=None,
        expected=round(expected, 4),
        best=None if best == action else state.action_to_str(best),
        best_value=None,
        best_expected=round(best_expected, 4),
        loss=round(loss, 4),
        mark=mark_for(loss),
    )


def probability_notes(
    game: Game,
    states: list[State],
    actions: list[int],
    make: Callable[[int], Agent],
    samples: int = SAMPLES,
    seed: int = 0,
    span: range | None = None,
) -> Iterator[MoveNote]:
    """Notes for the player moves among ``actions`` (those whose indices are in ``span``;
    None: all), one at a time as each is judged (``states[i]`` is the position before action
    ``i``); ``make(seed)`` builds the searching agent; ``seed`` draws the searches and worlds
    (another seed, another sample of them). A game without two sides is refused at once,
    before any search."""
    if len(game.sides()) != 2:
        raise InvalidOptions(
            f"win-probability analysis needs two sides; {game.name} has {len(game.sides())}"
        )
    return (
        judge_move(game, states[i], actions[i], make, i + 1, samples, seed)
        for i in (range(len(actions)) if span is None else span)
        if states[i].current_player >= 0
    )
