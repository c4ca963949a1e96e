"""The questions asked before an action that cannot be undone (Resign, Concede, Restart, New
deal, forgetting a seat in the lobby), in headless Chromium: each is asked in the page (a modal
dialog, never the browser's own), its two answers named for what they do, the focus on the safe
one; Escape, a tap outside or the safe answer sends nothing and leaves the game as it was, the
focus back on the button that asked; the action's answer does it. The question fits a 360 px
phone and a phone held sideways, its answers a finger tall."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from helpers import COMPUTER, HUMAN
from pagekit import (
    ASKED,
    DESKTOP,
    PHONE,
    SIDEWAYS,
    SMALL_PHONE,
    Tab,
    answer,
    open_tab,
    seated,
    serious_violations,
)
from playwright.sync_api import Browser, Page, expect

from serving import Server, table

SENT = """(() => {
  window.sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.sent.push(JSON.parse(data).type);
    return send.call(this, data);
  };
})()"""
"""Keep the type of each message the page sends on its WebSocket (``window.sent``)."""
BOX = ("(e) => { const r = e.getBoundingClientRect();"
       " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; }")



def browser_dialogs(tab: Tab) -> list[str]:
    """The browser's own dialogs (alert, confirm) the page opens from now on, dismissed."""
    seen: list[str] = []
    tab.page.on("dialog", lambda d: (seen.append(d.message), d.dismiss()))
    return seen


def listening(tab: Tab) -> None:
    """From the next load on, the page keeps what it sends (``window.sent``)."""
    tab.page.add_init_script(script=SENT)
    tab.page.reload()


def sent(page: Page) -> list[str]:
    return list(page.evaluate("window.sent"))


