"""The one play session, through the patience games (the ones with undo, hints and autoplay).

Steps, undo/redo, restart, autoplay, auto-complete, concede, hints that follow a proven line,
``save``/``restore`` across a restart, and one statistics entry per game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import kibitz
from kibitz.core import Game, KibitzError, State
from kibitz.core.capabilities import Hint
from kibitz.core.errors import IllegalAction, InvalidRecord
from kibitz.core.record import replay
from kibitz.core.session import Session
from kibitz.core.stats import Statistics

AUTOPLAY = "2C/AC/3C/AS/4C5C6C7C8C9CTCJCQCKC/KSQSJSTS9S8S7S6S5S4S2S3S/-/-/-/- -,-,KH,KD A"
"""AC 2C 3C AS are safe at once; 3S to an empty pile frees 2S and then every spade goes home."""
BEFORE_LOSS = (
    "AC2C3C4C5CKCJC/6C7C8CTCQC/AS2S3S4S9C/5S6S7S8SKS/TSQSAH2HJS/3H4H5H6H9S/7H8H9HTHKH/"
    "QHAD2D3DJH/4D5D6D7DKD/8D9DTDQDJD -,-,-,- A"
)
"""Two moves: ``0>1`` leaves no legal move (lost), ``1>0`` plays on."""
VECTOR9 = "TH4DTS5H/JH/4SQHJS4C8H/3S/AS3H6H4H/3D9H3CKS7H/ADQSKC2S2C/QD2HKH2D/KD/ACAH QC,9S,-,JD 5"
AUTOCOMPLETE = "KHQH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"
NO_AUTOCOMPLETE = "QHKH/KC/-/-/-/-/-/-/-/- QC,KS,JH,KD A"
WINNABLE_CHESSBOARD = 10
"""A Chessboard deal the interactive hint proves winnable."""


def fortress() -> Game:
    return kibitz.load("fortress")


def texts(state: State, actions: tuple[int, ...]) -> list[str]:
    """The notation of ``actions`` played one after another from ``state`` (a copy)."""
    probe, out = state.clone(), []
    for a in actions:
        out.append(probe.action_to_str(a))
        probe.apply(a)
    return out


class CountingAssistant:
    """The game's assistant, counting the hints it had to search for."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.searches = 0

    def hint(self, state: State, start: int = 0) -> Hint:
        self.searches += 1
        return self.inner.hint(state, start)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def restored(session: Session) -> Session:
    """The session rebuilt, as after a restart, from its actions and ``save()`` in JSON."""
    state = session.state
    saved = json.loads(json.dumps(session.save()))
    return Session.restore(session.game, state.seed, state.start_position, session.chance_seed,
                           list(state.history), saved)


def assert_same(a: Session, b: Session) -> None:
    """Everything a front end reads of the two sessions is equal."""
    assert a.state.serialize() == b.state.serialize()
    assert a.state.position() == b.state.position()
    assert a.start_actions == b.start_actions
    assert (a.steps, a.redo_steps) == (b.steps, b.redo_steps)
    assert a.save() == b.save()
    assert a.record() == b.record()
    assert a.autocomplete_actions() == b.autocomplete_actions()


# -- steps, undo, redo, restart --------------------------------------------------------------
def test_a_step_is_the_move_with_the_automatic_moves_it_triggered():
    session = Session(fortress(), position=AUTOPLAY, autoplay=True)
    start = session.state.position()
    assert texts(fortress().start(None, AUTOPLAY), session.start_actions) == [
        "1>F", "0>F", "2>F", "3>F",
    ]  # fmt: skip
    step = session.play("5>0")
    assert step.auto == (False,) + (True,) * 12
    assert session.state.board.found == [3, 13, 13, 13]
    undone = session.undo()
    assert undone == step and session.state.position() == start
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo()  # the moves autoplay made at the start are not undone
    assert session.redo() == step
    assert session.automatic() == [True] * 4 + [False] + [True] * 12
    assert len(session.automatic()) == len(session.state.history)
    record = session.record()
    assert record["metadata"]["auto"] == [0, 1, 2, 3, *range(5, 17)]
    assert record["metadata"]["undos"] == 1
    assert replay(record).state.position() == session.state.position()


