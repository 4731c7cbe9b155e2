"""Proof-number search run in C (`gdl_pns`, interpreter/c/pns_text.py) behind
gdl.solvers.search.pns's API.

`native_solve` answers as `ProofSolver.solve`: a SolveResult (method "pn", backend
"native"), SolveLimit at a node or time limit or Ctrl-C, SolverError when a position
repeats on the line searched. It answers None when the C search cannot take the call
(as the exact solver's: no library, a history of positions, a call for Python), and the
caller then searches on Python. The two questions are asked as in Python: "does the player
to move win?", then, when that is disproved on a line that met a draw, "does the other
player win?".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gdl.errors import SolverError
from gdl.solvers.search.native_exact import PAYOFFS, can_solve, run_c
from gdl.solvers.search.solved import SolveProgress, SolveResult

# The C table's memory, mapped at the start (pages taken as they are touched). A lost entry
# costs a search again: clobber 5x4 takes 743,462 nodes (0.58 CPU s) with 256 MB, 807,927
# (0.64 s) with 32 MB; hex 5x5 20.5M (35 s) with 256 MB, 10.7M (21 s) with 512 MB. The
# first solve of a process pays for the pages: 0.39-0.55 s of system time with 256 MB
# (hex 4x4, clobber 5x4; 8 December 2026).
TABLE_BYTES = 256 << 20
REPEATS = 8   # gdl_pns's answer: a position repeats on the line searched


def native_solve(game: Any, state: tuple, *, node_limit: int | None = None,
                 time_limit: float | None = None,
                 progress: Callable[[SolveProgress], None] | None = None,
                 progress_every: int = 100_000, bound: float = 1.0) -> SolveResult | None:
    """Solve `state` of the NativeGame `game` by df-pn in C (see the module doc); `bound`:
    the payoff of a win, the score of the answer."""
    if not can_solve(game, state):
        return None
    raw = game.pack(state)
    if raw is None:
        return None
    mover = game.current_player(state)
    limits = {"node_limit": node_limit, "time_limit": time_limit, "progress": progress,
              "progress_every": progress_every}
    first = _prove(game, raw, mover, limits, "", 0, 0.0)
    if first is None:
        return None
    proved, draw_seen, move, nodes, seconds, stored = first
    sign = 1 if proved else -1
    if not proved and draw_seen:   # (a disproof without a draw: every leaf a loss)
        known = f"so far: not a win for {game.players[mover]}"
        second = _prove(game, raw, 1 - mover, limits, known, nodes, seconds)
        if second is None:
            return None
        proved, _, move, nodes, seconds, more = second
        stored += more   # (two tables, one after the other: Python keeps both in one)
        sign = -1 if proved else 0
    if sign < 0:   # every move loses
        move = game.legal_moves(state)[0]
    return SolveResult(("loss", "draw", "win")[sign + 1], sign * bound + 0.0, move, nodes,
                       seconds, stored, "pn", "native")


def _prove(game: Any, raw: bytes, asked: int, limits: dict, known: str, nodes_before: int,
           seconds_before: float) -> tuple[bool, bool, Any, int, float, int] | None:
    """(proved, a draw met, the root's deciding move or None, nodes and seconds so far,
    positions stored) of "does `asked` win?", or None for Python to answer."""
    node_limit, time_limit = limits["node_limit"], limits["time_limit"]
    nodes_left = None if node_limit is None else max(1, node_limit - nodes_before)
    time_left = None if time_limit is None else max(0.0, time_limit - seconds_before)
    code, best, stats, seconds = run_c(
        game, lambda callback, best, stats: game.lib.gdl_pns(
            raw, TABLE_BYTES, PAYOFFS, asked, limits["progress_every"],
            -1.0 if time_left is None else time_left, nodes_left or 0, callback, best, stats),
        node_limit=nodes_left, time_limit=time_left, progress=limits["progress"],
        progress_every=limits["progress_every"], table_bytes=TABLE_BYTES, known=known,
        nodes_before=nodes_before, seconds_before=seconds_before)
    if code == REPEATS:
        raise repeats(game.name)
    if code != 0:
        return None
    move = game.decode_moves(bytes(best), 1)[0] if stats[4] >= 0 else None
    return (stats[0] == 1, bool(stats[3]), move, nodes_before + int(stats[1]), seconds,
            int(stats[2]))


def repeats(name: str) -> SolverError:
    """The refusal of a position of `name` that repeats on the line searched (C or Python)."""
    return SolverError(f"a position of {name} repeats on the line searched: proof-number "
                       f"search needs a game without cycles; use --method alphabeta")
