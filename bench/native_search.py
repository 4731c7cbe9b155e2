"""The AI's alpha-beta in C against Python's, in one process: nodes per second and the depth
each reaches in the same time, with the evaluation the AI uses (the fitted one where the
game has weights, else the derived one).

    python bench/native_search.py [NAME ...] [--seconds S] [--positions N]

Each game is searched from the start and from positions a seeded random game reaches
(every 8 plies), the two back ends taking turns on each; figures are medians over the
positions. Prints figures only; nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta  # noqa: E402
from gdl.solvers.search.alphabeta import AlphaBeta  # noqa: E402
from gdl.solvers.search.tables import BoundedTable  # noqa: E402
from gdl.ai.fitted import compiled_weights, fitted  # noqa: E402

GAMES = ("tictactoe", "connect4", "breakthrough", "clobber", "othello", "draughts", "uttt",
         "gomoku", "hex", "dots_and_boxes", "pentago", "chess", "go", "mancala",
         "nine_mens_morris", "antichess", "lines_of_action", "shogi")


def positions(game, count: int, seed: int) -> list:
    rng, state, out = random.Random(seed), game.initial_state(), []
    for ply in range(8 * count):
        if game.is_terminal(state):
            break
        if ply % 8 == 0:
            out.append(state)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args()
    print(f"== alpha-beta for {args.seconds:g} s a position: C (gdl_search) against Python "
          f"(AlphaBeta); medians over {args.positions} positions; load "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'game':<17} {'eval':>7} {'C nodes/s':>11} {'C depth':>7} {'py nodes/s':>10} "
          f"{'py depth':>8} {'C/py':>6}")
    for name in args.games or GAMES:
        python = catalog.load(name)
        native = with_backend(python, "native")
        found = fitted(python)
        weights = compiled_weights(found)
        heuristic = found[0] if found else getattr(python, "heuristic", None)
        if heuristic is None:
            print(f"{name:<17} no evaluation to compile (the AI uses Python's mobility)")
            continue
        c = NativeAlphaBeta(native, weights, time_limit=args.seconds)
        if not c.ready(python.initial_state()):
            print(f"{name:<17} the C search cannot take it")
            continue
        py = AlphaBeta(python, table=BoundedTable(200_000), time_limit=args.seconds,
                       evaluate=lambda s, h=heuristic, g=python: h(s)[g.current_player(s)])
        rows = []
        for state in positions(python, args.positions, seed=1):
            a, b = c.search(state), py.search(state)
            rows.append((a.stats.nodes / a.stats.seconds, a.stats.depth,
                         b.stats.nodes / b.stats.seconds, b.stats.depth))
        cn, cd, pn, pd = (statistics.median(r[i] for r in rows) for i in range(4))
        print(f"{name:<17} {'fitted' if found else 'derived':>7} {cn:>11,.0f} {cd:>7.0f} "
              f"{pn:>10,.0f} {pd:>8.0f} {cn / pn:>6.0f}", flush=True)


if __name__ == "__main__":
    main()
