"""What spreading self-play over processes buys: one seeded `gdl train` run (its self-play
and fits, as gdl.ai.training_runs plays them) with 1 worker, then with 2, on the same
game; prints the wall seconds of each, the self-play games per wall-second, the speed-up,
the seconds of the final fit (one process's work, which does not spread) and the load
average of the machine before each run; checks both runs fitted the same weights.

    python bench/train_workers.py [GAME] [--games N] [--nodes N] [--workers 1,2]
                                  [--backend native|python]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="connect4")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--backend", default="native")
    args = parser.parse_args()
    from gdl import catalog
    from gdl.ai import selfplay, training_runs as runs
    source = runs.Source(catalog.load, args.game, (), args.backend)
    runs.keep_loaded(source, source.load())   # built once, before any clock starts
    answers, rates = [], {}
    for workers in (int(w) for w in args.workers.split(",")):
        load = os.getloadavg()[0]
        start = perf_counter()
        runner = runs.runner(workers)
        progress = runs.Progress()
        answer = runs.run(source, args.game, args.games, args.seed, args.nodes, runner,
                          progress)
        runner.close()
        seconds = perf_counter() - start
        fit_start = perf_counter()
        selfplay.fit(*progress.samples())
        fit = perf_counter() - fit_start
        rates[workers] = args.games / seconds
        answers.append(answer)
        print(f"{args.game}: {workers} worker(s): {args.games} games at {args.nodes} nodes in "
              f"{seconds:.1f} s wall ({rates[workers]:.2f} games/s; the final fit "
              f"{fit:.2f} s); load average before {load:.2f} on {os.cpu_count()} cores",
              flush=True)
    same = all(a == answers[0] for a in answers)
    base = min(rates)
    print("speed-up over 1 worker: " + ", ".join(
        f"{w} workers {r / rates.get(1, base):.2f}x" for w, r in rates.items() if w != 1)
        + f"; same weights: {same}")


if __name__ == "__main__":
    main()
