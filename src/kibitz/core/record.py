"""Game records: ``{game, options, seed, actions, result, metadata}`` in JSON, replayed exactly.

``actions`` are written in the game's notation (chance outcomes too). An optional
``position`` key holds the starting position string for games started from one. A result
cut short by a cap in the options says so: ``{"returns", "reason", "truncated": true}``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kibitz.core.errors import InvalidOptions, InvalidRecord, KibitzError
from kibitz.core.game import Game, State
from kibitz.core.options import options_to_json
from kibitz.core.outcome import Outcome
from kibitz.core.registry import game_class, game_classes

DECLARED_ENDINGS = ("resignation", "conceded", "agreed draw")
"""Reasons a record may give for a result that the moves alone do not reach."""
RECORD_KEYS = ("game", "options", "seed", "actions", "result", "metadata")


@dataclass
class Replay:
    """A replayed record: the game, the final state, each ply's notation and who made it."""

    game: Game
    state: State
    moves: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    """The seat that made each ply, ``CHANCE`` for a chance outcome (a card dealt)."""
    declared: Outcome | None = None
    """The record's result: the game's outcome, or one declared off the board."""

    def state_after(self, ply: int, instead: str | None = None) -> State:
        """A copy of the state after the record's first ``ply`` actions; ``instead``: after
        a move in the game's notation played in place of the ``ply``-th (an analysis's
        better move; NotationError or IllegalAction where it is not one there)."""
        state = self.state.clone()
        while len(state.history) > ply - (instead is not None):
            state.undo()
        if instead is not None:
            state.push(state.str_to_action(instead))
        return state


def make_record(state: State, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``state``'s game so far (it replays to ``state``)."""
    game = state.game
    start = game.start(state.seed, state.start_position)
    actions = []
    for action in state.history:
        actions.append(start.action_to_str(action))
        start.push(action)
    out = state.outcome()
    record: dict[str, Any] = {
        "game": game.name,
        "options": options_to_json(game.options),
        "seed": state.seed,
        "actions": actions,
        "result": out.to_json() if out else None,
        "metadata": dict(metadata or {}),
    }
    if state.start_position is not None:
        record["position"] = state.start_position
    return record


def dumps_record(record: dict[str, Any]) -> str:
    """A record as indented JSON text."""
    return json.dumps(record, indent=2) + "\n"


def parse_record_text(text: str) -> dict[str, Any]:
    """A record from JSON text or from any game's own text format."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if text.lstrip().startswith("{"):  # ("[" may open a text record's tag pairs)
            raise InvalidRecord(f"record is not valid JSON: {exc}") from exc
    except (ValueError, RecursionError) as exc:  # a number of thousands of digits, deep nesting
        raise InvalidRecord(f"record is not acceptable JSON: {exc}") from exc
    else:
        return validate_record(data)
    for cls in game_classes().values():
        data = cls.read_text_record(text)
        if data is not None:
            return validate_record(data)
    raise InvalidRecord("record is neither JSON nor a known game's text record")


def validate_record(data: Any) -> dict[str, Any]:
    """Check a record's shape, naming the first bad field."""
    if not isinstance(data, dict):
        got = {list: "a list", str: "a string", type(None): "null", bool: "true or false"}
        raise InvalidRecord(f"record must be a JSON object, got {got.get(type(data), 'a number')}")
    if "game" not in data or not isinstance(data["game"], str):
        raise InvalidRecord("record has no 'game' name")
    if not isinstance(data.get("actions"), list) or not all(
        isinstance(a, str) for a in data["actions"]
    ):
        raise InvalidRecord("record 'actions' must be a list of move strings")
    if not isinstance(data.get("options", {}), dict):
        raise InvalidRecord("record 'options' must be an object")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InvalidRecord(f"record 'seed' must be an integer or null, got {seed!r}")
    if not isinstance(data.get("metadata", {}), dict):
        raise InvalidRecord("record 'metadata' must be an object")
    return data


def replay(record: dict[str, Any]) -> Replay:
    """Replay a record move by move; an illegal or garbled move names its ply."""
    record = validate_record(record)
    try:
        game = game_class(record["game"])(**record.get("options", {}))
    except InvalidOptions as exc:
        raise InvalidRecord(f"record options: {exc}") from exc
    except KibitzError as exc:
        raise InvalidRecord(str(exc)) from exc
    try:
        state = game.start(record.get("seed"), record.get("position"))
    except KibitzError as exc:
        raise InvalidRecord(f"record start: {exc}") from exc
    result = Replay(game, state)
    for ply, text in enumerate(record["actions"], 1):
        if state.is_terminal():
            raise InvalidRecord(f"ply {ply}: move {text!r} after the game ended")
        mover = state.current_player
        try:
            action = state.str_to_action(text)
            state.apply(action)
        except KibitzError as exc:
            raise InvalidRecord(f"ply {ply}: move {text!r}: {exc}") from exc
        result.moves.append(text)
        result.movers.append(mover)
    result.declared = _check_result(record.get("result"), state)
    return result


def _check_result(expected: Any, state: State) -> Outcome | None:
    """The record's result: the game's own outcome, or one declared off the board.

    A finished game's record must state its true result. An unfinished game's record may
    state a result reached by a player's decision (resignation, concession, agreed draw).
    """
    out = state.outcome()
    if expected is None:
        return None
    if not isinstance(expected, dict):
        raise InvalidRecord(f"record 'result' must be an object or null, got {expected!r}")
    returns = expected.get("returns")
    truncated = expected.get("truncated", False)
    if not isinstance(truncated, bool):
        raise InvalidRecord(f"record result 'truncated' must be true or false, got {truncated!r}")
    if out is not None:
        if returns != list(out.returns) or (truncated and not out.truncated):
            raise InvalidRecord(
                f"record result {expected!r} does not match the replayed game ({out.to_json()})"
            )
        return out
    if truncated:
        raise InvalidRecord(
            f"record result {expected!r} is truncated, but the replayed game is unfinished"
        )
    reason = expected.get("reason")
    if reason not in DECLARED_ENDINGS:
        raise InvalidRecord(
            f"record result {expected!r} does not match the replayed game (unfinished); "
            f"an unfinished game may only end by {', '.join(DECLARED_ENDINGS)}"
        )
    n = state.game.num_players
    if (
        not isinstance(returns, list)
        or len(returns) != n
        or not all(isinstance(r, (int, float)) and not isinstance(r, bool) for r in returns)
    ):
        raise InvalidRecord(f"record result {expected!r} needs 'returns', {n} numbers")
    return Outcome(tuple(float(r) for r in returns), reason)


def replay_text(text: str) -> Replay:
    """Parse record text (JSON or a game's own format) and replay it."""
    return replay(parse_record_text(text))


