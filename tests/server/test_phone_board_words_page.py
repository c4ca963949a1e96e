"""The board tables on a phone, in headless Chromium: the turn line, cut short on a narrow
screen, keeps whose turn it is and a computer's "thinking..."; Cardmate's two-line
compulsory-follow note never moves the board on a 360 x 640 phone; Smess's printed arrows are
big enough to read at 390 px (heads 10 px and more) and stay clear of the pieces' discs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import HUMAN
from pagekit import PHONE, SMALL_PHONE, seated, shoot
from playwright.sync_api import Browser, expect
from test_live_regions_page import TWO_FOLLOWS
from test_phone_table_page import BOARD_TOPS

from serving import Server, running, table

LEVEL_1 = {"kind": "computer", "level": 1}
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Wait until the page has drawn two more frames."""
SHOWN = """([status, words]) => {
  const e = document.querySelector(status);
  const text = [...e.childNodes].find((n) => n.nodeType === 3 && n.data.includes(words));
  if (!text) return null;
  const range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(text, text.data.indexOf(words) + words.length);
  const probe = document.createElement("span");
  probe.textContent = "\\u2026";
  e.append(probe);
  const ellipsis = probe.getBoundingClientRect().width;
  probe.remove();
  const box = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  const room = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
  return {end: range.getBoundingClientRect().right, room: room - ellipsis};
}"""
"""Where the status line's words up to ``words`` end, and where the line's room ends less an
ellipsis: the words are shown whole where they end within it."""
ARROW_HEADS = """() => [...document.querySelectorAll(".arrows polygon")].map((head) => {
  const m = head.getScreenCTM();
  const [tip, a, b] = [...head.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m));
  const base = {x: (a.x + b.x) / 2, y: (a.y + b.y) / 2};
  const sq = head.closest(".sq").getBoundingClientRect();
  const middle = {x: sq.left + sq.width / 2, y: sq.top + sq.height / 2};
  return {
    square: head.closest(".sq").dataset.square,
    length: Math.hypot(tip.x - base.x, tip.y - base.y),
    width: Math.hypot(a.x - b.x, a.y - b.y),
    inner: Math.hypot(base.x - middle.x, base.y - middle.y) / sq.width,
  };
})"""
"""Each printed arrow's head in px: its length, its width, and how far its base stands from
its square's middle (a share of the square's width)."""
@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose computers wait a minute before each move: thinking, long enough to see."""
    yield from running(tmp_path_factory.mktemp("db"), "--computer-delay", "60")



@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=["phone", "small"])
@pytest.mark.parametrize(("game", "first"), [("smess", "Blue"), ("cardmate", "Forehand")])
def test_the_phone_turn_line_keeps_whose_turn_and_thinking(
    browser: Browser, slow: Server, shots: Path, size: dict[str, int], game: str, first: str
) -> None:
    tab = seated(browser, slow.url, table(slow, game, [LEVEL_1, HUMAN]), 1, size)
    page = tab.page
    status = page.locator("#status")
    expect(status).to_contain_text("thinking...")  # the computer's turn, thinking a minute
    for words in (f"{first} to play", "thinking..."):
        shown = page.evaluate(SHOWN, ["#status", words])
        assert shown is not None, status.text_content()
        assert shown["end"] <= shown["room"], f"{words!r} is cut short: {shown}"
    expect(status).to_have_attribute("title", status.text_content() or "")  # the whole
    shoot(page, shots, f"{game}-thinking-{size['width']}")
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_follow_note_never_moves_the_board_on_a_small_phone(
    browser: Browser, server: Server, shots: Path
) -> None:
    """The note naming two follows takes two lines at 360 px; it goes once the follow is made,
    and the board stays where it was."""
    made = table(server, "cardmate", [HUMAN, HUMAN], position=TWO_FOLLOWS)
    tab = seated(browser, server.url, made, 0, SMALL_PHONE, touch=True)
    page = tab.page
    note = page.locator("#board-note")
    expect(note).to_be_visible()
    lines = page.eval_on_selector(
        "#board-note", "(e) => e.clientHeight / parseFloat(getComputedStyle(e).lineHeight)")
    assert lines >= 2, f"the note is {lines} lines tall: not the case tested"
    shoot(page, shots, "cardmate-follow-note-360")
    page.evaluate(BOARD_TOPS)
    page.click("[data-square='d4']")
    page.click("[data-square='e6']")
    expect(page.locator("#status")).to_have_attribute("data-ply", "1")
    expect(note).to_be_hidden()  # Rearhand's turn: no follow of Forehand's to name
    page.evaluate(TWO_FRAMES)
    tops = page.evaluate("window.boardTops")
    assert max(tops) - min(tops) < 1, f"the board moved: {tops}"
    shoot(page, shots, "cardmate-follow-made-360")
    assert tab.errors == [], tab.errors
    tab.close()


def test_smess_arrows_are_readable_on_a_phone(browser: Browser, server: Server,
                                              shots: Path) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, HUMAN]), 0, PHONE)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    heads = page.evaluate(ARROW_HEADS)
    assert len(heads) > 100  # every square's arrows
    small = [h for h in heads if min(h["length"], h["width"]) < 10]
    assert small == [], f"{len(small)} arrow heads under 10 px, e.g. {small[:3]}"
    inside = [h for h in heads if h["inner"] < 0.26]  # a piece's disc: 27% of the square
    assert inside == [], f"arrow heads over the pieces' discs, e.g. {inside[:3]}"
    shoot(page, shots, "smess-arrows-390")
    assert tab.errors == [], tab.errors
    tab.close()
