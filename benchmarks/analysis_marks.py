"""How steady an analysis's marks are: the same games analysed from two seeds.

``--games`` whole games of GAME (its default options) are played by ``--players`` (one spec a
seat, e.g. ``level:2,level:3``) from deal ``--seed`` on, then analysed with the game's
analysis agent from analysis seeds 0 and 1, once for each ``--samples`` value (worlds drawn
to judge a move; none: the game's), with ``--spec`` (the searching agent; none: the game's
analysis agent). One line a value: the moves marked from each seed, the moves marked from
both, their overlap (marked from both / from either: 1.0 when the marks owe nothing to the
draws) and the seconds of one pass over the games. Only a win-probability analysis draws;
the others give an overlap of 1.0.

Run: python benchmarks/analysis_marks.py tchess [--games 10] [--samples 2,24] [--seed 2000]
     python benchmarks/analysis_marks.py rook --games 6 --spec "rookbot:...,iterations=400"
"""

from __future__ import annotations

import argparse
import time

import kibitz
from kibitz.ai.analysis import analysis_steps, whole
from kibitz.ai.specs import make_agent
from kibitz.core.game import CHANCE, Game, State
from kibitz.core.rng import Rng


def whole_game(game: Game, players: list[str], deal: int) -> tuple[State, list[int]]:
    """The start and the actions of a game from ``deal``, seat ``i`` played by ``players[i]``."""
    start = game.start(deal)
    state, rng = start.clone(), Rng(deal)
    agents = [make_agent(players[i % len(players)], game, deal + 50 * i)
              for i in range(game.num_players)]  # fmt: skip
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state.apply(rng.weighted(state.chance_outcomes()))
        else:
            state.apply(agents[seat].choose(state.clone(), seat))
    return start, list(state.history)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--samples", default="", help="comma-separated worlds a move")
    parser.add_argument("--spec", default=None, help="the searching agent's spec")
    parser.add_argument("--players", default="level:2,level:3")
    parser.add_argument("--seed", type=int, default=2000)
    args = parser.parse_args()
    game = kibitz.load(args.game)
    players = args.players.split(",")
    games = [whole_game(game, players, args.seed + g) for g in range(args.games)]
    moves = sum(len(actions) for _, actions in games)
    print(f"{args.game}: {args.games} games from deal {args.seed}, {moves} actions, "
          f"{' against '.join(players)}, analysed by {args.spec or 'the game'}",
          flush=True)  # fmt: skip
    counts = [int(s) for s in args.samples.split(",")] if args.samples else [None]
    for samples in counts:
        marked: list[list[set[int]]] = []
        t = time.perf_counter()
        for seed in (0, 1):
            marked.append([
                {n.ply for n in whole(analysis_steps(game, start, actions, args.spec,
                                                     samples=samples, seed=seed)).moves
                 if n.mark}
                for start, actions in games
            ])  # fmt: skip
        seconds = (time.perf_counter() - t) / 2
        both = sum(len(a & b) for a, b in zip(*marked, strict=True))
        either = sum(len(a | b) for a, b in zip(*marked, strict=True))
        first, second = (sum(map(len, m)) for m in marked)
        print(f"samples {samples or 'the game':>3}: marked {first} and {second}, in both "
              f"{both}, overlap {both / max(either, 1):.2f}, {seconds:.1f} s a pass",
              flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
