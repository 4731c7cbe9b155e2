"""`gdl solve`: a two-player game's exact value and best move, a puzzle's optimal solution
(cli_puzzle), a constraint puzzle's solution and whether it is unique."""

from __future__ import annotations

import argparse
from time import perf_counter
from collections.abc import Callable
from typing import Any, cast

from gdl import limits
from gdl.cli import puzzle as cli_puzzle
from gdl.api import grid_rows
from gdl.cli.common import (
    EXIT_INTERRUPTED, EXIT_OK, Status, dump, load_game, position_after)
from gdl.errors import GdlError
from gdl.interpreter.layouts.one_player import is_one_player_game
from gdl.interpreter.layouts.permutation_game import as_puzzle
from gdl.protocol import CONSTRAINTS, GAME, PUZZLE, Game, State, has_chance, has_simultaneous
from gdl.solvers.constraints.solve import solve_csp
from gdl.cli.solve_simultaneous import solve_simultaneous
from gdl.cli.tablebase import open_probe
from gdl.solvers.search import native_exact
from gdl.solvers.search.exact import SolveLimit, SolveProgress, solve
from gdl.solvers.search.expectimax import chance_value


def solve_game(game: Game, state: State, args: argparse.Namespace,
                status: Status) -> tuple[list[str], dict]:
    """Exact value and best move of a two-player zero-sum game."""
    if has_simultaneous(game):
        return solve_simultaneous(game, state, status)
    limit = args.time_limit

    def progress(p: SolveProgress) -> None:
        status.show(f"solving: {p.nodes:,} nodes, {p.nodes_per_second:,.0f} nodes/s, "
                    f"{p.table_size:,} positions stored")

    method = args.method or "alphabeta"
    known = open_probe(game, getattr(args, "tables", None))
    native = method in ("alphabeta", "pn") and getattr(game, "backend", None) == "native" \
        and native_exact.can_solve(game, cast(tuple, state)) and known is None
    try:
        result = solve(game, state, method=method, progress=progress, progress_every=20_000,
                       time_limit=limit, tables=known,
                       **limits.solve_limits(args.max_nodes, native))
    except SolveLimit as stop:
        status.clear()
        return [f"value: unknown ({stop})"], {"game": game.name, "value": None,
                                              "stopped": stop.reason, "reason": str(stop),
                                              "nodes": stop.nodes,
                                              "seconds": round(stop.seconds, 3)}
    status.clear()
    mover = game.players[game.current_player(state)]
    best = None if result.best_move is None else game.move_text(state, result.best_move)
    value = result.value if result.value == "draw" else f"{result.value} (for {mover}, to move)"
    lines = [f"value: {value}",
             f"best move: {best if best is not None else 'none (the game is over)'}",
             f"nodes: {result.nodes}",
             f"time: {result.seconds:.3f} s"]
    if getattr(game, "payoff_bound", 1.0) is None:   # `end: score`: the margin is the value
        lines.insert(1, f"score: {result.score:g} (for {mover})")
    data = {**result.to_json(), "game": game.name, "to_move": mover, "best_move": best}
    if hasattr(game, "position_text"):
        data["position"] = game.position_text(state)
    return lines, data


