"""Rook for search agents: determinizations, the no-peeking rule, the rookbot, hand matches."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rook_testing import PRESETS, deal
from typer.testing import CliRunner

import kibitz
from kibitz.ai import level, make_agent
from kibitz.cli import app
from kibitz.core.errors import IllegalAction, InvalidOptions
from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook.actions import BID0, PASS, TRUMP0
from kibitz.games.rook.agent import (
    card_value,
    expected,
    hand_end_values,
    lookahead,
    play_exchange,
    play_values,
)
from kibitz.games.rook.determinize import void_suits
from kibitz.games.rook.eval import LEVELS
from kibitz.games.rook.policies import cautious_action
from kibitz.games.rook.position import AUCTION, DISCARD, PLAY, TRUMP

FAST = "rookbot:samples=2,exchange=2,iterations=4"
"""A small-budget rookbot for rule coverage (the levels' budgets are tested for order only)."""
PIMC = "rookbot:samples=2,exchange=2,iterations=3,play=pimc"
STRONG = ["rook", "r14", "r13", "r12", "r11", "r10", "r9", "y14", "g14"]
"""A hand worth a bid: the Rook and the high reds."""


def _states(game, seed: int, every: int = 5, limit: int = 220):
    """Decision states of a cautious game (copies), every ``every``-th one."""
    state, rng = game.new_initial_state(seed), Rng(seed)
    out = []
    for n in range(limit):
        if state.is_terminal():
            break
        if state.current_player >= 0 and n % every == 0:
            out.append(state.clone())
        state.push(cautious_action(state, rng))
    return out


def _check_determinization(state, seat: int, rng_seed: int) -> None:
    det = state.resample_hidden(seat, Rng(rng_seed))
    assert det.observation(seat) == state.observation(seat)
    assert det.information_state_key(seat) == state.information_state_key(seat)
    assert state.game.deserialize(det.serialize()).p == det.p  # a real, replayable game
    hands = det.p.hands
    assert sum(h.bit_count() for h in hands) == sum(h.bit_count() for h in state.p.hands)
    if det.p.trump >= 0:
        suit_mask = det.table.suit_mask[det.p.trump]
        for other, voids in enumerate(void_suits(state)):
            for suit in range(4):
                if voids >> suit & 1:
                    assert not hands[other] & suit_mask[suit], (other, suit)


@pytest.mark.parametrize("preset", PRESETS)
def test_determinizations_match_the_seat_view_and_replay(preset: str) -> None:
    game = kibitz.load("rook", preset=preset, max_deals=4)
    for i, state in enumerate(_states(game, 3, every=11)):
        seat = state.current_player
        for viewer in (seat, (seat + 1) % 4):
            _check_determinization(state, viewer, i)


@pytest.mark.parametrize(
    "options",
    [
        {"must_trump_when_void": True},
        {"trump_before_nest": True, "first_lead": "declarer"},
        {"nest_counters_allowed": False},
        {"preset": "red1", "red1_anytime": True, "must_trump_when_void": True},
    ],
)
def test_determinizations_under_rule_options(options: dict) -> None:
    game = kibitz.load("rook", max_deals=3, **options)
    for i, state in enumerate(_states(game, 5, every=7)):
        _check_determinization(state, state.current_player, i)
        _check_determinization(state, (state.current_player + 2) % 4, i)


@given(
    st.sampled_from(PRESETS),
    st.integers(0, 10_000),
    st.integers(0, 160),
    st.integers(0, 3),
    st.booleans(),
)
def test_determinizations_are_consistent_at_random_points(
    preset: str, seed: int, plies: int, viewer: int, must_trump: bool
) -> None:
    game = kibitz.load("rook", preset=preset, max_deals=3, must_trump_when_void=must_trump)
    state, rng = game.new_initial_state(seed), Rng(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.push(cautious_action(state, rng))
    _check_determinization(state, viewer, seed)


def test_determinizations_redraw_hidden_cards_and_keep_known_ones() -> None:
    game = kibitz.load("rook")
    state = next(s for s in _states(game, 8, every=1) if s.p.phase == PLAY and s.p.tricks)
    seat = state.current_player
    dets = [state.resample_hidden(seat, Rng(k)) for k in range(12)]
    assert all(d.p.hands[seat] == state.p.hands[seat] for d in dets)
    assert len({d.p.hands for d in dets}) > 1
    assert len({state.resample_hidden(seat, Rng(3)).p.hands for _ in range(3)}) == 1
    declarer = state.p.declarer
    assert all(d.p.nest_taken != 0 for d in dets)
    mine = state.resample_hidden(declarer, Rng(1))
    assert (mine.p.nest_taken, mine.p.discards) == (state.p.nest_taken, state.p.discards)


def test_voids_shown_in_play_are_respected() -> None:
    """A seat that did not follow the led colour is dealt none of it in any determinization."""
    game = kibitz.load("rook")
    checked = 0
    for seed in range(30):
        if checked == 5:
            break
        for state in _states(game, seed, every=1, limit=120):
            voids = void_suits(state)
            if state.p.phase == PLAY and any(voids):
                for k in range(3):
                    _check_determinization(state, state.current_player, k)
                checked += 1
                break
    assert checked == 5


def test_a_determinization_cannot_be_undone_past_the_draw() -> None:
    state = _states(kibitz.load("rook"), 2, every=1)[60]
    det = state.resample_hidden(state.current_player, Rng(0))
    action = det.legal_actions()[0]
    det.apply(action)
    assert det.undo() == action
    with pytest.raises(IllegalAction, match="cannot undo past"):
        det.undo()
    with pytest.raises(IllegalAction, match="not a rook seat"):
        state.resample_hidden(7, Rng(0))


@pytest.mark.parametrize("phase", [AUCTION, DISCARD, PLAY])
def test_no_peeking(phase: int) -> None:
    """Two states a seat cannot tell apart give the same draws and the same agent choice."""
    game = kibitz.load("rook")
    state = next(s for s in _states(game, 11, every=1) if s.p.phase == phase)
    seat = state.current_player
    twin = game.deserialize(state.resample_hidden(seat, Rng(99)).serialize())
    assert twin.information_state_key(seat) == state.information_state_key(seat)
    assert twin.p.hands != state.p.hands  # the hidden cards really differ
    a, b = state.resample_hidden(seat, Rng(5)), twin.resample_hidden(seat, Rng(5))
    assert a.serialize() == b.serialize() and a.p == b.p
    for spec in (FAST, PIMC, "rookbot:samples=3,exchange=2,iterations=0", "level:1"):
        assert make_agent(spec, game, 4).choose(state, seat) == make_agent(
            spec, game, 4
        ).choose(twin, seat)


def _play_hand(game, agents, seed: int) -> list[int]:
    """One hand with the given agent per seat; the actions taken (all checked legal)."""
    state, chance = game.new_initial_state(seed), Rng(seed)
    for agent in agents:
        agent.reset()
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(chance.weighted(state.chance_outcomes()))
        else:
            action = agents[player].choose(state, player)
            assert action in state.legal_actions()
            state.apply(action)
    return state.history


@pytest.mark.parametrize(
    "options",
    [
        {"preset": "crowsnest"},
        {"preset": "partnership"},
        {"preset": "red1", "must_trump_when_void": True},
        {"preset": "one_high", "trump_before_nest": True},
        {"preset": "buckeye", "all_pass": "dealer_forced", "nest_counters_allowed": False},
    ],
)
def test_rookbot_plays_only_legal_actions(options: dict) -> None:
    game = kibitz.load("rook", max_hands=1, **options)
    agents = [make_agent(PIMC if s % 2 else FAST, game, s) for s in range(4)]
    _play_hand(game, agents, seed=2)


def test_last_expected_reports_each_decision_from_the_seat_view() -> None:
    """Every phase sets ``last_expected`` in [0, 1], equal for states the seat cannot tell
    apart; a strong hand's bid is valued above even."""
    game = kibitz.load("rook", max_hands=1)
    for spec in (FAST, PIMC, "rookbot:samples=3,exchange=2,iterations=0"):
        for state in _states(game, 4, every=9):
            seat = state.current_player
            twin = game.deserialize(state.resample_hidden(seat, Rng(7)).serialize())
            a, b = make_agent(spec, game, 3), make_agent(spec, game, 3)
            assert a.choose(state, seat) == b.choose(twin, seat)
            assert 0.0 <= a.last_expected == b.last_expected <= 1.0
    strong = deal(game, 3, {0: STRONG})
    bot = make_agent("rookbot:samples=24", game, 1)
    assert bot.choose(strong, 0) == BID0 and bot.last_expected > 0.5


def test_a_pass_reports_the_value_of_the_auction_ending_at_the_high_bid() -> None:
    """With nobody bidding a pass is even (the deal is thrown in); after the partner's bid
    it is the partner's contract, worth more beside a strong hand than a weak one. The
    estimate draws from a stream of its own: the choices do not change."""
    game = kibitz.load("rook")
    weak = ["r5", "r6", "y5", "y6", "y7", "g5", "g6", "b5", "b6"]
    opening = deal(game, 3, {0: weak})
    bot = make_agent("rookbot:samples=24", game, 1)
    assert bot.choose(opening, 0) == PASS and bot.last_expected == 0.5
    values = {}
    for name, hand in (("strong", STRONG), ("weak", weak)):
        state = deal(game, 3, {2: hand})
        state.apply(BID0)
        state.apply(PASS)
        bot, fresh = (make_agent("rookbot:samples=24", game, 1) for _ in range(2))
        bot.pass_value(state, 2)
        assert bot.choose(state, 2) == fresh.choose(state, 2) == PASS
        assert bot.last_expected == fresh.last_expected
        values[name] = bot.last_expected
    assert values["strong"] > values["weak"]
    state = deal(game, 3, {2: STRONG})
    state.apply(BID0)
    state.apply(PASS)
    bot, fresh = (make_agent("rookbot:samples=24", game, 1) for _ in range(2))
    expected_pass = fresh.pass_value(state.clone(), 2)
    estimates = []
    estimate = bot.pass_value
    bot.pass_value = lambda *args: estimates.append(args) or estimate(*args)
    state.apply(bot.choose(state, 2))
    assert estimates == []  # a pass is not valued while playing...
    assert bot.last_expected == (expected_pass + 1) / 2 == values["strong"]
    assert len(estimates) == 1  # ...but once when read, from the state as it was
    assert bot.last_expected == values["strong"] and len(estimates) == 1


def test_levels_are_legal_and_deterministic() -> None:
    game = kibitz.load("rook", max_hands=1)
    assert sorted(LEVELS) == [1, 2, 3, 4]
    agents = [level(game, n, seed=7) for n in (1, 2, 3, 1)]
    first = _play_hand(game, agents, seed=5)
    assert _play_hand(game, agents, seed=5) == first
    fresh = [level(game, n, seed=7) for n in (1, 2, 3, 1)]
    assert _play_hand(game, fresh, seed=5) == first


def test_slips_are_a_beginners_calls_and_random_legal_exchange_and_cards() -> None:
    """With ``noise=1`` every decision slips: a call is pass or the lowest raise (both
    happen), never a jump; discards, trump and cards are legal and vary with the seed."""
    game = kibitz.load("rook", max_hands=1)
    calls: set[str] = set()
    for seed in range(12):
        for state in _states(game, seed, every=1, limit=60):
            seat, legal = state.current_player, state.legal_actions()
            bot = make_agent("rookbot:samples=2,exchange=2,iterations=0,noise=1", game, seed)
            action = bot.choose(state, seat)
            assert action in legal
            if state.p.phase == AUCTION and PASS in legal and len(legal) > 1:
                lowest = min(a for a in legal if a >= BID0)
                assert action in (PASS, lowest)
                calls.add("pass" if action == PASS else "raise")
    assert calls == {"pass", "raise"}
    strong = deal(game, 3, {0: STRONG})
    picks = {make_agent("rookbot:samples=8,noise=1", game, s).choose(strong, 0) for s in range(20)}
    assert picks == {PASS, BID0}  # the judged call is to bid; a slip passes half the time


def test_bid_estimate_prefers_a_hand_of_high_trumps() -> None:
    game = kibitz.load("rook")
    strong = deal(game, 3, {0: STRONG})
    weak = deal(game, 3, {0: ["r5", "r6", "y5", "y6", "y7", "g5", "g6", "b5", "b6"]})
    bot = make_agent("rookbot:samples=24", game, 1)
    high = bot.bid_limit(strong, 0)
    low = bot.bid_limit(weak, 0)
    assert high >= 90 and high > low
    assert bot.bid_values(strong, 0)[90] > bot.bid_values(weak, 0)[90]
    assert strong.current_player == 0 and bot.choose(strong, 0) == BID0
    assert bot.choose(weak, 0) == PASS


def test_max_hands_ends_after_one_scored_hand_on_the_score_change() -> None:
    game = kibitz.load("rook", max_hands=1)
    for seed in range(6):
        state, rng = game.new_initial_state(seed), Rng(seed)
        while not state.is_terminal():
            state.push(cautious_action(state, rng))
        assert len(state.p.sheet) == 1
        assert state.observation(None)["hand_number"] == state.p.sheet[0].hand == 1
        assert state.render().startswith("Rook (crowsnest), hand 1, deal 1, phase: over")
        change = state.p.sheet[0].change
        returns = state.returns()
        assert returns[0] == (change[0] > change[1]) - (change[0] < change[1]) == -returns[1]
        assert "hand limit 1 reached" in state.outcome().reason


def test_max_hands_lets_a_passed_out_deal_be_redealt() -> None:
    state = kibitz.load("rook", max_hands=1).new_initial_state(0)
    rng = Rng(1)
    while state.current_player == CHANCE:
        state.apply(rng.weighted(state.chance_outcomes()))
    for _ in range(4):
        state.apply(PASS)
    assert state.current_player == CHANCE and state.p.deals == 2


runner = CliRunner()


def test_match_counted_in_hands(tmp_path) -> None:
    result = runner.invoke(
        app,
        ["match", "rook", "random", "random", "--hands", "4", "--duplicate", "--json",
         "--records", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["unit"] == "hands"
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    first, second = (json.loads(p.read_text()) for p in records[:2])
    assert first["options"]["max_hands"] == 1
    assert first["actions"][:42] == second["actions"][:42]  # duplicate: the same deal


def test_hands_refused_for_games_without_hands() -> None:
    result = runner.invoke(app, ["match", "smess", "random", "random", "--hands", "2"])
    assert result.exit_code != 0
    assert "max_hands" in result.output


def _minimax(det, team: int, plies: int) -> float:
    """Plain minimax of ``lookahead`` without pruning (the reference for the tests)."""
    if det.p.phase != PLAY:
        return hand_end_values(det)[team]
    if plies <= 0:
        return play_values(det)[team]
    values = []
    for card in det.legal_actions():
        det.push(card)
        values.append(_minimax(det, team, plies - 1))
        det.undo()
    return max(values) if det.p.to_act & 1 == team else min(values)


def test_lookahead_is_minimax_by_teams() -> None:
    """Alpha-beta with the policy's card first gives plain minimax's value, each seat playing
    for its team; with no plies left it is the policy playout's value."""
    game = kibitz.load("rook", max_hands=1)
    checked = 0
    for seed in range(6):
        for state in _states(game, seed, every=1, limit=400):
            if state.p.phase != PLAY or len(state.p.tricks) < 6 or state.is_terminal():
                continue
            det = state.resample_hidden(state.current_player, Rng(seed))
            team = det.p.to_act & 1
            assert lookahead(det, team, 0, -2.0, 2.0) == play_values(det)[team]
            assert lookahead(det, team, 6, -2.0, 2.0, deadline=0.0) == play_values(det)[team]
            for plies in (3, 6):
                assert lookahead(det, team, plies, -2.0, 2.0) == pytest.approx(
                    _minimax(det, team, plies)
                )
            checked += 1
    assert checked >= 6


def test_pimc_values_every_card_on_the_same_samples() -> None:
    """After a PIMC card ``last_values`` is each legal card's mean playout value over the same
    draws, the chosen card the best of them; after any other decision it is ``None``."""
    game = kibitz.load("rook", max_hands=1)
    checked = 0
    for state in _states(game, 6, every=2):
        seat = state.current_player
        bot = make_agent(PIMC, game, 5)
        chosen = bot.choose(state, seat)
        if state.p.phase != PLAY:
            assert (bot.last_values is None) == (state.p.phase == AUCTION)
            continue
        rng = Rng(5)
        draws = [state.resample_hidden(seat, rng) for _ in range(3)]
        want = {
            card: expected(sum(card_value(d, seat, card) for d in draws) / 3)
            for card in state.legal_actions()
        }
        assert bot.last_values == pytest.approx(want)
        assert bot.last_expected == bot.last_values[chosen] == max(want.values())
        checked += 1
    assert checked >= 10


def test_exchange_values_weigh_each_trump_and_next_discard_on_the_same_samples() -> None:
    """At a trump call ``last_values`` is each colour's mean exchange playout over the
    search's samples, the discards made kept; at a discard, a value for legal next discards
    only; the action chosen is the best of them either way."""
    game = kibitz.load("rook", max_hands=1)
    seen = {DISCARD: 0, TRUMP: 0}
    for seed in range(4):
        for state in _states(game, seed, every=1):
            q, seat = state.p, state.current_player
            if q.phase not in seen:
                continue
            bot = make_agent(PIMC, game, 5)
            chosen = bot.choose(state, seat)
            legal = state.legal_actions()
            assert set(bot.last_values) <= set(legal)
            assert bot.last_expected == bot.last_values[chosen] == max(bot.last_values.values())
            if q.phase == TRUMP:
                rng = Rng(5)
                state.resample_hidden(seat, rng)  # the draw that reads the seat's own cards
                draws = [state.resample_hidden(seat, rng) for _ in range(2)]
                want = {}
                for action in legal:
                    trump = action - TRUMP0
                    team = [play_exchange(d, seat, trump, q.discards)[seat & 1] for d in draws]
                    want[action] = expected(sum(team) / len(draws))
                assert bot.last_values == pytest.approx(want)
            seen[q.phase] += 1
    assert min(seen.values()) >= 2, seen


def test_a_trump_call_after_a_discard_off_the_plan_is_searched_again() -> None:
    """When the last discard is not the one the exchange plan chose (a slip), the trump is
    searched again for the discards made: every colour is valued, the call the best."""
    game = kibitz.load("rook", max_hands=1)
    others_bot = make_agent("rookbot:samples=2,exchange=1,iterations=0", game, 1)
    seen = 0
    for seed in range(6):
        state, rng = game.new_initial_state(seed), Rng(seed)
        while state.current_player == CHANCE or not (
            state.p.phase == DISCARD and state.p.discards.bit_count() == state.table.nest_size - 1
        ):
            if state.current_player == CHANCE:
                state.apply(rng.weighted(state.chance_outcomes()))
            else:
                state.apply(others_bot.choose(state.clone(), state.current_player))
        seat = state.current_player
        bot = make_agent(PIMC, game, 5)
        others = [a for a in state.legal_actions() if a != bot.choose(state, seat)]
        if not others:
            continue
        state.apply(others[-1])
        assert state.p.phase == TRUMP
        call = bot.choose(state, seat)
        assert set(bot.last_values) == set(state.legal_actions())
        assert bot.last_values[call] == max(bot.last_values.values()) == bot.last_expected
        seen += 1
    assert seen >= 3


def test_pimc_lookahead_plays_legal_deterministic_cards() -> None:
    game = kibitz.load("rook", max_hands=1)
    spec = "rookbot:samples=2,exchange=2,iterations=3,play=pimc,depth=3"
    agents = [make_agent(spec, game, s) for s in range(4)]
    first = _play_hand(game, agents, seed=4)
    assert _play_hand(game, [make_agent(spec, game, s) for s in range(4)], seed=4) == first


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rookbot:play=guess", "play must be ismcts or pimc"),
        ("rookbot:depth=-1,play=pimc", "depth must be >= 0"),
        ("rookbot:depth=4", "depth is a lookahead of play=pimc"),
        ("rookbot:objective=points", "objective must be hand or game, got 'points'"),
        ("rookbot:objective=game", "objective=game plays its cards with play=pimc"),
    ],
)
def test_bad_rookbot_options_are_refused(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        make_agent(spec, kibitz.load("rook"), 0)


def test_draws_leave_the_declarers_trumps_in_its_hand() -> None:
    """In another seat's draws during card play the declarer's discards hold no trump while
    it keeps a side card (as a declarer discards), voids and card counts still kept."""
    game = kibitz.load("rook")
    checked = 0
    for seed in range(8):
        for state in _states(game, seed, every=3, limit=400):
            q = state.p
            if q.phase != PLAY or not q.nest_taken:
                continue
            seat = next(s for s in range(4) if s != q.declarer)
            det = state.resample_hidden(seat, Rng(seed))
            _check_determinization(state, seat, seed)
            trumps = det.table.suit_mask[q.trump][q.trump]
            if void_suits(state)[q.declarer] >> q.trump & 1:
                continue
            kept_side = det.p.hands[q.declarer] & ~trumps
            assert not (det.p.discards & trumps and kept_side), seed
            checked += 1
    assert checked >= 20


def test_level_4_has_sixteen_times_the_budget_of_legacy_4() -> None:
    """``legacy:4`` is the level 4 that issue 15 found, with a sixteenth of today's budget and
    the uniform draws of that day."""
    game = kibitz.load("rook")
    now, before = level(game, 4), make_agent("legacy:4", game)
    assert (now.samples, now.exchange, now.iterations) == (512, 384, 640)
    assert (before.samples, before.exchange, before.iterations) == (32, 24, 40)
    assert before.kind == now.kind == "rookbot" and before.play == now.play == "pimc"
    assert now.informed and not before.informed
    with pytest.raises(InvalidOptions, match="legacy levels: \\[4\\], not 3"):
        make_agent("legacy:3", game)
