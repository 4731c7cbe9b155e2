"""The state of a KIF description read as a board: one cell fluent `(F A B V)` whose two
coordinates range over ordered values and whose content is a blank or a mark, one turn
fluent `(C ROLE)`, and maybe a step counter `(S N)` over ordered values. Anything else in
the state puts the description outside the lowered subset (NotLowered says which fluent).

Coordinates are ordered as numbers, or along a chain of `succ`-style static facts (a
binary relation that links the values into one line).
"""

from __future__ import annotations

from collections import defaultdict

import attrs

from gdl.grammar.sexpr import term_text
from gdl.interpreter.kif.ground import GroundProgram
from gdl.interpreter.kif.lower.dnf import NotLowered

CellKey = tuple[int, int, str]   # (coordinate index along arg a, along arg b, content)
Cell = tuple[int, int]           # (column, row) of gdl's grid, from 0
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def cell_name(cell: Cell) -> str:
    """gdl's name of a cell: `a1` is (0, 0)."""
    return f"{LETTERS[cell[0]]}{cell[1] + 1}"


@attrs.frozen
class Board:
    """Where the board and the turn are in the ground program's state."""
    fluent: str
    axes: tuple[int, int]              # argument positions (1-based in the term) of a, b
    values: tuple[tuple[str, ...], tuple[str, ...]]   # ordered coordinates along a, b
    blank: str | None                  # None: an empty cell has no proposition
    cells: dict[CellKey, int]          # (i, j, content) -> true proposition index
    control: tuple[int, ...]           # per KIF role: its turn proposition index
    where: dict[int, CellKey]          # true proposition index -> (i, j, content)
    counter: tuple[int, ...] = ()      # a step counter's propositions, from its start on

    def contents(self, square: tuple[int, int]) -> set[str]:
        """The marks (not the blank) a cell can hold."""
        return {v for (i, j, v) in self.cells if (i, j) == square and v != self.blank}


def _order(values: set[str], chains: list[dict[str, str]]) -> tuple[str, ...] | None:
    """`values` in order: as numbers, or along a chain that links them all."""
    if all(v.isdigit() for v in values):
        return tuple(sorted(values, key=int))
    for succ in chains:
        starts = [v for v in values if v not in {succ.get(u) for u in values}]
        if len(starts) != 1:
            continue
        out = [starts[0]]
        while len(out) < len(values) and succ.get(out[-1]) in values:
            out.append(succ[out[-1]])
        if len(out) == len(values):
            return tuple(out)
    return None


def read_board(program: GroundProgram, chains: list[dict[str, str]]) -> Board:
    """The board and the turn of `program` (see the module doc).

    Raises:
        NotLowered: the state has another shape.
    """
    roles = [term_text(r) for r in program.roles]
    fluents: dict[tuple[str, int], list[tuple[int, tuple]]] = defaultdict(list)
    for i in range(program.n_true):
        term = program.props[i][1][0]
        if not isinstance(term, tuple) or not all(isinstance(a, str) for a in term):
            raise NotLowered(f"the state fluent {term_text(term)} is not a board cell or "
                             f"the turn")
        fluents[(term[0], len(term) - 1)].append((i, term))
    turn = [k for k, rows in fluents.items()
            if k[1] == 1 and all(t[1] in roles for _, t in rows)]
    if len(turn) != 1:
        raise NotLowered("no single turn fluent (control ROLE) in the state")
    control_of = {t[1]: i for i, t in fluents.pop(turn[0])}
    counter = _counter(program, fluents, chains)
    if len(fluents) != 1 or next(iter(fluents))[1] != 3:
        names = ", ".join(f"{n}/{a}" for n, a in fluents)
        raise NotLowered(f"the state is not one board fluent (F X Y V) beside the turn "
                         f"(fluents: {names})")
    (name, _), rows = next(iter(fluents.items()))
    for content in (3, 1, 2):
        axes = tuple(a for a in (1, 2, 3) if a != content)
        ordered = [_order({t[a] for _, t in rows}, chains) for a in axes]
        if ordered[0] is None or ordered[1] is None:
            continue
        values = (ordered[0], ordered[1])
        index = [{v: n for n, v in enumerate(vs)} for vs in values]
        cells = {(index[0][t[axes[0]]], index[1][t[axes[1]]], t[content]): i for i, t in rows}
        blank = _blank(program, cells, len(values[0]) * len(values[1]))
        control = tuple(control_of.get(r, -1) for r in roles)
        return Board(name, (axes[0], axes[1]), values, blank, cells, control,
                     {p: key for key, p in cells.items()}, counter)
    raise NotLowered(f"the cells of {name} have no two coordinates in order (numbers, or a "
                     f"succ-style chain)")


def _counter(program: GroundProgram, fluents: dict, chains: list[dict[str, str]]
             ) -> tuple[int, ...]:
    """A step counter: a one-place fluent of ordered values, one of them at the start (taken
    out of `fluents`); its propositions from the starting value on ((): none)."""
    for key, rows in list(fluents.items()):
        if key[1] != 1 or len(fluents) < 2:
            continue
        ordered = _order({t[1] for _, t in rows}, chains)
        at = {t[1]: i for i, t in rows}
        start = [v for v in ordered or () if program.init >> at[v] & 1]
        if ordered is not None and len(start) == 1:
            del fluents[key]
            return tuple(at[v] for v in ordered[ordered.index(start[0]):])
    return ()


def _blank(program: GroundProgram, cells: dict[CellKey, int], size: int) -> str | None:
    """The content every cell starts with: the blank (None: the cells that start with a
    piece are not all of them, and an empty cell has no proposition)."""
    start = [key for key, i in cells.items() if program.init >> i & 1]
    if len({(i, j) for i, j, _ in start}) < size:   # pieces on some cells: no blank
        return None
    contents = {v for _, _, v in start}
    if len(start) != size or len(contents) != 1:
        raise NotLowered("the board does not start with the same blank on every cell")
    return contents.pop()