def solve_constraints(puzzle: Any, state: State, args: argparse.Namespace,
                       status: Status) -> tuple[list[str], dict]:
    """A constraint puzzle: a solution, and whether it is unique (or, with --count, how many)."""
    csp = puzzle.csp(args.given)
    status.show(f"solving {puzzle.name}...")
    result = solve_csp(csp, count=True, limit=None if args.count else 2, method=args.csp_method,
                       time_limit=args.time_limit)
    status.clear()
    n = result.count or 0
    verdict = "no solution" if n == 0 else "unique" if n == 1 else "multiple solutions"
    if result.stopped:
        verdict = "unknown" if n < 2 else verdict
        why = "interrupted (Ctrl-C)" if result.stopped == "interrupted" else \
            f"not finished within {args.time_limit:g} s"
        line = f"{n:,} solution{'' if n == 1 else 's'} found, then stopped: {why}"
    elif args.count:
        line = f"{n} solution{'' if n == 1 else 's'}"
    else:
        line = {"no solution": "no solution", "unique": "unique solution",
                "multiple solutions": "more than one solution (this is one)"}[verdict]
    conflicts = [puzzle.describe(c, csp.givens) for c in result.conflicts]
    nodes = "" if result.nodes is None else f", {result.nodes} nodes"
    lines = [] if result.solution is None else [puzzle.render(result.solution)]
    lines.append(f"{line}  ({result.seconds:.3f} s{nodes}, {result.method})")
    lines += [f"the givens break: {text}" for text in conflicts]
    data = {"puzzle": puzzle.name, "options": puzzle.options, "status": verdict,
            "solved": result.solution is not None, "unique": n == 1,
            # The grid as rows of numbers; "grid" is the same as one string of symbols.
            "solution": None if result.solution is None else [
                list(row) for row in grid_rows(puzzle, result.solution)],
            "grid": None if result.solution is None else puzzle.grid_string(result.solution),
            "width": puzzle.width, "height": puzzle.height, "conflicts": conflicts,
            "nodes": result.nodes, "seconds": result.seconds, "method": result.method}
    if args.count:
        data["count"] = n
    if result.stopped:
        data["stopped"], data["reason"] = result.stopped, line
    return lines, data


# One solver per kind: (game, start state, args, status) -> (text lines, JSON object).
SOLVERS: dict[str, Callable[..., tuple[list[str], dict]]] = {
    GAME: solve_game,
    PUZZLE: cli_puzzle.solve,
    CONSTRAINTS: solve_constraints,
}


def solve_chance(game: Any, state: State, args: argparse.Namespace,
                 status: Status) -> tuple[list[str], dict]:
    """A game with chance nodes: its expected value (expectimax with Star2, or value
    iteration over its graph when positions come back) and the best move."""
    if args.method is not None:
        raise GdlError(f"{game.name} has chance nodes: it is solved by expectimax (Star2) or "
                       f"value iteration, not --method {args.method}")
    status.show(f"solving {game.name} (chance nodes)...")
    start = perf_counter()
    result = chance_value(game, state)
    seconds = perf_counter() - start
    status.clear()
    best = None if result.best_move is None else game.move_text(state, result.best_move)
    player0 = game.players[0]
    lines = [f"value: {result.value:.6f} (the expected payoff of {player0})"]
    if getattr(game, "payoff_bound", None) == 1.0 and len(game.players) == 2:
        lines.append(f"{player0} wins with probability {(1 + result.value) / 2:.6f}")
    sweeps = f", {result.iterations} sweeps" if result.iterations else ""
    lines += [f"best move: {best if best is not None else 'none (a chance node or the end)'}",
              f"method: {result.method} ({result.positions:,} positions{sweeps})",
              f"time: {seconds:.3f} s"]
    data = {"game": game.name, "value": result.value, "best_move": best,
            "method": result.method, "positions": result.positions,
            "iterations": result.iterations, "seconds": round(seconds, 3)}
    return lines, data


def cmd_solve(args: argparse.Namespace, status: Status) -> int:
    game = load_game(args)
    if has_chance(game):
        state = position_after(game, args.moves, args.position)
        lines, data = solve_chance(game, state, args, status)
        if args.json:
            dump(data)
        else:
            print("\n".join(lines))
        return EXIT_OK
    if is_one_player_game(game):   # a puzzle on the general core: solved as a puzzle
        puzzle: Any = as_puzzle(game)
        game = puzzle
    solver = SOLVERS.get(game.kind)
    if game.kind != CONSTRAINTS and (args.given is not None or args.count):
        raise GdlError("--given and --count are for constraint puzzles (such as sudoku)")
    if solver is None:
        raise GdlError(f"{game.name} is of kind {game.kind!r}, which gdl cannot solve")
    cli_puzzle.check_flags(game, args)
    # A puzzle's start may be its goal, so cli_puzzle plays its --moves itself.
    state = position_after(game, args.moves, args.position) if game.kind == GAME else None
    lines, data = solver(game, state, args, status)
    if args.json:
        dump(data)
    else:
        print("\n".join(lines))
    if data.get("stopped") == "interrupted":
        return EXIT_INTERRUPTED
    return limits.EXIT_LIMIT if data.get("stopped") else EXIT_OK
