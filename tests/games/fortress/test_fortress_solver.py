"""The exact solver (FO-14): verdicts on the spec's vectors, replayed wins, brute-force LOSS."""

from unittest.mock import ANY

import pytest
from brute import reachable

from kibitz.core import load
from kibitz.core.rng import Rng
from kibitz.games.fortress.board import Board
from kibitz.games.fortress.solver import LOSS, UNKNOWN, WIN, solve

VECTOR9 = "TH4DTS5H/JH/4SQHJS4C8H/3S/AS3H6H4H/3D9H3CKS7H/ADQSKC2S2C/QD2HKH2D/KD/ACAH QC,9S,-,JD 5"
VECTOR9_LINE = (
    "4>0 5>2 4>2 4>0 5>4 6>5 6>3 6>F 6>4 8>6 9>8 9>F 5>F 5>F 0>9 0>9 0>F 0>F 2>F 2>F 2>F "
    "2>F 2>F 4>F 4>F 4>F 3>F 3>F 5>F 0>3 0>F 1>F 2>F 2>F 7>0 7>F 8>F 7>F 7>F 6>F 6>F 0>F 5>F "
    "3>F 9>0 9>F 0>F"
)
TRIVIAL_LOSS = "JH/QSJD/9SKH/8HTS/KCTHQC7CQDKD/QHJC/TDKS/8D9D/8C/9CTC7H9HJS 6C,8S,6H,7D A"
HARD_LOSS = (
    "KSKD8H/6D/5SJHTS8D/TC9D/6S/7CQC/7H4S8SKC8CQD5C/KH/JS5D7SJDJC6C7D9S9CTD/4DQHTH9HQS "
    "4C,3S,6H,3D A"
)


def replays_to_win(state, moves):
    s = state.clone()
    for a in moves:
        s.apply(a)
    return s.is_won()


def test_vector9_win_and_spec_line_is_legal():
    s = load("chessboard").new_state_from_position(VECTOR9)
    line = VECTOR9_LINE.split()
    assert len(line) == 47
    probe = s.clone()
    for text in line:
        probe.apply(probe.str_to_action(text))
    assert probe.is_won()
    r = solve(s, node_limit=50_000)
    assert r.verdict == WIN and r.max_home == 52 and replays_to_win(s, r.moves)


def test_vector9_base_card_home_is_loss():
    s = load("chessboard").new_state_from_position(VECTOR9)
    s.apply(s.str_to_action("0>F"))
    r = solve(s, node_limit=50_000)
    assert (r.verdict, r.max_home) == (LOSS, 22)
    assert reachable(s) == (False, 6, 22)


def test_vector10_trivial_loss():
    s = load("fortress").new_state_from_position(TRIVIAL_LOSS)
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["3>9", "9>3"]
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        assert t.legal_actions() == [] and t.is_terminal()
    assert solve(s).verdict == LOSS


def test_vector10_nontrivial_loss_agrees_with_brute_force():
    s = load("fortress").new_state_from_position(HARD_LOSS)
    assert [s.action_to_str(a) for a in s.legal_actions()] == ["2>3", "3>2", "3>8", "6>F", "8>3"]
    r = solve(s, node_limit=100_000)
    assert (r.verdict, r.max_home, r.home) == (LOSS, 18, 16)
    won, _, best = reachable(s, canonical=True)
    assert (won, best) == (False, 18)


def test_vector8_solver_wins_without_autocomplete():
    s = load("fortress").new_state_from_position("QHKH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A")
    r = solve(s)
    assert r.verdict == WIN and replays_to_win(s, r.moves)
    line = s.clone()
    for t in "1>F 0>2 0>F 2>F".split():
        line.apply(line.str_to_action(t))
    assert line.is_won()


def test_already_won_position():
    s = load("fortress").new_state_from_position("-/-/-/-/-/-/-/-/-/- KC,KS,KH,KD A")
    assert solve(s).verdict == WIN and solve(s).moves == ()


