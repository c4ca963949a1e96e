"""The match runner: two agent specs play N games with alternating seats, in parallel.

Game ``i`` gives side A the seats ``s`` with ``(s + i) % 2 == 0`` (so seats alternate in
two-player games and partnerships of four rotate). With ``duplicate``, games ``2k`` and
``2k+1`` share a deal (the same seed) with the seats swapped, which cancels the luck of the
deal.

Where the game keeps a score (``State.scores()``, one per side) each game also gives A's
margin over B at its end, and in bidding games (``State.contracts()``) each side's contracts;
``MatchResult.score_stats`` turns them into points per game (or hand), duplicate boards and
made rates.

In a one-player game (patience) game ``i`` is deal ``seed + i`` played once by A and once by
B: A scores 1 when only A wins it, 0 when only B does, and 1/2 when both or neither do. A
one-player game also ends, as lost, when the agent brings back a position for the third time
(it is going round in circles).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kibitz.ai.specs import make_agent, parse_spec
from kibitz.core.agent import Agent
from kibitz.core.game import Game, State
from kibitz.core.play import play_out
from kibitz.core.record import dumps_record, make_record
from kibitz.core.registry import load
from kibitz.core.rng import Rng
from kibitz.lab.pool import Backend, run_all
from kibitz.lab.stats import MatchStats, ScoreStats, match_stats, score_stats


@dataclass(frozen=True)
class MatchPlan:
    """Everything needed to play one match, picklable for worker processes."""

    game: str
    options: dict[str, Any]
    agent_a: str
    agent_b: str
    games: int
    seed: int = 0
    duplicate: bool = False
    max_plies: int = 100_000
    records: str | None = None
    unit: str = "games"
    """What one game of the match is: ``games``, or ``hands`` (Rook, one deal each)."""
    opening: int = 0
    """Random plies played before the agents take over; games ``2k`` and ``2k+1`` share them."""


@dataclass
class GameResult:
    """One game's outcome for side A."""

    index: int
    points: float
    plies: int
    reason: str
    solo: tuple[bool, bool] | None = None
    """One-player games: whether A and whether B won the deal."""
    margin: float | None = None
    """A's side score minus B's at the end; None where the game keeps no score."""
    contracts_a: list[tuple[float, bool]] = field(default_factory=list)
    """The contracts A declared, each ``(bid, made)``."""
    contracts_b: list[tuple[float, bool]] = field(default_factory=list)
    """The contracts B declared, each ``(bid, made)``."""


@dataclass(frozen=True)
class SoloResult:
    """One deal of a one-player game played by one agent."""

    index: int
    deal: int
    won: bool
    plies: int
    reason: str


REPETITIONS = 3
"""A one-player game ends, lost, when a position comes back for this many times."""


@dataclass
class MatchResult:
    """All games of a match and their statistics."""

    plan: MatchPlan
    results: list[GameResult] = field(default_factory=list)

    @property
    def stats(self) -> MatchStats:
        return match_stats([r.points for r in sorted(self.results, key=lambda r: r.index)])

    @property
    def score_stats(self) -> ScoreStats:
        """Margin, duplicate boards and contracts, where the game gives them."""
        ordered = sorted(self.results, key=lambda r: r.index)
        return score_stats(
            self.plan.unit,
            [r.margin for r in ordered],
            [(r.contracts_a, r.contracts_b) for r in ordered],
            self.plan.duplicate,
        )


def seats_of_a(index: int, num_players: int) -> set[int]:
    """The seats side A holds in game ``index``."""
    return {s for s in range(num_players) if (s + index) % 2 == 0}


