"""Search speed of the computer players: nodes/s of alpha-beta, simulations/s of MCTS.

Run: python benchmarks/search.py [ENTRY ...]   (default: every entry)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import kibitz
from kibitz.ai.ismcts import ISMCTSAgent
from kibitz.ai.specs import make_agent
from kibitz.core.agent import Agent
from kibitz.core.game import State
from kibitz.core.play import play_random
from kibitz.core.rng import Rng


def positions(game: str, count: int, plies: int, **options: object) -> list[State]:
    """Decision points reached by random play (``plies`` random actions, then on to a seat)."""
    g = kibitz.load(game, **options)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = play_random(g.new_initial_state(seed), Rng(seed), max_plies=plies + seed % 7)
        seed += 1
        if state.current_player >= 0 and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def searched(states: list[State], make: Callable[[int], object], count: str) -> tuple[int, float]:
    """Let a fresh agent ``make(i)`` choose in each state; total of its ``count`` and seconds."""
    total = 0
    start = time.perf_counter()
    for i, state in enumerate(states):
        agent = make(i)
        agent.choose(state, state.current_player)  # type: ignore[attr-defined]
        total += getattr(agent, count)
    return total, time.perf_counter() - start


def mcts_tchess() -> None:
    """ISMCTS simulations/s on TCHESS Cards (each one a fresh determinization), with the
    generic agent's rollout noise and without it (``epsilon=0``, as levels 2-4 play)."""
    states = positions("tchess", 20, 30)
    for epsilon in (0.2, 0.0):
        sims, elapsed = searched(
            states,
            lambda i, e=epsilon: ISMCTSAgent(
                i, iterations=200, rollout_depth=1, reuse=False, epsilon=e
            ),
            "simulations",
        )
        print(
            f"tchess ismcts epsilon={epsilon} (rollouts to the end of the round): "
            f"{sims / elapsed:,.0f} simulations/s ({sims} in {elapsed:.2f} s, "
            f"{elapsed / len(states) * 1000:.0f} ms per 200-iteration move)"
        )


def alphabeta(game: str, depth: int, nodes: int, **options: object) -> None:
    """Alpha-beta nodes/s (iterative deepening, quiescence on) from positions of random play."""
    from kibitz.ai.alphabeta import AlphaBetaAgent

    states = positions(game, 8, 20, **options)
    count, elapsed = searched(states, lambda _i: AlphaBetaAgent(depth=depth, nodes=nodes), "nodes")
    print(
        f"{game} alphabeta: {count / elapsed:,.0f} nodes/s "
        f"({count} in {elapsed:.2f} s, {elapsed / len(states) * 1000:.0f} ms per "
        f"depth-{depth} move)"
    )


def fast_search(game: str, agent: Callable[..., Agent], py_depth: int, **options: object) -> None:
    """A compiled core beside the Python alpha-beta, on the same positions and run."""
    from kibitz.ai.alphabeta import AlphaBetaAgent

    states = positions(game, 8, 20, **options)
    agent(nodes=1000).choose(states[0], states[0].current_player)  # load the cache
    py_nodes, py_time = searched(
        states, lambda _i: AlphaBetaAgent(depth=py_depth, nodes=20000), "nodes"
    )
    nodes, elapsed = searched(states, lambda _i: agent(nodes=300_000), "nodes")
    py_rate, rate = py_nodes / py_time, nodes / elapsed
    print(
        f"{game} fast (compiled) alphabeta: {rate:,.0f} nodes/s ({nodes} in {elapsed:.2f} s, "
        f"{elapsed / len(states) * 1000:.0f} ms per 300,000-node move); python alphabeta "
        f"{py_rate:,.0f} nodes/s in the same run: {rate / py_rate:.1f}x"
    )


def fast_smess() -> None:
    """The compiled Smess core against the Python alpha-beta."""
    from kibitz.games.smess.engine import FastSmessAgent

    fast_search("smess", FastSmessAgent, 5)


def fast_cardmate() -> None:
    """The compiled Cardmate core against the Python alpha-beta (match setups)."""
    from kibitz.games.cardmate.engine import FastCardmateAgent

    fast_search("cardmate", FastCardmateAgent, 4, suit_setup=True)


