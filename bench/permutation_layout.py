"""The permutation layout read off a game's rules, against the same game on its planes.

Run: python bench/permutation_layout.py [--runs 5]

pocket_cube_stickers (24 stickers on a net, a game file) is searched two ways in one
process: in the layout gdl reads back from its rules (7 corners, 3 twists each:
gdl.interpreter.layouts.layout) and on the core game's own states (a plane per colour,
the generic move code). pocket_cube (the permutation file, lowered into the core and
read back) and the hand-written reference cube are timed beside them. Prints the
median of the runs: breadth-first states/s over the positions within 5 quarter turns,
and moves/s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gdl import catalog  # noqa: E402
from tests.references.puzzles import PocketCube  # noqa: E402
from gdl.interpreter.layouts.permutation_game import as_puzzle  # noqa: E402

DEPTH = 5


def bfs(start, moves, apply) -> tuple[int, float]:
    """Positions within DEPTH moves, and the seconds taken."""
    began = perf_counter()
    seen, frontier = {start}, [start]
    for _ in range(DEPTH):
        nxt = []
        for s in frontier:
            for m in moves(s):
                t = apply(s, m)
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        frontier = nxt
    return len(seen), perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = catalog.load("pocket_cube_stickers")
    layout = as_puzzle(game)
    file_cube, reference = catalog.load("pocket_cube"), PocketCube()

    def playing(state):   # a won position keeps its moves here (the search goes on)
        return state[:-1] + (0,)
    cases = {
        "stickers, permutation layout": (layout.initial_state(), layout.legal_moves,
                                         layout.apply),
        "stickers, core planes": (playing(game.initial_state()), game.legal_moves,
                                  lambda s, m: playing(game.apply(s, m))),
        "pocket_cube file (read back)": (file_cube.initial_state(), file_cube.legal_moves,
                                         file_cube.apply),
        "hand-written reference": (reference.initial_state(), reference.legal_moves,
                                   reference.apply),
    }
    rates: dict[str, list[float]] = {name: [] for name in cases}
    sizes: dict[str, int] = {}
    for _ in range(args.runs):   # interleaved, so drift in the machine's load hits all alike
        for name, (start, moves, apply) in cases.items():
            sizes[name], seconds = bfs(start, moves, apply)
            rates[name].append(sizes[name] / seconds)
    base = statistics.median(rates["stickers, core planes"])
    print(f"== breadth-first search to depth {DEPTH}, median of {args.runs} runs")
    for name, values in rates.items():
        rate = statistics.median(values)
        print(f"{name}: {sizes[name]:,} positions, {rate:,.0f} states/s, "
              f"{rate / base:.1f}x the core planes")


if __name__ == "__main__":
    main()
