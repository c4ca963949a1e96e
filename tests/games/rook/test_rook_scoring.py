"""Hand scores, game end, sudden death and the deal cap (RK-14 to RK-18; spec 8.4-8.5)."""

from __future__ import annotations

import pytest
from rook_testing import call, deal, deal_into

import kibitz
from kibitz.core.errors import IllegalAction
from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import DISCARD0
from kibitz.games.rook.cards import bits
from kibitz.games.rook.scoring import game_winner, score_hand

SOUTH, WEST, NORTH, EAST = range(4)
GREENS = [f"g{r}" for r in range(6, 15)]

# preset, options, contract, declarers' card points, defenders' card points, tricks
# (declarers, defenders), nest points, nest to declarers?, expected declarer / defender scores
HANDS = [
    ("crowsnest", {}, 85, 80, 25, (5, 4), 15, True, 85, 25),
    ("tournament", {}, 85, 80, 25, (5, 4), 15, True, 95, 25),
    ("crowsnest", {}, 85, 80, 25, (5, 4), 15, False, -85, 40),
    ("tournament", {}, 85, 80, 25, (5, 4), 15, False, -85, 40),
    ("crowsnest", {}, 120, 105, 0, (9, 0), 15, True, 120, 0),
    ("crowsnest", {"rook": False}, 70, 60, 30, (6, 3), 10, True, 70, 30),
    ("partnership", {}, 70, 65, 35, (7, 7), 0, True, -70, 35),
    ("partnership", {"most_tricks_tie": "split"}, 70, 65, 35, (7, 7), 0, True, 75, 45),
    ("dixie", {}, 80, 60, 30, (8, 5), 10, True, 90, 30),
    ("one_high", {}, 120, 95, 70, (8, 5), 15, True, 130, 70),
    ("buckeye", {}, 120, 95, 70, (6, 4), 15, True, -120, 70),
]


@pytest.mark.parametrize("declaring", [0, 1])
@pytest.mark.parametrize(
    ("preset", "options", "bid", "dpts", "opts", "tricks", "nest", "nest_d", "dscore", "oscore"),
    HANDS,
)
def test_hand_scoring_vectors(
    declaring, preset, options, bid, dpts, opts, tricks, nest, nest_d, dscore, oscore
) -> None:
    rules = kibitz.load("rook", preset=preset, **options).rules
    d, o = declaring, 1 - declaring
    card_points = [0, 0]
    card_points[d], card_points[o] = dpts, opts
    won = [0, 0]
    won[d], won[o] = tricks
    last = d if nest_d else o
    hs = score_hand(rules, d, bid, tuple(card_points), tuple(won), last, nest)
    assert hs.change[d] == dscore and hs.change[o] == oscore
    assert hs.made == (dscore > 0)
    assert hs.nest_to == last and hs.nest_points == nest


def test_one_high_last_trick_bonus_and_points_add_to_the_total() -> None:
    game = kibitz.load("rook", preset="one_high")
    hs = score_hand(game.rules, 0, 120, (95, 70), (8, 5), 0, 15)
    assert hs.bonus == (20, 0) and hs.points == (130, 70)
    assert sum(hs.points) == game.table.total == 200


def test_set_declarers_points_count_for_nothing_and_totals_may_go_negative() -> None:
    rules = kibitz.load("rook").rules
    hs = score_hand(rules, 0, 100, (60, 40), (5, 4), 1, 20)
    assert hs.change == (-100, 60)


@pytest.mark.parametrize(
    ("before", "change", "after", "winner"),
    [
        ((280, 270), (85, 35), (365, 305), 0),
        ((290, 250), (50, -80), (340, 170), 0),
        ((230, 280), (85, 35), (315, 315), None),
        ((20, 0), (-100, 40), (-80, 40), None),
        ((250, 290), (40, 20), (290, 310), 1),
    ],
)
def test_game_end_vectors(before, change, after, winner) -> None:
    totals = (before[0] + change[0], before[1] + change[1])
    assert totals == after
    assert game_winner(totals, 300) == winner


def _set_scores(state, scores: tuple[int, int]) -> None:
    p = state.p.copy()
    p.scores = scores
    state.p = p


def _play_strong_hand(state, strong: int, script: str) -> None:
    """Deal ``strong`` g6-g14 (g5 in the nest), run ``script``, discard the nest, trump green."""
    deal_into(state, {strong: GREENS}, ["g5"])
    call(state, script)
    for c in bits(state.p.nest_taken):
        state.apply(DISCARD0 + c)
    state.apply(state.str_to_action("trump green"))
    rng = Rng(11)
    hand_no = state.p.hand_no
    while state.p.hand_no == hand_no:
        state.apply(rng.choice(state.legal_actions()))


def test_sudden_death_when_both_reach_the_target_level() -> None:
    fresh = kibitz.load("rook").new_initial_state(0)
    fresh.apply(EAST)
    _set_scores(fresh, (180, 300))
    _play_strong_hand(fresh, SOUTH, "S 120")
    assert fresh.p.scores == (300, 300)
    assert fresh.outcome() is None and fresh.current_player == CHANCE
    assert fresh.p.dealer == SOUTH
    _play_strong_hand(fresh, NORTH, "W pass, N 120")
    assert fresh.p.scores == (420, 300)
    out = fresh.outcome()
    assert out is not None and out.returns == (1.0, -1.0, 1.0, -1.0)
    assert "North-South" in out.reason and "420 to 300" in out.reason
    with pytest.raises(IllegalAction, match="game is over"):
        fresh.apply(0)


def test_defence_points_count_toward_the_target() -> None:
    state = kibitz.load("rook").new_initial_state(0)
    state.apply(EAST)
    _set_scores(state, (0, 290))
    deal_into(state, {WEST: GREENS}, ["g5"])
    call(state, "S 70, W pass, N pass, E pass")
    for c in bits(state.p.nest_taken):
        state.apply(DISCARD0 + c)
    state.apply(state.str_to_action("trump green"))
    rng = Rng(2)
    while not state.is_terminal() and state.current_player != CHANCE:
        state.apply(rng.choice(state.legal_actions()))
    (row,) = state.p.sheet
    assert row.change == (-70, 120)  # West holds every green but g5 and wins every trick
    assert state.outcome() is not None and state.outcome().returns == (-1.0, 1.0, -1.0, 1.0)


def test_deal_cap_ends_level_game_as_a_draw() -> None:
    state = deal(kibitz.load("rook", max_deals=1), SOUTH)
    call(state, "W pass, N pass, E pass, S pass")
    out = state.outcome()
    assert state.is_terminal() and out is not None
    assert out.returns == (0.0, 0.0, 0.0, 0.0) and "deal limit 1" in out.reason


def test_deal_cap_gives_the_game_to_the_higher_total() -> None:
    state = kibitz.load("rook", max_deals=1).new_initial_state(0)
    state.apply(EAST)
    _play_strong_hand(state, SOUTH, "S 120")
    out = state.outcome()
    assert out is not None and out.returns == (1.0, -1.0, 1.0, -1.0)
    assert "deal limit" in out.reason


def test_target_option() -> None:
    state = kibitz.load("rook", target=100).new_initial_state(0)
    state.apply(EAST)
    _play_strong_hand(state, SOUTH, "S 120")
    assert state.outcome() is not None and state.outcome().returns[0] == 1.0
