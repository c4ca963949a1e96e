"""Presets as data and option overrides (rook.md sections 2-3, RK-2)."""

from __future__ import annotations

import pytest
from rook_testing import PRESETS

import kibitz
from kibitz.core.errors import InvalidOptions
from kibitz.core.options import options_to_json, parse_option_text
from kibitz.games.rook import RookOptions
from kibitz.games.rook.cards import RED1, ROOK, card_id, card_str, parse_card

# preset: cards, hand, nest, tricks, total per hand (spec section 2 table)
DECKS = {
    "crowsnest": (41, 9, 5, 120),
    "tournament": (41, 9, 5, 120),
    "partnership": (56, 14, 0, 120),
    "one_high": (57, 13, 5, 200),
    "red1": (42, 9, 6, 150),
    "buckeye": (45, 10, 5, 180),
    "dixie": (56, 13, 4, 120),
}


@pytest.mark.parametrize("preset", PRESETS)
def test_deck_sizes_hands_nest_and_total(preset: str) -> None:
    cards, hand, nest, total = DECKS[preset]
    table = kibitz.load("rook", preset=preset).table
    assert len(table.cards) == cards
    assert table.hand_size == hand
    assert table.nest_size == nest == cards - 4 * hand
    assert table.total == total
    assert table.bids[-1] == total  # bid_max = total


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("crowsnest", {"rook_rank": "lowest", "made_scores": "bid", "bonus": "none"}),
        ("tournament", {"rook_rank": "highest", "made_scores": "points", "rook": True}),
        ("partnership", {"rook": False, "ones_high": False, "bonus": "most_tricks"}),
        (
            "one_high",
            {"ones_high": True, "rook_rank": "lowest", "rook_anytime": False, "bid_min": 100},
        ),
        ("red1", {"red1": True, "red1_points": 30, "rook_rank": "highest", "rook_anytime": True}),
        ("buckeye", {"ranks": (1, *range(5, 15)), "ones_high": True, "rook_rank": "highest"}),
        ("dixie", {"counters": ((5, 5), (10, 10), (13, 10)), "bonus": "most_tricks"}),
    ],
)
def test_preset_parameters(preset: str, expected: dict) -> None:
    rules = kibitz.load("rook", preset=preset).rules
    for name, value in expected.items():
        assert getattr(rules, name) == value, name
    assert rules.target == 300
    assert rules.bid_step == 5
    assert rules.all_pass == "redeal"
    assert rules.first_lead == "left_of_dealer"
    assert rules.nest_points_to == "last_trick"


def test_card_ids_and_text_are_stable() -> None:
    assert card_id(0, 1) == 0 == RED1
    assert card_id(0, 14) == 13
    assert parse_card("y5") == 18
    assert parse_card("g10") == 37
    assert parse_card("b14") == 55
    assert parse_card("rook") == parse_card("Crow") == ROOK == 56
    texts = [card_str(c) for c in (0, 13, 18, 37, 55, 56)]
    assert texts == ["r1", "r14", "y5", "g10", "b14", "rook"]


def test_crowsnest_without_the_crow() -> None:
    game = kibitz.load("rook", rook=False)
    assert len(game.table.cards) == 40
    assert game.table.nest_size == 4
    assert game.table.total == 100
    assert ROOK not in game.table.cards
    assert game.rules.rook_rank == "lowest" and game.rules.made_scores == "bid"


def test_red1_deck_adds_the_red_one_only() -> None:
    table = kibitz.load("rook", preset="red1").table
    ones = [c for c in table.cards if c != ROOK and c % 14 == 0]
    assert ones == [RED1]
    assert table.points[RED1] == 30
    assert table.points[ROOK] == 20


