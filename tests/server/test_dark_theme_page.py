"""The pages in the system's dark setting (``prefers-color-scheme: dark``), in headless
Chromium: the lobby, every game's table (at a desktop window and on a phone), the analysis
panel, the statistics, the rules, the invite and error pages and the page's own question are
dark, their texts 4.5:1 or more on their grounds (WCAG 1.4.3), the boards' and piles' cues
3:1 or more on what they mark (1.4.11), with no serious axe finding; in the light setting the
colours are as they were."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import COMPUTER, HUMAN
from pagekit import DESKTOP, PHONE, TIMEOUT, Tab, serious_violations, shoot
from playwright.sync_api import Browser, Page, expect
from test_display_settings_page import (
    COMPUTED,
    NON_TEXT,
    against,
    assert_arrows_stand_out,
    assert_board_cues_stand_out,
    cardmate_after_a_move,
    chosen_frame,
    conceding_after_a_blunder,
    first_move_analysed,
    inks,
    look,
    luminance,
    over,
    ratio,
    rgba,
    seated_with,
    square_colour,
    table,
    visible_ink,
)
from test_rook_table_page import new_hand, south_to_act, table_at

from serving import Server

DARK = {"color_scheme": "dark"}
TEXT = 4.5
"""WCAG 1.4.3's least contrast of (normal sized) text on its background."""
DIM = 0.05
"""The most luminance a dark surface has (the light page's is 0.9)."""
GROUND = """(e) => {
  const s = getComputedStyle(e);
  const layers = [];
  for (let n = e; n; n = n.parentElement) {
    const bg = getComputedStyle(n).backgroundColor;
    layers.push(bg);
    if (bg.startsWith("rgb(")) break;  // opaque
  }
  return {ink: s.color, layers};
}"""
"""An element's text colour and the background colours under it, down to the first opaque one."""
GAMES = {
    "cardmate": [HUMAN, COMPUTER],
    "smess": [HUMAN, COMPUTER],
    "tchess": [HUMAN, COMPUTER],
    "rook": [HUMAN] + [COMPUTER] * 3,
    "fortress": [HUMAN],
}
"""Each game's seats: the page's player first."""
TABLE_TEXTS = ("#status", "#last", ".players li", ".players h2", ".movelist td", ".movelist th",
               ".round-log li", "#typed-move", "#typed button", ".side button", "#title",
               ".info", ".tag", ".seat", ".tchess-row .small", ".found-target",
               ".layout-switch button", "#chat-text")
"""The table page's key texts (those a game has): the turn bar, the seats' panel, the moves,
the move box, the buttons, the game's own lines."""


def opened(browser: Browser, url: str, size: dict[str, int] = DESKTOP,
           scheme: str = "dark") -> Tab:
    ctx = browser.new_context(viewport=size, color_scheme=scheme)
    ctx.set_default_timeout(TIMEOUT)
    page = ctx.new_page()
    tab = Tab(page, ctx)
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    page.goto(url)
    return tab


def backdrop(page: Page, layers: list[str]) -> tuple[float, float, float]:
    """The colour of ``layers`` (the topmost first) painted over each other."""
    colour: tuple[float, ...] = (255, 255, 255)
    for layer in reversed(rgba(page, layers)):
        colour = over(layer, colour)
    return colour[:3]


def text_contrast(page: Page, selector: str) -> float:
    """The least contrast of the visible ``selector``s' text on what is under them."""
    found = page.locator(selector)
    least = 99.0
    for i in range(min(found.count(), 6)):
        item = found.nth(i)
        if not item.is_visible():
            continue
        seen = item.evaluate(GROUND)
        ground = backdrop(page, seen["layers"])
        ink = over(rgba(page, [seen["ink"]])[0], ground)
        least = min(least, ratio(ink, ground))
    return least


