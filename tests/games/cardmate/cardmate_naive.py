"""A deliberately naive Cardmate move generator written straight from the spec text.

It shares no code with the engine: its own position-string parser, coordinates as
(file, rank) tuples, cards as code strings, a fresh dict per move. It knows CM-2 to CM-14
(the rules that decide legal moves and the King/palace wins); repetition, stalemate and the
move cap never arise in the short trees it is used for.
"""

from __future__ import annotations

from dataclasses import dataclass

ORDER = "123456789XJQKA"
FILES = "abcdefghij"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
EIGHT_WAYS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
# CM-3, "moves and captures", with +1 meaning forward.
STEPS = {
    "1": [(0, 1)],
    "2": [(-1, 1), (1, 1)],
    "3": [(0, 1), (-1, 1), (1, 1)],
    "4": [(-1, 1), (1, 1), (-1, 0), (1, 0)],
    "5": [(0, 1), (-1, 1), (1, 1), (-1, 0), (1, 0)],
    "6": [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
    "7": [(0, 1), (-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
    "8": KNIGHT,
    "K": EIGHT_WAYS,
}
SLIDES = {
    "9": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
    "X": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "Q": EIGHT_WAYS,
    "A": EIGHT_WAYS,
}


@dataclass
class Naive:
    """A position: (file, rank) -> (owner 'F'/'R', card code), and the side to move."""

    cards: dict[tuple[int, int], tuple[str, str]]
    side: str
    winner: str | None = None


def parse(text: str) -> Naive:
    """Read a position string (board, side, number) the simple way."""
    board_text, side, _number = text.split()
    cards = {}
    for row, field in enumerate(board_text.split("/")):
        rank = 9 - row
        file = 0
        for token in field.split(","):
            if token.isdigit():
                file += int(token)
            else:
                owner = "F" if token == token.upper() else "R"
                cards[(file, rank)] = (owner, token.upper())
                file += 1
    return Naive(cards, side)


def name(square: tuple[int, int]) -> str:
    """``(4, 0)`` -> ``e0``."""
    return FILES[square[0]] + str(square[1])


def on_board(square: tuple[int, int]) -> bool:
    """True for a square of the 10x10 board."""
    return 0 <= square[0] < 10 and 0 <= square[1] < 10


def capture_kind(mover: str, victim: str) -> str | None:
    """'discard' (CM-10), 'follow' (CM-11), or None when CM-9 forbids it."""
    if mover[1] != victim[1]:
        return "discard"
    if ORDER.index(mover[0]) > ORDER.index(victim[0]):
        return "follow"
    return None


def moves(pos: Naive) -> list[str]:
    """Legal moves as ``card[:]square[=A]`` strings (no markers), sorted."""
    found: list[tuple[str, str]] = []  # (kind, text)
    ahead = 1 if pos.side == "F" else -1

    def add(card: str, dest: tuple[int, int], quiet_only: bool = False, promo: bool = False):
        if not on_board(dest):
            return
        there = pos.cards.get(dest)
        if there is None:
            found.append(("quiet", card + name(dest)))
            if promo:
                found.append(("quiet", card + name(dest) + "=A"))
            return
        if quiet_only or there[0] == pos.side:
            return
        kind = capture_kind(card, there[1])
        if kind:
            found.append((kind, card + ":" + name(dest)))
            if promo:
                found.append((kind, card + ":" + name(dest) + "=A"))

    for (f, r), (owner, card) in pos.cards.items():
        if owner != pos.side:
            continue
        rank = card[0]
        if rank in "123456789":
            add(card, (f, r - ahead), quiet_only=True)
        if rank == "1":
            entering = (r == 4 and pos.side == "F") or (r == 5 and pos.side == "R")
            add(card, (f, r + ahead), promo=entering)
        elif rank in STEPS:
            for df, dr in STEPS[rank]:
                add(card, (f + df, r + dr * ahead))
        if rank in SLIDES:
            for df, dr in SLIDES[rank]:
                k = 1
                while on_board((f + k * df, r + k * dr)):
                    add(card, (f + k * df, r + k * dr))
                    if (f + k * df, r + k * dr) in pos.cards:
                        break
                    k += 1
        if rank in "JA":
            for df, dr in KNIGHT:
                add(card, (f + df, r + dr))
        if rank == "J":
            for df, dr in EIGHT_WAYS:
                add(card, (f + df, r + dr))
                if on_board((f + df, r + dr)) and (f + df, r + dr) not in pos.cards:
                    add(card, (f + 2 * df, r + 2 * dr))
    follows = [text for kind, text in found if kind == "follow"]
    return sorted(follows or [text for _, text in found])


def play(pos: Naive, move: str) -> Naive:
    """The position after ``move`` (a fresh copy), with the King/palace winner if any."""
    card = move[:2]
    dest_text = move.replace(":", "")[2:4]
    dest = (FILES.index(dest_text[0]), int(dest_text[1]))
    start = next(sq for sq, (_, c) in pos.cards.items() if c == card)
    cards = dict(pos.cards)
    del cards[start]
    victim = cards.get(dest)
    cards[dest] = (pos.side, "A" + card[1] if move.endswith("=A") else card)
    other = "R" if pos.side == "F" else "F"
    winner = None
    kings_left = [c for o, c in cards.values() if o == other and c[0] == "K"]
    if victim is not None and victim[1][0] == "K" and not kings_left:
        winner = pos.side
    palace = {"F": [(4, 9), (5, 9)], "R": [(4, 0), (5, 0)]}[pos.side]
    if card[0] == "K" and dest in palace:
        winner = pos.side
    return Naive(cards, other, winner)


def perft(pos: Naive, depth: int) -> int:
    """Move sequences of length ``depth``; a won position has none."""
    if depth == 0:
        return 1
    if pos.winner is not None:
        return 0
    legal = moves(pos)
    if depth == 1:
        return len(legal)
    return sum(perft(play(pos, m), depth - 1) for m in legal)
