"""Move numbers as the web page's move list writes them (``static/movenumbers.js``), for the
terminal and `kibitz analyse`: one number per round of the seats, ``5.`` for the first seat's
move opening the round and ``5...`` for any other."""

from __future__ import annotations

import kibitz
from kibitz.core.movenumbers import MoveCounter, column, move_numbers


def numbers(game: str, seats: list[int]) -> list[str]:
    return [str(n) for n in move_numbers(kibitz.load(game), seats)]


def test_two_seats_make_one_round_a_number() -> None:
    assert numbers("smess", [0, 1, 0, 1, 0]) == ["1.", "1...", "2.", "2...", "3."]


def test_a_game_begun_by_the_second_seat_begins_with_dots() -> None:
    assert numbers("smess", [1, 0, 1]) == ["1...", "2.", "2..."]


def test_a_seats_actions_in_a_row_share_its_round() -> None:
    """A Cardmate turn of several actions (cards laid, then the turn ended)."""
    assert numbers("cardmate", [0, 0, 1, 1, 0]) == ["1.", "1...", "1...", "1...", "2."]


def test_a_game_of_one_seat_numbers_every_move() -> None:
    assert numbers("fortress", [0, 0, 0]) == ["1.", "2.", "3."]


def test_a_game_of_hidden_cards_counts_its_moves() -> None:
    """The page lists no moves where they hide cards; its analysis counts them."""
    assert numbers("rook", [0, 1, 2, 3, 0]) == ["1.", "2.", "3.", "4.", "5."]


def test_a_column_lines_the_numbers_up() -> None:
    smess = kibitz.load("smess")
    assert column(smess, move_numbers(smess, [0, 1] * 5), 3) == [
        "  1.  ", "  1...", "  2.  ", "  2...", "  3.  ", "  3...", "  4.  ", "  4...",
        "  5.  ", "  5...",
    ]
    fortress = kibitz.load("fortress")
    assert column(fortress, move_numbers(fortress, [0] * 10), 3)[-2:] == ["  9.", " 10."]
    assert column(smess, move_numbers(smess, [0]), 3) == ["  1.  "]  # as wide from the first


def test_a_counter_numbers_moves_as_they_come() -> None:
    cardmate = kibitz.load("cardmate")
    counter = MoveCounter(cardmate)
    seats = [1, 0, 0, 1, 0]
    assert [counter.next(s) for s in seats] == move_numbers(cardmate, seats)
    assert [str(n) for n in move_numbers(cardmate, seats)] == ["1...", "2.", "2...", "2...", "3."]