def mcts_rook() -> None:
    """The Rook agent's simulations/s, Python engine against compiled: card play (PIMC, with a
    lookahead, and IS-MCTS) and bidding samples (determinizations included); the draws alone."""
    from kibitz.games.rook.agent import RookAgent
    from kibitz.games.rook.determinize import Draws
    from kibitz.games.rook.fast import fast_playout
    from kibitz.games.rook.playout import playout
    from kibitz.games.rook.policies import cautious_action
    from kibitz.games.rook.position import AUCTION, PLAY

    game = kibitz.load("rook", max_hands=1)
    plays, calls = [], []
    for seed in range(40):
        state, rng = game.new_initial_state(seed), Rng(seed)
        while not state.is_terminal() and len(plays) < 12:
            if state.current_player >= 0 and len(state.legal_actions()) > 1:
                if state.p.phase == PLAY and len(state.p.tricks) < 5 and seed % 2:
                    plays.append(state.clone())
                elif state.p.phase == AUCTION and len(calls) < 12:
                    calls.append(state.clone())
            state.push(cautious_action(state, rng))
    warm = make_agent("rookbot:iterations=2,play=pimc,depth=2", game, 0)
    warm.choose(plays[0], plays[0].current_player)  # the compiled code loads (or compiles)
    runs = [("pimc", 60, engine, 0) for engine in ("python", "compiled")]
    runs += [("pimc", 60, "compiled", 4)]
    runs += [("ismcts", 150, engine, 0) for engine in ("python", "compiled")]
    for play, iterations, engine, depth in runs:
        sims = 0
        start = time.perf_counter()
        for i, state in enumerate(plays):
            spec = f"rookbot:iterations={iterations},play={play},engine={engine}"
            agent = make_agent(spec + (f",depth={depth}" if depth else ""), game, i)
            agent.choose(state, state.current_player)
            per = len(state.legal_actions()) if play == "pimc" else 1
            sims += iterations * per if play == "pimc" else agent._search.simulations
        elapsed = time.perf_counter() - start
        how = f"a {depth}-card lookahead, then " if depth else ""
        print(
            f"rook rookbot {play} card play, {engine} ({how}policy playouts to the end of the "
            f"hand): {sims / elapsed:,.0f} simulations/s ({elapsed / len(plays) * 1000:.0f} ms "
            f"per {iterations}-iteration card)"
        )
    for what, draw in (
        ("drawn positions (what PIMC's compiled card play reads)", Draws.position),
        ("determinizations (the state with its history rewritten)", Draws.draw),
    ):
        start = time.perf_counter()
        for i, state in enumerate(plays):
            draws, rng = Draws(state, state.current_player), Rng(i)
            for _ in range(200):
                draw(draws, rng)
        elapsed = time.perf_counter() - start
        print(f"rook {what}: {200 * len(plays) / elapsed:,.0f} draws/s (card play)")
    dets = [state.resample_hidden(state.current_player, Rng(i)) for i, state in enumerate(plays)]
    for engine, run in (("python", playout), ("compiled", fast_playout)):
        start = time.perf_counter()
        for _ in range(50):
            for det in dets:
                q = det.p
                run(
                    det.table, det.rules.must_trump_when_void, q.trump, list(q.hands), q.leader,
                    list(q.trick), list(q.tricks_won), list(q.taken),
                )  # fmt: skip
        elapsed = time.perf_counter() - start
        print(
            f"rook playouts alone, {engine}: {50 * len(dets) / elapsed:,.0f} hands played out/s "
            "(from the first five tricks, no determinization)"
        )
    for engine in ("python", "compiled"):
        start = time.perf_counter()
        for i, state in enumerate(calls):
            agent = RookAgent(i, samples=32, iterations=0, engine=engine)
            agent.bid_values(state, state.current_player)
        elapsed = time.perf_counter() - start
        print(
            f"rook rookbot bidding, {engine}: {32 * len(calls) / elapsed:,.0f} sampled hands/s "
            f"({elapsed / len(calls) * 1000:.0f} ms per 32-sample estimate)"
        )


def solver_patience() -> None:
    """The Fortress/Chessboard exact solver, Python reference vs compiled, on the same deals
    (deals/s and nodes/s, line check included); then the solver agent (level 4) on deals
    1-100: time per deal and move."""
    from kibitz.games.fortress.eval import SolverAgent
    from kibitz.games.fortress.fast import search
    from kibitz.games.fortress.solver import DEFAULT_NODES, solve

    deals = range(40001, 40301)
    for name in ("fortress", "chessboard"):
        game = kibitz.load(name)
        states = [game.new_initial_state(deal) for deal in deals]
        solve(states[0])  # the compiled code loads (or compiles) once
        rates = []
        for engine in ("python", "fast"):
            start = time.perf_counter()
            nodes = sum(solve(state, engine=engine).nodes for state in states)
            elapsed = time.perf_counter() - start
            rates.append(len(states) / elapsed)
            print(
                f"{name} solver ({engine}): {len(states) / elapsed:,.0f} deals/s, "
                f"{nodes / elapsed:,.0f} nodes/s (deals {deals.start}-{deals.stop - 1})"
            )
        start = time.perf_counter()
        nodes = sum(search(s.board, s.variant, DEFAULT_NODES, None)[2] for s in states)
        elapsed = time.perf_counter() - start
        print(
            f"{name} solver: compiled {rates[1] / rates[0]:.1f}x the Python deals/s; the "
            f"compiled search alone (no line check, no Result) {nodes / elapsed:,.0f} nodes/s"
        )
    for name in ("fortress", "chessboard"):
        game = kibitz.load(name)
        won = moves = searched = 0
        slowest = 0.0
        start = time.perf_counter()
        for deal in range(1, 101):
            agent, state = SolverAgent(deal, nodes=30_000), game.new_initial_state(deal)
            while not state.is_terminal():
                t = time.perf_counter()
                state.apply(agent.choose(state, 0))
                slowest = max(slowest, time.perf_counter() - t)
                moves += 1
            won += state.is_won()
            searched += agent.searched
        elapsed = time.perf_counter() - start
        print(
            f"{name} solver agent: {elapsed * 10:.0f} ms per deal, {moves / elapsed:,.0f} "
            f"moves/s, {searched / elapsed:,.0f} positions/s, slowest move {slowest * 1000:.0f} "
            f"ms ({won} of deals 1-100 won)"
        )


BENCHES: dict[str, Callable[[], None]] = {
    "mcts-tchess": mcts_tchess,
    "alphabeta-smess": lambda: alphabeta("smess", 5, 20000),
    "fast-smess": fast_smess,
    "alphabeta-cardmate": lambda: alphabeta("cardmate", 4, 20000, suit_setup=True),
    "fast-cardmate": fast_cardmate,
    "rookbot": mcts_rook,
    "solver-patience": solver_patience,
}
"""Every benchmark by name; each prints its figures."""


def main(names: list[str]) -> None:
    """Run the named benchmarks (all when none are named)."""
    for name in names or list(BENCHES):
        if name not in BENCHES:
            sys.exit(f"unknown benchmark {name!r}; known: {', '.join(BENCHES)}")
        BENCHES[name]()


if __name__ == "__main__":
    main(sys.argv[1:])
