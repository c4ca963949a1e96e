"""Terminal picture of a Cardmate position, in the style of the spec's diagram."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kibitz.games.cardmate.cards import FILES, PALACES, PLAYER_NAMES, REARHAND, piece_code

if TYPE_CHECKING:
    from kibitz.games.cardmate.rules import CardmateState

PALACE_SQUARES = frozenset(PALACES[0] + PALACES[1])
LEGEND = "Forehand's cards UPPER CASE, Rearhand's lower case; [ ] palace; --- centre line"


def _cell(state: CardmateState, sq: int) -> str:
    piece = state.board[sq]
    text = piece_code(piece) if piece >= 0 else "·"
    return f"[{text:^2}]" if sq in PALACE_SQUARES else f" {text:^2} "


def render_state(state: CardmateState, seat: int | None = None) -> str:
    """The board with coordinates, palaces and centre line; ``seat``'s side at the bottom."""
    flipped = seat == REARHAND
    ranks = range(10) if flipped else range(9, -1, -1)
    files = range(9, -1, -1) if flipped else range(10)
    header = "    " + "".join(f" {FILES[f]:^2} " for f in files)
    lines = [header]
    for rank in ranks:
        cells = "".join(_cell(state, rank * 10 + f) for f in files)
        lines.append(f" {rank}  {cells}  {rank}")
        if rank == (4 if flipped else 5):
            lines.append("    " + "-" * 40)
    lines.append(header)
    outcome = state.outcome()
    if outcome is not None:
        status = outcome.describe(PLAYER_NAMES)
    else:
        status = f"{PLAYER_NAMES[state.side]} to move"
    kings = f"Kings: Forehand {state.kings[0]}, Rearhand {state.kings[1]}"
    lines.append(f"move {state.ply // 2 + 1}, {status}; {kings}")
    if state.seed is not None:
        lines.append(f"seed {state.seed}")
    lines.append(LEGEND)
    return "\n".join(lines)