def test_a_new_move_clears_redo_and_restart_goes_back_to_the_deal():
    session = Session(fortress(), seed=1)
    start = session.state.position()
    session.play("9>6")
    session.undo()
    session.play("9>7")
    with pytest.raises(IllegalAction, match="nothing to redo"):
        session.redo()
    session.play("7>6")
    session.restart()
    assert session.state.position() == start and session.state.history == []
    assert session.steps == [] and session.redo_steps == []
    assert session.undos == 1  # restarting is not an undo; the game is the same game


def test_a_line_of_moves_is_one_step_and_all_or_nothing():
    session = Session(fortress(), seed=1)
    start = session.state.serialize()
    with pytest.raises(IllegalAction):
        session.play_line([9 * 11 + 6, 0 * 11 + 1])  # 9>6 is legal, then 0>1 is not
    assert session.state.serialize() == start and session.steps == []
    session.play_line([9 * 11 + 6, 6 * 11 + 7])
    assert len(session.steps) == 1
    session.undo()
    assert session.state.serialize() == start


def test_bad_moves_change_nothing():
    session = Session(fortress(), seed=1)
    before = session.save(), session.state.serialize()
    for bad in ("0>1", "nonsense", 10 * 11 + 10):
        with pytest.raises(KibitzError):
            session.play(bad)
    assert (session.save(), session.state.serialize()) == before


# -- autoplay and auto-complete --------------------------------------------------------------
def test_switching_autoplay_on_plays_the_safe_moves_at_once_as_one_step():
    assert Session(kibitz.load("chessboard"), position=VECTOR9).set_autoplay(True) is None
    session = Session(fortress(), position=AUTOPLAY)
    assert session.start_actions == ()
    step = session.set_autoplay(True)
    assert step is not None and len(step.actions) == 4 and all(step.auto)
    session.undo()
    assert session.state.history == [] and session.autoplay  # the switch stays on
    assert session.set_autoplay(False) is None


def test_chessboard_autoplay_never_chooses_the_base():
    session = Session(kibitz.load("chessboard"), seed=1, autoplay=True)
    assert session.start_actions == () and session.state.board.base == -1


def test_autocomplete_is_offered_only_when_it_finishes_vector_8():
    yes = Session(fortress(), position=AUTOCOMPLETE)
    assert yes.autocomplete_actions() is not None
    yes.autocomplete()
    assert yes.state.is_won() and len(yes.steps) == 1 and yes.autocomplete_actions() is None
    yes.undo()
    assert yes.state.position() == AUTOCOMPLETE
    no = Session(fortress(), position=NO_AUTOCOMPLETE)
    assert no.autocomplete_actions() is None
    with pytest.raises(IllegalAction, match=r"not available: .* other moves are needed first; "
                       r"a hint shows the next one"):
        no.autocomplete()
    assert no.steps == []


# -- concede and the result ------------------------------------------------------------------
def test_a_conceded_game_is_lost_and_closed_until_restarted():
    session = Session(fortress(), seed=2)
    session.play(session.state.legal_actions()[0])
    session.concede(0)
    out = session.outcome()
    assert out is not None and out.reason == "conceded" and session.is_over()
    assert session.entry(0, "t") is not None and session.entry(0, "t").score == -1
    for act in (lambda: session.play("0>1"), session.undo, session.redo,
                lambda: session.concede(0)):
        with pytest.raises(IllegalAction, match="conceded"):
            act()
    assert session.record()["metadata"]["conceded"] is True
    session.restart()
    assert not session.is_over() and session.outcome() is None


