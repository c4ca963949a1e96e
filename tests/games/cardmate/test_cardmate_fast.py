"""The compiled Cardmate core against the rules reference: moves, follows, keys,
make/unmake, results in every setup and end rule; its evaluation; and the ``fast`` agent's
search (wins taken at once, the shortest first, budgets kept, repetitions avoided, levels).

``KIBITZ_FAST_GAMES=N`` plays N random games per setup instead of the quick default.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np
import pytest
from cardmate_util import make, mirror_position
from test_cardmate_ai import FOLLOW_TRAP

import kibitz
from kibitz.ai.alphabeta import AlphaBetaAgent
from kibitz.ai.specs import make_agent
from kibitz.core import fastsearch
from kibitz.core.errors import InvalidOptions
from kibitz.core.rng import Rng
from kibitz.games.cardmate import fast
from kibitz.games.cardmate.engine import FastCardmateAgent
from kibitz.games.cardmate.game import CardmateGame
from kibitz.games.cardmate.rules import CardmateState
from kibitz.games.cardmate.tables import PATTERNS

GAMES = int(os.environ.get("KIBITZ_FAST_GAMES", "6"))
SETUPS = [
    {**preset, **rules}
    for preset, rules in zip(
        CardmateGame.presets.values(),
        [
            {},
            {"stalemate": "loss"},
            {"repetition_loss": True},
            {"repetition_loss": True, "repetition_threshold": 3, "max_plies": 60},
            {"kings_fixed": False},
            {"max_plies": 40},
        ],
        strict=True,
    )
]
"""Every preset the game declares, each with a different set of end rules."""
WINNER = {(1.0, -1.0): 0, (-1.0, 1.0): 1, (0.0, 0.0): 2}


def params(state: CardmateState) -> np.ndarray:
    """The end-rule parameters ``fast.outcome_code`` reads, from the state's options."""
    opts = state.game.options
    cap = fastsearch.NONE if opts.max_plies is None else opts.max_plies
    return np.array(
        [opts.repetition_loss, opts.repetition_threshold, opts.stalemate == "loss", cap],
        dtype=np.int64,
    )


def replay(state: CardmateState, pick: Callable[[list[int]], int]) -> int:
    """Play ``state`` to its end with moves from ``pick``, checking the compiled core against
    the rules at every position; return how many positions were checked."""
    board = np.array(state.board, dtype=np.int8)
    kings = fast.king_counts(board)
    buf = np.zeros(fast.MAX_MOVES, dtype=np.int64)
    rules = params(state)
    checked = 0
    while True:
        checked += 1
        assert int(fast.board_hash(board, state.side)) == state.hash
        assert kings.tolist() == state.kings
        n, forced = fast.gen_moves(board, state.side, buf)
        if state.is_terminal():
            return checked
        legal = state.legal_actions()
        assert sorted(buf[:n].tolist()) == legal
        assert forced == state.must_follow()
        move = pick(legal)
        before, king_before = board.copy(), kings.copy()
        taken, _, _ = fast.make(board, kings, move)
        fast.unmake(board, kings, move, taken)
        assert np.array_equal(board, before) and np.array_equal(kings, king_before)
        taken, delta, won = fast.make(board, kings, move)
        old_hash = state.hash
        state.apply(move)
        assert list(board) == state.board
        assert int(np.uint64(old_hash) ^ delta) == state.hash
        count = state.repetitions[state.hash]
        verdict = fast.outcome_code(board, state.side, won, count, state.ply, rules)
        outcome = state.outcome()
        assert verdict == (-1 if outcome is None else WINNER[tuple(outcome.returns)])
        assert won == (outcome is not None and outcome.reason in ("kings", "palace"))


@pytest.mark.parametrize("options", SETUPS, ids=list(CardmateGame.presets))
def test_random_games_agree_with_the_rules(options: dict) -> None:
    """Every position of random games: same moves and follows, key, verdict; make/unmake."""
    game = kibitz.load("cardmate", **options)
    positions = 0
    for seed in range(GAMES):
        rng = Rng(seed)
        positions += replay(game.new_initial_state(seed), rng.choice)
    assert positions > 10 * GAMES


def test_repetition_and_stalemate_verdicts_agree() -> None:
    """Kings stepping back and forth: a third occurrence draws, or under repetition_loss the
    second loses for the mover; a side with no move is stalemated (draw or loss)."""
    kings = {"a0": "KC", "b0": "KH", "j9": "ks", "i9": "kd"}
    shuffle = ["KCa1", "KSj8", "KCa0", "KSj9"]
    for options in (
        {},
        {"repetition_loss": True},
        {"repetition_loss": True, "repetition_threshold": 3},
    ):
        state = make(kings, **options)
        moves = iter(shuffle * 3)
        replay(state, lambda _legal, s=state, m=moves: s.str_to_action(next(m)))
        assert state.outcome().reason == "repetition"
    for rule in ("draw", "loss"):
        stuck = make({"c9": "1C", "d9": "2c", "e9": "ks"}, "R", stalemate=rule)
        assert replay(stuck, lambda _legal, s=stuck: s.str_to_action("2Cc8")) == 2
        assert stuck.outcome().reason == "stalemate"  # the One has nowhere to go


