"""Compiled puzzles (from their rules files) against the hand-written references.

Run: python bench/compiled_puzzles.py [--quick]

Prints figures only. Each enumeration runs in a fresh process. --quick skips the
two pocket-cube enumerations and uses 20 scrambles instead of 200.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gdl import catalog  # noqa: E402
from tests.references.puzzles import PocketCube, SlidingPuzzle, random_walk  # noqa: E402
from gdl.solvers.puzzles.bidirectional import solve_bidirectional  # noqa: E402
from gdl.solvers.puzzles.enumerate import enumerate_space  # noqa: E402
from gdl.solvers.puzzles.idastar import solve_idastar  # noqa: E402

PAIRS = {"pocket_cube": PocketCube, "eight_puzzle": lambda: SlidingPuzzle(3, start="123456780")}


def _enumerate(which: str) -> tuple[int, int, float]:
    name, compiled = which.split(":")
    game = catalog.load(name) if compiled == "compiled" else PAIRS[name]()
    began = perf_counter()
    e = enumerate_space(game, game.goal_state())
    return e.total, e.greatest, perf_counter() - began


def enumerations(names: list[str]) -> None:
    print("== full enumerations from the goal (fresh process each)")
    ctx = multiprocessing.get_context("fork")
    for name in names:
        with ctx.Pool(1) as pool:
            total, greatest, ours = pool.apply(_enumerate, (f"{name}:compiled",))
        with ctx.Pool(1) as pool:
            _, _, theirs = pool.apply(_enumerate, (f"{name}:reference",))
        print(f"{name}: {total} positions, greatest {greatest}; compiled {ours:.2f} s, "
              f"hand-written {theirs:.2f} s, ratio {theirs / ours:.2f}")


def solves(count: int) -> None:
    print(f"\n== optimal solves of {count} random 40-move scrambles (seeds 0..{count - 1})")
    cases = [("pocket_cube", solve_bidirectional, "bidirectional"),
             ("eight_puzzle", solve_idastar, "IDA*")]
    for name, solve, label in cases:
        compiled, reference = catalog.load(name), PAIRS[name]()
        for title, game in (("compiled", compiled), ("hand-written", reference)):
            times = []
            for seed in range(count):
                start = random_walk(compiled, 40, seed)
                if game is reference:   # the compiled states are packed (the cube's indices,
                    start = compiled.engine.unpack(start)   # the tiles' core planes)
                times.append(solve(game, start).seconds)
            print(f"{name}, {label}, {title}: median {statistics.median(times) * 1000:.1f} ms, "
                  f"worst {max(times) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the cube enumerations")
    args = parser.parse_args()
    enumerations(["eight_puzzle"] if args.quick else ["eight_puzzle", "pocket_cube"])
    solves(20 if args.quick else 200)


if __name__ == "__main__":
    main()
