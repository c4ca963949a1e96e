"""Cardmate computer players: search hooks, forced wins, legality, determinism and levels."""

import pytest
from cardmate_util import make, mirror_position, play

import kibitz
from kibitz.ai import level, make_agent
from kibitz.ai.alphabeta import WIN, AlphaBetaAgent
from kibitz.ai.levels import level_specs
from kibitz.core.errors import InvalidOptions
from kibitz.core.play import play_random
from kibitz.core.rng import Rng
from kibitz.games.cardmate.cards import CARD_MASK, KING, PALACES
from kibitz.games.cardmate.eval import LEVELS, SEARCH_HOOKS
from kibitz.games.cardmate.rules import decode

GAME = kibitz.load("cardmate")
DEALT = kibitz.load("cardmate", suit_contents=True)

FOLLOW_TRAP = {
    "a0": "KC", "b0": "KH", "h0": "XC", "d1": "8S",
    "h3": "qs", "h5": "kd",
}  # fmt: skip
"""Forehand to move wins in 3 plies: 8S to c3/e3 forces qs to follow off the h-file, then
XC:h5 takes Rearhand's last King."""


def random_positions(count: int, seed: int = 11) -> list:
    """Positions reached by random play from dealt setups, varied in length."""
    out = []
    for i in range(count):
        state = DEALT.new_initial_state(seed + i)
        play_random(state, Rng(seed + i), max_plies=4 + 9 * i)
        if not state.is_terminal():
            out.append(state)
    return out


def test_key_is_the_incremental_zobrist_hash() -> None:
    state = DEALT.new_initial_state(5)
    rng = Rng(5)
    keys = []
    for _ in range(60):
        if state.is_terminal():
            break
        keys.append(SEARCH_HOOKS.key(state))
        assert SEARCH_HOOKS.key(state) == state._full_hash()
        play_random(state, rng, max_plies=1)
    while state.history:
        state.undo()
        assert SEARCH_HOOKS.key(state) == keys.pop()


def test_evaluation_is_from_the_movers_view_and_mirror_symmetric() -> None:
    for state in random_positions(8):
        mirrored = GAME.new_state_from_position(mirror_position(state.position()))
        assert SEARCH_HOOKS.evaluate(mirrored) == SEARCH_HOOKS.evaluate(state)
    start = GAME.new_initial_state()
    assert SEARCH_HOOKS.evaluate(start) == 0.0
    up_a_queen = make({"e0": "KC", "f0": "KH", "d4": "QD", "e9": "ks", "f9": "kd"})
    assert SEARCH_HOOKS.evaluate(up_a_queen) > 500
    rearhand_view = make({"e0": "KC", "f0": "KH", "d4": "QD", "e9": "ks", "f9": "kd"}, "R")
    assert SEARCH_HOOKS.evaluate(rearhand_view) < -500


def test_evaluation_rewards_palace_distance_and_kings() -> None:
    far = make({"e0": "KC", "f2": "KH", "e9": "ks", "f9": "kd", "a5": "5C"})
    near = make({"e0": "KC", "f7": "KH", "e9": "ks", "b9": "kd", "a5": "5C"})
    assert SEARCH_HOOKS.evaluate(near) > SEARCH_HOOKS.evaluate(far)
    one_king = make({"e0": "KC", "e9": "ks", "f9": "kd"})
    two_kings = make({"e0": "KC", "f0": "KH", "e9": "ks", "f9": "kd"})
    assert SEARCH_HOOKS.evaluate(one_king) < SEARCH_HOOKS.evaluate(two_kings) - 1500


def test_tactical_moves_are_captures_promotions_and_palace_entries() -> None:
    seen_follow = False
    for state in random_positions(20):
        legal = state.legal_actions()
        tactical = SEARCH_HOOKS.tactical(state, legal)
        for action in legal:
            frm, to, promote = decode(action)
            king = state.board[frm] & CARD_MASK >= KING * 4 and state.board[frm] & CARD_MASK < 52
            enters = king and to in PALACES[1 - state.side]
            assert (action in tactical) == (state.board[to] >= 0 or promote or enters)
            assert (SEARCH_HOOKS.order(state, action) > 0) == (action in tactical)
        orders = [SEARCH_HOOKS.order(state, a) for a in tactical]
        assert orders == sorted(orders, reverse=True)
        if state.must_follow():
            seen_follow = True
            assert sorted(tactical) == legal
    assert seen_follow
    promote = make({"a0": "KC", "b0": "KH", "c4": "1C", "j9": "ks", "i9": "kd"})
    assert SEARCH_HOOKS.tactical(promote, promote.legal_actions()) == [
        promote.str_to_action("1Cc5=A")
    ]


