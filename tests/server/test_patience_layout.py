"""The patience board's two presentations (rules/fortress.md (b)) in headless Chromium: ten
columns in index order under the foundations by default, each pile's cards stacked
downwards; the traditional two wings as an option (pile 0 then 2-5 on the left, 1 then 6-9
on the right, the foundations between, rows growing outward), kept in the browser. Both
play by clicks and by the arrow keys, fit a phone and pass axe; screenshots of a deal
with a 19-card pile. A phone held sideways shows every card of a deal beside the tools, and
a hint or the answer to "Still winnable?" is brought into the window where it comes under
the tools."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

from pagekit import DESKTOP, PHONE, SIDEWAYS, open_tab, overflow, serious_violations, shoot
from playwright.sync_api import Browser, Page, expect

import kibitz
from serving import Server

PILES = 10
LEFT_WING = [0, 2, 3, 4, 5]
RIGHT_WING = [1, 6, 7, 8, 9]


def long_position(game: str = "fortress") -> str:
    """Deal 7's cards laid out again with 19 cards in pile 0, 11 in pile 1 and pile 2 empty."""
    state = kibitz.load(game).new_initial_state(seed=7)
    cards = [c for p in state.observation(None)["piles"] for c in p]
    cuts = [0, 19, 30, 30, 33, 36, 40, 44, 47, 50, 52]
    piles = [cards[a:b] for a, b in pairwise(cuts)]
    rest = state.position().split(" ", 1)[1]  # the foundations and the base
    return "/".join("".join(p) or "-" for p in piles) + " " + rest


