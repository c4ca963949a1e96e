"""Alpha-beta search for perfect-information games, in the shape of classic chess engines.

Iterative deepening, a transposition table keyed on the game's incremental Zobrist hash,
move ordering (TT move, captures by value, killers, history), quiescence over the game's
tactical moves, and a deterministic node budget with an optional wall-clock cap.

Negamax searches the true state and reads every other seat as the opponent: it needs perfect
information, no chance nodes and no partnerships. A one-player game (patience) is searched
as a plain maximisation, since every node is then the searching seat's.
"""

from __future__ import annotations

import time

from kibitz.ai.hooks import search_hooks
from kibitz.core.agent import Agent, Needs
from kibitz.core.capabilities import SearchHooks
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import State

WIN = 1_000_000.0
"""Score of a won game (less the plies it takes, so faster wins score higher)."""
EXACT, LOWER, UPPER = 0, 1, 2


class BudgetExhausted(Exception):
    """Raised inside the search when the node budget or time cap runs out."""


class AlphaBetaAgent(Agent):
    """Negamax alpha-beta with iterative deepening up to ``depth`` within ``nodes``."""

    kind = "alphabeta"
    needs = Needs(perfect_information=True, no_chance=True, no_teams=True)

    def __init__(
        self,
        seed: int = 0,
        depth: int = 4,
        nodes: int | None = None,
        time_cap: float | None = None,
        quiescence: bool = True,
        tt: bool = True,
        qdepth: int = 6,
    ) -> None:
        super().__init__(seed)
        if depth < 1 or (nodes is not None and nodes < 1) or qdepth < 0:
            raise InvalidOptions(
                f"alphabeta: depth and nodes must be at least 1 and qdepth at least 0, got "
                f"depth={depth}, nodes={nodes}, qdepth={qdepth}"
            )
        if time_cap is not None and time_cap <= 0:
            raise InvalidOptions(f"alphabeta: time_cap must be positive seconds, not {time_cap}")
        self.depth, self.node_budget, self.time_cap = depth, nodes, time_cap
        self.quiescence, self.use_tt, self.qdepth = quiescence, tt, qdepth
        self.nodes = 0
        self.last_depth = 0
        self.last_score = 0.0

    # -- entry point -----------------------------------------------------------------------
    def choose(self, state: State, seat: int) -> int:
        self.hooks: SearchHooks = search_hooks(state.game)
        self.state = state.clone()
        self.nodes = 0
        self.deadline = time.perf_counter() + self.time_cap if self.time_cap else None
        self.tt: dict[int, tuple[int, float, int, int]] = {}
        self.killers: dict[int, list[int]] = {}
        self.history_table: dict[int, int] = {}
        actions = self.state.legal_actions()
        best = actions[0]  # a forced move is searched too: its score is reported (analysis)
        for depth in range(1, self.depth + 1):
            try:
                score, move = self._root(depth, best)
            except BudgetExhausted:
                break
            best, self.last_score, self.last_depth = move, score, depth
            if abs(score) >= WIN - 1000:
                break
        return best

    def _root(self, depth: int, previous: int) -> tuple[float, int]:
        state = self.state
        me = state.current_player
        actions = self._ordered(state.legal_actions(), previous, 0)
        alpha, best = float("-inf"), actions[0]
        for action in actions:
            state.push(action)
            try:
                value = self._child_value(me, depth - 1, alpha, float("inf"), 1)
            finally:
                state.undo()
            if value > alpha:
                alpha, best = value, action
        return alpha, best

    # -- search ----------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise BudgetExhausted
        deadline = self.deadline
        if deadline is not None and not self.nodes & 1023 and time.perf_counter() > deadline:
            raise BudgetExhausted

    def _child_value(self, me: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Value for ``me`` of the position after ``me`` moved (the child is on the board)."""
        state = self.state
        if state.is_terminal():
            r = state.returns()[me]
            return r * (WIN - ply) if r else 0.0
        if state.current_player == me:
            return self._search(depth, alpha, beta, ply)
        return -self._search(depth, -beta, -alpha, ply)

    def _search(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax value for the player to move, who is not yet terminal."""
        if depth <= 0:
            return self._quiesce(alpha, beta, ply, 0) if self.quiescence else self._static()
        self._tick()
        state = self.state
        me = state.current_player
        key = self.hooks.key(state)
        tt_move = -1
        if self.use_tt:
            entry = self.tt.get(key)
            if entry is not None:
                e_depth, e_value, e_flag, tt_move = entry
                if e_depth >= depth:
                    if e_flag == EXACT:
                        return e_value
                    if e_flag == LOWER and e_value >= beta:
                        return e_value
                    if e_flag == UPPER and e_value <= alpha:
                        return e_value
        original_alpha = alpha
        best_value, best_move = float("-inf"), -1
        for action in self._ordered(state.legal_actions(), tt_move, ply):
            state.push(action)
            try:
                value = self._child_value(me, depth - 1, alpha, beta, ply + 1)
            finally:
                state.undo()
            if value > best_value:
                best_value, best_move = value, action
            if value > alpha:
                alpha = value
            if alpha >= beta:
                if self.hooks.order(state, action) <= 0:
                    killers = self.killers.setdefault(ply, [])
                    if action not in killers:
                        killers.insert(0, action)
                        del killers[2:]
                    self.history_table[action] = self.history_table.get(action, 0) + depth * depth
                break
        if self.use_tt:
            flag = UPPER if best_value <= original_alpha else LOWER if best_value >= beta else EXACT
            self.tt[key] = (depth, best_value, flag, best_move)
        return best_value

    def _static(self) -> float:
        self._tick()
        return self.hooks.evaluate(self.state)

    def _quiesce(self, alpha: float, beta: float, ply: int, qply: int) -> float:
        """Stand pat on the static value, then follow tactical moves only.

        Where every legal move is tactical (a compulsory capture), standing pat is not an
        option: the side to move must play one of them.
        """
        state = self.state
        legal = state.legal_actions()
        tactical = self.hooks.tactical(state, legal)
        stand = self._static()
        if qply >= self.qdepth or not tactical:
            return stand
        if len(tactical) < len(legal):
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
        me = state.current_player
        for action in tactical:
            state.push(action)
            try:
                if state.is_terminal():
                    r = state.returns()[me]
                    value = r * (WIN - ply) if r else 0.0
                elif state.current_player == me:
                    value = self._quiesce(alpha, beta, ply + 1, qply + 1)
                else:
                    value = -self._quiesce(-beta, -alpha, ply + 1, qply + 1)
            finally:
                state.undo()
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha

    def _ordered(self, actions: list[int], first: int, ply: int) -> list[int]:
        """TT move first, then captures by value, killers, and the history heuristic."""
        state, order = self.state, self.hooks.order
        killers = self.killers.get(ply, ())
        history = self.history_table

        def score(action: int) -> float:
            if action == first:
                return 1e12
            s = order(state, action)
            if s > 0:
                return 1e9 + s
            if action in killers:
                return 1e8
            return history.get(action, 0)

        return sorted(actions, key=score, reverse=True)