@pytest.mark.parametrize("name, deals", [("fortress", range(1, 61)), ("chessboard", range(1, 31))])
def test_every_win_replays_through_rules_engine(name, deals):
    game = load(name)
    wins = 0
    for n in deals:
        state = game.new_initial_state(n)
        r = solve(state, node_limit=200_000)
        assert r.verdict in (WIN, LOSS)
        if r.verdict == WIN:
            wins += 1
            assert replays_to_win(state, r.moves)
        else:
            assert r.moves == () and r.max_home < 52
    assert wins > 0


def test_node_limit_gives_unknown_deterministically():
    s = load("fortress").new_initial_state(38)
    a = solve(s, node_limit=5)
    assert a.verdict == UNKNOWN and a.moves == () and a == solve(s, node_limit=5)
    assert solve(s, node_limit=200_000).verdict == WIN


def test_a_move_cap_is_kept_a_win_beyond_it_not_claimed():
    free = solve(load("chessboard").new_initial_state(777821))
    assert free.verdict == WIN and len(free.moves) == 91
    short = load("chessboard", max_moves=5).new_initial_state(777821)
    assert solve(short).verdict == UNKNOWN and solve(short).moves == ()
    assert solve(short).longer_than_cap and not solve(short, node_limit=5).longer_than_cap
    assistant = short.game.assistant()
    assert assistant.winnable(short).answer == (
        "Unknown: the win found needs more moves than the move cap leaves")
    capped = assistant.hint(short)
    assert capped.kind == "unchecked" and capped.message.endswith(
        "; unchecked: the win found needs more moves than the move cap leaves")
    assert capped.to_json()["reason"] == capped.reason
    room = load("chessboard", max_moves=91).new_initial_state(777821)
    assert solve(room) == free  # the line fits the cap exactly
    over = load("chessboard", max_moves=1).new_initial_state(777821)
    over.apply(free.moves[0])
    assert over.is_terminal() and solve(over).verdict == LOSS  # the cap ended it
    assert over.game.assistant().winnable(over).verdict == "loss"


def test_solve_does_not_change_the_state():
    s = load("chessboard").new_initial_state(16)
    before = s.serialize()
    solve(s, node_limit=10_000)
    assert s.serialize() == before


def _small_position(rng: Rng, variant_name: str) -> str:
    """A random position with 5-7 cards left on the tableau and the rest home."""
    left = 5 + rng.below(3)
    chessboard = variant_name == "chessboard"
    base = rng.below(13) if chessboard else 0
    counts = [13] * 4
    for _ in range(left):
        s = rng.below(4)
        while counts[s] == (1 if chessboard else 0):
            s = rng.below(4)
        counts[s] -= 1
    cards = [s * 13 + (base + k) % 13 for s in range(4) for k in range(counts[s], 13)]
    rng.shuffle(cards)
    piles = [[] for _ in range(10)]
    for c in cards:
        piles[rng.below(4)].append(c)
    return Board(piles, counts, base).to_string()


@pytest.mark.parametrize("name", ["fortress", "chessboard"])
def test_small_positions_agree_with_brute_force(name):
    game = load(name)
    rng = Rng(2024)
    for _ in range(12):
        state = game.new_state_from_position(_small_position(rng, name))
        won, _, best = reachable(state, canonical=True, limit=20_000)
        r = solve(state, node_limit=200_000)
        assert r.verdict == (WIN if won else LOSS)
        assert r.max_home == best


@pytest.mark.parametrize("name", ["fortress", "chessboard"])
def test_loss_deals_agree_with_brute_force(name):
    game = load(name)
    losses = 0
    for n in range(1, 41):
        state = game.new_initial_state(n)
        r = solve(state, node_limit=200_000)
        if r.verdict == LOSS:
            losses += 1
            assert reachable(state, canonical=True, limit=20_000) == (False, ANY, r.max_home)
    assert losses >= 5


def test_board_argument_needs_variant():
    s = load("fortress").new_initial_state(1)
    with pytest.raises(TypeError):
        solve(s.board)
    assert solve(s.board, s.variant).verdict == solve(s).verdict
