"""The board tables on a phone, in headless Chromium: the board stays put from move to move
(the turn bar keeps its height whatever it says, at every width), a move's notation is never
split across two lines, a phone held sideways has the board as tall as the window beside the
bar and the tools, a past position chosen in the move list brings the board back into view
(and "Back to the game" names the move by the list's numbers), and on a touch screen the
promotion question's answers stand apart and the links to other tables are a finger tall."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from helpers import COMPUTER, HUMAN
from pagekit import (
    DESKTOP,
    PHONE,
    SIDEWAYS,
    SMALL_PHONE,
    open_tab,
    overflow,
    seated,
    serious_violations,
    shoot,
)
from playwright.sync_api import Browser, Page, expect

from serving import Server, table

LEVEL_2 = {"kind": "computer", "level": 2}
BOX = ("(e) => { const r = e.getBoundingClientRect();"
       " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
       " width: r.width, height: r.height}; }")
BOARD_TOPS = """() => {
  window.boardTops = [];
  const look = () => {
    const top = document.getElementById("board").getBoundingClientRect().top + scrollY;
    if (window.boardTops.at(-1) !== top) window.boardTops.push(top);
    requestAnimationFrame(look);
  };
  look();
}"""
"""Keep every place (from the page's top) the board takes, frame by frame (``boardTops``)."""
NOTATION_LINES = """() => {
  const last = document.getElementById("last");
  const found = /\\([^()\\s]+-[^()\\s]+\\)/.exec(last.textContent);
  if (!found) return null;
  const texts = [];
  const walk = document.createTreeWalker(last, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) texts.push(walk.currentNode);
  const at = (offset, end) => {
    let start = 0;
    for (const t of texts) {
      if (end ? offset <= start + t.length : offset < start + t.length) return [t, offset - start];
      start += t.length;
    }
  };
  const range = document.createRange();
  range.setStart(...at(found.index, false));
  range.setEnd(...at(found.index + found[0].length, true));
  const lines = [];
  for (let width = 150; width <= 380; width += 2) {
    last.parentElement.style.width = `${width}px`;
    lines.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
  }
  return lines;
}"""
"""On how many lines the last move's notation, "(b2-b3)", stands at each width of the bar
from 150 to 380 px."""
PROMOTION = "ks,8,kd/10/10/10/10/1C,9/10/10/10/KH,8,KC F 1"
"""Forehand's One on a4 enters the other half on a5, as a One or promoted to an Ace."""



def legal(server: Server, made: dict, seat: int) -> list[dict]:
    view = httpx.get(f"{server.url}/api/tables/{made['id']}/view",
                     params={"token": made["tokens"][str(seat)]})
    moves: list[dict] = view.json()["legal"]
    return moves


def play(server: Server, made: dict, seat: int) -> str:
    """``seat`` plays its first legal move over HTTP; the move's text."""
    move = legal(server, made, seat)[0]
    done = httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                      json={"token": made["tokens"][str(seat)], "id": move["id"]})
    assert done.status_code == 200, done.text
    return str(move["text"])


def box(page: Page, selector: str) -> dict[str, float]:
    return page.eval_on_selector(selector, BOX)


def in_window(page: Page, b: dict[str, float]) -> bool:
    size = page.viewport_size
    assert size is not None
    return b["top"] >= -0.5 and b["bottom"] <= size["height"] + 1 and b["left"] >= 0 \
        and b["right"] <= size["width"]


def your_turn_at(page: Page, ply: int) -> None:
    expect(page.locator("#status")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE, DESKTOP], ids=["phone", "small", "desktop"])
def test_the_board_stays_put_from_move_to_move(browser: Browser, server: Server,
                                               size: dict[str, int]) -> None:
    """Three moves against the computer, played on the board: "No move yet" becomes a move
    that does not fit beside the turn, the computer is said to be thinking, the turn comes
    back; the board never moves, not for a single frame."""
    made = table(server, "smess", [HUMAN, LEVEL_2])
    tab = seated(browser, server.url, made, 0, size)
    page = tab.page
    your_turn_at(page, 0)
    page.evaluate(BOARD_TOPS)
    for turn in range(3):
        move = legal(server, made, 0)[0]
        page.click(f"[data-square='{move['from']}']")
        page.click(f"[data-square='{move['to']}']")
        your_turn_at(page, 2 * turn + 2)
    tops = page.evaluate("window.boardTops")
    assert max(tops) - min(tops) < 1, f"the board moved: {tops}"
    assert overflow(page) == 0
    assert tab.errors == [], tab.errors
    tab.close()


def test_a_moves_notation_is_never_split_across_lines(browser: Browser, server: Server) -> None:
    made = table(server, "smess", [HUMAN, HUMAN])
    played = play(server, made, 0)
    tab = seated(browser, server.url, made, 1, PHONE)
    page = tab.page
    expect(page.locator("#last")).to_contain_text(f"({played})")
    lines = page.evaluate(NOTATION_LINES)
    assert lines and set(lines) == {1}, lines
    assert tab.errors == [], tab.errors
    tab.close()


