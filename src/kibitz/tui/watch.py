""""Warn when lost" in the terminal: the answers of an opt-in check after every move of a game
with a solver (the patience rules' "may check after every move and warn when the position
becomes lost"), kept by move number so that the warning can name the latest position found
winnable, the one `b` goes back to."""

from __future__ import annotations

from kibitz.core.capabilities import Verdict


class LossWatch:
    """The verdicts found so far for the positions of the game's current line."""

    def __init__(self) -> None:
        self.on = False
        self.verdicts: dict[int, str] = {}
        """Move number -> ``win`` / ``loss`` / ``unknown``."""

    def wants(self, ply: int) -> bool:
        """Whether to check the position after move ``ply``; answers for moves taken back
        are dropped first (those positions are gone)."""
        self.verdicts = {p: v for p, v in self.verdicts.items() if p <= ply}
        return self.on and ply not in self.verdicts

    def answer(self, ply: int, verdict: Verdict) -> int | None:
        """Keep ``verdict``; the latest earlier move number found winnable (None if the
        position is not lost or no earlier one was found winnable)."""
        self.verdicts[ply] = verdict.verdict
        if verdict.verdict != "loss":
            return None
        return max((p for p, v in self.verdicts.items() if v == "win" and p < ply), default=None)