def start(page: Page, url: str, game: str = "fortress", position: str | None = None,
          seed: str = "#7") -> None:
    """A new table of ``game`` from the lobby, from ``position`` or deal ``seed``."""
    page.goto(url + "/")
    page.select_option("#game", game)
    if position:
        page.fill("#position", position)
    else:
        page.fill("#seed", seed)
    page.fill("#name", "tester")
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("[data-pile='9']")


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The on-screen boxes of the elements ``selector`` finds, in document order."""
    return page.eval_on_selector_all(
        selector, "(all) => all.map((e) => { const r = e.getBoundingClientRect();"
        " return {x: r.left, y: r.top, w: r.width, h: r.height}; })")


def pile_box(page: Page, i: int) -> dict[str, float]:
    """Pile i as a whole (its number, covered cards and top card)."""
    return boxes(page, f"[data-pile-row='{i}']")[0]


def centre_x(b: dict[str, float]) -> float:
    return b["x"] + b["w"] / 2


def fan(page: Page, i: int) -> list[dict[str, float]]:
    """Pile i's cards bottom to top: the covered ones, then the top card's button."""
    return boxes(page, f"[data-pile-row='{i}'] .card.under") + boxes(page, f"[data-pile='{i}']")


def choose(page: Page, layout: str) -> None:
    page.click(f"#layout-{layout}")
    expect(page.locator(f"#layout-{layout}")).to_have_attribute("aria-pressed", "true")


def a_move(position: str) -> dict[str, Any]:
    """A legal pile-to-pile move of ``position``."""
    state = kibitz.load("fortress").new_state_from_position(position)
    return next(m for m in state.moves() if m["to"] != "F")


def ply(page: Page) -> str:
    return page.locator("#status").get_attribute("data-ply") or ""


def test_the_default_is_ten_columns_in_index_order(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start(page, server.url, position=long_position())
    expect(page.locator("#layout-columns")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#layout-wings")).to_have_attribute("aria-pressed", "false")
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        piles = [pile_box(page, i) for i in range(PILES)]
        xs = [centre_x(b) for b in piles]
        assert xs == sorted(xs) and len(set(xs)) == PILES, f"{name}: columns out of order {xs}"
        assert max(b["y"] for b in piles) - min(b["y"] for b in piles) < 2  # one row
        found = boxes(page, "#foundations")[0]
        assert found["y"] + found["h"] <= min(b["y"] for b in piles)  # the foundations above
        cards = fan(page, 0)  # 19 cards, stacked down, the top card last and whole
        assert len(cards) == 19
        tops = [c["y"] for c in cards]
        assert tops == sorted(tops) and len(set(tops)) == 19
        assert max(c["x"] for c in cards) - min(c["x"] for c in cards) < 2
        # A long column overlaps more (down to what rank and suit need), not beyond the window.
        step = lambda c: c[1]["y"] - c[0]["y"]  # noqa: E731
        assert step(cards) < step(fan(page, 3)) or size == PHONE
        assert step(cards) <= step(fan(page, 3))
        assert piles[0]["h"] < 0.6 * size["height"]
        assert overflow(page) == 0
        assert serious_violations(page) == []
        shoot(page, shots, f"patience-columns-{name}")
    assert tab.errors == []
    tab.close()


def test_the_wings_option_is_the_traditional_layout_and_is_kept(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = open_tab(browser, DESKTOP)
    page = tab.page
    start(page, server.url, "chessboard", position=long_position("chessboard"))
    choose(page, "wings")
    page.reload()  # kept in this browser
    page.wait_for_selector("[data-pile='9']")
    expect(page.locator("#layout-wings")).to_have_attribute("aria-pressed", "true")
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        left = [pile_box(page, i) for i in LEFT_WING]
        right = [pile_box(page, i) for i in RIGHT_WING]
        found = boxes(page, "#foundations")[0]
        for wing in (left, right):  # the wing's first pile on top, the others below in order
            ys = [b["y"] for b in wing]
            assert ys == sorted(ys) and len(set(ys)) == len(ys), f"{name}: rows out of order"
        if size == DESKTOP:  # the left wing, the foundations, the right wing
            assert left[0]["x"] + left[0]["w"] <= found["x"] + 1
            assert found["x"] + found["w"] <= right[0]["x"] + 1
        else:  # stacked: the foundations, the left wing, the right wing
            assert found["y"] + found["h"] <= left[0]["y"]
            assert left[-1]["y"] + left[-1]["h"] <= right[0]["y"]
        # Rows grow outward: the left wing's to the left, the right wing's to the right, and a
        # long row overlaps more rather than leave its wing.
        for i, outward, side in ((0, -1, ".wing.left"), (1, 1, ".wing.right")):
            cards = fan(page, i)
            xs = [c["x"] * outward for c in cards]
            assert xs == sorted(xs) and len(set(xs)) == len(xs), f"{name}: pile {i} fans inward"
            wing = boxes(page, side)[0]
            assert wing["x"] - 1 <= min(c["x"] for c in cards)
            assert max(c["x"] + c["w"] for c in cards) <= wing["x"] + wing["w"] + 1
        assert overflow(page) == 0
        assert serious_violations(page) == []
        shoot(page, shots, f"patience-wings-{name}")
    choose(page, "columns")
    page.reload()
    page.wait_for_selector("[data-pile='9']")
    expect(page.locator("#layout-columns")).to_have_attribute("aria-pressed", "true")
    assert tab.errors == []
    tab.close()


def test_a_move_by_clicks_and_by_keys_in_both_layouts(browser: Browser, server: Server) -> None:
    tab = open_tab(browser, PHONE)
    page = tab.page
    position = long_position()
    move = a_move(position)
    start(page, server.url, position=position)
    for layout in ("columns", "wings"):
        choose(page, layout)
        before = ply(page)
        page.locator(f"[data-pile='{move['from']}']").click()
        page.locator(f"[data-pile='{move['to']}']").click()
        expect(page.locator("#status")).not_to_have_attribute("data-ply", before)
        page.click("#undo")
        expect(page.locator("#status")).to_have_attribute("data-ply", before)
    # By keyboard: one tab stop; the arrow keys follow the layout on screen.
    focused = "document.activeElement.dataset.key"
    for layout, at, key, to in (
        ("columns", 0, "ArrowRight", "pile:1"),
        ("wings", 0, "ArrowDown", "pile:2"),
        ("wings", 6, "ArrowUp", "pile:1"),
    ):
        choose(page, layout)
        expect(page.locator("[data-key^='pile:'][tabindex='0']")).to_have_count(1)
        page.locator(f"[data-pile='{at}']").focus()
        page.keyboard.press(key)
        assert page.evaluate(focused) == to, f"{layout}: {key} from pile {at}"
    page.keyboard.press("Home")
    assert page.evaluate(focused) == "pile:0"
    src, dst = str(move["from"]), str(move["to"])
    choose(page, "columns")
    page.locator(f"[data-pile='{src}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"[data-pile='{src}']")).to_have_class(re.compile(r"\bsel\b"))
    steps = int(dst) - int(src)
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
    assert page.evaluate(focused) == f"pile:{dst}"
    before = ply(page)
    page.keyboard.press("Enter")
    expect(page.locator("#status")).not_to_have_attribute("data-ply", before)
    assert tab.errors == []
    tab.close()


def in_window(page: Page, b: dict[str, float]) -> bool:
    size = page.viewport_size
    assert size is not None
    return b["y"] >= -0.5 and b["y"] + b["h"] <= size["height"] + 1


def test_a_phone_held_sideways_shows_every_card_of_the_deal(
    browser: Browser, server: Server, shots: Path
) -> None:
    """844 x 390: the foundations and every card of every pile in the window, the turn bar
    and the tools beside them."""
    tab = open_tab(browser, SIDEWAYS, touch=True)
    page = tab.page
    start(page, server.url)
    piles = [pile_box(page, i) for i in range(PILES)]
    assert all(in_window(page, b) for b in piles), piles
    assert in_window(page, boxes(page, "#foundations")[0])
    right = max(b["x"] + b["w"] for b in piles)
    for beside in (".bar", "#tools"):
        assert boxes(page, beside)[0]["x"] >= right, beside
    assert overflow(page) == 0
    assert serious_violations(page) == []
    shoot(page, shots, "patience-sideways")
    assert tab.errors == []
    tab.close()


def test_a_hint_and_the_winnable_answer_are_shown_in_the_window(
    browser: Browser, server: Server, shots: Path
) -> None:
    """On a phone the hint's words come under the tools, below the window's edge: they are
    brought into view, the hint's and "Still winnable?"'s alike."""
    tab = open_tab(browser, PHONE, touch=True)
    page = tab.page
    start(page, server.url)
    page.click("#hint-button")
    expect(page.locator("#hint")).to_contain_text("Hint:")
    assert in_window(page, boxes(page, "#hint")[0])
    shoot(page, shots, "patience-hint-phone")
    page.evaluate("scrollTo(0, 0)")
    page.click("#winnable")
    expect(page.locator("#hint")).not_to_have_text(re.compile(r"^(Hint:|Thinking)"))
    assert in_window(page, boxes(page, "#hint")[0])
    assert tab.errors == []
    tab.close()
