"""What agents need: make_agent refuses a game that lacks it; greedy plays for its side."""

from dataclasses import dataclass

import numpy as np
import pytest

import kibitz
from kibitz.ai import make_agent
from kibitz.ai.alphabeta import AlphaBetaAgent
from kibitz.ai.baselines import GreedyAgent
from kibitz.core.capabilities import GameAI, SearchHooks
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import TERMINAL, Game, State
from kibitz.core.outcome import Outcome


@pytest.mark.parametrize("name", ["tchess", "rook"])
@pytest.mark.parametrize("spec", ["greedy", "greedy:noise=0.4", "alphabeta", "alphabeta:depth=1"])
def test_alphabeta_and_greedy_refuse_games_with_hidden_cards(name, spec):
    kind = spec.partition(":")[0]
    with pytest.raises(InvalidOptions, match=f"agent '{kind}' cannot play {name}") as caught:
        make_agent(spec, kibitz.load(name), 0)
    assert "perfect information" in str(caught.value)


def test_alphabeta_names_every_need_a_game_lacks():
    with pytest.raises(InvalidOptions) as caught:
        make_agent("alphabeta", kibitz.load("rook"), 0)
    message = str(caught.value)
    assert "perfect information" in message and "chance" in message
    assert "partnerships" in message


@pytest.mark.parametrize("name", kibitz.games())
def test_every_level_and_the_agents_that_need_nothing_are_accepted(name):
    game = kibitz.load(name)
    for n, spec in game.ai().levels.items():
        assert make_agent(spec, game, 1) is not None, n
    for spec in ("random", "ismcts:iterations=2", "mcts:iterations=2"):
        assert make_agent(spec, game, 1).needs.perfect_information is False


def test_a_games_own_agents_are_built_for_that_game_only():
    smess = kibitz.load("smess")
    own = set(kibitz.load("rook").ai().agents) - set(smess.ai().agents)  # both have legacy
    assert "rookbot" in own
    for kind in own:
        with pytest.raises(InvalidOptions, match=f"unknown agent {kind!r}"):
            make_agent(kind, smess, 0)


@dataclass(frozen=True)
class RelayOptions:
    """The relay has no options."""


class RelayHooks(SearchHooks):
    """The evaluation is the side to move's lead: ``lead`` for North-South, else its negation."""

    def key(self, state):
        return hash((tuple(state.history), state.current_player))

    def evaluate(self, state):
        return state.lead if state.current_player in (0, 2) else -state.lead


class Relay(Game):
    """A perfect-information toy of two partnerships that moves North, South, East, West.

    Each seat in turn adds 1 to its partnership's lead (action 1) or gives one away
    (action 0); after North comes its partner South, so a one-ply look scores North's
    move in a position where a friend is to move.
    """

    name = "relay"
    num_players = 4
    player_names = ("North", "East", "South", "West")
    options_class = RelayOptions
    teams = ((0, 2), (1, 3))
    num_distinct_actions = 2
    order = (0, 2, 1, 3)

    def new_initial_state(self, seed=None):
        return RelayState(self, seed)

    def ai(self):
        return GameAI(RelayHooks())


class RelayState(State):
    """The lead of North-South and whose turn it is."""

    def __init__(self, game, seed=None, position=None):
        super().__init__(game, seed, position)
        self.lead = 0

    @property
    def current_player(self):
        n = len(self.history)
        return TERMINAL if n == 4 else Relay.order[n]

    def legal_actions(self):
        return [0, 1]

    def _step(self, action, sign):
        mover = Relay.order[len(self.history)]
        self.lead += sign * (1 if action else -1) * (1 if mover in (0, 2) else -1)

    def _do(self, action):
        self._step(action, 1)

    def _undo(self, action):
        self._step(action, -1)

    def outcome(self):
        if len(self.history) < 4:
            return None
        r = float((self.lead > 0) - (self.lead < 0))
        return Outcome((r, -r, r, -r), "relay over")

    def action_to_str(self, action):
        return str(action)

    def str_to_action(self, text):
        return int(text)

    def observation_tensor(self, seat):
        return np.zeros(1, dtype=np.float32)

    def render(self, seat=None):
        return str(self.lead)


def test_greedy_scores_a_partner_to_move_as_a_friend():
    state = Relay().new_initial_state()
    assert make_agent("greedy", Relay(), 0).choose(state, 0) == 1
    state.apply(1)
    assert state.current_player == 2 and GreedyAgent(0).choose(state, 2) == 1


def test_alphabeta_refuses_partnerships():
    with pytest.raises(InvalidOptions, match="alphabeta' cannot play relay: it needs no partner"):
        make_agent("alphabeta", Relay(), 0)
    assert AlphaBetaAgent.needs.no_teams and not GreedyAgent.needs.no_teams
