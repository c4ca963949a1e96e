"""The compiled Smess core against the rules reference: moves, keys, make/unmake, results;
and the ``fast`` agent's search (wins taken at once, budgets kept, levels wired).

``KIBITZ_FAST_GAMES=N`` plays N random games per rule set instead of the quick default.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import kibitz
from kibitz.ai.alphabeta import AlphaBetaAgent
from kibitz.ai.specs import make_agent
from kibitz.core import fastsearch
from kibitz.core.errors import InvalidOptions
from kibitz.core.rng import Rng
from kibitz.games.smess import fast
from kibitz.games.smess.engine import FastSmessAgent

GAMES = int(os.environ.get("KIBITZ_FAST_GAMES", "30"))
RULES = [{}, {"promotion_requires_captured_numskull": True, "max_plies_without_progress": 30}]
WINNER = {(1.0, -1.0): 0, (-1.0, 1.0): 1, (0.0, 0.0): 2}


def arrays(state) -> tuple[np.ndarray, np.ndarray]:
    """The compiled core's board and piece counts for a reference state."""
    return np.array(state.board, dtype=np.int8), np.array(state.counts, dtype=np.int64)


@pytest.mark.parametrize("options", RULES, ids=["printed", "variant"])
def test_random_games_agree_with_the_rules(options: dict) -> None:
    """Every position of many random games: same moves, key, verdict; make/unmake agree."""
    game = kibitz.load("smess", **options)
    promo = bool(options.get("promotion_requires_captured_numskull"))
    limit = options.get("max_plies_without_progress") or fastsearch.NONE
    buf = np.zeros(fast.MAX_MOVES, dtype=np.int64)
    positions = 0
    for seed in range(GAMES):
        state, rng = game.new_initial_state(), Rng(seed)
        board, counts = arrays(state)
        while True:
            positions += 1
            side = state.side
            assert int(fast.board_hash(board, side)) == state.hash
            verdict = fast.outcome_code(board, counts, side, state.plies_without_progress, limit)
            outcome = state.outcome()
            assert verdict == (-1 if outcome is None else WINNER[tuple(outcome.returns)])
            if outcome is not None:
                break
            n = fast.gen_moves(board, side, buf, False)
            legal = state.legal_actions()
            assert sorted(buf[:n].tolist()) == legal
            tactical = fast.gen_moves(board, side, buf, True)
            assert sorted(buf[:tactical].tolist()) == [
                a for a in legal if state.board[a % 56] or _promotes(state, a)
            ]
            move = rng.choice(legal)
            before = board.copy()
            captured, promoted, delta = fast.make(board, counts, side, move, promo)
            fast.unmake(board, counts, side, move, captured, promoted)
            assert np.array_equal(board, before)
            captured, promoted, delta = fast.make(board, counts, side, move, promo)
            old_hash = state.hash
            state.apply(move)
            assert list(board) == state.board and counts.tolist() == state.counts
            assert int(np.uint64(old_hash) ^ delta) == state.hash
    assert positions > 10 * GAMES


def _promotes(state, action: int) -> bool:
    """A Ninny's move onto its promotion squares (a quiescence move even when it promotes
    nothing under the variant rule)."""
    from kibitz.games.smess.pieces import KIND, NINNY, OWNER, PROMOTION_SQUARES

    p = state.board[action // 56]
    return KIND[p] == NINNY and action % 56 in PROMOTION_SQUARES[OWNER[p]]


def test_evaluation_is_antisymmetric_and_counts_trapped_numskulls() -> None:
    """Each side's score is the other's negated; a Numskull on a one-arrow square costs."""
    game = kibitz.load("smess")
    att = np.zeros((2, 56), dtype=np.int64)
    state = game.new_initial_state()
    board, _ = arrays(state)
    assert fast.evaluate(board, 0, att) == -fast.evaluate(board, 1, att)
    free = game.new_state_from_position("3b3/7/7/7/7/7/7/2S1B2 b 0 1")  # c1: arrows N, E, W
    trapped = game.new_state_from_position("3b3/7/7/7/7/7/7/S3B2 b 0 1")  # a1: arrow N only
    free_score = fast.evaluate(arrays(free)[0], 0, att)
    trapped_score = fast.evaluate(arrays(trapped)[0], 0, att)
    assert free_score - trapped_score >= fast.TRAPPED


def test_fast_agent_takes_the_brain_and_prefers_the_quickest_win() -> None:
    """A Brain in reach is taken at once (a win now, not a longer one)."""
    game = kibitz.load("smess")
    state = game.new_state_from_position("3b3/7/7/3S3/7/7/7/4B2 b 0 1")
    agent = FastSmessAgent(nodes=50_000)
    move = agent.choose(state, 0)
    assert state.action_to_str(move).endswith("d8")
    assert agent.last_score == fastsearch.WIN - 1


def test_fast_agent_keeps_its_node_budget_and_is_deterministic() -> None:
    """Same position, same budget: same move, and nodes within the budget."""
    game = kibitz.load("smess")
    state = game.new_initial_state()
    for move in ("b2-b3", "b7-b6", "d2-d3"):
        state.apply(state.str_to_action(move))
    first, second = FastSmessAgent(nodes=20_000), FastSmessAgent(nodes=20_000)
    assert first.choose(state, 1) == second.choose(state, 1)
    assert first.nodes <= 20_000 and first.last_depth >= 2
    assert first.choose(state, 1) in state.legal_actions()


def test_fast_agent_avoids_repeating_a_won_position() -> None:
    """Ahead in material, the search scores a return to an earlier position as a draw."""
    game = kibitz.load("smess")
    state = game.new_state_from_position("b6/7/7/7/7/7/1SS4/4B2 b 0 1")
    for move in ("b2-b3", "a8-a7", "b3-b2", "a7-a8"):
        state.apply(state.str_to_action(move))
    agent = FastSmessAgent(nodes=40_000)
    move = agent.choose(state, 0)
    state.apply(move)
    assert state.seen[state.hash] == 1


def test_levels_and_legacy_spec() -> None:
    """Level 4 is the compiled search; ``legacy:4`` is the previous level 4."""
    game = kibitz.load("smess")
    assert isinstance(make_agent("level:4", game), FastSmessAgent)
    assert isinstance(make_agent("legacy:4", game), AlphaBetaAgent)
    with pytest.raises(InvalidOptions):
        make_agent("legacy:9", game)
    with pytest.raises(InvalidOptions):
        make_agent("fast:nodes=0", game)
