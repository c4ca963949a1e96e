"""One play session: the single way front ends, the lab and tests play a game.

A session owns a ``State`` and applies moves to it, resolves chance (each outcome drawn from
the session's chance seed and the ply, so a replay or restart draws the same), and, where
the game's ``Features`` allow it, keeps undo/redo *steps* (a move with the chance outcomes
and automatic moves it triggered), restarts, concedes and asks the game's ``Assistant``.
Against computers a person may take back to their previous turn (``take_back``), where the
game allows it; two people may agree a draw. It gives the result, the statistics entry
(one per game, however often it is taken back and finished again) and the record;
``save()``/``restore()`` carry it across restarts.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from kibitz.core.capabilities import Hint, Verdict
from kibitz.core.errors import IllegalAction, InvalidRecord
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.outcome import Outcome
from kibitz.core.play import chance_rng
from kibitz.core.record import make_record
from kibitz.core.stats import Entry


@dataclass(frozen=True)
class Step:
    """What one undo takes back: ``actions`` in order, ``auto[k]`` True for automatic ones."""

    actions: tuple[int, ...]
    auto: tuple[bool, ...]

    def to_json(self) -> list[list[int]]:
        return [list(self.actions), [int(a) for a in self.auto]]

    @classmethod
    def from_json(cls, data: Any) -> Step:
        try:
            actions, auto = data
            step = cls(tuple(int(a) for a in actions), tuple(bool(a) for a in auto))
        except (TypeError, ValueError) as exc:
            raise InvalidRecord(f"malformed saved step {data!r}") from exc
        if len(step.actions) != len(step.auto):
            raise InvalidRecord(f"malformed saved step {data!r}")
        return step


class Session:
    """A game being played, with the product's play features."""

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        position: str | None = None,
        chance_seed: int = 0,
        autoplay: bool = False,
        opening: bool = True,
    ) -> None:
        """``opening=False`` leaves the opening chance outcomes unplayed (``restore``
        takes them from the actions recorded)."""
        self.game = game
        self.features = game.features
        self.assistant = game.assistant()
        self.state: State = game.start(seed, position)
        self.chance_seed = chance_seed
        self.autoplay = autoplay
        self.steps: list[Step] = []
        self.redo_steps: list[Step] = []
        """Undone steps; the last one is the next to redo."""
        self.hints = 0
        self.undos = 0
        self.played = False
        """Whether a seat has made a move in this game; taken back or restarted since, it
        still was (the patience rules count a deal from the player's first move)."""
        self.conceded_by: int | None = None
        """The seat that gave the game up (conceded or resigned), if one did."""
        self.agreed_draw = False
        """Whether the sides agreed a draw."""
        self.kept = 0
        """How many of the first steps take-back leaves alone (``keep_played``)."""
        self._plan: tuple[int, ...] = ()
        """The history a proven winning line leads to, from the start (empty: none)."""
        self.start_actions = tuple(self._automatic()) if opening else ()
        """Chance outcomes and automatic moves before any seat acts; never undone."""

    # -- moves -----------------------------------------------------------------------------
    @property
    def start_ply(self) -> int:
        """The ply where play starts (after the opening chance outcomes)."""
        return len(self.start_actions)

    def play(self, move: int | str) -> Step:
        """Apply a seat's move (id or notation) and what follows it by itself; one step."""
        self.check_open()
        action = self.state.str_to_action(move) if isinstance(move, str) else move
        self.state.apply(action)
        return self._push((action,))

    def play_turn(self, text: str) -> Step:
        """A whole turn in the game's notation (``State.turn_actions``), one step: all of it
        or, if any part is refused, nothing."""
        self.check_open()
        return self.play_line(self.state.turn_actions(text))

    def play_line(self, actions: list[int]) -> Step:
        """Several moves of the same seat as one step (auto-complete): all or nothing."""
        self.check_open()
        probe = self.state.clone()
        for a in actions:
            probe.apply(a)
        for a in actions:
            self.state.apply(a)
        return self._push(tuple(actions))

    def _push(self, played: tuple[int, ...]) -> Step:
        autos = self._automatic()
        step = Step(played + tuple(autos), (False,) * len(played) + (True,) * len(autos))
        self.steps.append(step)
        self.redo_steps.clear()
        self.played = True
        return step

    def _automatic(self) -> list[int]:
        """Resolve chance (and autoplay's safe moves) until a seat must decide."""
        done: list[int] = []
        state = self.state
        while True:
            if state.current_player == CHANCE:
                action = chance_rng(self.chance_seed, len(state.history)).weighted(
                    state.chance_outcomes()
                )
            elif self.autoplay and self.assistant and not state.is_terminal():
                safe = self.assistant.auto_moves(state)
                if not safe:
                    return done
                action = safe[0]
            else:
                return done
            state.apply(action)
            done.append(action)

    def automatic(self) -> list[bool]:
        """For each ply of the history, whether it played by itself (a chance outcome, an
        autoplay move) rather than as a seat chose: front ends tell autoplay's moves apart."""
        return [True] * self.start_ply + [f for step in self.steps for f in step.auto]

    def set_autoplay(self, on: bool) -> Step | None:
        """Switch autoplay; switching it on plays the safe moves at once (one step)."""
        if self.assistant is None:
            raise IllegalAction(f"{self.game.name} has no autoplay")
        self.autoplay = on
        if not on or self.is_over():
            return None
        autos = self._automatic()
        if not autos:
            return None
        step = Step(tuple(autos), (True,) * len(autos))
        self.steps.append(step)
        self.redo_steps.clear()
        return step

    # -- undo, redo, take-back, restart, concede, agreed draw -------------------------------
    def _check_undo(self, what: str) -> None:
        if not self.features.undo:
            raise IllegalAction(f"{self.game.name} has no {what}")

    def check_open(self) -> None:
        """IllegalAction once the game was given up or drawn by agreement (nothing more may
        be played; a patience deal may be restarted)."""
        if self.conceded_by is not None:
            if self.game.num_players == 1:
                raise IllegalAction("the game was conceded (counted as lost); start a new deal")
            who = self.game.player_names[self.conceded_by]
            raise IllegalAction(f"the game is over: {who} resigned")
        if self.agreed_draw:
            raise IllegalAction("the game is over: the players agreed a draw")

    def undo(self) -> Step:
        """Take back the last step (a finished game comes back into play)."""
        self._check_undo("undo")
        self.check_open()
        if not self.steps:
            raise IllegalAction("nothing to undo: no move has been made")
        self.undos += 1
        return self._undo_step()

    def undo_to(self, ply: int) -> Step:
        """Take back every step after ``ply`` moves (to a position a "lost" hint names), as
        one undo; the steps go on the redo stack."""
        self._check_undo("undo")
        self.check_open()
        if (not isinstance(ply, int) or isinstance(ply, bool)
                or not self.start_ply <= ply < len(self.state.history)):
            raise IllegalAction(f"cannot undo to move {ply!r}: the game is at move "
                                f"{len(self.state.history)}")
        undone = []
        while len(self.state.history) > ply:
            undone.append(self._undo_step())
        self.undos += 1
        return _joined(undone[::-1])

    def _undo_step(self) -> Step:
        step = self.steps.pop()
        for _ in step.actions:
            self.state.undo()
        self.redo_steps.append(step)
        return step

    def redo(self) -> Step:
        """Replay the last undone step."""
        self._check_undo("redo")
        self.check_open()
        if not self.redo_steps:
            raise IllegalAction("nothing to redo: no move has been undone since the last move")
        return self._redo_step()

    def _redo_step(self) -> Step:
        step = self.redo_steps.pop()
        for a in step.actions:
            self.state.apply(a)
        self.steps.append(step)
        return step

    def _check_take_back(self) -> None:
        if not self.features.take_back:
            raise IllegalAction(f"{self.game.name} has no take-back")
        self.check_open()

    def take_back(self, people: Collection[int]) -> Step:
        """Take back to the last turn of a seat in ``people`` (the person's last move and the
        computers' replies to it), as one step; a finished game comes back into play."""
        self._check_take_back()
        undone: list[Step] = []
        while len(self.steps) > self.kept:
            undone.append(self._undo_step())
            if self.state.current_player in people:
                self.undos += 1
                return _joined(undone[::-1])
        for _ in undone:
            self._redo_step()
        raise IllegalAction("nothing to take back: you have not moved yet")

    def keep_played(self) -> None:
        """Take-back no longer reaches the moves played so far (a person's seat went to a
        computer: the moves made there were theirs, not the others' to take back)."""
        self.kept = len(self.steps)

    def can_take_back(self, people: Collection[int]) -> bool:
        """Whether ``take_back(people)`` has a move of ``people`` to take back now."""
        if not self.features.take_back or self.is_declared():
            return False
        state, undone, found = self.state, [], False
        for step in reversed(self.steps[self.kept:]):
            undone += [state.undo() for _ in step.actions]
            if state.current_player in people:
                found = True
                break
        for action in reversed(undone):
            state.push(action)
        return found

    def play_again(self, people: Collection[int]) -> Step:
        """Play again what the last ``take_back`` took back: the person's move and the
        computers' replies, as one step."""
        self._check_take_back()
        if not self.redo_steps:
            raise IllegalAction("nothing to play again: no move has been taken back since "
                                "the last move")
        done = [self._redo_step()]
        while self.redo_steps and self.state.current_player not in people:
            done.append(self._redo_step())
        return _joined(done)

    def restart(self) -> None:
        """Back to the start of the same game; the moves are discarded."""
        self._check_undo("restart")
        while len(self.state.history) > self.start_ply:
            self.state.undo()
        self.steps.clear()
        self.kept = 0
        self.redo_steps.clear()
        self.conceded_by = None
        self.agreed_draw = False

    def concede(self, seat: int) -> None:
        """``seat`` gives the game up (resigns): its side loses and nothing more can be
        played."""
        if not self.features.concede:
            raise IllegalAction(f"{self.game.name} cannot be conceded")
        self.check_playing()
        self.conceded_by = seat

    def agree_draw(self) -> None:
        """The sides agree a draw: the game ends drawn (the front end checks that both
        agreed)."""
        if not self.features.draw_offers:
            raise IllegalAction(f"{self.game.name} has no agreed draws")
        self.check_playing()
        self.agreed_draw = True

    def check_playing(self) -> None:
        """IllegalAction unless the game is still being played (not over, not given up, not
        agreed drawn)."""
        self.check_open()
        if self.state.is_terminal():
            raise IllegalAction("the game is over")

    # -- help ------------------------------------------------------------------------------
    def _assist(self, what: str) -> Any:
        if self.assistant is None:
            raise IllegalAction(f"{self.game.name} offers no {what}")
        return self.assistant

    def hint(self) -> Hint:
        """A hint (counted); a winning line being followed is continued without a search."""
        assistant = self._assist("hints")
        self.hints += 1
        history = tuple(self.state.history)
        n = len(history)
        if n < len(self._plan) and self._plan[:n] == history:
            line = self._plan[n:]
            hint = Hint("win", f"play {assistant.words(self.state, line[0])}", line[0], line)
        else:
            hint = assistant.hint(self.state, self.start_ply)
        self.remember_hint(hint)
        return hint

    def remember_hint(self, hint: Hint) -> None:
        """Keep a proven line so that following it (or undoing along it, or autoplay playing
        its next moves) needs no new search."""
        if hint.kind == "win" and hint.line:
            self._plan = (*self.state.history, *hint.line)

    def winnable(self) -> Verdict:
        """The answer to "is this position still winnable?" (``answer`` in words)."""
        return self._assist("solver").winnable(self.state)

    def autocomplete_actions(self) -> list[int] | None:
        """The moves auto-complete would play now, or None."""
        if self.assistant is None or self.is_over():
            return None
        return self.assistant.autocomplete(self.state)

    def autocomplete(self) -> Step:
        """Play the moves that finish the game by themselves, as one step."""
        actions = self.autocomplete_actions()
        if not actions:
            raise IllegalAction("auto-complete is not available: it plays only moves that "
                                "finish the game by themselves, and other moves are "
                                "needed first; a hint shows the next one")
        return self.play_line(actions)

    # -- result ----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The game's result, one a player declared (a concession, a resignation, an
        agreed draw), or None while it is played."""
        if self.conceded_by is not None:
            return self.game.conceded_outcome(self.conceded_by)
        if self.agreed_draw:
            return self.game.agreed_draw()
        return self.state.outcome()

    def is_declared(self) -> bool:
        """Whether a player ended the game off the board (gave it up, or agreed a draw)."""
        return self.conceded_by is not None or self.agreed_draw

    def is_over(self) -> bool:
        """Whether the game has ended (or was given up or agreed drawn)."""
        return self.is_declared() or self.state.is_terminal()

    def entry(self, seat: int, key: str) -> Entry | None:
        """``seat``'s statistics entry for this game (keyed ``key``) once it is over; a deal
        kept in streaks counts only once played (rules e.9: dead from the start, or conceded
        before a move, it counts nowhere)."""
        out = self.outcome()
        if out is None or (self.features.statistics == "streaks" and not self.played):
            return None
        return Entry(
            key, self.game.score_of(out, seat), self.state.seed, self.hints, self._moves_of(seat)
        )

    def _moves_of(self, seat: int) -> int:
        """How many of the actions since the start ``seat`` made (autoplay's for it too; chance
        outcomes and the other seats' left out), read by taking the game back and forth."""
        state = self.state
        undone = [state.undo() for _ in range(len(state.history) - self.start_ply)]
        made = 0
        for action in reversed(undone):
            made += state.current_player == seat
            state.push(action)
        return made

    def record(self, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
        """The game record, with automatic moves, hints, undos and a concession noted (a
        declared result is the record's result)."""
        meta = dict(metadata or {})
        auto = [ply for ply, flag in enumerate(self.automatic()) if flag]
        if self.features.undo or self.assistant:
            meta.update(auto=auto, hints=self.hints, undos=self.undos)
        elif self.features.take_back:
            meta["undos"] = self.undos
        if self.conceded_by is not None:
            meta["conceded"] = True
        record = make_record(self.state, meta)
        out = self.outcome()
        if out is not None:
            record["result"] = out.to_json()
        return record

    # -- persistence -----------------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """What ``restore`` needs besides the actions played: where play started, the steps,
        the redo stack, the counters and a winning line being followed."""
        return {
            "start": self.start_ply,
            "steps": [s.to_json() for s in self.steps],
            "redo": [s.to_json() for s in self.redo_steps],
            "hints": self.hints, "undos": self.undos, "played": self.played,
            "conceded_by": self.conceded_by,
            "agreed_draw": self.agreed_draw, "autoplay": self.autoplay, "plan": list(self._plan),
            "kept": self.kept,
        }  # fmt: skip

    @classmethod
    def restore(
        cls,
        game: Game,
        seed: int | None,
        position: str | None,
        chance_seed: int,
        actions: list[int],
        saved: dict[str, Any],
    ) -> Session:
        """The session that played ``actions`` and ``save()``d ``saved``, exactly.

        The actions are replayed as they were played (autoplay is not run again: it may
        have been switched on mid-game); ``start`` says which of them began the game.
        """
        session = cls(game, seed, position, chance_seed, opening=False)
        state = session.state
        opening = None
        for ply, action in enumerate(actions, 1):
            if opening is None and state.current_player != CHANCE:
                opening = ply - 1
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise InvalidRecord(f"ply {ply}: {exc}") from exc
        if opening is None:
            opening = len(actions)
        steps = [Step.from_json(s) for s in saved.get("steps", [])]
        played = [a for s in steps for a in s.actions]
        start = saved.get("start", len(actions) - len(played) if steps else opening)
        if not isinstance(start, int) or not opening <= start <= len(actions):
            raise InvalidRecord(f"saved start {start!r} is not a ply of the actions played")
        if steps and played != state.history[start:]:
            raise InvalidRecord("saved steps do not match the actions played")
        redo = [Step.from_json(s) for s in saved.get("redo", [])]
        _check_redo(state, redo)
        session.start_actions = tuple(state.history[:start])
        session.steps = steps or [Step((a,), (False,)) for a in state.history[start:]]
        session.redo_steps = redo
        session.hints = int(saved.get("hints", 0))
        session.undos = int(saved.get("undos", 0))
        session.played = bool(saved.get("played", bool(steps or redo or session.steps)))
        session.conceded_by = saved.get("conceded_by")
        session.agreed_draw = bool(saved.get("agreed_draw"))
        session.kept = min(int(saved.get("kept", 0)), len(session.steps))
        session.autoplay = bool(saved.get("autoplay"))
        session._plan = tuple(int(a) for a in saved.get("plan", ()))
        if state.current_player == CHANCE:  # a record that stops before a chance outcome
            autos = tuple(session._automatic())
            if session.steps:
                last = session.steps[-1]
                session.steps[-1] = Step(last.actions + autos, last.auto + (True,) * len(autos))
            else:
                session.start_actions += autos
        return session


def _joined(steps: list[Step]) -> Step:
    """Consecutive steps as one."""
    return Step(
        tuple(a for s in steps for a in s.actions), tuple(f for s in steps for f in s.auto)
    )


def _check_redo(state: State, redo: list[Step]) -> None:
    """InvalidRecord unless the redo stack replays from ``state`` (its last step first)."""
    probe = state.clone()
    for step in reversed(redo):
        for action in step.actions:
            try:
                probe.apply(action)
            except IllegalAction as exc:
                raise InvalidRecord(f"saved redo step {step.to_json()!r}: {exc}") from exc
