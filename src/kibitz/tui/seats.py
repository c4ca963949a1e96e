"""Who sits where: a person's seat from ``--as``, and the other seats' agent specs (or a
second person at the same screen)."""

from __future__ import annotations

from kibitz.core.errors import InvalidOptions
from kibitz.core.game import Game

WATCH = ("none", "nobody", "-")
"""``--as`` values that seat no person: computers play every seat."""
PERSON = "person"
"""The ``--vs`` value that seats another person at this screen."""


def person_seat(game: Game, text: str | None) -> int | None:
    """The seat ``--as`` names (a seat name or number), None to watch; default seat 0."""
    if text is None:
        return 0
    t = text.strip().lower()
    if t in WATCH:
        return None
    names = [n.lower() for n in game.player_names]
    if t in names:
        return names.index(t)
    if t.isdigit() and int(t) < game.num_players:
        return int(t)
    valid = ", ".join([*game.player_names, *map(str, range(game.num_players)), "none"])
    raise InvalidOptions(f"--as {text!r} is not a seat of {game.name}; valid: {valid}")


def seat_players(game: Game, person: int | None, vs: list[str]) -> list[str | None]:
    """One entry per seat: None for a person, else an agent spec.

    The other seats take the ``--vs`` specs in seat order (``person``: a second person at
    this screen, in games without hidden cards); the last spec repeats, and with none they
    get the game's default computer level.
    """
    computers = [s for s in range(game.num_players) if s != person]
    if len(vs) > len(computers):
        raise InvalidOptions(
            f"{len(vs)} --vs specs for {len(computers)} computer seat(s) of {game.name}"
        )
    specs = list(vs) or [f"level:{game.ai().default_level}"]
    specs += [specs[-1]] * (len(computers) - len(specs))
    players: list[str | None] = [None] * game.num_players
    for seat, spec in zip(computers, specs, strict=False):
        players[seat] = None if spec == PERSON else spec
    if players.count(None) > 1 and not game.perfect_information:
        raise InvalidOptions(
            f"{game.name} hides each player's cards: two people need a screen each "
            "(a table of the web app, `kibitz serve`)"
        )
    return players