def readable(page: Page, selectors: tuple[str, ...], least: float = TEXT) -> int:
    """Assert every visible one of ``selectors`` has ``least`` contrast; how many were seen."""
    seen = 0
    for selector in selectors:
        if not page.locator(selector).count():
            continue
        found = text_contrast(page, selector)
        if found < 99:
            seen += 1
        assert found >= least, (selector, found)
    return seen


def dark_surface(page: Page, selector: str) -> None:
    colour = backdrop(page, page.locator(selector).first.evaluate(GROUND)["layers"])
    assert luminance(colour) < DIM, (selector, colour)


def a_table(browser: Browser, server: Server, game: str, size: dict[str, int] = DESKTOP,
            **body) -> Tab:
    made = table(server, game, GAMES[game], **body)
    tab = seated_with(browser, server.url, made, 0, size, **DARK)
    expect(tab.page.locator("#status")).to_have_attribute("data-ply", re.compile(r"\d+"))
    return tab


def test_light_pages_keep_their_colours(browser: Browser, server: Server) -> None:
    tab = opened(browser, server.url + "/", scheme="light")
    page = tab.page
    expect(page.locator("#game")).to_be_visible()
    assert look(page, "body")["bg"] == "rgb(246, 243, 234)"
    assert look(page, "header")["bg"] == "rgb(34, 42, 51)"
    assert look(page, "#start")["bg"] == "rgb(31, 95, 134)"
    assert look(page, "fieldset")["bg"] == "rgb(255, 255, 255)"
    tab.close()
    made = table(server, "smess", GAMES["smess"])
    tab = seated_with(browser, server.url, made, 0, DESKTOP, color_scheme="light")
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    assert look(page, ".sq.light")["bg"] == "rgb(239, 227, 200)"
    assert look(page, ".sq.dark")["bg"] == "rgb(205, 181, 140)"
    arrow = page.locator(".arrows polygon").first.evaluate("(e) => getComputedStyle(e).fill")
    assert arrow == "rgb(61, 61, 61)"
    assert look(page, ".players")["bg"] == "rgb(255, 255, 255)"
    tab.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_is_dark_and_readable(browser: Browser, server: Server, shots: Path,
                                        size: dict[str, int]) -> None:
    table(server, "cardmate", [HUMAN, COMPUTER])  # a row in the lobby's list of tables
    tab = opened(browser, server.url + "/", size)
    page = tab.page
    expect(page.locator("#tables tbody tr").first).to_be_visible()
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light dark"
    assert page.locator("meta[name=color-scheme]").get_attribute("content") == "light dark"
    shoot(page, shots, f"dark-lobby-{size['width']}")
    for surface in ("body", "header", "fieldset", "#tables tbody tr"):
        dark_surface(page, surface)
    assert readable(page, ("h1", "h2", "legend", "label", "#tables td", "#tables th",
                           "#tables a", "button", "select", "input#name", ".muted")) >= 8
    assert serious_violations(page) == []
    assert tab.errors == [], tab.errors
    tab.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_table_is_dark_and_readable(browser: Browser, server: Server, shots: Path,
                                               game: str) -> None:
    tab = a_table(browser, server, game)
    page = tab.page
    page.wait_for_function("() => document.getElementById('status').dataset.yourTurn === '1'")
    shoot(page, shots, f"dark-{game}-desktop")
    for surface in ("body", ".players", "#last"):
        dark_surface(page, surface)
    assert readable(page, TABLE_TEXTS) >= 6
    assert serious_violations(page) == []
    page.set_viewport_size(PHONE)
    shoot(page, shots, f"dark-{game}-phone")
    assert readable(page, TABLE_TEXTS) >= 6
    assert tab.errors == [], tab.errors
    tab.close()


def test_rooks_trick_and_tags_are_readable(browser: Browser, server: Server,
                                           shots: Path) -> None:
    tab = seated_with(browser, server.url, table_at(server, south_to_act(new_hand)), 0,
                      DESKTOP, **DARK)
    page = tab.page
    expect(page.locator("#trick .card")).to_have_count(4)
    shoot(page, shots, "dark-rook-trick")
    assert readable(page, ("#trick", "#trick .tag", ".seat .tag", "#bidding button")) >= 3
    assert serious_violations(page) == []
    tab.close()


