"""An action id read at a phase: its notation and its structured fields (spec section 6)."""

from __future__ import annotations

from typing import Any

from kibitz.core.errors import IllegalAction
from kibitz.games.rook.actions import BID0, DISCARD0, PASS, TRUMP0
from kibitz.games.rook.cards import COLOUR_NAMES, SEAT_NAMES, card_str
from kibitz.games.rook.position import DEAL, DEALER
from kibitz.games.rook.table import Table


def _check(table: Table, action: int) -> None:
    last = BID0 + len(table.bids) - 1
    if not 0 <= action <= last:
        raise IllegalAction(f"{action!r} is not a rook action id (0..{last})")


def action_text(table: Table, phase: int, action: int) -> str:
    """``dealer South``, ``deal g14``, ``bid 85``, ``pass``, ``discard r5``, ``trump green``
    or ``play g14``: ``action`` as read at ``phase``."""
    _check(table, action)
    if phase == DEALER and action < 4:
        return f"dealer {SEAT_NAMES[action]}"
    if action < DISCARD0:
        return f"{'deal' if phase == DEAL else 'play'} {card_str(action)}"
    if action < TRUMP0:
        return f"discard {card_str(action - DISCARD0)}"
    if action < PASS:
        return f"trump {COLOUR_NAMES[action - TRUMP0]}"
    if action == PASS:
        return "pass"
    return f"bid {table.bids[action - BID0]}"


def action_fields(table: Table, phase: int, action: int) -> dict[str, Any]:
    """``kind`` (``bid``, ``pass``, ``discard``, ``trump``, ``play``; chance ``dealer``,
    ``deal``), ``card`` (e.g. ``g14``, ``rook``), ``bid`` and ``colour`` (the trump named),
    None where they do not apply; the first dealer's pick also gives ``dealer`` (a seat)."""
    _check(table, action)
    fields: dict[str, Any] = {"kind": "", "card": None, "bid": None, "colour": None}
    if phase == DEALER and action < 4:
        fields.update(kind="dealer", dealer=action)
    elif action < DISCARD0:
        fields.update(kind="deal" if phase == DEAL else "play", card=card_str(action))
    elif action < TRUMP0:
        fields.update(kind="discard", card=card_str(action - DISCARD0))
    elif action < PASS:
        fields.update(kind="trump", colour=COLOUR_NAMES[action - TRUMP0])
    elif action == PASS:
        fields.update(kind="pass")
    else:
        fields.update(kind="bid", bid=table.bids[action - BID0])
    return fields
