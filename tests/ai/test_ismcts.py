"""Information-set MCTS through the core API: legality, determinism, budgets and search sense."""

from dataclasses import dataclass

import numpy as np
import pytest

import kibitz
from kibitz.ai import make_agent
from kibitz.ai.ismcts import ISMCTSAgent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import CHANCE, TERMINAL, Game, State
from kibitz.core.outcome import Outcome
from kibitz.core.play import play_random
from kibitz.core.rng import Rng

TCHESS = kibitz.load("tchess")


@dataclass(frozen=True)
class RaceOptions:
    """The toy race has no options."""


SMESS = kibitz.load("smess", max_plies_without_progress=100)


def decision_states(game, count: int, seed: int = 1):
    """Non-terminal, non-chance states reached by random play, varied in length."""
    out = []
    for i in range(count * 3):
        state = game.new_initial_state(seed + i)
        play_random(state, Rng(seed + i), max_plies=8 + 11 * i)
        while state.is_chance_node():
            state.push(Rng(i).weighted(state.chance_outcomes()))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("game", [TCHESS, SMESS], ids=["tchess", "smess"])
def test_never_illegal_and_never_changes_the_state(game):
    for state in decision_states(game, 5):
        for spec in ("ismcts:iterations=20", "mcts:iterations=20,rollout=random"):
            agent = make_agent(spec, game, seed=4)
            before = state.serialize()
            assert agent.choose(state, state.current_player) in state.legal_actions()
            assert state.serialize() == before


def test_deterministic_for_a_fixed_seed_and_budget():
    for state in decision_states(TCHESS, 4, seed=30):
        seat = state.current_player
        picks = {make_agent("ismcts:iterations=40", TCHESS, 9).choose(state, seat) for _ in "ab"}
        assert len(picks) == 1
        a, b = ISMCTSAgent(3, iterations=40), ISMCTSAgent(3, iterations=40)
        a.choose(state, seat), b.choose(state, seat)
        assert a.simulations == b.simulations == 40


def test_runs_exactly_the_iteration_budget_without_a_kept_subtree():
    state = decision_states(TCHESS, 1, seed=7)[0]
    agent = ISMCTSAgent(0, iterations=25, reuse=False)
    agent.choose(state, state.current_player)
    assert agent.simulations == 25


def test_a_turn_of_several_cards_reuses_the_subtree():
    state = TCHESS.new_initial_state(2)
    play_random(state, Rng(2), max_plies=12)  # the deal; White opens round 1
    agent = ISMCTSAgent(5, iterations=60)
    first = agent.choose(state, 0)
    state.apply(first)
    agent.choose(state, 0)
    assert agent.simulations < 60, "the subtree below the first card was kept"


def test_a_single_legal_action_is_searched_for_its_estimate():
    """Black has laid its King and holds nothing more: only ``end`` is legal."""
    rest = "S*4,N*2,F*2,C*2,B*2,D*2,R*2,G*2,Q,L,E,NB,NR,J"
    state = TCHESS.new_state_from_position(
        f"white=K/-/P*7,{rest}/P black=-/-/P*8,{rest}/K "
        "attacker=white to_move=black round=9 passes=0 turn=1"
    )
    agent = ISMCTSAgent(1, iterations=50)
    assert state.legal_actions() == [state.str_to_action("end")]
    assert agent.choose(state, 1) == state.legal_actions()[0]
    assert agent.simulations == 50
    assert 0.0 <= agent.last_expected <= 1.0


def test_last_expected_is_the_movers_chance_seen_from_its_information():
    """In the race, North's sure point wins more often than not; the estimate is in [0, 1]
    and does not depend on the hidden part of the state (here: none)."""
    state = Race().new_initial_state(0)
    agent = ISMCTSAgent(2, iterations=400, reuse=False)
    assert agent.choose(state, 0) == 1
    assert 0.5 < agent.last_expected <= 1.0
    for tchess in decision_states(TCHESS, 3, seed=40):
        seat = tchess.current_player
        twin = tchess.resample_hidden(seat, Rng(8))
        a, b = ISMCTSAgent(6, iterations=30), ISMCTSAgent(6, iterations=30)
        assert a.choose(tchess, seat) == b.choose(twin, seat)
        assert 0.0 <= a.last_expected == b.last_expected <= 1.0


class Race(Game):
    """A toy for four seats in two teams with chance: each seat adds to its team's score.

    Action 0 adds nothing, 1 adds one point, 2 draws a chance outcome: +3 with probability
    0.1, else -1. The team with more points wins (+1 to each member, -1 to the others).
    """

    name = "race"
    num_players = 4
    player_names = ("North", "East", "South", "West")
    options_class = RaceOptions
    num_distinct_actions = 3

    def new_initial_state(self, seed=None):
        return RaceState(self, seed)


class RaceState(State):
    """Whose turn it is, the pending chance draw, and the two team scores."""

    def __init__(self, game, seed=None, position=None):
        super().__init__(game, seed, position)
        self.turn, self.rolling, self.score = 0, False, [0, 0]
        self.saved: list[tuple] = []

    @property
    def current_player(self):
        if self.rolling:
            return CHANCE
        return TERMINAL if self.turn == 4 else self.turn

    def legal_actions(self):
        return [0, 1] if self.rolling else [0, 1, 2]

    def chance_outcomes(self):
        return [(0, 0.9), (1, 0.1)]

    def _do(self, action):
        self.saved.append((self.turn, self.rolling, self.score[:]))
        if self.rolling:
            self.score[self.turn % 2] += 3 if action else -1
            self.rolling, self.turn = False, self.turn + 1
        elif action == 2:
            self.rolling = True
        else:
            self.score[self.turn % 2] += action
            self.turn += 1

    def _undo(self, action):
        self.turn, self.rolling, self.score = self.saved.pop()

    def outcome(self):
        if self.turn < 4:
            return None
        a, b = self.score
        r = (a > b) - (a < b)
        return Outcome((float(r), float(-r), float(r), float(-r)), "race over")

    def action_to_str(self, action):
        return str(action)

    def str_to_action(self, text):
        return int(text)

    def observation(self, seat):
        return {"turn": self.turn, "score": self.score}

    def observation_tensor(self, seat):
        return np.zeros(1, dtype=np.float32)

    def render(self, seat=None):
        return str(self.score)


def test_teams_of_four_with_chance_nodes():
    """North picks the sure point over the gamble and over nothing, for its team."""
    game = Race()
    state = game.new_initial_state(0)
    for seed in range(3):
        assert ISMCTSAgent(seed, iterations=400, reuse=False).choose(state, 0) == 1


@pytest.mark.parametrize(
    ("params", "needle"),
    [
        ({"iterations": 0}, "iterations must be at least 1"),
        ({"rollout": "smart"}, "rollout must be hooks or random"),
        ({"rollout_depth": -1}, "rollout_depth must be >= 0"),
        ({"epsilon": 2.0}, "epsilon must be in"),
    ],
)
def test_bad_parameters_are_refused(params, needle):
    with pytest.raises(InvalidOptions, match=needle):
        ISMCTSAgent(0, **params)
