"""Effective suit, power, legal plays and trick winners (RK-3, RK-4, RK-12, RK-13; spec 8.1-8.2)."""

from __future__ import annotations

import pytest

import kibitz
from kibitz.games.rook.cards import bits, card_str, parse_card, parse_colour
from kibitz.games.rook.tricks import legal_plays, trick_winner

TRICKS = [
    ("crowsnest", "green", "r10 r14 crow r5", "crow"),
    ("crowsnest", "green", "r10 crow g5 r14", "g5"),
    ("crowsnest", "green", "y9 y5 b14 y12", "y12"),
    ("crowsnest", "green", "crow r14 g6 b10", "g6"),
    ("tournament", "green", "g14 rook g5 g6", "rook"),
    ("tournament", "green", "r5 r14 g5 rook", "rook"),
    ("one_high", "black", "b12 b1 rook b14", "b1"),
    ("one_high", "black", "y14 y1 y13 r1", "y1"),
    ("red1", "yellow", "r14 r1 rook r13", "r1"),
    ("red1", "yellow", "r10 r14 rook y14", "rook"),
    ("red1", "red", "r14 r12 r1 r5", "r1"),
    ("buckeye", "red", "r14 r1 rook r5", "rook"),
    ("buckeye", "red", "y14 y1 y5 b1", "y1"),
    ("partnership", "green", "y1 y2 b14 y6", "y6"),
    ("dixie", "black", "g13 g14 b5 g1", "b5"),
]


def _cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def _mask(text: str) -> int:
    return sum(1 << c for c in _cards(text))


@pytest.mark.parametrize(("preset", "trump", "trick", "winner"), TRICKS)
def test_trick_winner_vectors(preset: str, trump: str, trick: str, winner: str) -> None:
    table = kibitz.load("rook", preset=preset).table
    cards = _cards(trick)
    assert cards[trick_winner(table, parse_colour(trump), cards)] == parse_card(winner)


LEGAL = [
    ("crowsnest", "green", "r5 r9 crow g7 b14", "r12", "r5 r9 crow"),
    ("crowsnest", "green", "r5 r9 crow g7 b14", "g10", "g7 crow"),
    ("crowsnest", "green", "crow r5 b14", "g10", "crow"),
    ("crowsnest", "green", "crow r5 b14", "y6", "crow r5 b14"),
    ("crowsnest", "green", "r5 b14", "crow", "r5 b14"),
    ("tournament", "green", "rook g9 r5", "r13", "r5 rook"),
    ("one_high", "black", "rook r5 y9", "r9", "r5"),
    ("one_high", "black", "rook r5 y9", "b3", "rook"),
    ("one_high", "black", "rook r5 y9", "g2", "rook r5 y9"),
    ("red1", "yellow", "r1 r7 y5", "r10", "r7"),
    ("red1", "yellow", "r1 r7 y5", "y9", "r1 y5"),
    ("red1", "yellow", "r1 y5 b6", "r10", "r1 y5 b6"),
]


@pytest.mark.parametrize(("preset", "trump", "hand", "led", "legal"), LEGAL)
def test_legal_play_vectors(preset: str, trump: str, hand: str, led: str, legal: str) -> None:
    game = kibitz.load("rook", preset=preset)
    mask = legal_plays(game.table, False, parse_colour(trump), _mask(hand), parse_card(led))
    assert mask == _mask(legal), [card_str(c) for c in bits(mask)]


def test_leader_may_lead_anything() -> None:
    table = kibitz.load("rook").table
    hand = _mask("r5 crow g7 b14")
    assert legal_plays(table, False, 2, hand, -1) == hand


def test_bird_card_as_the_only_trump_must_follow_a_trump_lead() -> None:
    table = kibitz.load("rook", preset="one_high").table  # rook_anytime off: plain trump
    assert legal_plays(table, False, 3, _mask("rook r5 y9"), parse_card("b3")) == _mask("rook")
    table = kibitz.load("rook", preset="tournament").table
    assert legal_plays(table, False, 3, _mask("rook r5 y9"), parse_card("b3")) == _mask("rook")


def test_rook_anytime_off_makes_the_bird_an_ordinary_trump() -> None:
    table = kibitz.load("rook", rook_anytime=False).table
    assert legal_plays(table, False, 2, _mask("r5 r9 crow g7"), parse_card("r12")) == _mask("r5 r9")


def test_red1_anytime_lets_the_red_one_be_played_while_following() -> None:
    table = kibitz.load("rook", preset="red1", red1_anytime=True).table
    assert legal_plays(table, False, 1, _mask("r1 r7 y5"), parse_card("r10")) == _mask("r1 r7")


def test_must_trump_when_void() -> None:
    table = kibitz.load("rook").table
    hand = _mask("r5 g7 crow b14")
    assert legal_plays(table, True, 2, hand, parse_card("y6")) == _mask("g7 crow")
    assert legal_plays(table, True, 2, _mask("r5 b14"), parse_card("y6")) == _mask("r5 b14")
    assert legal_plays(table, False, 2, hand, parse_card("y6")) == hand


def test_effective_suit_and_power() -> None:
    table = kibitz.load("rook", preset="red1").table
    for trump in range(4):
        assert table.suit_of[trump][parse_card("rook")] == trump
        assert table.suit_of[trump][parse_card("r1")] == trump
        assert table.suit_of[trump][parse_card("r5")] == 0
    crow = kibitz.load("rook").table.power
    assert crow[parse_card("crow")] < crow[parse_card("g5")]
    high = kibitz.load("rook", preset="buckeye").table.power
    assert high[parse_card("g1")] > high[parse_card("g14")]
    assert high[parse_card("rook")] > high[parse_card("g1")]
    low = kibitz.load("rook", preset="partnership").table.power
    assert low[parse_card("g1")] < low[parse_card("g2")]


def test_off_suit_cards_never_win() -> None:
    table = kibitz.load("rook", preset="dixie").table
    cards = _cards("y2 b14 r14 g14")
    assert trick_winner(table, 3, cards) == 1
    assert trick_winner(table, 0, cards) == 2
    assert trick_winner(table, 1, cards) == 0
