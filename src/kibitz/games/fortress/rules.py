"""The rules engine of Fortress and Chessboard (FO-1..FO-9, FO-12, FO-13) on the core API."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from kibitz.core.capabilities import Assistant, Features, GameAI
from kibitz.core.errors import IllegalAction, InvalidPosition
from kibitz.core.game import TERMINAL, Game, State
from kibitz.core.outcome import Outcome
from kibitz.games.fortress.board import NUM_PILES, UNSET, Board, parse_position
from kibitz.games.fortress.cards import NAMES, RANK_OF, RANKS, SUIT_OF, SUITS, SYMBOLS
from kibitz.games.fortress.deals import (
    check_game_number,
    deal_piles,
    parse_game_number,
    random_game_number,
)
from kibitz.games.fortress.notation import (
    FOUNDATION,
    NUM_ACTIONS,
    decode,
    encode,
    move_text,
    move_words,
)
from kibitz.games.fortress.notation import parse_move as parse_move_text
from kibitz.games.fortress.variants import (
    ADJACENT,
    CHESSBOARD,
    FORTRESS,
    ChessboardOptions,
    FortressOptions,
    Variant,
    rules_summary,
)

TENSOR_SIZE = 52 * 12 + 14
"""Per card: one-hot location (10 piles, home) and height in its pile; base one-hot (13 + unset)."""
MOVE_CAP = Outcome((0.0,), "move cap", truncated=True)
"""The option ``max_moves`` reached before the game was won: lost, and truncated."""


def _fields(action: int, card: int | None) -> dict[str, Any]:
    """The structured fields of move ``action`` of ``card``."""
    source, dest = decode(action)
    return {
        "from": source if source < NUM_PILES else "F",
        "to": "F" if dest == FOUNDATION else dest,
        "card": None if card is None else NAMES[card],
    }


class PatienceState(State):
    """One Fortress or Chessboard position; undo takes back single moves (redo is the
    session's)."""

    game: PatienceGame

    def __init__(self, game: PatienceGame, seed: int | None, position: str | None, board: Board):
        super().__init__(game, seed, position)
        self.variant: Variant = game.variant
        self.board = board
        self._adjacent = ADJACENT[self.variant.wrap]
        self._takeback = game.options.allow_foundation_takeback
        self._max_moves = game.options.max_moves
        self._moved: list[int] = []

    # -- rules -------------------------------------------------------------------------
    def can_home(self, card: int) -> bool:
        """Whether ``card`` is the next card its foundation takes (any card before a base)."""
        b = self.board
        if b.base == UNSET:
            return self.variant.free_base
        return b.needs(SUIT_OF[card]) == card

    def fits(self, card: int, pile: int) -> bool:
        """Whether ``card`` may go onto pile ``pile``: it is empty or its top is adjacent."""
        p = self.board.piles[pile]
        return not p or p[-1] in self._adjacent[card]

    def adjacent(self, a: int, b: int) -> bool:
        """FO-3 adjacency: same suit, ranks one apart (A-K too in Chessboard)."""
        return b in self._adjacent[a]

    @property
    def current_player(self) -> int:
        return TERMINAL if not self.legal_actions() else 0

    def capped(self) -> bool:
        """Whether the ``max_moves`` cap has ended the game (moves played in this game)."""
        return self._max_moves is not None and len(self.history) >= self._max_moves

    def moves_left(self) -> int | None:
        """How many moves the ``max_moves`` cap leaves (None: no cap)."""
        return None if self._max_moves is None else self._max_moves - len(self.history)

    def legal_actions(self) -> list[int]:
        b = self.board
        if b.home() == 52 or self.capped():
            return []
        out = []
        for i, pile in enumerate(b.piles):
            if pile:
                out.extend(self._card_moves(i, pile[-1], home=True))
        if self._takeback:
            for s in range(4):
                top = b.foundation_top(s)
                if top is not None:
                    out.extend(self._card_moves(10 + s, top, home=False))
        return out

    def _card_moves(self, source: int, card: int, home: bool) -> list[int]:
        moves = [encode(source, j) for j in range(NUM_PILES) if j != source and self.fits(card, j)]
        if home and self.can_home(card):
            moves.append(encode(source, FOUNDATION))
        return moves

    def _do(self, action: int) -> None:
        source, dest = decode(action)
        b = self.board
        if source < 10:
            card = b.piles[source].pop()
        else:
            card = b.foundation_top(source - 10)
            b.found[source - 10] -= 1
        if dest == FOUNDATION:
            if b.base == UNSET:
                b.base = RANK_OF[card]
            b.found[SUIT_OF[card]] += 1
        else:
            b.piles[dest].append(card)
        self._moved.append(card)

    def _undo(self, action: int) -> None:
        source, dest = decode(action)
        b = self.board
        card = self._moved.pop()
        if dest == FOUNDATION:
            b.found[SUIT_OF[card]] -= 1
            if self.variant.free_base and b.home() == 0:
                b.base = UNSET
        else:
            b.piles[dest].pop()
        if source < 10:
            b.piles[source].append(card)
        else:
            b.found[source - 10] += 1

    def apply(self, action: int) -> None:
        """Apply a legal move (IllegalAction otherwise), checking the move alone: cheaper than
        the base's listing of every legal move to see whether the game is over."""
        if not self.is_legal(action):
            if self.is_terminal():
                raise IllegalAction(f"action {action!r} refused: the game is over")
            raise IllegalAction(self._illegal_message(action))
        self._do(action)
        self.history.append(action)

    # -- outcome -----------------------------------------------------------------------
    def is_won(self) -> bool:
        """All 52 cards are on the foundations (FO-4)."""
        return self.board.home() == 52

    def outcome(self) -> Outcome | None:
        if self.is_won():
            return Outcome((1.0,), "all 52 cards on the foundations")
        if self.capped():
            return MOVE_CAP
        if not self.legal_actions():
            return Outcome((0.0,), "no legal move")
        return None

    # -- safe moves (FO-12, FO-13) -----------------------------------------------------
    def is_safe_home(self, card: int) -> bool:
        """Whether sending ``card`` home now is legal and provably safe (FO-12)."""
        b = self.board
        if b.base == UNSET or not self.can_home(card):
            return False
        return not (self.variant.free_base and b.found[SUIT_OF[card]] == 0)

    def safe_actions(self) -> list[int]:
        """Legal safe foundation moves, pile order: what autoplay may play (FO-13)."""
        return [
            encode(i, FOUNDATION)
            for i, p in enumerate(self.board.piles)
            if p and self.is_safe_home(p[-1])
        ]

    def autocomplete_actions(self) -> list[int] | None:
        """The foundation moves that bring all 52 home, if such moves alone finish the game."""
        if self.board.base == UNSET:
            return None
        b = self.board.copy()
        moves = []
        progress = True
        while progress:
            progress = False
            for i, p in enumerate(b.piles):
                if p and b.needs(SUIT_OF[p[-1]]) == p[-1]:
                    b.found[SUIT_OF[p.pop()]] += 1
                    moves.append(encode(i, FOUNDATION))
                    progress = True
        return moves if b.home() == 52 else None

    # -- notation ----------------------------------------------------------------------
    def action_to_str(self, action: int) -> str:
        return move_text(action)

    def str_to_action(self, text: str) -> int:
        source, dest, card = parse_move_text(text)
        why = self._why_illegal(source, dest, card)
        if why:
            raise IllegalAction(f"{text!r}: {why}")
        return encode(source, dest)

    def is_legal(self, action: int) -> bool:
        """Whether the action id is a legal move now (cheaper than ``legal_actions()``)."""
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        if not 0 <= action < NUM_ACTIONS:
            return False
        source, dest = decode(action)
        if dest > FOUNDATION or (source >= 10 and dest == FOUNDATION):
            return False
        return self._why_illegal(source, dest, None) is None

    def _why_illegal(self, source: int, dest: int, note: int | None) -> str | None:
        """Why moving from ``source`` to ``dest`` is illegal here, or None if it is legal."""
        b = self.board
        if self.is_won():
            return "the game is over (all cards are home)"
        if self.capped():
            return f"the game is over (the cap of {self._max_moves} moves is reached)"
        if source < 10:
            if not b.piles[source]:
                return f"pile {source} is empty"
            card = b.piles[source][-1]
        else:
            if not self._takeback:
                return (
                    "taking a card back from a foundation needs the option "
                    "allow_foundation_takeback"
                )
            top = b.foundation_top(source - 10)
            if top is None:
                return f"the {SUITS[source - 10]} foundation is empty"
            card = top
        if note is not None and note != card:
            return f"the card to move is {NAMES[card]}, not {NAMES[note]}"
        if dest == FOUNDATION:
            if not self.can_home(card):
                need = b.needs(SUIT_OF[card])
                why = "its foundation is full" if need is None else f"it needs {NAMES[need]}"
                return f"{NAMES[card]} cannot go home; {why}"
        elif dest == source:
            return "a card cannot move onto its own pile"
        elif not self.fits(card, dest):
            return f"{NAMES[card]} is not adjacent to {NAMES[b.piles[dest][-1]]}"
        return None

    # -- views -------------------------------------------------------------------------
    def position(self) -> str:
        return self.board.to_string()

    def title(self) -> str:
        """``Fortress #1``, or ``Fortress (set position)`` for a game started from one."""
        return self.variant.title + (f" #{self.seed}" if self.seed is not None else " (position)")

    def phase(self) -> str:
        """``play`` until the game is over (one search of the legal moves, not two)."""
        return "over" if self.is_terminal() else "play"

    def scores(self) -> list[float]:
        """The cards home, the measure of progress (52 when won)."""
        return [float(self.board.home())]

    def _observe(self, seat: int | None) -> dict[str, Any]:
        """Everything is open: the position string, the piles bottom to top, foundation
        counts and tops, the base."""
        b = self.board
        return {
            "position": self.position(),
            "piles": [[NAMES[c] for c in p] for p in b.piles],
            "foundations": {SUITS[s]: b.found[s] for s in range(4)},
            "foundation_tops": {
                SUITS[s]: None if (t := b.foundation_top(s)) is None else NAMES[t]
                for s in range(4)
            },
            "base": None if b.base == UNSET else RANKS[b.base],
        }

    def move_fields(self, action: int) -> dict[str, Any]:
        """``from``/``to``: a pile 0-9 or ``"F"`` (the foundations); ``card``: the card moved."""
        return _fields(action, self.card_of(action))

    def card_of(self, action: int) -> int | None:
        """The card move ``action`` would move here: its source's top card (None: empty)."""
        source, _ = decode(action)
        if source < NUM_PILES:
            pile = self.board.piles[source]
            return pile[-1] if pile else None
        return self.board.foundation_top(source - NUM_PILES)

    def move_words(self, action: int) -> str:
        """Move ``action`` here in words, its card named: ``A♥ from pile 4 home``."""
        return move_words(action, self.card_of(action))

    def last_action(self, seat: int | None) -> dict[str, Any] | None:
        """The last move with its fields (all open), read from the history without undoing."""
        if not self.history:
            return None
        action = self.history[-1]
        return {"seat": 0, "text": move_text(action), "id": action,
                **_fields(action, self._moved[-1])}

    def observation_tensor(self, seat: int) -> np.ndarray:
        out = np.zeros(TENSOR_SIZE, dtype=np.float32)
        b = self.board
        for i, p in enumerate(b.piles):
            for h, c in enumerate(p):
                out[c * 12 + i] = 1.0
                out[c * 12 + 11] = (h + 1) / 20.0
        for s in range(4):
            for k in range(b.found[s]):
                out[(s * 13 + (b.base + k) % 13) * 12 + 10] = 1.0
        out[52 * 12 + (13 if b.base == UNSET else b.base)] = 1.0
        return out

    def render(self, seat: int | None = None) -> str:
        b = self.board
        tops = [b.foundation_top(s) for s in range(4)]
        found = "  ".join(
            f"{SUITS[s]}:{'--' if t is None else NAMES[t]}" for s, t in enumerate(tops)
        )
        base = "unset" if b.base == UNSET else RANKS[b.base]
        lines = [self.title(), f"foundations  {found}   base {base}"]
        lines += [f"{i}: {' '.join(NAMES[c] for c in p)}".rstrip() for i, p in enumerate(b.piles)]
        out = self.outcome()
        if out is not None:
            lines.append("won" if out.returns[0] == 1.0 else f"lost ({out.reason})")
        return "\n".join(lines)

    def clone(self) -> PatienceState:
        """A fast independent copy (same start, history and position)."""
        other = PatienceState(self.game, self.seed, self.start_position, self.board.copy())
        other.history = list(self.history)
        other._moved = list(self._moved)
        return other


class PatienceGame(Game):
    """Shared factory of Fortress and Chessboard states; ``variant`` holds the differences."""

    variant: ClassVar[Variant]
    score_label: ClassVar[str] = "Cards home"
    num_players = 1
    player_names = ("Player",)
    features = Features(undo=True, concede=True, statistics="streaks")
    length_defaults: ClassVar[dict[str, Any]] = {"max_moves": 1000}
    """Moves may go round in circles: lab runs and learners stop after 1000."""
    match_defaults: ClassVar[dict[str, Any]] = {**length_defaults}
    utility: ClassVar[str] = "general_sum"
    utility_bounds: ClassVar[tuple[float, float]] = (0.0, 1.0)
    deals_may_be_over: ClassVar[bool] = True  # about one Fortress deal in 20 has no move

    def assistant(self) -> Assistant:
        """Hints, "still winnable?", winnable deals and auto-complete from the solver."""
        from kibitz.games.fortress.analysis import PatienceAssistant

        return PatienceAssistant()

    def parse_seed(self, text: str) -> int:
        """A game number written ``#1``, ``1``, ``00001`` or ``1,000 000``."""
        return parse_game_number(text)

    def ai(self) -> GameAI:
        """The solver and heuristic agents, search hooks and levels."""
        from kibitz.games.fortress.eval import AGENTS, LEVELS, SEARCH_HOOKS

        return GameAI(SEARCH_HOOKS, LEVELS, AGENTS)

    def warm(self) -> None:
        """Compile or load the solver's compiled search: a few nodes of deal 1."""
        from kibitz.games.fortress.analysis import winnable

        winnable(self.start(1), node_limit=64)

    def description(self) -> dict[str, Any]:
        """The base facts plus the layout, the card faces and the variant's rules in short."""
        v = self.variant
        return {
            **super().description(),
            "title": v.title,
            "piles": NUM_PILES,
            "foundations": list(SUITS),
            "cards": {
                "ranks": list(RANKS),
                "suits": {s: {"symbol": SYMBOLS[s], "red": s in "HD"} for s in SUITS},
            },
            "rules": {
                "wrap": v.wrap,
                "free_base": v.free_base,
                "foundation_takeback": self.options.allow_foundation_takeback,
                "text": rules_summary(v, self.options.allow_foundation_takeback),
            },
        }

    @property
    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def chance_mode(self) -> str:
        """The deal is fixed by the game number (the seed)."""
        return "seeded"

    def max_game_length(self) -> int | None:
        """The ``max_moves`` cap, if set: moves may otherwise go round in circles."""
        return self.options.max_moves

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Per card its place (ten piles or home) and height; the base rank."""
        return (TENSOR_SIZE,)

    def observation_tensor_bounds(self) -> tuple[float, float]:
        """One-hots, and heights of at most 52 cards scaled by 1/20."""
        return (0.0, 52 / 20)

    def new_initial_state(self, seed: int | None = None) -> PatienceState:
        """Deal game number ``seed`` (FO-11); None draws a random number, which becomes the seed."""
        number = random_game_number() if seed is None else check_game_number(seed)
        return PatienceState(self, number, None, Board(deal_piles(number), [0] * 4, self._base0()))

    def _base0(self) -> int:
        return UNSET if self.variant.free_base else 0

    def new_state_from_position(self, position: str) -> PatienceState:
        board = parse_position(position, self.variant)
        return PatienceState(self, None, position, board)

    def state_from_board(self, board: Board) -> PatienceState:
        """A state whose history starts at ``board`` (recorded as its position string)."""
        text = board.to_string()
        if parse_position(text, self.variant) != board:
            raise InvalidPosition(f"board {text!r} is not a valid {self.name} position")
        return PatienceState(self, None, text, board.copy())


class Fortress(PatienceGame):
    """Fortress: ten open piles, build up or down in suit, foundations A to K (no wrap)."""

    name = "fortress"
    options_class = FortressOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "default": {}, "takeback": {"allow_foundation_takeback": True},
    }  # fmt: skip
    summary = "Fortress patience: 52 open cards in ten piles, build in suit, Aces up to Kings"
    variant = FORTRESS


class Chessboard(PatienceGame):
    """Chessboard (Fives): Fortress with wrap and a base rank set by the first card home."""

    name = "chessboard"
    options_class = ChessboardOptions
    summary = "Chessboard patience: Fortress with wrap-around and a free foundation base"
    variant = CHESSBOARD
