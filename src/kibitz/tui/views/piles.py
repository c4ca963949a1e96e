"""Patience tables: the foundations and the piles of cards, one row each.

Draws what the description declares (``piles``, ``foundations``, the card faces in
``cards``) from the observation's ``piles``, ``foundations``, ``foundation_tops`` and
``base``. Spots are the pile numbers and ``F`` for the foundations, as in the moves.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from kibitz.tui.views.base import MUTED, Cell, GameView, card_cells, cells_text, spot_style

FOUNDATIONS = "F"
ROW = {  # background of a pile's row per marking, strongest first
    "cursor": "#f4d03f",
    "chosen": "#85c1e9",
    "target": "#a9dfbf",
    "hint": "#f8c471",
    "last": "#d9dd7a",
    "plain": "#1e5631",
}
FELT_INK = "#e8f0e8"


class PilesView(GameView):
    """Foundations on top, then each pile as a row with its top card on the right."""

    DEFAULT_CSS = f"PilesView {{ background: {ROW['plain']}; }}"

    @classmethod
    def fits(cls, description: dict[str, Any], observation: dict[str, Any]) -> bool:
        return "piles" in observation and "foundations" in observation and "cards" in description

    def _spots(self) -> list[str]:
        return [FOUNDATIONS, *map(str, range(len(self.frame.observation["piles"])))]

    def layout_spots(self) -> list[list[str]]:
        return [[s] for s in self._spots()]

    def draw(self, width: int, height: int) -> Text:
        piles = self.frame.observation["piles"]
        roomy = height >= 2 * len(piles) + 3
        card_w = 4 if roomy and width >= 60 else 3
        blank = Text(" " * width, Style(bgcolor=ROW["plain"]))
        lines = [self._foundations(width, card_w), blank]
        for i, cards in enumerate(piles):
            if roomy and i:
                lines.append(blank)
            lines.append(self._pile(str(i), cards, width, card_w))
        return Text("\n").join(lines)

    def _row_style(self, name: str) -> Style:
        f = self.frame
        colour = ROW["plain"]
        for key, on in (
            ("cursor", self.is_cursor(name)), ("chosen", name == f.chosen),
            ("target", name in f.targets), ("hint", name in f.hinted), ("last", name in f.last),
        ):  # fmt: skip
            if on:
                colour = ROW[key]
                break
        ink = FELT_INK if colour == ROW["plain"] else "#111111"
        return spot_style(name, Style(bgcolor=colour, color=ink))

    def _card(self, code: str, width: int) -> list[Cell]:
        rank, suit = self._faces()[code]
        return card_cells(rank, suit["symbol"], suit["red"], width)

    def _faces(self) -> dict[str, tuple[str, dict[str, Any]]]:
        cards = self.frame.description["cards"]
        return {r + s: (r, face) for r in cards["ranks"] for s, face in cards["suits"].items()}

    def _row(self, name: str, label: str, items: list[list[Cell]], width: int) -> Text:
        """A row: its label, then its items one space apart, tinted by its marking."""
        style = self._row_style(name)
        marker = "▶" if self.is_cursor(name) else " "
        out = [(ch, style) for ch in f"{marker}{label:<5} "]
        for item in items:
            out += [(ch, style + cell_style) for ch, cell_style in item]
            out.append((" ", style))
        out += [(" ", style)] * max(width - len(out), 0)
        return cells_text(out[:width] if len(out) > width else out)

    def _foundations(self, width: int, card_w: int) -> Text:
        obs = self.frame.observation
        items: list[list[Cell]] = []
        for suit in self.frame.description["foundations"]:
            top = obs["foundation_tops"].get(suit)
            symbol = self.frame.description["cards"]["suits"][suit]["symbol"]
            items.append(self._card(top, card_w) if top else [(f"{symbol}-", Style(color=MUTED))])
        if obs.get("base"):
            items.append([(f"base {obs['base']}", Style())])
        return self._row(FOUNDATIONS, "home", items, width)

    def _pile(self, name: str, cards: list[str], width: int, card_w: int) -> Text:
        room = max((width - 8) // (card_w + 1), 1)
        items = [self._card(c, card_w) for c in cards[-room:]]
        if len(cards) > room:
            items = [[(f"+{len(cards) - room + 1}", Style(color=MUTED))], *items[1:]]
        if not cards:
            items = [[("empty", Style(italic=True))]]
        return self._row(name, f"{name:>3}", items, width)
