"""Hidden information: no message to a seat (or a spectator) holds another seat's cards;
spectators get the game's own public view, ``observation(None)``."""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from helpers import HUMAN, new_table

from kibitz.core.rng import Rng
from kibitz.games.rook.views import cards_json

ROOK_CARD = re.compile(r'"((?:[rygb]\d{1,2})|rook)"', re.IGNORECASE)


def rook_hidden_from(state: Any, seat: int) -> set[str]:
    """Cards ``seat`` may not see: other hands, and the nest unless declarer or game over."""
    p = state.p
    hidden: set[str] = set()
    for other in range(4):
        if other != seat:
            hidden |= set(cards_json(p.hands[other]))
    if p.declarer != seat and not state.is_terminal():
        hidden |= set(cards_json(p.nest))
    return hidden


def copy(table: Any) -> Any:
    """An independent copy of the table's state, rebuilt from its serialized form."""
    return table.game.deserialize(table.state.serialize())


def play_all_seats(client: TestClient, game: str, n: int, check: Any, **body: Any) -> int:
    """Every seat a WebSocket player choosing random legal moves, plus a spectator.

    Every message is checked against the state it was made from (a snapshot per ply).
    """
    made = new_table(client, game, [HUMAN] * n, **body)
    table = client.app.state.hub.get(made["id"])
    rng = Rng(5)
    urls = [f"/ws/tables/{made['id']}?token={made['tokens'][str(s)]}" for s in range(n)]
    urls.append(f"/ws/tables/{made['id']}")
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(u)) for u in urls]
        snapshots = {len(table.state.history): copy(table)}
        checked = 0
        while True:
            ply = len(table.state.history)
            for seat, ws in enumerate(sockets):
                while True:
                    msg = ws.receive_json()
                    check(snapshots[msg["ply"]], seat if seat < n else None, msg)
                    checked += 1
                    if msg["ply"] == ply:
                        break
            if table.state.is_terminal():
                return checked
            actor = table.state.current_player
            move = rng.choice(table.view(actor)["legal"])["text"]
            sockets[actor].send_json({"type": "action", "action": move})
            sockets[actor].send_json({"type": "view"})
            msg = sockets[actor].receive_json()
            while msg["ply"] == ply:
                msg = sockets[actor].receive_json()
            snapshots[len(table.state.history)] = copy(table)
            check(snapshots[msg["ply"]], actor, msg)


def test_rook_messages_never_show_another_seats_cards(client: TestClient) -> None:
    def check(state: Any, seat: int | None, msg: dict) -> None:
        # the table summary and the view's "game" key name the game, not a card
        view = {k: v for k, v in msg["view"].items() if k != "game"}
        text = json.dumps([view, msg["legal"]])
        shown = {m.lower() for m in ROOK_CARD.findall(text)}
        if seat is None:
            hidden = set().union(*(set(cards_json(state.p.hands[s])) for s in range(4)))
            if not state.is_terminal():
                hidden |= set(cards_json(state.p.nest))
        else:
            hidden = rook_hidden_from(state, seat)
            assert msg["view"]["hand"] == cards_json(state.p.hands[seat])
        assert not shown & {c.lower() for c in hidden}, (seat, shown & hidden)

    assert play_all_seats(client, "rook", 4, check, options={"max_deals": 1}) > 100


def test_tchess_views_do_not_depend_on_the_other_hand(client: TestClient) -> None:
    rng = Rng(3)

    def check(state: Any, seat: int | None, msg: dict) -> None:
        if state.is_terminal():
            return
        seats = [seat] if seat is not None else [0, 1]
        for s in seats:
            other = state.resample_hidden(s, rng)
            mine = state.observation(s)
            assert other.observation(s) == mine
            if seat is not None:
                assert msg["view"] == mine
        if seat is None:
            assert msg["view"].get("hand") is None
            assert msg["view"] == state.observation(None)
            assert all(e.get("card") is None for e in msg["view"]["log"] if e["event"] == "draw")
        assert "moves" not in msg and "last" not in msg

    assert play_all_seats(client, "tchess", 2, check, options={"max_rounds": 2}) > 20
