"""The seats this terminal holds at servers' tables, kept with their tokens as a browser
keeps its own: ``kibitz join`` takes one up again from the table's address alone, and
``kibitz tables`` lists them with whose turn it is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from kibitz.core.errors import KibitzError
from kibitz.tui.files import locked, read_whole, write_whole

if TYPE_CHECKING:
    from kibitz.tui.remote import RemoteDriver

VERSION = 1


class SeatFileError(KibitzError):
    """The seats file cannot be read or written; it is left as it was."""


def default_seats_path() -> Path:
    """Where the terminal keeps the seats it holds."""
    return platformdirs.user_data_path("kibitz") / "seats.json"


def player_name(given: str | None) -> str | None:
    """The name to sit under at a server's table: ``given``, kept for the next time, else
    the one given last (as a browser keeps its player's name); None where none ever was. A
    name that cannot be kept is still used."""
    path = platformdirs.user_data_path("kibitz") / "name.txt"
    if given is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(given.strip(), encoding="utf-8")
        except OSError:
            pass  # the game goes on under the name given; next time it is asked again
        return given
    try:
        kept = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return kept or None


@dataclass(frozen=True)
class HeldSeat:
    """A seat held at a table: the server's address, the table, the seat and its token."""

    base: str
    table: str
    seat: int
    token: str
    game: str


class SeatBook:
    """The seats held, read from and written to ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> list[HeldSeat]:
        """Every seat kept, oldest first."""
        seats = read_whole(self.path, VERSION, "seats", SeatFileError,
                           lambda data: [HeldSeat(**s) for s in data["seats"]])
        return seats or []

    def keep(self, driver: RemoteDriver) -> None:
        """Keep the seat ``driver`` holds (a spectator's holds none); again, it moves last."""
        if driver.seat is None or driver.token is None:
            return
        link = driver.server.link
        held = HeldSeat(link.base, link.table, driver.seat, driver.token, driver.game.name)
        self._change(lambda seats: [*(s for s in seats if held_key(s) != held_key(held)), held])

    def forget(self, table: str) -> list[HeldSeat]:
        """Forget the seats held at ``table`` (any server); the seats forgotten."""
        gone: list[HeldSeat] = []

        def drop(seats: list[HeldSeat]) -> list[HeldSeat]:
            gone.extend(s for s in seats if s.table == table)
            return [s for s in seats if s.table != table]

        self._change(drop)  # read and rewritten once, under the lock
        return gone

    def token(self, base: str, table: str) -> str | None:
        """The token of a seat held at ``table`` of the server ``base`` (the latest kept)."""
        found = [s.token for s in self.load() if (s.base, s.table) == (base, table)]
        return found[-1] if found else None

    def _change(self, change: Callable[[list[HeldSeat]], list[HeldSeat]]) -> None:
        """Rewrite the file with ``change(seats)``, under its lock."""
        try:
            with locked(self.path):
                seats = change(self.load())
                write_whole(self.path, {"version": VERSION,
                                        "seats": [asdict(s) for s in seats]})  # fmt: skip
        except OSError as exc:
            raise SeatFileError(f"seats not saved to {self.path}: {exc.strerror}") from exc


def held_key(seat: HeldSeat) -> tuple[str, str, int]:
    """What tells two held seats apart: the server, the table and the seat."""
    return (seat.base, seat.table, seat.seat)
