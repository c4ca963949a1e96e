"""Row duels: each seat lays cards in a row of growing strength; a hand and a round log.

Draws an observation with ``rows`` (cards, strength, pairs, boosts, Jester copies),
``hand``, ``hand_sizes``, ``deck_sizes``, ``discards``, ``attacker``, ``leader``,
``take_choices`` and a ``log`` of events, with the card faces of the description's
``cards`` (letter, name, value). The viewer sits at the bottom; a spectator sees seat 0
there and no hand. Cards are spots named by their letter, as the moves' ``cards`` are.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from kibitz.tui.views.base import MUTED, GameView, label_chip

INK = "#111111"
PLAYABLE = "#1d6f42"
LAST = Style(bgcolor="#d9dd7a")


class RowsView(GameView):
    """The opponent's row above, the viewer's row and hand below, the round log last."""

    @classmethod
    def fits(cls, description: dict[str, Any], observation: dict[str, Any]) -> bool:
        keys = ("rows", "hand", "log", "hand_sizes", "deck_sizes")
        return all(k in observation for k in keys) and "cards" in description

    def _seats(self) -> tuple[int, int]:
        """The viewer's seat (the bottom) and the other seat."""
        me = self.frame.viewer or 0
        return me, next(s for s in range(len(self.frame.description["seats"])) if s != me)

    def _choices(self) -> list[str]:
        """The cards that are spots now: the viewer's hand, or the cards they may take."""
        obs = self.frame.observation
        return list(obs["take_choices"] or obs["hand"] or [])

    def layout_spots(self) -> list[list[str]]:
        return [self._choices()] if self._choices() else []

    def draw(self, width: int, height: int) -> Text:
        obs = self.frame.observation
        me, other = self._seats()
        lines = [self._header(), Text()]
        lines += [self._seat_line(other), *self._row(other, width)]
        lines.append(Text("─" * min(width, 60), Style(color=MUTED)))
        lines += [*self._row(me, width), self._seat_line(me)]
        if obs["hand"] is not None:
            lines.append(self._cards("hand", obs["hand"]))
        if obs["take_choices"]:
            lines.append(self._cards("take", obs["take_choices"]))
        if height >= 30:
            lines.append(self._legend(self._choices()))
        room = height - len(lines) - 2
        if room > 0:
            events = [sentence(e, self.frame.seat_name) for e in self._round_log()]
            lines += [Text(), Text("Round log", Style(bold=True))]
            lines += [Text(f"  {e}", Style(color=MUTED)) for e in events[-room:]]
        return Text("\n").join(lines)

    def _header(self) -> Text:
        obs = self.frame.observation
        out = Text(f"Round {obs['round']}", Style(bold=True))
        if obs.get("attacker") is not None:
            out.append(f" · {self.frame.seat_name(obs['attacker'])} attacks")
        if obs.get("leader") is not None:
            out.append(f" · {self.frame.seat_name(obs['leader'])} ahead")
        return out

    def _seat_line(self, seat: int) -> Text:
        obs = self.frame.observation
        out = Text("■ ", Style(color=self.frame.seat_ink(seat)))
        out.append(self.frame.seat_name(seat), Style(bold=True))
        if seat == self.frame.person:
            out.append(" (you)")
        out.append(
            f"  {obs['hand_sizes'][seat]} in hand · deck {obs['deck_sizes'][seat]}"
            f" · discard {len(obs['discards'][seat])}",
            Style(color=MUTED),
        )
        return out

    def _row(self, seat: int, width: int) -> list[Text]:
        """The seat's row: its cards (each pair's two joined), strength, then pairs and
        boosts."""
        row = self.frame.observation["rows"][seat]
        cards = row["cards"]
        pairs = {frozenset(pair) for pair in row["pairs"]}
        last = self._last_laid(seat)
        line = Text("  row ")
        for i, card in enumerate(cards):
            chip = label_chip(card, INK)
            if i >= len(cards) - last:
                chip.stylize(LAST)
            line.append_text(chip)
            joined = frozenset((i, i + 1)) in pairs  # one pair's cards, not two pairs side by side
            line.append("═" if joined else " ", Style(color=PLAYABLE))
        if not cards:
            line.append("(empty) ", Style(italic=True, color=MUTED))
        line.append(f" strength {row['strength']}", Style(bold=True))
        notes = [" + ".join(cards[i] for i in pair) for pair in row["pairs"]]
        notes += [f"{cards[i]} +{b}" for i, b in enumerate(row["boosts"]) if b]
        notes += [f"{cards[j]} = {value}" for j, value in row["jester_copies"]]
        out = [line]
        if notes:
            out.append(Text(f"      pairs and boosts: {', '.join(notes)}", Style(color=MUTED)))
        return out

    def _last_laid(self, seat: int) -> int:
        """How many cards at the end of ``seat``'s row the last action laid."""
        last = self.frame.observation["last_action"] or {}
        return len(last.get("cards") or []) if last.get("seat") == seat else 0

    def _cards(self, label: str, cards: list[str]) -> Text:
        """Cards the viewer may pick, those a legal move lays shown bold green."""
        playable = {m["cards"][0] for m in self.frame.moves if len(m.get("cards", [])) == 1}
        faces = {c["letter"]: c for c in self.frame.description["cards"]}
        out = Text(f"  {label} ")
        for card in cards:
            ink = PLAYABLE if card in playable else INK
            chip = label_chip(card, ink, spot=card, bold=card in playable)
            if self.is_cursor(card):
                chip.stylize(Style(reverse=True))
            out.append_text(chip)
            value = faces.get(card, {}).get("value")
            out.append(f"{'' if value is None else value:<3}", Style(color=MUTED))
        return out

    def _legend(self, cards: list[str]) -> Text:
        """What the cards shown are: letter, name and value."""
        faces = {c["letter"]: c for c in self.frame.description["cards"]}
        parts = []
        for letter in dict.fromkeys(cards):
            face = faces.get(letter, {})
            value = "copies a paired card" if face.get("value") is None else face["value"]
            parts.append(f"{letter} {face.get('name') or ''} {value}".replace("  ", " "))
        return Text("  " + " · ".join(parts), Style(color=MUTED))

    def _round_log(self) -> list[dict[str, Any]]:
        """The log from the last round's result on, without draws the viewer cannot see."""
        log = self.frame.observation["log"]
        rounds = [i for i, e in enumerate(log) if e["event"] == "round"] or [0]
        results = [i for i, e in enumerate(log[: rounds[-1]]) if e["event"] == "result"]
        events = log[results[-1] if results else rounds[-1] :]
        return [e for e in events if not (e["event"] == "draw" and e.get("card") is None)]


