"""Helpers of the browser tests: Chromium set-up, pages that record console errors, a link
that can be cut (the page's WebSocket through Playwright's router), the table page's state
and the checks every game page must pass (no sideways overflow, constant info blocks,
no serious accessibility violation)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT = 30_000
DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}
SIDEWAYS = {"width": 844, "height": 390}
"""A phone held sideways (landscape)."""
INFO_BLOCKS = "document.querySelectorAll('.info, .notice').length"
WIDER = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
AXE = Axe()


class Link:
    """A page's WebSocket to the server, passed through Playwright's router so a test can
    cut it (``drop``) and let it come back (``restore``)."""

    def __init__(self, page: Page) -> None:
        self.online = True
        self.sockets: list[WebSocketRoute] = []
        page.route_web_socket(re.compile(r".*/ws/tables/.*"), self._route)

    def _route(self, ws: WebSocketRoute) -> None:
        if not self.online:
            ws.close(code=1011, reason="test: offline")
            return
        ws.connect_to_server()
        self.sockets.append(ws)

    def drop(self) -> None:
        """Close the page's connection; reconnecting fails until ``restore``."""
        self.online = False
        for ws in self.sockets:
            ws.close(code=1011, reason="test: offline")
        self.sockets.clear()

    def restore(self) -> None:
        self.online = True


@dataclass
class Tab:
    """A page and the console errors it logged."""

    page: Page
    context: BrowserContext
    errors: list[str] = field(default_factory=list)
    link: Link | None = None

    def close(self) -> None:
        self.context.close()


def open_tab(browser: Browser, size: dict[str, int], routed: bool = False,
             touch: bool = False) -> Tab:
    """A fresh browser context (its own storage: its own seat tokens) with one page;
    ``touch``: a touch screen (the page's ``pointer: coarse``)."""
    context = browser.new_context(viewport=size, has_touch=touch)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    tab = Tab(page, context)
    page.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    if routed:
        tab.link = Link(page)
    return tab


def seated(browser: Browser, url: str, made: dict, seat: int, size: dict[str, int],
           touch: bool = False) -> Tab:
    """A page of its own browser holding ``seat``'s token of ``made`` (the create answer), at
    the table."""
    tab = open_tab(browser, size, touch=touch)
    tab.page.goto(url + "/")
    tab.page.evaluate(
        "([id, seat, token]) => localStorage.setItem(`kibitz:token:${id}:${seat}`, token)",
        [made["id"], seat, made["tokens"][str(seat)]],
    )
    tab.page.goto(f"{url}/play/{made['id']}#seat={seat}")
    expect(tab.page.locator("#title")).to_contain_text("you are")
    return tab


def start_from_lobby(page: Page, url: str, game: str, options: dict[str, str] | None = None,
                     seed: str | None = None, seats: dict[int, str] | None = None) -> str:
    """Choose the game, options, seed and seats in the lobby, start, return the table id."""
    page.goto(url + "/")
    page.select_option("#game", game)
    if options and page.locator("#more-options").count():
        page.click("#more-options summary")  # the options folded away as advanced
    for name, value in (options or {}).items():
        page.fill(f"[data-option={name}]", value)
    if seed:
        page.fill("#seed", seed)
    page.fill("#name", "tester")
    for seat, kind in (seats or {}).items():
        page.select_option(f"[data-seat='{seat}']", kind)
    page.click("#start")
    page.wait_for_url("**/play/**")
    expect(page.locator("#status")).to_have_attribute("data-ply", re.compile(r"\d+"))
    return page.url.split("/play/")[1].split("#")[0]


def ply(page: Page) -> int:
    return int(page.locator("#status").get_attribute("data-ply") or 0)


def over(page: Page) -> bool:
    return page.locator("#status").get_attribute("data-over") == "1"


def my_turn_or_over(page: Page) -> bool:
    """Wait until it is this page's turn (True) or the game is over (False)."""
    page.wait_for_function(
        "() => { const s = document.getElementById('status');"
        " return s.dataset.over === '1' || s.dataset.yourTurn === '1'; }"
    )
    return not over(page)


def wait_past(page: Page, before: int) -> None:
    """Wait until the table has moved past ply ``before``."""
    page.wait_for_function(
        f"() => Number(document.getElementById('status').dataset.ply) > {before}"
    )


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0: no sideways scrolling)."""
    return int(page.evaluate(WIDER))


def info_blocks(page: Page) -> int:
    return int(page.evaluate(INFO_BLOCKS))


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page, one line each."""
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(str(n["target"]) for n in v["nodes"][:4])
        for v in found if v["impact"] in ("serious", "critical")
    ]


ASKED = "dialog.ask[open]"
"""The question a page asks in itself (ui.js's ask) before an action that cannot be undone."""


def answer(page: Page, yes: bool) -> str:
    """Answer the question the page asks (it must be asking): its action's button or its safe
    one; the question's words (the question and what it adds, as one line)."""
    asked = page.locator(ASKED)
    expect(asked).to_be_visible()
    words = " ".join(asked.locator("p").all_inner_texts())
    asked.locator(".ask-yes" if yes else ".ask-no").click()
    expect(asked).to_have_count(0)
    return words


def shoot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=folder / f"{name}.png", full_page=True, animations="disabled")


def watch(browser: Browser, url: str, table: str, size: dict[str, int] = PHONE) -> Tab:
    """A spectator's page on the table (no seat token in its browser)."""
    tab = open_tab(browser, size)
    tab.page.goto(f"{url}/play/{table}")
    expect(tab.page.locator("#title")).to_contain_text("watching")
    return tab
