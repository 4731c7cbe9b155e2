"""What every play-off against an engine prints and keeps: gdl's wins, draws and losses,
its score with a 95% interval, the median seconds a move of both sides, and every game
(moves, times, result) in a JSON file."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
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
