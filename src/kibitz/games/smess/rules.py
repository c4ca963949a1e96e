"""Smess rules (SM-1..SM-11): move generation, make/undo, promotion and the end of the game."""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np

from kibitz.core.capabilities import Features, GameAI
from kibitz.core.errors import IllegalAction
from kibitz.core.game import TERMINAL, Game, State
from kibitz.core.outcome import Outcome
from kibitz.core.rng import Rng
from kibitz.games.smess.board import (
    ARROWS,
    DIRECTIONS,
    FILES,
    HEIGHT,
    NUM_SQUARES,
    RAYS,
    STEPS,
    square_name,
)
from kibitz.games.smess.notation import decode, parse_move, write_move
from kibitz.games.smess.options import SmessOptions
from kibitz.games.smess.pieces import (
    BRAIN,
    EMPTY,
    KIND,
    KIND_NAMES,
    LETTERS,
    NINNY,
    OWNER,
    PROMOTION_SQUARES,
    SIDE_NAMES,
    SKULL,
)
from kibitz.games.smess.position import START, format_position, parse_position

_rng = Rng(0x5E55)
ZOBRIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(0 if p == EMPTY else _rng.next_u64() for p in range(7)) for _ in range(NUM_SQUARES)
)
"""Zobrist key of each (square, piece code); the empty square contributes 0."""
ZOBRIST_RED = _rng.next_u64()
"""Zobrist key xored in when Red is to move."""

WIN = (1.0, -1.0), (-1.0, 1.0)
DRAW = (0.0, 0.0)
PLY_CAP = Outcome(DRAW, "max_plies", truncated=True)
"""The option ``max_plies`` reached: a draw that the cap, not the rules, decided."""


