"""MCTS iterations per second in one process: the tree in C (gdl.solvers.search.native_mcts), the
tree in Python with rollouts in C (gdl.solvers.search.mcts on the native back end), all Python,
and OpenSpiel's MCTSBot (random rollouts, its C++ game through pyspiel) as the peer the AI plays
against (bench/playoff_openspiel.py).

    python bench/native_mcts.py [NAME ...] [--seconds S] [--runs N]

Each searcher runs from the start for S seconds (OpenSpiel's: 1000 simulations, timed),
N times in turn; figures are medians. Prints figures only; nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.native_mcts import NativeMCTS  # noqa: E402
from gdl.solvers.search.mcts import MCTS  # noqa: E402

# gdl's name, its options, OpenSpiel's game
GAMES = {
    "clobber": ({}, "clobber"),
    "connect4": ({}, "connect_four"),
    "breakthrough": ({}, "breakthrough"),
    "othello": ({}, "othello"),
    "hex": ({}, "hex"),
    "go": ({"size": "9"}, "go(board_size=9,komi=7.5)"),
    "amazons": ({}, "amazons"),
}


def spiel_rate(spiel_name: str, seconds: float) -> float | None:
    """OpenSpiel MCTSBot's simulations per second from the start (None without pyspiel)."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game(spiel_name)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=1000,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    start, done = perf_counter(), 0
    while done == 0 or perf_counter() - start < seconds:
        bot.step(game.new_initial_state())
        done += 1000
    return done / (perf_counter() - start)


def rate(search, seconds: float) -> float:
    stats = search(seconds).stats
    return stats.iterations / stats.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<14}{'C tree':>12}{'Python tree':>13}{'all Python':>12}"
          f"{'OpenSpiel':>11}{'C/Py tree':>11}{'C/OpenSpiel':>13}   (iterations/s, medians)")
    for name in args.names:
        options, spiel_name = GAMES[name]
        python = catalog.load(name, options)
        native = with_backend(python, "native")
        evaluate = getattr(python, "heuristic", None) is not None
        searchers = {   # bound now: each game's own
            "c": lambda s, g=native, e=evaluate: NativeMCTS(g, None, evaluate=e, seed=1).search(
                time_limit=s),
            "tree": lambda s, g=native: MCTS(g, seed=1).search(time_limit=s),
            "python": lambda s, g=python: MCTS(g, seed=1).search(time_limit=s),
        }
        figures: dict[str, list[float]] = {k: [] for k in searchers}
        for _ in range(args.runs):
            for key, search in searchers.items():
                figures[key].append(rate(search, args.seconds))
        c, tree, py = (statistics.median(figures[k]) for k in ("c", "tree", "python"))
        spiel = spiel_rate(spiel_name, args.seconds)
        peer = f"{spiel:>11,.0f}" if spiel else f"{'-':>11}"
        ratio = f"{c / spiel:>13.1f}" if spiel else f"{'-':>13}"
        print(f"{name:<14}{c:>12,.0f}{tree:>13,.0f}{py:>12,.0f}{peer}{c / tree:>11.1f}{ratio}",
              flush=True)


if __name__ == "__main__":
    main()