def test_cardmate_cues_have_3_to_1_on_dark_squares(browser: Browser, server: Server,
                                                   shots: Path) -> None:
    tab = cardmate_after_a_move(browser, server, **DARK)
    page = tab.page
    shoot(page, shots, "dark-cues-cardmate")
    for square in (".sq.light", ".sq.dark"):
        assert luminance(square_colour(page, square)) < 0.15, square  # a darker wood
    assert_board_cues_stand_out(page)
    assert visible_ink(page, look(page, ".sq.centre")["shadow"], ".sq.centre") >= NON_TEXT
    ring = rgba(page, inks(look(page, ".sq.movable:not(.sel)")["shadow"]))[0]
    chosen = [c for c in rgba(page, inks(look(page, ".sq.sel", "::after")["shadow"])) if c[3]]
    assert max(ratio(c, ring) for c in chosen) >= NON_TEXT, chosen
    ground = rgba(page, [page.evaluate(COMPUTED, "var(--bg)")])[0]
    coords = page.locator(".coord").first.evaluate("(e) => getComputedStyle(e).color")
    assert ratio(rgba(page, [coords])[0], ground) >= TEXT
    tab.close()


def test_smess_arrows_and_cues_stand_out_on_dark_squares(browser: Browser, server: Server,
                                                         shots: Path) -> None:
    made = table(server, "smess", [COMPUTER, HUMAN])
    tab = seated_with(browser, server.url, made, 1, DESKTOP, **DARK)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    expect(page.locator(".sq.last-to")).to_have_count(1)
    page.locator(".sq.movable").first.click()
    expect(page.locator(".sq.sel")).to_have_count(1)
    expect(page.locator(".sq.target").first).to_be_visible()
    shoot(page, shots, "dark-cues-smess")
    assert_arrows_stand_out(page)
    chosen_frame(page)
    target = ".sq.target:not(.capture)"
    if page.locator(target).count():
        assert against(page, look(page, target, "::after")["bg"], target) >= NON_TEXT
    for end in (".sq.last-from", ".sq.last-to"):
        assert against(page, look(page, end)["mark"].strip(), end) >= NON_TEXT, end
    tab.close()


def test_fortress_piles_cues_stand_out_in_dark(browser: Browser, server: Server,
                                               shots: Path) -> None:
    tab = a_table(browser, server, "fortress", seed=11)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.locator(".pilehead.movable").first.click()
    page.locator(".pile.target").first.click()
    expect(page.locator(".pile.last-to")).to_have_count(1)
    page.locator(".pilehead.movable").first.click()
    expect(page.locator(".pilehead.sel")).to_have_count(1)
    expect(page.locator(".pile.target").first).to_be_visible()
    shoot(page, shots, "dark-cues-fortress")
    page_bg = rgba(page, [page.evaluate(COMPUTED, "var(--bg)")])[0]

    def pile_ground(selector: str) -> tuple[float, float, float]:
        pile = page.locator(selector).first.locator("xpath=ancestor-or-self::*[contains("
                                                     "concat(' ', @class, ' '), ' pile ')][1]")
        return over(rgba(page, [pile.evaluate("(e) => getComputedStyle(e).backgroundColor")])[0],
                    page_bg)

    for cue in (".pilehead.sel", ".pile.target .pilehead", ".pilehead.movable:not(.sel)"):
        ground = pile_ground(cue)
        found = [c for c in rgba(page, inks(look(page, cue)["shadow"])) if c[3] > 0]
        assert found, cue
        assert max(ratio(over(c, ground), ground) for c in found) >= NON_TEXT, (cue, found)
    chip = look(page, ".pile.last-to > .pile-no")
    fill = over(rgba(page, [chip["bg"]])[0], pile_ground(".pile.last-to > .pile-no"))
    assert ratio(fill, page_bg) >= NON_TEXT, chip
    number = page.locator(".pile.last-to > .pile-no").evaluate("(e) => getComputedStyle(e).color")
    assert ratio(rgba(page, [number])[0], fill) >= TEXT
    assert readable(page, (".pile-no", ".found-target", ".pilehead.empty")) >= 2
    page.set_viewport_size(PHONE)
    shoot(page, shots, "dark-cues-fortress-phone")
    tab.close()


