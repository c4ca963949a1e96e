"""Cardmate's text game record (spec (f)): PGN-like tags and movetext, read and written.

``read_text_record`` turns the text into the platform's JSON record (``metadata`` keeps the
players, the ``Result`` and ``Termination`` tags and every other tag); ``write_text_record``
does the reverse, writing moves in full notation with numbers and markers.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Mapping
from typing import Any

from kibitz.core.errors import InvalidOptions, InvalidRecord, KibitzError
from kibitz.core.game import Annotation
from kibitz.core.options import options_to_json, parse_option_text
from kibitz.games.cardmate.options import CardmateOptions
from kibitz.games.cardmate.rules import CardmateState

TAG_RE = re.compile(r'\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]')
GAME_TAG_RE = re.compile(r'^\s*\[Game\s+"Cardmate"\]\s*$', re.MULTILINE)
NUMBER_RE = re.compile(r"([0-9]+)(\.\.\.|…|\.)(.*)")
DATE_RE = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TERMINATIONS = (
    "kings",
    "palace",
    "repetition",
    "stalemate",
    "max_plies",
    "resignation",
    "agreement",
    "unfinished",
)
DECLARED = {"resignation": "resignation", "agreement": "agreed draw"}
"""Terminations a player declares off the board, and the record result's reason for each."""
HEAD_TAGS = ("Game", "Event", "Site", "Date", "Round", "Forehand", "Rearhand", "Result")
TAIL_TAGS = ("Seed", "Options", "Position", "Termination")
"""Tags in the order writers produce them; unknown tags follow."""
WIDTH = 80


def result_text(returns: list[float] | tuple[float, ...]) -> str:
    """``1-0``, ``0-1`` or ``1/2-1/2`` for a finished game's returns."""
    if returns[0] > returns[1]:
        return "1-0"
    if returns[1] > returns[0]:
        return "0-1"
    return "1/2-1/2"


# -- reading ----------------------------------------------------------------------------
def read_text_record(text: str) -> dict[str, Any] | None:
    """The JSON record of a Cardmate text record; None when ``text`` is not one."""
    if not isinstance(text, str) or not GAME_TAG_RE.search(text):
        return None
    tags, movetext = _split_tags(text)
    if tags.get("Game") != "Cardmate":
        return None
    for name in ("Forehand", "Rearhand", "Result"):
        if name not in tags:
            raise InvalidRecord(f"tag {name} is required in a Cardmate record")
    _check_tag_values(tags)
    from kibitz.games.cardmate.game import CardmateGame

    try:
        game = CardmateGame(**parse_option_text(CardmateOptions, tags.get("Options", "").split()))
    except InvalidOptions as exc:
        raise InvalidRecord(f"tag Options: {exc}") from exc
    seed = int(tags["Seed"]) if "Seed" in tags else None
    state = _start_state(game, seed, tags.get("Position"))
    actions = _play_movetext(state, movetext, tags["Result"])
    outcome = state.outcome()
    _check_result(tags, outcome.to_json() if outcome else None)
    result = outcome.to_json() if outcome else _declared_result(tags)
    record: dict[str, Any] = {
        "game": CardmateGame.name,
        "options": options_to_json(game.options),
        "seed": seed,
        "actions": actions,
        "result": result,
        "metadata": _metadata(tags, finished=result is not None),
    }
    if state.start_position is not None:
        record["position"] = state.start_position
    return record


def _split_tags(text: str) -> tuple[dict[str, str], str]:
    tags: dict[str, str] = {}
    lines = text.lstrip("\ufeff").splitlines()
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if not line:
            if tags:
                index += 1
                break
            index += 1
            continue
        if not line.startswith("["):
            break
        match = TAG_RE.fullmatch(line)
        if match is None:
            raise InvalidRecord(f"malformed tag line {line!r}; expected [Name \"value\"]")
        tags[match[1]] = match[2].replace('\\"', '"').replace("\\\\", "\\")
        index += 1
    return tags, "\n".join(lines[index:])


