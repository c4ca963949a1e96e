"""Rook's discard set in the terminal: the cards, any of the hand in any order, are chosen (and
unchosen) one pick or typed card at a time, marked, and played as one turn once the person
says yes; no discard is made before (a whole set typed is played at once)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Static
from tui_helpers import pick_by_keys, settle, shown, spot_offset

import kibitz
from kibitz.core.game import State
from kibitz.core.session import Session
from kibitz.tui import Driver, PlayApp
from kibitz.tui.screens import ConfirmScreen

pytestmark = pytest.mark.anyio


def declaring_south() -> Session:
    """A Rook hand where South (seat 0) bid the most and now discards, the others passed."""
    session = Session(kibitz.load("rook"), seed=1)
    while not any(m["kind"] == "discard" for m in session.state.moves()):
        moves = session.state.moves()
        bids = [m for m in moves if m["kind"] == "bid"] if session.state.current_player == 0 else []
        session.play((bids or [m for m in moves if m["kind"] == "pass"])[-1]["id"])
    return session


def south_discarding(tmp_path) -> tuple[PlayApp, State]:
    """The app at a Rook table of four people (``declaring_south``), and its game's state."""
    session = declaring_south()
    driver = Driver(session.game, [None] * 4, session=session)
    return PlayApp(driver, tmp_path / "r.json", pause=0), session.state


async def test_a_discard_set_is_chosen_then_played_as_one_turn(tmp_path):
    app, state = south_discarding(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        size = app.frame.moves[0]["set"]["size"]
        hand = app.frame.observation["hand"]
        before = len(state.history)

        async def pick(card: str) -> None:
            await pilot.click("#view", offset=spot_offset(app.view, card))
            await pilot.pause()

        await pick(hand[0])
        assert app.frame.selected == {hand[0]} and app.message == f"discard: 1 of {size} chosen"
        await pick(hand[0])  # unchosen
        assert app.frame.selected == set()
        for card in hand[1:size]:
            await pick(card)
        assert len(state.history) == before  # nothing is discarded while the set is chosen
        await pick(hand[size])  # the set is complete: asked first
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(state.history) == before and app.frame.selected == set(hand[1:size + 1])
        await pick(hand[size])  # unchosen, and chosen again: asked again
        await pick(hand[size])
        await pilot.press("y")
        await settle(pilot)
        assert len(state.history) == before + size
        assert sorted(state.observation(0)["discards"]) == sorted(hand[1:size + 1])
        assert app.frame.selected == set()


async def test_the_move_list_chooses_a_discard_set_too(tmp_path):
    app, state = south_discarding(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        size = app.frame.moves[0]["set"]["size"]
        before = len(state.history)
        await pilot.press("m")  # the list of moves: each a card of the set
        await pilot.pause()
        menu = app.query_one("#menu")
        first = str(menu.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert len(state.history) == before  # chosen, not discarded
        assert app.frame.selected == {app.frame.moves[0]["card"]}
        assert str(menu.get_option_at_index(0).prompt) == f"✓ {first}"
        assert menu.highlighted == 0 and menu.has_focus
        await pilot.press("enter")  # chosen again: unchosen
        await pilot.pause()
        assert app.frame.selected == set() and str(menu.get_option_at_index(0).prompt) == first
        for _ in range(size):
            await pilot.press("enter", "down")
            await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        chosen = {m["card"] for m in app.frame.moves[:size]}
        assert app.frame.selected == chosen and len(state.history) == before
        await pilot.press("y")
        await settle(pilot)
        assert len(state.history) == before + size
        assert set(state.observation(0)["discards"]) == chosen


async def test_the_move_list_numbers_the_seats_moves_not_the_cards_dealt(tmp_path):
    app, state = south_discarding(tmp_path)  # 42 cards dealt, then South's bid
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert len(state.history) == 43
        listed = str(app.part("#log-text", Static).render()).splitlines()
        assert [line.strip() for line in listed] == ["Hand 1", "1. South bid 120"]


async def test_any_cards_of_the_hand_make_the_set_in_any_order(tmp_path):
    """The legal moves name only the set's next card in the game's order (never its highest
    cards); a pick, by key or from the list, chooses any card of the hand all the same."""
    app, state = south_discarding(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        size = app.frame.moves[0]["set"]["size"]
        hand = app.frame.observation["hand"]
        highest = hand[-size:]
        assert not {m["card"] for m in app.frame.moves} & set(highest[1:])
        before = len(state.history)
        app.view.focus()
        for card in reversed(highest[1:]):  # from the top down: by the cursor keys
            await pick_by_keys(pilot, app.view, card)
            await pilot.pause()
        assert app.picker.selected == list(reversed(highest[1:]))
        assert f"discard {size} cards: {size - 1} chosen" in str(
            app.part("#status", Static).render())
        await pilot.press("m")  # the list offers every card of the hand
        await pilot.pause()
        menu = app.query_one("#menu", OptionList)
        assert [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)] == [
            f"{'✓ ' if c in highest[1:] else ''}discard {c}" for c in hand]
        menu.highlighted = hand.index(highest[0])
        await pilot.press("enter")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert len(state.history) == before + size
        assert sorted(state.observation(0)["discards"]) == sorted(highest)


async def test_cards_typed_one_at_a_time_join_the_set_and_none_is_played_alone(tmp_path):
    app, state = south_discarding(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        size = app.frame.moves[0]["set"]["size"]
        hand = app.frame.observation["hand"]
        before = len(state.history)
        await pilot.press("colon", *f"discard {hand[3]}", "enter")
        await pilot.pause()
        assert len(state.history) == before  # chosen, not discarded
        assert app.picker.selected == [hand[3]] and app.message == f"discard: 1 of {size} chosen"
        assert app.query_one("#entry", Input).value == ""
        await pilot.press(*"zz9", "enter")  # not a card: refused, the set as it was
        await pilot.pause()
        assert "'zz9' is none of your cards" in app.message
        assert app.picker.selected == [hand[3]]
        await pilot.press("escape")  # leaving the box keeps the set
        assert app.picker.selected == [hand[3]]
        await pilot.press("colon", *" ".join(hand[-2:]).upper(), "enter")
        await pilot.pause()
        assert app.picker.selected == [hand[3], *hand[-2:]]
        await pilot.press(*" ".join(hand[:size - 2]), "enter")  # one too many
        await pilot.pause()
        assert "unchoose one first" in app.message and len(app.picker.selected) == 3
        await pilot.press(*" ".join(hand[:size - 3]), "enter")
        await shown(pilot, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert len(state.history) == before + size
        assert sorted(state.observation(0)["discards"]) == sorted(
            [hand[3], *hand[-2:], *hand[:size - 3]])


async def test_a_whole_set_typed_is_played_at_once(tmp_path):
    app, state = south_discarding(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        size = app.frame.moves[0]["set"]["size"]
        hand = app.frame.observation["hand"]
        before = len(state.history)
        await pilot.press("colon", *" ".join(["discard", *reversed(hand[-size:])]), "enter")
        await settle(pilot)
        assert len(state.history) == before + size
        assert sorted(state.observation(0)["discards"]) == sorted(hand[-size:])
