"""A rules page generated from a game's resolved options, so it always matches the engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

from kibitz.games.rook.cards import COLOUR_NAMES
from kibitz.games.rook.options import RookOptions, resolve
from kibitz.games.rook.presets import DECISIONS, Rules
from kibitz.games.rook.table import Table, build_table

_ROOK_RANK = {
    "lowest": "the lowest trump",
    "above_10": "a trump between the 10 and the 11",
    "highest": "the highest trump",
}


def _nest(_rules: Rules, table: Table) -> bool:
    return table.nest_size > 0


_APPLIES: dict[str, Callable[[Rules, Table], bool]] = {
    "rook_rank": lambda rules, _t: rules.rook,
    "rook_anytime": lambda rules, _t: rules.rook,
    "rook_points": lambda rules, _t: rules.rook,
    "red1_points": lambda rules, _t: rules.red1,
    "red1_anytime": lambda rules, _t: rules.red1,
    "bonus_points": lambda rules, _t: rules.bonus != "none",
    "most_tricks_tie": lambda rules, _t: rules.bonus == "most_tricks",
    "trump_before_nest": _nest,
    "nest_counters_allowed": _nest,
    "nest_points_to": _nest,
}
"""Parameters of a card or a part of the hand that a game may lack: listed only where it
has them (or an option set them)."""


def _value(name: str, value: object) -> str:
    if name == "counters":
        return ", ".join(f"{rank}s = {points}" for rank, points in value)  # type: ignore[attr-defined]
    if name == "ranks":
        return ", ".join(str(r) for r in value)  # type: ignore[attr-defined]
    return str(value).lower() if isinstance(value, bool) else str(value)


def rules_page(options: RookOptions) -> str:
    """Markdown rules of the preset with its overrides; ``*`` marks project decisions and
    ``(set)`` marks values changed from the preset; parameters of a card or a nest the game
    does not have are left out."""
    rules = resolve(options)
    table = build_table(rules)
    flagged = DECISIONS[options.preset]
    changed = set(options.overrides())
    bird = "Crow" if options.preset == "crowsnest" else "Rook"
    lines = [
        f"# Rook: {options.preset} rules",
        "",
        f"Deck: {len(table.cards)} cards in {', '.join(COLOUR_NAMES)}, ranks "
        f"{_value('ranks', rules.ranks)}"
        + (f", the {bird} ({_ROOK_RANK[rules.rook_rank]})" if rules.rook else "")
        + (", the red 1 (always the top trump)" if rules.red1 else "")
        + ".",
        f"Deal: {table.hand_size} cards each, {table.nest_size} to the nest; "
        f"{table.hand_size} tricks; {table.total} points per hand.",
        f"Bids: {table.bids[0]} to {table.bids[-1]} in steps of {rules.bid_step}; "
        f"bidding {table.bids[-1]} ends the auction.",
        "",
        "Parameters (* = project decision pending confirmation, (set) = changed by an option;"
        " those of a card or a nest this game lacks left out):",
        "",
    ]
    for f in fields(rules):
        if f.name not in changed and not _APPLIES.get(f.name, lambda *_: True)(rules, table):
            continue
        mark = (" *" if f.name in flagged else "") + (" (set)" if f.name in changed else "")
        lines.append(f"- {f.name}: {_value(f.name, getattr(rules, f.name))}{mark}")
    return "\n".join(lines) + "\n"
