"""The side panel's texts: who plays, whose turn it is, the scores, the move log and the
table's chat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.style import Style
from rich.text import Text

from kibitz.core.game import Game
from kibitz.core.movenumbers import column, move_numbers
from kibitz.tui.driver import ChatLine, LogEntry, PlayDriver
from kibitz.tui.picker import set_of
from kibitz.tui.views.base import MUTED, Frame


def seats_text(driver: PlayDriver, frame: Frame) -> Text:
    """Each seat with who plays it, in the seat's colour; how many others watch, if any."""
    out = Text()
    for seat in range(driver.game.num_players):
        if seat:
            out.append(" · " if driver.game.num_players < 3 else "\n")
        out.append("■ ", Style(color=frame.seat_ink(seat)))
        out.append(driver.seat_label(seat), Style(bold=seat == driver.viewer))
    if (watching := driver.watchers()) > 0:
        out.append(f"\n{watching} watching", Style(color=MUTED))
    return out


def status_text(driver: PlayDriver, frame: Frame, thinking: bool) -> Text:
    """Whose turn (or the result), the phase, the cards of a set still to choose and the
    scores."""
    obs = frame.observation
    out = Text()
    if obs["result"] is not None:
        out.append(f"Game over: {obs['result']['text']}", Style(bold=True))
    elif (declared := driver.ending()) is not None:
        out.append(f"Game over: {declared.text}", Style(bold=True))
    elif obs["to_act"] is not None:
        seat = obs["to_act"]
        name = frame.seat_name(seat)
        doing = "thinking…" if thinking else "to play"
        if seat == driver.viewer:
            doing = "to play (you)"
        out.append(f"{name} {doing}", Style(color=frame.seat_ink(seat), bold=True))
    if obs["phase"] not in ("play", "over"):
        out.append(f"  [{obs['phase']}]", Style(color=MUTED))
    if driver.autoplay_on():
        out.append("  [autoplay]", Style(color=MUTED))
    if (of := set_of(frame.moves)) is not None:
        out.append(f"\n{of['turn']} {of['size']} cards: {len(frame.selected)} chosen",
                   Style(bold=True))
    seed = driver.deal_number()
    if driver.game.perfect_information and seed is not None:  # hidden cards: the seed is too
        title = frame.description.get("title") or driver.game.name
        out.append(f"  {title} #{seed}", Style(color=MUTED))  # "Fortress #1" (rules e.1)
    scores = obs.get("scores")
    if scores is not None:
        out.append("\n" + scores_line(frame, scores))
    return out


def scores_line(frame: Frame, scores: list[float]) -> str:
    """``Kings left: Forehand 2 · Rearhand 2``, ``Score: We 120 · They 80``: each side's
    score, headed as the game says what it counts."""
    names = frame.side_names()
    parts = (f"{n} {_number(v)}" for n, v in zip(names, scores, strict=True))
    return f"{frame.description['score_label']}: " + " · ".join(parts)


def log_text(frame: Frame, log: list[LogEntry], game: Game) -> Text:
    """The seats' moves so far, one a line, numbered as the web page numbers them
    (``move_numbers``: ``18.`` and ``18...``); a chance outcome the game tells of a seat (a
    card it drew) is listed unnumbered and dim, the others (the cards dealt) left out;
    hidden ones say so, autoplay's moves say "(auto)". Where an action begins a part of the
    game (a hand), its heading stands above the first move listed of that part."""
    moves = [e.seat for e in log if e.seat is not None and not e.chance]
    labels = column(game, move_numbers(game, moves), 4)
    blank = " " * max(map(len, labels), default=len("   1."))  # a drawn card's: no number
    numbers = iter(labels)
    out = Text()
    heading = None
    for entry in log:
        heading = entry.begins or heading
        if entry.seat is None:
            continue
        if out:
            out.append("\n")
        if heading:
            out.append(f"{heading}\n", Style(bold=True))
            heading = None
        out.append(f"{blank if entry.chance else next(numbers)} ")
        dim = Style(dim=True) if entry.chance else Style()
        out.append(frame.seat_name(entry.seat), Style(color=frame.seat_ink(entry.seat)) + dim)
        out.append(f" {entry.text}" if entry.text else " (hidden)", dim)
        if entry.auto:
            out.append(" (auto)", Style(color=MUTED))
    return out or Text("no moves yet", Style(color=MUTED))


def chat_text(frame: Frame, lines: Sequence[ChatLine]) -> Text:
    """What the seats at the table said, one line each, its speaker in the seat's colour
    (``Red (Bob): good game``)."""
    out = Text()
    for line in lines:
        if out:
            out.append("\n")
        speaker = line.speaker(frame.seat_name(line.seat), frame.person)
        out.append(speaker, Style(color=frame.seat_ink(line.seat), bold=True))
        out.append(f": {line.text}")
    return out or Text("nothing said yet", Style(color=MUTED))


def move_spots(move: dict[str, Any] | None) -> set[str]:
    """The spots a move touches (from and to), for highlighting."""
    if not move or "from" not in move:
        return set()
    return {str(move["from"]), str(move["to"])}


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
