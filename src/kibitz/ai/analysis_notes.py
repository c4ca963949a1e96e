"""What an analysis says about each move: the note, the marks, and its text and JSON forms.

Every kind of analysis (a search score, a win probability, an exact solver's verdict) ends in
the same note per player move, so that the command line and the web page read one schema:
the mover's expected score (0 lost .. 1 won) after the move played and after the best move,
the loss between them and the mark it earns.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from kibitz.core.game import Annotation

Kind = Literal["score", "probability", "solver"]

WIN_SCORE = 1_000_000.0
"""The score of a won position: search agents score a win in n plies ``WIN_SCORE - n``."""
FORCED = WIN_SCORE - 1000
"""Scores beyond this are forced wins or losses."""
MARKS = ((0.30, "blunder"), (0.15, "mistake"), (0.07, "inaccuracy"))
"""Expected-score loss at which a move earns each mark, worst first."""
SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


@dataclass
class MoveNote:
    """One analysed player move (chance outcomes get none)."""

    ply: int
    """The move's place in the record's actions, from 1 (chance outcomes counted)."""
    seat: int
    side: int
    """The mover's side, an index into ``game.sides()``."""
    move: str
    value: float | None
    """The search score of the move played, the mover's (kind ``score`` only)."""
    expected: float | None
    """The mover's expected score (0 lost .. 1 won) after the move played; None unknown."""
    best: str | None
    """The analysing engine's move where it is judged better than the move played (a
    different move judged as good is not named)."""
    best_value: float | None
    best_expected: float | None
    loss: float
    mark: str | None
    verdict: str | None = None
    """Kind ``solver``: ``win``, ``loss`` or ``unknown`` after the move played."""


@dataclass
class Analysis:
    """A finished game's notes and how they were made."""

    game: str
    agent: str
    """The agent spec that searched, or ``solver:nodes=N`` for an exact solver."""
    kind: Kind
    sides: list[str]
    """Each side's name (its seats' names joined), for the notes' ``side``."""
    moves: list[MoveNote] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The analysis as one JSON object (the schema of ``kibitz analyse --json``)."""
        return {
            "game": self.game, "agent": self.agent, "kind": self.kind, "perspective": "mover",
            "sides": self.sides, "moves": [asdict(n) for n in self.moves],
        }  # fmt: skip


@dataclass
class SideSummary:
    """One side's judged moves: how many, each mark's count, and the average loss."""

    name: str
    moves: int
    marks: dict[str, int]
    """Each mark's count, worst first."""
    average_loss: float | None
    """The mean expected score lost a move; None for a solver's verdicts (a loss there is a
    deal thrown away, counted by the marks) or a side without moves."""


def summaries(analysis: Analysis) -> list[SideSummary]:
    """Each side's summary of the moves judged so far."""
    out = []
    for side, name in enumerate(analysis.sides):
        mine = [n for n in analysis.moves if n.side == side]
        marks = {mark: sum(n.mark == mark for n in mine) for _, mark in MARKS}
        average = sum(n.loss for n in mine) / len(mine) if mine else None
        out.append(SideSummary(name, len(mine), marks,
                               None if analysis.kind == "solver" else average))
    return out


def summary_line(s: SideSummary) -> str:
    """A side's summary as a line: its marks counted and its average loss a move."""
    counts = ", ".join(
        f"{n} {mark if n == 1 else PLURALS[mark]}" for mark, n in s.marks.items()
    )
    loss = "" if s.average_loss is None else f"; average loss {100 * s.average_loss:.1f}%"
    return f"{s.name}: {counts}{loss} over {s.moves} move{'' if s.moves == 1 else 's'}"


def expected_score(score: float) -> float:
    """Expected score for a search score: 0.5 at 0, near 1 for a win (logistic, 400 units a
    factor of ten in the odds, as chess engines show them)."""
    return 1.0 / (1.0 + math.pow(10.0, max(-50.0, min(50.0, -score / 400.0))))


def mark_for(loss: float) -> str | None:
    """The mark a move losing ``loss`` expected score earns."""
    return next((name for limit, name in MARKS if loss >= limit), None)


def note_line(n: MoveNote, number: str, player_names: tuple[str, ...]) -> str:
    """A note as a line: the move's ``number`` as the move lists write it (``18.``, ``18...``:
    ``core.movenumbers``), player, move and mark, the mover's evaluation, the better move."""
    mark = SYMBOLS.get(n.mark or "", "")
    text = f"{number} {player_names[n.seat]:<6} {n.move + mark:<14} {_judgement(n)}"
    if n.best is not None:
        text += f"  best {n.best} ({_judgement(n, best=True).strip()})"
    if n.mark:
        text += f"  {n.mark}"
    return text


def annotation(n: MoveNote) -> Annotation:
    """A note as a text record writes it with its move: the mark's glyph, and a comment of
    the mover's evaluation and, where it is judged better, the engine's move
    (``+215 0.62, best 8D:j8 +340 0.81``)."""
    comment = " ".join(_judgement(n).split())
    if n.best is not None:
        comment += f", best {n.best} {' '.join(_judgement(n, best=True).split())}"
    return Annotation(SYMBOLS.get(n.mark or "", ""), comment)


def _judgement(n: MoveNote, best: bool = False) -> str:
    """A note's evaluation in words: a score and expected score, a probability or a verdict."""
    expected = n.best_expected if best else n.expected
    if n.verdict is not None:  # a solver's expected score is its verdict: 1, 0 or None
        return "unknown" if expected is None else ("winnable" if expected == 1.0 else "lost")
    shown = "  ?  " if expected is None else f"{expected:.2f}"
    value = n.best_value if best else n.value
    return shown if value is None else f"{score_text(value):>9}  {shown}"


def score_text(value: float) -> str:
    """A search score as shown: ``+215`` in the engine's units, ``#3`` a forced win in three
    of the mover's own moves, ``#-3`` a forced loss in three of the opponent's, ``won`` or
    ``lost`` once the game is over."""
    if abs(value) <= FORCED:
        return f"{round(value):+d}"  # never "-0"
    plies = round(WIN_SCORE - abs(value))
    if plies == 0:
        return "won" if value > 0 else "lost"
    return f"#{'' if value > 0 else '-'}{(plies + 1) // 2}"


def heading(analysis: Analysis) -> str:
    """The text output's first line: what analysed and what the figures mean."""
    what = {
        "score": "the mover's score and expected score",
        "probability": "the mover's win probability, from its own information",
        "solver": "whether the deal is still winnable after each move",
    }[analysis.kind]
    return f"{analysis.game}, analysed by {analysis.agent} ({what})"
