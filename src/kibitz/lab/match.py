"""The match runner: two agent specs play N games with alternating seats, in parallel.

Game ``i`` gives side A the seats ``s`` with ``(s + i) % 2 == 0`` (so seats alternate in
two-player games and the teams rotate in Rook). With ``duplicate``, games ``2k`` and ``2k+1``
share a deal (the same seed) with the seats swapped, which cancels the luck of the deal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kibitz.ai.specs import make_agent, parse_spec
from kibitz.core.game import CHANCE
from kibitz.core.play import random_action
from kibitz.core.record import dumps_record, make_record
from kibitz.core.registry import load
from kibitz.core.rng import Rng
from kibitz.lab.stats import MatchStats, match_stats


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


@dataclass
class GameResult:
    """One game's outcome for side A."""

    index: int
    points: float
    plies: int
    reason: str


@dataclass
class MatchResult:
    """All games of a match and their statistics."""

    plan: MatchPlan
    results: list[GameResult] = field(default_factory=list)

    @property
    def stats(self) -> MatchStats:
        return match_stats([r.points for r in sorted(self.results, key=lambda r: r.index)])


def seats_of_a(index: int, num_players: int) -> set[int]:
    """The seats side A holds in game ``index``."""
    return {s for s in range(num_players) if (s + index) % 2 == 0}


def deal_seed(plan: MatchPlan, index: int) -> int:
    """The game seed of game ``index`` (shared by a duplicate pair)."""
    return plan.seed + (index // 2 if plan.duplicate else index)


def play_one(plan: MatchPlan, index: int) -> GameResult:
    """Play game ``index`` of the plan and score it for side A."""
    game = load(plan.game, **plan.options)
    seed = deal_seed(plan, index)
    a_seats = seats_of_a(index, game.num_players)
    agent_seed = plan.seed * 1_000_003 + index
    agents = {
        "a": make_agent(parse_spec(plan.agent_a), game, agent_seed),
        "b": make_agent(parse_spec(plan.agent_b), game, agent_seed + 500_009),
    }
    chance = Rng(seed ^ 0x5DEECE66D)
    state = game.new_initial_state(seed)
    plies = 0
    while not state.is_terminal() and plies < plan.max_plies:
        player = state.current_player
        if player == CHANCE:
            action = random_action(state, chance)
        else:
            agent = agents["a" if player in a_seats else "b"]
            action = agent.choose(state, player)
        state.apply(action)
        plies += 1
    returns = state.returns()
    a = max(returns[s] for s in a_seats)
    b = max(returns[s] for s in range(game.num_players) if s not in a_seats)
    points = 1.0 if a > b else 0.0 if a < b else 0.5
    out = state.outcome()
    if plan.records:
        meta = {
            "players": [
                plan.agent_a if s in a_seats else plan.agent_b for s in range(game.num_players)
            ],
            "match_game": index,
        }
        path = Path(plan.records) / f"{plan.game}-{index:05d}.json"
        path.write_text(dumps_record(make_record(state, meta)), encoding="utf-8")
    return GameResult(index, points, plies, out.reason if out else "unfinished")


def run_match(
    plan: MatchPlan,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> MatchResult:
    """Play every game of ``plan`` (in ``workers`` processes) and collect the results."""
    if plan.records:
        Path(plan.records).mkdir(parents=True, exist_ok=True)
    result = MatchResult(plan)
    if workers <= 1:
        for i in range(plan.games):
            r = play_one(plan, i)
            result.results.append(r)
            if progress:
                progress(r)
        return result
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_one, plan, i) for i in range(plan.games)]
        for fut in as_completed(futures):
            r = fut.result()
            result.results.append(r)
            if progress:
                progress(r)
    return result


def result_json(result: MatchResult) -> str:
    """The match as one JSON object: the statistics plus the plan."""
    data = result.stats.to_json()
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
