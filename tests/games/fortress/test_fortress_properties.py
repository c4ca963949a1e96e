"""Hypothesis properties over random legal play (vector 12)."""

from hypothesis import given
from hypothesis import strategies as st

from kibitz.core import load
from kibitz.core.record import make_record, replay
from kibitz.core.session import Session
from kibitz.games.fortress.solver import LOSS, WIN, solve

NAMES = st.sampled_from(["fortress", "chessboard"])
NUMBERS = st.one_of(st.integers(1, 31999), st.integers(32000, 10**20 - 1))


def random_play(name, number, choices):
    state = load(name).new_initial_state(number)
    snapshots = [(state.position(), state.serialize())]
    for pick in choices:
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(legal[pick % len(legal)])
        snapshots.append((state.position(), state.serialize()))
    return state, snapshots


def all_cards_once(state):
    b = state.board
    cards = [c for p in b.piles for c in p]
    cards += [s * 13 + (b.base + k) % 13 for s in range(4) for k in range(b.found[s])]
    return sorted(cards) == list(range(52))


@given(NAMES, NUMBERS, st.lists(st.integers(0, 10**6), max_size=60))
def test_conservation_undo_and_round_trips(name, number, choices):
    state, snapshots = random_play(name, number, choices)
    assert all_cards_once(state)
    game = load(name)
    assert game.new_state_from_position(state.position()).position() == state.position()
    assert game.deserialize(state.serialize()).position() == state.position()
    rec = make_record(state)
    assert replay(rec).state.position() == state.position()
    n = len(state.history)
    undone = []
    for k in range(n):
        undone.append(state.undo())
        assert (state.position(), state.serialize()) == snapshots[n - k - 1]
    for k, action in enumerate(reversed(undone), 1):
        state.apply(action)
        assert (state.position(), state.serialize()) == snapshots[k]


@given(NAMES, NUMBERS, st.lists(st.integers(0, 10**6), max_size=30))
def test_win_lines_replay_and_autoplay_keeps_verdict(name, number, choices):
    state, _ = random_play(name, number, choices)
    before = solve(state, node_limit=20_000)
    if before.verdict == WIN:
        probe = state.clone()
        for a in before.moves:
            probe.apply(a)
        assert probe.is_won()
    auto = Session(load(name), position=state.position(), autoplay=True).state
    after = solve(auto, node_limit=20_000)
    if before.verdict in (WIN, LOSS) and after.verdict in (WIN, LOSS):
        assert after.verdict == before.verdict
