"""The Cardmate position: move generation, make/undo and the end rules (CM-1 to CM-19).

Actions are ``from * 200 + to * 2 + promote`` over squares 0..99, so 20000 ids. The board is
a list of 100 ints (-1 empty, else ``owner << 6 | card``); ``pos`` maps each card to its
square. Make/undo change a few list cells and a Zobrist hash; nothing is allocated per move
except the undo record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from kibitz.core.game import TERMINAL, State
from kibitz.core.outcome import Outcome
from kibitz.core.rng import Rng
from kibitz.games.cardmate.cards import (
    ACE,
    CARD_MASK,
    EMPTY,
    KING,
    NUM_CARDS,
    ONE,
    OWNER_SHIFT,
    PALACES,
    RANK_CODES,
    SUIT_CODES,
    card_code,
    square_name,
)
from kibitz.games.cardmate.position import Position, write_position
from kibitz.games.cardmate.tables import PATTERNS

if TYPE_CHECKING:
    from kibitz.games.cardmate.game import CardmateGame

NUM_ACTIONS = 100 * 200
OWNER_BIT = 1 << OWNER_SHIFT
ACE_BASE = ACE * 4
KING_LOW, KING_HIGH = KING * 4, KING * 4 + 3

_zobrist_rng = Rng(0xCA4D3A7E)
ZOBRIST = [_zobrist_rng.next_u64() for _ in range(100 * 128)]
"""Hash key of piece ``p`` on square ``sq`` at ``sq * 128 + p``."""
SIDE_KEY = _zobrist_rng.next_u64()

ENTER_LOW = (40, 50)
"""First square of the rank a One enters from (CM-6): rank 4 for Forehand, 5 for Rearhand."""

TENSOR_PLANES = 2 * 14 + 4 + 1


def encode(frm: int, to: int, promote: bool = False) -> int:
    """The action id of a move from ``frm`` to ``to`` (promoting or not)."""
    return frm * 200 + to * 2 + int(promote)


def decode(action: int) -> tuple[int, int, bool]:
    """``(from, to, promote)`` of an action id."""
    frm, rest = divmod(action, 200)
    return frm, rest >> 1, bool(rest & 1)


def _outcomes(reason: str) -> tuple[Outcome, Outcome]:
    return Outcome((1.0, -1.0), reason), Outcome((-1.0, 1.0), reason)


WIN_BY = {r: _outcomes(r) for r in ("kings", "palace", "repetition", "stalemate")}
"""``WIN_BY[reason][seat]``: the outcome where ``seat`` wins for ``reason``."""
DRAW_BY = {
    "repetition": Outcome((0.0, 0.0), "repetition"),
    "stalemate": Outcome((0.0, 0.0), "stalemate"),
    "max_plies": Outcome((0.0, 0.0), "max_plies", truncated=True),
}
"""Drawn endings; the ``max_plies`` cap (CM-17) is not a rule of the game, so it truncates."""


class CardmateState(State):
    """One Cardmate position and the moves that led to it."""

    game: CardmateGame

    def __init__(
        self, game: CardmateGame, seed: int | None, position: str | None, start: Position
    ) -> None:
        super().__init__(game, seed, position)
        self.board = [EMPTY] * 100
        self.pos = [-1] * NUM_CARDS
        pieces: tuple[list[int], list[int]] = ([], [])
        self.kings = [0, 0]
        for sq, piece in sorted(start.board.items()):
            self.board[sq] = piece
            self.pos[piece & CARD_MASK] = sq
            owner, card = piece >> OWNER_SHIFT, piece & CARD_MASK
            pieces[owner].append(piece)
            if card >> 2 in (ONE, ACE):
                pieces[owner].append(piece ^ ACE_BASE)  # a One's Ace, or an Ace's One
            if card >> 2 == KING:
                self.kings[owner] += 1
        self.pieces = (sorted(set(pieces[0])), sorted(set(pieces[1])))
        """Per side, every piece it may have on the board (an owned One's Ace included)."""
        self.side = start.side
        self.ply = start.ply
        self.hash = self._full_hash()
        self.repetitions: dict[int, int] = {self.hash: 1}
        self._stack: list[tuple[int, int, int, Outcome | None]] = []
        self._legal: list[int] | None = None
        self._result: Outcome | None = None
        options = game.options
        self._max_plies = options.max_plies
        self._rep_loss = options.repetition_loss
        self._rep_threshold = options.repetition_threshold
        self._stalemate_loss = options.stalemate == "loss"

    def _full_hash(self) -> int:
        h = SIDE_KEY if self.side else 0
        for sq, piece in enumerate(self.board):
            if piece >= 0:
                h ^= ZOBRIST[sq * 128 + piece]
        return h

    # -- move generation ----------------------------------------------------------------
    def generate(self) -> list[int]:
        """The legal actions (CM-12): every follow if there is one, else every move."""
        side = self.side
        board = self.board
        pos = self.pos
        patterns = PATTERNS[side]
        enter_low = ENTER_LOW[side]
        moves: list[int] = []
        follows: list[int] = []
        for piece in self.pieces[side]:
            card = piece & CARD_MASK
            sq = pos[card]
            if sq < 0:
                continue
            suit = card & 3
            leaps, rays, back = patterns[card >> 2][sq]
            base = sq * 200
            if back >= 0 and board[back] < 0:
                moves.append(base + back * 2)
            if card < 4:
                for to in leaps:
                    t = board[to]
                    if t < 0 or (t >> OWNER_SHIFT != side and t & 3 != suit):
                        moves.append(base + to * 2)
                        if enter_low <= sq < enter_low + 10:
                            moves.append(base + to * 2 + 1)
                continue
            for to in leaps:
                t = board[to]
                if t < 0:
                    moves.append(base + to * 2)
                elif t >> OWNER_SHIFT != side:
                    if t & 3 != suit:
                        moves.append(base + to * 2)
                    elif t & CARD_MASK < card:
                        follows.append(base + to * 2)
            for ray in rays:
                for to in ray:
                    t = board[to]
                    if t < 0:
                        moves.append(base + to * 2)
                        continue
                    if t >> OWNER_SHIFT != side:
                        if t & 3 != suit:
                            moves.append(base + to * 2)
                        elif t & CARD_MASK < card:
                            follows.append(base + to * 2)
                    break
        result = follows or moves
        result.sort()
        return result

    def _legal_list(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self.generate()
        return legal

    def legal_actions(self) -> list[int]:
        """Legal action ids, ascending; empty once the game is over."""
        if self.current_player == TERMINAL:
            return []
        return list(self._legal_list())

    def must_follow(self) -> bool:
        """True when the side to move must follow (CM-11), so every legal move is a follow."""
        legal = self.legal_actions()
        return bool(legal) and self.is_follow(legal[0])

    def is_follow(self, action: int) -> bool:
        """True when ``action`` captures a lower enemy card of the mover's own suit."""
        frm, to, _ = decode(action)
        mover, target = self.board[frm], self.board[to]
        return (
            target >= 0
            and target >> OWNER_SHIFT != mover >> OWNER_SHIFT
            and target & 3 == mover & 3
            and target & CARD_MASK < mover & CARD_MASK
        )

    # -- make / undo --------------------------------------------------------------------
    def _do(self, action: int) -> None:
        frm, rest = divmod(action, 200)
        to = rest >> 1
        board = self.board
        pos = self.pos
        piece = board[frm]
        taken = board[to]
        h = self.hash
        self._stack.append((piece, taken, h, self._result))
        h ^= ZOBRIST[frm * 128 + piece] ^ SIDE_KEY
        board[frm] = EMPTY
        pos[piece & CARD_MASK] = -1
        moved = (piece & OWNER_BIT) | (ACE_BASE + (piece & 3)) if rest & 1 else piece
        mover = self.side
        result = None
        if taken >= 0:
            h ^= ZOBRIST[to * 128 + taken]
            pos[taken & CARD_MASK] = -1
            if KING_LOW <= taken & CARD_MASK <= KING_HIGH:
                left = self.kings[mover ^ 1] = self.kings[mover ^ 1] - 1
                if left == 0:
                    result = WIN_BY["kings"][mover]
        board[to] = moved
        pos[moved & CARD_MASK] = to
        h ^= ZOBRIST[to * 128 + moved]
        self.hash = h
        self.side = mover ^ 1
        self.ply += 1
        count = self.repetitions.get(h, 0) + 1
        self.repetitions[h] = count
        self._legal = None
        if result is None:
            if KING_LOW <= moved & CARD_MASK <= KING_HIGH and to in PALACES[mover ^ 1]:
                result = WIN_BY["palace"][mover]
            elif self._rep_loss:
                if count >= self._rep_threshold:
                    result = WIN_BY["repetition"][mover ^ 1]
            elif count >= 3:
                result = DRAW_BY["repetition"]
        self._result = result

    def _undo(self, action: int) -> None:
        frm, rest = divmod(action, 200)
        to = rest >> 1
        piece, taken, h, result = self._stack.pop()
        count = self.repetitions[self.hash]
        if count == 1:
            del self.repetitions[self.hash]
        else:
            self.repetitions[self.hash] = count - 1
        board = self.board
        pos = self.pos
        pos[board[to] & CARD_MASK] = -1
        board[to] = taken
        if taken >= 0:
            pos[taken & CARD_MASK] = to
            if KING_LOW <= taken & CARD_MASK <= KING_HIGH:
                self.kings[taken >> OWNER_SHIFT] += 1
        board[frm] = piece
        pos[piece & CARD_MASK] = frm
        self.hash = h
        self.side ^= 1
        self.ply -= 1
        self._result = result
        self._legal = None

    # -- results ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The side to move (0 Forehand, 1 Rearhand) or TERMINAL."""
        if self._result is not None:
            return TERMINAL
        if not self._legal_list():
            return TERMINAL
        if self._max_plies is not None and self.ply >= self._max_plies:
            return TERMINAL
        return self.side

    def outcome(self) -> Outcome | None:
        """The result (CM-13 to CM-18), or None while the game goes on."""
        if self._result is not None:
            return self._result
        if not self._legal_list():
            if self._stalemate_loss:
                return WIN_BY["stalemate"][self.side ^ 1]
            return DRAW_BY["stalemate"]
        if self._max_plies is not None and self.ply >= self._max_plies:
            return DRAW_BY["max_plies"]
        return None

    # -- notation and views -------------------------------------------------------------
    def action_to_str(self, action: int) -> str:
        """The move in Cardmate notation, e.g. ``9H:c5`` or ``QS:e0×``."""
        from kibitz.games.cardmate.notation import write_move

        return write_move(self, action)

    def str_to_action(self, text: str) -> int:
        """Parse Cardmate notation into a legal action id."""
        from kibitz.games.cardmate.notation import parse_move

        return parse_move(self, text)

    def position(self) -> str:
        """The position string (spec (f))."""
        return write_position(self.board, self.side, self.ply)

    def move_fields(self, action: int) -> dict[str, Any]:
        """Squares, the moving card, whether it captures and the card it takes
        (``captured``, None for a plain move), promotes (to ``"A"``) or is a compulsory
        follow (CM-11)."""
        frm, to, promote = decode(action)
        taken = self.board[to]
        return {
            "from": square_name(frm),
            "to": square_name(to),
            "card": card_code(self.board[frm] & CARD_MASK),
            "capture": taken >= 0,
            "captured": card_code(taken & CARD_MASK) if taken >= 0 else None,
            "promotion": "A" if promote else None,
            "compulsory": self.is_follow(action),
        }

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """Everything is public: the position, every card on the board and the cards each
        side has lost since the start, in capture order. ``scores`` counts Kings left."""
        return {
            "position": self.position(),
            "pieces": [
                {
                    "square": square_name(sq),
                    "side": piece >> OWNER_SHIFT,
                    "card": card_code(piece & CARD_MASK),
                    "rank": RANK_CODES[(piece & CARD_MASK) >> 2],
                    "suit": SUIT_CODES[piece & 3],
                }
                for sq, piece in enumerate(self.board)
                if piece >= 0
            ],
            "captured": self.captured(),
        }

    def captured(self) -> list[list[str]]:
        """The codes of the cards each side has lost since the start, in capture order."""
        lost: list[list[str]] = [[], []]
        for _, taken, _, _ in self._stack:
            if taken >= 0:
                lost[taken >> OWNER_SHIFT].append(card_code(taken & CARD_MASK))
        return lost

    def scores(self) -> list[float]:
        """Kings left per side: a side with none has lost (CM-13)."""
        return [float(k) for k in self.kings]

    def observation_tensor(self, seat: int) -> np.ndarray:
        """Planes of 100 squares: own/enemy card ranks (2 x 14), suits (4), seat to move."""
        planes = np.zeros((TENSOR_PLANES, 100), dtype=np.float32)
        for sq, piece in enumerate(self.board):
            if piece >= 0:
                card = piece & CARD_MASK
                mine = piece >> OWNER_SHIFT == seat
                planes[(0 if mine else 14) + (card >> 2), sq] = 1.0
                planes[28 + (card & 3), sq] = 1.0
        if self.side == seat:
            planes[32, :] = 1.0
        return planes.reshape(-1)

    def render(self, seat: int | None = None) -> str:
        """The board as text, ``seat``'s side at the bottom (Forehand by default)."""
        from kibitz.games.cardmate.render import render_state

        return render_state(self, seat)

    def clone(self) -> CardmateState:
        """A fast independent copy (same position, history and repetition counts)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other.pos = self.pos[:]
        other.kings = self.kings[:]
        other.repetitions = dict(self.repetitions)
        other._stack = self._stack[:]
        other.history = self.history[:]
        return other
