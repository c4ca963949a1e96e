"""Trick-taking tables: four seats round a trick, the bidding, the nest and the score sheet.

Draws an observation with ``trick`` (seat, card), ``calls`` (seat, call), ``hand``,
``hand_sizes``, the contract (``declarer``, ``contract``, ``trump``), the nest
(``nest_size``, ``nest_taken``, ``discards``), ``tricks_won``, ``points_taken``,
``target`` and a ``score_sheet``, with the description's ``cards`` (code, colour),
``team_names`` and ``bird``. The viewer sits at the bottom, the seats after them going
round clockwise (left, top, right); cards in the hand are spots named by their code.
At a two-team table the person's team is "We" and the other "They" (``Frame.side_names``;
the teams' names when watching). The score sheet shows every column where the view is wide
enough, else the essential ones; each team's figures are a pair, in the order the sheet's
title names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.style import Style
from rich.text import Text

from kibitz.tui.picker import set_of
from kibitz.tui.views.base import MUTED, GameView, label_chip

INKS = {"red": "#c0392b", "yellow": "#9a7d0a", "green": "#1e8449", "black": "#111111"}
"""Card inks on a light chip by colour name (other names are used as they are)."""
PLAYABLE = Style(underline=True)
CURSOR = Style(reverse=True)
CHOSEN = Style(bgcolor="#f5b041")
"""A card chosen for a set (the discards), until the set is played."""
LAST = Style(bgcolor="#d9dd7a")

Column = tuple[str, int, Callable[[dict[str, Any]], str]]
"""A score-sheet column: header, least width, the cell's text from a sheet row."""
NUMBERS = ("hand", "cards", "nest", "bonus", "score", "totals")
"""The score-sheet columns of figures, right-aligned (the others are left-aligned)."""


def game_end(obs: dict[str, Any]) -> str:
    """How the game ends, as the page says it: at the target, or after the table's hand
    limit ("game to 300 or 2 hands", "game of 1 hand")."""
    hands = obs.get("max_hands")
    if hands == 1:
        return "game of 1 hand"
    return f"game to {obs.get('target')}" + (f" or {hands} hands" if hands else "")


