"""The board tables played by keyboard and heard through a screen reader, in headless
Chromium: every last move (the computer's too) is a polite live region written once per move;
the focus never drops to the page's body after Take back, Play again, "Back to the game" or
Resign, and goes to the game-over heading; the move box keeps it through the reply; Smess
squares name their arrows; Escape drops a chosen piece and Enter on the other side's piece
says whose it is; the focus ring differs from the selection and stands out on squares and
cards; a spectator is told that spectators watch."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from helpers import COMPUTER, HUMAN
from pagekit import seated, serious_violations, shoot, watch
from playwright.sync_api import Browser, Page, expect

from kibitz import load
from serving import Server

LAPTOP = {"width": 1366, "height": 768}
ACTIVE = ("() => { const a = document.activeElement;"
          " return a === document.body ? 'body' : (a.dataset.square || a.id || a.tagName); }")
COUNT_CHANGES = ("() => { window.lastChanges = 0;"
                 " new MutationObserver((m) => { window.lastChanges += m.length; })"
                 ".observe(document.getElementById('last'),"
                 " {childList: true, characterData: true, subtree: true}); }")
IN_BOARD = "() => document.getElementById('board').contains(document.activeElement)"


def table(server: Server, game: str, seats: list[dict]) -> dict:
    made = httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": seats})
    assert made.status_code == 200, made.text
    return made.json()


def active(page: Page) -> str:
    """The focused element: a square's name, an id, a tag name, or 'body'."""
    return page.evaluate(ACTIVE)


def press_on(page: Page, selector: str, key: str = "Enter") -> None:
    page.locator(selector).focus()
    page.keyboard.press(key)


