"""The session in games of two sides: take-back against the computer, resignation and
agreed draws (the rules' product features for Smess and Cardmate; resignation and draws for
TCHESS), with ``save``/``restore`` and the records they make."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kibitz
from kibitz.core.errors import IllegalAction
from kibitz.core.record import replay
from kibitz.core.rng import Rng
from kibitz.core.session import Session

PERSON = {0}
"""The person's seat in these tests; seat 1 stands for the computer."""


def restored(session: Session) -> Session:
    state = session.state
    saved = json.loads(json.dumps(session.save()))
    return Session.restore(session.game, state.seed, state.start_position, session.chance_seed,
                           list(state.history), saved)


def play_plies(session: Session, plies: int, seed: int = 0) -> None:
    rng = Rng(seed)
    for _ in range(plies):
        session.play(rng.choice(session.state.legal_actions()))


@pytest.mark.parametrize("name", ["smess", "cardmate"])
def test_a_take_back_goes_back_to_the_persons_last_turn_and_play_again_returns(name):
    session = Session(kibitz.load(name), seed=1)
    play_plies(session, 4)  # person, computer, person, computer
    before = session.state.serialize()
    moves = list(session.state.history)
    step = session.take_back(PERSON)
    assert step.actions == tuple(moves[2:])  # the person's move and the computer's reply
    assert session.state.current_player == 0 and session.state.history == moves[:2]
    assert session.undos == 1
    again = session.play_again(PERSON)
    assert again == step and session.state.serialize() == before
    assert session.record()["metadata"] == {"undos": 1}  # how often moves were taken back


def test_a_take_back_while_the_computer_is_to_move_takes_back_the_persons_move_only():
    session = Session(kibitz.load("smess"))
    play_plies(session, 3)  # the computer is to reply to the third ply
    step = session.take_back(PERSON)
    assert len(step.actions) == 1 and len(session.state.history) == 2


def test_a_person_who_has_not_moved_has_nothing_to_take_back_and_nothing_changes():
    session = Session(kibitz.load("smess"))
    play_plies(session, 1)  # the computer (seat 0) moved first; the person is seat 1
    before = (session.state.serialize(), session.steps, session.redo_steps)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        session.take_back({1})
    assert (session.state.serialize(), session.steps, session.redo_steps) == before
    with pytest.raises(IllegalAction, match="nothing to play again"):
        session.play_again({1})


def test_a_lost_game_comes_back_into_play_by_a_take_back():
    session = Session(kibitz.load("smess"))
    rng = Rng(3)
    while not session.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    loser = session.outcome().returns.index(-1.0)
    step = session.take_back({loser})
    assert not session.is_over() and session.state.current_player == loser
    assert step.actions[-1] == session.redo_steps[0].actions[0]


def test_take_back_is_only_where_the_game_offers_it():
    tchess = Session(kibitz.load("tchess"), seed=1)
    with pytest.raises(IllegalAction, match="no take-back"):
        tchess.take_back(PERSON)
    smess = Session(kibitz.load("smess"))
    play_plies(smess, 2)
    with pytest.raises(IllegalAction, match="no undo"):
        smess.undo()


@pytest.mark.parametrize("name", ["smess", "cardmate", "tchess"])
def test_a_resignation_loses_for_the_side_and_closes_the_game(name):
    session = Session(kibitz.load(name), seed=2)
    play_plies(session, 2)
    session.concede(1)
    out = session.outcome()
    assert out is not None and out.reason == "resignation" and out.returns == (1.0, -1.0)
    assert session.is_over() and session.entry(1, "t").score == -1
    assert session.entry(0, "t").score == 1
    with pytest.raises(IllegalAction, match="resigned"):
        session.play(session.state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="resigned"):
        session.agree_draw()
    back = restored(session)
    assert back.outcome() == out
    record = session.record()
    assert record["result"] == {"returns": [1.0, -1.0], "reason": "resignation"}
    assert replay(record).declared == out


@pytest.mark.parametrize("name", ["smess", "cardmate", "tchess"])
def test_an_agreed_draw_ends_the_game_drawn(name):
    session = Session(kibitz.load(name), seed=2)
    play_plies(session, 3)
    session.agree_draw()
    out = session.outcome()
    assert out is not None and out.reason == "agreed draw" and out.returns == (0.0, 0.0)
    assert session.entry(0, "t").score == 0
    with pytest.raises(IllegalAction, match="agreed a draw"):
        session.concede(0)
    assert restored(session).outcome() == out
    assert replay(session.record()).declared == out


def test_a_finished_game_cannot_be_resigned_or_drawn_by_agreement():
    session = Session(kibitz.load("smess"))
    rng = Rng(3)
    while not session.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    for act in (lambda: session.concede(0), session.agree_draw):
        with pytest.raises(IllegalAction, match="over"):
            act()


def test_patience_and_rook_have_no_agreed_draws():
    for name in ("fortress", "rook"):
        with pytest.raises(IllegalAction, match="no agreed draws"):
            Session(kibitz.load(name), seed=1).agree_draw()


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(["smess", "cardmate"]),
    seed=st.integers(0, 10_000),
    script=st.lists(st.sampled_from(["move", "move", "move", "back", "again"]), max_size=40),
)
def test_take_backs_and_plays_again_restore_positions_exactly(name, seed, script):
    """Any mix of moves, take-backs and plays-again: a take-back lands on the person's turn
    in the position the game had at that ply, a play-again restores the position before the
    take-back, and the session survives save/restore unchanged."""
    session = Session(kibitz.load(name), seed=seed % 7)
    rng = Rng(seed)
    line = [session.state.serialize()]
    """The position at each ply of the line played."""
    taken: list[str] = []
    for what in script:
        try:
            if what == "move" and not session.is_over():
                session.play(rng.choice(session.state.legal_actions()))
                line[len(session.state.history):] = [session.state.serialize()]
                taken.clear()
            elif what == "back":
                before = session.state.serialize()
                session.take_back(PERSON)
                taken.append(before)
                assert session.state.current_player == 0
                assert session.state.serialize() == line[len(session.state.history)]
            elif what == "again":
                session.play_again(PERSON)
                assert session.state.serialize() == taken.pop()
        except IllegalAction:
            continue
    back = restored(session)
    assert back.state.serialize() == session.state.serialize()
    assert (back.steps, back.redo_steps) == (session.steps, session.redo_steps)