def deal_seed(plan: MatchPlan, index: int) -> int:
    """The game seed of game ``index`` (shared by a duplicate pair)."""
    return plan.seed + (index // 2 if plan.duplicate else index)


def play_opening(state: State, plies: int, rng: Rng, chance: Rng) -> None:
    """Play ``plies`` random moves so that deterministic agents meet in varied positions."""
    play_out(state, lambda s, _seat: rng.choice(s.legal_actions()), chance, plies)


def repetition_stop() -> Callable[[State], str | None]:
    """A ``play_out`` stop for one player: the reason once a position comes back the
    ``REPETITIONS``-th time (the player is going round in circles)."""
    seen: dict[str, int] = {}

    def stop(state: State) -> str | None:
        key = state.position_key()
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= REPETITIONS and not state.is_terminal():
            return f"position repeated {REPETITIONS} times"
        return None

    return stop


def _play_out(
    state: State, agents: dict[int, Agent], chance: Rng, max_plies: int
) -> tuple[int, str | None]:
    """Play ``state`` to its end, the ply cap, or (one player) a third repetition."""
    stop = repetition_stop() if state.game.num_players == 1 else None
    return play_out(state, lambda s, seat: agents[seat].choose(s, seat), chance, max_plies, stop)


def _save_record(
    plan: MatchPlan, state: State, players: list[str], name: str, index: int
) -> None:
    """Write the game's record as ``GAME-NAME.json`` when the plan keeps records."""
    if plan.records:
        meta = {"players": players, "match_game": index}
        path = Path(plan.records) / f"{plan.game}-{name}.json"
        path.write_text(dumps_record(make_record(state, meta)), encoding="utf-8")


def play_solo(plan: MatchPlan, index: int, spec: str, side: str = "a") -> SoloResult:
    """Deal ``index`` of a one-player plan (deal ``seed + index``) played by ``spec`` as side
    ``side`` (``a`` or ``b``: the agent's seed, and the record's name ``GAME-INDEX-SIDE``)."""
    game = load(plan.game, **plan.options)
    seed = deal_seed(plan, index)
    agent_seed = plan.seed * 1_000_003 + index + (500_009 if side == "b" else 0)
    agent = make_agent(parse_spec(spec), game, agent_seed)
    state = game.new_initial_state(seed)
    plies, stopped = _play_out(state, {0: agent}, Rng(seed ^ 0x5DEECE66D), plan.max_plies)
    out = state.outcome()
    won = out is not None and out.returns[0] > 0
    _save_record(plan, state, [spec], f"{index:05d}-{side}", index)
    return SoloResult(index, seed, won, plies, stopped or (out.reason if out else "unfinished"))


def play_one(plan: MatchPlan, index: int) -> GameResult:
    """Play game ``index`` of the plan and score it for side A."""
    game = load(plan.game, **plan.options)
    if game.num_players == 1:
        a = play_solo(plan, index, plan.agent_a, "a")
        b = play_solo(plan, index, plan.agent_b, "b")
        points = 1.0 if a.won > b.won else 0.0 if a.won < b.won else 0.5
        return GameResult(index, points, a.plies + b.plies, a.reason, (a.won, b.won))
    seed = deal_seed(plan, index)
    a_seats = seats_of_a(index, game.num_players)
    agent_seed = plan.seed * 1_000_003 + index
    agent_a = make_agent(parse_spec(plan.agent_a), game, agent_seed)
    agent_b = make_agent(parse_spec(plan.agent_b), game, agent_seed + 500_009)
    agents = {s: agent_a if s in a_seats else agent_b for s in range(game.num_players)}
    state = game.new_initial_state(seed)
    chance = Rng(seed ^ 0x5DEECE66D)
    play_opening(state, plan.opening, Rng(plan.seed + index // 2), chance)
    plies, _ = _play_out(state, agents, chance, plan.max_plies)
    returns = state.returns()
    a = max(returns[s] for s in a_seats)
    b = max(returns[s] for s in range(game.num_players) if s not in a_seats)
    points = 1.0 if a > b else 0.0 if a < b else 0.5
    out = state.outcome()
    players = [plan.agent_a if s in a_seats else plan.agent_b for s in range(game.num_players)]
    _save_record(plan, state, players, f"{index:05d}", index)
    result = GameResult(index, points, plies, out.reason if out else "unfinished")
    _score_for_a(state, a_seats, result)
    return result


def _score_for_a(state: State, a_seats: set[int], result: GameResult) -> None:
    """Fill in A's margin and both sides' contracts from the game's declared score
    (``scores()`` is per side, in the order of ``Game.sides()``)."""
    game = state.game
    a_sides = {game.sides().index(game.side_of(s)) for s in a_seats}
    scores = state.scores()
    if scores is not None:
        a = max(x for i, x in enumerate(scores) if i in a_sides)
        b = max(x for i, x in enumerate(scores) if i not in a_sides)
        result.margin = a - b
    for c in state.contracts():
        side = result.contracts_a if c["seat"] in a_seats else result.contracts_b
        side.append((c["bid"], c["made"]))


def run_match(
    plan: MatchPlan,
    workers: int | Backend = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> MatchResult:
    """Play every game of ``plan`` (in ``workers`` processes, or on a backend) and collect
    the results."""
    if plan.records:
        Path(plan.records).mkdir(parents=True, exist_ok=True)
    jobs = [(plan, i) for i in range(plan.games)]
    return MatchResult(plan, run_all(play_one, jobs, workers, progress))


def run_solo(
    plan: MatchPlan,
    spec: str,
    workers: int | Backend = 1,
    progress: Callable[[SoloResult], None] | None = None,
) -> list[SoloResult]:
    """Every deal of a one-player ``plan`` played by ``spec``, in deal order."""
    if plan.records:
        Path(plan.records).mkdir(parents=True, exist_ok=True)
    jobs = [(plan, i, spec) for i in range(plan.games)]
    return sorted(run_all(play_solo, jobs, workers, progress), key=lambda r: r.index)


def deal_verdict(game: Game, seed: int) -> bool | None:
    """Whether deal ``seed`` of a game with an assistant can be won (None: not known)."""
    assistant = game.assistant()
    if assistant is None:
        return None
    verdict = assistant.solve(game.start(seed)).verdict
    return None if verdict == "unknown" else verdict == "win"


def _verdict(plan: MatchPlan, index: int) -> tuple[int, bool | None]:
    return index, deal_verdict(load(plan.game, **plan.options), deal_seed(plan, index))


def deal_verdicts(plan: MatchPlan, workers: int | Backend = 1) -> list[bool | None]:
    """Whether each deal of a one-player plan can be won (None: not known), in deal order."""
    jobs = [(plan, i) for i in range(plan.games)]
    return [v for _, v in sorted(run_all(_verdict, jobs, workers, None))]


def result_json(result: MatchResult) -> str:
    """The match as one JSON object: the statistics plus the plan."""
    data = result.stats.to_json()
    data.update(result.score_stats.to_json())
    data.update(
        {
            "game": result.plan.game,
            "a": result.plan.agent_a,
            "b": result.plan.agent_b,
            "seed": result.plan.seed,
            "duplicate": result.plan.duplicate,
            "unit": result.plan.unit,
        }
    )
    return json.dumps(data)
