"""What the king-safety term (gdl/ai/royal.py) costs the C alpha-beta: nodes/s with and
without it in one process, on the same positions at a fixed depth, the two runs alternating
so that the machine's load weighs on both alike. "Without" is the derived evaluation built
without the game's `attacked` test (as before the term), compiled into a library of its own.

    python bench/royal_speed.py [NAME ...] [--depth D] [--positions N] [--rounds R]

Prints the nodes, the median nodes/s over the rounds and their ratio; asserts nothing.
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
from gdl.ai.heuristics import derive  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta  # noqa: E402


def engines(name: str):
    """(with the term, without it): two NativeGames of the same rules."""
    with_term = catalog.load(name)
    without = catalog.load(name)
    assert with_term is not without
    without.heuristic = derive(without.ir, without.move_generator, without.margin_value)
    return with_backend(with_term, "native"), with_backend(without, "native")


def run(native, states, depth: int) -> tuple[int, float, list]:
    nodes, seconds, moves = 0, 0.0, []
    for state in states:
        result = NativeAlphaBeta(native, None, depth=depth).search(state)
        nodes += result.stats.nodes
        seconds += result.stats.seconds
        moves.append(native.move_text(state, result.best_move))
    return nodes, seconds, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=["chess"])
    for option, default in (("depth", 5), ("positions", 6), ("rounds", 3)):
        parser.add_argument(f"--{option}", type=int, default=default)
    args = parser.parse_args()
    print(f"== king safety's cost, depth {args.depth}; load {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} CPUs")
    for name in args.games:
        pair = engines(name)
        states = positions(pair[0], args.positions, seed=1)
        rates: list[list[float]] = [[], []]
        found = []
        for _ in range(args.rounds):
            found = [run(native, states, args.depth) for native in pair]
            for i, (nodes, seconds, _) in enumerate(found):
                rates[i].append(nodes / seconds)
        a, b = (statistics.median(r) for r in rates)
        for label, (nodes, _, moves), rate in zip(("with", "without"), found, (a, b)):
            print(f"{name:<8} {label:<8} {nodes:>10,} nodes {rate:>10,.0f} nodes/s  "
                  f"{' '.join(moves)}")
        print(f"{name:<8} ratio with/without {a / b:.2f} (rounds: "
              f"{', '.join(f'{x:,.0f}/{y:,.0f}' for x, y in zip(*rates))})", flush=True)


if __name__ == "__main__":
    main()
