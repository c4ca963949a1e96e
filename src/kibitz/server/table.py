"""A live table: the authoritative ``State``, its seats and the view each seat is sent.

The table is rebuilt from storage by replaying its actions, so what a restart resumes is
exactly what was played. Views go through the game's ``observation(seat)``; spectators of
hidden-information games get only what every seat sees alike (see ``public_view``).
"""

from __future__ import annotations

import asyncio
import hmac
from typing import Any

from kibitz.core.errors import IllegalAction
from kibitz.core.game import CHANCE, TERMINAL, Game
from kibitz.core.outcome import Outcome
from kibitz.core.record import make_record
from kibitz.core.registry import load
from kibitz.core.rng import Rng
from kibitz.server.annotate import annotate
from kibitz.server.store import SeatSpec, StoredTable, hash_token

SEAT_PRIVATE_KEYS = frozenset({"seat", "hand", "legal", "legal_actions", "take_choices"})
"""Observation keys that describe the observing seat itself; never part of a public view."""


def public_view(views: list[Any]) -> Any:
    """What all seats' views share: dict keys and list items (of dicts) that agree.

    Lists of plain values must agree as a whole (a hand that happens to share a card with
    another hand reveals nothing); values that differ become None, so the shape stays.
    """
    first = views[0]
    if all(v == first for v in views):
        return first
    if all(isinstance(v, dict) for v in views):
        keys = [k for k in first if all(k in v for v in views)]
        return {
            k: public_view([v[k] for v in views]) for k in keys if k not in SEAT_PRIVATE_KEYS
        }
    if all(isinstance(v, list) and len(v) == len(first) for v in views) and all(
        isinstance(x, dict) for v in views for x in v
    ):
        return [public_view([v[i] for v in views]) for i in range(len(first))]
    return None


def chance_rng(chance_seed: int, ply: int) -> Rng:
    """The generator of the chance outcome at ``ply``: stateless, so a restart draws the same."""
    return Rng((chance_seed * 0x9E3779B97F4A7C15 + ply) & ((1 << 64) - 1))


