"""Information-set Monte Carlo tree search (single-observer ISMCTS) for any game.

One tree is grown over the searching seat's information set (Cowling, Powley and Whitehouse,
2012, "SO-ISMCTS"). Every iteration draws a fresh determinization with
``state.resample_hidden(seat, rng)`` (a plain copy in perfect-information games), walks the
tree in it by UCB over the actions legal there, expands one action, plays a rollout and backs
the per-seat returns up the path. Choices:

- Edges are keyed by (player, action). A child's statistics are its mover's returns, and the
  UCB term counts how often the child was *available* (legal in the determinization), as
  ISMCTS does for actions that exist only in some determinizations.
- Chance nodes are open loop: an outcome is drawn by its probability and the walk stays at
  the same tree node, so the tree never branches on cards the seat cannot see.
- Rollouts use the game's search hooks (``game.ai().hooks``) when it has them: ``order``
  scores (or the optional batch form ``scores(state, actions)``, None where a game has
  none) pick the rollout action (uniform among the best, and uniform over all with
  probability ``epsilon``) and the untried action to expand first. With ``rollout_depth``
  > 0 the rollout stops after that many actions, at the next chance node when ``settle``
  (card games: after the round or trick), and is scored by the hooks' optional
  ``values(state)`` (one value per seat in [-1, 1]) or, in two-player games at a player's
  turn, by ``tanh(evaluate / scale)``. Rollouts are played by ``kibitz.core.play.play_out``.
  Without hooks, or with ``rollout=random``, rollouts are uniform and play to the end;
  ``hooks=NAME`` uses other hooks the game names (``GameAI.other_hooks``).
- Returns are per seat, so any number of players works; teams need nothing extra when the
  game's returns already give every member the team's result.
- When the next call continues the same information set with the action chosen last (a seat
  laying several cards in one turn), the subtree below that action is kept and only the
  missing iterations are run.

The budget is ``iterations`` (deterministic for a fixed seed); ``time_cap`` (seconds) only
bounds interactive play. A forced move is searched too, so that its estimate is reported.
"""

from __future__ import annotations

import math
import time

from kibitz.ai.hooks import search_hooks
from kibitz.core.agent import Agent
from kibitz.core.errors import InvalidOptions
from kibitz.core.game import CHANCE, TERMINAL, Game, State
from kibitz.core.play import play_out


def expected(value: float) -> float:
    """The expected score in [0, 1] of a mean return in [-1, 1]."""
    return min(1.0, max(0.0, (value + 1.0) / 2.0))


class Node:
    """Statistics of one edge of the tree: visits, availability and its mover's total return."""

    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[int, Node] = {}


