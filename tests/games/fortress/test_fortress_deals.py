"""Game numbers and PySolFC-compatible deals (FO-1, FO-11; vectors 1-4 and 6)."""

import random

import pytest

from kibitz.core import load
from kibitz.core.errors import NotationError
from kibitz.core.rng import Rng
from kibitz.games.fortress.cards import NAMES, card_name, parse_card
from kibitz.games.fortress.deals import (
    InvalidGameNumber,
    deal_piles,
    dealing_sequence,
    lcg_values,
    ms_order,
    parse_game_number,
    random_game_number,
    shuffled_list,
)

GAME1_SEQUENCE = (
    "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH 4H AC "
    "4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H"
)
GAME1_PILES = [
    "JD 9S JS 4D 6D 2H",
    "2D 5S AS 7S 8S 6H",
    "9H AD AH 3S 8D",
    "JC QC 3C TD QS",
    "5D KH 4C 4S 6C",
    "7H 3H 5C TH 3D",
    "7C 2S TS 8H 8C",
    "5H KS QH 2C TC",
    "KD 9D 4H JH 6S",
    "KC QD AC 7D 9C",
]
GAME1_POSITION = (
    "JD9SJS4D6D2H/2D5SAS7S8S6H/9HADAH3S8D/JCQC3CTDQS/5DKH4C4S6C/7H3H5CTH3D/7C2STS8H8C/"
    "5HKSQH2CTC/KD9D4HJH6S/KCQDAC7D9C -,-,-,- A"
)


def test_card_ids_vector_1():
    assert [card_name(c) for c in (0, 12, 13, 26, 39, 51)] == ["AC", "KC", "AS", "AH", "AD", "KD"]


def test_ms_order_vector_1():
    names = [NAMES[c] for c in ms_order()]
    assert names[:8] == "AC AD AH AS 2C 2D 2H 2S".split()
    assert names[-4:] == "KC KD KH KS".split()
    assert sorted(ms_order()) == list(range(52))


def test_card_parser_accepts_variants_and_rejects_garbage():
    assert parse_card("as") == 13
    assert parse_card("10h") == parse_card("TH") == 26 + 9
    assert parse_card("K♦") == 51 and parse_card("A♣") == 0
    assert parse_card("Q♠") == 13 + 11 and parse_card("2♥") == 27
    for bad in ("1H", "AX", "", "ASS", "ZZ"):
        with pytest.raises(NotationError, match="is not a card"):
            parse_card(bad)


def test_lcg_first_values_vector_2():
    gen = lcg_values(1)
    rs = [next(gen) for _ in range(3)]
    assert rs == [41, 18467, 6334]
    assert [r % (n + 1) for r, n in zip(rs, (51, 50, 49), strict=True)] == [41, 5, 34]


def test_mt_first_value_vector_2():
    assert random.Random(32000).random() == 0.3721723162993418


def _mt_reference(number: int) -> list[int]:
    """Independent MT path: a, b from getrandbits, as the spec writes random()."""
    g = random.Random(number)
    cards = list(range(52))
    for n in range(51, 0, -1):
        a, b = g.getrandbits(32) >> 5, g.getrandbits(32) >> 6
        j = int((a * 2**26 + b) / 2**53 * (n + 1))
        cards[n], cards[j] = cards[j], cards[n]
    return cards


def _lcg_reference(number: int) -> list[int]:
    """Independent LCG path, keeping the state modulo 2^33 as PySolFC does."""
    cards = ms_order()
    state = number
    for n in range(51, 0, -1):
        state = (state * 214013 + 2531011) % 2**33
        j = ((state >> 16) & 0x7FFF) % (n + 1)
        cards[n], cards[j] = cards[j], cards[n]
    return cards


@pytest.mark.parametrize("number", [1, 2, 617, 11982, 31999])
def test_lcg_path_matches_reference(number):
    assert shuffled_list(number) == _lcg_reference(number)


@pytest.mark.parametrize("number", [32000, 32001, 123456789, 10**19 + 7, 10**20 - 1])
def test_mt_path_matches_reference(number):
    assert shuffled_list(number) == _mt_reference(number)


def test_boundary_31999_lcg_32000_mt():
    assert shuffled_list(31999) == _lcg_reference(31999) != _mt_reference(31999)
    assert shuffled_list(32000) == _mt_reference(32000) != _lcg_reference(32000)


def test_game1_dealing_sequence_vector_3():
    assert " ".join(NAMES[c] for c in dealing_sequence(1)) == GAME1_SEQUENCE


def test_game1_layout_vector_4():
    assert [" ".join(NAMES[c] for c in p) for p in deal_piles(1)] == GAME1_PILES
    assert load("fortress").new_initial_state(1).position() == GAME1_POSITION
    assert load("chessboard").new_initial_state(1).position() == GAME1_POSITION[:-1] + "-"


def test_deal_shape_fo1():
    for number in (1, 5000, 40000, 10**18):
        piles = deal_piles(number)
        assert [len(p) for p in piles] == [6, 6] + [5] * 8
        assert sorted(c for p in piles for c in p) == list(range(52))
        seq = dealing_sequence(number)
        assert all(piles[k % 10][k // 10] == seq[k] for k in range(52))


def test_chessboard_deal_is_fortress_deal():
    for number in (3, 31999, 32000, 99999999):
        f = load("fortress").new_initial_state(number).board.piles
        assert load("chessboard").new_initial_state(number).board.piles == f


@pytest.mark.parametrize("text", ["1", "#1", "00001", " #1 ", "#0001"])
def test_game_number_forms_vector_6(text):
    assert parse_game_number(text) == 1


def test_game_number_grouping():
    assert parse_game_number("1,000,000") == 10**6
    assert parse_game_number("12 345_678") == 12345678
    assert parse_game_number("99999999999999999999") == 10**20 - 1


def test_game_zero_rejected_vector_6():
    with pytest.raises(InvalidGameNumber, match="game numbers start at 1"):
        parse_game_number("0")
    with pytest.raises(InvalidGameNumber, match="game numbers start at 1"):
        load("fortress").new_initial_state(0)


@pytest.mark.parametrize("text", ["-1", "abc", "", "100000000000000000000", "ms1", "1.5", "#"])
def test_bad_game_numbers_quote_input(text):
    with pytest.raises(InvalidGameNumber) as err:
        parse_game_number(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("seed", [-1, 10**20, True, "1"])
def test_bad_seeds_rejected(seed):
    with pytest.raises(InvalidGameNumber):
        load("chessboard").new_initial_state(seed)


def test_random_numbers_in_range_and_become_the_seed():
    rng = Rng(5)
    numbers = [random_game_number(rng) for _ in range(50)]
    assert all(10**16 <= n < 10**20 for n in numbers)
    assert len(set(numbers)) == 50
    state = load("fortress").new_initial_state()
    assert 10**16 <= state.seed < 10**20
    again = load("fortress").new_initial_state(state.seed)
    assert again.position() == state.position()
