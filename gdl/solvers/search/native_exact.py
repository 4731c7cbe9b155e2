"""The exact solver run in C (`gdl_solve`, interpreter/c/solver.py) behind
gdl.solvers.search.exact's API.

`native_solve` answers as `ExactSolver.solve` with method "alphabeta": a SolveResult, or
SolveLimit at a node or time limit or Ctrl-C. It answers None when the C solver cannot
take the call (no library, a game with a history of positions seen, a finished root, a
call the Python back end must make), and the caller then solves on Python.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from time import perf_counter
from typing import Any

from gdl import interrupts
from gdl.interpreter.core.results import returns_table
from gdl.interpreter.c import build
from gdl.solvers.search.solved import SolveLimit, SolveProgress, SolveResult

# The C table's memory, taken at the start. Small, as each probe of a table larger than
# the caches waits on memory: Connect Four 7x5 in 13.0 CPU s with 4 MB (104M nodes)
# against 15.4 s with 32 MB (80M nodes), 6x5 in 0.69 s against 0.98 s (7 December 2026)
TABLE_BYTES = 4 << 20
STOPPED, NO_MEMORY, TIME, NODES = 1, 4, 6, 7   # gdl_solve's answers (interpreter/c/solver.py)
# Each result code's payoffs to players 0 and 1 (the compiled game's RETURNS; a game that
# ends by score is searched on Python, interpreter/c/scores.py), as the C solver and search
# read them: -1, 0 or 1.
PAYOFFS = bytes(int(p) & 0xFF for row in returns_table(2) for p in row)


def can_search(game: Any, state: tuple) -> bool:
    """Whether the C search takes `state` of the NativeGame `game` (built now if need be)."""
    return not game.python.is_terminal(state) and len(game.players) == 2 and game.ready()


def can_solve(game: Any, state: tuple) -> bool:
    """Whether the C solver takes `state`: as the search, without a history of positions."""
    return can_search(game, state) and game.layout.history is None


def native_solve(game: Any, state: tuple, *, node_limit: int | None = None,
                 time_limit: float | None = None,
                 progress: Callable[[SolveProgress], None] | None = None,
                 progress_every: int = 100_000) -> SolveResult | None:
    """Solve `state` of the NativeGame `game` in C (see the module doc)."""
    if not can_solve(game, state):
        return None
    raw = game.pack(state)
    if raw is None:
        return None
    code, best, stats, seconds = run_c(
        game, lambda callback, best, stats: game.lib.gdl_solve(
            raw, TABLE_BYTES, PAYOFFS, progress_every, -1.0 if time_limit is None else time_limit,
            node_limit or 0, callback, best, stats),
        node_limit=node_limit, time_limit=time_limit, progress=progress,
        progress_every=progress_every, table_bytes=TABLE_BYTES)
    if code != 0:
        return None
    value = int(stats[0])
    move = game.decode_moves(bytes(best), 1)[0]
    return SolveResult("win" if value > 0 else "loss" if value < 0 else "draw", float(value),
                       move, int(stats[1]), seconds, int(stats[2]), "alphabeta", "native",
                       int(stats[3]))   # stats[3]: the deepest ply expanded


def run_c(game: Any, call: Callable[[Any, Any, Any], int], *, node_limit: int | None,
          time_limit: float | None, progress: Callable[[SolveProgress], None] | None,
          progress_every: int, table_bytes: int, known: str = "", nodes_before: int = 0,
          seconds_before: float = 0.0) -> tuple[int, Any, Any, float]:
    """Run one of the C solvers, `call(progress callback, best move buffer, stats)`, with
    its progress, Ctrl-C and limits as the Python solvers have them. Answers (code, best,
    stats, seconds) when it finished or must leave the call to Python.

    Raises:
        SolveLimit: stopped by a limit or Ctrl-C (its nodes and seconds counted after
            `nodes_before` and `seconds_before`, spent by an earlier call of the same solve;
            `known`: what was learnt before, added to the message); MemoryError."""
    start = perf_counter()
    stopped: list[str] = []
    next_report = [progress_every]

    def check(nodes: int, stored: int) -> int:
        """Called every 50 ms and every `progress_every` nodes: 1 stops (Ctrl-C)."""
        try:
            if interrupts.requested():
                stopped.append("interrupted")
            elif progress is not None and nodes >= next_report[0]:
                next_report[0] = nodes + progress_every
                progress(SolveProgress(nodes_before + nodes, perf_counter() - start, stored))
        except KeyboardInterrupt:   # Ctrl-C outside the command (Python's own handler)
            stopped.append("interrupted")
        return 1 if stopped else 0

    callback = build.PROGRESS(check)
    best = (ctypes.c_uint64 * game.layout.move_words)()
    stats = (ctypes.c_int64 * 5)()
    try:
        with interrupts.polled():   # the command's first Ctrl-C only sets the flag read above
            code = call(callback, best, stats)
    except KeyboardInterrupt:
        code = STOPPED
        stopped.append("interrupted")
    seconds = perf_counter() - start + seconds_before
    if code in (STOPPED, TIME, NODES):
        reason = {TIME: "time", NODES: "nodes"}.get(code, "interrupted")
        nodes = nodes_before + stats[1]
        limit = f"within {nodes_before + (node_limit or 0):,} nodes" if reason == "nodes" \
            else f"within {(time_limit or 0) + seconds_before:g} s" if reason == "time" \
            else "before Ctrl-C"
        found = f"; {known}" if known else ""
        raise SolveLimit(f"{game.name} was not solved {limit} ({nodes:,} nodes searched "
                         f"in {seconds:.1f} s{found})", reason, nodes, seconds, stats[2])
    if code == NO_MEMORY:
        raise MemoryError(f"the native solver's table of {table_bytes >> 20} MB")
    return code, best, stats, seconds