class ISMCTSAgent(Agent):
    """Single-observer information-set MCTS with optional hook-guided rollouts.

    After ``choose``: ``simulations`` is the number of iterations run by that call, and
    ``last_expected`` the mover's expected score of the chosen action (0 a certain loss,
    0.5 even, 1 a certain win): its mean return at the root, averaged over the
    determinizations the search drew from the mover's information only, mapped from
    [-1, 1] to [0, 1]. Where leaves are valued by the hooks, that is the hooks' value (for
    a card game, often the current hand's rather than the whole game's).
    """

    kind = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 1000,
        c: float = 0.7,
        rollout: str = "hooks",
        rollout_depth: int = 0,
        settle: bool = True,
        epsilon: float = 0.2,
        scale: float = 400.0,
        reuse: bool = True,
        time_cap: float | None = None,
        hooks: str = "",
    ) -> None:
        super().__init__(seed)
        if iterations < 1:
            raise InvalidOptions(f"ismcts: iterations must be at least 1, got {iterations}")
        if rollout not in ("hooks", "random"):
            raise InvalidOptions(f"ismcts: rollout must be hooks or random, got {rollout!r}")
        if rollout_depth < 0:
            raise InvalidOptions(f"ismcts: rollout_depth must be >= 0, got {rollout_depth}")
        if c < 0 or scale <= 0 or (time_cap is not None and time_cap <= 0):
            raise InvalidOptions(
                f"ismcts: c must be at least 0, scale and time_cap positive, got c={c}, "
                f"scale={scale}, time_cap={time_cap}"
            )
        if not 0.0 <= epsilon <= 1.0:
            raise InvalidOptions(f"ismcts: epsilon must be in [0, 1], got {epsilon}")
        self.iterations, self.c, self.rollout = iterations, c, rollout
        self.rollout_depth, self.settle, self.epsilon = rollout_depth, settle, epsilon
        self.scale, self.reuse, self.time_cap = scale, reuse, time_cap
        self.hooks_name = hooks
        self.simulations = 0
        self.last_expected = 0.5
        self._kept: tuple[str, Node] | None = None

    def reset(self) -> None:
        """Restart the random stream and forget any kept subtree."""
        super().reset()
        self._kept = None

    # -- entry point -----------------------------------------------------------------------
    def choose(self, state: State, seat: int) -> int:
        actions = state.legal_actions()
        self.simulations = 0
        self._setup(state.game)
        key = state.information_state_key(seat) if self.reuse else ""
        root = Node(seat)
        if self._kept is not None and self._kept[0] == key:
            root = self._kept[1]
        self._kept = None
        deadline = time.perf_counter() + self.time_cap if self.time_cap else None
        perfect = state.game.perfect_information
        base = state.clone() if perfect else None
        while root.visits < self.iterations:
            if deadline is not None and self.simulations and time.perf_counter() > deadline:
                break
            det = base if base is not None else state.resample_hidden(seat, self.rng)
            pushed = self._iterate(det, root)
            if base is not None:
                for _ in range(pushed):
                    base.undo()
            self.simulations += 1
        best = self._most_visited(root, seat, actions)
        child = root.children.get(seat * self._num_actions + best)
        self.last_expected = expected(child.total / child.visits) if child else 0.5
        if self.reuse and child is not None:
            after = state.clone()
            after.push(best)
            self._kept = (after.information_state_key(seat), child)
        return best

    def _setup(self, game: Game) -> None:
        """Bind the game's hooks (if any) and the action id space for this search."""
        self._num_actions = game.num_distinct_actions
        self._num_players = game.num_players
        hooks = None
        if self.rollout == "hooks":
            hooks = search_hooks(game, self.hooks_name) if self.hooks_name else game.ai().hooks
        self._order = hooks.order if hooks is not None else None
        self._scores = hooks.scores if hooks is not None else None
        self._values = hooks.values if hooks is not None else None
        self._evaluate = hooks.evaluate if hooks is not None else None

    def _most_visited(self, root: Node, seat: int, actions: list[int]) -> int:
        """The root action with the most visits (ties: the higher mean, then the lower id)."""
        base = seat * self._num_actions
        best, best_key = actions[0], (-1, -math.inf)
        for a in actions:
            child = root.children.get(base + a)
            if child is None:
                continue
            rank = (child.visits, child.total / child.visits if child.visits else -math.inf)
            if rank > best_key:
                best, best_key = a, rank
        return best

    # -- one iteration ---------------------------------------------------------------------
    def _iterate(self, state: State, root: Node) -> int:
        """Select, expand, roll out and back up once in ``state``; return the actions pushed."""
        rng, width, c = self.rng, self._num_actions, self.c
        node, path, pushed = root, [root], 0
        while True:
            player = state.current_player
            if player == TERMINAL:
                self._backup(path, state.returns())
                return pushed
            if player == CHANCE:
                state.push(rng.weighted(state.chance_outcomes()))
                pushed += 1
                continue
            children = node.children
            base = player * width
            untried: list[int] = []
            options: list[tuple[int, Node]] = []
            for a in state.legal_actions():
                child = children.get(base + a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
                    options.append((a, child))
            if untried:
                action = self._pick(state, untried)
                child = Node(player)
                children[base + action] = child
                state.push(action)
                path.append(child)
                values, plies = self._rollout(state)
                self._backup(path, values)
                return pushed + 1 + plies
            action, child = options[0]
            best = -math.inf
            for a, ch in options:
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best:
                    best, action, child = score, a, ch
            state.push(action)
            pushed += 1
            path.append(child)
            node = child

    @staticmethod
    def _backup(path: list[Node], values: list[float]) -> None:
        for node in path:
            node.visits += 1
            node.total += values[node.player]

    def _pick(self, state: State, actions: list[int]) -> int:
        """A rollout or expansion action: best by the hooks' order (ties at random), or random."""
        rng = self.rng
        order = self._order
        if order is None or len(actions) == 1 or rng.random() < self.epsilon:
            return rng.choice(actions)
        scores = self._scores(state, actions) if self._scores is not None else None
        if scores is None:
            scores = [order(state, a) for a in actions]
        best: list[int] = []
        top = -math.inf
        for a, score in zip(actions, scores, strict=True):
            if score > top:
                top, best = score, [a]
            elif score == top:
                best.append(a)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _rollout(self, state: State) -> tuple[list[float], int]:
        """Play on from ``state``; the per-seat values at the end and the actions pushed.

        With ``rollout_depth`` the rollout stops once that many actions are played, at the
        next chance node when ``settle``, where ``_leaf`` knows a value for the position.
        """
        limit, settle = self.rollout_depth, self.settle
        leaf: list[list[float]] = []

        def stop(after: State) -> str | None:
            nonlocal played
            played += 1
            if played < limit:
                return None
            player = after.current_player
            if player == TERMINAL or (settle and player != CHANCE):
                return None
            values = self._leaf(after)
            if values is None:
                return None
            leaf.append(values)
            return "leaf"

        played = 0
        plies, stopped = play_out(
            state, self._choose, self.rng, stop=stop if limit else None, checked=False
        )
        return (leaf[0] if stopped else state.returns()), plies

    def _choose(self, state: State, _seat: int) -> int:
        """A rollout action for the seat to act."""
        return self._pick(state, state.legal_actions())

    def _leaf(self, state: State) -> list[float] | None:
        """Heuristic per-seat values of a non-terminal state, or None where none is known."""
        values = self._values(state) if self._values is not None else None
        if values is not None:
            return list(values)
        player = state.current_player
        if self._evaluate is not None and self._num_players == 2 and player >= 0:
            v = math.tanh(self._evaluate(state) / self.scale)
            return [v, -v] if player == 0 else [-v, v]
        return None
