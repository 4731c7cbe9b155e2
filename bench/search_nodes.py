"""The C alpha-beta's work to a fixed depth: nodes, nodes/s and the best move on a set of
positions, with every selective part on and the AI's evaluation (fitted where the game has
weights). A change to the search that should only be faster (the same tree) shows the same
nodes and moves; one that prunes or extends shows how the tree changed.

    python bench/search_nodes.py [NAME ...] [--depth D] [--positions N] [--repeat R]

Positions: the start and those a seeded random game reaches every 8 plies. Each search
starts on an empty table (a new searcher). Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.native_search import positions  # noqa: E402
from gdl import catalog  # noqa: E402
from gdl.ai.fitted import compiled_weights, fitted  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.native_alphabeta import SELECTIVE, NativeAlphaBeta  # noqa: E402

GAMES = {"chess": 6, "shogi": 4, "breakthrough": 6, "connect4": 10, "othello": 6,
         "draughts": 8}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--depth", type=int, default=0, help="0: each game's own (GAMES)")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3, help="timings: the median of R")
    parser.add_argument("--features", type=int, default=SELECTIVE)
    args = parser.parse_args()
    print(f"== C alpha-beta to a fixed depth, features {args.features}; load "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print(f"{'game':<13} {'depth':>5} {'nodes':>11} {'nodes/s':>10} {'seconds':>8}  moves")
    for name in args.games or list(GAMES):
        python = catalog.load(name)
        native = with_backend(python, "native")
        weights = compiled_weights(fitted(python))
        depth = args.depth or GAMES.get(name, 6)
        nodes, seconds, moves = 0, 0.0, []
        for state in positions(python, args.positions, seed=1):
            times = []
            for _ in range(args.repeat):
                search = NativeAlphaBeta(native, weights, depth=depth, selective=args.features)
                result = search.search(state)
                times.append(result.stats.seconds)
            nodes += result.stats.nodes
            seconds += statistics.median(times)
            moves.append(python.move_text(state, result.best_move))
        print(f"{name:<13} {depth:>5} {nodes:>11,} {nodes / seconds:>10,.0f} {seconds:>8.3f}  "
              f"{' '.join(moves)}", flush=True)


if __name__ == "__main__":
    main()
