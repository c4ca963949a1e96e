"""A game in play: undo/redo by steps, restart, autoplay, auto-complete, hints, concede (e).

A *step* is what one undo takes back: a player move with the automatic moves it triggered,
a macro, or an auto-complete. The moves autoplay makes right after the deal belong to the
start and are never undone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kibitz.core.errors import IllegalAction
from kibitz.core.record import make_record
from kibitz.games.fortress.analysis import INTERACTIVE_NODES, Hint, hint
from kibitz.games.fortress.rules import PatienceGame, PatienceState
from kibitz.games.fortress.stats import GameEntry, Statistics


@dataclass(frozen=True)
class Step:
    """Moves taken back by one undo; ``auto[k]`` flags the automatic ones."""

    actions: tuple[int, ...]
    auto: tuple[bool, ...]


class PlaySession:
    """One deal being played with the product's play settings (autoplay and the rest)."""

    def __init__(self, state: PatienceState, autoplay: bool = False) -> None:
        self.state = state
        self.autoplay = autoplay
        self.start_len = len(state.history)
        self.steps: list[Step] = []
        self.redo_steps: list[Step] = []
        self.hints_used = 0
        self.undo_count = 0
        self.conceded = False
        self.started = False
        self._plan: tuple[str, tuple[int, ...]] | None = None
        if autoplay:
            self.state.autoplay()
        self.start_auto = list(range(self.start_len, len(state.history)))
        self.start_len = len(state.history)

    @classmethod
    def deal(cls, game: PatienceGame, number: int | None = None, autoplay: bool = False):
        """A session on game ``number`` (a random number when None)."""
        return cls(game.new_initial_state(number), autoplay)

    # -- moves -------------------------------------------------------------------------
    def move(self, move: int | str) -> Step:
        """Play a move (id or notation), then autoplay if on; one undo step."""
        action = self.state.str_to_action(move) if isinstance(move, str) else move
        return self.macro([action])

    def macro(self, actions: list[int]) -> Step:
        """Play several single moves as one step (FO-9); all or nothing."""
        self._check_open()
        probe = self.state.clone()
        for a in actions:
            probe.apply(a)
        for a in actions:
            self.state.apply(a)
        autos = self.state.autoplay() if self.autoplay else []
        return self._push(tuple(actions), autos)

    def _push(self, played: tuple[int, ...], autos: list[int]) -> Step:
        step = Step(played + tuple(autos), (False,) * len(played) + (True,) * len(autos))
        self.steps.append(step)
        self.redo_steps.clear()
        self.started = True
        return step

    def _check_open(self) -> None:
        if self.conceded:
            raise IllegalAction("the game was conceded; start a new deal or restart")

    def set_autoplay(self, on: bool) -> Step | None:
        """Switch autoplay; switching it on plays the safe moves at once (one step)."""
        self.autoplay = on
        if not on:
            return None
        autos = self.state.autoplay()
        return self._push((), autos) if autos else None

    def can_autocomplete(self) -> bool:
        """Whether foundation moves alone would finish the game (e.7)."""
        return not self.state.is_won() and self.state.autocomplete_actions() is not None

    def autocomplete(self) -> Step:
        """Play the finishing foundation moves as one step."""
        actions = self.state.autocomplete_actions()
        if actions is None or self.state.is_won():
            raise IllegalAction("auto-complete is not available: foundation moves alone do not win")
        return self.macro(actions)

    # -- undo, redo, restart -------------------------------------------------------------
    def undo(self) -> Step:
        """Take back the last step."""
        if not self.steps:
            raise IllegalAction("nothing to undo")
        step = self.steps.pop()
        for _ in step.actions:
            self.state.undo()
        self.redo_steps.append(step)
        self.undo_count += 1
        return step

    def redo(self) -> Step:
        """Replay the last undone step."""
        if not self.redo_steps:
            raise IllegalAction("nothing to redo")
        step = self.redo_steps.pop()
        for _ in step.actions:
            self.state.redo()
        self.steps.append(step)
        return step

    def restart(self) -> None:
        """Back to the start of the same deal; the moves are discarded (same game for stats)."""
        while len(self.state.history) > self.start_len:
            self.state.undo()
        self.steps.clear()
        self.redo_steps.clear()
        self.conceded = False

    def concede(self) -> None:
        """Give up: the game counts as lost."""
        self.conceded = True
        self.started = True

    # -- help ----------------------------------------------------------------------------
    def hint(self, node_limit: int = INTERACTIVE_NODES) -> Hint:
        """A hint (counted); a followed winning line is continued without a new search."""
        self.hints_used += 1
        position = self.state.position()
        if self._plan and self._plan[0] == position and self._plan[1]:
            line = self._plan[1]
            h = Hint("win", f"play {self.state.action_to_str(line[0])}", line[0], line)
        else:
            h = hint(self.state, node_limit)
        if h.kind == "win" and h.action is not None:
            nxt = self.state.clone()
            nxt.push(h.action)
            self._plan = (nxt.position(), h.line[1:])
        return h

    # -- results -------------------------------------------------------------------------
    def won(self) -> bool:
        """Whether all 52 cards are home."""
        return self.state.is_won()

    def entry(self) -> GameEntry | None:
        """The statistics entry if the game counts (a move was made), else None."""
        if not self.started:
            return None
        moves = len(self.state.history) - self.start_len
        return GameEntry(self.state.seed, self.won() and not self.conceded, self.hints_used, moves)

    def finish(self, stats: Statistics) -> GameEntry | None:
        """Count this game in ``stats`` (won, or lost when conceded or abandoned)."""
        entry = self.entry()
        if entry is not None:
            stats.add(entry)
        return entry

    def record(self) -> dict[str, Any]:
        """The game record, with automatic moves, hints and undos in its metadata."""
        auto = list(self.start_auto)
        ply = self.start_len
        for step in self.steps:
            auto += [ply + k for k, flag in enumerate(step.auto) if flag]
            ply += len(step.actions)
        metadata = {
            "auto": auto,
            "hints": self.hints_used,
            "undos": self.undo_count,
            "conceded": self.conceded,
        }
        return make_record(self.state, metadata)