@pytest.mark.parametrize("game", ["smess", "cardmate"])
def test_a_phone_held_sideways_has_the_board_as_tall_as_the_window(
    browser: Browser, server: Server, shots: Path, game: str
) -> None:
    """844 x 390: the whole board, its letters too, fits the window's height with squares a
    finger wide (32 px or more), and the turn bar, the players and the tools stand beside it
    in the window."""
    tab = seated(browser, server.url, table(server, game, [HUMAN, COMPUTER]), 0, SIDEWAYS,
                 touch=True)
    page = tab.page
    your_turn_at(page, 0)
    squares = page.eval_on_selector_all(".sq", "(all) => all.map((s) => s.offsetWidth)")
    assert min(squares) >= 32, f"squares {min(squares)} px wide"
    board = box(page, ".board-wrap")
    assert in_window(page, board), board
    assert in_window(page, box(page, ".coords.files"))
    for beside in (".bar", "#players", "#tools"):
        b = box(page, beside)
        assert b["left"] >= board["right"] and b["top"] < SIDEWAYS["height"], (beside, b)
    assert overflow(page) == 0
    assert serious_violations(page) == []
    shoot(page, shots, f"{game}-sideways")
    assert tab.errors == [], tab.errors
    tab.close()


def test_a_past_position_chosen_on_a_phone_brings_the_board_into_view(
    browser: Browser, server: Server, shots: Path
) -> None:
    """The move list is far under the board on a phone: a move chosen there shows its position
    with the board in the window, and the way back names the game's move as the list numbers
    it; each move in the list is a finger tall."""
    made = table(server, "smess", [HUMAN, HUMAN])
    moves = [play(server, made, seat) for seat in (0, 1, 0, 1)]
    tab = seated(browser, server.url, made, 0, PHONE, touch=True)
    page = tab.page
    your_turn_at(page, 4)
    page.eval_on_selector("#moves", "(m) => m.scrollIntoView({block: 'start'})")
    assert box(page, "#board")["top"] < 0  # scrolled down to the list: the board half gone
    link = page.locator("#moves [data-ply='2']")
    assert box(page, "#moves [data-ply='2']")["height"] >= 24
    link.click()
    expect(page.locator("#last")).to_have_text(f"Showing the position after move 1... {moves[1]}")
    expect(page.locator("#back-to-game")).to_have_text(
        f"Back to the game (after move 2... {moves[3]})")
    assert in_window(page, box(page, "#board"))
    shoot(page, shots, "smess-past-position-phone")
    assert tab.errors == [], tab.errors
    tab.close()


@pytest.mark.parametrize("size", [PHONE, SIDEWAYS], ids=["phone", "sideways"])
def test_the_promotion_question_is_seen_and_its_answers_stand_apart(
    browser: Browser, server: Server, shots: Path, size: dict[str, int]
) -> None:
    made = table(server, "cardmate", [HUMAN, COMPUTER], position=PROMOTION)
    tab = seated(browser, server.url, made, 0, size, touch=True)
    page = tab.page
    your_turn_at(page, 0)
    page.click("[data-square='a4']")
    page.click("[data-square='a5']")
    answers = page.locator("#promotion button")
    expect(answers).to_have_text(["No, keep the One", "Yes, promote"])
    question = box(page, "#promotion")
    assert in_window(page, question), question  # under the board, brought into the window
    no, yes = (box(page, f"#promotion button >> nth={i}") for i in (0, 1))
    apart = yes["left"] - no["right"] if yes["top"] < no["bottom"] else yes["top"] - no["bottom"]
    assert apart >= 8, f"{apart} px between the answers"
    assert min(no["height"], yes["height"]) >= 24
    shoot(page, shots, f"cardmate-promotion-{'phone' if size is PHONE else 'sideways'}")
    page.click("#promotion button >> text=Yes, promote")
    your_turn_at(page, 2)
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_links_to_other_tables_are_a_finger_tall(browser: Browser, server: Server) -> None:
    here, there = (table(server, "smess", [HUMAN, HUMAN]) for _ in range(2))
    tab = open_tab(browser, PHONE, touch=True)
    page = tab.page
    page.goto(server.url + "/")
    page.evaluate("(ts) => { for (const t of ts)"
                  " localStorage.setItem(`kibitz:token:${t.id}:0`, t.tokens['0']); }",
                  [here, there])
    page.goto(f"{server.url}/play/{here['id']}")
    link = page.locator("#elsewhere a")
    expect(link).to_have_text("Smess")
    assert box(page, "#elsewhere a")["height"] >= 24
    assert tab.errors == [], tab.errors
    tab.close()
