"""Time to analyse a game with each game's default analysis (``kibitz analyse``'s agent).

A game of ``--moves`` player moves is played by ``--players`` (an agent spec, or ``random``)
from deal ``--seed`` (the first deal from it on that lasts that long), then analysed; one line
a game: the agent, the moves analysed, the seconds, the seconds until the first move was
judged (what a page or a terminal showing moves as they come waits before the first) and how
many moves were marked. ``--workers N`` shares each game's moves among N processes, as
``kibitz analyse RECORD --workers N`` does.

Run: python benchmarks/analysis.py [GAME ...] [--moves 60] [--players level:2] [--seed 7]
     [--workers 1]
"""

from __future__ import annotations

import argparse
import time

import kibitz
from kibitz.ai.specs import make_agent
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.record import make_record, replay
from kibitz.core.rng import Rng
from kibitz.lab.review import Judging, steps_apart


def played(game: Game, moves: int, players: str, seed: int) -> State:
    """The end of a game of ``moves`` player moves (fewer if none lasts)."""
    best: State | None = None
    for deal in range(seed, seed + 30):
        rng = Rng(deal)
        agents = [None if players == "random" else make_agent(players, game, i)
                  for i in range(game.num_players)]  # fmt: skip
        state, count = game.new_initial_state(deal), 0
        while not state.is_terminal() and count < moves:
            seat = state.current_player
            if seat == CHANCE:
                state.apply(rng.weighted(state.chance_outcomes()))
                continue
            agent = agents[seat]
            state.apply(agent.choose(state.clone(), seat) if agent else rng.choice(
                state.legal_actions()))
            count += 1
        if best is None or len(state.history) > len(best.history):
            best = state
        if count == moves:
            break
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=sorted(kibitz.games()))
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--players", default="level:2")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    for name in args.games:
        game = kibitz.load(name, **kibitz.load(name).length_defaults)
        done = replay(make_record(played(game, args.moves, args.players, args.seed)))
        t = time.perf_counter()
        analysis, notes = steps_apart(done, Judging(), args.workers)
        first = None
        for note in notes:
            analysis.moves.append(note)
            first = first or time.perf_counter() - t
        seconds = time.perf_counter() - t
        marked = sum(1 for note in analysis.moves if note.mark)
        print(f"{name:<10} {analysis.agent:<58} {len(analysis.moves):>4} moves "
              f"{seconds:>6.1f} s (first {first or 0:.2f} s)  {marked} marked", flush=True)


if __name__ == "__main__":
    main()
