"""`gdl solve` for a one-player game that ends with a score: the best score reachable and a
shortest line of play reaching it (gdl.solvers.puzzles.best_score), as text or JSON."""

from __future__ import annotations

import argparse
from typing import Any

from gdl import interrupts, limits
from gdl.errors import GdlError
from gdl.protocol import State
from gdl.solvers.puzzles.best_score import best_score
from gdl.solvers.puzzles.pruning import INTERRUPTED


def solve_best_score(game: Any, start: State, args: argparse.Namespace,
                     status: Any) -> tuple[list[str], dict]:
    """(text lines, JSON object): the best score from `start`, the line, the nodes."""
    if args.all or args.enumerate or args.cost is not None or args.method is not None:
        raise GdlError(f"{game.name} ends with a score: `gdl solve` finds the best one; "
                       f"it takes no --all, --enumerate, --cost or --method")
    status.show(f"finding {game.name}'s best score...")
    with interrupts.polled():
        found = best_score(game, start, time_limit=args.time_limit,
                           max_nodes=limits.puzzle_nodes("bfs", args.max_nodes),
                           use_symmetry=not args.no_symmetry)
    status.clear()
    line, state = [], start
    for move in found.line:
        line.append(game.move_text(state, move))
        state = game.apply(state, move)
    data = {"puzzle": game.name, "start": game.state_text(start), "method": "best score",
            "score": found.score, "line": line, "length": len(line), "nodes": found.nodes,
            "seconds": round(found.seconds, 6)}
    words = "best score" if found.stopped is None else "best score found"
    if found.score is None:
        lines = [f"start: {data['start']}", "score: none (no finished position reached)"]
    else:
        score = int(found.score) if float(found.score).is_integer() else found.score
        data["score"] = score
        lines = [f"start: {data['start']}", f"{words}: {score}",
                 f"line ({len(line)} moves): " + (" ".join(line) or "none: the start is over")]
    if found.stopped is not None:
        data["stopped"] = "interrupted" if found.stopped == INTERRUPTED else \
            "time" if found.stopped.endswith(" s") else "nodes"
        lines.append(f"stopped: {game.name} was {found.stopped}; the best there is may be "
                     f"higher")
    lines += [f"nodes: {found.nodes}", f"time: {found.seconds:.3f} s"]
    return lines, data
