"""Solver answers during play (e.4-6) through the analysis functions and the assistant.

The play session itself (steps, undo, autoplay, hints followed, statistics) is tested in
``tests/core/test_session.py`` and ``tests/core/test_stats.py``.
"""

from kibitz.core import load
from kibitz.core.rng import Rng
from kibitz.games.fortress.analysis import choose_winnable_deal, hint, winnable
from kibitz.games.fortress.solver import WIN, solve

HARD_LOSS = (
    "KSKD8H/6D/5SJHTS8D/TC9D/6S/7CQC/7H4S8SKC8CQD5C/KH/JS5D7SJDJC6C7D9S9CTD/4DQHTH9HQS "
    "4C,3S,6H,3D A"
)
VECTOR9 = "TH4DTS5H/JH/4SQHJS4C8H/3S/AS3H6H4H/3D9H3CKS7H/ADQSKC2S2C/QD2HKH2D/KD/ACAH QC,9S,-,JD 5"


def test_hint_keeps_position_winnable():
    state = load("fortress").new_initial_state(16)
    h = hint(state, node_limit=50_000)
    assert h.kind == "win"
    state.apply(h.action)
    assert solve(state, node_limit=50_000).verdict == WIN


def test_hint_on_lost_position_reports_cards_that_can_get_home():
    state = load("fortress").new_state_from_position(HARD_LOSS)
    h = hint(state, node_limit=50_000)
    assert h.kind == "lost" and "at most 18 cards" in h.message
    assert "2 more" in h.message and h.action is None
    assert winnable(state).answer == "Not winnable" and winnable(state).verdict == "loss"


def test_lost_hint_names_latest_winnable_position():
    state = load("chessboard").new_state_from_position(VECTOR9)
    state.apply(state.str_to_action("0>F"))  # base card 5H home: lost
    state.apply(state.legal_actions()[0])
    h = hint(state, node_limit=50_000)
    assert h.kind == "lost" and h.last_winnable_ply == 0
    assert h.message.endswith("; the start was still winnable; undo to it")


def test_one_card_home_is_said_in_the_singular():
    state = load("chessboard").new_initial_state(1)
    state.apply(state.str_to_action("7>F"))  # the base card home: the deal goes no further
    h = hint(state, node_limit=20_000)
    assert h.kind == "lost" and "at most 1 card can reach the foundations" in h.message


def test_unknown_gives_unchecked_hint():
    state = load("fortress").new_initial_state(38)
    h = hint(state, node_limit=3)
    assert h.kind == "unchecked" and h.action in state.legal_actions() and "unchecked" in h.message
    assert winnable(state, node_limit=3).answer == "Unknown: search limit reached"


def test_winnable_only_chooser():
    number, result = choose_winnable_deal(load("fortress"), Rng(3), node_limit=100_000)
    assert number >= 10**16 and result.verdict == WIN
    again = solve(load("fortress").new_initial_state(number), node_limit=100_000)
    assert again.verdict == WIN


def test_assistant_verdicts_win_loss_unknown():
    game = load("fortress")
    assistant = game.assistant()
    win = assistant.solve(game.new_initial_state(3))
    assert win.verdict == "win" and win.nodes > 0 and win.detail["max_home"] == 52
    state = game.new_initial_state(3)
    for action in win.moves:
        state.apply(action)
    assert state.is_won()
    loss = assistant.solve(game.new_initial_state(1))
    assert loss.verdict == "loss" and loss.moves == () and loss.detail["max_home"] < 52
    assert assistant.solve(game.new_initial_state(38), node_limit=3).verdict == "unknown"


def test_assistant_winnable_deal_and_autocomplete():
    game = load("chessboard")
    assistant = game.assistant()
    number = assistant.winnable_deal(game, Rng(5))
    assert solve(game.new_initial_state(number), node_limit=100_000).verdict == WIN
    done = load("fortress").new_state_from_position("KHQH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A")
    assert [done.action_to_str(a) for a in assistant.autocomplete(done)] == ["0>F", "1>F", "0>F"]
    assert assistant.auto_moves(game.new_initial_state(1)) == []  # no base yet


def test_hint_names_the_card_and_its_piles():
    state = load("fortress").new_initial_state(16)
    h = hint(state, node_limit=50_000)
    assert h.message == f"play {state.move_words(h.action)} ({state.action_to_str(h.action)})"
    assert h.message == "play A♣ from pile 8 home (8>F)"
    unchecked = hint(load("fortress").new_initial_state(38), node_limit=3)
    assert unchecked.message == "try A♣ from pile 6 home (6>F); unchecked: search limit reached"
    assert unchecked.reason == "search limit reached"


def test_move_words_name_the_card_and_both_ends():
    from kibitz.games.fortress.cards import parse_card
    from kibitz.games.fortress.notation import encode, move_words

    assert move_words(encode(4, 10), parse_card("AH")) == "A♥ from pile 4 home"
    assert move_words(encode(2, 7), parse_card("TC")) == "10♣ from pile 2 to pile 7"
    assert move_words(encode(12, 3), parse_card("5H")) == "5♥ from its foundation to pile 3"
