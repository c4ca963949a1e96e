"""Play support (e): step undo/redo, restart, autoplay, auto-complete, hints, stats, survey."""

import pytest

from kibitz.core import load
from kibitz.core.errors import IllegalAction
from kibitz.core.record import replay
from kibitz.core.rng import Rng
from kibitz.games.fortress.analysis import choose_winnable_deal, hint, winnable
from kibitz.games.fortress.session import PlaySession
from kibitz.games.fortress.solver import WIN, solve
from kibitz.games.fortress.stats import GameEntry, Statistics
from kibitz.games.fortress.survey import DealResult, parse_range, summarize, wilson

HARD_LOSS = (
    "KSKD8H/6D/5SJHTS8D/TC9D/6S/7CQC/7H4S8SKC8CQD5C/KH/JS5D7SJDJC6C7D9S9CTD/4DQHTH9HQS "
    "4C,3S,6H,3D A"
)
VECTOR9 = "TH4DTS5H/JH/4SQHJS4C8H/3S/AS3H6H4H/3D9H3CKS7H/ADQSKC2S2C/QD2HKH2D/KD/ACAH QC,9S,-,JD 5"


def test_steps_undo_redo_with_autoplay():
    f = load("fortress")
    session = PlaySession(f.new_state_from_position(
        "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/2SKSQSJSTS9S8S7S6S5S4S3S/-/-/-/- -,-,KH,KD A"
    ), autoplay=True)
    start = session.state.position()
    assert session.start_auto == [0, 1, 2, 3]  # played right after the start
    step = session.move("4>6")
    assert step.auto == (False, True) or step.auto == (False,)
    session.undo()
    assert session.state.position() == start
    with pytest.raises(IllegalAction):
        session.undo()  # the start moves are not undone
    session.redo()
    assert session.state.history[-len(step.actions):] == list(step.actions)
    rec = session.record()
    assert rec["metadata"]["auto"][:4] == [0, 1, 2, 3] and rec["metadata"]["undos"] == 1
    assert replay(rec).state.position() == session.state.position()


def test_new_move_clears_redo_and_restart():
    session = PlaySession.deal(load("fortress"), 1)
    start = session.state.position()
    session.move("9>6")
    session.undo()
    session.move("9>7")
    with pytest.raises(IllegalAction, match="nothing to redo"):
        session.redo()
    session.move("7>6")
    session.restart()
    assert session.state.position() == start and session.steps == []
    assert session.entry() is not None  # still the same, started game


def test_macro_is_one_step_and_all_or_nothing():
    session = PlaySession.deal(load("fortress"), 1)
    start = session.state.position()
    with pytest.raises(IllegalAction):
        session.macro([9 * 11 + 6, 0 * 11 + 1])
    assert session.state.position() == start
    session.macro([9 * 11 + 6, 6 * 11 + 7])
    session.undo()
    assert session.state.position() == start


def test_autoplay_switch_on_runs_at_once_and_chessboard_base_untouched():
    s = PlaySession(load("chessboard").new_state_from_position(VECTOR9))
    assert s.set_autoplay(True) is None  # vector 9: nothing is safe
    f = PlaySession(load("fortress").new_state_from_position(
        "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/2SKSQSJSTS9S8S7S6S5S4S3S/-/-/-/- -,-,KH,KD A"
    ))
    step = f.set_autoplay(True)
    assert len(step.actions) == 4 and all(step.auto)


def test_autocomplete_vector_8():
    f = load("fortress")
    yes = PlaySession(f.new_state_from_position("KHQH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"))
    assert yes.can_autocomplete()
    yes.autocomplete()
    assert yes.won() and len(yes.steps) == 1
    no = PlaySession(f.new_state_from_position("QHKH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"))
    assert not no.can_autocomplete()
    with pytest.raises(IllegalAction):
        no.autocomplete()


def test_hints_play_to_a_win_and_are_counted():
    session = PlaySession.deal(load("chessboard"), 16)
    for _ in range(400):
        if session.won():
            break
        h = session.hint(node_limit=50_000)
        assert h.kind == "win"
        session.move(h.action)
    assert session.won() and session.hints_used == len(session.steps)
    assert session.record()["metadata"]["hints"] == session.hints_used