def test_captures_ordered_by_value() -> None:
    state = make({"a0": "KC", "b0": "KH", "d4": "XS", "d7": "qh", "g4": "2d", "j9": "ks"})
    tactical = SEARCH_HOOKS.tactical(state, state.legal_actions())
    assert [state.action_to_str(a) for a in tactical] == ["XS:d7", "XS:g4"]


def test_king_enters_the_palace_in_one() -> None:
    # Taking the hanging Queen is tempting; stepping into the palace wins at once.
    state = make({"a0": "KC", "e8": "KH", "b5": "XS", "b7": "qd", "a9": "ks", "j5": "kd"})
    for spec in ("alphabeta:depth=1", "alphabeta:depth=3,nodes=2000", "greedy", "level:1"):
        agent = make_agent(spec, GAME)
        move = state.action_to_str(agent.choose(state, 0))
        assert move in ("KHe9×", "KHf9×"), spec


def test_follow_chain_wins_a_king_in_three_plies() -> None:
    state = make(FOLLOW_TRAP)
    assert not state.must_follow()
    agent = AlphaBetaAgent(depth=3)
    first = agent.choose(state, 0)
    assert agent.last_score >= WIN - 3
    assert state.action_to_str(first) in ("8Sc3", "8Se3")
    state.apply(first)
    (reply,) = state.legal_actions()  # the follow is compulsory
    assert state.is_follow(reply)
    state.apply(reply)
    state.apply(agent.choose(state, 0))
    assert state.outcome() is not None and state.outcome().reason == "kings"
    assert state.returns() == [1.0, -1.0]
    # One ply short of the chain, the sacrifice just loses the Eight.
    shallow = AlphaBetaAgent(depth=1, quiescence=False)
    assert make(FOLLOW_TRAP).action_to_str(shallow.choose(make(FOLLOW_TRAP), 0)) not in (
        "8Sc3",
        "8Se3",
    )


def test_defender_escapes_the_follow_trap() -> None:
    state = make(FOLLOW_TRAP, "R")
    state.apply(AlphaBetaAgent(depth=4, nodes=20000).choose(state, 1))
    attacker = AlphaBetaAgent(depth=3)
    attacker.choose(state, 0)
    assert attacker.last_score < WIN - 1000
    careless = play(make(FOLLOW_TRAP, "R"), "KDh6")
    attacker.choose(careless, 0)
    assert attacker.last_score >= WIN - 3


@pytest.mark.parametrize(
    "spec",
    ["random", "greedy", "level:1", "level:2", "level:3", "alphabeta:depth=3,nodes=400"],
)
def test_agents_return_legal_actions(spec: str) -> None:
    for i, state in enumerate(random_positions(12)):
        agent = make_agent(spec, DEALT, seed=i)
        before = state.position()
        action = agent.choose(state, state.current_player)
        assert action in state.legal_actions()
        assert state.position() == before


def test_search_is_deterministic_for_a_fixed_seed_and_budget() -> None:
    def game_actions(seed: int) -> list[int]:
        state = DEALT.new_initial_state(3)
        agents = [make_agent(spec, DEALT, seed) for spec in ("level:1", "alphabeta:nodes=300")]
        for _ in range(14):
            if state.is_terminal():
                break
            state.apply(agents[state.current_player].choose(state, state.current_player))
        return list(state.history)

    assert game_actions(7) == game_actions(7)
    state = random_positions(6)[-1]
    a, b = AlphaBetaAgent(depth=9, nodes=800), AlphaBetaAgent(depth=9, nodes=800)
    assert a.choose(state, state.current_player) == b.choose(state, state.current_player)
    assert a.nodes == b.nodes and a.last_depth == b.last_depth


def test_levels_build_with_deterministic_budgets() -> None:
    assert sorted(level_specs("cardmate")) == [1, 2, 3, 4]
    assert level_specs("cardmate") == LEVELS
    for n in range(1, 5):
        agent = level(GAME, n)
        if isinstance(agent, AlphaBetaAgent):
            assert agent.node_budget is not None or agent.depth <= 2
            assert agent.time_cap is None or agent.time_cap <= 5
    top = level(GAME, 4)
    assert top.kind == "fast" and top.time_cap == 5 and top.node_budget is not None
    with pytest.raises(InvalidOptions, match=r"1\.\.4, not 5"):
        level(GAME, 5)


def test_match_defaults_vary_the_deal_and_end_every_game() -> None:
    game = kibitz.load("cardmate", **type(GAME).match_defaults)
    assert game.options.max_plies is not None
    starts = {game.new_initial_state(seed).position() for seed in range(4)}
    assert len(starts) == 4
