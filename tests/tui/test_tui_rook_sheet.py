"""Rook in the terminal: the person's team is "We" and the other "They" (the teams' names
when watching), and the score sheet shows a finished hand: the essential columns at 80x24,
every column at 120x40."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, settle

from kibitz.core.session import Session
from kibitz.tui import Driver, PlayApp
from random_play import random_states

pytestmark = pytest.mark.anyio


async def play_one_hand(pilot, app: PlayApp) -> dict:
    """Play the person's first listed move (from the move menu) until the game, one hand
    long, is over; the score sheet's row of that hand."""
    for _ in range(200):
        await settle(pilot)
        if app.driver.session.is_over():
            break
        await pilot.press("m", "enter")
    else:
        raise AssertionError("the hand did not end")
    sheet = app.driver.observation()["score_sheet"]
    assert len(sheet) == 1
    return sheet[0]


def shown(app: PlayApp) -> list[str]:
    """The view's lines as drawn at its size."""
    return app.view.render().plain.splitlines()


def signed(pair: list[int]) -> str:
    return "/".join(f"{v:+d}" if v else "0" for v in pair)


def pair(values: list[int]) -> str:
    return "/".join(str(v) for v in values)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_sheet_of_a_finished_hand_says_we_and_they(tmp_path, size):
    app = make_app("rook", tmp_path / "r.json", person=0, seed=3, max_hands=1)
    async with app.run_test(size=size) as pilot:
        row = await play_one_hand(pilot, app)
        lines = shown(app)
        text = "\n".join(lines)
        sheet = lines[lines.index(next(x for x in lines if x.startswith("score sheet"))) :]
        assert len(sheet) == 3 and all(len(x) <= app.view.size.width for x in sheet), sheet
        assert f"declarer {row['contract']}" in text
        assert "score sheet · pairs We/They" in text
        assert "We " in text and " tricks" in text and "They " in text
        assert "North-South" not in text and "East-West" not in text
        verdict = "made" if row["made"] else "set"
        _, header, line = sheet
        cells = line.split()
        assert cells[0] == str(row["hand"])
        declarer = app.driver.game.description()["seats"][row["declarer"]]["name"]
        assert declarer in cells and row["trump"] in cells
        assert f"{row['contract']} {verdict}" in line
        assert signed(row["change"]) in cells and pair(row["totals"]) in cells
        if size == (80, 24):
            assert header.split() == ["hand", "by", "contract", "trump", "score", "totals"]
        else:
            full = "hand dealer declarer contract trump cards nest bonus score totals"
            assert header.split() == full.split()
            nest = [row["nest_points"] if t == row["nest_to"] else 0 for t in (0, 1)]
            # hand, dealer, declarer, contract (two words: 115 set), trump, then the pairs
            assert cells[6:9] == [pair(row["card_points"]), pair(nest), pair(row["bonus"])]


async def test_watching_names_the_teams(tmp_path):
    app = make_app("rook", tmp_path / "r.json", person=None, seed=3, max_hands=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.driver.session.is_over()
        text = app.view.render().plain
        assert "score sheet · pairs North-South/East-West" in text
        assert "North-South " in text and "We " not in text and "They" not in text


async def test_the_score_line_says_we_and_they_and_the_teams_when_watching(tmp_path):
    for person, expected in ((0, "Score: We 0 · They 0"),
                             (None, "Score: North-South 0 · East-West 0")):
        app = make_app("rook", tmp_path / "r.json", person=person)
        app.pause = 1000  # the computers wait: the score stays at the start
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert expected in str(app.query_one("#status").render())


async def test_the_move_list_heads_each_hand(tmp_path):
    app = make_app("rook", tmp_path / "r.json", person=0, seed=3, max_hands=2)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            await settle(pilot)
            if app.driver.observation()["hand_number"] == 2 and app.driver.to_act() == 0:
                break
            await pilot.press("m", "enter")
        else:
            raise AssertionError("the second hand's auction did not come to the person")
        listed = str(app.query_one("#log-text").render()).splitlines()
        assert listed[0] == "Hand 1" and listed.count("Hand 2") == 1, listed
        second = listed.index("Hand 2")
        assert listed[second - 1].split(". ")[1].split()[1] == "play"  # hand 1's last trick
        assert listed[second + 1].split()[0] == f"{int(listed[second - 1].split('.')[0]) + 1}."
        assert "bid" in listed[second + 1] or "pass" in listed[second + 1]


async def test_one_trick_is_said_in_the_singular(tmp_path):
    app = make_app("rook", tmp_path / "r.json", person=0, seed=3, max_hands=1)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await settle(pilot)
            if sum(app.driver.observation()["tricks_won"]) == 1:
                break
            await pilot.press("m", "enter")
        text = "\n".join(shown(app))
        assert " 1 trick, " in text and " 0 tricks, 0 points" in text, text


async def test_a_finished_trick_stays_dimmed_until_the_next_lead(tmp_path):
    state = next(s for s in random_states("rook", 1, 400)
                 if s.current_player == 0 and sum(s.observation(0)["tricks_won"])
                 and not s.observation(0)["trick"])  # fmt: skip
    game = state.game
    session = Session.restore(game, state.seed, None, 0, list(state.history), {})
    app = PlayApp(Driver(game, [None, "random", "random", "random"], session=session),
                  tmp_path / "r.json", pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        last = state.observation(0)["last_trick"]
        text = "\n".join(shown(app))
        assert f"{game.player_names[last['winner']]} won the trick" in text.splitlines()[0]
        cards = {c["code"]: c for c in game.description()["cards"]}
        for _seat, card in last["plays"]:
            assert (card if cards[card]["colour"] else game.description()["bird"]) in text


async def test_the_header_says_the_tables_hand_limit_and_the_last_hand(tmp_path):
    app = make_app("rook", tmp_path / "r.json", person=0, seed=3, max_hands=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        header = shown(app)[0]
        assert header.startswith("Hand 1 · ") and "game to 300 or 2 hands" in header
    last = make_app("rook", tmp_path / "s.json", person=0, seed=3, max_hands=1)
    async with last.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert shown(last)[0].startswith("Hand 1 (the last) · ")
        assert "game of 1 hand" in shown(last)[0]