def _check_tag_values(tags: dict[str, str]) -> None:
    if tags["Result"] not in RESULTS:
        raise InvalidRecord(f"tag Result {tags['Result']!r} must be one of {', '.join(RESULTS)}")
    if "Termination" in tags and tags["Termination"] not in TERMINATIONS:
        raise InvalidRecord(
            f"tag Termination {tags['Termination']!r} must be one of {', '.join(TERMINATIONS)}"
        )
    if "Date" in tags and not DATE_RE.fullmatch(tags["Date"]):
        raise InvalidRecord(f"tag Date {tags['Date']!r} must be YYYY.MM.DD ('?' for unknown)")
    if "Seed" in tags and not re.fullmatch(r"-?[0-9]+", tags["Seed"]):
        raise InvalidRecord(f"tag Seed {tags['Seed']!r} must be an integer")


def _start_state(game: Any, seed: int | None, position: str | None) -> CardmateState:
    """The start: the Position tag (authoritative), else the setup dealt from the seed."""
    if position is None and game.options.is_dealt and seed is None:
        raise InvalidRecord("tag Position (or Seed) is required when the setup is dealt")
    try:
        state = game.start(seed, position)
    except KibitzError as exc:
        raise InvalidRecord(f"tag Position: {exc}") from exc
    if position is not None and seed is not None:
        dealt = game.new_initial_state(seed)
        if dealt.position() == state.position():
            return dealt
        state.seed = seed
    return state


def _strip_comments(movetext: str) -> str:
    """Movetext without ``{comments}`` and (nested) ``(variations)``."""
    out: list[str] = []
    depth = 0
    in_comment = False
    for ch in movetext:
        if in_comment:
            in_comment = ch != "}"
        elif ch == "{":
            in_comment = True
            out.append(" ")
        elif ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            out.append(" ")
        elif not depth:
            out.append(ch)
    if in_comment or depth:
        raise InvalidRecord("movetext has an unclosed comment '{' or variation '('")
    return "".join(out)


def _play_movetext(state: CardmateState, movetext: str, result_tag: str) -> list[str]:
    """Play every move of the movetext on ``state``; the moves in full notation."""
    actions: list[str] = []
    tokens = _strip_comments(movetext).split()
    end = None
    for position, token in enumerate(tokens):
        if token in RESULTS:
            if position != len(tokens) - 1:
                raise InvalidRecord(f"result {token!r} must end the movetext")
            end = token
            break
        number = NUMBER_RE.fullmatch(token)
        if number:
            _check_number(state, token, int(number[1]), number[2] != ".")
            token = number[3]
            if not token:
                continue
        label = f"{state.ply // 2 + 1}{'.' if state.side == 0 else '...'}"
        if state.is_terminal():
            raise InvalidRecord(f"move {label}{token}: the game has already ended")
        try:
            action = state.str_to_action(token)
        except KibitzError as exc:
            raise InvalidRecord(f"move {label}{token}: {exc}") from exc
        actions.append(state.action_to_str(action))
        state.apply(action)
    if end is not None and end != result_tag:
        raise InvalidRecord(f"movetext result {end} contradicts tag Result {result_tag}")
    return actions


def _check_number(state: CardmateState, token: str, number: int, rearhand: bool) -> None:
    expected = state.ply // 2 + 1
    side_ok = state.side == (1 if rearhand else 0)
    if number != expected or not side_ok:
        want = f"{expected}{'...' if state.side else '.'}"
        raise InvalidRecord(f"move number {token!r} does not match the position; expected {want}")


def _check_result(tags: dict[str, str], outcome: dict | None) -> None:
    if outcome is None:
        termination = tags.get("Termination", "unfinished")
        if termination not in (*DECLARED, "unfinished"):
            raise InvalidRecord(
                f"tag Termination {termination!r} says the game ended on the board, but its "
                "moves leave it unfinished (an unfinished game ends by resignation or agreement)"
            )
        return
    expected = result_text(outcome["returns"])
    if tags["Result"] != expected:
        raise InvalidRecord(
            f"tag Result {tags['Result']!r} contradicts the finished game ({expected}, "
            f"{outcome['reason']})"
        )
    termination = tags.get("Termination")
    if termination is not None and termination != outcome["reason"]:
        raise InvalidRecord(
            f"tag Termination {termination!r} contradicts the game, which ended by "
            f"{outcome['reason']}"
        )


def _declared_result(tags: dict[str, str]) -> dict[str, Any] | None:
    """The result of an unfinished game that a resignation or an agreed draw ended."""
    reason = DECLARED.get(tags.get("Termination", ""))
    if reason is None:
        return None
    result = tags["Result"]
    drawn = reason == "agreed draw"
    if result == "*" or (result == "1/2-1/2") != drawn:
        want = "1/2-1/2" if drawn else "1-0 or 0-1"
        raise InvalidRecord(f"tag Termination {tags['Termination']!r} needs Result {want}, "
                            f"not {result!r}")
    returns = {"1-0": [1.0, -1.0], "0-1": [-1.0, 1.0], "1/2-1/2": [0.0, 0.0]}[result]
    return {"returns": returns, "reason": reason}


