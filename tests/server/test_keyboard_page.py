"""The board tables played by keyboard and heard through a screen reader, in headless
Chromium: each move (the computer's too, and one played while an earlier position is shown)
is said once by the bar's one polite live region, with the player's turn where it comes; the
move list is one tab stop that the arrow keys move along; the focus never drops to the page's
body after Take back, Play again, "Back to the game" or Resign, and goes to the game-over
heading; the move box keeps it through the reply; Smess squares name their arrows; Escape
drops a chosen piece and Enter on the other side's piece says whose it is; the focus ring
differs from the selection and stands out on squares and cards; a spectator is told that
spectators watch; a hand of cards (TCHESS, Rook) and Rook's bids are each one tab stop (a
toolbar) that the arrow keys, Home and End move along, Enter picking the card and the focus
staying at its place in the hand."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from helpers import COMPUTER, HUMAN
from pagekit import ASKED, ply, seated, serious_violations, shoot, wait_past, watch
from playwright.sync_api import Browser, Page, expect
from test_rook_table_page import south_to_act, table_at

from kibitz import load
from serving import Server, table

LAPTOP = {"width": 1366, "height": 768}
ACTIVE = ("() => { const a = document.activeElement;"
          " return a === document.body ? 'body' : (a.dataset.square || a.id || a.tagName); }")
SAID = ("() => { window.said = []; const said = document.getElementById('said');"
        " new MutationObserver(() => window.said.push(said.textContent))"
        ".observe(said, {childList: true, characterData: true, subtree: true}); }")
BAR_LIVE = "section.bar [aria-live], section.bar [role=status]"
IN_BOARD = "() => document.getElementById('board').contains(document.activeElement)"
FOCUSED_IN = ("(box) => [...document.querySelectorAll(`${box} button`)]"
              ".indexOf(document.activeElement)")


def play(server: Server, made: dict, seat: int, i: int = 0) -> str:
    """``seat`` plays its ``i``-th legal move over HTTP; the move's text."""
    token = made["tokens"][str(seat)]
    url = f"{server.url}/api/tables/{made['id']}"
    move = httpx.get(f"{url}/view", params={"token": token}).json()["legal"][i]
    done = httpx.post(f"{url}/actions", json={"token": token, "id": move["id"]})
    assert done.status_code == 200, done.text
    return move["text"]


def active(page: Page) -> str:
    """The focused element: a square's name, an id, a tag name, or 'body'."""
    return page.evaluate(ACTIVE)


def press_on(page: Page, selector: str, key: str = "Enter") -> None:
    page.locator(selector).focus()
    page.keyboard.press(key)


