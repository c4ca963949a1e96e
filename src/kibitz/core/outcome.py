"""The result of a finished game: one return per seat, the reason it ended, and whether a
cap (``max_plies``, ``max_rounds``, ``max_hands``...) cut it short rather than the rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """Final returns (one float per seat) and a short reason such as ``"brain captured"``.

    ``truncated`` is True when a cap set in the options ended the game before its rules did
    (the returns are then the game's own ruling at the cap, e.g. a draw, or the side ahead
    wins); reinforcement-learning adapters report it as truncation, not termination.
    """

    returns: tuple[float, ...]
    reason: str
    truncated: bool = False

    def describe(self, player_names: tuple[str, ...]) -> str:
        """A one-line human summary, e.g. ``Blue wins (brain captured)``."""
        if len(self.returns) == 1:
            return f"{'won' if self.returns[0] > 0 else 'lost'} ({self.reason})"
        best = max(self.returns)
        winners = [name for name, r in zip(player_names, self.returns, strict=True) if r == best]
        if len(winners) == len(player_names):
            head = "draw"
        elif len(winners) == 1:
            head = f"{winners[0]} wins"
        else:
            head = " and ".join(winners) + " win"
        return f"{head} ({self.reason})"

    def result_for(self, side: tuple[int, ...]) -> str:
        """The result as the seats of ``side`` say it: ``You won``, ``You lost``, ``A draw``,
        or for a side of partners ``We won`` / ``We lost``."""
        mine = self.returns[side[0]]
        if len(self.returns) == 1:
            return "You won" if mine > 0 else "You lost"
        if max(self.returns) == min(self.returns):
            return "A draw"
        who = "We" if len(side) > 1 else "You"
        return f"{who} {'won' if mine == max(self.returns) else 'lost'}"

    def to_json(self) -> dict:
        """JSON-able form used in game records (``truncated`` only when true)."""
        data: dict = {"returns": list(self.returns), "reason": self.reason}
        if self.truncated:
            data["truncated"] = True
        return data