def test_a_finished_game_cannot_be_conceded_but_can_be_taken_back():
    session = Session(fortress(), position=BEFORE_LOSS)
    session.play("0>1")
    assert session.is_over() and session.outcome().reason == "no legal move"
    with pytest.raises(IllegalAction, match="over"):
        session.concede(0)
    session.undo()
    assert not session.is_over()


def test_lose_undo_lose_counts_one_lost_game():
    stats = Statistics("fortress", "streaks")
    session = Session(fortress(), position=BEFORE_LOSS)
    assert session.entry(0, "table-1") is None  # nothing to count while it is played
    session.play("0>1")
    stats.record(session.entry(0, "table-1"))
    session.undo()
    session.play("1>0")
    session.undo()
    session.play("0>1")
    entry = session.entry(0, "table-1")
    stats.record(entry)
    assert (stats.played, stats.won, stats.lost) == (1, 0, 1)
    assert stats.streaks() == (-1, 0, 1)
    assert entry.moves == 1 and entry.deal is None


def test_a_won_game_counts_as_won_with_its_hints_and_moves():
    session = Session(fortress(), position=AUTOCOMPLETE)
    session.hint()
    session.autocomplete()
    entry = session.entry(0, "k")
    assert (entry.key, entry.score, entry.hints, entry.moves) == ("k", 1, 1, 3)


# -- hints -----------------------------------------------------------------------------------
def test_hints_follow_one_proven_line_to_a_win():
    session = Session(kibitz.load("chessboard"), seed=WINNABLE_CHESSBOARD)
    counting = session.assistant = CountingAssistant(session.assistant)
    while not session.is_over():
        hint = session.hint()
        assert hint.kind == "win" and hint.action == hint.line[0]
        words = f"play {session.state.move_words(hint.action)}"  # as the first hint says it
        assert hint.message == f"{words} ({session.state.action_to_str(hint.action)})"
        session.play(hint.action)
    assert session.state.is_won() and counting.searches == 1
    assert session.hints == len(session.steps) == session.record()["metadata"]["hints"]


def test_undoing_along_the_line_keeps_following_it():
    session = Session(kibitz.load("chessboard"), seed=WINNABLE_CHESSBOARD)
    counting = session.assistant = CountingAssistant(session.assistant)
    first = [session.hint().action]
    session.play(first[0])
    first.append(session.hint().action)
    session.play(first[1])
    session.undo()
    session.undo()
    assert session.hint().action == first[0] and counting.searches == 1
    session.play(next(a for a in session.state.legal_actions() if a != first[0]))
    session.hint()  # off the line: a new search
    assert counting.searches == 2


def test_a_lost_position_hint_names_the_last_winnable_ply():
    session = Session(kibitz.load("chessboard"), position=VECTOR9)
    session.play("0>F")  # the base card 5H home: the deal is lost from here
    session.play(session.state.legal_actions()[0])
    hint = session.hint()
    assert hint.kind == "lost" and hint.action is None and hint.last_winnable_ply == 0
    assert session.winnable().answer == "Not winnable"
    played = list(session.state.history)
    with pytest.raises(IllegalAction, match="cannot undo to move 2"):
        session.undo_to(2)
    step = session.undo_to(hint.last_winnable_ply)  # one undo, both moves on the redo stack
    assert session.state.history == [] and step.actions == tuple(played)
    assert session.undos == 1 and len(session.redo_steps) == 2
    session.redo()
    assert session.state.history == played[:1]


def test_a_lost_hint_after_an_autoplayed_start_names_the_start():
    session = Session(fortress(), seed=38, autoplay=True)
    assert session.start_ply == 3  # the deal's safe moves, played by autoplay: its start
    session.play("0>1")
    hint = session.hint()
    assert hint.kind == "lost" and hint.last_winnable_ply == 3
    assert hint.message.endswith("the start was still winnable; undo to it")
    session.undo_to(hint.last_winnable_ply)
    assert len(session.state.history) == 3 and session.winnable().answer == "Winnable"


