"""End to end in headless Chromium: each game started from the lobby and played in the page.

A real ``kibitz serve`` runs on a free port with a temporary SQLite database; screenshots
of every page go to a temporary folder (printed at the end of the module).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import Server
from playwright.sync_api import Browser, Page, expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT = 30_000


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("screenshots")
    yield folder
    print(f"\nscreenshots: {folder}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("db") / "kibitz.db")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    context.set_default_timeout(TIMEOUT)
    pg = context.new_page()
    yield pg
    context.close()


def start_from_lobby(page: Page, server: Server, game: str, options: dict[str, str],
                     seed: str | None = None, seats: dict[int, str] | None = None) -> None:
    """Choose the game, options and seats in the lobby and start."""
    page.goto(server.url + "/")
    page.select_option("#game", game)
    for name, value in options.items():
        page.fill(f"[data-option={name}]", value)
    if seed:
        page.fill("#seed", seed)
    page.fill("#name", "tester")
    for seat, kind in (seats or {}).items():
        page.select_option(f"[data-seat='{seat}']", kind)
    page.click("#start")
    page.wait_for_url("**/play/**")
    expect(page.locator("#status")).not_to_be_empty()


def my_turn_or_over(page: Page) -> bool:
    """Wait until it is this page's turn (True) or the game is over (False)."""
    page.wait_for_function(
        "() => { const s = document.getElementById('status');"
        " return s.dataset.over === '1' || s.dataset.yourTurn === '1'; }"
    )
    return page.locator("#status").get_attribute("data-over") == "0"


def ply(page: Page) -> int:
    return int(page.locator("#status").get_attribute("data-ply") or 0)


def wait_past(page: Page, before: int) -> None:
    """Wait until the table has moved past ply ``before``."""
    page.wait_for_function(
        f"() => Number(document.getElementById('status').dataset.ply) > {before}"
    )


def click_square_move(page: Page) -> None:
    """Select the first piece that has a move, then its first target square."""
    before = ply(page)
    for sq in page.locator(".sq").all():
        sq.click()
        target = page.locator(".sq.target")
        if target.count():
            target.first.click()
            if page.locator("#promotion").count():
                page.locator("#promotion button").first.click()
            wait_past(page, before)
            return
    raise AssertionError("no piece with a legal move on the board")


def test_smess_against_the_computer(page: Page, server: Server, shots: Path) -> None:
    start_from_lobby(page, server, "smess", {"max_plies_without_progress": "6"})
    page.wait_for_selector(".sq svg line", state="attached")
    page.screenshot(path=shots / "smess.png", full_page=True)
    while my_turn_or_over(page):
        click_square_move(page)
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#last")).to_contain_text("Last move")
    page.screenshot(path=shots / "smess-over.png", full_page=True)


def test_cardmate_against_the_computer(page: Page, server: Server, shots: Path) -> None:
    start_from_lobby(page, server, "cardmate", {"max_plies": "6"})
    page.wait_for_selector(".sq svg rect", state="attached")
    page.screenshot(path=shots / "cardmate.png", full_page=True)
    while my_turn_or_over(page):
        click_square_move(page)
    expect(page.locator("#status")).to_contain_text("Game over")
    page.screenshot(path=shots / "cardmate-over.png", full_page=True)


def test_cardmate_record_imported_in_the_lobby(page: Page, server: Server, shots: Path) -> None:
    from kibitz.core.play import play_random
    from kibitz.core.record import make_record
    from kibitz.core.registry import game_class, load
    from kibitz.core.rng import Rng

    state = play_random(load("cardmate").new_initial_state(3), Rng(5), max_plies=40)
    record = make_record(state)
    captures = sum(":" in move for move in record["actions"])
    assert captures > 0
    text = game_class("cardmate").write_text_record(record)
    page.goto(server.url + "/")
    page.select_option("#game", "cardmate")
    page.click("#import-box summary")
    page.fill("#record", text or "")
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_function("() => document.getElementById('status').dataset.ply === '40'")
    expect(page.locator("#captured .captured-card")).to_have_count(captures)
    expect(page.locator("#moves")).to_contain_text(f"40. {record['actions'][-1]}")
    page.screenshot(path=shots / "cardmate-imported.png", full_page=True)


def play_buttons(page: Page, selector: str) -> None:
    """Play through legal card/action buttons until the game is over."""
    while my_turn_or_over(page):
        before = ply(page)
        page.locator(selector).first.click()
        wait_past(page, before)


def test_tchess_against_the_computer(page: Page, server: Server, shots: Path) -> None:
    start_from_lobby(page, server, "tchess", {"max_rounds": "1"})
    page.wait_for_selector("#hand")
    page.screenshot(path=shots / "tchess.png", full_page=True)
    play_buttons(page, "#hand .card.legal, .actions button")
    expect(page.locator("#status")).to_contain_text("Game over")
    page.screenshot(path=shots / "tchess-over.png", full_page=True)


