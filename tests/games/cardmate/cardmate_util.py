"""Shared helpers for the Cardmate tests: build positions from a few cards, list moves."""

from __future__ import annotations

import kibitz
from kibitz.games.cardmate import CardmateState

START = (
    "xd,8c,9s,qc,ks,kd,qs,9d,8s,xh/7h,1,6c,jh,5c,5s,jc,6h,1,7d/4d,2c,3h,1s,2,4s,3d,2h,1c/"
    "10/10/10/10/1D,2S,3C,4H,2,1H,3S,2D,4C/7C,1,6S,JD,5H,5D,JS,6D,1,7S/"
    "XS,8H,9C,QH,KC,KH,QD,9H,8D,XC F 1"
)
SAMPLE_GAME = """\
1.4Ci3 4Db6 2.8Dj2 8Ca7 3.8Dh3 8Cc6 4.7Cb1 7Di8 5.3Cd3 3Di6 6.8Hc2 4Dc5
7.JSf3 9Sa7 8.9H:c5 9S:c5 9.2Sa3 9S:a3 10.1D:a3 8Sh7 11.3Cd4 8C:d4
12.8H:d4 8Sg5 13.JS:g5 3Hc6 14.JS:g7 6H:g7 15.8H:c6 JH:c6 16.1Da4 QSh8
17.8Di5 QS:h2 18.8D:j7?? 7Dh8! 19.8D:h8 QS:f0+ 20.8D:i6 QS:e0× 0-1"""
BEFORE_18 = (
    "xd,2,qc,ks,kd,1,9d,1,xh/7h,1,6c,1,5c,5s,jc,1,7d,1/1,2c,1,1s,2,6h,1,2h,1c/2,jh,5,3d,1/"
    "8,8D,1/1D,9/8,4C,1/3,4H,2,1H,qs,2D,1/1,7C,6S,JD,5H,5D,1,6D,1,7S/XS,1,9C,QH,KC,KH,QD,2,XC F 18"
)
FINAL = (
    "xd,2,qc,ks,kd,1,9d,1,xh/7h,1,6c,1,5c,5s,jc,3/1,2c,1,1s,2,6h,1,2h,1/2,jh,5,8D,1/10/1D,9/"
    "8,4C,1/3,4H,2,1H,1,2D,1/1,7C,6S,JD,5H,5D,1,6D,1,7S/XS,1,9C,QH,qs,1,QD,2,XC F 21"
)


def sample_moves() -> list[str]:
    """Sample game 1's moves without numbers, annotations or result."""
    tokens = SAMPLE_GAME.split()[:-1]
    return [t.split(".")[-1].rstrip("?!") for t in tokens]


def position_string(cards: dict[str, str], side: str = "F", number: int = 1) -> str:
    """A position string from ``{"d4": "8C", "d3": "2h"}`` (case gives the owner)."""
    fields = []
    for rank in range(9, -1, -1):
        tokens: list[str] = []
        gap = 0
        for file in "abcdefghij":
            code = cards.get(f"{file}{rank}")
            if code is None:
                gap += 1
                continue
            if gap:
                tokens.append(str(gap))
                gap = 0
            tokens.append(code)
        if gap:
            tokens.append(str(gap))
        fields.append(",".join(tokens))
    return f"{'/'.join(fields)} {side} {number}"


def make(cards: dict[str, str], side: str = "F", **options: object) -> CardmateState:
    """A state with just ``cards`` on the board."""
    return kibitz.load("cardmate", **options).new_state_from_position(position_string(cards, side))


def plain(move: str) -> str:
    """A move without its King marker."""
    return move.rstrip("+×")


def move_texts(state: CardmateState) -> list[str]:
    """The legal moves in full notation, sorted."""
    return sorted(state.action_to_str(a) for a in state.legal_actions())


def play(state: CardmateState, *moves: str) -> CardmateState:
    """Apply moves given in notation."""
    for move in moves:
        state.apply(state.str_to_action(move))
    return state


SUIT_MIRROR = {"C": "D", "D": "C", "H": "S", "S": "H"}


def mirror_move(move: str) -> str:
    """The centre-symmetric move: suit C<->D, H<->S, square (f, r) -> (9-f, 9-r)."""
    card = move[0] + SUIT_MIRROR[move[1]]
    rest = move[2:]
    colon = ":" if rest.startswith(":") else ""
    rest = rest[len(colon) :]
    square = "abcdefghij"[9 - "abcdefghij".index(rest[0])] + str(9 - int(rest[1]))
    return card + colon + square + rest[2:]


def mirror_position(text: str) -> str:
    """The mirrored position string: squares reflected, owners swapped, suits mapped."""
    board, side, number = text.split()
    cards: dict[str, str] = {}
    for row, field in enumerate(board.split("/")):
        rank, file = 9 - row, 0
        for token in field.split(","):
            if token.isdigit():
                file += int(token)
                continue
            code = token[0].upper() + SUIT_MIRROR[token[1].upper()]
            code = code.lower() if token == token.upper() else code
            cards["abcdefghij"[9 - file] + str(9 - rank)] = code
            file += 1
    return position_string(cards, "R" if side == "F" else "F", int(number))
