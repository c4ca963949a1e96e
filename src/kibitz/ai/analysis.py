"""Game analysis: each move of a game judged from the mover's side, the best move where it
is judged better, and marks for inaccuracies, mistakes and blunders (``?!``, ``?``, ``??``).

The kind of analysis follows from the game's declarations and what the agent reports:

- ``solver``: a one-player game whose ``Assistant`` solves deals exactly (patience): after
  each move, is the deal still winnable (``analysis_solver``).
- ``score``: two sides, no hidden cards, no chance, and an agent that reports a search score
  (``last_score``: alpha-beta, a game's compiled search) (``analysis_score``).
- ``probability``: two sides and an agent that reports the mover's expected score
  (``last_expected``: IS-MCTS, Rook's rookbot), from the mover's information only: hidden-card
  games are judged without reading the other hands (``analysis_hidden``).

Every search is seeded from its ply, so an analysis is reproducible. The agent is the spec
given, or the game's declared analysis spec (``GameAI.analysis``; the top level without one).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from typing import Any

from kibitz.ai.analysis_hidden import SAMPLES, ExpectingAgent, probability_notes
from kibitz.ai.analysis_notes import (
    MARKS,
    SYMBOLS,
    Analysis,
    Kind,
    MoveNote,
    SideSummary,
    annotation,
    expected_score,
    heading,
    mark_for,
    note_line,
    score_text,
    summaries,
    summary_line,
)
from kibitz.ai.analysis_score import ScoringAgent, score_notes
from kibitz.ai.analysis_solver import NODES, solver_notes
from kibitz.ai.specs import make_agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.record import Replay

__all__ = [
    "MARKS",
    "NODES",
    "SAMPLES",
    "SYMBOLS",
    "Analysis",
    "MoveNote",
    "SideSummary",
    "analysis_agent",
    "analysis_spec",
    "analysis_steps",
    "annotated_record",
    "annotation",
    "expected_score",
    "heading",
    "mark_for",
    "note_line",
    "player_moves",
    "replay_steps",
    "score_text",
    "splittable",
    "summaries",
    "summary_line",
    "whole",
]  # fmt: skip


def solved_by_assistant(game: Game) -> bool:
    """Whether ``game`` is analysed by its assistant's exact solver (one player)."""
    return game.num_players == 1 and game.assistant() is not None


def analysis_spec(game: Game, level: int | None = None, spec: str | None = None) -> str | None:
    """The agent spec to analyse ``game`` with: ``spec``, the ``level``'s, or the game's
    declared analysis spec; None for a game its solver analyses (which takes neither)."""
    if level is not None and spec is not None:
        raise InvalidOptions("give a level or an agent spec, not both")
    if solved_by_assistant(game):
        if level is not None or spec is not None:
            raise InvalidOptions(
                f"{game.name} is analysed by its exact solver; a level or agent spec does not apply"
            )
        return None
    if spec is not None:
        return spec
    ai = game.ai()
    if level is not None:
        return f"level:{level}"
    if ai.analysis:
        return ai.analysis
    if not ai.levels:
        raise InvalidOptions(f"{game.name} has no computer levels to analyse with")
    return f"level:{max(ai.levels)}"


def solver_agent(nodes: int) -> str:
    """How an analysis by the exact solver names its agent (``nodes`` a position)."""
    return f"solver:nodes={nodes}"


def analysis_agent(game: Game) -> str:
    """The agent a default analysis of ``game`` is made by, as its heading names it."""
    return analysis_spec(game) or solver_agent(NODES)


def _kind(game: Game, spec: str) -> Kind:
    """``score`` or ``probability``, from the game and what the agent of ``spec`` reports."""
    agent = make_agent(spec, game)  # a bad spec fails before any search
    if _scores(game, agent):
        if len(game.sides()) != 2:
            raise InvalidOptions(
                f"score analysis needs two sides; {game.name} has {len(game.sides())}"
            )
        return "score"
    if isinstance(agent, ExpectingAgent):
        return "probability"
    able = [n for n in sorted(game.ai().levels) if _evaluates(game, make_agent(f"level:{n}", game))]
    raise InvalidOptions(
        f"agent {agent.kind!r} reports no evaluation to analyse with "
        "(neither a search score nor a win probability); "
        + (f"levels that do: {', '.join(map(str, able))}" if able else "no level does")
    )


def _scores(game: Game, agent: object) -> bool:
    """Whether ``agent``'s search score judges ``game`` (one without hidden cards or chance)."""
    return isinstance(agent, ScoringAgent) and game.perfect_information and not game.has_chance