def test_attackers_match_the_move_patterns() -> None:
    """The evaluation's attacker count equals a count from the rules' move tables."""
    game = kibitz.load("cardmate", rank_contents=True)
    checked = 0
    for seed in range(4):
        state, rng = game.new_initial_state(seed), Rng(seed)
        for _ in range(40):
            if state.is_terminal():
                break
            board = np.array(state.board, dtype=np.int8)
            for sq, victim in enumerate(state.board):
                if victim >= 0:
                    side = 1 - (victim >> 6)
                    assert fast._attackers(board, side, sq) == _attackers(state, side, sq)
                    checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 1000


def _attackers(state: CardmateState, side: int, sq: int) -> int:
    """Reference count: ``side``'s cards whose leaps or slides reach ``sq`` and whose suit
    lets them capture the card there."""
    board, victim, count = state.board, state.board[sq], 0
    for frm, p in enumerate(board):
        if p < 0 or p >> 6 != side or (victim & 3 == p & 3 and victim & 63 > p & 63):
            continue
        leaps, rays, _ = PATTERNS[side][(p & 63) >> 2][frm]
        reach = set(leaps)
        for ray in rays:
            for to in ray:
                reach.add(to)
                if board[to] >= 0:
                    break
        count += sq in reach
    return count


def test_evaluation_is_mirror_symmetric_and_presses_when_ahead() -> None:
    """The centre-symmetric position scores the same for its mover; a side a Queen up gains
    by bringing its cards nearer the enemy Kings."""
    work = np.zeros(8, dtype=np.int64)
    game = kibitz.load("cardmate", suit_contents=True)

    def value(state: CardmateState) -> int:
        board = np.array(state.board, dtype=np.int8)
        return fast.evaluate(board, state.side, fast.king_counts(board), work)

    for seed in range(6):
        state, rng = game.new_initial_state(seed), Rng(seed)
        for _ in range(10 + 7 * seed):
            if not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
        mirrored = game.new_state_from_position(mirror_position(state.position()))
        assert value(mirrored) == value(state)
    assert value(game.new_initial_state(0)) == 0
    base = {"e0": "KC", "f0": "KH", "a9": "ks", "b9": "kd", "d4": "QD"}
    far, near = make({**base, "j0": "5S"}), make({**base, "c7": "5S"})
    assert value(near) - value(far) > 50


def test_fast_agent_takes_the_quickest_win() -> None:
    """A King entry to the palace beats a hanging Queen; the follow trap wins in 3 plies."""
    state = make({"a0": "KC", "e8": "KH", "b5": "XS", "b7": "qd", "a9": "ks", "j5": "kd"})
    agent = FastCardmateAgent(nodes=50_000)
    assert state.action_to_str(agent.choose(state, 0)) in ("KHe9×", "KHf9×")
    assert agent.last_score == fastsearch.WIN - 1
    trap = make(FOLLOW_TRAP)
    assert trap.action_to_str(agent.choose(trap, 0)) in ("8Sc3", "8Se3")
    assert agent.last_score == fastsearch.WIN - 3


def test_fast_agent_keeps_its_node_budget_and_is_deterministic() -> None:
    """Same position, same budget: same move, and nodes within the budget."""
    game = kibitz.load("cardmate", suit_setup=True)
    state = game.new_initial_state(3)
    for _ in range(6):
        state.apply(Rng(len(state.history)).choice(state.legal_actions()))
    first, second = FastCardmateAgent(nodes=30_000), FastCardmateAgent(nodes=30_000)
    assert first.choose(state, state.side) == second.choose(state, state.side)
    assert first.nodes == second.nodes and first.nodes <= 30_000 and first.last_depth >= 2


def test_fast_agent_avoids_repeating_a_won_position() -> None:
    """Ahead by a Queen, the search scores a return to an earlier position as a draw."""
    state = make({"a0": "KC", "b0": "KH", "d3": "QD", "j9": "ks", "i9": "kd", "a9": "9s"})
    for move in ("QDd2", "9Sb8", "QDd3", "9Sa9"):
        state.apply(state.str_to_action(move))
    agent = FastCardmateAgent(nodes=40_000)
    state.apply(agent.choose(state, 0))
    assert state.repetitions[state.hash] == 1


def test_levels_and_legacy_spec() -> None:
    """Level 4 is the compiled search; ``legacy:4`` is the previous level 4."""
    game = kibitz.load("cardmate")
    top = make_agent("level:4", game)
    assert isinstance(top, FastCardmateAgent) and top.time_cap == 5
    assert isinstance(make_agent("legacy:4", game), AlphaBetaAgent)
    for bad in ("legacy:9", "fast:nodes=0", "fast:time_cap=0", "fast:tt_bits=40"):
        with pytest.raises(InvalidOptions):
            make_agent(bad, game)
