"""Retrograde analysis of one class: scan its positions' moves, then iterate passes.

`scan` (the costly part, spread over workers by index range) plays every move of the
positions in [lo, hi) once, through the Game protocol: a child that ends the game is
worth its rules' payoff, a child in a lower class is read from that class's table, and a
child in this class is kept as an edge (its index, and whether the same player moves
again). `solve` then computes every position from its children, all at once in numpy,
pass after pass, until no value changes: a win takes the quickest win, a loss the slowest
loss, a position with neither is a draw. Starting from "all draws", a value is decided only
on decided children, so no pass decides a wrong value, the distances only shrink towards
the true ones, and the fixed point is the game's value with the distance to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np

from gdl.errors import SolverError
from gdl.solvers.tablebase import codes
from gdl.solvers.tablebase.index import ClassIndex

Lower = Callable[[tuple[int, ...]], tuple[ClassIndex, np.ndarray] | None]


@attrs.frozen
class Scan:
    """The moves of positions [lo, hi) of a class: for each, its code when the game is over
    there (-1 when not), the best key among its children already known (codes.NONE when
    none), its number of children in the class, and those children (index * 2 + same)."""
    terminal: np.ndarray
    base: np.ndarray
    degree: np.ndarray
    edges: np.ndarray


def scan(placement: Any, index: ClassIndex, lo: int, hi: int, lower: Lower) -> Scan:
    """Play every move of positions lo..hi-1 of `index`'s class (see the module doc).

    Raises:
        SolverError: a move reaches a class that is neither this one nor a lower one built.
    """
    game, planes = placement.game, placement.planes
    legal_moves, apply, is_terminal = game.legal_moves, game.apply, game.is_terminal
    returns, counts_of, make = game.returns, placement.counts, placement.state
    mine, rank, key = index.counts, index.rank, codes.key
    n = hi - lo
    terminal = np.full(n, -1, np.int32)
    base = np.full(n, codes.NONE, np.int64)
    degree = np.zeros(n, np.int32)
    edges: list[int] = []
    for i in range(n):
        board, player = index.unrank(lo + i)
        state = make(board, player)
        if is_terminal(state):
            terminal[i] = codes.terminal_code(returns(state)[player])
            continue
        best, count = codes.NONE, 0
        for move in legal_moves(state):
            child = apply(state, move)
            mover = child[-2]
            same = mover == player
            if is_terminal(child):
                k = key(codes.terminal_code(returns(child)[mover]), same)
            else:
                found = counts_of(child)
                if found == mine:
                    edges.append(2 * rank(child[:planes], mover) + same)
                    count += 1
                    continue
                table = lower(found)
                if table is None:
                    raise SolverError(f"{game.name}: a move from class {list(mine)} reaches "
                                      f"class {list(found)}, which is not below it")
                k = key(int(table[1][table[0].rank(child[:planes], mover)]), same)
            if k > best:
                best = k
        if best == codes.NONE and not count:
            terminal[i] = 0   # no move, not over: no move leads here (the rules judge every
            continue          # position a move makes), so it is not played; kept as a draw
        base[i], degree[i] = best, count
    return Scan(terminal, base, degree, np.array(edges, np.int64))


def solve(parts: Sequence[Scan]) -> tuple[np.ndarray, int]:
    """The codes (uint16) of a class from its scans in index order, and the passes made."""
    terminal = np.concatenate([p.terminal for p in parts])
    base = np.concatenate([p.base for p in parts])
    degree = np.concatenate([p.degree for p in parts])
    edges = np.concatenate([p.edges for p in parts])
    child, same = edges >> 1, (edges & 1).astype(bool)
    has = degree > 0
    starts = (np.cumsum(degree) - degree)[has]
    over = terminal >= 0
    values = np.where(over, terminal, 0).astype(np.uint16)
    passes = 0
    while True:
        passes += 1
        best = base.copy()
        if edges.size:
            found = np.maximum.reduceat(codes.keys(values[child], same), starts)
            best[has] = np.maximum(best[has], found)
        new = np.where(over, terminal, codes.codes_of(best))
        if np.any(new > codes.MAX_DISTANCE * 2 + 2):
            raise SolverError("a distance to the end beyond what two bytes hold")
        new = new.astype(np.uint16)
        changed = int(np.count_nonzero(new != values))
        values = new
        if not changed:
            return values, passes
