"""Extra facts a game's page shows that its observation leaves to the client to work out.

Each annotator reads a (perfect-information) state and returns keys added to the view; it
is kept out of the game packages because only the pages need it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kibitz.core.game import State


def cardmate_captured(state: State) -> dict[str, Any]:
    """The cards each side has lost so far, in capture order (``captured[side]``)."""
    from kibitz.games.cardmate.cards import CARD_MASK, OWNER_SHIFT, card_code
    from kibitz.games.cardmate.rules import decode

    replay = state.game.start(state.seed, state.start_position)
    lost: list[list[str]] = [[], []]
    for action in state.history:
        taken = replay.board[decode(action)[1]]  # type: ignore[attr-defined]
        if taken >= 0:
            lost[taken >> OWNER_SHIFT].append(card_code(taken & CARD_MASK))
        replay.push(action)
    return {"captured": lost}


ANNOTATORS: dict[str, Callable[[State], dict[str, Any]]] = {"cardmate": cardmate_captured}


def annotate(state: State) -> dict[str, Any]:
    """The extra view keys of ``state``'s game (none for most games)."""
    annotator = ANNOTATORS.get(state.game.name)
    return annotator(state) if annotator else {}