def your_turn_at(page: Page, ply: int) -> None:
    expect(page.locator("#status")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rgb(text: str) -> tuple[int, int, int]:
    """'rgb(1, 2, 3)' or '#010203' as a triple."""
    if text.startswith("#"):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
    r, g, b = (int(x) for x in re.findall(r"\d+", text)[:3])
    return r, g, b


def test_each_move_is_said_once_by_the_one_live_region(browser: Browser, server: Server) -> None:
    tab = seated(browser, server.url, table(server, "cardmate", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    # The bar's one polite live region: neither the turn nor the last-move line is another.
    assert page.eval_on_selector_all(BAR_LIVE, "(all) => all.map((e) => e.id)") == ["said"]
    expect(page.locator("#said")).to_have_attribute("aria-live", "polite")
    your_turn_at(page, 0)
    page.evaluate(SAID)
    press_on(page, "[data-square='c2']")  # 3♣ chosen, then played to c3, by keyboard
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    your_turn_at(page, 2)  # the computer has answered: its move and the turn, said at once
    reply = page.locator("#last").inner_text()
    assert re.fullmatch(r"Last move: Rearhand's .+ \(.+\)", reply), reply
    said = page.evaluate("() => window.said")
    assert said == ["Last move: Your 3♣ from c2 to c3 (3Cc3)", f"{reply}. Your turn (Forehand)"]
    page.click("#flip")  # the same position drawn again (twice): nothing new to say
    page.click("#flip")
    expect(page.locator("[data-square='a0']")).to_be_visible()
    assert page.evaluate("() => window.said") == said
    assert tab.errors == [], tab.errors
    tab.close()


def test_a_move_played_while_an_earlier_one_is_shown_is_said(browser: Browser,
                                                             server: Server) -> None:
    made = table(server, "smess", [HUMAN, HUMAN])
    first = play(server, made, 0)
    play(server, made, 1)
    spectator = watch(browser, server.url, made["id"], LAPTOP)
    page = spectator.page
    expect(page.locator("#status")).to_have_attribute("data-ply", "2")
    page.click("#moves [data-ply='1']")
    looking = f"move 1. {first}"
    expect(page.locator("#last")).to_have_text(f"Showing the position after {looking}")
    page.evaluate(SAID)
    third = play(server, made, 0)
    expect(page.locator("#status")).to_have_attribute("data-ply", "3")
    words = f"(you are looking at the position after {looking})"
    expect(page.locator("#last")).to_have_text(re.compile(
        rf"^Last move: Blue's .+ \({re.escape(third)}\) {re.escape(words)}$"))
    assert page.evaluate("() => window.said") == [page.locator("#last").inner_text()]
    expect(page.locator("#back-to-game")).to_have_text(f"Back to the game (after move 2. {third})")
    assert spectator.errors == [], spectator.errors
    spectator.close()


def test_focus_never_drops_to_the_body(browser: Browser, server: Server, shots: Path) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)

    def move() -> None:
        before = int(page.locator("#status").get_attribute("data-ply") or 0)
        press_on(page, "[data-square='b2']")  # the Ninny, one square on
        page.keyboard.press("ArrowUp")
        page.keyboard.press("Enter")
        your_turn_at(page, before + 2)

    move()
    press_on(page, "#take-back")
    your_turn_at(page, 0)
    assert active(page) not in ("body", "BODY"), "Take back dropped the focus"
    assert page.evaluate(IN_BOARD), active(page)
    press_on(page, "#play-again")
    your_turn_at(page, 2)
    assert page.evaluate(IN_BOARD), active(page)

    page.click("#moves [data-ply='1']")  # an earlier position, then back by keyboard
    expect(page.locator("#back-to-game")).to_be_visible()
    press_on(page, "#back-to-game")
    expect(page.locator("#back-to-game")).to_have_count(0)
    assert page.evaluate(IN_BOARD), active(page)

    press_on(page, "#concede")  # Resign asks first, the focus on the safe answer
    expect(page.locator(f"{ASKED} .ask-no")).to_be_focused()
    page.keyboard.press("Tab")  # to Resign, accepted: the focus is on the game-over heading
    expect(page.locator(f"{ASKED} .ask-yes")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_have_attribute("data-over", "1")
    expect(page.locator("#over-title")).to_be_focused()
    expect(page.locator("#over-title")).to_contain_text("Game over")
    assert serious_violations(page) == []
    shoot(page, shots, "smess-resigned-focus")
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_move_box_keeps_the_focus_through_the_reply(browser: Browser, server: Server) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    box = page.locator("#typed-move")
    box.focus()
    page.keyboard.type("b2-b3")
    page.keyboard.press("Enter")
    your_turn_at(page, 2)
    expect(box).to_be_focused()  # ready for the next move, as lichess's blind mode keeps it
    expect(box).to_have_value("")
    expect(box).to_have_attribute("aria-disabled", "false")
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_move_list_is_one_tab_stop_moved_by_the_arrow_keys(browser: Browser, server: Server,
                                                               shots: Path) -> None:
    made = table(server, "smess", [HUMAN, HUMAN])
    for k in range(6):
        play(server, made, k % 2)
    spectator = watch(browser, server.url, made["id"], LAPTOP)
    page = spectator.page
    expect(page.locator("#status")).to_have_attribute("data-ply", "6")
    moves = "#moves"  # its buttons: the moves
    assert stops(page, moves) == [-1] * 5 + [0]  # one stop, on the last move
    page.locator("#board").focus()
    for _ in range(30):  # reached by Tab from the board, on the last move
        page.keyboard.press("Tab")
        if focused_in(page, moves) >= 0:
            break
    one_stop_at(page, moves, 5)
    for key, at in (("ArrowUp", 4), ("ArrowLeft", 3), ("ArrowDown", 4), ("ArrowRight", 5),
                    ("ArrowDown", 5), ("Home", 0), ("ArrowUp", 0), ("End", 5), ("Home", 0)):
        page.keyboard.press(key)
        one_stop_at(page, moves, at)
    page.keyboard.press("Enter")  # shows the position after the first move, as a click does
    expect(page.locator("#last")).to_contain_text("Showing the position after move 1.")
    one_stop_at(page, moves, 0)
    play(server, made, 0)  # a move meanwhile: the stop and the focus stay on the move shown
    expect(page.locator("#status")).to_have_attribute("data-ply", "7")
    one_stop_at(page, moves, 0)
    page.keyboard.press("Tab")  # one Tab out of the list, one Shift+Tab back to the move shown
    assert focused_in(page, moves) == -1, active(page)
    page.keyboard.press("Shift+Tab")
    one_stop_at(page, moves, 0)
    assert serious_violations(page) == []
    shoot(page, shots, "move-list-keys")
    assert spectator.errors == [], spectator.errors
    spectator.close()


def test_smess_squares_name_their_arrows(browser: Browser, server: Server) -> None:
    tab = seated(browser, server.url, table(server, "smess", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    b1 = page.locator("[data-square='b1']")
    expect(b1).to_have_attribute(
        "aria-label", "b1, arrows north, east and west, Blue Numskull, can move")
    # Every square, from the description's arrows.
    desc = load("smess").description()
    words = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east",
             "S": "south", "SW": "south-west", "W": "west", "NW": "north-west"}
    labels = dict(page.eval_on_selector_all(
        ".sq", "(all) => all.map((b) => [b.dataset.square, b.getAttribute('aria-label')])"))
    for square, mask in desc["arrows"].items():
        ways = [words[d["name"]] for d in desc["directions"] if mask & d["bit"]]
        listed = ways[0] if len(ways) == 1 else f"{', '.join(ways[:-1])} and {ways[-1]}"
        named = f"{square}, arrow{'s' if len(ways) > 1 else ''} {listed}, "
        assert labels[square].startswith(named), labels[square]
    assert serious_violations(page) == []
    assert tab.errors == [], tab.errors
    tab.close()


def test_escape_drops_the_choice_and_the_other_sides_piece_says_whose(
    browser: Browser, server: Server
) -> None:
    tab = seated(browser, server.url, table(server, "cardmate", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    press_on(page, "[data-square='c2']")
    expect(page.locator(".sq.sel")).to_have_count(1)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Escape")
    expect(page.locator(".sq.sel")).to_have_count(0)
    expect(page.locator(".sq.target")).to_have_count(0)
    expect(page.locator("#notice")).to_have_text("Selection cleared.")
    assert active(page) == "c3"  # the focus stays where it was
    press_on(page, "[data-square='a9']")  # Rearhand's 10♦
    expect(page.locator("#notice")).to_have_text("10♦ is Rearhand's; you play Forehand.")
    expect(page.locator(".sq.sel")).to_have_count(0)
    assert tab.errors == [], tab.errors
    tab.close()


def test_the_focus_ring_stands_out_and_differs_from_the_selection(
    browser: Browser, server: Server, shots: Path
) -> None:
    tab = seated(browser, server.url, table(server, "cardmate", [HUMAN, COMPUTER]), 0, LAPTOP)
    page = tab.page
    your_turn_at(page, 0)
    press_on(page, "[data-square='c2']")  # chosen, then the focus one square on, by keyboard
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    ring = page.evaluate("""() => {
      const sq = document.activeElement, s = getComputedStyle(sq, '::before');
      const card = sq.querySelector('.piece svg rect');
      return {square: sq.dataset.square, content: s.content, style: s.borderTopStyle,
              width: parseFloat(s.borderTopWidth), colour: s.borderTopColor, halo: s.boxShadow,
              background: getComputedStyle(sq).backgroundColor,
              selected: getComputedStyle(sq).boxShadow,
              card: card && card.getAttribute('fill')};
    }""")
    assert ring["square"] == "c2"
    assert ring["content"] != "none" and ring["width"] >= 3, ring
    assert ring["style"] == "dashed", ring  # the selection is a solid band
    assert "255, 255, 255" in ring["halo"], ring  # a white ring on each side of it
    ink = rgb(ring["colour"])
    selected = rgb(ring["selected"])
    assert ink != selected, ring
    assert contrast(ink, rgb(ring["background"])) >= 3, ring
    assert contrast(ink, rgb(ring["card"])) >= 3, ring
    for square in ("e5", "e4"):  # light and dark empty squares
        back = page.eval_on_selector(f"[data-square='{square}']",
                                     "(b) => getComputedStyle(b).backgroundColor")
        assert contrast(ink, rgb(back)) >= 3, (square, back)
    page.locator("[data-square='c2']").screenshot(path=shots / "cardmate-focus-ring-selected.png")
    page.keyboard.press("ArrowUp")
    page.locator(".board").screenshot(path=shots / "cardmate-focus-ring-board.png")
    assert serious_violations(page) == []
    assert tab.errors == [], tab.errors
    tab.close()


def test_a_spectator_is_told_that_spectators_watch(browser: Browser, server: Server) -> None:
    made = table(server, "smess", [HUMAN, HUMAN])
    spectator = watch(browser, server.url, made["id"], LAPTOP)
    page = spectator.page
    expect(page.locator("[data-square='b2']")).to_be_visible()
    press_on(page, "[data-square='b2']")
    expect(page.locator("#notice")).to_have_text(
        "You are watching: spectators watch the game and cannot move its pieces.")
    expect(page.locator(".sq.sel")).to_have_count(0)
    page.click("[data-square='b3']")
    expect(page.locator(".sq.sel")).to_have_count(0)
    assert spectator.errors == [], spectator.errors
    spectator.close()


def focused_in(page: Page, box: str) -> int:
    """The index of the focused button among ``box``'s buttons (-1: the focus is elsewhere),
    in one look (the computers' moves redraw the page)."""
    return int(page.evaluate(FOCUSED_IN, box))


def stops(page: Page, box: str) -> list[int]:
    """The tab index of each of ``box``'s buttons."""
    return page.eval_on_selector_all(f"{box} button", "(all) => all.map((b) => b.tabIndex)")


def one_stop_at(page: Page, box: str, i: int) -> None:
    """The focus is on ``box``'s button ``i``, its only tab stop."""
    assert focused_in(page, box) == i, (box, i, active(page))
    tabs = stops(page, box)
    assert tabs == [0 if k == i else -1 for k in range(len(tabs))], tabs


def toolbar_keys(page: Page, box: str, label: str) -> int:
    """``box`` is a toolbar named ``label``, reached once by Tab (and Shift+Tab) on the button
    last focused; Right, Left, End and Home move the focus along it. Its number of buttons."""
    expect(page.locator(box)).to_have_attribute("role", "toolbar")
    expect(page.locator(box)).to_have_attribute("aria-label", label)
    count = page.locator(f"{box} button").count()
    assert count >= 3, count
    assert stops(page, box) == [0] + [-1] * (count - 1)
    page.locator(f"{box} button").first.focus()
    page.keyboard.press("ArrowRight")
    one_stop_at(page, box, 1)
    page.keyboard.press("Shift+Tab")
    assert focused_in(page, box) == -1, active(page)
    page.keyboard.press("Tab")  # back in on the button last focused, and out at the next Tab
    one_stop_at(page, box, 1)
    page.keyboard.press("Tab")
    assert focused_in(page, box) == -1, active(page)
    page.keyboard.press("Shift+Tab")
    one_stop_at(page, box, 1)
    page.keyboard.press("End")
    one_stop_at(page, box, count - 1)
    page.keyboard.press("ArrowRight")  # the end of the row: the focus stays
    one_stop_at(page, box, count - 1)
    page.keyboard.press("Home")
    one_stop_at(page, box, 0)
    page.keyboard.press("ArrowLeft")
    one_stop_at(page, box, 0)
    return count


def pick(page: Page, box: str, i: int, key: str = "Enter") -> None:
    """Move to ``box``'s button ``i`` by the arrow keys and press ``key`` on it."""
    page.locator(f"{box} button").first.focus()
    page.keyboard.press("Home")
    for _ in range(i):
        page.keyboard.press("ArrowRight")
    one_stop_at(page, box, i)
    page.keyboard.press(key)


def test_a_tchess_hand_is_one_tab_stop_moved_by_the_arrow_keys(
    browser: Browser, server: Server, shots: Path
) -> None:
    made = httpx.post(f"{server.url}/api/tables", json={
        "game": "tchess", "seed": 5, "seats": [HUMAN, COMPUTER]}).json()
    start = httpx.get(f"{server.url}/api/tables/{made['id']}/view").json()["ply"]
    tab = seated(browser, server.url, made, 0, LAPTOP)
    page = tab.page
    your_turn_at(page, start)
    count = toolbar_keys(page, "#hand", "your hand")
    playable = page.eval_on_selector_all("#hand button",
                                         "(all) => all.map((b) => !!b.dataset.move)")
    i = max(k for k, ok in enumerate(playable) if ok)  # the last playable card, by keyboard
    card = page.locator("#hand button").nth(i).get_attribute("data-card")
    page.locator("#hand button").nth(i).focus()
    shoot(page, shots, "tchess-hand-focus")
    pick(page, "#hand", i)
    your_turn_at(page, start + 1)  # laid: the hand is one card shorter, the focus at the same place
    view = httpx.get(f"{server.url}/api/tables/{made['id']}/view",
                     params={"token": made["tokens"]["0"]}).json()["view"]
    assert view["rows"][0]["cards"] == [card]
    expect(page.locator("#hand button")).to_have_count(count - 1)
    one_stop_at(page, "#hand", min(i, count - 2))
    assert serious_violations(page) == []
    shoot(page, shots, "tchess-hand-focus-after")
    assert tab.errors == [], tab.errors
    tab.close()


def test_rook_bids_and_hand_are_toolbars_moved_by_the_arrow_keys(browser: Browser,
                                                                 server: Server) -> None:
    made = table_at(server, south_to_act(lambda v: v["phase"] == "auction"))
    tab = seated(browser, server.url, made, 0, LAPTOP)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    bids = toolbar_keys(page, "#bidding", "bids")
    last = page.locator("#bidding button").nth(bids - 1).inner_text()  # the highest bid
    toolbar_keys(page, "#hand", "your hand")  # not playable now, but each card still read out
    assert serious_violations(page) == []
    before = ply(page)
    pick(page, "#bidding", bids - 1, "Space")
    wait_past(page, before)
    calls = httpx.get(f"{server.url}/api/tables/{made['id']}/view").json()["view"]["calls"]
    assert [0, f"bid {last}"] in calls, calls
    assert tab.errors == [], tab.errors
    tab.close()


def test_a_rook_card_is_played_from_the_hand_by_keyboard(
    browser: Browser, server: Server, shots: Path
) -> None:
    made = table_at(server, south_to_act(lambda v: v["phase"] == "play" and not v["trick"]))
    tab = seated(browser, server.url, made, 0, LAPTOP)
    page = tab.page
    expect(page.locator("#status")).to_have_attribute("data-your-turn", "1")
    count = toolbar_keys(page, "#hand", "your hand")
    page.keyboard.press("ArrowRight")
    shoot(page, shots, "rook-hand-focus")
    i = count - 2  # South leads: any card
    card = page.locator("#hand button").nth(i).get_attribute("data-card")
    pick(page, "#hand", i)
    expect(page.locator("#hand button")).to_have_count(count - 1)
    view = httpx.get(f"{server.url}/api/tables/{made['id']}/view").json()["view"]
    assert [0, card] in view["trick"] + [p for t in view["tricks"] for p in t["plays"]], view
    one_stop_at(page, "#hand", i)  # the focus on the card that took its place
    assert serious_violations(page) == []
    assert tab.errors == [], tab.errors
    tab.close()
