"""Table chat: the seated players' lines reach everyone at the table, are kept across a
restart, and bad or too many lines are refused without changing anything."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import HUMAN, new_table, receive_until

from kibitz.server import chat
from kibitz.server.limits import BadInput


def chat_lines(ws: Any) -> list[dict[str, Any]]:
    """The lines of the next chat message (states before it are skipped)."""
    return receive_until(ws, lambda m: m["type"] == "chat")["lines"]


def seat_url(made: dict[str, Any], seat: int) -> str:
    return f"/ws/tables/{made['id']}?token={made['tokens'][str(seat)]}"


def test_a_line_reaches_the_other_player_and_the_spectators(client: TestClient) -> None:
    made = new_table(client, "smess", [{**HUMAN, "name": "ann"}, HUMAN])
    with (
        client.websocket_connect(seat_url(made, 0)) as blue,
        client.websocket_connect(seat_url(made, 1)) as red,
        client.websocket_connect(f"/ws/tables/{made['id']}") as spectator,
    ):
        for ws in (blue, red, spectator):
            assert ws.receive_json()["type"] == "state"  # no chat yet: no chat message
        blue.send_json({"type": "chat", "text": "  good luck!  "})
        for ws in (blue, red, spectator):
            said = receive_until(ws, lambda m: m["type"] == "chat")
            assert said["earlier"] is False  # news, not what was said before connecting
            [line] = said["lines"]
            assert (line["seat"], line["name"], line["text"]) == (0, "ann", "good luck!")
            assert line["at"].endswith("+00:00") and isinstance(line["id"], int)
        red.send_json({"type": "chat", "text": "you too"})
        [line] = chat_lines(blue)
        assert (line["seat"], line["name"], line["text"]) == (1, None, "you too")
        spectator.send_json({"type": "chat", "text": "e2-e3 wins"})
        error = receive_until(spectator, lambda m: m["type"] == "error")
        assert "spectators cannot chat" in error["message"]
    table = client.app.state.hub.get(made["id"])
    assert table.state.history == []  # talking is not playing


def test_only_the_latest_kept_lines_are_sent(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "KEPT", 2)
    made = new_table(client, "smess", [HUMAN, HUMAN])
    with client.websocket_connect(seat_url(made, 0)) as ws:
        for text in ("a", "b", "c"):
            ws.send_json({"type": "chat", "text": text})
            chat_lines(ws)
    with client.websocket_connect(f"/ws/tables/{made['id']}") as ws:
        earlier = receive_until(ws, lambda m: m["type"] == "chat")
    assert earlier["earlier"] is True and [x["text"] for x in earlier["lines"]] == ["b", "c"]


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        ({"type": "chat"}, "'text' must be a string, got NoneType"),
        ({"type": "chat", "text": 7}, "'text' must be a string, got int"),
        ({"type": "chat", "text": "   "}, "text is empty"),
        ({"type": "chat", "text": "x" * 301}, "longer than 300 characters"),
        ({"type": "chat", "text": "two\nlines"}, "one line of printable characters"),
        ({"type": "chat", "text": "bell\x07"}, "one line of printable characters"),
        ({"type": "chat", "text": "hidden\u202etext"}, "one line of printable characters"),
    ],
)
def test_a_bad_line_is_refused_and_kept_nowhere(
    client: TestClient, message: dict[str, Any], problem: str
) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    with client.websocket_connect(seat_url(made, 0)) as ws:
        ws.receive_json()
        ws.send_json(message)
        error = ws.receive_json()
        assert error["type"] == "error" and problem in error["message"], error
        ws.send_json({"type": "chat", "text": "still here"})
        assert [x["text"] for x in chat_lines(ws)] == ["still here"]
    assert [x.text for x in client.app.state.hub.store.chat(made["id"], 10)] == ["still here"]


def test_a_seat_that_talks_too_fast_is_held_back(client: TestClient) -> None:
    made = new_table(client, "smess", [HUMAN, HUMAN])
    with (
        client.websocket_connect(seat_url(made, 0)) as blue,
        client.websocket_connect(seat_url(made, 1)) as red,
    ):
        for k in range(chat.PACE):
            blue.send_json({"type": "chat", "text": f"line {k}"})
            chat_lines(blue)
        blue.send_json({"type": "chat", "text": "one too many"})
        error = receive_until(blue, lambda m: m["type"] == "error")
        assert f"at most {chat.PACE} chat lines in 10 seconds" in error["message"]
        red.send_json({"type": "chat", "text": "my turn to talk"})  # each seat has its own pace
        assert receive_until(red, lambda m: m["type"] == "chat" and m["lines"][0]["seat"] == 1)
    kept = [x.text for x in client.app.state.hub.store.chat(made["id"], 10)]
    assert "one too many" not in kept and kept[-1] == "my turn to talk"


def test_the_pace_frees_a_line_once_its_window_has_passed() -> None:
    pace = chat.Pace()
    for k in range(chat.PACE):
        pace.check(0, at=100.0 + k)
    with pytest.raises(BadInput, match="wait 6 s more"):
        pace.check(0, at=104.0)
    pace.check(0, at=100.0 + chat.WINDOW)  # the first line's window has passed
    with pytest.raises(BadInput):
        pace.check(0, at=100.0 + chat.WINDOW)


def test_an_error_carries_the_ref_of_the_message_it_answers(client: TestClient) -> None:
    """So a client tells a refused chat line from a refused move or question."""
    made = new_table(client, "smess", [HUMAN, HUMAN])
    with client.websocket_connect(seat_url(made, 0)) as ws:
        ws.receive_json()
        for ref, echoed in (("chat", "chat"), (7, 7), (True, None), ("x" * 65, None)):
            ws.send_json({"type": "chat", "text": "", "ref": ref})
            error = receive_until(ws, lambda m: m["type"] == "error")
            assert error.get("ref") == echoed and "text is empty" in error["message"]
        ws.send_json({"type": "action", "action": "z9-z9"})  # no ref given: none echoed
        assert "ref" not in receive_until(ws, lambda m: m["type"] == "error")
