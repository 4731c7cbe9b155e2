"""`gdl tablebase GAME --up-to SPEC`: build endgame tables by retrograde analysis
(gdl.solvers.tablebase; docs/solve.md), spread over --workers processes or Ray, one file a
class in --dir. Classes already built are kept, so a build that Ctrl-C stopped resumes."""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gdl.cli.common import (
    EXIT_INTERRUPTED, EXIT_OK, count_type, load_game, read_options, spread_arguments)
from gdl.interpreter.core.material import MaterialError
from gdl.interpreter.placement import Placement, open_placement
from gdl.solvers.tablebase.probe import move_probe, payoff_probe
from gdl.solvers.tablebase import store, tables as tb, verify


def tables_dir(game: Any, directory: str | None) -> Path:
    """`directory` (--dir, --tables), else the game's under the cache (store.default_dir)."""
    return Path(directory) if directory else store.default_dir(game.name)


def tables_of(game: Any, directory: str | None) -> tb.Tables | None:
    """The game's tables in `directory` (default: the game's under the cache); None when
    there are none, or the game has no material classes."""
    path = tables_dir(game, directory)
    if not path.is_dir() or getattr(game, "kind", None) != "game":
        return None
    try:
        return tb.Tables(Placement(game), path)
    except (MaterialError, AttributeError):   # AttributeError: not a compiled board game
        return None


def open_probe(game: Any, directory: str | None) -> Callable[[tuple], float | None] | None:
    """The exact solver's probe of the game's tables (see tables_of), or None."""
    tables = tables_of(game, directory)
    return None if tables is None else payoff_probe(tables)


def open_tables(game: Any, directory: str | None) -> Callable[[Any], Any] | None:
    """The AI's probe of the game's tables (see tables_of): a position's best move when they
    hold it, else None; None when there are no tables."""
    tables = tables_of(game, directory)
    return None if tables is None else move_probe(tables)


def class_text(counts: tuple[int, ...], placement: Placement) -> str:
    return store.file_name(counts, len(placement.material.kinds))[:-3]


def run(args: argparse.Namespace, status: Any) -> int:
    game = load_game(args)
    placement = Placement(game)
    directory = tables_dir(game, args.dir)
    classes = tb.parse_spec(args.up_to, placement.material, len(placement.cells))
    options = tuple(sorted(read_options(args.set).items()))
    load = functools.partial(open_placement, args.game, options, getattr(args, "backend", None))
    tables = tb.Tables(placement, directory)
    rows: list[dict] = []

    def show(done: tb.Built) -> None:
        row = {"class": class_text(done.counts, placement), "status": done.status,
               "positions": done.positions, "seconds": round(done.seconds, 2),
               "positions_per_second": round(done.rate), "passes": done.passes,
               "wins": done.wins, "losses": done.losses, "draws": done.draws}
        rows.append(row)
        if not args.json:
            status.clear()
            print(line(row))
        status.show(f"{len(rows)} of {len(classes)} classes")

    runner = tb.runner(args.workers, args.ray)
    try:
        tb.build(load, tables, classes, runner, show)
    except KeyboardInterrupt:
        status.clear()
        print(f"stopped: {len(rows)} classes are in {directory}; the same command resumes")
        return EXIT_INTERRUPTED
    finally:
        runner.close()
    status.clear()
    checks = check_classes(tables, classes, args.check, status.show) if args.check else []
    status.clear()
    if args.json:
        print(json.dumps({"game": game.name, "dir": str(directory), "runner": runner.label,
                          "classes": rows, "checked": checks}, indent=1))
        return EXIT_OK
    built = [r for r in rows if r["status"] != "kept"]
    seconds = sum(r["seconds"] for r in built)
    positions = sum(r["positions"] for r in rows)
    print(f"{game.name}: {len(rows)} classes, {positions:,} positions in {directory} "
          f"({len(built)} built in {seconds:.1f} s on {runner.label})")
    for c in checks:
        print(f"checked {c['class']}: {c['agreed']} of {c['positions']} agree "
              f"({c['unsolved']} beyond the solver's node limit, their distance checked)")
    return EXIT_OK if all(c["agreed"] == c["positions"] for c in checks) else 1


def line(row: dict) -> str:
    if row["status"] == "kept":
        return f"{row['class']:>12}  kept ({row['positions']:,} positions)"
    return (f"{row['class']:>12}  {row['status']}: {row['positions']:,} positions, "
            f"{row['wins']:,} wins, {row['losses']:,} losses, {row['draws']:,} draws; "
            f"{row['passes']} passes, {row['seconds']:.2f} s, "
            f"{row['positions_per_second']:,} positions/s")


def check_classes(tables: tb.Tables, classes: list, samples: int,
                  show: Callable[[str], None]) -> list[dict]:
    """`--check N`: N random positions of each class against the exact solver."""
    found = []
    for counts in classes:
        if tables.index(counts).size == 0:
            continue
        show(f"checking {class_text(counts, tables.placement)}")
        c = verify.check(tables, counts, samples)
        found.append({"class": class_text(counts, tables.placement), "positions": c.positions,
                      "agreed": c.agreed, "unsolved": c.unsolved, "nodes": c.nodes,
                      "wrong": [list(w) for w in c.wrong]})
    return found


def add_command(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add `tablebase` through cli_parser.build_parser's `command` helper."""
    p = command("tablebase", run, "build endgame tables by retrograde analysis "
                "(win, draw or loss and the distance to the end of every position of each "
                "class of pieces)", parents)
    p.add_argument("--up-to", required=True, metavar="SPEC",
                   help="a number of pieces (every class of at most that many), or classes "
                        "named per player by the count of each kind, dash-joined, the "
                        "players by _ (draughts' 1-0_0-2: one man against two kings), "
                        "comma-separated, each with the classes below it")
    spread_arguments(p, "scan each class", "the same files")
    p.add_argument("--dir", metavar="D", help="where the tables are (default: "
                   "$XDG_CACHE_HOME/gdl/tables/GAME, ~/.cache/gdl/tables/GAME)")
    p.add_argument("--check", type=count_type(0), default=0, metavar="N",
                   help="then check N random positions of each class against the exact solver")
    p.add_argument("--json", action="store_true", help="print one JSON object")
