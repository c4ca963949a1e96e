"""What a screen reader hears at a table, in headless Chromium: the page's news (a move, the
turn, Cardmate's compulsory follow, a click's "why not", a draw offer, a rematch asked for, a
hint, the invite link copied, the player's turn at another table, another's chat line) all
comes from the bar's one polite live region (#said), each once, what comes together said
together; the other live regions are the errors' alerts."""

from __future__ import annotations

from helpers import HUMAN
from pagekit import DESKTOP, PHONE, answer, seated
from playwright.sync_api import Browser, Page, expect
from test_keyboard_page import SAID

from serving import Server, table

LIVE = "[aria-live], [role=alert], [role=status], [role=log], [role=marquee], [role=timer], output"
REGIONS = ["said", "error", "chat-error"]
"""The table page's live regions: the one for its news, the errors' (a move's, a chat line's)."""
TWO_FOLLOWS = "ks,8,kd/10/10/4,2c,2,2d,2/10/3,8C,2,8D,3/10/10/10/KH,8,KC F 1"
"""Forehand must follow with either Eight: 8C:e6 or 8D:h6 (CM-11)."""
FOLLOW_NOTE = "You must follow: 8♣ takes 2♣ on e6, or 8♦ takes 2♦ on h6."
SAID_FROM_THE_START = f"document.addEventListener('DOMContentLoaded', {SAID})"
"""``SAID`` (each text #said is given, in ``window.said``) from the page's first news on."""



def said(page: Page) -> list[str]:
    return list(page.evaluate("() => window.said"))


def said_once(page: Page, text: str) -> None:
    """Wait until #said has said ``text`` (alone or with what came with it), then check that it
    said it once."""
    page.wait_for_function("(text) => window.said.some((s) => s.includes(text))", arg=text)
    assert sum(text in s for s in said(page)) == 1, said(page)


def test_the_table_news_is_said_by_its_one_live_region(browser: Browser, server: Server) -> None:
    made = table(server, "cardmate", [HUMAN, HUMAN], position=TWO_FOLLOWS)
    forehand = seated(browser, server.url, made, 0, PHONE)
    page = forehand.page
    assert page.eval_on_selector_all(LIVE, "(all) => all.map((e) => e.id)") == REGIONS
    # the standing note comes with the turn, as one announcement
    expect(page.locator("#board-note")).to_have_text(FOLLOW_NOTE)
    expect(page.locator("#said")).to_have_text(f"No move yet. Your turn (Forehand). {FOLLOW_NOTE}")
    page.evaluate(SAID)
    page.click("[data-square='a0']")  # a King: no move while the follow stands
    expect(page.locator("#notice")).to_contain_text("K♥ has no legal move now")
    said_once(page, "K♥ has no legal move now: you must follow")

    rearhand = seated(browser, server.url, made, 1, DESKTOP)
    other = rearhand.page
    other.evaluate(SAID)
    page.click("#offer-draw")
    expect(page.locator("#draw")).to_contain_text("You offered a draw")
    said_once(page, "You offered a draw; waiting for the answer.")
    expect(other.locator("#draw")).to_contain_text("Forehand offers a draw.")
    said_once(other, "Forehand offers a draw.")
    other.click("#decline-draw")
    expect(page.locator("#draw")).to_be_hidden()

    other.click("#concede")
    answer(other, yes=True)
    expect(page.locator("#status")).to_have_attribute("data-over", "1")
    said_once(page, "Game over")
    other.click("#rematch")  # Rearhand asks for a rematch: Forehand is told
    expect(page.locator("#over-rematch")).to_have_text("Rearhand asks for a rematch.")
    said_once(page, "Rearhand asks for a rematch.")
    assert page.eval_on_selector_all(LIVE, "(all) => all.map((e) => e.id)") == REGIONS
    assert forehand.errors == [] and rearhand.errors == [], forehand.errors + rearhand.errors
    rearhand.close()
    forehand.close()


def test_hints_copies_and_turns_elsewhere_are_said_by_the_one_live_region(
    browser: Browser, server: Server
) -> None:
    duel = table(server, "smess", [HUMAN, {"kind": "open"}])  # its invite link to copy
    deal = table(server, "fortress", [HUMAN], seed=2)  # this browser's turn there too
    tab = seated(browser, server.url, duel, 0, PHONE)
    page = tab.page
    page.evaluate("([id, token]) => localStorage.setItem(`kibitz:token:${id}:0`, token)",
                  [deal["id"], deal["tokens"]["0"]])
    page.add_init_script(script=SAID_FROM_THE_START)
    page.reload()
    expect(page.locator("#elsewhere")).to_have_text("Your turn at another table: Fortress")
    said_once(page, "Your turn at another table: Fortress")
    expect(page.locator("#invite")).to_be_visible()
    page.click("#copy-invite")
    expect(page.locator("#copied")).to_have_text("Copied.")
    said_once(page, "Invite link copied.")

    page.goto(f"{server.url}/play/{deal['id']}#seat=0")
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.click("#hint-button")
    expect(page.locator("#hint")).to_contain_text("Hint:")
    said_once(page, "Hint:")
    said_once(page, "Your turn at another table: Smess")
    assert page.eval_on_selector_all(LIVE, "(all) => all.map((e) => e.id)") == REGIONS
    assert tab.errors == [], tab.errors
    tab.close()