def _evaluates(game: Game, agent: object) -> bool:
    """Whether ``agent`` reports what an analysis of ``game`` reads."""
    return _scores(game, agent) or isinstance(agent, ExpectingAgent)


def analysis_steps(
    game: Game,
    start: State,
    actions: list[int],
    spec: str | None = None,
    nodes: int = NODES,
    samples: int | None = None,
    seed: int = 0,
    span: range | None = None,
) -> tuple[Analysis, Iterator[MoveNote]]:
    """The analysis of ``actions`` played from ``start`` with the agent ``spec`` (None: the
    game's analysis spec, or its solver with ``nodes`` a position) and ``samples`` worlds to
    judge a move by (None: the game's, ``GameAI.analysis_samples``), begun: its heading (no
    notes yet) and its notes, judged one at a time as they are drawn, so that a page or a
    terminal can show each move as it is judged. A bad spec is refused before any search.
    ``seed`` draws a win-probability analysis's searches and worlds (the other kinds do not
    use it): another seed shows how much its marks owe to the draws.

    ``span`` judges only the actions whose indices it holds (None: all), each exactly as in
    the whole analysis, so that parts judged apart (``splittable``) join into it."""
    if samples is None:
        samples = game.ai().analysis_samples or SAMPLES
    if nodes < 1 or samples < 1:
        raise InvalidOptions(f"nodes and samples must be at least 1, got {nodes} and {samples}")
    if span is not None and not (0 <= span.start <= span.stop <= len(actions) and span.step == 1):
        raise InvalidOptions(
            f"actions {span.start} to {span.stop} are not among the game's {len(actions)}"
        )
    spec = analysis_spec(game, spec=spec)
    states = [start.clone()]
    for action in actions:
        nxt = states[-1].clone()
        nxt.apply(action)
        states.append(nxt)
    sides = ["-".join(game.player_names[s] for s in side) for side in game.sides()]
    assistant = game.assistant()
    if spec is None and assistant is not None:
        if span is not None:
            raise InvalidOptions(
                "a solver's analysis is judged whole: each verdict follows from the last"
            )
        notes = solver_notes(game, assistant, states, actions, nodes)
        return Analysis(game.name, solver_agent(nodes), "solver", sides), notes
    assert spec is not None  # analysis_spec gives one to every game without a solver
    kind = _kind(game, spec)
    make = partial(make_agent, spec, game)
    if kind == "score":
        notes = score_notes(game, states, actions, make, span)
    else:
        notes = probability_notes(game, states, actions, make, samples, seed, span)
    return Analysis(game.name, spec, kind, sides), notes


def splittable(analysis: Analysis) -> bool:
    """Whether ``analysis``'s moves can be judged in parts (``span``), apart from each other:
    every kind but the solver's, whose verdicts follow one from the last within one budget."""
    return analysis.kind != "solver"


def replay_steps(
    done: Replay,
    level: int | None = None,
    spec: str | None = None,
    nodes: int = NODES,
    samples: int | None = None,
    seed: int = 0,
    span: range | None = None,
) -> tuple[Analysis, Iterator[MoveNote]]:
    """``analysis_steps`` of a replayed record, with the agent ``level`` or ``spec`` chosen."""
    game = done.game
    chosen = analysis_spec(game, level, spec)
    start = game.start(done.state.seed, done.state.start_position)
    history = list(done.state.history)
    return analysis_steps(game, start, history, chosen, nodes, samples, seed, span)


def player_moves(done: Replay) -> int:
    """How many notes an analysis of ``done`` has: its player moves (chance outcomes left out)."""
    state = done.game.start(done.state.seed, done.state.start_position)
    moves = 0
    for action in done.state.history:
        moves += state.current_player != CHANCE
        state.push(action)
    return moves


def annotated_record(game: Game, record: dict[str, Any], notes: Iterable[MoveNote]) -> str:
    """``record`` in ``game``'s own text format, each judged move written with its mark's
    glyph and a comment of its evaluation and the better move (``annotation``)."""
    text = game.write_text_record(record, {note.ply - 1: annotation(note) for note in notes})
    if text is None:
        raise InvalidOptions(f"{game.name} has no text record of its own to annotate")
    return text


def whole(steps: tuple[Analysis, Iterator[MoveNote]]) -> Analysis:
    """A begun analysis (``analysis_steps``, ``replay_steps``) with all its notes judged."""
    analysis, notes = steps
    analysis.moves.extend(notes)
    return analysis
