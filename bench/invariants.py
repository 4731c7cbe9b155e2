"""What each kind of invariant metadata buys, measured on games compiled from their rules files.

Run: python bench/invariants.py [--quick]

One run prints nodes and time with and without each kind of metadata:
- symmetry: exact solving (ExactSolver, alpha-beta on payoffs) of tic-tac-toe,
  Connect Four 4x4 and Nim, with the table keyed by `game.canonical` (the verified
  symmetries) and by the raw state (`key=lambda s: s`);
- inverse and commuting moves: optimal pocket-cube and 8-puzzle searches (and a
  4-peg Hanoi, whose moves between disjoint pegs commute) with the pruning
  `hints_from` builds, each part switched on or off;
- conserved quantities: an unsolvable 8-puzzle (two tiles swapped), proved at once
  by its parity or by exhausting the reachable half of the space.
Every pair of runs is checked to give the same answer. Figures only; no timing
is asserted. --quick uses fewer scrambles.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gdl import catalog  # noqa: E402
from tests.references.puzzles import random_walk  # noqa: E402
from gdl.solvers.puzzles.bfs import solve_bfs  # noqa: E402
from gdl.solvers.puzzles.bidirectional import solve_bidirectional  # noqa: E402
from gdl.solvers.search.exact import solve  # noqa: E402
from gdl.solvers.puzzles.idastar import solve_idastar  # noqa: E402
from gdl.solvers.puzzles.pruning import hints_from  # noqa: E402


def raw(state):
    """A table key that ignores every symmetry."""
    return state


def symmetry(quick: bool) -> None:
    print("== symmetry: exact solve, table keyed by canonical states or by raw states")
    cases = [("tictactoe", {}), ("connect4", {"width": "4", "height": "4"}),
             ("nim", {"heaps": "3,4,5,6"})]
    if not quick:
        cases.insert(2, ("connect4", {"width": "5", "height": "4"}))
    for name, options in cases:
        game = catalog.load(name, options)
        group = ", ".join(s.name for s in game.symmetries[1:])
        label = f"{name} {' '.join(f'{k}={v}' for k, v in options.items())}".strip()
        print(f"{label} (symmetries: {group}):")
        results = []
        for title, key in ((f"with {len(game.symmetries)} symmetries", None),
                           ("without (raw state)", raw)):
            r = solve(game, key=key)
            results.append(r.value)
            print(f"  {title:<26} {r.value:<5} nodes {r.nodes:>10,}  table {r.table_size:>9,}  "
                  f"{r.seconds:7.2f} s")
        assert len(set(results)) == 1, "symmetry changed a game's value"


def _row(label: str, results: list) -> str:
    nodes = sum(r.nodes for r in results)
    generated = sum(r.generated for r in results)
    seconds = sum(r.seconds for r in results)
    return f"  {label:<22} nodes {nodes:>10,}  generated {generated:>10,}  {seconds:7.2f} s"


def pruning(count: int) -> None:
    print("\n== inverse and commuting moves: totals over the same scrambles "
          "(40-move random walks, seeds 0..)")
    cube, tiles = catalog.load("pocket_cube"), catalog.load("eight_puzzle")
    hanoi = catalog.load("hanoi", {"discs": "6", "pegs": "4"})
    cases = [("pocket cube, bidirectional BFS", cube, solve_bidirectional, count),
             ("pocket cube, IDA* (pattern databases)", cube, solve_idastar, max(2, count // 5)),
             ("8-puzzle, BFS", tiles, solve_bfs, max(2, count // 5)),
             ("8-puzzle, IDA* (Manhattan + conflicts)", tiles, solve_idastar, count),
             ("Hanoi 6 discs 4 pegs, BFS (moves on other pegs commute)", hanoi, solve_bfs, 1)]
    for title, game, search, n in cases:
        starts = [random_walk(game, 40, seed) for seed in range(n)] if game is not hanoi \
            else [game.initial_state()]
        print(f"{title}, {n} scrambles:" if game is not hanoi else f"{title}, from the start:")
        lengths = None
        for label, hints in (("inverse + commuting", hints_from(game)),
                             ("inverse only", hints_from(game, use_commuting=False)),
                             ("commuting only", hints_from(game, use_inverse=False)),
                             ("neither", hints_from(game, False, False))):
            results = [search(game, s, hints=hints) for s in starts]
            found = [r.length for r in results]
            assert lengths is None or found == lengths, "pruning changed a solution length"
            lengths = found
            print(_row(label, results))


def conserved() -> None:
    print("\n== conserved quantity: an unsolvable 8-puzzle (tiles 1 and 2 swapped)")
    game = catalog.load("eight_puzzle")
    start = game.parse_state("213456780")
    for label, hints in (("with its parity", hints_from(game)),
                         ("without", hints_from(game, use_conserved=False))):
        began = perf_counter()
        r = solve_bfs(game, start, hints=hints)
        print(f"  {label:<22} unsolvable: {r.unsolvable}  nodes {r.nodes:,}  "
              f"{perf_counter() - began:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer scrambles")
    args = parser.parse_args()
    symmetry(args.quick)
    pruning(5 if args.quick else 20)
    conserved()


if __name__ == "__main__":
    main()
