"""The lobby's lists of tables for a keyboard and a screen reader, in headless Chromium: each
"forget", "continue" and "open" is named for its table (no two alike), and the lists, rebuilt
every few seconds, keep the focus on the control that had it."""

from __future__ import annotations

import re

import httpx
from helpers import HUMAN
from pagekit import DESKTOP, open_tab
from playwright.sync_api import Browser, Page, expect

from serving import Server

LEVEL_2 = {"kind": "computer", "level": 2}
REBUILT = """(box) => {
  window.rebuilt = 0;
  window.before = document.activeElement;
  new MutationObserver(() => { window.rebuilt += 1; })
    .observe(document.querySelector(box), {childList: true});
}"""
"""Count the rebuilds of a list's rows from now on (``window.rebuilt``) and keep the element
focused now (``window.before``)."""


def names(page: Page, selector: str) -> list[str]:
    return [page.locator(selector).nth(i).get_attribute("aria-label") or ""
            for i in range(page.locator(selector).count())]


def focus_kept_across_a_rebuild(page: Page, box: str, key: str) -> None:
    """Focus the control of ``key``; once the list is rebuilt (its rows replaced), the focus
    is on the new control of the same key."""
    control = page.locator(f"{box} [data-key='{key}']")
    control.focus()
    expect(control).to_be_focused()
    page.evaluate(REBUILT, f"{box} tbody")
    page.wait_for_function("() => window.rebuilt > 0 && !window.before.isConnected")
    expect(control).to_be_focused()
    assert page.evaluate("() => document.activeElement.dataset.key") == key


def test_each_table_control_has_its_own_name_and_keeps_the_focus(browser: Browser,
                                                                  server: Server) -> None:
    url = server.url
    made = [httpx.post(f"{url}/api/tables", json=body).json() for body in (
        {"game": "smess", "seats": [HUMAN, LEVEL_2]},
        {"game": "smess", "seats": [LEVEL_2, HUMAN]},
        {"game": "cardmate", "seats": [HUMAN, {"kind": "open"}], "private": True},
    )]
    seats = [0, 1, 0]
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    page.goto(url + "/")
    page.evaluate("(held) => held.forEach(([t, s]) => localStorage.setItem("
                  "`kibitz:token:${t.id}:${s}`, t.tokens[String(s)]))",
                  [[t, s] for t, s in zip(made, seats, strict=True)])
    page.reload()
    expect(page.locator("#mine tbody tr")).to_have_count(3)
    forgets = names(page, "#mine .forget")
    assert len(set(forgets)) == 3, forgets
    blue = page.locator(f"#mine tr[data-table='{made[0]['id']}']")
    expect(blue.locator(".forget")).to_have_accessible_name(
        re.compile(r"^Forget your seat at Smess, Blue: you, Red: computer level 2 \(\w+\)$"))
    expect(blue.locator("a")).to_have_accessible_name(
        re.compile(r"^Continue Smess, Blue: you, Red: computer level 2 \(\w+\)$"))
    private = page.locator(f"#mine tr[data-table='{made[2]['id']}']")
    expect(private.locator(".forget")).to_have_accessible_name(
        "Forget your seat at Cardmate (private), Forehand: you, Rearhand: open seat")
    assert len(set(names(page, "#mine a"))) == 3
    expect(page.locator("#tables tbody tr")).to_have_count(2)  # the private one is not listed
    assert len(set(names(page, "#tables a"))) == 2

    focus_kept_across_a_rebuild(page, "#mine", f"forget:{made[1]['id']}")
    focus_kept_across_a_rebuild(page, "#mine", f"mine:{made[0]['id']}")
    focus_kept_across_a_rebuild(page, "#tables", f"table:{made[1]['id']}")
    assert tab.errors == [], tab.errors
    tab.close()
