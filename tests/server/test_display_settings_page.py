"""The pages for players whose display settings differ from the default, in headless Chromium:
in forced colours (Windows high contrast, white on black and black on white) every board and
pile cue still shows, in the user's own colours; Smess's arrows stand out on every square; the
board's cues have 3:1 against the squares they are drawn on (WCAG 1.4.11), and the chosen
piece differs from a piece that can move by more than its hue; Rook's cards say their colour
in a letter, not by hue alone (WCAG 1.4.1); the rules pages fit a 320 px window, a wide table
scrolling in its own box."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import COMPUTER, HUMAN
from pagekit import TIMEOUT, Tab, answer, overflow, serious_violations, shoot
from playwright.sync_api import Browser, Locator, Page, expect
from test_board_notes_page import FOLLOW
from test_rook_table_page import new_hand, south_to_act, table_at

from serving import Server, table

WINDOW = {"width": 1280, "height": 900}
SCHEMES = ("light", "dark")
"""Forced colours' two emulated themes: black on white, and white on black."""
NON_TEXT = 3.0
"""WCAG 1.4.11's least contrast of a graphical object or state against what is next to it."""

RGBA = """(colours) => {
  const ctx = document.createElement("canvas").getContext("2d", {willReadFrequently: true});
  return colours.map((c) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "#000";
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  });
}"""
"""Any CSS colours the page computes (rgb(), color(srgb ...), with alpha) as [r, g, b, a]."""
LOOK = """(e, pseudo) => {
  const s = getComputedStyle(e, pseudo || null);
  return {bg: s.backgroundColor, image: s.backgroundImage, shadow: s.boxShadow,
          adjust: s.forcedColorAdjust,
          outline: [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor],
          mark: s.getPropertyValue("--mark"), hatch: s.getPropertyValue("--hatch-ink")};
}"""
"""The computed look of an element (or its ``pseudo`` element) as far as its cues go."""
COLOUR = re.compile(r"rgba?\([^)]*\)|color\([^)]*\)")
COMPUTED = """(c) => {
  const e = document.createElement("i");
  e.style.color = c;
  document.body.append(e);
  const v = getComputedStyle(e).color;
  e.remove();
  return v;
}"""
"""A colour (a custom property of the page's, say) as the page computes it."""


def seated_with(browser: Browser, url: str, made: dict, seat: int, size: dict[str, int],
                **context: Any) -> Tab:
    """A page holding ``seat``'s token of ``made`` at the table, its browser context made with
    ``context`` (forced_colors, color_scheme...)."""
    ctx = browser.new_context(viewport=size, **context)
    ctx.set_default_timeout(TIMEOUT)
    page = ctx.new_page()
    tab = Tab(page, ctx)
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    page.goto(url + "/")
    page.evaluate(
        "([id, seat, token]) => localStorage.setItem(`kibitz:token:${id}:${seat}`, token)",
        [made["id"], seat, made["tokens"][str(seat)]],
    )
    page.goto(f"{url}/play/{made['id']}#seat={seat}")
    expect(page.locator("#title")).to_contain_text("you are")
    return tab



def rgba(page: Page, colours: list[str]) -> list[tuple[float, float, float, float]]:
    return [tuple(c) for c in page.evaluate(RGBA, colours)]


def over(top: tuple[float, ...], under: tuple[float, ...]) -> tuple[float, float, float]:
    """``top`` (with alpha) painted over the opaque ``under``."""
    a = top[3]
    r, g, b = (top[i] * a + under[i] * (1 - a) for i in range(3))
    return r, g, b


