"""Choosing a move by pointing: spots (squares, piles, cards) matched against move fields.

Moves with ``from`` and ``to`` fields are chosen in two picks (the piece or pile, then
where it goes); other moves by one pick of a card they name (``card``, or ``cards``
holding that one card), except while the moves choose a ``set`` (a discard set: ``size``
cards, played as one turn ``TURN CARD CARD ...``): then each pick chooses or unchooses any
of the viewer's cards (the view's spots), in any order, and once ``size`` are chosen they make
one turn, which the game checks whole (a legal move names only a set's next card in the
game's own order, so the moves alone cannot say which cards may join it). Spots are the
fields' values as text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Move = dict[str, Any]


def spot(value: Any) -> str:
    """The spot a move field's value names (pile 3 is spot ``"3"``)."""
    return str(value)


def two_step(moves: list[Move]) -> bool:
    """Whether these moves go from a spot to a spot (chosen in two picks)."""
    return bool(moves) and all("from" in m and "to" in m for m in moves)


def names_card(move: Move, card: str) -> bool:
    """Whether ``move`` plays exactly the card ``card``."""
    return move.get("card") == card or move.get("cards") == [card]


def set_of(moves: list[Move]) -> dict[str, Any] | None:
    """The set these moves choose cards for (``size`` still to choose, the ``turn`` word that
    plays them), or None."""
    return next((m["set"] for m in moves if "set" in m), None)


def set_moves(moves: list[Move], cards: list[str]) -> list[Move]:
    """What a list of moves offers: while a set is chosen, one entry per card of ``cards``
    (the viewer's) that may join it (``text`` ``TURN CARD``, ``card``, ``set``; no ``id``: a
    set is played whole); else the moves themselves."""
    of = set_of(moves)
    if of is None:
        return moves
    return [{"text": f"{of['turn']} {card}", "card": card, "set": of} for card in cards]


def pickable(moves: list[Move]) -> bool:
    """Whether some of these moves can be chosen by pointing at the view."""
    return two_step(moves) or any(m.get("card") or len(m.get("cards") or ()) == 1 for m in moves)


@dataclass(frozen=True)
class Pick:
    """What a pick leads to: ``chosen`` (a from-spot now held, or a card of a set chosen or
    unchosen), ``play`` (one move), ``ask`` (several moves to choose between), ``turn`` (a
    set complete: ``message`` is its turn's notation), ``cancel`` or ``error`` (``message``)."""

    kind: str
    moves: tuple[Move, ...] = ()
    message: str = ""


class Picker:
    """The spot picked first of a two-pick move, and what a further pick means."""

    def __init__(self) -> None:
        self.chosen: str | None = None
        self.selected: list[str] = []
        """The cards of a set chosen so far, in the order picked."""

    def drop(self) -> None:
        """Forget what was picked (after a move, or when the person cancels)."""
        self.chosen = None
        self.selected = []

    def targets(self, moves: list[Move]) -> set[str]:
        """Where the chosen piece or pile may go."""
        if self.chosen is None:
            return set()
        return {spot(m["to"]) for m in moves if spot(m["from"]) == self.chosen}

    def pick(self, at: str, moves: list[Move]) -> Pick:
        """Pick the spot ``at`` among the legal ``moves``."""
        if not moves:
            self.chosen = None
            return Pick("error", message="it is not your turn")
        of = set_of(moves)
        if of is not None:
            return self._choose(at, of)
        if not two_step(moves):
            return _one_of([m for m in moves if names_card(m, at)], f"no move plays {at}")
        if at == self.chosen:
            self.chosen = None
            return Pick("cancel")
        starts = [m for m in moves if spot(m["from"]) == at]
        if self.chosen is None:
            if not starts:
                return Pick("error", message=f"no move from {at}{_forced(moves)}")
            self.chosen = at
            return Pick("chosen")
        ends = [m for m in moves if spot(m["from"]) == self.chosen and spot(m["to"]) == at]
        if ends:
            self.chosen = None
            return _one_of(ends, "")
        if starts:
            self.chosen = at
            return Pick("chosen")
        return Pick("error", message=f"{self.chosen} cannot go to {at}")

    def _choose(self, card: str, of: dict[str, Any]) -> Pick:
        """Choose ``card`` for a set of ``of["size"]`` cards, or unchoose it."""
        if card in self.selected:
            self.selected.remove(card)
            return self._progress(of)
        return self.add([card], of)

    def add(self, cards: list[str], of: dict[str, Any]) -> Pick:
        """Choose ``cards`` (typed) for the set too, those chosen already staying chosen; a
        set that would grow past its size is left as it was."""
        before = list(self.selected)
        self.selected += [c for c in dict.fromkeys(cards) if c not in before]
        if len(self.selected) <= of["size"]:
            return self._progress(of)
        self.selected = before
        return Pick("error", message=f"{of['size']} cards make the set and {len(before)} are "
                                     "chosen already: unchoose one first")

    def _progress(self, of: dict[str, Any]) -> Pick:
        """How far the set is: the cards still to choose, or the whole set's turn."""
        size, chosen = of["size"], len(self.selected)
        if chosen < size:
            return Pick("chosen", message=f"{of['turn']}: {chosen} of {size} chosen")
        return Pick("turn", message=" ".join([of["turn"], *self.selected]))


def _forced(moves: list[Move]) -> str:
    """Why a piece has no move where every legal move is compulsory (a capture the rules
    demand): ``: you must play one of QH:g7, 4D:e5``; else nothing."""
    forced = [m["text"] for m in moves if m.get("compulsory")]
    if not forced or len(forced) < len(moves):
        return ""
    more = f" and {len(forced) - 4} more" if len(forced) > 4 else ""
    return f": a compulsory move is due, one of {', '.join(forced[:4])}{more}"


def _one_of(moves: list[Move], none: str) -> Pick:
    if not moves:
        return Pick("error", message=none)
    return Pick("play" if len(moves) == 1 else "ask", tuple(moves))
