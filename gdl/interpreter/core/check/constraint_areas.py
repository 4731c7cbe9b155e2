"""The areas a constraints statement lists (`rows`, `columns`, `row N`, `column N`,
`boxes W x H`, `diagonals`, `diagonal`, `antidiagonal`, a list of cells), each read into
groups of cells; `constraints._Compiler` mixes this in.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable

from gdl.grammar import ast
from gdl.interpreter.core.check.constraint_shapes import Cell, Group
from gdl.interpreter.core.check.scope import error, unknown

CELL_NAME = re.compile(r"r([0-9]+)c([0-9]+)")   # a cell: r<row>c<column>, both from 1


class AreaStatements:
    """Areas into groups of cells; the host class provides the grid, the options and the
    helpers."""

    grid: tuple[int, int] | None
    options: dict[str, int]
    holes: set[Cell]
    boxes: tuple[int, int] | None
    areas_used: bool
    number: Callable[..., int]
    picture_done: Callable[[], None]
    run_after: Callable[[ast.Area], Group]

    def cell(self, ident: ast.Ident) -> Cell:
        assert self.grid is not None   # statements before `grid` were refused
        width, height = self.grid
        match = CELL_NAME.fullmatch(ident.text)
        if match is None:
            if difflib.get_close_matches(ident.text, list(self.options), n=1):
                raise unknown("name", ident, list(self.options))
            raise error(f"unknown cell '{ident.text}' (cells are named r1c1 .. r{height}c{width}: "
                        f"row, then column)", ident)
        r, c = int(match[1]), int(match[2])
        if not (1 <= r <= height and 1 <= c <= width):
            raise error(f"cell {ident.text} is off the {width} x {height} grid "
                        f"(rows 1..{height}, columns 1..{width})", ident)
        return r - 1, c - 1

    def groups(self, areas: Iterable[ast.Area], mark: bool = True) -> list[Group]:
        """Every area of a statement's list, each as (label, cells): cells with no value left
        out (`mark`: the cells with no value are then settled)."""
        self.picture_done()
        self.areas_used = self.areas_used or mark
        out: list[Group] = []
        for area in areas:
            if area.kind in ("right of", "below"):
                out.append(self.run_after(area))
                continue
            if area.kind == "cells":
                for ident in area.cells:
                    if self.cell(ident) in self.holes:
                        raise error(f"cell {ident.text} holds no value", ident)
            out.extend((label, tuple(c for c in cells if c not in self.holes))
                       for label, cells in self._area(area))
        return out

    def _area(self, area: ast.Area) -> list[Group]:
        assert self.grid is not None   # statements before `grid` were refused
        width, height = self.grid
        kind = area.kind
        if kind == "rows":
            return [(f"row {r + 1}", tuple((r, c) for c in range(width))) for r in range(height)]
        if kind == "columns":
            return [(f"column {c + 1}", tuple((r, c) for r in range(height))) for c in range(width)]
        if kind in ("row", "column"):
            limit = height if kind == "row" else width
            n = self.number(area.args[0], f"a {kind} number")
            if not 1 <= n <= limit:
                raise error(f"{kind} {n} is off the grid (1..{limit})", area.args[0])
            cells = tuple((n - 1, c) for c in range(width)) if kind == "row" \
                else tuple((r, n - 1) for r in range(height))
            return [(f"{kind} {n}", cells)]
        if kind == "boxes":
            return self._boxes(area)
        if kind == "diagonals":
            return self._diagonals()
        if kind in ("diagonal", "antidiagonal"):
            if width != height:
                raise error(f"'{kind}' needs a square grid, and this one is "
                            f"{width} x {height}", area)
            cells = tuple((i, i if kind == "diagonal" else width - 1 - i) for i in range(width))
            return [(f"the {kind}", cells)]
        listed: list[Cell] = []
        for ident in area.cells:
            cell = self.cell(ident)
            if cell in listed:
                raise error(f"cell {ident.text} is listed twice", ident)
            listed.append(cell)
        return [(" ".join(ident.text for ident in area.cells), tuple(listed))]

    def _boxes(self, area: ast.Area) -> list[Group]:
        assert self.grid is not None   # statements before `grid` were refused
        width, height = self.grid
        bw, bh = (self.number(expr, "a box size") for expr in area.args)
        for value, total, what, expr in ((bw, width, "width", area.args[0]),
                                         (bh, height, "height", area.args[1])):
            if value < 1 or total % value:
                raise error(f"boxes {bw} x {bh} do not tile the {width} x {height} grid "
                            f"(the box {what} must divide {total})", expr)
        self.boxes = self.boxes or (bw, bh)
        out: list[Group] = []
        for r0 in range(0, height, bh):
            for c0 in range(0, width, bw):
                cells = tuple((r, c) for r in range(r0, r0 + bh) for c in range(c0, c0 + bw))
                out.append((f"box {len(out) + 1}", cells))
        return out

    def _diagonals(self) -> list[Group]:
        assert self.grid is not None   # statements before `grid` were refused
        width, height = self.grid
        out = []
        for step in (1, -1):   # down-right, then down-left
            starts = [(0, c) for c in range(width)] + [(r, 0 if step == 1 else width - 1)
                                                       for r in range(1, height)]
            for r0, c0 in starts:
                cells = []
                r, c = r0, c0
                while 0 <= r < height and 0 <= c < width:
                    cells.append((r, c))
                    r, c = r + 1, c + step
                if len(cells) >= 2:
                    names = f"r{r0 + 1}c{c0 + 1}..r{cells[-1][0] + 1}c{cells[-1][1] + 1}"
                    out.append((f"diagonal {names}", tuple(cells)))
        return out