class TableView(GameView):
    """A card table seen from the viewer's seat."""

    @classmethod
    def fits(cls, description: dict[str, Any], observation: dict[str, Any]) -> bool:
        keys = ("trick", "calls", "hand", "hand_sizes", "score_sheet")
        return all(k in observation for k in keys) and "cards" in description

    def layout_spots(self) -> list[list[str]]:
        hand = self.frame.observation["hand"]
        return [list(hand)] if hand else []

    # -- pieces ----------------------------------------------------------------------------
    def _chip(self, code: str, spot: bool = False) -> Text:
        d = self.frame.description
        colour = next((c["colour"] for c in d["cards"] if c["code"] == code), None)
        label = code if colour else d.get("bird", code)
        chip = label_chip(label, INKS.get(colour or "black", colour or "black"),
                          code if spot else None)  # fmt: skip
        if spot and code in self.frame.selected:
            chip.stylize(CHOSEN)
        if spot and self.is_cursor(code):
            chip.stylize(CURSOR)
        elif spot and code in self._playable():
            chip.stylize(PLAYABLE)
        return chip

    def _playable(self) -> set[str]:
        """The hand's cards a pick may choose: those a legal move plays, or every one while
        a set (the discards) is chosen."""
        if set_of(self.frame.moves) is not None:
            return set(self.frame.observation["hand"] or ())
        return {m["card"] for m in self.frame.moves if m.get("card")}

    def _seat_label(self, seat: int) -> Text:
        obs = self.frame.observation
        out = Text(self.frame.seat_name(seat), Style(color=self.frame.seat_ink(seat), bold=True))
        if seat == self.frame.person:
            out.append(" (you)")
        if obs.get("declarer") == seat:  # here, not under it: the trick's cards sit there
            out.append(f" · declarer {obs.get('contract')}", Style(color=MUTED))
        if obs["to_act"] == seat:
            out.append(" ◀", Style(color="#f4d03f", bold=True))
        return out

    def _info(self, seat: int) -> Text:
        return Text(f"{self.frame.observation['hand_sizes'][seat]} cards", Style(color=MUTED))

    def _done_trick(self) -> dict[str, Any] | None:
        """This hand's last finished trick while the next is not yet led (it stays in the
        middle, dimmed, until then), else None."""
        obs = self.frame.observation
        last = obs.get("last_trick")
        if obs["trick"] or not last or not sum(obs.get("tricks_won") or ()):
            return None
        return last

    def _played(self, seat: int) -> Text:
        """The card ``seat`` has put in the current trick (or the finished one, dimmed), or
        a blank place."""
        obs = self.frame.observation
        done = self._done_trick()
        plays = done["plays"] if done else obs["trick"]
        card = next((c for s, c in plays if s == seat), None)
        if card is None:
            return Text(" ·  ", Style(color=MUTED))
        chip = self._chip(card)
        if done:
            chip.stylize(Style(dim=True))
        elif (obs["last_action"] or {}).get("card") == card:
            chip.stylize(LAST)
        return chip

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, width: int, height: int) -> Text:
        obs = self.frame.observation
        me = self.frame.viewer or 0
        n = len(obs["hand_sizes"])
        left, top, right = ((me + k) % n for k in (1, 2, 3))
        w = max(min(width, 72), 40)
        mid, side = w // 2, w // 4
        lines = [
            self._header(),
            Text(),
            _at([(mid, self._seat_label(top))], w),
            _at([(mid, self._info(top))], w),
            _at([(mid, self._played(top))], w),
            _at([(0, self._seat_label(left)), (w - side, self._seat_label(right))], w),
            _at([(0, self._info(left)), (side, self._played(left)),
                 (w - side - 6, self._played(right)), (w - side, self._info(right))], w),
            _at([(mid, self._played(me))], w),
            _at([(mid, self._seat_label(me))], w),
        ]  # fmt: skip
        if obs["hand"] is not None:
            lines += self._hand(w)
        lines += self._auction(width)
        room = height - sum(max(1, -(-line.cell_len // max(width, 1))) for line in lines)
        lines += self._sheet(room, width)
        return Text("\n").join(lines)

    def _header(self) -> Text:
        obs = self.frame.observation
        last = " (the last)" if obs.get("last_hand") and obs["phase"] != "over" else ""
        out = Text(f"Hand {obs.get('hand_number', '')}{last}", Style(bold=True))
        out.append(f" · {obs['phase']} · {game_end(obs)}")
        if obs.get("trump"):
            out.append(f" · trump {obs['trump']}", Style(color=INKS.get(obs["trump"]), bold=True))
        done = self._done_trick()
        if done:
            out.append(f" · {self.frame.seat_name(done['winner'])} won the trick",
                       Style(color=MUTED))  # fmt: skip
        return out

    def _hand(self, width: int) -> list[Text]:
        """The viewer's hand, wrapped; cards a legal move plays are underlined."""
        lines = [Text("hand ", Style(bold=True))]
        for code in self.frame.observation["hand"]:
            chip = self._chip(code, spot=True)
            if lines[-1].cell_len + chip.cell_len + 1 > width:
                lines.append(Text("     "))
            lines[-1].append_text(chip)
            lines[-1].append(" ")
        return [Text(), *lines]

    def _auction(self, width: int) -> list[Text]:
        """The calls so far, the contract, the nest and the tricks taken (a line per team
        when one line is too narrow)."""
        obs = self.frame.observation
        calls = Text("bids ", Style(bold=True))
        for k, (seat, call) in enumerate(obs["calls"]):
            calls.append(", " if k else "")
            calls.append(self.frame.seat_name(seat), Style(color=self.frame.seat_ink(seat)))
            calls.append(f" {call}")
        if not obs["calls"]:
            calls.append("none yet", Style(color=MUTED))
        nest = Text(f"nest {obs.get('nest_size', 0)} cards", Style(color=MUTED))
        for label, cards in (("taken", obs.get("nest_taken")), ("discards", obs.get("discards"))):
            if cards:
                nest.append(f" · {label} ")
                for code in cards:
                    nest.append_text(self._chip(code))
        taken = [
            f"{t} {w} trick{'' if w == 1 else 's'}, {p} point{'' if p == 1 else 's'}"
            for t, w, p in zip(
                self.frame.side_names(), obs["tricks_won"], obs["points_taken"], strict=True
            )
        ]
        if len(" · ".join(taken)) <= width:
            taken = [" · ".join(taken)]
        return [Text(), calls, nest, *(Text(t, Style(color=MUTED)) for t in taken)]

    def _sheet(self, room: int, width: int) -> list[Text]:
        """The score sheet's last hands that fit in ``room`` lines: every column if
        ``width`` allows, else hand, declarer, contract (made or set), trump, hand scores
        and running totals."""
        sheet = self.frame.observation["score_sheet"]
        if room < 4 or not sheet:
            return []
        columns = self._columns(full=True)
        if sum(w for _, w, _ in columns) + len(columns) - 1 > width:
            columns = self._columns(full=False)

        def line(cells: list[str]) -> str:
            return " ".join(
                c.rjust(w) if h in NUMBERS else c.ljust(w)
                for c, (h, w, _) in zip(cells, columns, strict=True)
            ).rstrip()

        title = Text("score sheet", Style(bold=True))
        title.append(f" · pairs {'/'.join(self.frame.side_names())}", Style(color=MUTED))
        out = [Text(), title, Text(line([h for h, _, _ in columns]), Style(bold=True))]
        for row in sheet[-(room - len(out)) :]:
            out.append(Text(line([cell(row) for _, _, cell in columns])))
        return out

    def _columns(self, full: bool) -> list[Column]:
        """The score sheet's columns, all of them or the essential ones."""
        name = self.frame.seat_name

        def pair(values: list[int], sign: bool = False) -> str:
            return "/".join(f"{v:+d}" if sign and v else str(v) for v in values)

        def nest(row: dict[str, Any]) -> str:
            teams = range(len(row["card_points"]))
            return pair([row["nest_points"] if t == row["nest_to"] else 0 for t in teams])

        def contract(row: dict[str, Any]) -> str:
            return f"{row['contract']} {'made' if row['made'] else 'set'}"

        hand: Column = ("hand", 4, lambda r: str(r["hand"]))
        bid: Column = ("contract", 8, contract)
        trump: Column = ("trump", 6, lambda r: r["trump"])
        score: Column = ("score", 8, lambda r: pair(r["change"], sign=True))
        totals: Column = ("totals", 7, lambda r: pair(r["totals"]))
        if not full:
            return [hand, ("by", 5, lambda r: name(r["declarer"])), bid, trump, score, totals]
        return [
            hand,
            ("dealer", 6, lambda r: name(r["dealer"])),
            ("declarer", 8, lambda r: name(r["declarer"])),
            bid,
            trump,
            ("cards", 7, lambda r: pair(r["card_points"])),
            ("nest", 5, nest),
            ("bonus", 5, lambda r: pair(r["bonus"])),
            score,
            totals,
        ]


def _at(parts: list[tuple[int, Text]], width: int) -> Text:
    """One line with each text placed at its column (centred on it when past the middle)."""
    out = Text(" " * width)
    for col, text in parts:
        start = col - text.cell_len // 2 if col == width // 2 else col
        start = max(0, min(start, width - text.cell_len))
        out = out[:start] + text + out[start + text.cell_len :]
    return out