def sentence(event: dict[str, Any], name: Any) -> str:
    """One log event in words; ``name(seat)`` names a seat."""
    who = name(event["seat"]) if event.get("seat") is not None else ""
    cards = " ".join(event.get("cards") or []) or "-"
    kind = event["event"]
    if kind == "result":
        rows = ", ".join(
            f"{name(s)} {t} = {v}" if t else f"{name(s)} nothing laid"
            for s, (t, v) in enumerate(zip(event["row_texts"], event["strengths"], strict=True))
        )
        return f"round {event['round']}: {name(event['winner'])} wins by {event['margin']} ({rows})"
    words = {
        "draw": f"{who} draws {event.get('card') or 'a card'}",
        "play": f"{who} plays {event.get('card')}",
        "end": f"{who} ends the turn",
        "pass": f"{who} passes",
        "steal": f"{event.get('card')} stolen from {who}",
        "first attacker": f"{who} attacks first",
        "round": f"round {event.get('round')}: {name(event['attacker'])} attacks"
        if event.get("attacker") is not None
        else f"round {event.get('round')}",
        "return": f"{who} takes back {cards}",
        "discard": f"{who} discards {cards}",
        "game over": f"game over: {event.get('reason')}",
    }
    other = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("event", "seat"))
    return words.get(kind, f"{who} {kind} {other}".strip())
