"""Square boards: the description's files, ranks and squares; pieces from the observation.

Draws what the description declares: each square's arrows (``arrows`` and
``directions``), palaces, a centre line between two ranks, and card pieces (``ranks`` and
``suits`` faces) or lettered pieces (``kinds``). Squares grow with the room there is, but
not at the cost of the coordinates (moves are typed ``d2-d3``) or of the arrows.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from kibitz.tui.views.base import (
    MUTED,
    Cell,
    GameView,
    card_cells,
    cells_text,
    centred,
    spot_style,
)

SCALES = ((9, 5), (7, 3), (5, 3), (5, 2), (4, 2), (3, 1))
"""Square sizes (columns, lines), largest first."""
ARROWS = {
    (0, 1): "↑", (1, 1): "↗", (1, 0): "→", (1, -1): "↘",
    (0, -1): "↓", (-1, -1): "↙", (-1, 0): "←", (-1, 1): "↖",
}  # fmt: skip
ARROW_INK = "#5b4636"
TARGET_INK = "#1d6f42"
TAG_INK = "#1f3a93"
"""A file letter written in a square (no line under the board for it)."""
SQUARE = {  # light, dark background per marking, strongest first
    "cursor": ("#f4d03f", "#d4ac0d"),
    "chosen": ("#85c1e9", "#5dade2"),
    "target": ("#a9dfbf", "#76c893"),
    "hint": ("#f8c471", "#eb984e"),
    "last": ("#d9dd7a", "#b5b04a"),
    "palace": ("#e3d0f2", "#b99ad6"),
    "plain": ("#f0d9b5", "#b58863"),
}


class BoardView(GameView):
    """A board of squares with pieces on them."""

    @classmethod
    def fits(cls, description: dict[str, Any], observation: dict[str, Any]) -> bool:
        return "board" in description and "pieces" in observation

    # -- geometry --------------------------------------------------------------------------
    def _axes(self) -> tuple[list[int], list[int]]:
        """File and rank indexes in drawing order: highest rank on top unless flipped."""
        board = self.frame.description["board"]
        files = list(range(len(board["files"])))
        ranks = list(range(len(board["ranks"])))
        return (files[::-1], ranks) if self.frame.flipped else (files, ranks[::-1])

    def _square_at(self, fi: int, ri: int) -> str:
        board = self.frame.description["board"]
        return board["squares"][ri * len(board["files"]) + fi]

    def layout_spots(self) -> list[list[str]]:
        files, ranks = self._axes()
        return [[self._square_at(f, r) for f in files] for r in ranks]

    def _scale(self, width: int, height: int) -> tuple[int, int, bool, bool]:
        """The square size (columns, lines), whether the ranks are labelled beside the board
        and whether the files are labelled under it (else, the ranks being labelled, in the
        bottom squares). The coordinates are kept wherever they fit: the largest squares
        with them (the files under the board, else in the squares), else the largest
        without; squares that draw every arrow first."""
        d = self.frame.description
        nf, nr = len(d["board"]["files"]), len(d["board"]["ranks"])
        gutter = max(len(str(r)) for r in d["board"]["ranks"]) + 1
        line = 1 if d.get("centre_line") else 0
        full = [s for s in SCALES if "arrows" not in d or _arrowed(*s)]
        for sizes in (full, [s for s in SCALES if s not in full]):
            for labelled in (True, False):
                for w, h in sizes:
                    for under in (True, False) if labelled else (False,):
                        wide = (gutter if labelled else 0) + nf * w <= width
                        if wide and nr * h + line + under <= height and (under or h > 1):
                            return w, h, labelled, under
        return (*SCALES[-1], False, False)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, width: int, height: int) -> Text:
        d = self.frame.description
        board = d["board"]
        w, h, labels, under = self._scale(width, height)
        label_w = max(len(str(r)) for r in board["ranks"]) + 1 if labels else 0
        files, ranks = self._axes()
        pieces = {p["square"]: p for p in self.frame.observation["pieces"]}
        centre = [board["ranks"].index(r) for r in d.get("centre_line", [])]
        lines: list[Text] = []
        for row, ri in enumerate(ranks):
            tagged = labels and not under and row + 1 == len(ranks)
            cells = [
                self._square(fi, ri, w, h, pieces.get(self._square_at(fi, ri)),
                             board["files"][fi] if tagged else None)
                for fi in files
            ]  # fmt: skip
            for k in range(h):
                line = Text(f"{board['ranks'][ri]!s:>{label_w - 1}} " if labels and k == h // 2
                            else " " * label_w)  # fmt: skip
                for cell in cells:
                    line.append_text(cell[k])
                lines.append(line)
            if row + 1 < len(ranks) and {ri, ranks[row + 1]} == set(centre):
                lines.append(Text(" " * label_w + "━" * (w * len(files)), Style(color=MUTED)))
        if under:
            lines.append(Text(" " * label_w + "".join(f"{board['files'][f]:^{w}}" for f in files)))
        lines += self._captured(len(files) * w + label_w, height - len(lines))
        return centred(lines, width, height)

    def _marking(self, name: str, dark: bool) -> str:
        """The square's background: the strongest marking it has."""
        f = self.frame
        for key, on in (
            ("cursor", self.is_cursor(name)), ("chosen", name == f.chosen),
            ("target", name in f.targets), ("hint", name in f.hinted), ("last", name in f.last),
            ("palace", any(name in p for p in f.description.get("palaces", ()))),
        ):  # fmt: skip
            if on:
                return SQUARE[key][dark]
        return SQUARE["plain"][dark]

    def _square(
        self, fi: int, ri: int, w: int, h: int, piece: dict[str, Any] | None, tag: str | None
    ) -> list[Text]:
        """The ``h`` lines of one square, each ``w`` columns; ``tag`` (its file, where no line
        under the board has room for it) in its bottom line: the second column, or the first
        blank one."""
        name = self._square_at(fi, ri)
        base = spot_style(name, Style(bgcolor=self._marking(name, (fi + ri) % 2 == 0)))
        grid: list[list[Cell]] = [[(" ", base)] * w for _ in range(h)]
        mid_r, mid_c = h // 2, w // 2
        for glyph, r, c in self._arrows(name, w, h):
            grid[r][c] = (glyph, base + Style(color=ARROW_INK))
        if piece is not None:
            cells = self._piece(piece, w)
            start = (w - len(cells)) // 2
            for r in range(1, h) if "card" in piece else (mid_r,):
                for k, (ch, style) in enumerate(cells):
                    grid[r][start + k] = (ch if r == mid_r else " ", base + style)
        elif name in self.frame.targets:
            grid[mid_r][mid_c] = ("•", base + Style(color=TARGET_INK, bold=True))
        free = [k for k in range(w) if grid[h - 1][k][0] == " "]
        if tag and free:
            k = 1 if 1 in free else free[0]
            grid[h - 1][k] = (tag, base + Style(color=TAG_INK, italic=True))
        return [cells_text(row) for row in grid]

    def _arrows(self, name: str, w: int, h: int) -> list[tuple[str, int, int]]:
        """Each printed arrow of the square with its line and column (where there is room)."""
        d = self.frame.description
        if "arrows" not in d or not _arrowed(w, h):
            return []
        mask = d["arrows"][name]
        turn = -1 if self.frame.flipped else 1
        out = []
        for direction in d["directions"]:
            if mask & direction["bit"]:
                df, dr = turn * direction["df"], turn * direction["dr"]
                out.append((ARROWS[(df, dr)], _place(-dr, h), _place(df, w)))
        return out

    def _piece(self, piece: dict[str, Any], w: int) -> list[Cell]:
        """A piece: a card chip with its face in its owner's colour, or its kind's letter."""
        colour = self.frame.seat_colour(piece["side"])
        if "card" in piece:
            rank, suit = card_faces(self.frame.description)[piece["card"]]
            width = min(w - 1, len(rank["face"]) + 3)
            return card_cells(rank["face"], suit["symbol"], suit["colour"] == "red", width, colour)
        letter = self.frame.description["kinds"][piece["kind"]]["letter"]
        return [(letter, Style(color=colour, bold=True))]

    def _captured(self, width: int, room: int) -> list[Text]:
        """The cards each side has lost, where the observation lists them and there is room."""
        captured = self.frame.observation.get("captured")
        if not captured or not any(captured) or room < len(captured) + 1:
            return []
        out = [Text()]
        for side, cards in enumerate(captured):
            line = Text(f"{self.frame.seat_name(side)} lost {len(cards)}: ", Style(color=MUTED))
            for code in cards:
                if line.cell_len + 5 > width:
                    line.append("…")
                    break
                line.append_text(cells_text(self._piece({"card": code, "side": side}, 4)))
                line.append(" ")
            out.append(line)
        return out


def card_faces(description: dict[str, Any]) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Each card code (rank code then suit code) with its rank and suit entries."""
    return {
        r["code"] + s["code"]: (r, s) for r in description["ranks"] for s in description["suits"]
    }


def _place(step: int, size: int) -> int:
    """The first, middle or last of ``size`` cells for a step of -1, 0 or 1."""
    return (0, size // 2, size - 1)[step + 1]


def _arrowed(w: int, h: int) -> bool:
    """Whether a square of ``w`` columns and ``h`` lines has room for every arrow."""
    return w >= 5 and h >= 3