class LiveTable:
    """One table in play (or finished) in the server's memory."""

    def __init__(self, stored: StoredTable) -> None:
        self.id = stored.id
        self.stored = stored
        self.game: Game = load(stored.game, **stored.options)
        self.state = self.game.start(stored.seed, stored.position)
        self.hidden = not self.game.perfect_information or self.state.current_player == CHANCE
        self.seats: list[SeatSpec] = stored.seats
        self.texts: list[str] = []
        self.actors: list[int] = []
        for action in stored.actions:
            self._apply(action)
        redo = list(stored.extra.get("redo", []))
        for action in reversed(redo):
            self.state.apply(action)
        for _ in redo:
            self.state.undo()
        self.extra: dict[str, Any] = dict(stored.extra)
        self.status = stored.status
        self.lock = asyncio.Lock()
        self.connections: dict[Any, int | None] = {}
        self.thinking = False
        self.plan: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    # -- rules -----------------------------------------------------------------------------
    @property
    def undoable(self) -> bool:
        """Whether the game offers undo/redo to its player (the patience games do)."""
        return callable(getattr(self.state, "redo", None))

    def _apply(self, action: int) -> tuple[int, int, str]:
        """Apply a legal action; return the row to store ``(action, seat, text)``."""
        seat = self.state.current_player
        text = self.state.action_to_str(action) if action >= 0 else str(action)
        self.state.apply(action)
        self.texts.append(text)
        self.actors.append(seat)
        return action, seat, text

    def play(self, action: int) -> list[tuple[int, int, str]]:
        """Apply a seat's action, then any chance outcomes it leads to; the rows to store."""
        rows = [self._apply(action)]
        rows += self.resolve_chance()
        return rows

    def resolve_chance(self) -> list[tuple[int, int, str]]:
        """Draw chance outcomes until a seat is to act or the game is over."""
        rows = []
        while self.state.current_player == CHANCE:
            rng = chance_rng(self.stored.chance_seed, len(self.state.history))
            rows.append(self._apply(rng.weighted(self.state.chance_outcomes())))
        return rows

    def undo(self) -> int:
        """Take back the last move (patience games)."""
        if not self.undoable:
            raise IllegalAction(f"{self.game.name} has no undo")
        action = self.state.undo()
        self.texts.pop()
        self.actors.pop()
        return action

    def redo(self) -> tuple[int, int, str]:
        """Replay the last undone move (patience games)."""
        if not self.undoable:
            raise IllegalAction(f"{self.game.name} has no redo")
        redo = self.redo_list()
        if not redo:
            raise IllegalAction("nothing to redo: no move has been undone since the last move")
        seat = self.state.current_player
        text = self.state.action_to_str(redo[0])
        action = self.state.redo()  # type: ignore[attr-defined]
        self.texts.append(text)
        self.actors.append(seat)
        return action, seat, text

    def redo_list(self) -> list[int]:
        """The moves redo would replay, next first (kept in storage across restarts)."""
        return list(reversed(getattr(self.state, "_redo", [])))

    def parse_action(self, message: dict[str, Any]) -> int:
        """The action id a message names by ``id`` or by notation ``action``."""
        if "id" in message:
            action = message["id"]
            if not isinstance(action, int) or isinstance(action, bool):
                raise IllegalAction(f"'id' must be an action id (integer), got {action!r}")
            if action not in self.state.legal_actions():
                raise IllegalAction(self.state._illegal_message(action))
            return action
        text = message.get("action")
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction(
                "an action message needs 'action' (a move in the game's notation) or 'id'"
            )
        return self.state.str_to_action(text.strip())

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

    def computer_to_act(self) -> int | None:
        """The computer seat to act now, if any."""
        p = self.state.current_player
        if p >= 0 and self.seats[p].kind == "computer":
            return p
        return None

    # -- views -----------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """What anyone may know about the table."""
        connected = set(self.connections.values())
        return {
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
            "undoable": self.undoable,
            "description": self.game.description(),
            "seed": None if self.hidden or self.state.seed is None else str(self.state.seed),
        }

    @property
    def conceded(self) -> bool:
        """Whether the player gave the game up (patience games: it counts as lost)."""
        return bool(self.extra.get("conceded"))

    def outcome(self) -> Outcome | None:
        """The game's result, a conceded game's loss, or None while it is being played."""
        out = self.state.outcome()
        if out is None and self.conceded:
            return Outcome((0.0,) * self.game.num_players, "conceded")
        return out

    def outcome_json(self) -> dict[str, Any] | None:
        """The result with a human summary, once the game is over."""
        out = self.outcome()
        if out is None:
            return None
        if self.game.num_players == 1:
            text = f"{'won' if out.returns[0] > 0 else 'lost'} ({out.reason})"
        else:
            text = out.describe(self.game.player_names)
        return {**out.to_json(), "text": text}

    def observation(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s observation, or the public view for a spectator."""
        if seat is not None:
            return self.state.observation(seat)
        if not self.hidden:
            return self.state.observation(0)
        return public_view([self.state.observation(s) for s in range(self.game.num_players)])

    def view(self, seat: int | None) -> dict[str, Any]:
        """The full message a connection at ``seat`` (None: spectator) is sent."""
        state = self.state
        player = state.current_player
        mine = seat is not None and player == seat
        msg: dict[str, Any] = {
            "type": "state",
            "table": self.summary(),
            "seat": seat,
            "ply": len(state.history),
            "to_move": player if player >= 0 else None,
            "your_turn": mine,
            "view": self.observation(seat),
            "legal": state.moves() if mine else [],
            "outcome": self.outcome_json(),
            "thinking": self.thinking,
        }
        if not self.hidden:
            msg.update(annotate(state))
            msg["moves"] = [
                {"seat": s, "text": t} for s, t in zip(self.actors, self.texts, strict=True)
            ]
            msg["last"] = msg["moves"][-1] if self.texts else None
        if self.undoable:
            msg["can_undo"] = bool(state.history)
            msg["can_redo"] = bool(self.redo_list())
            auto = getattr(state, "autocomplete_actions", None)
            msg["can_autocomplete"] = bool(
                auto and player != TERMINAL and auto() is not None
            )
        return msg

    def record(self) -> dict[str, Any]:
        """The game record so far (seat kinds in its metadata)."""
        meta = {
            "table": self.id,
            "players": [s.name or s.agent or s.kind for s in self.seats],
        }
        if "hints" in self.extra:
            meta["hints"] = self.extra["hints"]
        if self.conceded:
            meta["conceded"] = True
        record = make_record(self.state, meta)
        if self.conceded:
            record["result"] = self.outcome().to_json()  # type: ignore[union-attr]
        return record