def _metadata(tags: dict[str, str], finished: bool) -> dict[str, Any]:
    """Players, other tags, and a Result/Termination the moves alone do not give."""
    skip = {"Game", "Forehand", "Rearhand", "Result", "Termination", "Options", "Seed", "Position"}
    meta: dict[str, Any] = {"players": [tags["Forehand"], tags["Rearhand"]]}
    if not finished and tags["Result"] != "*":
        meta["result"] = tags["Result"]
    if not finished and tags.get("Termination", "unfinished") != "unfinished":
        meta["termination"] = tags["Termination"]
    others = {k: v for k, v in tags.items() if k not in skip}
    if others:
        meta["tags"] = others
    return meta


# -- writing ----------------------------------------------------------------------------
def write_text_record(
    record: dict[str, Any], annotations: Mapping[int, Annotation] | None = None
) -> str:
    """The text record of a Cardmate JSON record (replayed to write full notation), each
    move with its annotation (by action index) if given: the glyph after the move, the
    comment in braces after it."""
    from kibitz.core.record import replay

    done = replay(record)
    state = done.game.start(record.get("seed"), record.get("position"))
    moves = []
    for action in done.state.history:
        moves.append((state.ply, state.action_to_str(action)))
        state.push(action)
    meta = record.get("metadata") or {}
    outcome = done.state.outcome() or done.declared
    result = result_text(outcome.returns) if outcome else meta.get("result", "*")
    if result not in RESULTS:
        result = "*"
    reason = outcome.reason if outcome else None
    termination = {v: k for k, v in DECLARED.items()}.get(reason or "", reason)
    tags = _tags_to_write(record, done.game, meta, result, termination)
    head = "".join(f'[{k} "{_escape(v)}"]\n' for k, v in tags.items())
    return head + "\n" + _movetext(moves, result, annotations or {}) + "\n"


def _tags_to_write(
    record: dict[str, Any], game: Any, meta: dict[str, Any], result: str, reason: str | None
) -> dict[str, str]:
    players = meta.get("players") or ["?", "?"]
    extra = dict(meta.get("tags") or {})
    tags = {"Game": "Cardmate"}
    for name in HEAD_TAGS[1:5]:
        if name in extra:
            tags[name] = str(extra.pop(name))
    tags["Forehand"], tags["Rearhand"], tags["Result"] = str(players[0]), str(players[1]), result
    if record.get("seed") is not None:
        tags["Seed"] = str(record["seed"])
    options = _options_text(game.options)
    if options:
        tags["Options"] = options
    start = game.start(record.get("seed"), record.get("position"))
    if record.get("position") is not None or game.options.is_dealt:
        tags["Position"] = start.position()
    termination = reason or meta.get("termination") or ("unfinished" if result == "*" else None)
    if termination:
        tags["Termination"] = str(termination)
    for name, value in extra.items():
        if name not in tags:
            tags[name] = str(value)
    return tags


def _options_text(options: CardmateOptions) -> str:
    """Non-default options as ``key=value`` pairs in field order."""
    changed = options_to_json(options)
    pairs = []
    for field in dataclasses.fields(options):
        if field.name in changed:
            pairs.append(f"{field.name}={_option_value(changed[field.name])}")
    return " ".join(pairs)


def _option_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _movetext(
    moves: list[tuple[int, str]], result: str, annotations: Mapping[int, Annotation]
) -> str:
    """The movetext: numbered moves, their glyphs and comments, then the result. Rearhand's
    move is numbered (``18...``) when it opens the text or follows a comment."""
    tokens = []
    numbered = True
    for index, (ply, move) in enumerate(moves):
        note = annotations.get(index, Annotation())
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.{move}{note.glyph}")
        else:
            tokens.append(f"{ply // 2 + 1}...{move}{note.glyph}" if numbered else move + note.glyph)
        numbered = bool(note.comment)
        if note.comment:
            tokens.append("{" + note.comment.replace("}", ")") + "}")
    tokens.append(result)
    return textwrap.fill(" ".join(tokens), WIDTH, break_long_words=False, break_on_hyphens=False)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
