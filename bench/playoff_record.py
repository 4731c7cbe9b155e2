"""What every play-off against an engine prints and keeps: gdl's wins, draws and losses,
its score with a 95% interval, the median seconds a move of both sides, and every game
(moves, times, result) in a JSON file."""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable
from pathlib import Path
from time import perf_counter
from typing import Any


def interval(scores: list[float]) -> tuple[float, float, float]:
    """The mean score and its 95% normal interval (clipped to [0, 1])."""
    mean = sum(scores) / len(scores)
    half = 1.96 * (statistics.stdev(scores) if len(scores) > 1 else 0) / len(scores) ** 0.5
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def tally(games: list[dict], engine: str) -> str:
    """`W w D d L l; score s (95% a-b); median s/move gdl x, ENGINE y` of the games (each
    with `score`, `gdl_seconds` and `engine_seconds`)."""
    scores = [g["score"] for g in games]
    mine = [t for g in games for t in g["gdl_seconds"]]
    theirs = [t for g in games for t in g["engine_seconds"]]
    mean, low, high = interval(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    return (f"W {wins} D {draws} L {len(scores) - wins - draws}; score {mean:.2f} "
            f"(95% {low:.2f}-{high:.2f}); median s/move gdl "
            f"{statistics.median(mine or [0]):.2f}, {engine} "
            f"{statistics.median(theirs or [0]):.2f}")


def keep(path: str, summary: str, args: Any, games: list[dict]) -> None:
    """Print the summary and write it with the arguments and every game to `path`."""
    print(summary)
    write(path, summary, args, games)


def write(path: str, summary: str, args: Any, games: list[dict]) -> None:
    """Write the summary, the arguments and every game to `path` (also after each game of a
    long run, so that a run cut short keeps the games it finished)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps({"summary": summary, "args": vars(args), "games": games},
                                     indent=1) + "\n")


def engine_arguments(parser: argparse.ArgumentParser, engine: str, games: int, out: str) -> None:
    """The options every play-off against an engine takes (its path, strength, the games,
    the time a move, the random opening, the seed, gdl's level and the record's path)."""
    parser.add_argument("--engine", default=engine)
    parser.add_argument("--elo", type=int, default=1350)
    parser.add_argument("--skill", type=int, default=None)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move, both sides")
    parser.add_argument("--opening", type=int, default=2, help="random plies first")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--out", default=out)


def series(args: Any, title: str, play: Callable[[int, bool], dict],
           shown: Callable[[dict], str], close: Callable[[], None]) -> None:
    """Play `args.games` games, game i by `play(seed + i, gdl first)` (colours alternate),
    printing `game N: gdl SIDE: shown(record)` after each, `close` the engine, then print
    `title: ` and the tally and keep every game in `args.out`."""
    games, started = [], perf_counter()
    try:
        for i in range(args.games):
            record = play(args.seed + i, i % 2 == 0)
            games.append(record)
            print(f"game {i + 1}: gdl {record['gdl']}: {shown(record)} "
                  f"({record['termination'].lower()}, {len(record['moves'])} plies)", flush=True)
    finally:
        close()
    keep(args.out, f"{title}: {tally(games, 'engine')}; {perf_counter() - started:.0f} s",
         args, games)


def loaded(name: str) -> tuple[Any, Any]:
    """The bundled game `name` on the back end gdl.load picks, and its family notation."""
    import gdl
    from gdl.interpreter.notation import adapter
    game = gdl.load(name)
    return game, adapter(game)