def test_the_analysis_and_the_question_are_dark_and_readable(browser: Browser, server: Server,
                                                             shots: Path) -> None:
    """Fortress deal 2: a move, then conceded through the page's question; then analysed."""
    tab = a_table(browser, server, "fortress", seed=2)
    page = tab.page
    conceding_after_a_blunder(page)
    shoot(page, shots, "dark-question")
    dark_surface(page, "dialog.ask")
    assert readable(page, ("dialog.ask p", "dialog.ask button")) == 2
    assert serious_violations(page) == []
    first_move_analysed(page)
    shoot(page, shots, "dark-analysis")
    dark_surface(page, ".eval-graph")
    assert readable(page, (".analysis-moves button", ".analysis-moves strong", ".analysis h3",
                           ".analysis-summary li", ".over")) >= 4
    panel = backdrop(page, page.locator(".eval-graph").evaluate(GROUND)["layers"])
    texts = page.locator(".eval-graph .graph-text").evaluate_all(
        "(ts) => ts.map((t) => getComputedStyle(t).fill)")
    assert texts
    for ink in rgba(page, texts):
        assert ratio(ink, panel) >= TEXT, ink
    points = page.locator(".eval-point").evaluate_all(
        "(ps) => ps.map((p) => getComputedStyle(p).fill)")
    for ink in rgba(page, points):
        assert ratio(ink, panel) >= NON_TEXT, ink
    assert serious_violations(page) == []
    page.set_viewport_size(PHONE)
    shoot(page, shots, "dark-analysis-phone")
    assert tab.errors == [], tab.errors
    tab.close()


@pytest.mark.parametrize("path", ["/stats", "/rules/cardmate", "/rules/rook", "/play/nosuch"])
def test_the_other_pages_are_dark_and_readable(browser: Browser, server: Server, shots: Path,
                                               path: str) -> None:
    table(server, "smess", [HUMAN, COMPUTER])
    for size in (DESKTOP, PHONE):
        tab = opened(browser, server.url + path, size)
        page = tab.page
        expect(page.locator("h1").first).to_be_visible()
        name = path.strip("/").replace("/", "-")
        shoot(page, shots, f"dark-{name}-{size['width']}")
        dark_surface(page, "body")
        assert readable(page, ("h1", "h2", "p", "li", "td", "th", "a", "caption", "pre",
                               "code")) >= 2
        assert serious_violations(page) == []  # a scrolling table a tab stop, at any width
        if path.startswith("/play"):
            assert page.locator("meta[name=color-scheme]").get_attribute("content") == (
                "light dark")
        tab.close()


def test_the_invite_page_is_dark_and_readable(browser: Browser, server: Server,
                                              shots: Path) -> None:
    made = table(server, "cardmate", [HUMAN, {"kind": "open"}])
    tab = opened(browser, server.url + made["invite"], PHONE)
    page = tab.page
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("button").first).to_be_visible()
    shoot(page, shots, "dark-join")
    dark_surface(page, "body")
    assert readable(page, ("h1", "p", "label", "input", "button")) >= 3
    assert serious_violations(page) == []
    tab.close()


def test_the_api_page_stays_light(browser: Browser, server: Server) -> None:
    """The HTTP API's page is Swagger UI's, which has no dark theme: light in either setting."""
    tab = opened(browser, server.url + "/docs")
    page = tab.page
    expect(page.locator(".swagger-ui .info").first).to_be_visible()
    assert look(page, "body")["bg"] == "rgb(246, 243, 234)"
    assert look(page, "header")["bg"] == "rgb(34, 42, 51)"
    tab.close()
