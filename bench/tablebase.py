"""Endgame tables: build a game's tables with 1 worker, then with 2 (or Ray local), in fresh
directories; print each class's positions, seconds, positions/s, passes and results, the
wall seconds of each run and their ratio, whether the files are byte-identical; then check
N random positions of every class against the exact solver (10,000 by default).

    python bench/tablebase.py [GAME] [--up-to SPEC] [--set NAME=VALUE ...] [--workers 1,2]
                              [--ray] [--check N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="breakthrough")
    parser.add_argument("--up-to", default="3")
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--ray", action="store_true", help="a run on Ray local too")
    parser.add_argument("--check", type=int, default=10_000)
    parser.add_argument("--keep", help="build (or resume) in DIR/<workers> and keep the files")
    parser.add_argument("--only-check", metavar="DIR", help="no build: check the tables in DIR")
    parser.add_argument("--nodes", type=int, default=20_000,
                        help="the exact solver's node limit a position (default: 20,000)")
    args = parser.parse_args()
    from gdl.cli.common import read_options
    from gdl.interpreter.placement import open_placement
    from gdl.solvers.tablebase import tables as tb

    options = tuple(sorted(read_options(args.set).items()))
    load = functools.partial(open_placement, args.game, options, None)
    placement = load()
    classes = tb.parse_spec(args.up_to, placement.material, len(placement.cells))
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="gdl-tables-"))
    if args.only_check:
        check(tb.Tables(placement, Path(args.only_check)), classes, args.check, args.nodes)
        return
    runs = [(f"{w} worker{'s' * (w > 1)}", tb.runner(w))
            for w in (int(n) for n in args.workers.split(","))]
    if args.ray:
        runs.append(("Ray local", tb.OnRay("local", 2)))
    walls, dirs = {}, {}
    for label, run in runs:
        directory = root / label.replace(" ", "-")
        tables = tb.Tables(placement, directory)
        print(f"\n{args.game} {' '.join(args.set)} up to {args.up_to}: {label} "
              f"(load average {os.getloadavg()[0]:.2f})")
        start = perf_counter()
        try:
            built = tb.build(load, tables, classes, run, show=lambda b: print(
                f"  {str(b.counts):<16} {b.status:<7} {b.positions:>10,} positions "
                f"{b.seconds:8.2f} s {b.rate:>9,.0f}/s {b.passes:>4} passes  "
                f"w {b.wins:,} l {b.losses:,} d {b.draws:,}", flush=True))
        finally:
            run.close()
        walls[label], dirs[label] = perf_counter() - start, directory
        print(f"  {sum(b.positions for b in built):,} positions, {walls[label]:.1f} s wall")
    first = next(iter(walls))
    for label in walls:
        same = all((dirs[label] / p.name).read_bytes() == p.read_bytes()
                   for p in dirs[first].glob("*.tb"))
        print(f"{label}: {walls[label]:.1f} s, {walls[label] / walls[first]:.2f}x of {first}; "
              f"files {'identical' if same else 'DIFFERENT'}")
    if args.check:
        check(tb.Tables(placement, dirs[first]), classes, args.check, args.nodes)


def check(tables, classes, samples: int, nodes: int) -> None:
    """Check `samples` random positions of every class against the exact solver."""
    from gdl.solvers.tablebase import verify
    total = agreed = unsolved = 0
    for counts in classes:
        if tables.index(counts).size == 0:
            continue
        start = perf_counter()
        c = verify.check(tables, counts, samples, node_limit=nodes)
        total, agreed, unsolved = total + c.positions, agreed + c.agreed, unsolved + c.unsolved
        print(f"  check {str(counts):<16} {c.agreed:>6} of {c.positions:>6} agree, "
              f"{c.unsolved} beyond the node limit, {c.nodes:,} nodes, "
              f"{perf_counter() - start:.1f} s {list(c.wrong) if c.wrong else ''}", flush=True)
    print(f"checked {total:,} positions: {agreed:,} agree ({unsolved:,} beyond the exact "
          f"solver's node limit of {nodes:,}: distance checked against their children)")


if __name__ == "__main__":
    main()
