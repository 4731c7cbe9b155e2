"""The constraint statements of grids with shape: cells that hold no value (Kakuro's black
cells), the runs of value cells after such a cell, KenKen's arithmetic cages, nonogram run
lengths and skyscraper visibility. Lowered into `csp_arith.Arithmetic`,
`csp_lines.Runs` and `csp_lines.Visible`; `constraints._Compiler` mixes this in.

    no value "#..##..."               a picture row by row: '#' a cell with no value
    no value: r1c1 r2c5               the same, cell by cell (or any areas)
    cage 16: right of r2c1            an area: the value cells right of r2c1 (or `below`),
                                      up to the next cell with no value or the edge
    product 240: AREAS                KenKen cages; also `difference N`, `quotient N`
    runs 3 1, 2, 0: rows              the 1s of each area form runs of these lengths
    visible from left "2..3"          one clue per row ('.' none), seen from that side
    visible 3: AREAS                  seen from each area's first cell
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gdl.errors import SourcePos
from gdl.grammar import ast
from gdl.interpreter.core.check.scope import error
from gdl.interpreter.core.grid.model import Constraint
from gdl.interpreter.core.grid.cages import Arithmetic
from gdl.interpreter.core.grid.runs import Runs, Visible
from gdl.interpreter.core.grid.text import NO_VALUE, parse_symbol

Cell = tuple[int, int]
Group = tuple[str, tuple[Cell, ...]]
_STEP = {"right of": (0, 1), "below": (1, 0)}
_OPERATION_WORD = {"*": "product", "-": "difference", "/": "quotient"}


class At:
    """A stand-in node for a position computed by hand (a symbol inside a string)."""

    def __init__(self, pos: SourcePos):
        self.pos = pos


def symbol_places(text: str, start: SourcePos) -> list[tuple[str, SourcePos]]:
    """The non-blank symbols of a one-line string literal at `start`, each with its place."""
    return [(ch, SourcePos(start.line, start.column + 1 + i))
            for i, ch in enumerate(text) if not ch.isspace()]


class ShapeStatements:
    """Handlers for the statements above; the host class provides the grid and the helpers."""

    grid: tuple[int, int] | None
    values: tuple[int, ...]
    holes: set[Cell]
    areas_used: bool
    pictures: list[ast.NoValueRule]
    number: Callable[..., int]
    cell: Callable[[ast.Ident], Cell]
    add: Callable[[Constraint, str, Any], None]

    if TYPE_CHECKING:   # defined by AreaStatements, the other mixin of the compiler
        def groups(self, areas: Iterable[ast.Area], mark: bool = True) -> list[Group]: ...

    def shape_handlers(self) -> dict[type, Callable[[Any], None]]:
        return {ast.NoValueRule: self._no_value, ast.ArithmeticRule: self._arithmetic,
                ast.RunsRule: self._runs, ast.VisibleRule: self._visible}

    # ---- cells with no value
    def _no_value(self, node: ast.NoValueRule) -> None:
        if self.areas_used:
            raise error("declare the cells with no value before the statements that use "
                        "areas of the grid", node)
        if node.picture is None:
            self.picture_done()
            for _, cells in self.groups(node.areas, False):
                self.holes.update(cells)
            return
        self.pictures.append(node)

    def picture_done(self) -> None:
        """The `no value "..."` pictures joined up: one symbol per cell, row by row."""
        if not self.pictures:
            return
        assert self.grid is not None
        width, height = self.grid
        places = [p for node in self.pictures for p in symbol_places(node.picture or "",
                                                                           node.pos)]
        if len(places) != width * height:
            raise error(f"the no-value picture has {len(places)} symbols, but the {width} x "
                        f"{height} grid has {width * height} cells ('#' no value, '.' a value)",
                        self.pictures[0])
        for i, (ch, pos) in enumerate(places):
            if ch == NO_VALUE:
                self.holes.add(divmod(i, width))
            elif ch != ".":
                raise error(f"{ch!r} in the no-value picture: write '#' for a cell with no "
                            f"value and '.' for a cell with one", At(pos))
        self.pictures.clear()

    def run_after(self, area: ast.Area) -> Group:
        """`right of CELL` / `below CELL`: the value cells after CELL up to a hole or the edge."""
        assert self.grid is not None
        width, height = self.grid
        ident = area.cells[0]
        r, c = self.cell(ident)
        if (r, c) not in self.holes:
            raise error(f"{ident.text} holds a value: `{area.kind}` names the cell with no "
                        f"value that a run follows (a Kakuro clue cell)", ident)
        dr, dc = _STEP[area.kind]
        cells = []
        r, c = r + dr, c + dc
        while r < height and c < width and (r, c) not in self.holes:
            cells.append((r, c))
            r, c = r + dr, c + dc
        if not cells:
            raise error(f"no cell with a value {area.kind} {ident.text}", ident)
        return f"{area.kind} {ident.text}", tuple(cells)

    # ---- KenKen cages
    def _arithmetic(self, node: ast.ArithmeticRule) -> None:
        target = self.number(node.target, f"a {_OPERATION_WORD[node.op]}")
        for label, cells in self.groups(node.areas, True):
            if node.op != "*" and len(cells) < 2:
                raise error(f"a {_OPERATION_WORD[node.op]} needs two or more cells, and "
                            f"{label} has {len(cells)}", node)
            self.add(Arithmetic(cells, node.op, target),
                     f"{_OPERATION_WORD[node.op]} {target} in {label}", node)

    # ---- nonogram runs
    def _runs(self, node: ast.RunsRule) -> None:
        if set(self.values) != {0, 1}:
            raise error(f"runs need a grid of 0..1 (1 fills a cell), and this one is of "
                        f"{self.values[0]}..{self.values[-1]}", node)
        groups = self.groups(node.areas, True)
        clues = node.clues
        if len(clues) == 1:
            clues = clues * len(groups)
        if len(clues) != len(groups):
            raise error(f"{len(clues)} lists of run lengths for {len(groups)} areas: give one "
                        f"per area, in order (or one for them all)", node)
        for lengths, (label, cells) in zip(clues, groups):
            if lengths == (0,):
                lengths = ()
            if 0 in lengths:
                raise error(f"a run is 1 cell long or more; '0' alone stands for an empty "
                            f"line (in the list for {label})", node)
            text = " ".join(map(str, lengths)) or "0"
            self.add(Runs(cells, lengths), f"runs {text} in {label}", node)

    # ---- skyscrapers
    def _visible(self, node: ast.VisibleRule) -> None:
        if node.count is not None:
            count = self.number(node.count, "a visible count")
            for label, cells in self.groups(node.areas, True):
                self._add_visible(cells, count, f"visible {count} from {label}", node, node)
            return
        assert self.grid is not None and node.side is not None and node.clues is not None
        width, height = self.grid
        rows = node.side in ("left", "right")
        lines = [[(r, c) for c in range(width)] for r in range(height)] if rows \
            else [[(r, c) for r in range(height)] for c in range(width)]
        places = symbol_places(node.clues, node.pos)
        what = "row" if rows else "column"
        if len(places) != len(lines):
            raise error(f"{len(places)} clues seen from the {node.side}, but the grid has "
                        f"{len(lines)} {what}s (one symbol each, '.' for no clue)", node)
        for i, ((ch, pos), line) in enumerate(zip(places, lines)):
            if ch == ".":
                continue
            try:
                seen = parse_symbol(ch) or 0
            except ValueError:
                raise error(f"{ch!r} is no clue (a number of buildings seen, or '.')",
                            At(pos)) from None
            order = [cell for cell in line if cell not in self.holes]
            if node.side in ("right", "bottom"):
                order.reverse()
            label = f"visible {seen} from the {node.side} of {what} {i + 1}"
            self._add_visible(tuple(order), seen, label, node, At(pos))

    def _add_visible(self, cells: tuple[Cell, ...], count: int, label: str, node: Any,
                     where: Any) -> None:
        if not 1 <= count <= len(cells):
            raise error(f"{label.split(' from ')[0]} is impossible: the line has "
                        f"{len(cells)} cells, so 1..{len(cells)} can be seen", where)
        self.add(Visible(cells, count), label, node)