# -- save and restore ------------------------------------------------------------------------
def test_three_undos_and_one_redo_restore_to_an_identical_session():
    session = Session(kibitz.load("chessboard"), seed=WINNABLE_CHESSBOARD)
    for _ in range(5):
        session.play(session.hint().action)
    for _ in range(3):
        session.undo()
    session.redo()
    back = restored(session)
    assert len(back.steps) == 3 and len(back.redo_steps) == 2
    assert (back.hints, back.undos) == (session.hints, session.undos) == (5, 3)
    assert_same(back, session)
    back.assistant = CountingAssistant(back.assistant)
    assert back.hint() == session.hint() and back.assistant.searches == 0  # the plan survived
    for act in ("redo", "redo", "undo", "restart"):
        getattr(back, act)()
        getattr(session, act)()
        assert_same(back, session)


def test_restore_keeps_autoplay_switched_on_mid_game_and_the_start_it_made():
    game = fortress()
    late = Session(game, position=AUTOPLAY)
    late.play("1>F")
    late.set_autoplay(True)
    assert_same(restored(late), late)
    early = Session(game, position=AUTOPLAY, autoplay=True)
    early.play("5>0")
    early.undo()
    back = restored(early)
    assert_same(back, early)
    assert back.redo() == early.redo()


def test_restore_keeps_a_concession():
    session = Session(fortress(), seed=3)
    session.play(session.state.legal_actions()[0])
    session.concede(0)
    back = restored(session)
    assert back.is_over() and back.entry(0, "t") == session.entry(0, "t")


def test_restore_refuses_steps_or_redo_that_do_not_fit():
    session = Session(fortress(), seed=1)
    session.play("9>7")
    session.play("7>6")
    session.undo()
    actions = list(session.state.history)
    saved = session.save()
    game = session.game
    with pytest.raises(InvalidRecord, match="steps do not match"):
        Session.restore(game, 1, None, 0, actions, {**saved, "steps": [[[75], [0]]]})
    with pytest.raises(InvalidRecord, match="redo step"):
        Session.restore(game, 1, None, 0, actions, {**saved, "redo": [[[0 * 11 + 1], [0]]]})
    with pytest.raises(InvalidRecord, match="start"):
        Session.restore(game, 1, None, 0, actions, {**saved, "start": 5})
    with pytest.raises(InvalidRecord, match="ply 2"):
        Session.restore(game, 1, None, 0, [*actions, 0], saved)


def test_restore_without_saved_steps_makes_one_step_per_move():
    session = Session(fortress(), seed=1)
    session.play_line([9 * 11 + 6, 6 * 11 + 7])
    state = session.state
    back = Session.restore(session.game, 1, None, 0, list(state.history), {})
    assert back.state.serialize() == state.serialize() and len(back.steps) == 2


def test_a_whole_turn_is_one_step_played_whole_or_not_at_all():
    session = Session(kibitz.load("tchess"), seed=5)
    hand = session.state.observation(session.state.current_player)["hand"]
    before = session.state.serialize()
    with pytest.raises(IllegalAction, match="is not in"):
        session.play_turn(f"{hand[0]} {hand[0]} {hand[0]} {hand[0]} {hand[0]} {hand[0]} X")
    assert session.state.serialize() == before and session.steps == []
    turn = session.state.turn_actions(f"{hand[0]} {hand[1]}")
    assert [session.state.action_to_str(a) for a in turn] == [hand[0], hand[1], "end"]
    step = session.play_turn(f"{hand[0]} {hand[1]}")
    assert step.actions[:3] == tuple(turn) and len(session.steps) == 1
    smess = Session(kibitz.load("smess"))
    assert smess.play_turn("e2-e3").actions == (smess.state.history[0],)  # one action