def your_turn_at(page: Page, ply: int) -> None:
    expect(page.locator("#status")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rgb(text: str) -> tuple[int, int, int]:
    """'rgb(1, 2, 3)' or '#010203' as a triple."""
    if text.startswith("#"):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
    r, g, b = (int(x) for x in re.findall(r"\d+", text)[:3])
    return r, g, b


def test_every_last_move_is_a_polite_live_region_said_once(browser: Browser,
                                                            server: Server) -> None:
    tab = seated(browser, server.url, table(server, "cardmate", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    last = page.locator("#last")
    expect(last).to_have_attribute("aria-live", "polite")
    your_turn_at(page, 0)
    page.evaluate(COUNT_CHANGES)
    press_on(page, "[data-square='c2']")  # 3♣ chosen, then played to c3, by keyboard
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    your_turn_at(page, 2)  # the computer has answered
    expect(last).to_have_text(re.compile(r"^Last move: Rearhand's .+ \(.+\)$"))
    said = page.evaluate("() => window.lastChanges")
    assert 1 <= said <= 2, f"the last-move line was written {said} times for two moves"
    page.click("#flip")  # the same position drawn again (twice): nothing new to say
    page.click("#flip")
    expect(page.locator("[data-square='a0']")).to_be_visible()
    assert page.evaluate("() => window.lastChanges") == said
    assert tab.errors == [], tab.errors
    tab.close()


def test_focus_never_drops_to_the_body(browser: Browser, server: Server, shots: Path) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    page.on("dialog", lambda d: d.accept())
    your_turn_at(page, 0)

    def move() -> None:
        before = int(page.locator("#status").get_attribute("data-ply") or 0)
        press_on(page, "[data-square='b2']")  # the Ninny, one square on
        page.keyboard.press("ArrowUp")
        page.keyboard.press("Enter")
        your_turn_at(page, before + 2)

    move()
    press_on(page, "#take-back")
    your_turn_at(page, 0)
    assert active(page) not in ("body", "BODY"), "Take back dropped the focus"
    assert page.evaluate(IN_BOARD), active(page)
    press_on(page, "#play-again")
    your_turn_at(page, 2)
    assert page.evaluate(IN_BOARD), active(page)

    page.click("#moves [data-ply='1']")  # an earlier position, then back by keyboard
    expect(page.locator("#back-to-game")).to_be_visible()
    press_on(page, "#back-to-game")
    expect(page.locator("#back-to-game")).to_have_count(0)
    assert page.evaluate(IN_BOARD), active(page)

    press_on(page, "#concede")  # Resign, accepted: the focus is on the game-over heading
    expect(page.locator("#status")).to_have_attribute("data-over", "1")
    expect(page.locator("#over-title")).to_be_focused()
    expect(page.locator("#over-title")).to_contain_text("Game over")
    assert serious_violations(page) == []
    shoot(page, shots, "smess-resigned-focus")
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_move_box_keeps_the_focus_through_the_reply(browser: Browser, server: Server) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    box = page.locator("#typed-move")
    box.focus()
    page.keyboard.type("b2-b3")
    page.keyboard.press("Enter")
    your_turn_at(page, 2)
    expect(box).to_be_focused()  # ready for the next move, as lichess's blind mode keeps it
    expect(box).to_have_value("")
    expect(box).to_have_attribute("aria-disabled", "false")
    assert tab.errors == [], tab.errors
    tab.close()


def test_smess_squares_name_their_arrows(browser: Browser, server: Server) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    b1 = page.locator("[data-square='b1']")
    expect(b1).to_have_attribute(
        "aria-label", "b1, arrows north, east and west, Blue Numskull, can move")
    # Every square, from the description's arrows.
    desc = load("smess").description()
    words = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east",
             "S": "south", "SW": "south-west", "W": "west", "NW": "north-west"}
    labels = dict(page.eval_on_selector_all(
        ".sq", "(all) => all.map((b) => [b.dataset.square, b.getAttribute('aria-label')])"))
    for square, mask in desc["arrows"].items():
        ways = [words[d["name"]] for d in desc["directions"] if mask & d["bit"]]
        listed = ways[0] if len(ways) == 1 else f"{', '.join(ways[:-1])} and {ways[-1]}"
        named = f"{square}, arrow{'s' if len(ways) > 1 else ''} {listed}, "
        assert labels[square].startswith(named), labels[square]
    assert serious_violations(page) == []
    assert tab.errors == [], tab.errors
    tab.close()


def test_escape_drops_the_choice_and_the_other_sides_piece_says_whose(
    browser: Browser, server: Server
) -> None:
    tab = seated(browser, server.url, table(server, "cardmate", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    press_on(page, "[data-square='c2']")
    expect(page.locator(".sq.sel")).to_have_count(1)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Escape")
    expect(page.locator(".sq.sel")).to_have_count(0)
    expect(page.locator(".sq.target")).to_have_count(0)
    expect(page.locator("#notice")).to_have_text("Selection cleared.")
    assert active(page) == "c3"  # the focus stays where it was
    press_on(page, "[data-square='a9']")  # Rearhand's 10♦
    expect(page.locator("#notice")).to_have_text("10♦ is Rearhand's; you play Forehand.")
    expect(page.locator(".sq.sel")).to_have_count(0)
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_focus_ring_stands_out_and_differs_from_the_selection(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = seated(browser, server.url, table(server, "cardmate", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    press_on(page, "[data-square='c2']")  # chosen, then the focus one square on, by keyboard
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    ring = page.evaluate("""() => {
      const sq = document.activeElement, s = getComputedStyle(sq, '::before');
      const card = sq.querySelector('.piece svg rect');
      return {square: sq.dataset.square, content: s.content, style: s.borderTopStyle,
              width: parseFloat(s.borderTopWidth), colour: s.borderTopColor, halo: s.boxShadow,
              background: getComputedStyle(sq).backgroundColor,
              selected: getComputedStyle(sq).boxShadow,
              card: card && card.getAttribute('fill')};
    }""")
    assert ring["square"] == "c2"
    assert ring["content"] != "none" and ring["width"] >= 3, ring
    assert ring["style"] == "dashed", ring  # the selection is a solid band
    assert "255, 255, 255" in ring["halo"], ring  # a white ring on each side of it
    ink = rgb(ring["colour"])
    selected = rgb(ring["selected"])
    assert ink != selected, ring
    assert contrast(ink, rgb(ring["background"])) >= 3, ring
    assert contrast(ink, rgb(ring["card"])) >= 3, ring
    for square in ("e5", "e4"):  # light and dark empty squares
        back = page.eval_on_selector(f"[data-square='{square}']",
                                     "(b) => getComputedStyle(b).backgroundColor")
        assert contrast(ink, rgb(back)) >= 3, (square, back)
    page.locator("[data-square='c2']").screenshot(path=shots / "cardmate-focus-ring-selected.png")
    page.keyboard.press("ArrowUp")
    page.locator(".board").screenshot(path=shots / "cardmate-focus-ring-board.png")
    assert serious_violations(page) == []
    assert tab.errors == [], tab.errors
    tab.close()


def test_a_spectator_is_told_that_spectators_watch(browser: Browser, server: Server) -> None:
    made = table(server, "smess", [HUMAN, HUMAN])
    spectator = watch(browser, server.url, made["id"], LAPTOP)
    page = spectator.page
    expect(page.locator("[data-square='b2']")).to_be_visible()
    press_on(page, "[data-square='b2']")
    expect(page.locator("#notice")).to_have_text(
        "You are watching: spectators watch the game and cannot move its pieces.")
    expect(page.locator(".sq.sel")).to_have_count(0)
    page.click("[data-square='b3']")
    expect(page.locator(".sq.sel")).to_have_count(0)
    assert spectator.errors == [], spectator.errors
    spectator.close()
