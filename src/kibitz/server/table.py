"""A live table: its play ``Session``, its seats and the message each connection is sent.

Everything played goes through the table's ``kibitz.core.session.Session`` (moves, chance,
undo/redo, take-back, concede, agreed draws, hints); the table keeps the move log in step
with it for storage. A table is rebuilt from storage with ``Session.restore`` from its
actions and the session's saved data, so a restart resumes exactly what was played. Each
seat is sent the game's ``observation(seat)``; spectators get ``observation(None)``, the
game's public view. A view is worked out and serialised once per change and seat, however
many connections share it.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from dataclasses import replace
from typing import Any

from kibitz.core.errors import IllegalAction
from kibitz.core.game import Game, State
from kibitz.core.registry import load
from kibitz.core.session import Session
from kibitz.server.chat import Pace
from kibitz.server.limits import whole
from kibitz.server.outbox import Outbox
from kibitz.server.store import Progress, Row, SeatSpec, StoredTable, hash_token


class LiveTable:
    """One table in play (or finished) in the server's memory."""

    def __init__(self, stored: StoredTable) -> None:
        self.id = stored.id
        self.stored = stored
        self.game = load(stored.game, **stored.options)
        self.session = _session(self.game, stored)
        self.description = self.game.description()
        self.hidden = not self.game.perfect_information
        self.seats: list[SeatSpec] = stored.seats
        self.fields: list[dict[str, Any]] = []
        """Each logged move's own fields (``move_fields``: a card, squares), as the log."""
        self.log: list[Row] = self._rows(0)[: len(stored.actions)]
        """The actions as stored; ``progress()`` brings it in line with the session."""
        del self.fields[len(self.log):]
        self.lock = asyncio.Lock()
        self.connections: dict[Any, Outbox] = {}
        """Each open connection (its outbox) and the seat it holds (None: a spectator)."""
        self.thinking = False
        self.loaded = self.last_used = time.monotonic()
        self.left: dict[int, float] = {}
        """When each seat's last connection closed (``time.monotonic``); a seat never
        connected since the table was loaded counts from then."""
        self.evicted = False
        """Set when the hub unloads the table; a holder of this object must not change it."""
        self.all_computers = all(seat.kind == "computer" for seat in self.seats)
        offer = stored.extra.get("draw_offer")
        valid = type(offer) is int and 0 <= offer < len(self.seats)
        self.draw_offer: int | None = offer if valid else None
        """The seat whose offer of a draw waits for the other side's answer (stored with
        the table; it lapses with the next move)."""
        displaced = stored.extra.get("displaced")
        self.displaced: list[str] = displaced if isinstance(displaced, list) else []
        """The token hashes of the people whose seats went to the computer while they were
        away (told so when they come back)."""
        rematch = stored.extra.get("rematch")
        self.rematch: str | None = rematch if isinstance(rematch, str) else None
        """The id of the next game's table, once a person at this finished one asked for a
        rematch (the others take their seats there)."""
        by = stored.extra.get("rematch_by")
        self.rematch_by: int | None = by if type(by) is int else None
        """The seat whose person asked for the rematch."""
        self.chat_pace = Pace()
        """How fast each seat has chatted (``kibitz.server.chat``)."""
        self._description_json = json.dumps(self.description, separators=(",", ":"))
        self._texts: dict[int | None, str] = {}

    @property
    def state(self) -> State:
        """The session's state (the authoritative position)."""
        return self.session.state

    @property
    def played(self) -> bool:
        """Whether a move was made beyond the start's automatic ones (taken back or
        restarted since, it still was): from then on a patience deal counts, and leaving it
        loses it (rules e.9)."""
        return self.session.played

    @property
    def status(self) -> str:
        """``finished`` once the game is over (or conceded), else ``playing``."""
        return "finished" if self.session.is_over() else "playing"

    # -- storage ---------------------------------------------------------------------------
    def _rows(self, start: int) -> list[Row]:
        """The stored rows ``(action, seat, text)`` of the history from ply ``start`` on;
        where the moves are public, their fields go to ``fields`` from ``start`` on."""
        state = self.state
        tail = [state.undo() for _ in range(len(state.history) - start)][::-1]
        rows = []
        del self.fields[start:]
        for action in tail:
            rows.append((action, state.current_player, state.action_to_str(action)))
            if not self.hidden:
                self.fields.append(state.move_fields(action))
            state.push(action)
        return rows

    def progress(self) -> Progress:
        """What storage needs after a change: the changed actions, the session's saved data
        and the seat to act (for lists of tables), and once the game is over its result,
        record and each named player's entry."""
        history = self.state.history
        keep = 0
        while keep < min(len(self.log), len(history)) and self.log[keep][0] == history[keep]:
            keep += 1
        dropped = keep < len(self.log)
        del self.log[keep:]
        rows = self._rows(keep)  # the fields from ``keep`` on with them
        self.log += rows
        progress = Progress(keep, rows, self.extra(), self.status, dropped)
        if self.session.is_over():
            record = self.record()
            progress.result, progress.record = record["result"], record
            progress.entries = [
                (seat.name, entry)
                for i, seat in enumerate(self.seats)
                if seat.kind == "human" and seat.name
                and (entry := self.session.entry(i, self.id)) is not None
            ]  # fmt: skip
        return progress

    @property
    def invite(self) -> str:
        """The invite link's path: whoever has it may take an open seat."""
        return f"/join/{self.id}?invite={self.stored.invite}"

    def extra(self) -> dict[str, Any]:
        """The table's data kept beside its actions: the session's saved data, the seat to
        act (for lists of tables), a standing draw offer and the rematch's table."""
        seat = self.state.current_player
        extra: dict[str, Any] = {
            "session": self.session.save(),
            "to_act": seat if seat >= 0 and not self.session.is_over() else None,
        }
        if self.draw_offer is not None:
            extra["draw_offer"] = self.draw_offer
        if self.rematch is not None:
            extra["rematch"] = self.rematch
            extra["rematch_by"] = self.rematch_by
        if self.displaced:
            extra["displaced"] = self.displaced
        return extra

    # -- moves -----------------------------------------------------------------------------
    @staticmethod
    def move_of(message: dict[str, Any]) -> int | str:
        """The move a message names: an action ``id`` or notation ``action``."""
        if "id" in message:
            action = message["id"]
            if not whole(action):
                raise IllegalAction(f"'id' must be an action id (integer), got {action!r}")
            return action
        text = message.get("action")
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction(
                "an action message needs 'action' (a move in the game's notation) or 'id' "
                "(a legal move's id)"
            )
        return text.strip()

    @staticmethod
    def turn_of(message: dict[str, Any]) -> str:
        """The whole turn a message names in the game's notation (``turn``: a row of cards,
        a discard set), played all or nothing."""
        text = message["turn"]
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("'turn' must be a whole turn in the game's notation, e.g. "
                                "'P S P Q' or 'discard r5 g9 b1 y2 r14'")
        return text.strip()

    def move_record(self, action: int) -> dict[str, Any] | None:
        """The structured legal move ``action`` (as in ``state.moves()``), or None."""
        return next((m for m in self.state.moves() if m["id"] == action), None)

    # -- seats -----------------------------------------------------------------------------
    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose holder has ``token``, or None."""
        if not token:
            return None
        digest = hash_token(token)
        for i, seat in enumerate(self.seats):
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                return i
        return None

    def refused_token(self, token: str) -> str:
        """Why ``token`` holds no seat here: its seat went to the computer, or it never
        held one."""
        if hash_token(token) in self.displaced:
            return ("your seat at this table went to the computer while you were away; "
                    "you may watch the game")
        return "this token holds no seat at this table"

    def seat_named(self, name: str) -> int | None:
        """The first seat a person named ``name`` holds, or None."""
        return next((i for i, seat in enumerate(self.seats)
                     if seat.kind == "human" and seat.name == name), None)

    def _others(self, seat: int) -> list[SeatSpec]:
        side = self.game.side_of(seat)
        return [spec for s, spec in enumerate(self.seats) if s not in side]

    def against_computers(self, seat: int) -> bool:
        """Whether every seat not on ``seat``'s side is a computer's."""
        return all(spec.kind == "computer" for spec in self._others(seat))

    def against_people(self, seat: int) -> bool:
        """Whether every seat not on ``seat``'s side is a person's."""
        return all(spec.kind == "human" for spec in self._others(seat))

    def away_for(self, seat: int) -> float:
        """Seconds since ``seat`` last had a connection (0 while it has one)."""
        if any(outbox.seat == seat for outbox in self.connections.values()):
            return 0.0
        return time.monotonic() - self.left.get(seat, self.loaded)

    def computer_to_act(self) -> int | None:
        """The computer seat to act now, if any."""
        p = self.state.current_player
        if not self.session.is_over() and p >= 0 and self.seats[p].kind == "computer":
            return p
        return None

    # -- views -----------------------------------------------------------------------------
    def summary(self, description: bool = True) -> dict[str, Any]:
        """What anyone may know about the table (``description``: with the game's)."""
        here = self.presence()
        connected = set(here["connected"])
        out = {
            "id": self.id,
            "game": self.game.name,
            "options": self.stored.options,
            "status": self.status,
            "hidden": self.hidden,
            "player_names": list(self.game.player_names),
            "seats": [
                {"kind": s.kind, "agent": s.agent, "name": s.name, "connected": i in connected}
                for i, s in enumerate(self.seats)
            ],
            "seed": None if self.hidden or self.state.seed is None else str(self.state.seed),
            "private": self.stored.private,
            "text_record": self.game.text_record,
            "rematch": self.rematch,
            "rematch_by": self.rematch_by,
            "watchers": here["watchers"],
        }
        if description:
            out["description"] = self.description
        return out

    def presence(self) -> dict[str, Any]:
        """Who is at the table now: the seats connected and how many watch."""
        outboxes = self.connections.values()
        return {"connected": sorted({o.seat for o in outboxes if o.seat is not None}),
                "watchers": sum(o.seat is None for o in outboxes)}

    def outcome_json(self, seat: int | None = None) -> dict[str, Any] | None:
        """The result (a conceded game's included) with a human summary, once over; for a
        seat, ``for_you`` says it from that seat's side ("We won")."""
        out = self.session.outcome()
        if out is None:
            return None
        names = self.game.player_names
        by = self.session.conceded_by
        said = out  # a team's resignation names the partner who resigned
        if by is not None and out.reason == "resignation" and len(self.game.side_of(by)) > 1:
            said = replace(out, reason=f"{names[by]} resigned")
        data = {**out.to_json(), "text": said.describe(names)}
        if seat is not None:
            data["for_you"] = out.result_for(self.game.side_of(seat))
        return data

    def changed(self) -> None:
        """Forget the serialised views: the table (or who is connected) changed."""
        self._texts.clear()

    def view_text(self, seat: int | None) -> str:
        """``view(seat)`` as JSON text, made once per change and seat."""
        text = self._texts.get(seat)
        if text is None:
            text = self._texts[seat] = self._view_json(seat)
        return text

    def _view_json(self, seat: int | None) -> str:
        """``view(seat)`` serialised, the game's description (the same every time) spliced in
        as text made once, not serialised again for each message."""
        msg = self.view(seat, description=False)
        del msg["type"]
        table = json.dumps(msg.pop("table"), separators=(",", ":"))
        rest = json.dumps(msg, separators=(",", ":"))
        return (f'{{"type":"state","table":{table[:-1]},"description":'
                f'{self._description_json}}},{rest[1:]}')

    def view(self, seat: int | None, description: bool = True) -> dict[str, Any]:
        """The full message a connection at ``seat`` (None: spectator) is sent."""
        session, state = self.session, self.state
        mine = seat is not None and not session.is_over() and state.current_player == seat
        msg: dict[str, Any] = {
            "type": "state",
            "table": self.summary(description),
            "seat": seat,
            "ply": len(state.history),
            "your_turn": mine,
            "view": state.observation(seat),
            "legal": state.moves() if mine else [],
            "outcome": self.outcome_json(seat),
            "thinking": self.thinking,
        }
        if seat is not None and any(s.kind == "open" for s in self.seats):
            msg["invite"] = self.invite  # a seat's holder may bring friends to the open seats
        if not self.hidden:
            msg["moves"] = [
                {**f, "seat": s if s >= 0 else None, "text": t, "auto": auto}
                for (_, s, t), f, auto in zip(
                    self.log, self.fields, session.automatic(), strict=True)
            ]  # fmt: skip
        open_ = not session.is_declared()
        features = self.game.features
        if features.undo:
            msg["can_undo"] = open_ and bool(session.steps)
            msg["can_redo"] = open_ and bool(session.redo_steps)
            msg["counts"] = {
                "moves": len(state.history) - session.start_ply,
                "hints": session.hints, "undos": session.undos,
            }  # fmt: skip
        elif features.take_back and seat is not None and self.against_computers(seat):
            side = self.game.side_of(seat)
            msg["can_take_back"] = session.can_take_back(side)
            msg["can_play_again"] = open_ and bool(session.redo_steps)
        if features.draw_offers:
            msg["draw_offer"] = self.draw_offer
            msg["can_offer_draw"] = (
                seat is not None and not session.is_over() and self.against_people(seat)
            )
        if session.assistant is not None:
            msg["can_autocomplete"] = bool(session.autocomplete_actions())
            msg["autoplay"] = session.autoplay
        return msg

    def record(self) -> dict[str, Any]:
        """The game record so far (the table and its players in its metadata)."""
        return self.session.record({
            "table": self.id,
            "players": [s.name or s.agent or s.kind for s in self.seats],
        })  # fmt: skip


def _session(game: Game, stored: StoredTable) -> Session:
    """The stored table's session: restored from its actions and saved data, or a new one
    where nothing was played or saved yet."""
    saved = stored.extra.get("session")
    start = (stored.seed, stored.position, stored.chance_seed)
    if saved is None and not stored.actions:
        return Session(game, *start)
    return Session.restore(game, *start, stored.actions, saved or {})
