"""Exact solver for Fortress and Chessboard positions (FO-14).

Depth-first search over positions in which every provably safe foundation move (FO-12) has
been played. A transposition table keyed on the *set* of piles (piles are interchangeable,
suits are not) makes the search visit each position once, so an exhausted search is a proof
of LOSS. Moves are tried in the order the spec recommends; moves into empty piles are
generated once (to the lowest empty pile), and a pile's only card never moves to an empty one.

``solve`` runs the compiled port of this search (``fast.py``) unless asked for the Python one
(``engine="python"``), which stays the reference the port is tested against.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field

from kibitz.core.errors import KibitzError
from kibitz.games.fortress.board import UNSET, Board
from kibitz.games.fortress.cards import RANK_OF, SUIT_OF
from kibitz.games.fortress.notation import FOUNDATION, encode, move_text
from kibitz.games.fortress.rules import Chessboard, Fortress, PatienceGame, PatienceState
from kibitz.games.fortress.variants import ADJACENT, Variant

WIN, LOSS, UNKNOWN = "WIN", "LOSS", "UNKNOWN"
DEFAULT_NODES = 5_000_000
_CARD = tuple(bytes((c,)) for c in range(52))


class SolverError(KibitzError, RuntimeError):
    """The solver produced a line the rules engine refuses (a bug, never a user error)."""


@dataclass(frozen=True)
class Result:
    """A verdict with its proof data: the winning line (action ids), nodes, most cards home."""

    verdict: str
    moves: tuple[int, ...] = field(default=())
    nodes: int = 0
    max_home: int = 0
    home: int = 0
    longer_than_cap: bool = False
    """UNKNOWN because the win found needs more moves than the ``max_moves`` cap leaves."""

    def notation(self) -> list[str]:
        """The winning line in move notation."""
        return [move_text(a) for a in self.moves]


class _Search:
    """Mutable search position: piles as bytes (bottom to top), card locations, foundations."""

    def __init__(self, board: Board, variant: Variant) -> None:
        self.piles = [bytes(p) for p in board.piles]
        self.found = list(board.found)
        self.base = board.base
        self.free_base = variant.free_base
        self.adj = ADJACENT[variant.wrap]
        self.where = [-1] * 52
        for i, p in enumerate(self.piles):
            for c in p:
                self.where[c] = i
        self.home = sum(self.found)

    # -- moves -------------------------------------------------------------------------
    def do(self, src: int, dst: int) -> int:
        """Move the top of pile ``src`` to pile ``dst`` or home (10); return the undo code."""
        piles = self.piles
        p = piles[src]
        c = p[-1]
        piles[src] = p[:-1]
        if dst == FOUNDATION:
            if self.base == UNSET:
                self.base = RANK_OF[c]
            self.found[SUIT_OF[c]] += 1
            self.home += 1
            self.where[c] = -1
        else:
            piles[dst] += _CARD[c]
            self.where[c] = dst
        return c << 8 | src << 4 | dst

    def undo(self, code: int) -> None:
        """Take back the move ``do`` returned ``code`` for."""
        c, src, dst = code >> 8, code >> 4 & 15, code & 15
        if dst == FOUNDATION:
            self.found[SUIT_OF[c]] -= 1
            self.home -= 1
            if self.free_base and self.home == 0:
                self.base = UNSET
        else:
            self.piles[dst] = self.piles[dst][:-1]
        self.piles[src] += _CARD[c]
        self.where[c] = src

    def next_card(self, suit: int) -> int:
        """The card the foundation of ``suit`` needs next (-1: full or no base)."""
        n = self.found[suit]
        if self.base == UNSET or n == 13:
            return -1
        return suit * 13 + (self.base + n) % 13

    def safe_closure(self, path: list[int]) -> None:
        """Play every safe foundation move (FO-12) until none is left, appending to ``path``."""
        piles, where, found = self.piles, self.where, self.found
        if self.base == UNSET:
            return
        progress = True
        while progress:
            progress = False
            for s in range(4):
                n = found[s]
                if n == 13 or (n == 0 and self.free_base):
                    continue
                c = s * 13 + (self.base + n) % 13
                i = where[c]
                if i >= 0 and piles[i][-1] == c:
                    path.append(self.do(i, FOUNDATION))
                    progress = True

    def key(self) -> frozenset[bytes]:
        """The transposition key: the set of piles (foundations follow from it)."""
        return frozenset(self.piles)

    def score(self) -> int:
        """Heuristic worth of the position: cards home, empty piles, few cards over next ones."""
        piles, where = self.piles, self.where
        empties = 0
        for p in piles:
            if not p:
                empties += 1
        buried = 0
        for s in range(4):
            c = self.next_card(s)
            if c >= 0:
                p = piles[where[c]]
                buried += len(p) - 1 - p.index(c)
        return self.home * 64 + empties * 24 - buried * 4

    def moves(self) -> list[int]:
        """Candidate moves as ``src << 4 | dst``, the most promising last (popped first)."""
        piles, where, adj = self.piles, self.where, self.adj
        empty = -1
        for i in range(10):
            if not piles[i]:
                empty = i
                break
        cands = []
        for i in range(10):
            p = piles[i]
            if not p:
                continue
            c = p[-1]
            n = len(p)
            if self.free_base and (
                self.base == UNSET or (self.found[SUIT_OF[c]] == 0 and RANK_OF[c] == self.base)
            ):
                cands.append(i << 4 | FOUNDATION)
            for a in adj[c]:
                j = where[a]
                if j >= 0 and j != i and piles[j][-1] == a:
                    cands.append(i << 4 | j)
            if empty >= 0 and n > 1:
                cands.append(i << 4 | empty)
        scored = []
        path: list[int] = []
        for m in cands:
            path.append(self.do(m >> 4, m & 15))
            self.safe_closure(path)
            scored.append((self.score(), m))
            while path:
                self.undo(path.pop())
        scored.sort()
        return [m for _, m in scored]


def solve(
    state: PatienceState | Board,
    variant: Variant | None = None,
    node_limit: int | None = DEFAULT_NODES,
    time_limit: float | None = None,
    engine: str = "fast",
) -> Result:
    """Solve a state (or a board of ``variant``): WIN with a checked line, LOSS, or UNKNOWN.

    ``engine``: ``"fast"`` (the compiled port in ``fast.py``) or ``"python"`` (``_dfs``, the
    reference); both give the same result, field for field. A state's ``max_moves`` cap is
    kept: a game it ended is lost, and a win longer than the moves it leaves is not claimed
    (UNKNOWN: the search finds a win, not the shortest)."""
    if not isinstance(state, PatienceState):
        if variant is None:
            raise TypeError("solve(board) needs the variant")
        return _solve_board(state, variant, node_limit, time_limit, engine, checked=False)
    if state.is_terminal():
        home = sum(state.board.found)
        return Result(WIN if state.is_won() else LOSS, (), 0, home, home)
    result = _solve_board(state.board, state.variant, node_limit, time_limit, engine,
                          checked=True)
    left = state.moves_left()
    if result.verdict == WIN and left is not None and len(result.moves) > left:
        return Result(UNKNOWN, (), result.nodes, result.max_home, result.home, True)
    return result


def _solve_board(
    board: Board, variant: Variant, node_limit: int | None, time_limit: float | None,
    engine: str, checked: bool,
) -> Result:
    """``solve`` on a board (``checked``: a state's, its cards already checked)."""
    if engine == "fast":
        from kibitz.games.fortress.fast import search as fast_search

        home0 = sum(board.found)
        verdict, path, nodes, best = fast_search(board, variant, node_limit, time_limit)
    elif engine == "python":
        search = _Search(board, variant)
        home0 = search.home
        verdict, path, nodes, best = _dfs(search, node_limit, time_limit)
    else:
        raise ValueError(f"engine must be 'fast' or 'python', got {engine!r}")
    moves = tuple(encode(code >> 4 & 15, code & 15) for code in path)
    if verdict == WIN:
        _check_line(board, variant, moves, valid=checked)
    return Result(verdict, moves if verdict == WIN else (), nodes, best, home0)


def _dfs(
    s: _Search, node_limit: int | None, time_limit: float | None
) -> tuple[str, list[int], int, int]:
    """The search loop: ``(verdict, path of undo codes, nodes, most cards home)``."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    path: list[int] = []
    s.safe_closure(path)
    best = s.home
    if s.home == 52:
        return WIN, path, 1, 52
    tables: dict[int, set[frozenset[bytes]]] = {}
    seen = tables.setdefault(s.base, set())
    seen.add(s.key())
    nodes = 1
    frames = [(s.moves(), len(path))]
    do, undo, closure = s.do, s.undo, s.safe_closure
    while frames:
        moves, mark = frames[-1]
        while len(path) > mark:
            undo(path.pop())
        if not moves:
            frames.pop()
            continue
        m = moves.pop()
        path.append(do(m >> 4, m & 15))
        closure(path)
        home = s.home
        if home > best:
            best = home
            if home == 52:
                return WIN, path, nodes, 52
        seen = tables.get(s.base)
        if seen is None:
            seen = tables[s.base] = set()
        k = frozenset(s.piles)
        if k in seen:
            continue
        seen.add(k)
        nodes += 1
        if node_limit is not None and nodes >= node_limit:
            return UNKNOWN, [], nodes, best
        if deadline is not None and not nodes & 1023 and time.monotonic() > deadline:
            return UNKNOWN, [], nodes, best
        frames.append((s.moves(), len(path)))
    return LOSS, [], nodes, best


@functools.cache
def _referee(free_base: bool) -> PatienceGame:
    """The game (default options: no move cap) that replays the solver's lines."""
    return Chessboard() if free_base else Fortress()


def _check_line(board: Board, variant: Variant, moves: tuple[int, ...], valid: bool) -> None:
    """Replay a winning line through the rules engine; raise SolverError if it fails.
    ``valid``: the board is a state's, so already checked (a bare board is checked here)."""
    game = _referee(variant.free_base)
    state = PatienceState(game, None, None, board.copy()) if valid else game.state_from_board(board)
    is_legal, push = state.is_legal, state.push
    for ply, action in enumerate(moves, 1):
        if not is_legal(action):
            raise SolverError(f"solver line is illegal at ply {ply} ({move_text(action)})")
        push(action)
    if not state.is_won():
        raise SolverError("solver line does not bring all 52 cards home")


def move_scores(state: PatienceState) -> dict[int, int]:
    """The search heuristic's score of the position after each legal pile move."""
    search = _Search(state.board, state.variant)
    out = {}
    for action in state.legal_actions():
        src, dst = divmod(action, 11)
        if src >= 10:
            continue
        path = [search.do(src, dst)]
        search.safe_closure(path)
        out[action] = search.score()
        while path:
            search.undo(path.pop())
    return out


def position_score(state: PatienceState) -> int:
    """The search heuristic's worth of the position itself (cards home, empty piles ...)."""
    return _Search(state.board, state.variant).score()
