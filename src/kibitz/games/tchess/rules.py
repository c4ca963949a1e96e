"""The TCHESS Cards state: deal, attack / defend / throw-in, and the resolution steps (TC-3..17).

Every random event is a chance node whose outcome ids are letter indices: each card drawn
(setup and step 5), the steal of step 1, and the first attacker when ``first_player`` is
``random`` (0 = White, 1 = Black). Player action ids are ``PLAY(i) = i``, ``END = L``,
``PASS = L + 1`` and ``TAKE(i) = L + 2 + i``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from kibitz.core.errors import IllegalAction
from kibitz.core.game import CHANCE, TERMINAL, State
from kibitz.core.outcome import Outcome
from kibitz.core.rng import Rng
from kibitz.games.tchess import notation, position, views
from kibitz.games.tchess.phases import DEAL, FIRST, OVER, PHASE_NAMES, PLAY, STEAL, TAKE
from kibitz.games.tchess.resample import resample
from kibitz.games.tchess.strength import RowStrength, analyse_row, row_total

if TYPE_CHECKING:
    from kibitz.games.tchess.game import TchessGame


KING_ON_TABLE = "King lost on the table"
KING_STOLEN = "King stolen"
ONLY_KINGS = "draw: both decks empty and only Kings in hand"
ROUND_CAP = "draw: round cap reached"


class TchessState(State):
    """One moment of a TCHESS Cards game: hands, decks, rows, discards and whose turn it is."""

    game: TchessGame

    def __init__(self, game: TchessGame, seed: int | None = None, position_text: str | None = None):
        super().__init__(game, seed, position_text)
        t = game.tables
        self.tables = t
        n = t.num_letters
        self.num_letters = n
        self.hands = [[0] * n, [0] * n]
        self.hand_size = [0, 0]
        self.decks = [list(t.counts), list(t.counts)]
        self.deck_size = [sum(t.counts)] * 2
        self.discards = [[0] * n, [0] * n]
        self.rows: list[list[int]] = [[], []]
        self.stage = DEAL
        self.attacker = 0
        self.mover = 0
        self.turn_len = 0
        self.passes = 0
        self.round_no = 0
        dealt = game.options.hand_size_start
        self.draws: tuple[int, ...] = (0,) * dealt + (1,) * dealt
        self.draw_pos = 0
        self.winner = -1
        self.margin = 0
        self.take_letters: tuple[int, ...] = ()
        self._outcome: Outcome | None = None
        self.log: list[tuple] = []
        self._plies: list[tuple[int, int]] = []
        """Per action in ``history``: the stage it was taken at and who took it (the drawer
        for a draw, ``CHANCE`` for other chance events)."""
        self._undo_stack: list[tuple | None] = []
        self._start_keys = ("", "")
        self._undo_floor = 0
        if position_text is not None:
            position.load(self, position_text)
            self._start_keys = (views.start_key(self, 0), views.start_key(self, 1))

    # -- whose turn and what is legal ----------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to play or take, ``CHANCE`` for draws and steals, ``TERMINAL`` at the end."""
        stage = self.stage
        if stage == PLAY:
            return self.mover
        if stage == TAKE:
            return self.winner
        if stage == OVER:
            return TERMINAL
        return CHANCE

    def is_opening(self) -> bool:
        """True while the attacker has yet to lay the round's first cards (no pass allowed)."""
        return self.mover == self.attacker and not self.rows[self.attacker]

    def legal_actions(self) -> list[int]:
        """Legal ids: letters held (plus END or PASS), TAKE ids, or chance outcomes."""
        stage = self.stage
        if stage == PLAY:
            out = [i for i, c in enumerate(self.hands[self.mover]) if c]
            if self.turn_len:
                out.append(self.num_letters)
            elif not self.is_opening():
                out.append(self.num_letters + 1)
            return out
        if stage == TAKE:
            return [self.num_letters + 2 + i for i in self.take_letters]
        if stage == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Draws: letter by count in the deck; steal: letter by count in the hand; first: 50/50."""
        stage = self.stage
        if stage == DEAL:
            seat = self.draws[self.draw_pos]
            size = self.deck_size[seat]
            return [(i, c / size) for i, c in enumerate(self.decks[seat]) if c]
        if stage == STEAL:
            seat = 1 - self.attacker
            size = self.hand_size[seat]
            return [(i, c / size) for i, c in enumerate(self.hands[seat]) if c]
        if stage == FIRST:
            return [(0, 0.5), (1, 0.5)]
        return super().chance_outcomes()

    def drawing_seat(self) -> int:
        """The seat whose card the pending draw chance node deals."""
        return self.draws[self.draw_pos]

    # -- applying and undoing -------------------------------------------------------------
    def _do(self, action: int) -> None:
        stage = self.stage
        if stage == PLAY and action < self.num_letters:
            seat = self.mover
            self._undo_stack.append(None)
            self.hands[seat][action] -= 1
            self.hand_size[seat] -= 1
            self.rows[seat].append(action)
            self.turn_len += 1
            self.log.append(("play", seat, action))
            self._plies.append((PLAY, seat))
            return
        if stage == DEAL:
            seat = self.draws[self.draw_pos]
            self._plies.append((DEAL, seat))
            if self.draw_pos + 1 < len(self.draws):
                self._undo_stack.append(("draw",))
                self._draw(seat, action)
                return
        else:
            self._plies.append((stage, self.current_player))
        if stage == PLAY and (action == self.num_letters or not self.passes):
            self._undo_stack.append(("turn", self.turn_len, self.passes))
            self._turn_over(action)
            return
        self._undo_stack.append(("snapshot", self._snapshot()))
        if stage == DEAL:
            self._draw(self.draws[self.draw_pos], action)
        elif stage == PLAY:
            self._turn_over(action)
        elif stage == STEAL:
            self._steal(action)
        elif stage == TAKE:
            self._take(action - self.num_letters - 2)
        else:
            self.log.append(("first", action))
            self._start_round(action)

    def _undo(self, action: int) -> None:
        """Reverse the last action: in place for plays, draws and turn ends, else by snapshot."""
        self._plies.pop()
        entry = self._undo_stack.pop()
        if entry is None:
            seat = self.mover
            self.rows[seat].pop()
            self.hands[seat][action] += 1
            self.hand_size[seat] += 1
            self.turn_len -= 1
            self.log.pop()
        elif entry[0] == "draw":
            self.draw_pos -= 1
            seat = self.draws[self.draw_pos]
            self.decks[seat][action] += 1
            self.deck_size[seat] += 1
            self.hands[seat][action] -= 1
            self.hand_size[seat] -= 1
            self.log.pop()
        elif entry[0] == "turn":
            self.mover = 1 - self.mover
            self.turn_len, self.passes = entry[1], entry[2]
            self.log.pop()
        else:
            self._restore(entry[1])

    def _snapshot(self) -> tuple:
        h, d, x, r = self.hands, self.decks, self.discards, self.rows
        return (
            h[0][:], h[1][:], d[0][:], d[1][:], x[0][:], x[1][:], r[0][:], r[1][:],
            self.hand_size[:], self.deck_size[:], self.stage, self.attacker, self.mover,
            self.turn_len, self.passes, self.round_no, self.draws, self.draw_pos,
            self.winner, self.margin, self.take_letters, self._outcome, len(self.log),
        )  # fmt: skip

    def _restore(self, s: tuple) -> None:
        """Put back a snapshot (lists copied, so clones sharing the undo stack stay apart)."""
        self.hands = [s[0][:], s[1][:]]
        self.decks = [s[2][:], s[3][:]]
        self.discards = [s[4][:], s[5][:]]
        self.rows = [s[6][:], s[7][:]]
        self.hand_size = s[8][:]
        self.deck_size = s[9][:]
        (
            self.stage, self.attacker, self.mover, self.turn_len, self.passes, self.round_no,
            self.draws, self.draw_pos, self.winner, self.margin, self.take_letters,
            self._outcome,
        ) = s[10:22]  # fmt: skip
        del self.log[s[22] :]

    # -- the round ---------------------------------------------------------------------------
    def _start_round(self, attacker: int) -> None:
        self.round_no += 1
        self.attacker = self.mover = attacker
        self.turn_len = self.passes = 0
        self.stage = PLAY
        self.log.append(("round", self.round_no, attacker))

    def _turn_over(self, action: int) -> None:
        """END closes a turn of cards; PASS counts toward the two passes that end the round."""
        seat = self.mover
        if action == self.num_letters:
            self.log.append(("end", seat))
            self.turn_len = 0
            self.passes = 0
        else:
            self.log.append(("pass", seat))
            self.passes += 1
            if self.passes == 2:
                self._resolve()
                return
        self.mover = 1 - seat

    def _resolve(self) -> None:
        """TC-12 and TC-13 step 0 and 1: the winner, a King lost on the table, the steal."""
        t = self.tables
        attacker = self.attacker
        defender = 1 - attacker
        rows = self.rows
        strengths = (row_total(rows[0], t), row_total(rows[1], t))
        s_att, s_def = strengths[attacker], strengths[defender]
        holds = s_def >= s_att if self.game.options.ties_to_defender else s_def > s_att
        winner = defender if holds else attacker
        loser = 1 - winner
        self.winner = winner
        self.margin = abs(s_def - s_att)
        played = (tuple(rows[0]), tuple(rows[1]))
        self.log.append(("result", self.round_no, winner, self.margin, strengths, played))
        if t.king in rows[loser]:
            self._finish(winner, KING_ON_TABLE)
        elif winner == attacker and self.hand_size[defender]:
            self.stage = STEAL
        else:
            self._return_cards()

    def _steal(self, letter: int) -> None:
        """Step 1: the stolen card goes face up to the defender's discard pile."""
        seat = 1 - self.attacker
        self.hands[seat][letter] -= 1
        self.hand_size[seat] -= 1
        self.discards[seat][letter] += 1
        self.log.append(("steal", seat, letter))
        if letter == self.tables.king:
            self._finish(1 - seat, KING_STOLEN)
        else:
            self._return_cards()

    def _return_cards(self) -> None:
        """Steps 2 and 3: Kings go home, else the best card returns if the margin covers it."""
        t = self.tables
        seat = self.winner
        row = self.rows[seat]
        kings = row.count(t.king)
        if kings:
            self.rows[seat] = [c for c in row if c != t.king]
            self.hands[seat][t.king] += kings
            self.hand_size[seat] += kings
            self.log.append(("return", seat, (t.king,) * kings))
        elif row:
            values = analyse_row(row, t).card_values
            best = max(values)
            if self.margin >= best:
                tied = sorted({c for c, v in zip(row, values, strict=True) if v == best})
                if len(tied) > 1:
                    self.take_letters = tuple(tied)
                    self.stage = TAKE
                    return
                self._take(tied[0])
                return
        self._discard_and_refill()

    def _take(self, letter: int) -> None:
        """Step 3: one card of ``letter`` leaves the winner's row for the winner's hand."""
        seat = self.winner
        self.rows[seat].remove(letter)
        self.hands[seat][letter] += 1
        self.hand_size[seat] += 1
        self.take_letters = ()
        self.log.append(("return", seat, (letter,)))
        self._discard_and_refill()

    def _discard_and_refill(self) -> None:
        """Steps 4 and 5: rows to the discard piles, then queue each seat's draws."""
        opts = self.game.options
        for seat in (0, 1):
            row = self.rows[seat]
            if row:
                pile = self.discards[seat]
                for c in row:
                    pile[c] += 1
                self.log.append(("discard", seat, tuple(row)))
                self.rows[seat] = []
        counts = [
            min(opts.draw_per_round, max(0, opts.hand_limit - self.hand_size[s]), self.deck_size[s])
            for s in (0, 1)
        ]
        self.draws = (0,) * counts[0] + (1,) * counts[1]
        self.draw_pos = 0
        self.stage = DEAL
        if not self.draws:
            self._after_draws()

    def _draw(self, seat: int, letter: int) -> None:
        self.decks[seat][letter] -= 1
        self.deck_size[seat] -= 1
        self.hands[seat][letter] += 1
        self.hand_size[seat] += 1
        self.log.append(("draw", seat, letter))
        self.draw_pos += 1
        if self.draw_pos == len(self.draws):
            self._after_draws()

    def _after_draws(self) -> None:
        """After the setup deal, the first round; after step 5, steps 6 and 7 and the cap."""
        opts = self.game.options
        if self.round_no == 0:
            if opts.first_player == "random":
                self.stage = FIRST
            else:
                self._start_round(0)
            return
        if not any(self.deck_size) and all(self._only_kings(s) for s in (0, 1)):
            self._finish(None, ONLY_KINGS)
        elif opts.max_rounds and self.round_no >= opts.max_rounds:
            self._finish(None, ROUND_CAP, truncated=True)
        else:
            self._start_round(1 - self.attacker)

    def _only_kings(self, seat: int) -> bool:
        return self.hand_size[seat] == self.hands[seat][self.tables.king]

    def _finish(self, winner: int | None, reason: str, truncated: bool = False) -> None:
        """End the game; ``truncated``: the ``max_rounds`` cap, not the rules, ended it."""
        returns = (0.0, 0.0) if winner is None else ((1.0, -1.0), (-1.0, 1.0))[winner]
        self._outcome = Outcome(returns, reason, truncated)
        self.stage = OVER
        self.log.append(("over", returns, reason))

    def outcome(self) -> Outcome | None:
        """The result once a King is lost, the only-Kings draw or the cap ends the game."""
        return self._outcome

    # -- notation, views, positions ---------------------------------------------------------
    def action_to_str(self, action: int) -> str:
        """``P``, ``end``, ``pass``, ``take F``; chance ``draw Q``, ``steal K``, ``first Black``."""
        return notation.action_to_str(self, action)

    def str_to_action(self, text: str) -> int:
        """Parse one primitive action; a whole turn goes through ``turn_actions``."""
        return notation.str_to_action(self, text)

    def turn_actions(self, text: str) -> list[int]:
        """A whole turn (``P S P Q``, ``pass``, ``take F``) as ids, checked against the hand."""
        return notation.turn_actions(self, text)

    def play_turn(self, text: str) -> None:
        """Apply a whole turn, or nothing if any card is not in hand."""
        for action in self.turn_actions(text):
            self.apply(action)

    def preview(self, text: str) -> RowStrength:
        """The mover's row as it would stand after laying ``text`` (e.g. ``N F``) now."""
        cards = notation.cards_from_hand(self, text.split(), text)
        return analyse_row(self.rows[self.mover] + cards, self.tables)

    def phase(self) -> str:
        """``draw``, ``first attacker``, ``play``, ``steal``, ``take`` or ``over``."""
        return PHASE_NAMES[self.stage]

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (spec section 4; None: what both seats see alike): never
        the other hand, a drawn card of the other seat, deck order or seed."""
        return views.observe(self, seat)

    def move_fields(self, action: int) -> dict[str, Any]:
        """``kind`` (``attack``, ``defend``, ``end``, ``pass``, ``take``; chance ``draw``,
        ``steal``, ``first``) and ``cards`` (the letter laid, taken, drawn or stolen); a card
        laid also gives ``strength``, the mover's row strength with it (a preview)."""
        self.action_to_str(action)  # refuse an id that means nothing here
        attacking = self.current_player == self.attacker
        fields = notation.action_fields(self.stage, action, self.tables.letters, attacking)
        if fields["kind"] in ("attack", "defend"):
            fields["strength"] = row_total(self.rows[self.mover] + [action], self.tables)
        return fields

    def last_action(self, seat: int | None) -> dict[str, Any] | None:
        """The last action as ``seat`` sees it: another seat's draw shows only who drew."""
        if not self.history:
            return None
        stage, actor = self._plies[-1]
        action = self.history[-1]
        who = actor if actor >= 0 else None
        if stage == DEAL and seat != actor:
            return {"seat": who, "text": "draws a card"}
        letters = self.tables.letters
        return {
            "seat": who,
            "text": notation.action_text(stage, action, letters),
            "id": action,
            **notation.action_fields(stage, action, letters, actor == self.attacker),
        }

    def observation_tensor(self, seat: int) -> np.ndarray:
        """The same view as a fixed-size float32 vector, seat-relative (own data first)."""
        return views.observation_tensor(self, seat)

    def information_state_tensor(self, seat: int) -> np.ndarray:
        """The observation tensor plus the cards of the other hand this seat knows of."""
        return views.information_state_tensor(self, seat)

    def information_state_key(self, seat: int) -> str:
        """The seat's start view plus every action it saw, other seats' drawn letters masked."""
        parts = [
            "?" if stage == DEAL and actor != seat else str(a)
            for a, (stage, actor) in zip(self.history, self._plies, strict=True)
        ]
        return f"{seat}|{self._start_keys[seat]}|{','.join(parts)}"

    def render(self, seat: int | None = None) -> str:
        """A text table; with ``seat`` only that seat's view, else everything."""
        return views.render(self, seat)

    def position(self) -> str:
        """The position string (only while a player is to play in a round)."""
        return position.dump(self)

    def resample_hidden(self, seat: int, rng: Rng) -> TchessState:
        """A copy in which the other seat's hidden cards are redrawn from what ``seat`` knows.

        The copy's history, log and start position tell a matching story, so it serializes
        and reads back; it cannot be undone past this point (see ``resample.py``).
        """
        views.check_seat(seat)
        return resample(self, seat, rng)

    def undo(self) -> int:
        """Take back the last action (not past a ``resample_hidden`` copy's starting point)."""
        if self._undo_floor and len(self.history) <= self._undo_floor:
            raise IllegalAction("cannot undo past the point where hidden cards were resampled")
        return super().undo()

    def clone(self) -> TchessState:
        """A fast independent copy (lists copied; snapshots are immutable once taken)."""
        other = object.__new__(TchessState)
        other.__dict__.update(self.__dict__)
        other.history = self.history[:]
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.decks = [self.decks[0][:], self.decks[1][:]]
        other.discards = [self.discards[0][:], self.discards[1][:]]
        other.rows = [self.rows[0][:], self.rows[1][:]]
        other.hand_size = self.hand_size[:]
        other.deck_size = self.deck_size[:]
        other.log = self.log[:]
        other._plies = self._plies[:]
        other._undo_stack = self._undo_stack[:]
        return other
