"""TCHESS Cards computer players: no peeking at hidden cards, legality, determinism, levels."""

from __future__ import annotations

from dataclasses import replace

import pytest

import kibitz
from kibitz.ai import level, make_agent
from kibitz.ai.hooks import search_hooks
from kibitz.ai.ismcts import ISMCTSAgent
from kibitz.core.errors import InvalidOptions
from kibitz.core.play import play_random
from kibitz.core.rng import Rng
from kibitz.games.tchess import TchessState
from kibitz.games.tchess.eval import LEVELS, RETIRED, TUNED, reserve_value

GAME = kibitz.load("tchess")
SPECS = ("ismcts:iterations=25", "level:1", "level:2")


def decision_states(count: int, seed: int = 0) -> list[TchessState]:
    """States where a seat has a real choice, reached by random play of varied length."""
    out: list[TchessState] = []
    i = 0
    while len(out) < count:
        state = GAME.new_initial_state(seed + i)
        play_random(state, Rng(seed + i), max_plies=12 + 9 * i % 60)
        i += 1
        if state.current_player >= 0 and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def twin_deals(kit) -> tuple[TchessState, TchessState]:
    """Two games White cannot tell apart: Black holds Q in one and G in the other."""
    a = kit.dealt("P S N F C B", "Q K L E NB NR")
    b = kit.dealt("P S N F C B", "G K L E NB NR")
    for state in (a, b):
        kit.play(state, "P", "L")
    return a, b


@pytest.mark.parametrize("spec", SPECS)
def test_no_peeking_constructed_twins(kit, spec):
    """Same information state for White, different hidden hands: the same choice."""
    a, b = twin_deals(kit)
    assert a.information_state_key(0) == b.information_state_key(0)
    assert a.hands[1] != b.hands[1]
    for seed in range(3):
        pick_a = make_agent(spec, GAME, seed).choose(a, 0)
        pick_b = make_agent(spec, GAME, seed).choose(b, 0)
        assert pick_a == pick_b


@pytest.mark.parametrize("spec", SPECS)
def test_no_peeking_over_random_states(spec):
    """A determinization has the seat's information state and other hidden cards."""
    differed = 0
    for k, state in enumerate(decision_states(6, seed=40)):
        seat = state.current_player
        twin = state.resample_hidden(seat, Rng(1000 + k))
        assert twin.information_state_key(seat) == state.information_state_key(seat)
        differed += twin.hands[1 - seat] != state.hands[1 - seat]
        assert make_agent(spec, GAME, k).choose(state, seat) == make_agent(
            spec, GAME, k
        ).choose(twin, seat)
    assert differed, "the twins should hold other hidden cards"


def test_agents_never_return_illegal_actions_and_leave_the_state_alone():
    for state in decision_states(8, seed=3):
        for spec in (*SPECS, "level:1", "level:3", "random"):
            before = state.serialize()
            action = make_agent(spec, GAME, 2).choose(state, state.current_player)
            assert action in state.legal_actions()
            assert state.serialize() == before


def test_a_whole_game_between_levels_is_legal_and_deterministic():
    def play(seed: int) -> list[int]:
        agents = [level(GAME, 2, seed), level(GAME, 1, seed + 1)]
        state = GAME.new_initial_state(seed)
        chance = Rng(seed)
        while not state.is_terminal():
            p = state.current_player
            if p < 0:
                state.apply(chance.weighted(state.chance_outcomes()))
            else:
                state.apply(agents[p].choose(state, p))
        return state.history

    assert play(5) == play(5)


def test_levels_are_one_to_four_with_deterministic_budgets():
    assert sorted(LEVELS) == [1, 2, 3, 4]
    for n in LEVELS:
        level(GAME, n)
    budgets = [dict(p.split("=") for p in LEVELS[n].split(":")[1].split(",")) for n in LEVELS]
    iterations = [int(b["iterations"]) for b in budgets]
    assert iterations == sorted(iterations) and len(set(iterations)) == 4
    assert float(budgets[3]["time_cap"]) <= 5


@pytest.mark.parametrize("spec", ["greedy", "greedy:noise=0.4", "alphabeta"])
def test_agents_that_would_read_hidden_cards_are_refused(spec):
    with pytest.raises(InvalidOptions, match="perfect information"):
        make_agent(spec, GAME, 0)


def test_search_takes_the_winning_defence(kit):
    """White attacked with its King and holds nothing: Black's Q (or K) wins the game."""
    rest = kit.rest
    position = (
        f"white=-/-/{rest('K')}/K black=P,Q,K/-/{rest('P', 'Q', 'K')}/- "
        "attacker=white to_move=black round=9 passes=0 turn=0"
    )
    state = GAME.new_state_from_position(position)
    for seed in range(4):
        for spec in ("ismcts:iterations=60", "ismcts:iterations=60,rollout=random"):
            action = make_agent(spec, GAME, seed).choose(state, 1)
            assert state.action_to_str(action) in ("Q", "K")


def test_values_are_zero_sum_and_bounded():
    hooks = search_hooks(GAME)
    for state in decision_states(10, seed=60):
        v = hooks.values(state)
        assert v[0] == -v[1] and -1 <= v[0] <= 1
        assert hooks.evaluate(state) == v[state.current_player]


def test_rollout_policy_stops_when_ahead_and_avoids_the_king(kit):
    """After opening with F White leads, so ``end`` scores best; K is never preferred."""
    state = kit.dealt("F K P S N B", "Q G L E NB NR")
    hooks = search_hooks(GAME)
    actions = state.legal_actions()
    scores = dict(zip(actions, hooks.scores(state, actions), strict=True))
    assert max(scores, key=scores.get) != state.str_to_action("K")
    state.apply(state.str_to_action("F"))
    actions = state.legal_actions()
    scores = dict(zip(actions, hooks.scores(state, actions), strict=True))
    assert max(scores, key=scores.get) == state.str_to_action("end")


def test_legacy_4_is_the_retired_level_4_with_the_retired_evaluation():
    """``legacy:4`` searches with the hand-set weights; ``hooks=NAME`` names known hooks only."""
    agent = make_agent("legacy:4", GAME, 0)
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 200
    agent._setup(GAME)
    assert agent._values.__self__.weights == RETIRED
    agent = make_agent("level:4", GAME, 0)
    agent._setup(GAME)
    assert agent._values.__self__.weights == TUNED
    with pytest.raises(InvalidOptions, match=r"no hooks named 'tuned' .*retired"):
        make_agent("ismcts:hooks=tuned", GAME, 0)
    with pytest.raises(InvalidOptions, match=r"legacy levels: \[4\]"):
        make_agent("legacy:3", GAME, 0)


def test_retired_and_tuned_weights_judge_positions_differently():
    states = decision_states(10, seed=60)
    assert any(reserve_value(s, RETIRED) != reserve_value(s, TUNED) for s in states)


def test_more_cards_in_hand_than_the_other_seat_is_worth_more():
    """The tuned weights value each card more in White's hand than in Black's (in the tanh)."""
    seen = set()
    for state in decision_states(20, seed=61):
        lead = state.hand_size[0] - state.hand_size[1]
        plain = reserve_value(state, replace(TUNED, hand_size=0.0))
        value = reserve_value(state, TUNED)
        assert (value > plain) == (lead > 0) and (value < plain) == (lead < 0)
        seen.add((lead > 0) - (lead < 0))
    assert {-1, 1} <= seen, "the states should include leads of both seats"
