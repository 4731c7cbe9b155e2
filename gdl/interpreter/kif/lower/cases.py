"""A disjunct of a DNF (dnf.py) read as conditions on the board: whose turn it is, cells
holding a mark, and cells that must be empty. A cell is empty when it holds the blank, or,
on a board without a blank, when negated conditions rule out every mark the cell can hold
(`(not (occupied ?x ?y))`, with occupied any mark there)."""

from __future__ import annotations

import attrs

from gdl.interpreter.kif.lower.dnf import Unfolder
from gdl.interpreter.kif.lower.shape import Board, CellKey

Square = tuple[int, int]   # (i, j): a cell in the board's own coordinates


@attrs.frozen
class Case:
    turn: frozenset[int]           # turn propositions that must hold
    holds: frozenset[CellKey]      # (i, j, mark) that must hold
    empty: frozenset[Square]       # cells that must be empty

    @property
    def squares(self) -> set[Square]:
        return {(i, j) for i, j, _ in self.holds} | set(self.empty)


def read_case(unfold: Unfolder, board: Board, pos: frozenset[int],
              neg: frozenset[int]) -> Case | None:
    """The disjunct (pos, neg) as a Case; None when it asks anything else."""
    turn, holds, empty = set(), set(), set()
    controls = set(board.control)
    for p in pos:
        key = board.where.get(p)
        if key is not None:
            (empty.add((key[0], key[1])) if key[2] == board.blank else holds.add(key))
        elif p in controls:
            turn.add(p)
        else:
            return None
    ruled_out: dict[Square, set[str]] = {}
    for n in neg:
        keys = [board.where.get(next(iter(p))) if len(p) == 1 and not m else None
                for p, m in unfold.dnf(n)]
        squares = {(k[0], k[1]) for k in keys if k is not None}
        if None in keys or len(squares) != 1:
            return None
        ruled_out.setdefault(squares.pop(), set()).update(k[2] for k in keys if k is not None)
    for square, marks in ruled_out.items():
        if marks != board.contents(square):
            return None
        empty.add(square)
    return Case(frozenset(turn), frozenset(holds), frozenset(empty))


def read_cases(unfold: Unfolder, board: Board, prop: int) -> list[Case] | None:
    """Every disjunct of `prop` as a Case; None when one asks anything else."""
    out = [read_case(unfold, board, pos, neg) for pos, neg in unfold.dnf(prop)]
    return None if any(c is None for c in out) else [c for c in out if c is not None]
