"""Puzzle search figures: full enumerations, bidirectional solve times, what pruning saves.

Run: python bench/puzzles.py [--quick]

Prints figures only; asserts nothing about time. --quick skips the two full
pocket-cube enumerations (about a minute together) and uses fewer scrambles.
The enumerations each run in a fresh process so that each peak memory figure
is its own.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import sys
from functools import partial
from operator import itemgetter
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.references.puzzles import (CUBE_MOVES, Hanoi, PocketCube,  # noqa: E402
                                         SlidingPuzzle, random_walk)
from gdl.solvers.puzzles.bfs import solve_bfs  # noqa: E402
from gdl.solvers.puzzles.bidirectional import solve_bidirectional  # noqa: E402
from gdl.solvers.puzzles.enumerate import enumerate_space  # noqa: E402
from gdl.solvers.puzzles.idastar import solve_idastar  # noqa: E402
from gdl.solvers.puzzles.pruning import hints_from, no_hints  # noqa: E402


def plain_cube_bfs() -> tuple[int, int]:
    """Every pocket-cube position by a hand-written BFS over (perm, ori) tuples.

    The obvious program: a set of every state seen, moves applied with
    itemgetter and a tuple comprehension. Returns (positions, greatest distance).
    """
    moves = [(itemgetter(*src), itemgetter(*src), twist) for src, twist in CUBE_MOVES]
    start = (tuple(range(7)), (0,) * 7)
    seen, layer, depth = {start}, [start], 0
    while True:
        nxt = []
        for perm, ori in layer:
            for take_p, take_o, twist in moves:
                t = (take_p(perm), tuple([(o + w) % 3 for o, w in zip(take_o(ori), twist)]))
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        if not nxt:
            return len(seen), depth
        layer, depth = nxt, depth + 1


def our_cube_enumeration() -> tuple[int, int, str]:
    c = PocketCube()
    e = enumerate_space(c, c.goal_state())
    return e.total, e.greatest, e.storage


def our_8_puzzle_enumeration() -> tuple[int, int, str]:
    p = SlidingPuzzle(3)
    e = enumerate_space(p, p.goal_state())
    return e.total, e.greatest, e.storage


def _timed(job):
    """(result, seconds, peak resident MB) of job() run in the calling (child) process."""
    began = perf_counter()
    result = job()
    seconds = perf_counter() - began
    return result, seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def in_fresh_process(job):
    """Run job in a new process: its peak memory is then its own."""
    with multiprocessing.get_context("fork").Pool(1) as pool:
        return pool.apply(_timed, (job,))


def enumerations(quick: bool) -> None:
    print("== full enumerations (from the goal)")
    (total, greatest, storage), secs, mb = in_fresh_process(our_8_puzzle_enumeration)
    print(f"8-puzzle, enumerate_space: {total} positions, greatest distance {greatest}, "
          f"{secs:.2f} s, peak {mb:.0f} MB ({storage})")
    if quick:
        print("pocket cube: skipped (--quick)")
        return
    (total, greatest, storage), ours, mb = in_fresh_process(our_cube_enumeration)
    print(f"pocket cube, enumerate_space: {total} positions, greatest distance {greatest}, "
          f"{ours:.1f} s, peak {mb:.0f} MB ({storage})")
    (total, greatest), plain, mb = in_fresh_process(plain_cube_bfs)
    print(f"pocket cube, hand-written tuple BFS: {total} positions, greatest distance "
          f"{greatest}, {plain:.1f} s, peak {mb:.0f} MB")
    print(f"ratio (hand-written / ours): {plain / ours:.2f}")


def cube_scrambles(count: int) -> list:
    c = PocketCube()
    return [random_walk(c, 40, seed) for seed in range(count)]


def bidirectional_times(count: int) -> None:
    c = PocketCube()
    times, nodes, lengths = [], [], []
    for s in cube_scrambles(count):
        r = solve_bidirectional(c, s)
        times.append(r.seconds)
        nodes.append(r.nodes)
        lengths.append(r.length)
    print(f"\n== bidirectional solves of {count} random pocket-cube scrambles "
          f"(40-move random walks, seeds 0..{count - 1})")
    print(f"median {statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms, "
          f"median nodes {statistics.median(nodes):.0f}, lengths {min(lengths)}..{max(lengths)} "
          f"(mean {statistics.mean(lengths):.2f})")


def _row(label: str, results: list) -> str:
    nodes = sum(r.nodes for r in results)
    generated = sum(r.generated for r in results)
    secs = sum(r.seconds for r in results)
    return f"  {label:<22} nodes {nodes:>10}  generated {generated:>10}  {secs:7.2f} s"


def pruning(count: int) -> None:
    print("\n== pruning: totals over the same instances, every length identical")
    cases = [
        ("pocket cube, bidirectional", PocketCube(), solve_bidirectional,
         cube_scrambles(count)),
        ("pocket cube, IDA* (pattern databases)", PocketCube(), solve_idastar,
         cube_scrambles(max(2, count // 10))),
        ("8-puzzle, BFS", SlidingPuzzle(3), solve_bfs,
         [random_walk(SlidingPuzzle(3), 40, seed) for seed in range(max(2, count // 10))]),
        ("8-puzzle, IDA* (Manhattan + conflicts)", SlidingPuzzle(3), solve_idastar,
         [random_walk(SlidingPuzzle(3), 40, seed) for seed in range(max(2, count // 5))]),
        ("Hanoi 6 discs 4 pegs, bidirectional", Hanoi(6, 4), solve_bidirectional,
         [Hanoi(6, 4).initial_state()]),
        ("Hanoi 6 discs 4 pegs, IDA* (200-state radius db)", Hanoi(6, 4),
         partial(solve_idastar, pdb_limit=200), [Hanoi(6, 4).initial_state()]),
    ]
    for title, game, solve, starts in cases:
        print(f"{title}, {len(starts)} instance(s):")
        lengths = None
        for label, hints in (("inverse + commuting", hints_from(game)),
                             ("inverse only", hints_from(game, use_commuting=False)),
                             ("commuting only", hints_from(game, use_inverse=False)),
                             ("none", no_hints(game))):
            results = [solve(game, s, hints=hints) for s in starts]
            found = [r.length for r in results]
            assert lengths is None or found == lengths, "pruning changed a solution length"
            lengths = found
            print(_row(label, results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the cube enumerations")
    args = parser.parse_args()
    enumerations(args.quick)
    bidirectional_times(20 if args.quick else 200)
    pruning(10 if args.quick else 50)


if __name__ == "__main__":
    main()
