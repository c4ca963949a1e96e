"""The patience page says moves with their cards, in headless Chromium: the hint ("Hint: A♠
from pile 1 home") and the move list ("A♠ 1→F") name the card, not only pile codes; the
hint's highlight (violet) differs from a selected card's legal targets (amber), each 3:1 or
more on the page; a click that cannot move says why ("J♣ has no move now", "A♥ cannot go to
pile 3; its moves: F, 5"); the game-over panel says the deal, the moves, hints and undos
used and the player's record with a link to /stats, in proper case, above the board on a
phone; an empty pile fits its mark at 390 px, and a covered "10" is as tall as the other
ranks."""

from __future__ import annotations

import re
from pathlib import Path

from pagekit import DESKTOP, PHONE, open_tab, overflow, serious_violations, shoot, start_from_lobby
from playwright.sync_api import Browser, Page, expect
from test_patience_layout import long_position, start

import kibitz
from kibitz.core.session import Session
from kibitz.games.fortress.cards import parse_card
from kibitz.games.fortress.notation import card_words
from serving import Server

DEAL = 33
PAGE_BACKGROUND = (0xF6, 0xF3, 0xEA)


def words(card: str) -> str:
    return card_words(parse_card(card))


def ring(page: Page, selector: str) -> tuple[int, int, int]:
    """The colour of the first box-shadow ring of the element ``selector`` finds."""
    shadow = page.locator(selector).first.evaluate("e => getComputedStyle(e).boxShadow")
    r, g, b = map(int, re.match(r"rgba?\((\d+), (\d+), (\d+)", shadow).groups())
    return r, g, b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def lum(c: tuple[int, int, int]) -> float:
        lin = [(v / 255 / 12.92) if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ply(page: Page) -> int:
    return int(page.locator("#status").get_attribute("data-ply") or 0)


def play(page: Page, src: object, dst: object) -> None:
    before = ply(page)
    page.locator(f"[data-pile='{src}']").click()
    page.locator(f"[data-pile='{dst}']").click()
    expect(page.locator("#status")).to_have_attribute("data-ply", str(before + 1))


def test_hints_moves_and_refused_clicks_name_the_card(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "fortress", seed=str(DEAL))
    state = kibitz.load("fortress").new_initial_state(DEAL)
    moves = state.moves()
    page.click("#hint-button")
    action = Session(kibitz.load("fortress"), DEAL).hint().action
    hinted = next(m for m in moves if m["id"] == action)
    assert (hinted["from"], hinted["to"]) == (1, "F")
    expect(page.locator("#hint")).to_have_text(f"Hint: {words(hinted['card'])} from pile 1 home")
    expect(page.locator("#hint")).to_have_attribute("data-move", "1>F")
    # A card with a pile to go to, selected while the hint shows: two colours, both 3:1.
    other = next(m for m in moves if m["to"] != "F" and m["from"] != hinted["from"])
    page.locator(f"[data-pile='{other['from']}']").click()
    target = f"[data-pile-row='{other['to']}'].target .pilehead"
    expect(page.locator(target)).to_have_count(1)
    hint_colour = ring(page, "[data-pile-row='1'].hint .pilehead")
    target_colour = ring(page, target)
    assert hint_colour != target_colour
    assert contrast(hint_colour, PAGE_BACKGROUND) >= 3
    assert contrast(target_colour, PAGE_BACKGROUND) >= 3
    shoot(page, shots, "patience-hint-and-targets")
    # Clicked onto a pile it cannot go to: the note says where it can.
    its = [m["to"] for m in moves if m["from"] == other["from"]]
    wrong = next(i for i in range(10) if i not in its and i != other["from"])
    page.locator(f"[data-pile='{wrong}']").click()
    expect(page.locator("#notice")).to_have_text(
        f"{words(other['card'])} cannot go to pile {wrong}; its moves: {', '.join(map(str, its))}.")
    expect(page.locator(".pilehead.sel")).to_have_count(0)
    # A card that cannot move: the note says so, and nothing is selected.
    stuck = next(i for i in range(10) if not any(m["from"] == i for m in moves))
    top = state.observation(0)["piles"][stuck][-1]
    page.locator(f"[data-pile='{stuck}']").click()
    expect(page.locator("#notice")).to_have_text(f"{words(top)} has no move now.")
    expect(page.locator(".pilehead.sel")).to_have_count(0)
    assert serious_violations(page) == []
    play(page, 1, "F")  # the move list says the card and its way
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#moves .move-link").first).to_have_text(f"{words(hinted['card'])} 1→F")
    assert tab.errors == []
    tab.close()


def test_the_win_panel_says_the_deal_its_figures_and_the_record(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start_from_lobby(page, server.url, "fortress", seed=str(DEAL))
    session = Session(kibitz.load("fortress"), DEAL)
    line = []
    while not session.is_over():
        move = next(m for m in session.state.moves() if m["id"] == session.hint().action)
        line.append((move["from"], move["to"]))
        session.play(move["id"])
    page.click("#hint-button")
    expect(page.locator("#hint")).to_be_visible()
    play(page, *line[0])
    page.click("#undo")
    expect(page.locator("#status")).to_have_attribute("data-ply", "0")
    for src, dst in line:
        play(page, src, dst)
    expect(page.locator("#over-title")).to_have_text(f"Game over: You won deal #{DEAL}")
    expect(page.locator("#over-result")).to_have_text("Won (all 52 cards on the foundations)")
    expect(page.locator("#over-figures")).to_have_text(f"{len(line)} moves, 1 hint, 1 undo.")
    stats = page.locator("#over-stats")
    expect(stats).to_contain_text(
        "Your Fortress record (tester): 1 played, 1 won (100%); a winning streak of 1.")
    expect(stats.locator("a")).to_have_attribute("href", "/stats?player=tester")
    assert serious_violations(page) == []
    shoot(page, shots, "patience-won-desktop")
    page.set_viewport_size(PHONE)  # the panel comes first, seen without scrolling
    page.wait_for_timeout(100)
    over = page.locator("#over").bounding_box()
    assert over["y"] + over["height"] <= PHONE["height"]
    assert over["y"] < page.locator("#board").bounding_box()["y"]
    assert overflow(page) == 0 and serious_violations(page) == []
    shoot(page, shots, "patience-won-phone")
    page.set_viewport_size(DESKTOP)  # back beside the board
    expect(page.locator("#side > #over")).to_have_count(1)
    assert tab.errors == []
    tab.close()


def test_an_empty_pile_and_a_ten_read_well_on_a_phone(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, PHONE)
    page = tab.page
    start(page, server.url, position=long_position())  # pile 2 empty
    empty = page.locator("[data-pile='2']")
    expect(empty).to_have_class(re.compile(r"\bempty\b"))
    expect(empty.locator(".empty-ring")).to_be_visible()
    expect(empty.locator(".empty-word")).to_be_hidden()
    assert empty.evaluate("b => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight")
    heights = page.eval_on_selector_all(
        ".edge-index.top text",
        "ts => ts.map(t => [t.textContent, t.getBoundingClientRect().height])")
    tens = [h for text, h in heights if text == "10"]
    others = [h for text, h in heights if text != "10"]
    assert tens and min(tens) >= 0.85 * max(others), heights  # it was 0.74
    assert overflow(page) == 0 and serious_violations(page) == []
    shoot(page, shots, "patience-empty-phone")
    page.set_viewport_size(DESKTOP)  # a wide pile says it in a word
    expect(empty.locator(".empty-word")).to_be_visible()
    assert tab.errors == []
    tab.close()
