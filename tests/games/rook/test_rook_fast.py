"""The compiled card-play core (``rook/fast.py``) against the pure-Python reference: the same
playouts, card values and lookahead values, the same steps of a determinization, and agents
that choose the same actions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rook_testing import PRESETS

import kibitz
from kibitz.ai import make_agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import CHANCE
from kibitz.core.rng import Rng
from kibitz.games.rook import fast
from kibitz.games.rook.agent import card_value, lookahead, sample_values
from kibitz.games.rook.determinize import Draws, determinize
from kibitz.games.rook.fast import fast_playout
from kibitz.games.rook.playout import best_trump, playout
from kibitz.games.rook.policies import cautious_action
from kibitz.games.rook.position import PLAY


def _play_states(game, seed: int) -> list:
    """Every card-play decision of the first hand of a cautious game (copies)."""
    state, rng, out = game.new_initial_state(seed), Rng(seed), []
    while not state.is_terminal() and not state.p.sheet:
        if state.current_player >= 0 and state.p.phase == PLAY:
            out.append(state.clone())
        state.push(cautious_action(state, rng))
    return out


RULE_OPTIONS = [{"preset": preset} for preset in PRESETS] + [
    {"must_trump_when_void": True},
    {"bonus": "most_tricks", "most_tricks_tie": "split"},
    {"nest_points_to": "last_trick", "made_scores": "points"},
    {"max_hands": 1},  # a lookahead reaching the hand's end reaches the game's
]


@pytest.mark.parametrize("options", RULE_OPTIONS, ids=lambda o: ",".join(map(str, o.values())))
def test_compiled_playout_is_the_python_playout(options: dict) -> None:
    """From every card-play position of a hand (a determinization of it), the compiled
    playout ends with the same tricks, points and last trick's team as the reference."""
    game = kibitz.load("rook", **options)
    checked = 0
    for state in _play_states(game, 1):
        det = state.resample_hidden(state.current_player, Rng(len(state.history)))
        q = det.p
        runs = []
        for run in (playout, fast_playout):
            hands, trick = list(q.hands), list(q.trick)
            won, taken = list(q.tricks_won), list(q.taken)
            last = run(
                det.table, det.rules.must_trump_when_void, q.trump, hands, q.leader, trick,
                won, taken,
            )  # fmt: skip
            runs.append((last, hands, trick, won, taken))
        assert runs[0] == runs[1]
        assert runs[0][1] == [0, 0, 0, 0] and sum(runs[0][3]) == game.table.hand_size
        checked += 1
    assert checked == game.table.hand_size * 4


@settings(max_examples=12, deadline=None)
@given(
    options=st.sampled_from(RULE_OPTIONS),
    seed=st.integers(0, 10_000),
    depth=st.sampled_from([0, 1, 3, 5]),
)
def test_compiled_card_values_are_the_python_values(options: dict, seed: int, depth: int) -> None:
    """Each legal card's value on a sample is ``card_value``'s (``depth`` 0) or the team
    alpha-beta's after the card (``lookahead``), to the last bit."""
    game = kibitz.load("rook", **options)
    for state in _play_states(game, seed)[::7]:
        seat = state.current_player
        det = state.resample_hidden(seat, Rng(seed))
        legal = det.legal_actions()
        if depth:
            want = []
            for card in legal:
                det.push(card)
                want.append(lookahead(det, seat & 1, depth - 1, -2.0, 2.0))
                det.undo()
        else:
            want = [card_value(det, seat, card) for card in legal]
        assert sample_values(det, det.p, seat, legal, depth) == want


def _choices(spec: str, seed: int) -> list[tuple[int, float]]:
    """A one-hand game of four ``spec`` agents: each decision and its reported estimate."""
    game = kibitz.load("rook", max_hands=1)
    state, rng = game.new_initial_state(seed), Rng(seed)
    agents = [make_agent(spec, game, s) for s in range(4)]
    out = []
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(rng.weighted(state.chance_outcomes()))
            continue
        action = agents[player].choose(state, player)
        out.append((action, agents[player].last_expected))
        state.apply(action)
    return out


@pytest.mark.parametrize(
    "spec",
    [
        "rookbot:samples=4,exchange=3,iterations=6,play=pimc",
        "rookbot:samples=2,exchange=2,iterations=3,play=pimc,depth=3",
        "rookbot:samples=3,exchange=2,iterations=0,noise=0.3",
        "rookbot:samples=2,exchange=2,iterations=12",  # IS-MCTS: the search hooks' playouts
    ],
)
def test_both_engines_choose_alike(spec: str) -> None:
    """The compiled engine changes the speed only: every bid, exchange and card of a hand,
    and every estimate reported, are those of the Python engine."""
    assert _choices(spec, 3) == _choices(f"{spec},engine=python", 3)


def test_an_unknown_engine_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="engine must be compiled or python, got 'gpu'"):
        make_agent("rookbot:engine=gpu", kibitz.load("rook"), 0)


@given(
    seed=st.integers(0, 2**64 - 1),
    cards=st.lists(st.integers(0, 56), unique=True, max_size=40),
    cuts=st.lists(st.integers(0, 40), min_size=5, max_size=5),
)
def test_a_compiled_deal_of_a_group_is_the_generators_shuffle(
    seed: int, cards: list[int], cuts: list[int]
) -> None:
    """``fast.deal_group`` shuffles as ``Rng.shuffle`` does, deals in slot order and leaves
    the generator where the shuffle leaves it."""
    ends = [*sorted(min(c, len(cards)) for c in cuts), len(cards)]
    parts = [b - a for a, b in zip([0, *ends], ends, strict=False)]
    rng, shuffled = Rng(seed), list(cards)
    rng.shuffle(shuffled)
    want, i = [], 0
    for n in parts:
        want.append(sum(1 << c for c in shuffled[i : i + n]))
        i += n
    masks = np.zeros(len(parts), dtype=np.int64)
    state = fast.deal_group(
        np.uint64(seed), np.array(cards, dtype=np.int64), np.array(parts, dtype=np.int64), masks
    )
    assert masks.tolist() == want
    assert int(state) == rng.state


@given(options=st.sampled_from(RULE_OPTIONS), held=st.integers(0, 2**57 - 1))
def test_the_compiled_best_trump_is_the_bidders(options: dict, held: int) -> None:
    table = kibitz.load("rook", **options).table
    held &= table.deck_mask
    _, suit_mask, power, points, _ = fast.tables(table, False)
    assert fast.best_trump(suit_mask, power, points, held) == best_trump(table, held)


@settings(max_examples=10, deadline=None)
@given(options=st.sampled_from(RULE_OPTIONS), seed=st.integers(0, 10_000))
def test_a_drawn_position_is_the_determinizations(options: dict, seed: int) -> None:
    """What PIMC's compiled card play reads of a draw (``Draws.position``) is the position of
    the full determinization from the same generator, which leaves the generator in the same
    place: both engines search the same worlds."""
    game = kibitz.load("rook", **options)
    for state in _play_states(game, seed)[::5]:
        for seat in range(4):
            a, b = Rng(seed + seat), Rng(seed + seat)
            q, det = Draws(state, seat).position(a), determinize(state, seat, b)
            assert (q.hands, q.nest, q.discards, q.nest_taken) == (
                det.p.hands, det.p.nest, det.p.discards, det.p.nest_taken)
            assert a.state == b.state