class SmessState(State):
    """A Smess position with its history; incremental make/undo and a Zobrist hash."""

    game: SmessGame

    def __init__(self, game: SmessGame, position: str | None = None) -> None:
        super().__init__(game, None, position)
        pos = parse_position(position or START, game.options.promotion_requires_captured_numskull)
        self.board = pos.board
        self.side = pos.side
        self.plies_without_progress = pos.plies_without_progress
        self.move_number = pos.move_number
        self.counts = [[0, 0, 0], [0, 0, 0]]
        self.hash = ZOBRIST_RED if self.side else 0
        for sq, p in enumerate(self.board):
            if p:
                self.counts[OWNER[p]][KIND[p]] += 1
                self.hash ^= ZOBRIST[sq][p]
        self.seen: dict[int, int] = {self.hash: 1}
        self._stack: list[tuple[int, int, bool, int, Outcome | None]] = []
        self._outcome: Outcome | None = None
        if self.counts[self.side][BRAIN] == 0:
            self._outcome = Outcome(WIN[1 - self.side], "brain captured")
        else:
            self._outcome = self._end_check(captured_brain=False)

    # -- rules ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self._outcome else self.side

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> list[int]:
        if self._outcome:
            return []
        return self._moves(self.side)

    def _moves(self, side: int) -> list[int]:
        board, owner, kind = self.board, OWNER, KIND
        moves: list[int] = []
        add = moves.append
        for frm in range(NUM_SQUARES):
            p = board[frm]
            if not p or owner[p] != side:
                continue
            base = frm * NUM_SQUARES
            if kind[p] == SKULL:
                for ray in RAYS[frm]:
                    for to in ray:
                        q = board[to]
                        if q:
                            if owner[q] != side:
                                add(base + to)
                            break
                        add(base + to)
            else:
                for to in STEPS[frm]:
                    q = board[to]
                    if not q or owner[q] != side:
                        add(base + to)
        moves.sort()
        return moves

    def _has_move(self, side: int) -> bool:
        """Whether ``side`` has any legal move (stops at the first one)."""
        board, owner = self.board, OWNER
        for frm in range(NUM_SQUARES):
            p = board[frm]
            if p and owner[p] == side:
                for to in STEPS[frm]:
                    q = board[to]
                    if not q or owner[q] != side:
                        return True
        return False

    def _promotes(self, p: int, to: int) -> bool:
        side = OWNER[p]
        if KIND[p] != NINNY or to not in PROMOTION_SQUARES[side]:
            return False
        if self.game.options.promotion_requires_captured_numskull:
            return self.counts[side][SKULL] < 4
        return True

    def _do(self, action: int) -> None:
        frm, to = divmod(action, NUM_SQUARES)
        board, side = self.board, self.side
        p, captured = board[frm], board[to]
        promoted = self._promotes(p, to)
        self._stack.append(
            (captured, self.plies_without_progress, promoted, self.move_number, self._outcome)
        )
        h = self.hash ^ ZOBRIST[frm][p] ^ ZOBRIST_RED
        board[frm] = EMPTY
        if captured:
            h ^= ZOBRIST[to][captured]
            self.counts[1 - side][KIND[captured]] -= 1
        if promoted:
            self.counts[side][NINNY] -= 1
            self.counts[side][SKULL] += 1
            p += SKULL - NINNY
        board[to] = p
        self.hash = h ^ ZOBRIST[to][p]
        self.plies_without_progress = 0 if captured or promoted else self.plies_without_progress + 1
        if side:
            self.move_number += 1
        self.side = 1 - side
        self.seen[self.hash] = self.seen.get(self.hash, 0) + 1
        self._outcome = self._end_check(
            captured_brain=bool(captured) and KIND[captured] == BRAIN, plies=len(self.history) + 1
        )  # _do runs before the move joins the history

    def _end_check(self, captured_brain: bool, plies: int | None = None) -> Outcome | None:
        """SM-10: the first end condition that holds after a move, in the spec's order; then
        the ``max_plies`` cap (``plies``: moves played in this game, the history's length
        unless given)."""
        if captured_brain:
            return Outcome(WIN[1 - self.side], "brain captured")
        c = self.counts
        if sum(c[0]) + sum(c[1]) == 2 and c[0][BRAIN] and c[1][BRAIN]:
            return Outcome(DRAW, "two brains")
        if not self._has_move(self.side):
            return Outcome(WIN[1 - self.side], "no legal move")
        opts = self.game.options
        if opts.repetition_draw and self.seen.get(self.hash, 0) >= 3:
            return Outcome(DRAW, "repetition")
        limit = opts.max_plies_without_progress
        if limit is not None and self.plies_without_progress >= limit:
            return Outcome(DRAW, "no progress")
        played = len(self.history) if plies is None else plies
        if opts.max_plies is not None and played >= opts.max_plies:
            return PLY_CAP
        return None

    def _undo(self, action: int) -> None:
        frm, to = divmod(action, NUM_SQUARES)
        captured, counter, promoted, move_number, outcome = self._stack.pop()
        board = self.board
        n = self.seen[self.hash] - 1
        if n:
            self.seen[self.hash] = n
        else:
            del self.seen[self.hash]
        side = 1 - self.side
        p = board[to]
        h = self.hash ^ ZOBRIST[to][p] ^ ZOBRIST_RED
        if promoted:
            self.counts[side][SKULL] -= 1
            self.counts[side][NINNY] += 1
            p -= SKULL - NINNY
        board[frm] = p
        board[to] = captured
        h ^= ZOBRIST[frm][p]
        if captured:
            h ^= ZOBRIST[to][captured]
            self.counts[1 - side][KIND[captured]] += 1
        self.hash = h
        self.side = side
        self.plies_without_progress = counter
        self.move_number = move_number
        self._outcome = outcome

    # -- notation and views --------------------------------------------------------------
    def action_to_str(self, action: int) -> str:
        _, to = decode(action)
        return write_move(action, bool(self.board[to]))

    def str_to_action(self, text: str) -> int:
        action = parse_move(text)
        if self._outcome or action not in self._moves(self.side):
            state = "the game is over" if self._outcome else f"{SIDE_NAMES[self.side]} to move"
            raise IllegalAction(f"{self.action_to_str(action)} is not legal ({state})")
        return action

    def position(self) -> str:
        return format_position(self.board, self.side, self.plies_without_progress, self.move_number)

    def repetition_key(self) -> str:
        """The first two fields of the position string: what repetition compares."""
        return " ".join(self.position().split()[:2])

    def move_fields(self, action: int) -> dict[str, Any]:
        """``from`` and ``to`` square names, the moving ``piece``'s kind, whether the move
        captures and the kind it takes (``captured``, None for a plain move) and whether a
        Ninny ``promotes``, so that a front end can say "takes your Brain" or "promotes to a
        Numskull" without reading the board."""
        frm, to = decode(action)
        taken = self.board[to]
        return {
            "from": square_name(frm),
            "to": square_name(to),
            "piece": KIND_NAMES[KIND[self.board[frm]]],
            "capture": bool(taken),
            "captured": KIND_NAMES[KIND[taken]] if taken else None,
            "promotes": self._promotes(self.board[frm], to),
        }

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """The whole position (Smess hides nothing): its string, every piece and the counters."""
        return {
            "position": self.position(),
            "pieces": [
                {"square": square_name(sq), "side": OWNER[p], "kind": KIND_NAMES[KIND[p]]}
                for sq, p in enumerate(self.board)
                if p
            ],
            "plies_without_progress": self.plies_without_progress,
            "move_number": self.move_number,
        }

    def observation_tensor(self, seat: int) -> np.ndarray:
        """Six 56-square planes (Blue B S N, Red b s n), then side to move and the counter."""
        t = np.zeros(6 * NUM_SQUARES + 2, dtype=np.float32)
        for sq, p in enumerate(self.board):
            if p:
                t[(p - 1) * NUM_SQUARES + sq] = 1.0
        t[6 * NUM_SQUARES] = float(self.side)
        t[6 * NUM_SQUARES + 1] = self.plies_without_progress / 100.0
        return t

    def render(self, seat: int | None = None) -> str:
        from kibitz.games.smess.render import render_board

        return render_board(self)

    def clone(self) -> SmessState:
        other = object.__new__(SmessState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.board = list(self.board)
        other.counts = [list(self.counts[0]), list(self.counts[1])]
        other.seen = dict(self.seen)
        other._stack = list(self._stack)
        return other


class SmessGame(Game):
    """Smess, the Ninny's Chess: 7x8 board, moves along printed arrows, take the Brain."""

    name: ClassVar[str] = "smess"
    num_players: ClassVar[int] = 2
    player_names: ClassVar[tuple[str, ...]] = SIDE_NAMES
    options_class: ClassVar[type] = SmessOptions
    summary: ClassVar[str] = "The Ninny's Chess: pieces move along the arrows printed on the board"
    length_defaults: ClassVar[dict[str, Any]] = {"max_plies_without_progress": 100}
    match_defaults: ClassVar[dict[str, Any]] = {**length_defaults}
    match_opening_plies: ClassVar[int] = 4
    player_colours: ClassVar[tuple[str, ...]] = ("#2a6f97", "#c0392b")
    features: ClassVar[Features] = Features(take_back=True, concede=True, draw_offers=True)
    """Take-back against the computer, resignation and agreed draws (the rules' product
    features)."""

    def description(self) -> dict[str, Any]:
        """The board, every square's printed arrows, the direction table, promotion squares
        and the piece kinds (upper-case letters; Red's are written lower case)."""
        return {
            **super().description(),
            "title": "Smess",
            "board": {
                "files": list(FILES),
                "ranks": list(range(1, HEIGHT + 1)),
                "squares": [square_name(sq) for sq in range(NUM_SQUARES)],
            },
            "directions": [
                {"bit": bit, "name": name, "df": df, "dr": dr} for bit, name, df, dr in DIRECTIONS
            ],
            "arrows": {square_name(sq): ARROWS[sq] for sq in range(NUM_SQUARES)},
            "promotion_squares": [sorted(map(square_name, side)) for side in PROMOTION_SQUARES],
            "kinds": {
                name: {"name": name.capitalize(), "letter": LETTERS[1 + kind]}
                for kind, name in enumerate(KIND_NAMES)
            },
        }

    def ai(self) -> GameAI:
        """Search hooks, computer levels and the compiled ``fast`` agent (``eval``, ``engine``)."""
        from kibitz.games.smess.engine import FastSmessAgent, legacy_agent
        from kibitz.games.smess.eval import LEVELS, SEARCH_HOOKS

        agents = {FastSmessAgent.kind: FastSmessAgent, "legacy": legacy_agent}
        return GameAI(SEARCH_HOOKS, LEVELS, agents, analysis="fast:nodes=50000,repeats=rules")

    def warm(self) -> None:
        """Compile or load the search core: a search of a few nodes from the start."""
        from kibitz.games.smess.engine import FastSmessAgent

        state = self.start()
        FastSmessAgent(nodes=64).choose(state, state.current_player)

    @property
    def num_distinct_actions(self) -> int:
        return NUM_SQUARES * NUM_SQUARES

    def max_game_length(self) -> int | None:
        """The ``max_plies`` cap, or the bound of the no-progress rule: its count restarts
        only at a capture or a promotion, of which a game from the start has at most one
        per piece other than the Brains plus one per Ninny."""
        opts = self.options
        bounds = [] if opts.max_plies is None else [opts.max_plies]
        limit = opts.max_plies_without_progress
        if limit is not None:
            board = parse_position(START, opts.promotion_requires_captured_numskull).board
            events = sum(1 for p in board if p and KIND[p] != BRAIN)
            events += sum(1 for p in board if p and KIND[p] == NINNY)
            bounds.append((events + 1) * limit)
        return min(bounds, default=None)

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Six 56-square piece planes, the side to move and the no-progress count."""
        return (6 * NUM_SQUARES + 2,)

    def observation_tensor_bounds(self) -> tuple[float, float]:
        """Planes of 0 and 1, and the no-progress count over 100, which the no-progress draw
        (or the ply cap) bounds; without either it is unbounded."""
        cap = self.options.max_plies_without_progress or self.options.max_plies
        return (0.0, max(1.0, cap / 100.0) if cap else math.inf)

    def new_initial_state(self, seed: int | None = None) -> SmessState:
        return SmessState(self)

    def new_state_from_position(self, position: str) -> SmessState:
        return SmessState(self, position)
