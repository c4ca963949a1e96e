"""Valuing a hand by the game: the standing's win chances and the rookbot's game objective."""

from __future__ import annotations

import pytest
from rook_testing import deal

import kibitz
from kibitz.ai import make_agent
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import BID0, PASS
from kibitz.games.rook.agent import play_values
from kibitz.games.rook.policies import cautious_action
from kibitz.games.rook.position import PLAY
from kibitz.games.rook.standing import MARGIN, Standing, standing_of, win_chance

GAME = "rookbot:samples=24,play=pimc,objective=game"


def test_win_chance_is_even_when_level_and_grows_with_the_lead_and_the_end() -> None:
    assert win_chance(0, 0, 300, 120) == 0.5 == win_chance(0, 280, 300, 120)
    chances = [win_chance(lead, 100, 300, 120) for lead in (-150, -50, 0, 50, 150)]
    assert chances == sorted(chances) and chances[0] < 0.3 and chances[-1] > 0.7
    assert win_chance(-40, 100, 300, 120) == pytest.approx(1 - win_chance(40, 100, 300, 120))
    # the same lead is worth more the nearer the target (fewer hands left to turn it)
    assert (
        win_chance(60, 0, 300, 120) < win_chance(60, 150, 300, 120) < win_chance(60, 280, 300, 120)
    )


def test_a_hand_that_ends_the_game_is_worth_the_games_result() -> None:
    standing = Standing((250, 200), 300, last=False, total=120)
    won = standing.values((80, 20))  # 330 to 220: North-South reach the target first
    assert won == (pytest.approx(1 - MARGIN + MARGIN * 0.5), pytest.approx(-won[0]))
    lost = standing.values((-80, 100))  # 170 to 300: East-West win
    assert lost[0] == pytest.approx(-(1 - MARGIN) - MARGIN)
    level = standing.values((50, 100))  # 300 to 300: a tie at the target plays another hand
    assert level == (pytest.approx(-MARGIN * 50 / 120), pytest.approx(MARGIN * 50 / 120))
    on = Standing((0, 0), 300, last=False, total=120).values((80, 20))
    assert 0 < on[0] < won[0] and on[1] == -on[0]


def test_the_last_hand_of_a_hand_limit_is_won_by_the_team_ahead() -> None:
    standing = Standing((0, 0), 300, last=True, total=120)
    close, wide = standing.values((45, 40)), standing.values((100, 20))
    assert close[0] > 1 - MARGIN and wide[0] > close[0]  # winning decides; margin breaks ties
    assert standing.values((40, 40)) == (0.0, -0.0)


def test_standing_of_reads_the_totals_and_the_limits() -> None:
    state = kibitz.load("rook", max_hands=1).new_initial_state(3)
    assert standing_of(state) == Standing((0, 0), 300, last=True, total=state.table.total)
    game = kibitz.load("rook")
    state, rng = game.new_initial_state(3), Rng(3)
    while len(state.p.sheet) < 2:
        state.push(cautious_action(state, rng))
    assert not standing_of(state).last and standing_of(state).scores == state.p.sheet[-1].totals


def test_game_values_of_a_finished_playout_follow_the_standing() -> None:
    game = kibitz.load("rook")
    state, rng = game.new_initial_state(5), Rng(5)
    while state.p.phase != PLAY:
        state.push(cautious_action(state, rng))
    before = standing_of(state)
    det = state.resample_hidden(0, Rng(1))
    while det.p.phase == PLAY:
        det.push(cautious_action(det, rng))
    assert play_values(det, before) == before.values(det.p.sheet[-1].change)


def test_the_game_objective_judges_a_raise_against_the_standing() -> None:
    """At level totals a hand worth a bid is bid as by hand and nothing is bid for its own
    sake: a raise must beat the value of the standing (``even``), which is the team's own
    chance, not an even hand, when it is behind or ahead."""
    game = kibitz.load("rook")
    strong = deal(game, 3, {0: ["rook", "r14", "r13", "r12", "r11", "r10", "r9", "y14", "g14"]})
    weak = deal(game, 3, {0: ["r5", "r6", "y5", "y6", "y7", "g5", "g6", "b5", "b6"]})
    bot = make_agent(GAME, game, 1)
    assert bot.even(strong, 0) == 0.0
    assert bot.choose(strong, 0) == BID0 and bot.choose(weak, 0) == PASS
    assert bot.pass_value(weak, 0) == 0.0  # nobody has bid: the deal is thrown in
    behind = deal(game, 3, {0: ["r5", "r6", "y5", "y6", "y7", "g5", "g6", "b5", "b6"]})
    behind.p.scores = (60, 240)
    assert bot.even(behind, 0) < -0.5 < 0.5 < bot.even(behind, 1)
    assert bot.pass_value(behind, 0) == bot.even(behind, 0)
    for seed in (3, 5):  # a good hand (110 and 90 at level totals) bids higher behind
        state, rng = game.new_initial_state(seed), Rng(seed)
        while state.current_player < 0:
            state.apply(rng.weighted(state.chance_outcomes()))
        seat, limits = state.current_player, []
        for ours, theirs in ((0, 0), (60, 240), (240, 60)):
            state.p.scores = (ours, theirs) if seat % 2 == 0 else (theirs, ours)
            limits.append(
                make_agent("rookbot:samples=32,play=pimc,objective=game", game, 1).bid_limit(
                    state, seat
                )
            )
        level, behind_limit, ahead = limits
        assert behind_limit > level > ahead, (seed, limits)
    assert make_agent("rookbot:samples=24", game, 1).even(behind, 0) == 0.0


def test_the_game_objective_plays_whole_games_deterministically() -> None:
    game = kibitz.load("rook", max_deals=12)
    spec = "rookbot:samples=2,exchange=2,iterations=3,play=pimc,objective=game"

    def play(seed: int) -> list[int]:
        agents = [make_agent(spec, game, s) for s in range(4)]
        state, rng = game.new_initial_state(seed), Rng(seed)
        while not state.is_terminal():
            seat = state.current_player
            state.apply(
                rng.weighted(state.chance_outcomes())
                if seat < 0
                else agents[seat].choose(state, seat)
            )
        return list(state.history)

    assert play(2) == play(2)


@pytest.mark.parametrize("limit", ["max_hands", "max_deals"])
def test_the_view_says_when_the_hand_is_the_games_last_by_a_limit(limit: str) -> None:
    state = kibitz.load("rook", **{limit: 2}).new_initial_state(5)
    rng, seen = Rng(5), []
    while not state.is_terminal():
        view = state.observation(0)
        seen.append((view["deals"], view["hand_number"], view["last_hand"]))
        state.apply(cautious_action(state, rng) if state.current_player >= 0
                    else state.chance_outcomes()[0][0])  # fmt: skip
    during = {(d, h): last for d, h, last in seen if d <= 2}
    assert during[(1, 1)] is False and during[(2, 2)] is True
    assert kibitz.load("rook").new_initial_state(5).observation(0)["last_hand"] is False
