"""Variant studies: one game under several option sets, played by the same agents.

A study file (TOML) names a game, its variants (option sets; a variant may name another game,
e.g. a sister patience), the agents (one spec per seat, repeated round the table) and the
number of games. Game ``i`` of every variant uses seed ``seed + i``, so variants meet the same
deals (and, with ``opening``, the same number of random first moves drawn from that seed, so
deterministic agents meet in varied games); every seed is part of the job, so any backend
gives the same results.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kibitz.ai.specs import make_agent, parse_spec
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import State
from kibitz.core.play import play_out
from kibitz.core.registry import load
from kibitz.core.rng import Rng
from kibitz.lab.pool import Backend, run_all
from kibitz.lab.store import ResultStore

STUDY_KEYS = {
    "title", "game", "variants", "agents", "games", "seed", "max_plies", "opening", "notes",
}
VARIANT_KEYS = {"name", "game", "options"}


@dataclass(frozen=True)
class Variant:
    """One option set of the study (``game``: the study's unless the variant names another)."""

    name: str
    game: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Study:
    """A parsed, validated study file."""

    title: str
    variants: tuple[Variant, ...]
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    max_plies: int = 2000
    notes: str = ""
    opening: int = 0

    def settings(self) -> dict[str, Any]:
        """What stored results depend on (not ``games``: more games extend a study)."""
        return {
            "variants": [[v.name, v.game, v.options] for v in self.variants],
            "agents": list(self.agents), "seed": self.seed, "max_plies": self.max_plies,
        } | ({"opening": self.opening} if self.opening else {})  # fmt: skip


def _int(data: dict, key: str, default: int, minimum: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise InvalidOptions(f"study: {key} must be a whole number of at least {minimum}")
    return value


def parse_study(data: dict[str, Any]) -> Study:
    """A study from its TOML table; InvalidOptions naming the first thing wrong."""
    unknown = set(data) - STUDY_KEYS
    if unknown:
        raise InvalidOptions(f"study: unknown keys {sorted(unknown)}; known: {sorted(STUDY_KEYS)}")
    game = data.get("game")
    if not isinstance(game, str):
        raise InvalidOptions("study: give the game, e.g. game = \"tchess\"")
    raw = data.get("variants", [{"name": "default"}])
    if not isinstance(raw, list) or not raw:
        raise InvalidOptions("study: variants must be one or more [[variants]] tables (leave "
                             f"the key out to play the game's defaults), got {raw!r}")  # fmt: skip
    variants = []
    for v in raw:
        if not isinstance(v, dict) or set(v) - VARIANT_KEYS or not isinstance(v.get("name"), str):
            raise InvalidOptions(f"study: a variant is a table of {sorted(VARIANT_KEYS)} "
                                 f"with a name, got {v!r}")  # fmt: skip
        if not isinstance(v.get("options", {}), dict):
            raise InvalidOptions(f"study: the options of variant {v['name']!r} must be a "
                                 f"table of option = value, got {v['options']!r}")  # fmt: skip
        variant = Variant(v["name"], v.get("game", game), dict(v.get("options", {})))
        load(variant.game, **variant.options)
        variants.append(variant)
    names = [v.name for v in variants]
    if len(set(names)) != len(names):
        raise InvalidOptions(f"study: variant names must differ, got {names}")
    agents = data.get("agents", ["random"])
    if not isinstance(agents, list) or not agents or not all(isinstance(a, str) for a in agents):
        raise InvalidOptions("study: agents must be a list of agent specs, one per seat, e.g. "
                             f'agents = ["level:1"], got {agents!r}')  # fmt: skip
    for v in variants:
        g = load(v.game, **v.options)
        for spec in agents:
            make_agent(parse_spec(spec), g)
    return Study(
        str(data.get("title", f"{game}: variant study")), tuple(variants), tuple(agents),
        _int(data, "games", 100, 1), _int(data, "seed", 0, 0),
        _int(data, "max_plies", 2000, 1), str(data.get("notes", "")),
        _int(data, "opening", 0, 0),
    )  # fmt: skip


def load_study(path: str | Path) -> Study:
    """Read and validate a study file."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InvalidOptions(f"{path}: {exc}") from exc
    return parse_study(data)


def first_side_points(returns: list[float], side: tuple[int, ...]) -> float:
    """1, 1/2 or 0 for ``side`` (the first seat's): won, drawn or lost (one player: won or
    not)."""
    if len(returns) == 1:
        return 1.0 if returns[0] > 0 else 0.0
    mine = max(returns[s] for s in side)
    theirs = max((r for s, r in enumerate(returns) if s not in side), default=mine)
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def play_study_game(
    variant: Variant,
    agents: tuple[str, ...],
    seed: int,
    index: int,
    max_plies: int,
    opening: int = 0,
) -> dict[str, Any]:
    """Game ``index`` of a variant: its result for the first seat's side, its length, the
    mean number of legal moves at the players' decisions, and its contracts. The length is
    the number of moves the players made, the ``opening`` random ones included (chance draws
    such as dealing do not count)."""
    game = load(variant.game, **variant.options)
    deal = seed + index
    seats = {
        s: make_agent(parse_spec(agents[s % len(agents)]), game, seed * 1_000_003 + index * 8 + s)
        for s in range(game.num_players)
    }
    counts: list[int] = []
    pick = Rng(deal ^ 0x0DDBA11)

    def choose(state: State, seat: int) -> int:
        legal = state.legal_actions()
        counts.append(len(legal))
        if len(counts) <= opening:
            return pick.choice(legal)
        return seats[seat].choose(state, seat)

    state = game.new_initial_state(deal)
    _plies, stopped = play_out(state, choose, Rng(deal ^ 0x5DEECE66D), max_plies)
    out = state.outcome()
    returns = list(state.returns())
    return {
        "variant": variant.name,
        "index": index,
        "seed": deal,
        "points": first_side_points(returns, game.side_of(0)),
        "returns": returns,
        "moves": len(counts),
        "reason": stopped or (out.reason if out else "unfinished"),
        "finished": out is not None and not out.truncated,
        "legal_moves": sum(counts) / len(counts) if counts else 0.0,
        "contracts": state.contracts(),
    }


def game_key(variant: str, index: int) -> str:
    """The store key of a variant's game ``index``."""
    return f"{variant}/{index:07d}"


def run_study(
    study: Study,
    store: ResultStore,
    backend: Backend | int = 1,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Play every game of every variant not in ``store`` yet, storing each as it finishes;
    returns the study's results (stored and new), variant by variant in game order."""
    kept = store.keys()
    jobs = [(v, study.agents, study.seed, i, study.max_plies, study.opening)
            for v in study.variants for i in range(study.games)
            if game_key(v.name, i) not in kept]  # fmt: skip

    def finished(result: dict[str, Any]) -> None:
        store.add(game_key(result["variant"], result["index"]), result)
        if progress:
            progress(result)

    run_all(play_study_game, jobs, backend, finished)
    return study_results(study, store)


def study_results(study: Study, store: ResultStore) -> list[dict[str, Any]]:
    """The stored results of the study's games (its first ``games`` of each variant)."""
    wanted = {game_key(v.name, i) for v in study.variants for i in range(study.games)}
    order = {v.name: k for k, v in enumerate(study.variants)}
    found = [r for key, r in store.items() if key in wanted]
    return sorted(found, key=lambda r: (order[r["variant"]], r["index"]))
