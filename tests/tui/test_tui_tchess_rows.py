"""TCHESS rows in the terminal: a Jester shows the value it copies; each pair's two cards are
joined, two pairs side by side are not; a typed row of cards is one whole turn; the cards
drawn are listed, not numbered as moves."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from tui_helpers import make_app, settle

import kibitz
from kibitz.core.game import State
from kibitz.core.session import Session
from kibitz.tui import Driver, PlayApp
from kibitz.tui.views.rows import sentence
from positions import paired_jester, tchess_jester_paired, tchess_until

pytestmark = pytest.mark.anyio


async def test_a_paired_jester_shows_the_value_it_copies(tmp_path):
    game = kibitz.load("tchess")
    state = tchess_jester_paired()
    seat, place, value = paired_jester(state)
    assert state.observation(0)["rows"][seat]["cards"][place] == "J"
    session = Session.restore(game, 0, None, 0, list(state.history), {})
    app = PlayApp(Driver(game, [None, None], session=session), tmp_path / "r.json", pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert f"J = {value}" in str(app.view.render())


async def test_a_typed_row_of_cards_is_played_as_a_whole_turn(tmp_path):
    app = make_app("tchess", tmp_path / "r.json", seed=5)
    state = app.driver.session.state
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert state.current_player == 0
        hand = state.observation(0)["hand"]
        before = len(state.history)
        await pilot.press("colon", *f"{hand[0]} {hand[0]} {hand[0]} {hand[0]} Q Q Q", "enter")
        await settle(pilot)
        assert "is not in White's hand" in app.message and len(state.history) == before
        await pilot.press("ctrl+a", "ctrl+k", *f"{hand[0]} {hand[1]}", "enter")
        await settle(pilot)
        played = [state.action_to_str(a) for a in state.history[before:before + 3]]
        assert played == [hand[0], hand[1], "end"]


async def test_a_typed_turn_is_said_before_enter_plays_it(tmp_path):
    app = make_app("tchess", tmp_path / "r.json", seed=5)
    state = app.driver.session.state
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before = len(state.history)
        card = state.observation(0)["hand"][0]
        assert state.observation(0)["hand"].count(card) == 2  # this deal's first card: a pair
        await pilot.press("colon", card)
        assert app.message == f"Enter plays 2 moves as your turn: {card}, end"
        await pilot.press("space", *card)
        assert app.message == f"Enter plays 3 moves as your turn: {card}, {card}, end"
        await pilot.press("ctrl+a", "ctrl+k", "Z")
        assert app.message == ""  # no turn: nothing said, the earlier sentence gone
        assert len(state.history) == before  # nothing played


async def test_the_cards_drawn_are_listed_but_not_numbered_as_moves(tmp_path):
    app = make_app("tchess", tmp_path / "r.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("m", "enter")  # White lays its first card
        await settle(pilot)
        lines = str(app.part("#log-text", Static).render()).splitlines()
        drawn = [line for line in lines if "draw" in line]
        assert len(drawn) == 12 and all(line.startswith("      ") for line in drawn)
        assert drawn[0].strip().startswith("White draw ")  # the seat's own cards: named
        assert drawn[-1].strip() == "Black draws a card"  # the other hand's: hidden
        numbered = [line.strip() for line in lines if line not in drawn]
        assert numbered[0].startswith("1. White ")
        assert [n.split(".")[0] for n in numbered] == [str(k) for k in range(1, len(numbered) + 1)]


def neighbouring_pairs(state: State) -> bool:
    """Whether a row of ``state`` holds two pairs side by side."""
    for row in state.observation(0)["rows"]:
        ends = {max(pair) for pair in row["pairs"]}
        if any(min(pair) - 1 in ends for pair in row["pairs"]):
            return True
    return False


async def test_two_pairs_side_by_side_are_two_links_not_one_chain(tmp_path):
    game = kibitz.load("tchess")
    state = tchess_until(neighbouring_pairs, "two pairs side by side")
    row = next(r for r in state.observation(0)["rows"] if len(r["pairs"]) > 1)
    assert row["text"] == "E S (N J) (P P)"
    session = Session.restore(game, 0, None, 0, list(state.history), {})
    app = PlayApp(Driver(game, [None, None], session=session), tmp_path / "r.json", pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        drawn = [line for line in str(app.view.render()).splitlines() if "row" in line]
        assert any("E   S   N ═ J   P ═ P" in line for line in drawn), drawn


def test_a_round_won_against_an_empty_row_says_nothing_was_laid():
    result = {"event": "result", "round": 2, "winner": 0, "margin": 5,
              "row_texts": ["P S", ""], "strengths": [5, 0]}
    names = ("White", "Black").__getitem__
    assert sentence(result, names) == (
        "round 2: White wins by 5 (White P S = 5, Black nothing laid)")