def test_rook_two_browsers_two_computers(browser: Browser, server: Server, shots: Path) -> None:
    south = browser.new_context(viewport={"width": 420, "height": 900})  # phone width
    north = browser.new_context(viewport={"width": 1000, "height": 900})
    for c in (south, north):
        c.set_default_timeout(TIMEOUT)
    a, b = south.new_page(), north.new_page()
    start_from_lobby(a, server, "rook", {"max_deals": "1"}, seats={2: "open"})
    invite = a.locator("#invite-link").get_attribute("href")
    assert invite
    b.goto(invite)
    b.fill("#name", "partner")
    b.click("[data-seat='2']")
    b.wait_for_url("**/play/**")
    b.wait_for_selector("#hand")
    a.screenshot(path=shots / "rook-phone.png", full_page=True)
    b.screenshot(path=shots / "rook.png", full_page=True)
    moves = "#hand .card.legal, #bidding button"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        for pg in (a, b):
            pg.wait_for_function(
                "() => document.getElementById('status').dataset.over === '1' ||"
                " document.getElementById('status').dataset.yourTurn === '1' ||"
                " !document.getElementById('status').textContent.includes('Your')", timeout=TIMEOUT,
            )
        over = [pg.locator("#status").get_attribute("data-over") == "1" for pg in (a, b)]
        if all(over):
            break
        for pg in (a, b):
            if pg.locator("#status").get_attribute("data-your-turn") == "1":
                before = ply(pg)
                pg.locator(moves).first.click()
                wait_past(pg, before)
        time.sleep(0.05)
    expect(a.locator("#status")).to_contain_text("Game over")
    expect(b.locator("#status")).to_contain_text("Game over")
    expect(a.locator("#score-sheet tr")).to_have_count(2)
    b.screenshot(path=shots / "rook-over.png", full_page=True)
    south.close()
    north.close()


def test_fortress_winnable_deal_solved_through_hints(page: Page, server: Server,
                                                     shots: Path) -> None:
    start_from_lobby(page, server, "fortress", {}, seed="33")
    page.wait_for_selector("[data-pile='0']")
    page.screenshot(path=shots / "fortress.png", full_page=True)
    dragged = False
    while my_turn_or_over(page):
        before = ply(page)
        page.click("#hint-button")
        page.wait_for_function(
            f"() => document.getElementById('hint').dataset.ply === '{before}'"
        )
        move = page.locator("#hint").get_attribute("data-move") or ""
        src, dst = move.split(">")
        if not dragged and src.isdigit():  # one move by drag and drop, the rest by clicks
            dragged = True
            page.locator(f"[data-pile='{src}']").drag_to(page.locator(f"[data-pile='{dst}']"))
        else:
            page.click(f"[data-pile='{src[0] if src.startswith('F') else src}']")
            page.click(f"[data-pile='{dst}']")
        wait_past(page, before)
    expect(page.locator("#status")).to_contain_text("Game over: won (all 52 cards")
    assert dragged
    page.click("#undo")
    expect(page.locator("#status")).not_to_contain_text("Game over")
    page.click("#redo")
    expect(page.locator("#status")).to_contain_text("Game over")
    page.screenshot(path=shots / "fortress-won.png", full_page=True)
    page.goto(server.url + "/stats")
    expect(page.locator("#stats tbody")).to_contain_text("fortress")
    page.screenshot(path=shots / "stats.png", full_page=True)


def test_restart_mid_game_resumes(page: Page, server: Server, shots: Path) -> None:
    start_from_lobby(page, server, "smess", {})
    page.wait_for_selector(".sq svg line", state="attached")
    my_turn_or_over(page)
    click_square_move(page)
    my_turn_or_over(page)
    moves = page.locator("#moves").inner_text()
    at = ply(page)
    server.stop()
    expect(page.locator("#conn")).to_contain_text("reconnecting")
    server.start()
    expect(page.locator("#conn")).to_contain_text("connected", timeout=TIMEOUT)
    page.wait_for_function(f"() => document.getElementById('status').dataset.ply === '{at}'")
    assert page.locator("#moves").inner_text() == moves
    assert my_turn_or_over(page)
    click_square_move(page)
    page.goto(server.url + "/rules/smess")
    expect(page.locator("h1")).to_contain_text("Smess")
    page.screenshot(path=shots / "rules-smess.png", full_page=True)
    page.goto(server.url + "/")
    expect(page.locator("#tables")).to_contain_text("smess")
    page.screenshot(path=shots / "lobby.png", full_page=True)
