"""A* on the one-player puzzles: nodes expanded with the bound derived from the rules,
without a bound (h = 0), and with the file's declared one where it declares one.

Run: python bench/puzzle_heuristics.py [--max-nodes N]

Prints figures only (nodes are counts, not times). Every run of a puzzle must find the
same length; a run stopped by --max-nodes says so.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gdl import catalog  # noqa: E402
from gdl.interpreter.layouts.bounds import derive_bound  # noqa: E402
from gdl.interpreter.layouts.one_player import OnePlayerPuzzle  # noqa: E402
from gdl.solvers.puzzles.astar import solve_astar  # noqa: E402

PUZZLES = (("peg_solitaire", {}), ("lights_out", {"size": "4"}), ("lights_out", {}),
           ("sokoban", {}), ("rush_hour", {}), ("rush_hour", {"reach": "1"}))


def runs(game, puzzle) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = [("none", lambda s: 0)]
    derived = derive_bound(game.ir)
    if derived is not None:
        out.insert(0, ("derived", derived.function))
    if getattr(game, "heuristic_value", None) is not None:
        out.append(("declared", game.heuristic_value))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--max-nodes", type=int, default=3_000_000)
    args = parser.parse_args()
    print(f"{'puzzle':<26} {'heuristic':<9} {'length':>6} {'nodes':>10} {'generated':>10}")
    for name, options in PUZZLES:
        game = catalog.load(name, options)
        puzzle = OnePlayerPuzzle(game)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        for which, h in runs(game, puzzle):
            r = solve_astar(puzzle, heuristic=h, max_nodes=args.max_nodes)
            length = r.length if r.solution is not None else f"({r.unsolved})"
            print(f"{label:<26} {which:<9} {length!s:>6} {r.nodes:>10,} {r.generated:>10,}",
                  flush=True)
        derived = derive_bound(game.ir)
        print(f"  {derived.text if derived else 'derived: none'}")


if __name__ == "__main__":
    main()