def test_hint_keeps_position_winnable():
    state = load("fortress").new_initial_state(16)
    h = hint(state, node_limit=50_000)
    assert h.kind == "win"
    state.apply(h.action)
    assert solve(state, node_limit=50_000).verdict == WIN


def test_hint_on_lost_position_reports_cards_that_can_get_home():
    state = load("fortress").new_state_from_position(HARD_LOSS)
    h = hint(state, node_limit=50_000)
    assert h.kind == "lost" and h.can_reach_home == 18 and "18 cards" in h.message
    assert "2 more" in h.message and h.action is None
    assert winnable(state)[0] == "Not winnable"


def test_lost_hint_names_latest_winnable_position():
    state = load("chessboard").new_state_from_position(VECTOR9)
    state.apply(state.str_to_action("0>F"))  # base card 5H home: lost
    state.apply(state.legal_actions()[0])
    h = hint(state, node_limit=50_000)
    assert h.kind == "lost" and h.last_winnable_ply == 0 and "undo to it" in h.message


def test_unknown_gives_unchecked_hint():
    state = load("fortress").new_initial_state(38)
    h = hint(state, node_limit=3)
    assert h.kind == "unchecked" and h.action in state.legal_actions() and "unchecked" in h.message
    assert winnable(state, node_limit=3)[0] == "Unknown: search limit reached"


def test_winnable_only_chooser():
    number, result = choose_winnable_deal(load("fortress"), Rng(3), node_limit=100_000)
    assert number >= 10**16 and result.verdict == WIN
    again = solve(load("fortress").new_initial_state(number), node_limit=100_000)
    assert again.verdict == WIN


def test_statistics_streaks_and_round_trip():
    stats = Statistics("fortress")
    for won in (True, True, False, False, False, True):
        stats.add(GameEntry(1, won, hints=2, moves=10))
    assert (stats.played, stats.won, stats.lost) == (6, 3, 3)
    assert (stats.longest_win_streak, stats.longest_loss_streak, stats.current_streak) == (2, 3, 1)
    assert stats.win_rate == 0.5
    assert Statistics.from_json(stats.to_json()) == stats


def test_session_results_for_statistics():
    stats = Statistics("fortress")
    untouched = PlaySession.deal(load("fortress"), 1)
    assert untouched.finish(stats) is None and stats.played == 0
    played = PlaySession.deal(load("fortress"), 1)
    played.move("9>6")
    played.hint(node_limit=1000)
    entry = played.finish(stats)  # abandoned: lost
    assert entry == GameEntry(1, False, 1, 1) and stats.lost == 1
    conceded = PlaySession.deal(load("fortress"), 2)
    conceded.concede()
    conceded.finish(stats)
    assert stats.played == 2 and stats.current_streak == -2
    with pytest.raises(IllegalAction, match="conceded"):
        conceded.move("0>1")


def test_wilson_vector_11():
    low, high = wilson(202_396, 1_000_000)
    assert round(low * 100, 3) == 20.161 and round(high * 100, 3) == 20.318
    results = [DealResult(k, v, 1, 52 if v == WIN else 0) for k, v in
               enumerate(["WIN"] * 50 + ["LOSS"] * 40 + ["UNKNOWN"] * 10)]
    s = summarize("fortress", results)
    assert round(s.ci_low * 100, 2) == 40.38 and round(s.ci_high * 100, 2) == 69.06
    assert (s.win, s.loss, s.unknown, s.rate) == (50, 40, 10, 0.5)
    assert s.zero_share == 0.5 and s.mean_home == 26.0
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1] * 100, 2) == 27.75


def test_parse_range():
    assert parse_range("1-10") == range(1, 11) and parse_range("7") == range(7, 8)
    for bad in ("0-5", "5-1", "a-b", "1-"):
        with pytest.raises(ValueError):
            parse_range(bad)
