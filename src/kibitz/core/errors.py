"""Typed errors of the game API; each message names the bad input and what would be valid."""


class KibitzError(Exception):
    """Base of every error kibitz raises for bad input."""


class UnknownGame(KibitzError, LookupError):
    """A game name that is not registered."""


class InvalidOptions(KibitzError, ValueError):
    """An unknown option, an ill-typed value or an invalid combination of options."""


class NotationError(KibitzError, ValueError):
    """Text that is not a well-formed move in the game's notation."""


class IllegalAction(KibitzError, ValueError):
    """A well-formed action that is not legal in the current state."""


class InvalidPosition(KibitzError, ValueError):
    """A position string that is malformed or describes an impossible position."""


class InvalidRecord(KibitzError, ValueError):
    """A game record that is malformed or does not replay."""
