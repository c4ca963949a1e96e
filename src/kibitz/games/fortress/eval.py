"""Computer players for Fortress and Chessboard: the solver agent, a heuristic, search hooks.

The solver agent plays the solver's hint (the next move of a checked winning line), so it wins
every deal its node budget proves winnable. The heuristic agent looks one move ahead with the
solver's move-ordering score and never goes back to a position it has already played from
while it has a fresh one to go to. ``random`` and ``greedy`` work through ``SEARCH_HOOKS``.
"""

from __future__ import annotations

from kibitz.core.agent import Agent, Needs
from kibitz.core.capabilities import SearchHooks
from kibitz.core.rng import Rng
from kibitz.games.fortress.analysis import INTERACTIVE_NODES
from kibitz.games.fortress.board import NUM_PILES
from kibitz.games.fortress.notation import FOUNDATION, decode
from kibitz.games.fortress.rules import PatienceState
from kibitz.games.fortress.solver import (
    LOSS,
    WIN,
    move_scores,
    position_score,
    solve,
)

MOBILITY = 16
"""Score of each legal move the position after a move leaves (a card home is worth 64)."""
DEAD_END = 10**6
"""Penalty of a move after which no move is left (a lost game)."""
PositionKey = tuple[frozenset[bytes], int]


def position_key(state: PatienceState) -> PositionKey:
    """The position up to the order of the piles (which are interchangeable), with the base."""
    b = state.board
    return frozenset(bytes(p) for p in b.piles), b.base


def _game_of(state: PatienceState) -> tuple[str, int | None, str | None]:
    """What identifies the game a state belongs to: its name and its deal or start position."""
    return state.game.name, state.seed, state.start_position


class HeuristicAgent(Agent):
    """One move of lookahead: the solver's score plus mobility; safe foundation moves first.

    Moves to a position it has already played from come last (fewest visits first), so it
    explores instead of going round in circles; ``noise`` adds a uniform term of that size
    (a card home is worth 64) to every other score, and seeded tie-breaks pick among equals.
    """

    kind = "heuristic"
    needs = Needs(perfect_information=True)

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        super().__init__(seed)
        self.noise = noise
        self._seen: dict[PositionKey, int] = {}
        self._game: tuple[str, int | None, str | None] | None = None
        self._plies = 0

    def reset(self) -> None:
        super().reset()
        self._seen.clear()
        self._game = None

    def choose(self, state: PatienceState, seat: int) -> int:
        self._remember(state)
        safe = state.safe_actions()
        if safe:
            return safe[0]
        scores = move_scores(state)
        rng, seen, noise = self.rng, self._seen, self.noise
        probe = state.clone()
        best, best_rank = -1, (0, 0.0)
        for action in state.legal_actions():
            probe.push(action)
            visits = seen.get(position_key(probe), 0)
            moves = len(probe.legal_actions())
            dead = not moves and not probe.is_won()
            probe.undo()
            score = scores.get(action, -DEAD_END) + MOBILITY * moves - DEAD_END * dead
            score += rng.random() * (noise or 1e-3)
            rank = (-visits, score)
            if best < 0 or rank > best_rank:
                best, best_rank = action, rank
        return best

    def _remember(self, state: PatienceState) -> None:
        """Count this position as visited; forget the visits when a new game (or undo) starts."""
        game = _game_of(state)
        if game != self._game or len(state.history) < self._plies:
            self._seen.clear()
            self._game = game
        self._plies = len(state.history)
        key = position_key(state)
        self._seen[key] = self._seen.get(key, 0) + 1


class SolverAgent(Agent):
    """Plays the solver's hint: the next move of a winning line the rules engine has checked.

    The solver runs with a node budget of ``nodes`` (and ``time_cap`` seconds at most when it
    is positive, for interactive play). A winning line is kept and followed while the game
    goes along it, so a won deal costs one search; a position proven lost (its descendants
    are lost too) and an undecided one are played by the heuristic agent, and an undecided
    one is searched again at the next move.
    """

    kind = "solver"
    needs = Needs(perfect_information=True)

    def __init__(self, seed: int = 0, nodes: int = INTERACTIVE_NODES, time_cap: float = 0.0):
        super().__init__(seed)
        self.nodes, self.time_cap = nodes, time_cap
        self.fallback = HeuristicAgent(seed)
        self.searched = 0
        """Solver positions searched so far (for benchmarks)."""
        self._line: tuple[tuple, list[int]] | None = None
        self._lost: tuple[tuple, list[int]] | None = None

    def reset(self) -> None:
        super().reset()
        self.fallback.reset()
        self._line = self._lost = None

    def choose(self, state: PatienceState, seat: int) -> int:
        history, game = state.history, _game_of(state)
        if self._line and self._line[0] == game:
            line = self._line[1]
            n = len(history)
            if n < len(line) and line[:n] == history:
                return line[n]
        if self._lost and self._lost[0] == game:
            lost = self._lost[1]
            if history[: len(lost)] == lost:
                return self.fallback.choose(state, seat)
        result = solve(state, node_limit=self.nodes, time_limit=self.time_cap or None)
        self.searched += result.nodes
        if result.verdict == WIN:
            self._line = (game, [*history, *result.moves])
            return result.moves[0]
        if result.verdict == LOSS:
            self._lost = (game, list(history))
        return self.fallback.choose(state, seat)


_ZOBRIST_RNG = Rng(0xF027E5)
_ZOBRIST = tuple(_ZOBRIST_RNG.next_u64() for _ in range(53 * 52 + 14))
"""Random keys: card ``c`` lying on card ``below`` (52 = a pile's bottom), and the base."""


class PatienceSearchHooks(SearchHooks):
    """What generic search agents (greedy, alpha-beta) know about Fortress and Chessboard."""

    def key(self, state: PatienceState) -> int:
        """Zobrist key of the position, the same whatever order the piles are in."""
        key = _ZOBRIST[53 * 52 + (state.board.base + 1)]
        for pile in state.board.piles:
            below = 52
            for c in pile:
                key ^= _ZOBRIST[c * 53 + below]
                below = c
        return key

    def evaluate(self, state: PatienceState) -> float:
        """The solver's score, offset so every live position beats a lost game (0)."""
        return float(position_score(state) + 4096)

    def tactical(self, state: PatienceState, actions: list[int]) -> list[int]:
        """Foundation moves, best first."""
        home = [a for a in actions if decode(a)[1] == FOUNDATION]
        home.sort(key=lambda a: self.order(state, a), reverse=True)
        return home

    def order(self, state: PatienceState, action: int) -> int:
        """Foundation moves first, then moves that empty a pile, then the rest."""
        source, dest = decode(action)
        if dest == FOUNDATION:
            return 2
        return int(source < NUM_PILES and len(state.board.piles[source]) == 1)


SEARCH_HOOKS = PatienceSearchHooks()

AGENTS = {"solver": SolverAgent, "heuristic": HeuristicAgent}
"""Agent kinds of this package, for specs such as ``solver:nodes=300`` or ``heuristic``."""

LEVELS = {
    1: "heuristic:noise=400",
    2: "heuristic",
    3: "solver:nodes=100",
    4: f"solver:nodes={INTERACTIVE_NODES},time_cap=5",
}
"""Computer levels: 1 a noisy heuristic, 2 the heuristic, 3 a solver on a small budget, 4 the
solver with the interactive limit (capped at 5 s a move)."""

