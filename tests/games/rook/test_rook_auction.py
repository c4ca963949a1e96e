"""Dealer, deal and auction (RK-5 to RK-9; spec 8.3)."""

from __future__ import annotations

import pytest
from rook_testing import call, deal

import kibitz
from kibitz.core.errors import IllegalAction
from kibitz.core.game import CHANCE
from kibitz.games.rook.actions import PASS
from kibitz.games.rook.cards import bits, parse_card, team_of

SOUTH, WEST, NORTH, EAST = range(4)


def test_first_dealer_is_a_uniform_chance_node() -> None:
    state = kibitz.load("rook").new_initial_state(0)
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [(s, 0.25) for s in range(4)]
    assert [state.action_to_str(a) for a in range(4)] == [
        "dealer South",
        "dealer West",
        "dealer North",
        "dealer East",
    ]


def test_deal_card_by_card_is_uniform_and_fills_hands_then_nest() -> None:
    game = kibitz.load("rook")
    state = game.new_initial_state(0)
    state.apply(state.str_to_action("dealer South"))
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(game.table.cards)
    assert all(abs(p - 1 / 41) < 1e-12 for _, p in outcomes)
    state.apply(state.str_to_action("deal g14"))
    assert bits(state.p.hands[WEST]) == [parse_card("g14")]  # left of the dealer first
    assert len(state.chance_outcomes()) == 40
    state = deal(game, SOUTH)
    assert [h.bit_count() for h in state.p.hands] == [9, 9, 9, 9]
    assert state.p.nest.bit_count() == 5
    assert state.current_player == WEST


def test_west_declares_at_90() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    call(state, "W 70, N 75, E pass, S pass, W 90, N pass")
    assert state.p.declarer == WEST and state.p.contract == 90
    assert state.current_player == WEST
    assert state.observation(SOUTH)["declarer"] == WEST


def test_four_passes_redeal_by_the_same_dealer() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    call(state, "W pass, N pass, E pass, S pass")
    assert state.current_player == CHANCE
    assert state.p.dealer == SOUTH
    assert state.p.deals == 2
    assert state.p.hands == (0, 0, 0, 0) and state.p.calls == ()
    assert state.p.sheet == () and state.p.scores == (0, 0)
    assert len(state.chance_outcomes()) == 41


def test_dealer_forced_may_not_pass() -> None:
    state = deal(kibitz.load("rook", all_pass="dealer_forced"), SOUTH)
    call(state, "W pass, N pass, E pass")
    assert PASS not in state.legal_actions()
    with pytest.raises(IllegalAction, match="dealer and must bid"):
        state.apply(state.str_to_action("pass"))
    call(state, "S 70")
    assert state.p.declarer == SOUTH and state.p.contract == 70


def test_maximum_bid_ends_the_auction() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    call(state, "W 120")
    assert state.p.declarer == WEST and state.p.contract == 120
    assert state.p.phase != 2


@pytest.mark.parametrize(
    ("options", "script", "bad", "message"),
    [
        ({}, "W 70", "bid 70", "must exceed 70"),
        ({}, "", "bid 72", "multiples of 5 from 70 to 120"),
        ({"rook": False}, "", "bid 105", "from 70 to 100"),
        ({}, "", "bid 65", "from 70"),
    ],
)
def test_refused_bids(options: dict, script: str, bad: str, message: str) -> None:
    state = deal(kibitz.load("rook", **options), SOUTH)
    if script:
        call(state, script)
    before = state.serialize()
    with pytest.raises(IllegalAction, match=message):
        state.apply(state.str_to_action(bad))
    assert state.serialize() == before


def test_calls_go_clockwise_skipping_passed_players() -> None:
    state = deal(kibitz.load("rook"), EAST)
    assert state.current_player == SOUTH
    call(state, "S 70, W pass, N 75, E 80, S pass, N 85, E 90")
    assert state.current_player == NORTH
    call(state, "N pass")
    assert state.p.declarer == EAST and state.p.contract == 90


def test_dealer_calls_in_the_first_lap_and_jumps_are_allowed() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    call(state, "W 70, N pass, E pass, S 100")
    assert state.current_player == WEST
    call(state, "W pass")
    assert state.p.declarer == SOUTH and state.p.contract == 100


def test_a_pass_is_final() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    call(state, "W pass, N 70, E pass, S 75")
    assert state.current_player == NORTH  # West is skipped for good


def test_legal_calls_list() -> None:
    state = deal(kibitz.load("rook"), SOUTH)
    legal = [state.action_to_str(a) for a in state.legal_actions()]
    assert legal[0] == "pass" and legal[1] == "bid 70" and legal[-1] == "bid 120"
    call(state, "W 110")
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["pass", "bid 115", "bid 120"]


def test_seats_and_partnerships() -> None:
    """RK-1: seats South, West, North, East clockwise; partners sit opposite."""
    game = kibitz.load("rook")
    assert game.player_names == ("South", "West", "North", "East")
    assert game.num_players == 4
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    state = deal(game, NORTH)
    assert state.current_player == EAST  # left of North is East, the next seat clockwise