def test_overrides_take_precedence_and_unset_take_the_preset() -> None:
    game = kibitz.load("rook", preset="buckeye", bid_min=100, all_pass="dealer_forced")
    assert game.rules.bid_min == 100 and game.rules.all_pass == "dealer_forced"
    assert game.rules.rook_rank == "highest"
    assert game.table.bids == tuple(range(100, 185, 5))
    assert options_to_json(game.options) == {
        "preset": "buckeye",
        "bid_min": 100,
        "all_pass": "dealer_forced",
    }


def test_named_alternatives_reachable_by_options() -> None:
    red = kibitz.load("rook", preset="red1", hand_size=10)
    assert red.table.nest_size == 2
    one = kibitz.load("rook", preset="partnership", ones_high=True)
    assert one.table.power[card_id(2, 1)] > one.table.power[card_id(2, 14)]
    above = kibitz.load("rook", preset="one_high", rook_rank="above_10")
    power = above.table.power
    assert power[card_id(1, 10)] < power[ROOK] < power[card_id(1, 11)]


def test_action_space_size() -> None:
    game = kibitz.load("rook")
    assert game.num_distinct_actions == 130
    state = game.new_initial_state(0)
    assert state.action_to_str(122) == "bid 85"
    assert kibitz.load("rook", rook=False).num_distinct_actions == 119 + 7  # bids 70..100


def test_command_line_option_text() -> None:
    cls = kibitz.load("rook").options_class
    parsed = parse_option_text(
        cls,
        [
            "preset=dixie",
            "bonus=none",
            "rook=off",
            "counters=5:5,10:10",
            "bid_max=total",
            "bid_min=40",
        ],
    )
    assert parsed == {
        "preset": "dixie",
        "bonus": "none",
        "rook": False,
        "counters": ("5:5", "10:10"),
        "bid_max": "total",
        "bid_min": 40,
    }
    game = kibitz.load("rook", **parsed)
    assert game.rules.bonus == "none"
    assert game.table.total == 60


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"hand_size": 11}, ["hand_size", "41"]),
        ({"hand_size": 0}, ["hand_size", "within 1..14"]),
        ({"ranks": (5, 5, 6)}, ["ranks", "distinct"]),
        ({"ranks": (0, 5)}, ["ranks", "within 1..14"]),
        ({"counters": ("5=5",)}, ["counters", "RANK:POINTS"]),
        ({"counters": ("5:-1",)}, ["counters", "points 0-200"]),
        ({"preset": "dixie", "rook_rank": "highest"}, ["rook_rank", "rook=true"]),
        ({"preset": "dixie", "rook_points": 10}, ["rook_points", "rook=true"]),
        ({"red1_anytime": True}, ["red1_anytime", "red1=true"]),
        ({"bonus_points": 30}, ["bonus_points", "bonus"]),
        ({"preset": "one_high", "most_tricks_tie": "split"}, ["most_tricks_tie", "most_tricks"]),
        ({"preset": "dixie", "most_tricks_tie": "split", "bonus_points": 15}, ["even", "15"]),
        ({"ones_high": True}, ["ones_high", "rank 1"]),
        ({"bid_step": 0}, ["bid_step", "within 1..100"]),
        ({"bid_min": 72}, ["bid_min", "multiple"]),
        ({"bid_max": 60}, ["bid_max", "bid_min"]),
        ({"rook": False, "bid_min": 105}, ["bid_max", "100"]),
        ({"target": 0}, ["target"]),
        ({"max_deals": -1}, ["max_deals"]),
        ({"preset": "bridge"}, ["preset", "crowsnest"]),
        ({"colour": 3}, ["colour", "valid options"]),
    ],
)
def test_invalid_options_are_named(options: dict, words: list[str]) -> None:
    with pytest.raises(InvalidOptions) as err:
        kibitz.load("rook", **options)
    for word in words:
        assert word in str(err.value), (word, str(err.value))


def test_options_dataclass_is_frozen_and_defaults_to_crowsnest() -> None:
    opts = RookOptions()
    assert opts.preset == "crowsnest" and opts.overrides() == {}
    with pytest.raises(AttributeError):
        opts.preset = "dixie"  # type: ignore[misc]