def luminance(rgb: tuple[float, ...]) -> float:
    r, g, b = (c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
               for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def look(page: Page, selector: str, pseudo: str = "") -> dict:
    return page.locator(selector).first.evaluate(LOOK, pseudo)


def square_colour(page: Page, selector: str) -> tuple[float, float, float]:
    """The square's own colour (opaque: the squares tile the board)."""
    return over(rgba(page, [look(page, selector)["bg"]])[0], (255, 255, 255))


def against(page: Page, ink: str, selector: str) -> float:
    """The contrast of the colour ``ink`` (as computed) drawn on the square ``selector``."""
    ground = square_colour(page, selector)
    return ratio(over(rgba(page, [ink])[0], ground), ground)


def inks(css: str) -> list[str]:
    """The colours named in a computed value (a box shadow's layers, a gradient's stops)."""
    return COLOUR.findall(css)


def visible_ink(page: Page, css: str, selector: str) -> float:
    """The best contrast against the square ``selector`` among the opaque colours of ``css``."""
    ground = square_colour(page, selector)
    found = [c for c in rgba(page, inks(css)) if c[3] > 0]
    assert found, f"no colour in {css!r}"
    return max(ratio(over(c, ground), ground) for c in found)


def assert_arrows_stand_out(page: Page) -> None:
    """Every Smess arrow's head and shaft has 3:1 on its square."""
    arrows = page.evaluate("""() => [...document.querySelectorAll(".sq")].map((sq) => {
      const head = sq.querySelector(".arrows polygon"), shaft = sq.querySelector(".arrows line");
      const ink = (e, p) => getComputedStyle(e)[p];
      return head
        && [sq.dataset.square, ink(head, "fill"), ink(shaft, "stroke"), ink(sq, "backgroundColor")];
    }).filter(Boolean)""")
    assert len(arrows) > 40
    for square, fill, stroke, bg in arrows:
        ground = over(rgba(page, [bg])[0], (255, 255, 255))
        for ink in (fill, stroke):
            assert ratio(over(rgba(page, [ink])[0], ground), ground) >= NON_TEXT, (square, ink, bg)


def assert_board_cues_stand_out(page: Page) -> None:
    """A Cardmate board's cues have 3:1 on their squares: the chosen frame, the target dot,
    the last move's marks, the palaces' hatch and the rings of the cards that can move."""
    chosen_frame(page)
    dot = ".sq.target:not(.capture)"
    assert against(page, look(page, dot, "::after")["bg"], dot) >= NON_TEXT
    for end in (".sq.last-from", ".sq.last-to"):
        assert against(page, look(page, end)["mark"].strip(), end) >= NON_TEXT, end
    for palace in (".sq.palace.light", ".sq.palace.dark"):
        assert against(page, look(page, palace)["hatch"].strip(), palace) >= NON_TEXT, palace
    for square in (".sq.movable.light:not(.sel)", ".sq.movable.dark:not(.sel)"):
        if page.locator(square).count():
            assert visible_ink(page, look(page, square)["shadow"], square) >= NON_TEXT, square


def conceding_after_a_blunder(page: Page) -> None:
    """On Fortress deal 2: the blunder 0>1, then Concede, its question open."""
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.fill("#typed-move", "0>1")
    page.click("#typed button[type=submit]")
    expect(page.locator("#status")).to_have_attribute("data-ply", "1")
    page.click("#concede")
    expect(page.locator("dialog.ask[open]")).to_be_visible()


def first_move_analysed(page: Page) -> Locator:
    """The concession said yes to, the game analysed, its first move (the blunder) chosen."""
    answer(page, yes=True)
    expect(page.locator("#status")).to_contain_text("Game over")
    page.click("#analyse")
    first = page.locator(".analysis-moves button").first
    expect(first).to_contain_text("0>1??", timeout=60_000)  # the workers start cold
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    return first


def cardmate_after_a_move(browser: Browser, server: Server, **context: Any) -> Tab:
    """Rearhand's page after Forehand's (a computer's) first move, a card chosen that has a
    quiet move: the last move's squares, the chosen card, its targets and the other cards
    that can move are all marked."""
    made = table(server, "cardmate", [COMPUTER, HUMAN])
    tab = seated_with(browser, server.url, made, 1, WINDOW, **context)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    expect(page.locator(".sq.last-to")).to_have_count(1)
    for square in page.locator(".sq.movable").all():
        square.click()
        if page.locator(".sq.target:not(.capture)").count():
            break
    expect(page.locator(".sq.sel")).to_have_count(1)
    expect(page.locator(".sq.target:not(.capture)").first).to_be_visible()
    page.keyboard.press("Shift+Tab")  # out of the board and back: the keyboard's focus on it
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.sq.sel:focus-visible')")
    return tab


def chosen_frame(page: Page) -> None:
    """The chosen card (with the keyboard's focus): a frame drawn over the card (a Cardmate
    card fills its square), of 3:1 or more on its square."""
    frame = look(page, ".sq.sel", "::after")["shadow"]
    assert re.search(r"0px 0px 0px [4-9]px inset", frame), frame
    assert against(page, inks(frame)[0], ".sq.sel") >= NON_TEXT
    assert page.locator(".sq.sel").evaluate("""(sq) => +getComputedStyle(sq, "::after").zIndex
      > +getComputedStyle(sq.querySelector(".piece")).zIndex""")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_forced_colours_keep_the_board_cues(browser: Browser, server: Server, shots: Path,
                                            scheme: str) -> None:
    tab = cardmate_after_a_move(browser, server, forced_colors="active", color_scheme=scheme)
    page = tab.page
    shoot(page, shots, f"forced-{scheme}-cardmate")
    canvas, text = rgba(page, ["Canvas", "CanvasText"])
    assert ratio(canvas, text) > 10, "not the forced colours' theme"
    # the squares stay a chequer, in the user's colours
    light, dark = square_colour(page, ".sq.light"), square_colour(page, ".sq.dark")
    assert light != dark
    assert {light, dark} & {canvas[:3]}, (light, dark)
    chosen_frame(page)
    chosen = square_colour(page, ".sq.sel")  # filled with Highlight, as a chosen item is
    assert min(ratio(chosen, light), ratio(chosen, dark)) >= NON_TEXT
    # the last move's squares: corner marks in CanvasText, kept as drawn
    for end in (".sq.last-from", ".sq.last-to"):
        marks = look(page, end)
        assert marks["adjust"] == "none" and "conic-gradient" in marks["image"], marks
        assert visible_ink(page, marks["image"], end) >= NON_TEXT, (end, marks)
    # a legal target's dot, and the ring of a card that can move
    dot = look(page, ".sq.target:not(.capture)", "::after")
    assert against(page, dot["bg"], ".sq.target:not(.capture)") >= NON_TEXT, dot
    ring = look(page, ".sq.movable:not(.sel)")
    assert visible_ink(page, ring["shadow"], ".sq.movable:not(.sel)") >= NON_TEXT, ring
    # the palaces' hatch and the centre line
    palace = look(page, ".sq.palace")
    assert "repeating-linear-gradient" in palace["image"], palace
    assert visible_ink(page, palace["image"], ".sq.palace") >= NON_TEXT, palace
    assert visible_ink(page, look(page, ".sq.centre")["shadow"], ".sq.centre") >= NON_TEXT
    # the seats' colour dots keep their colours, ringed in CanvasText
    dots = page.locator(".players .dot").all()
    assert len({d.evaluate("(e) => getComputedStyle(e).backgroundColor") for d in dots}) == 2
    assert all(d.evaluate("(e) => getComputedStyle(e).forcedColorAdjust") == "none" for d in dots)
    assert tab.errors == [], tab.errors
    tab.close()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_forced_colours_keep_a_compulsory_capture(browser: Browser, server: Server,
                                                  scheme: str) -> None:
    made = table(server, "cardmate", [HUMAN, COMPUTER], position=FOLLOW)
    tab = seated_with(browser, server.url, made, 0, WINDOW, forced_colors="active",
                      color_scheme=scheme)
    page = tab.page
    expect(page.locator("#board-note")).to_contain_text("You must follow")
    for cue in (".sq.must", ".sq.must-take"):
        shadow = look(page, cue)["shadow"]
        assert visible_ink(page, shadow, cue) >= NON_TEXT, (cue, shadow)
    tab.close()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_forced_colours_keep_smess_arrows_readable(browser: Browser, server: Server,
                                                   shots: Path, scheme: str) -> None:
    made = table(server, "smess", [HUMAN, COMPUTER])
    tab = seated_with(browser, server.url, made, 0, WINDOW, forced_colors="active",
                      color_scheme=scheme)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.click("[data-square='b2']")
    expect(page.locator("[data-square='b2']")).to_have_class(re.compile(r"\bsel\b"))
    shoot(page, shots, f"forced-{scheme}-smess")
    assert_arrows_stand_out(page)
    tab.close()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_forced_colours_keep_the_piles_cues_and_covered_cards(browser: Browser, server: Server,
                                                             shots: Path, scheme: str) -> None:
    made = table(server, "fortress", [HUMAN], seed=11)
    tab = seated_with(browser, server.url, made, 0, WINDOW, forced_colors="active",
                      color_scheme=scheme)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.locator(".pilehead.movable").first.click()
    page.locator(".pile.target").first.click()  # a move: its piles marked
    expect(page.locator(".pile.last-to")).to_have_count(1)
    page.locator(".pilehead.movable").first.click()
    expect(page.locator(".pilehead.sel")).to_have_count(1)
    expect(page.locator(".pile.target").first).to_be_visible()
    shoot(page, shots, f"forced-{scheme}-fortress")
    canvas = rgba(page, ["Canvas"])[0]
    for cue in (".pilehead.sel", ".pile.target"):
        style, width, colour = look(page, cue)["outline"]
        assert style == "solid" and width >= 3, (cue, style, width)
        assert ratio(over(rgba(page, [colour])[0], canvas), canvas) >= NON_TEXT, (cue, colour)
    # the last move's piles: their numbers in a chip of CanvasText
    chip = over(rgba(page, [look(page, ".pile.last-to > .pile-no")["bg"]])[0], canvas)
    assert ratio(chip, canvas) >= NON_TEXT, chip
    # a covered card's strip keeps its white face, so that its black rank and suit show
    under = look(page, ".covered .card.under")
    assert under["adjust"] == "none" and under["bg"] == "rgb(255, 255, 255)", under
    tab.close()


def test_forced_colours_keep_the_chosen_analysis_move(browser: Browser, server: Server,
                                                     shots: Path) -> None:
    """Fortress deal 2, its first move a blunder and then conceded: the move chosen in the
    analysis is filled with Highlight, as a chosen item is, its words in HighlightText."""
    made = table(server, "fortress", [HUMAN], seed=2)
    tab = seated_with(browser, server.url, made, 0, WINDOW, forced_colors="active",
                      color_scheme="dark")
    page = tab.page
    conceding_after_a_blunder(page)
    first = first_move_analysed(page)
    shoot(page, shots, "forced-dark-analysis")
    chosen = first.evaluate("""(b) => {
      const s = getComputedStyle(b), mark = b.querySelector("strong");
      return [s.forcedColorAdjust, s.backgroundColor, getComputedStyle(mark).color]; }""")
    adjust, fill, words = chosen
    highlight, highlight_text, canvas = rgba(page, ["Highlight", "HighlightText", "Canvas"])
    assert adjust == "none", chosen
    assert rgba(page, [fill])[0] == highlight and rgba(page, [words])[0] == highlight_text, chosen
    assert ratio(over(highlight, canvas), canvas) >= NON_TEXT
    tab.close()


def test_board_cues_have_3_to_1_on_the_squares(browser: Browser, server: Server,
                                               shots: Path) -> None:
    """Normal colours: the target dot, the last move's marks, the palaces, the rings."""
    tab = cardmate_after_a_move(browser, server)
    page = tab.page
    shoot(page, shots, "cues-cardmate")
    assert_board_cues_stand_out(page)
    # the chosen card's band holds a colour 3:1 against the ring of a card that can move
    ring = rgba(page, inks(look(page, ".sq.movable:not(.sel)")["shadow"]))[0]
    chosen = [c for c in rgba(page, inks(look(page, ".sq.sel", "::after")["shadow"])) if c[3]]
    assert max(ratio(c, ring) for c in chosen) >= NON_TEXT, chosen
    tab.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_compulsory_capture_ring_has_3_to_1_on_the_squares(browser: Browser, server: Server,
                                                             scheme: str) -> None:
    made = table(server, "cardmate", [HUMAN, COMPUTER], position=FOLLOW)
    tab = seated_with(browser, server.url, made, 0, WINDOW, color_scheme=scheme)
    page = tab.page
    expect(page.locator("#board-note")).to_contain_text("You must follow")
    for cue in (".sq.must", ".sq.must-take"):
        ink = inks(look(page, cue)["shadow"])[0]
        for colour in ("var(--square-light)", "var(--square-dark)"):
            ground = rgba(page, [page.evaluate(COMPUTED, colour)])[0]
            assert ratio(over(rgba(page, [ink])[0], ground), ground) >= NON_TEXT, (cue, colour)
    tab.close()


def test_fortress_marks_stand_out_on_the_page_and_the_felt(browser: Browser,
                                                            server: Server) -> None:
    """The last move's pile numbers (white on dark green) and the empty foundations' suits."""
    made = table(server, "fortress", [HUMAN], seed=11)
    tab = seated_with(browser, server.url, made, 0, WINDOW)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page.locator(".pilehead.movable").first.click()
    page.locator(".pile.target").first.click()
    expect(page.locator(".pile.last-to")).to_have_count(1)
    chip = look(page, ".pile.last-to > .pile-no")
    ground = rgba(page, [page.evaluate(COMPUTED, "var(--bg)")])[0]
    fill = over(rgba(page, [chip["bg"]])[0], ground)
    assert ratio(fill, ground) >= NON_TEXT, chip
    number = page.locator(".pile.last-to > .pile-no").evaluate("(e) => getComputedStyle(e).color")
    assert ratio(rgba(page, [number])[0], fill) >= 4.5
    felt = rgba(page, [look(page, "#foundations")["bg"]])[0]
    suits = page.locator(".found-slot.empty .card-art path").evaluate_all(
        "(ps) => ps.map((p) => getComputedStyle(p).fill)")
    assert suits
    for suit in rgba(page, suits):
        assert ratio(suit, felt) >= NON_TEXT, suit
    tab.close()


def test_rook_cards_edges_stand_out_on_the_felt(browser: Browser, server: Server) -> None:
    tab = seated_with(browser, server.url, table_at(server, south_to_act(new_hand)), 0, WINDOW)
    page = tab.page
    expect(page.locator("#trick .card")).to_have_count(4)
    felt = rgba(page, [look(page, "#trick")["bg"]])[0]
    edges = page.locator("#trick .card svg > rect").evaluate_all(
        "(rs) => rs.map((r) => getComputedStyle(r).stroke)")
    assert len(edges) == 4
    for edge in rgba(page, edges):
        assert ratio(edge, felt) >= NON_TEXT, edge
    tab.close()


def test_a_chosen_discard_is_ringed_so_that_it_shows_on_a_card_of_any_colour(
    browser: Browser, server: Server
) -> None:
    """A chosen card's ring holds a colour of 3:1 or more against the card's own face (a red
    ring alone vanished on a red card) and against the page."""
    made = table_at(server, south_to_act(lambda view: view["phase"] == "discard"))
    tab = seated_with(browser, server.url, made, 0, WINDOW)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    page_bg = rgba(page, [look(page, "body")["bg"]])[0]
    for card in page.locator("#hand button.card").all()[:6]:
        card.click()
        expect(card).to_have_class(re.compile(r"\bchosen\b"))
        face = rgba(page, [card.locator("svg > rect").first.evaluate(
            "(r) => getComputedStyle(r).fill")])[0]
        rings = [c for c in rgba(page, inks(card.evaluate(
            "(c) => getComputedStyle(c).boxShadow"))) if c[3]]
        assert max(ratio(r, face) for r in rings) >= NON_TEXT, (face, rings)
        assert max(ratio(r, page_bg) for r in rings) >= NON_TEXT, (page_bg, rings)
        card.click()  # chosen no more
    tab.close()


COLOUR_LETTER = {"red": "R", "yellow": "Y", "green": "G", "black": "B"}


def test_rook_cards_show_their_colour_in_a_letter(browser: Browser, server: Server,
                                                  shots: Path) -> None:
    """The hand and the trick (the last hand's, shown through the auction): each coloured
    card prints its colour's letter, and still says its colour in its name."""
    tab = seated_with(browser, server.url, table_at(server, south_to_act(new_hand)), 0, WINDOW)
    page = tab.page
    expect(page.locator("#trick .card")).to_have_count(4)
    cards = page.locator("#hand .card, #trick .card").all()
    assert len(cards) > 4
    shoot(page, shots, "rook-colour-letters")
    checked = 0
    for card in cards:
        name = card.get_attribute("aria-label") or ""
        colour = re.search(r"\b(red|yellow|green|black) \d+", name)
        if not colour:
            continue  # the bird card: no colour
        shown = card.locator("svg text").all_text_contents()
        assert COLOUR_LETTER[colour.group(1)] in shown, (name, shown)
        checked += 1
    assert checked >= 4
    tab.close()


@pytest.mark.parametrize("game", ["rook", "cardmate", "fortress", "tchess", "smess"])
def test_the_rules_pages_fit_a_320_px_window(browser: Browser, server: Server, shots: Path,
                                             game: str) -> None:
    """No sideways scrolling of the page (WCAG 1.4.10): a table wider than the window scrolls
    in its own box, which the keyboard reaches."""
    ctx = browser.new_context(viewport={"width": 320, "height": 700})
    page = ctx.new_page()
    page.goto(f"{server.url}/rules/{game}")
    assert overflow(page) == 0
    shoot(page, shots, f"rules-{game}-320")
    wide = page.evaluate("""() => [...document.querySelectorAll(".rules table")].map((t, i) => {
      const box = t.closest(".sheet-wrap") || t;
      return box.scrollWidth > box.clientWidth + 1 ? i : null; }).filter((i) => i !== null)""")
    reached = set()
    for _ in range(80):
        page.keyboard.press("Tab")
        at = page.evaluate("""() => { const a = document.activeElement;
          return [...document.querySelectorAll(".rules table")]
            .findIndex((t) => t === a || (a.matches(".sheet-wrap") && a.contains(t))); }""")
        if at >= 0:
            reached.add(at)
    assert set(wide) <= reached, (wide, reached)
    regions = page.locator(".rules .sheet-wrap[role=region][tabindex='0']")
    assert regions.count() == page.locator(".rules table").count()  # every table named
    assert all(n.startswith("Table: ") for n in regions.evaluate_all(
        "rs => rs.map((r) => r.getAttribute('aria-label'))"))
    assert serious_violations(page) == []  # a scrolling region the keyboard reaches
    ctx.close()


ZOOM_400 = {"width": 320, "height": 256}
"""A 1280 x 1024 window zoomed to 400% (WCAG 1.4.10's own example)."""
SMALL_SIDEWAYS = {"width": 568, "height": 320}
"""A small phone held sideways (its side column narrow)."""


@pytest.mark.parametrize(("size", "game"), [(ZOOM_400, "cardmate"), (ZOOM_400, "rook"),
                                            (SMALL_SIDEWAYS, "rook")],
                         ids=["zoom400-cardmate", "zoom400-rook", "sideways-rook"])
def test_short_windows_need_no_sideways_scrolling(browser: Browser, server: Server, shots: Path,
                                                  size: dict[str, int], game: str) -> None:
    """320 x 256 CSS px is a zoomed desktop window, not a phone held sideways: the lobby and a
    table reflow into one column; a small phone held sideways keeps the table beside its side
    column, the move box giving way."""
    seats = [HUMAN, COMPUTER] if game == "cardmate" else [HUMAN] + [COMPUTER] * 3
    tab = seated_with(browser, server.url, table(server, game, seats), 0, size,
                      device_scale_factor=2)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-ply", re.compile(r"\d+"))
    assert overflow(page) == 0
    shoot(page, shots, f"short-{size['width']}-{game}")
    page.goto(server.url + "/")
    expect(page.locator("#game")).to_be_visible()
    assert overflow(page) == 0
    assert tab.errors == [], tab.errors
    tab.close()


TEXT_200 = "html { font-size: 200% !important; }"
"""Text alone twice its size (as a browser's text-only zoom or a reader's style sheet does)."""


def apart(a: dict, b: dict) -> bool:
    """Whether two boxes do not overlap (half a pixel allowed)."""
    return (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)


def text_zoomed(browser: Browser, url: str, made: dict, seat: int) -> Tab:
    tab = seated_with(browser, url, made, seat, WINDOW, bypass_csp=True)
    tab.page.add_style_tag(content=TEXT_200)
    return tab


def test_text_at_200_percent_keeps_the_whole_last_move(browser: Browser, server: Server,
                                                       shots: Path) -> None:
    made = table(server, "smess", [COMPUTER, HUMAN])
    tab = text_zoomed(browser, server.url, made, 1)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    last = page.locator("#last")
    expect(last).to_contain_text("Last move: Blue's")
    room = last.evaluate("(e) => [e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight]")
    assert room[0] <= room[1] and room[2] <= room[3], room  # nothing cut off
    shoot(page, shots, "text200-smess")
    tab.close()


def test_text_at_200_percent_keeps_rooks_trick_cards_apart(browser: Browser,
                                                           server: Server) -> None:
    tab = text_zoomed(browser, server.url, table_at(server, south_to_act(new_hand)), 0)
    page = tab.page
    expect(page.locator("#trick .card")).to_have_count(4)
    boxes = [page.locator(f"#trick .at-{w}").bounding_box() for w in "nwes"]
    assert all(boxes)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert apart(a, b), (a, b)
    tab.close()
