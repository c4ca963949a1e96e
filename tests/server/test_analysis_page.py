"""The analysis on the table page, in headless Chromium: a finished game's "Analyse" button
shows the evaluation graph, each side's marks and average loss, and the better moves;
choosing a move shows its position, as its mover saw it, yet "you" stays the page's own seat
(TCHESS, Rook); the player and a spectator on a phone both get it, with no console error, no
sideways scrolling and no serious accessibility violation, the board brought into view for a
move chosen, a tap anywhere on the graph choosing the nearest move and its figures said in
words; an analysis asked for while another runs waits its turn. Screenshots go to
``$KIBITZ_SCREENSHOTS`` (or a temporary folder, printed at the end)."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import httpx
from helpers import BLUNDER
from pagekit import (
    DESKTOP,
    PHONE,
    answer,
    my_turn_or_over,
    open_tab,
    overflow,
    ply,
    serious_violations,
    shoot,
    start_from_lobby,
    wait_past,
    watch,
)
from playwright.sync_api import Browser, Page, expect

from kibitz.core.record import parse_record_text
from serving import Server

ALL_JUDGED = re.compile(r"^All \d+ moves judged\.$")
"""The analysis status once every move is judged (before that it counts them as they come)."""
BOX = "(e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }"
POINTS = ("(ps) => ps.map((p) => { const r = p.getBoundingClientRect();"
          " return [p.dataset.ply, r.left + r.width / 2]; })")
"""The graph's points: each one's ply and where it stands across the window."""


def test_a_finished_deal_is_analysed_on_the_page(
    browser: Browser, server: Server, shots: Path
) -> None:
    """Fortress deal 2: the first move 0>1 loses a winnable deal; two more moves (a card
    home), then the player concedes and asks for the analysis."""
    player = open_tab(browser, DESKTOP)
    page = player.page
    table = start_from_lobby(page, server.url, "fortress", seed="2")
    for move in ("0>1", "8>F", None):
        before = int(page.locator("#status").get_attribute("data-ply") or 0)
        if move is None:
            if not page.locator("#legal").is_visible():
                page.click("#legal-box summary")
            page.locator("#legal button").first.click()
        else:
            page.fill("#typed-move", move)
            page.click("#typed button[type=submit]")
        wait_past(page, before)
    expect(page.locator("#analyse")).to_have_count(0)  # only once the game is over
    page.click("#concede")
    answer(page, yes=True)
    expect(page.locator("#status")).to_contain_text("Game over")
    page.click("#analyse")
    first = page.locator(".analysis-moves button").first
    expect(first).to_contain_text("0>1??", timeout=60_000)  # the workers start cold
    expect(first).to_contain_text("lost, best")
    expect(first).to_have_class("analysed blunder")
    expect(page.locator("#analysis .graph-title")).to_contain_text("Winnable after each move")
    expect(page.locator("#analysis-status")).to_have_text(ALL_JUDGED)
    assert page.locator(".eval-graph .eval-point").count() >= 3  # once all are judged
    expect(page.locator(".eval-graph .eval-line")).to_have_count(1)  # one player: one line
    expect(page.locator(".graph-legend")).to_have_count(0)
    expect(page.locator(".analysis-summary")).to_contain_text("Player: 1 blunder, 0 mistakes")
    expect(page.locator("#analysis-record")).to_have_count(0)  # Fortress: JSON records only
    first.click()
    expect(page.locator("#analysis-where")).to_contain_text(
        "Showing the position after move 1",
        timeout=30_000,  # a replay in a cold worker
    )
    expect(page.locator("#last")).to_contain_text("the position after move 1")
    expect(page.locator("#players .score")).to_have_text("Cards home: Player 0")  # as then
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".eval-point.chosen")).to_have_count(1)
    assert serious_violations(page) == []
    shoot(page, shots, "analysis-desktop")
    # the engine's better move in place of the blunder: its position, then back
    best = re.search(r"best (\S+)", first.inner_text())
    assert best, first.inner_text()
    engine = page.locator("#analysis-instead")
    expect(engine).to_have_text(f"Show the engine's move ({best[1]})")
    engine.click()
    expect(page.locator("#analysis-where")).to_contain_text(
        f"Showing the position after the engine's {best[1]} in place of move 1", timeout=30_000
    )
    expect(page.locator("#analysis-where")).to_contain_text("the deal is winnable after it")
    expect(page.locator("#last")).to_contain_text(f"the engine's {best[1]} in place of move 1")
    expect(engine).to_have_text(f"Show the move played ({BLUNDER})")
    shoot(page, shots, "analysis-engine-move")
    engine.click()
    expect(page.locator("#analysis-where")).to_contain_text("the deal is lost after it")
    expect(page.locator("#last")).not_to_contain_text("the engine's")
    first.focus()  # B does the same from the list
    page.keyboard.press("b")
    expect(page.locator("#analysis-where")).to_contain_text("the deal is winnable after it")
    page.keyboard.press("b")
    expect(page.locator("#analysis-where")).to_contain_text("the deal is lost after it")
    page.click("#analysis-back")
    expect(page.locator("#last")).not_to_contain_text("the position after move")
    expect(page.locator("#players .score")).not_to_have_text("Cards home: Player 0")  # 8>F

    spectator = watch(browser, server.url, table, PHONE)
    sp = spectator.page
    sp.click("#analyse")
    expect(sp.locator(".analysis-moves button").first).to_contain_text("0>1??")
    sp.locator(".eval-point").nth(1).click()
    expect(sp.locator("#analysis-where")).to_contain_text(
        "Showing the position after move", timeout=30_000
    )
    sp.wait_for_timeout(200)
    assert overflow(sp) == 0
    assert serious_violations(sp) == []
    shoot(sp, shots, "analysis-phone")
    for tab in (player, spectator):
        assert tab.errors == [], tab.errors
        tab.close()


def test_a_cardmate_game_is_downloaded_with_its_analysis_in_its_record(
    browser: Browser, server: Server, shots: Path
) -> None:
    """A game cut at six plies against level 1: once every move is judged, the record in
    Cardmate's own format comes with the marks and comments, and reads back as the game that
    was played."""
    player = open_tab(browser, DESKTOP)
    page = player.page
    table = start_from_lobby(
        page, server.url, "cardmate", {"max_plies": "6"}, seats={1: "computer:1"}
    )
    play_to_the_end(page)
    page.click("#analyse")
    download = page.locator("#analysis-record")
    expect(download).to_be_visible(timeout=60_000)  # the workers start cold
    expect(page.locator("#analysis-status")).to_have_text(ALL_JUDGED)
    shoot(page, shots, "analysis-cardmate-record")
    with page.expect_download() as saved:
        download.click()
    assert saved.value.suggested_filename == f"cardmate-{table}-analysis.pgn"
    text = Path(saved.value.path()).read_text()
    played = httpx.get(f"{server.url}/api/tables/{table}/record").json()
    assert parse_record_text(text)["actions"] == played["actions"]
    judged = [b.inner_text() for b in page.locator(".analysis-moves button").all()]
    assert text.count("{") == len(judged) >= 4  # a comment for every move judged
    # numbered as the move list numbers them: 1. for Forehand, 1... for Rearhand's reply
    assert [j.split()[0] for j in judged[:4]] == ["1.", "1...", "2.", "2..."], judged
    listed = page.locator(".movelist tbody tr").nth(1).inner_text()
    assert judged[3].split()[1].rstrip("?!") in listed  # row 2 holds move 2...
    titles = page.eval_on_selector_all(".eval-point title", "ts => ts.map((t) => t.textContent)")
    assert titles[1].startswith("1... "), titles
    engine = page.locator("#analysis-engine")  # the engine's spec folded away
    expect(engine).not_to_have_attribute("open", "")
    expect(engine.locator("code")).to_be_hidden()
    expect(page.locator("#analysis-key")).not_to_contain_text("nodes=")
    page.locator(".analysis-moves button").nth(3).click()
    expect(page.locator("#analysis-where")).to_contain_text("after move 2... ")
    expect(page.locator("#last")).to_contain_text("the position after move 2... ")
    page.mouse.wheel(0, 600)  # the side column scrolled: the board stays in view
    page.wait_for_function("() => scrollY > 0")
    board = page.eval_on_selector(".board", "(b) => b.getBoundingClientRect().top")
    assert 0 <= board < 100, board
    assert '[Forehand "tester"]' in text
    assert player.errors == [], player.errors
    player.close()


def test_the_analysis_on_a_phone_shows_the_board_and_the_chosen_moves_figures(
    browser: Browser, server: Server, shots: Path
) -> None:
    """A Cardmate game cut at six plies, analysed on a touch phone, where the board is far
    under the analysis: a move chosen in the list brings the board into the window; a tap
    anywhere on the graph chooses the move nearest along it; the chosen move's figures are
    said in words beside the graph (a phone shows no point's title)."""
    player = open_tab(browser, PHONE, touch=True)
    page = player.page
    analysed_cardmate(page, server, 6)
    where = page.locator("#analysis-where")
    item = page.locator(".analysis-moves button").nth(2)
    figure = item.locator("span").inner_text().split(",")[0].strip()  # the mover's "45%"
    item.click()
    expect(where).to_contain_text("Showing the position after move 2. ", timeout=30_000)
    expect(where).to_contain_text(f"Forehand's expected score {figure}")
    board = page.eval_on_selector("#board", BOX)
    assert board["top"] >= 0 and board["bottom"] <= PHONE["height"] + 1, board
    shoot(page, shots, "analysis-list-phone")
    page.locator(".eval-graph").scroll_into_view_if_needed()
    graph = page.eval_on_selector(".eval-graph", BOX)
    points = page.eval_on_selector_all(".eval-point", POINTS)
    ply, x = points[4]
    page.touchscreen.tap(x + 3, graph["bottom"] - 3)  # on the graph's floor, under the point
    expect(page.locator(".eval-point.chosen")).to_have_attribute("data-ply", ply)
    expect(where).to_contain_text("Showing the position after move 3. ", timeout=30_000)
    assert overflow(page) == 0
    assert player.errors == [], player.errors
    player.close()


def analysed_cardmate(page: Page, server: Server, plies: int) -> None:
    """A Cardmate game of ``plies`` plies against level 1, played from the lobby to its end
    and analysed, every move judged."""
    start_from_lobby(
        page, server.url, "cardmate", {"max_plies": str(plies)}, seats={1: "computer:1"}
    )
    play_to_the_end(page)
    page.click("#analyse")
    expect(page.locator("#analysis-status")).to_have_text(ALL_JUDGED, timeout=60_000)


def play_to_the_end(page: Page) -> None:
    """Play the first legal move on each of this page's turns until the game is over."""
    while my_turn_or_over(page):
        before = ply(page)
        if not page.locator("#legal").is_visible():
            page.click("#legal-box summary")
        page.locator("#legal button").first.click()
        wait_past(page, before)
    expect(page.locator("#status")).to_contain_text("Game over")


SEEN_STATUS = """() => {
  window.seenStatus = [];
  new MutationObserver(() => {
    const status = document.querySelector("#analysis-status");
    const text = status && status.textContent;
    if (text && text !== window.seenStatus.at(-1)) window.seenStatus.push(text);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""
"""Keep every text the analysis's status line shows (``window.seenStatus``)."""


def show_move_of(page: Page, name: str) -> None:
    """Open the analysis (once) and show the position after ``name``'s first analysed move."""
    if not page.locator("#analysis").is_visible():
        page.click("#analyse")
    move = page.locator(".analysis-moves button").filter(has_text=re.compile(rf"^\d+\. {name} "))
    expect(move.first).to_be_visible(timeout=60_000)  # the workers start cold
    move.first.click()
    expect(page.locator("#analysis-where")).to_contain_text(f"as {name} saw it", timeout=30_000)
    # the bar numbers the move as the list does (no public move log to number it by)
    number = move.first.locator("strong").inner_text().split(".")[0]
    expect(page.locator("#last")).to_have_text(
        re.compile(rf"^Analysis: the position after move {number}\. .+ \({name}\)$")
    )


def test_the_analysed_position_names_the_page_viewer_as_you_in_tchess(
    browser: Browser, server: Server, shots: Path
) -> None:
    """The board shows the analysed mover's hand, but "(you)" stays with the page's own
    seat: none for a spectator, White for White's player looking at Black's move."""
    player = open_tab(browser, DESKTOP)
    page = player.page
    table = start_from_lobby(
        page, server.url, "tchess", {"max_rounds": "1"}, seed="3", seats={1: "computer:1"}
    )
    play_to_the_end(page)
    page.evaluate(SEEN_STATUS)
    show_move_of(page, "Black")
    expect(page.locator(".seat-line strong")).to_have_text(["White (you)", "Black"])
    done = page.locator("#analysis-status")
    expect(done).to_have_text(ALL_JUDGED, timeout=120_000)
    total = int(re.findall(r"\d+", done.inner_text())[0])
    expect(page.locator(".analysis-moves li")).to_have_count(total)
    # the graph is White's, each move's figures its mover's: the page says which
    expect(page.locator(".graph-title")).to_have_text(re.compile(r"^White's chance to win"))
    expect(page.locator("#analysis-key")).to_contain_text("figures are its mover's chance to win")
    # one line a player, through that player's own judgements (and the first from the start)
    expect(page.locator(".graph-legend li")).to_have_text(["White's view", "Black's view"])
    moves = httpx.get(f"{server.url}/api/tables/{table}/analysis").json()["moves"]
    for seat, line in enumerate(("path.eval-line.side-0", "path.eval-line.side-1")):
        steps = len(re.findall("[ML]", page.locator(line).get_attribute("d") or ""))
        known = [m for m in moves if m["seat"] == seat and m["expected"] is not None]
        assert steps == len(known) + (moves[0]["seat"] == seat), (seat, steps, len(known))
    seen = [re.findall(r"\d+", t) for t in page.evaluate("window.seenStatus")]
    partial = [int(k) for k, n in (x for x in seen if len(x) == 2) if 0 < int(k) < int(n)]
    assert partial, seen  # moves were shown before the last was judged
    analysis = httpx.get(f"{server.url}/api/tables/{table}/analysis").json()  # kept: at once
    lines = []
    for side, name in enumerate(analysis["sides"]):
        mine = [m for m in analysis["moves"] if m["side"] == side]
        marks = [sum(m["mark"] == k for m in mine) for k in ("blunder", "mistake", "inaccuracy")]
        lines.append(re.compile(
            rf"^{name}: {marks[0]} blunders?, {marks[1]} mistakes?, {marks[2]} inaccurac(y|ies); "
            rf"average loss {100 * sum(m['loss'] for m in mine) / len(mine):.1f}%$"
        ))
    expect(page.locator(".analysis-summary li")).to_have_text(lines)
    expect(page.locator("#hand [data-card]").first).to_be_visible()
    expect(page.locator("#hand")).to_have_attribute("aria-label", "Black's hand")
    shoot(page, shots, "analysis-tchess-player")

    spectator = watch(browser, server.url, table, DESKTOP)
    sp = spectator.page
    for name, lines in (("White", ["Black", "White"]), ("Black", ["White", "Black"])):
        show_move_of(sp, name)
        expect(sp.locator(".seat-line strong")).to_have_text(lines)
        expect(sp.locator("#hand [data-card]").first).to_be_visible()
        expect(sp.locator("#hand")).to_have_attribute("aria-label", f"{name}'s hand")
    shoot(sp, shots, "analysis-tchess-spectator")
    for tab in (player, spectator):
        assert tab.errors == [], tab.errors
        tab.close()


def test_the_analysed_position_names_the_page_viewer_as_you_in_rook(
    browser: Browser, server: Server, shots: Path
) -> None:
    """Rook: "you" and the partner tag go with the page's own seat (South, partner North),
    not with West whose move is analysed; a spectator is nobody's partner."""
    player = open_tab(browser, DESKTOP)
    page = player.page
    table = start_from_lobby(
        page,
        server.url,
        "rook",
        {"hand_size": "3", "max_hands": "1"},
        seed="3",
        seats={s: "computer:1" for s in (1, 2, 3)},
    )
    play_to_the_end(page)
    show_move_of(page, "West")
    judged = page.locator("#analysis-status")
    expect(judged).to_have_text(ALL_JUDGED, timeout=120_000)
    labels = page.locator(".analysis-moves button strong").all_inner_texts()
    numbers = [int(label.split(".")[0]) for label in labels]
    assert numbers == list(range(1, len(labels) + 1))  # the players' moves, the deal not counted
    # each player's judgements a line of its own, a team's two in its style
    expect(page.locator(".graph-legend li")).to_have_text(
        ["South's view", "North's view", "West's view", "East's view"])
    expect(page.locator(".eval-graph .eval-line.partner")).to_have_count(2)
    # the graph numbered at round moves: the first, then multiples of a step of 1, 2 or 5 tens
    texts = page.locator(".eval-tick").evaluate_all("ts => ts.map((t) => t.textContent)")
    ticks = [int(t) for t in texts]
    step = ticks[2] - ticks[1]
    assert ticks[0] == 1 and len(ticks) >= 4, ticks
    assert re.fullmatch("[125]0*", str(step)) and all(t % step == 0 for t in ticks[1:]), ticks
    # the result in the turn bar, whole once the game is over (cut short while it is played)
    assert page.eval_on_selector("#status", "s => s.scrollWidth <= s.clientWidth")
    head = ".seat[data-seat='{}'] > div:first-child"
    expect(page.locator(head.format(0))).to_have_text("South you")
    expect(page.locator(head.format(1))).not_to_contain_text("you")
    expect(page.locator(".seat[data-seat='2'] .tag")).to_contain_text(["partner"])
    expect(page.locator(".seat .tag").filter(has_text="partner")).to_have_count(1)
    expect(page.locator("#hand .card").first).to_be_visible()
    expect(page.locator("#hand")).to_have_attribute("aria-label", "West's hand")
    shoot(page, shots, "analysis-rook-player")

    spectator = watch(browser, server.url, table, DESKTOP)
    sp = spectator.page
    for name in ("South", "West"):
        show_move_of(sp, name)
        expect(sp.locator(".rook-table")).not_to_contain_text("you")
        expect(sp.locator(".seat .tag").filter(has_text="partner")).to_have_count(0)
        expect(sp.locator("#hand .card").first).to_be_visible()
    shoot(sp, shots, "analysis-rook-spectator")
    for tab in (player, spectator):
        assert tab.errors == [], tab.errors
        tab.close()


def rook_hand_by_computers(browser: Browser, server: Server) -> str:
    """A table of one Rook hand played to its end by four level-1 computers (a table of
    computers plays while someone watches it)."""
    r = httpx.post(server.url + "/api/tables", json={
        "game": "rook", "options": {"max_hands": 1},
        "seats": [{"kind": "computer", "level": 1}] * 4,
    })
    assert r.status_code == 200, r.text
    table = r.json()["id"]
    spectator = watch(browser, server.url, table, DESKTOP)
    expect(spectator.page.locator("#status")).to_contain_text("Game over", timeout=120_000)
    spectator.close()
    return table


def test_an_analysis_asked_for_while_another_runs_waits_its_turn(
    browser: Browser, server: Server, shots: Path
) -> None:
    """While the server analyses a Rook game, a Fortress deal's analysis waits: the page says
    how many games come before it, then shows its moves once its turn comes."""
    rook = rook_hand_by_computers(browser, server)
    started, lines = threading.Event(), []

    def read_rook_analysis() -> None:
        url = f"{server.url}/api/tables/{rook}/analysis/stream"
        with httpx.stream("GET", url, timeout=300) as r:
            for line in r.iter_lines():
                lines.append(json.loads(line))
                if lines[-1]["type"] == "start":  # an earlier test's analysis may run first
                    started.set()

    reader = threading.Thread(target=read_rook_analysis)
    reader.start()
    assert started.wait(300), lines
    player = open_tab(browser, DESKTOP)
    page = player.page
    start_from_lobby(page, server.url, "fortress", seed="2")
    page.fill("#typed-move", "0>1")
    page.click("#typed button[type=submit]")
    wait_past(page, 0)
    page.click("#concede")
    answer(page, yes=True)
    expect(page.locator("#status")).to_contain_text("Game over")
    page.evaluate(SEEN_STATUS)
    page.click("#analyse")
    status = page.locator("#analysis-status")
    expect(status).to_have_text("Waiting for the analysis of one other game first...")
    assert lines[-1]["type"] != "done"  # the Rook game's analysis still runs
    shoot(page, shots, "analysis-waiting")
    first = page.locator(".analysis-moves button").first
    expect(first).to_contain_text("0>1??", timeout=300_000)
    reader.join(300)
    assert lines[-1] == {"type": "done"}
    seen = page.evaluate("window.seenStatus")
    assert seen[:2] == ["Analysing the game...",
                        "Waiting for the analysis of one other game first..."], seen
    assert seen[-1] == "The game's one move judged.", seen  # as the terminal says it
    assert player.errors == [], player.errors
    player.close()

