"""The game view: a focusable widget that draws a frame of the game and reports picks.

A view draws Rich text from a ``Frame`` (the description, the viewer's observation, the
person's moves and what is highlighted). Each drawn spot carries ``{"spot": name}`` in its
style's meta, so that a mouse click names the spot; the arrow keys move a cursor over the
view's ``layout_spots()`` and Enter picks the spot under it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.message import Message
from textual.widget import Widget

SEAT_COLOURS = ("#2a6f97", "#c0392b", "#1e8449", "#b9770e")
"""Seat colours for games that declare none."""
CARD_BG = "#fbfbf8"
RED_INK = "#c62828"
"""Red suits: a red that stays red (not brown) in a 256-colour terminal, AA on the card."""
BLACK_INK = "#111111"
MUTED = "#8a8a8a"


@dataclass
class Frame:
    """Everything a view draws: facts, the viewer's observation, moves and highlights."""

    description: dict[str, Any]
    observation: dict[str, Any]
    moves: list[dict[str, Any]] = field(default_factory=list)
    """The person's legal moves (empty when it is not their turn)."""
    chosen: str | None = None
    """The spot picked first of a two-pick move."""
    selected: set[str] = field(default_factory=set)
    """The cards of a set (a discard set) chosen so far."""
    targets: set[str] = field(default_factory=set)
    last: set[str] = field(default_factory=set)
    """Spots of the last action."""
    hinted: set[str] = field(default_factory=set)
    flipped: bool = False
    person: int | None = None
    """The seat of the person at the screen, shown "(you)" (None: watching); the view may
    show another seat's view, e.g. an analysed move's mover's."""

    @property
    def viewer(self) -> int | None:
        return self.observation.get("seat")

    def seat_name(self, seat: int) -> str:
        return self.description["seats"][seat]["name"]

    def side_names(self) -> list[str]:
        """Each side's name as the person calls it: "We" (their own) and "They" between two
        partnerships; else (watching, or sides of one seat) the teams' names, or the seats'."""
        d = self.description
        sides = max(s["side"] for s in d["seats"]) + 1
        names = d.get("team_names") or [
            "+".join(s["name"] for s in d["seats"] if s["side"] == side) for side in range(sides)
        ]
        me = self.person
        if me is None or not d["teams"] or sides != 2:
            return list(names)
        mine = d["seats"][me]["side"]
        return ["We" if side == mine else "They" for side in range(2)]

    def seat_colour(self, seat: int) -> str:
        declared = self.description["seats"][seat].get("colour")
        return declared or SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def seat_ink(self, seat: int) -> str:
        """The seat's colour made light enough to read on the dark screen."""
        colour = Color.parse(self.seat_colour(seat))
        return (
            colour.lighten(0.55 - colour.brightness).hex if colour.brightness < 0.55 else colour.hex
        )


def spot_style(name: str, style: Style | str = "") -> Style:
    """``style`` carrying the spot ``name`` for mouse picks."""
    base = Style.parse(style) if isinstance(style, str) else style
    return base + Style(meta={"spot": name})


class GameView(Widget, can_focus=True):
    """Base of the game views: cursor movement, picks by key and mouse."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("up", "cursor(0, -1)", "Up", show=False),
        Binding("down", "cursor(0, 1)", "Down", show=False),
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("enter,space", "pick", "Pick", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
    ]

    class Picked(Message):
        """The person picked ``spot`` (by key or mouse)."""

        def __init__(self, spot: str) -> None:
            super().__init__()
            self.spot = spot

    class Cancelled(Message):
        """The person dropped the spot they had picked."""

    def __init__(self, frame: Frame, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.frame = frame
        self.cursor: str | None = None

    @classmethod
    def fits(cls, description: dict[str, Any], observation: dict[str, Any]) -> bool:
        """Whether this view can draw a game with this description and observation."""
        raise NotImplementedError

    def layout_spots(self) -> list[list[str]]:
        """The spots in rows as drawn, for the cursor keys (empty: no cursor)."""
        return []

    def draw(self, width: int, height: int) -> Text:
        """The picture for a ``width`` x ``height`` area."""
        raise NotImplementedError

    def show(self, frame: Frame) -> None:
        """Draw ``frame`` from now on."""
        self.frame = frame
        self.refresh()

    def render(self) -> Text:
        return self.draw(self.size.width, self.size.height)

    def is_cursor(self, name: str) -> bool:
        return self.has_focus and name == self.cursor

    def action_cursor(self, dx: int, dy: int) -> None:
        rows = self.layout_spots()
        if not rows:
            return
        where = [
            (r, c) for r, row in enumerate(rows) for c, s in enumerate(row) if s == self.cursor
        ]
        r, c = where[0] if where else (len(rows) - 1, 0)
        if where:
            r = min(max(r + dy, 0), len(rows) - 1)
            c = min(max(c + dx, 0), len(rows[r]) - 1)
        self.cursor = rows[r][c]
        self.refresh()

    def action_pick(self) -> None:
        if self.cursor is None:
            self.action_cursor(0, 0)
        if self.cursor is not None:
            self.post_message(self.Picked(self.cursor))

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())

    def on_click(self, event: events.Click) -> None:
        name = event.style.meta.get("spot")
        if name is not None:
            self.cursor = name
            self.post_message(self.Picked(name))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


Cell = tuple[str, Style]
"""One terminal cell: a character and its style."""


def card_cells(
    face: str, symbol: str, red: bool, width: int, owner: str | None = None
) -> list[Cell]:
    """A card as a light chip ``width`` wide: its face (in its ``owner``'s colour where a
    card is a piece), then its suit symbol in suit ink."""
    ink = RED_INK if red else BLACK_INK
    pad = max(width - len(face) - 1, 0)
    blank = (" ", Style(bgcolor=CARD_BG))
    face_style = Style(color=owner or ink, bgcolor=CARD_BG, bold=True)
    return [
        *[blank] * (pad // 2),
        *[(ch, face_style) for ch in face],
        (symbol, Style(color=ink, bgcolor=CARD_BG)),
        *[blank] * (pad - pad // 2),
    ]


def label_chip(label: str, ink: str, spot: str | None = None, bold: bool = True) -> Text:
    """A card shown by its label in ``ink`` on a light chip (a spot when ``spot`` is given)."""
    style = Style(color=ink, bgcolor=CARD_BG, bold=bold)
    return Text(f" {label} ", spot_style(spot, style) if spot else style)


def cells_text(cells: list[Cell]) -> Text:
    """Cells as Rich text."""
    return Text.assemble(*cells)


def centred(lines: list[Text], width: int, height: int) -> Text:
    """``lines`` in the middle of a ``width`` x ``height`` area."""
    left = " " * max((width - max((line.cell_len for line in lines), default=0)) // 2, 0)
    top = [Text()] * max((height - len(lines)) // 2, 0)
    return Text("\n").join([*top, *(Text(left) + line for line in lines)])