def at(page: Page, ply: int, over: bool = False) -> None:
    expect(page.locator("#status")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#status")).to_have_attribute("data-over", "1" if over else "0")


def view(server: Server, made: dict) -> dict:
    got: dict = httpx.get(f"{server.url}/api/tables/{made['id']}/view",
                          params={"token": made["tokens"]["0"]}).json()
    return got


def check_question(page: Page, question: str, yes: str, no: str) -> None:
    """The page asks ``question`` in itself, answers ``yes`` and ``no``, the safe one focused;
    the box and its answers in the window, each answer a finger tall."""
    asked = page.get_by_role("alertdialog", name=question)
    expect(asked).to_be_visible()
    expect(asked.get_by_role("button")).to_have_text([no, yes])
    expect(asked.get_by_role("button", name=no)).to_be_focused()
    size = page.viewport_size
    assert size is not None
    for part in (ASKED, f"{ASKED} .ask-no", f"{ASKED} .ask-yes"):
        b = page.eval_on_selector(part, BOX)
        assert b["left"] >= 0 and b["right"] <= size["width"], (part, b)
        assert b["top"] >= 0 and b["bottom"] <= size["height"], (part, b)
        if part != ASKED:
            assert b["height"] >= 24, (part, b)


@pytest.mark.parametrize("size", [DESKTOP, PHONE, SMALL_PHONE, SIDEWAYS],
                         ids=["desktop", "phone", "small", "sideways"])
def test_resign_asks_in_the_page_and_no_sends_nothing(browser: Browser, server: Server,
                                                      shots: Path, size: dict[str, int]) -> None:
    made = table(server, "smess", [HUMAN, COMPUTER])
    tab = seated(browser, server.url, made, 0, size, touch=size is not DESKTOP)
    own = browser_dialogs(tab)
    listening(tab)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    resign = page.locator("#concede")

    resign.click()
    check_question(page, "Resign this game?", "Resign", "Keep playing")
    expect(page.locator(ASKED)).to_contain_text("It counts as a loss.")
    assert serious_violations(page) == []
    page.screenshot(path=shots / f"ask-resign-{size['width']}.png", animations="disabled")
    page.keyboard.press("Escape")  # the safe answer: nothing sent, the focus back on Resign
    expect(page.locator(ASKED)).to_have_count(0)
    expect(resign).to_be_focused()
    resign.click()
    page.mouse.click(2, size["height"] - 2)  # a tap outside the question: the same
    expect(page.locator(ASKED)).to_have_count(0)
    resign.click()
    assert answer(page, yes=False) == "Resign this game? It counts as a loss."
    expect(resign).to_be_focused()
    assert "concede" not in sent(page)
    at(page, 0)
    assert view(server, made)["outcome"] is None

    resign.click()
    assert answer(page, yes=True) == "Resign this game? It counts as a loss."
    at(page, 0, over=True)
    expect(page.locator("#over-result")).to_have_text("You resigned: Red wins.")
    assert sent(page).count("concede") == 1
    assert own == [] and tab.errors == [], own + tab.errors
    tab.close()


def test_tab_goes_round_the_answers_and_an_end_meanwhile_closes_the_question(
    browser: Browser, server: Server
) -> None:
    """Two people: Blue asks to resign and, while the question is open, Red resigns; the
    question goes (answered no) and the focus goes to the game-over heading."""
    made = table(server, "smess", [HUMAN, HUMAN])
    tab = seated(browser, server.url, made, 0, DESKTOP)
    listening(tab)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.locator("#concede").click()
    expect(page.locator(ASKED)).to_be_visible()
    expect(page.locator(f"{ASKED} .ask-no")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator(f"{ASKED} .ask-yes")).to_be_focused()
    page.keyboard.press("Tab")  # round to the first answer, not out of the box
    expect(page.locator(f"{ASKED} .ask-no")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(page.locator(f"{ASKED} .ask-yes")).to_be_focused()
    done = httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                      json={"token": made["tokens"]["1"], "type": "concede"})
    assert done.status_code == 200, done.text
    at(page, 0, over=True)
    expect(page.locator(ASKED)).to_have_count(0)
    expect(page.locator("#over-title")).to_be_focused()
    expect(page.locator("#over-result")).to_contain_text("Red resigned")
    assert "concede" not in sent(page)
    assert tab.errors == [], tab.errors
    tab.close()


def test_restart_new_deal_and_concede_ask_in_the_page(browser: Browser, server: Server) -> None:
    """A patience deal: Restart and New deal once a move is made, Concede on the next deal."""
    made = table(server, "fortress", [HUMAN], seed=2)
    moved = httpx.post(f"{server.url}/api/tables/{made['id']}/actions",
                       json={"token": made["tokens"]["0"], "action": "0>1"})
    assert moved.status_code == 200, moved.text
    tab = seated(browser, server.url, made, 0, PHONE, touch=True)
    own = browser_dialogs(tab)
    listening(tab)
    page = tab.page
    at(page, 1)

    page.click("#restart")
    check_question(page, "Restart this deal from the beginning?", "Restart", "Keep my moves")
    assert answer(page, yes=False) == (
        "Restart this deal from the beginning? Your moves are taken back.")
    expect(page.locator("#restart")).to_be_focused()
    assert "restart" not in sent(page)
    at(page, 1)
    assert view(server, made)["ply"] == 1
    page.click("#restart")
    answer(page, yes=True)
    at(page, 0)

    page.click("#legal-box summary")
    page.locator("#legal button").first.click()
    at(page, 1)
    page.click("#new-deal")
    check_question(page, "Leave this deal for a new one?", "New deal", "Keep playing")
    page.keyboard.press("Escape")
    expect(page.locator(ASKED)).to_have_count(0)
    expect(page.locator("#new-deal")).to_be_focused()
    assert "concede" not in sent(page)
    at(page, 1)
    assert made["id"] in page.url and view(server, made)["outcome"] is None
    page.click("#new-deal")
    assert answer(page, yes=True) == "Leave this deal for a new one? It counts as lost."
    page.wait_for_url(lambda url: made["id"] not in url)
    assert httpx.get(f"{server.url}/api/tables/{made['id']}").json()["status"] == "finished"

    at(page, 0)  # the new deal: conceded at its start
    page.click("#concede")
    check_question(page, "Give up this game?", "Concede", "Keep playing")
    answer(page, yes=False)
    expect(page.locator("#concede")).to_be_focused()
    assert "concede" not in sent(page)  # the new page's own
    at(page, 0)
    page.click("#concede")
    assert answer(page, yes=True) == "Give up this game? It counts as lost."
    at(page, 0, over=True)
    assert own == [] and tab.errors == [], own + tab.errors
    tab.close()


def test_forgetting_a_seat_in_play_asks_in_the_lobby(browser: Browser, server: Server,
                                                     shots: Path) -> None:
    made = table(server, "smess", [HUMAN, HUMAN])
    tab = open_tab(browser, SMALL_PHONE, touch=True)
    own = browser_dialogs(tab)
    page = tab.page
    page.goto(server.url + "/")
    page.evaluate("([id, token]) => localStorage.setItem(`kibitz:token:${id}:0`, token)",
                  [made["id"], made["tokens"]["0"]])
    page.reload()
    row = page.locator(f"#mine tr[data-table='{made['id']}']")
    forget = row.get_by_role("button", name="forget")
    held = f"() => Object.keys(localStorage).some((k) => k.includes('{made['id']}'))"

    forget.click()
    check_question(page, "Forget your seat at this Smess table?", "Forget the seat",
                   "Keep the seat")
    expect(page.locator(ASKED)).to_contain_text(re.compile("no longer be able to play it"))
    assert serious_violations(page) == []
    page.screenshot(path=shots / "ask-forget-360.png", animations="disabled")
    page.keyboard.press("Escape")
    expect(page.locator(ASKED)).to_have_count(0)
    expect(row).to_have_count(1)
    assert page.evaluate(held)
    expect(page.locator(f"#mine [data-key='forget:{made['id']}']")).to_be_focused()

    forget.click()
    answer(page, yes=True)
    expect(row).to_have_count(0)
    assert not page.evaluate(held)
    expect(page.locator("#game")).to_be_focused()  # no table left in the list: the form next
    assert own == [] and tab.errors == [], own + tab.errors
    tab.close()
