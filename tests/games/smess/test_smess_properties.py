"""Properties of Smess under random legal play (spec (f) vector 11), with Hypothesis."""

from hypothesis import given
from hypothesis import strategies as st

import kibitz
from kibitz.core.record import make_record, replay
from kibitz.games.smess.pieces import KIND, NINNY, OWNER, SKULL

OPTION_SETS = [
    {},
    {"promotion_requires_captured_numskull": True},
    {"max_plies_without_progress": 30, "repetition_draw": True},
]


def snapshot(state):
    return (
        list(state.board),
        state.side,
        state.plies_without_progress,
        state.move_number,
        state.hash,
        dict(state.seen),
        state.outcome(),
        [list(c) for c in state.counts],
    )


def counts(state):
    out = [[0, 0, 0], [0, 0, 0]]
    for p in state.board:
        if p:
            out[OWNER[p]][KIND[p]] += 1
    return out


@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=200),
    options=st.sampled_from(OPTION_SETS),
)
def test_random_play_invariants(choices, options):
    game = kibitz.load("smess", **options)
    state = game.new_initial_state()
    snapshots = []
    for c in choices:
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions, "every non-terminal position has a legal move (SM-11)"
        assert actions == sorted(set(actions))
        before = counts(state)
        snapshots.append(snapshot(state))
        state.apply(actions[c % len(actions)])
        after = counts(state)
        for side in (0, 1):
            promoted = before[side][NINNY] - after[side][NINNY]
            assert after[side][SKULL] <= before[side][SKULL] + promoted
            assert sum(after[side]) <= sum(before[side])
        assert state.counts == after
        position = state.position()
        again = game.new_state_from_position(position)
        assert again.position() == position
        assert again.board == state.board
    copy = game.deserialize(state.serialize())
    assert snapshot(copy) == snapshot(state) and copy.history == state.history
    assert snapshot(replay(make_record(state)).state) == snapshot(state)
    clone = state.clone()
    for snap in reversed(snapshots):
        state.undo()
        assert snapshot(state) == snap
    assert snapshot(clone) != snapshot(state) or not snapshots


@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_game_ends_with_the_no_progress_option(seed):
    from kibitz.core.play import play_random
    from kibitz.core.rng import Rng

    state = kibitz.load("smess", max_plies_without_progress=50).new_initial_state()
    play_random(state, Rng(seed), max_plies=50 * 30)
    assert state.is_terminal()
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
