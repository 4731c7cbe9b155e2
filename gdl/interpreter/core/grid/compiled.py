"""A compiled `constraints` file: `CompiledConstraints`, the factory of the CSPs its grid,
domain, constraints and givens make, and the text that prints and describes them.

The compiler (gdl.interpreter.core.check.constraints) builds it; the solvers, the catalog
and the web pages read it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from gdl.errors import GdlError
from gdl.interpreter.core.grid.model import CSP, AllDifferent, Constraint, InSet, Var
from gdl.interpreter.core.grid.runs import Runs
from gdl.interpreter.core.grid.text import BLANK, NO_VALUE, parse_symbol, symbol
from gdl.protocol import CONSTRAINTS

Cell = tuple[int, int]            # (row, column), 0-based


class CompiledConstraints:
    """A checked constraints file: the grid, the domain, the constraints, the default givens.

    `csp(givens)` builds the `gdl.interpreter.core.grid.model.CSP` that every CSP solver reads;
    `render` and `grid_string` print an assignment; `describe` names a constraint
    the way the rules file says it (for "no solution" reports).
    """

    kind = CONSTRAINTS
    players: tuple[str, ...] = ()
    zero_sum = False

    def __init__(self, name: str, title: str, options: dict[str, int], width: int, height: int,
                 values: tuple[int, ...], constraints: tuple[Constraint, ...],
                 labels: dict[Constraint, str], givens: dict[Cell, int],
                 boxes: tuple[int, int] | None, holes: frozenset[Cell] = frozenset()):
        self.name, self.title, self.options = name, title, options
        self.width, self.height, self.values = width, height, values
        self.constraints, self.labels, self.boxes = constraints, labels, boxes
        self.default_givens = givens
        self.givens_error: str | None = None   # why the file's givens do not fit the options set
        self.holes = holes   # cells that hold no value (no variable)
        self.cells: tuple[Cell, ...] = tuple((r, c) for r in range(height) for c in range(width))
        self.variables: tuple[Cell, ...] = tuple(c for c in self.cells if c not in holes)
        self.invariants: dict[str, Any] = {}

    def __repr__(self) -> str:
        return (f"<CompiledConstraints {self.name}: {self.width} x {self.height} "
                f"of {self.domain_text}>")

    @property
    def domain_text(self) -> str:
        return f"{self.values[0]}..{self.values[-1]}"

    def csp(self, givens: str | None = None) -> CSP:
        """The puzzle as a CSP, with `givens` (text, as `given` takes it) or the file's own.

        Raises:
            GdlError: the givens have the wrong length or a symbol that is no value, or
                `givens` is None and the file's givens do not fit the options set.
        """
        if givens is None and self.givens_error is not None:
            raise GdlError(self.givens_error)
        clues = self.default_givens if givens is None else self.parse_givens(givens)
        domains = dict.fromkeys(self.variables, self.values)
        return CSP(self.name, self.variables, domains, self.constraints, clues,
                   (self.height, self.width))

    def parse_givens(self, text: str) -> dict[Cell, int]:
        """Clues from text: one symbol per cell, row by row; whitespace is ignored.

        Raises:
            GdlError: wrong length, or a symbol that is neither blank nor a value of the domain.
        """
        symbols = [ch for ch in text if not ch.isspace()]
        try:
            return self._clues(symbols)
        except BadGivens as err:
            if err.index is None:
                holes = "; '#' where a cell holds no value" if self.holes else ""
                raise GdlError(f"the givens have {err} (one symbol per cell, row by row; "
                               f"'.' or '0' for a blank{holes})") from None
            where = self.cell_name(self.cells[err.index])
            raise GdlError(f"the givens: symbol {err.index + 1} ({where}), {err}") from None

    def _clues(self, symbols: list[str]) -> dict[Cell, int]:
        """Clues from one symbol per cell. Raises BadGivens."""
        cells = len(self.cells)
        if len(symbols) != cells:
            raise BadGivens(f"{len(symbols)} symbols, but the {self.width} x {self.height} grid "
                             f"has {cells} cells")
        clues = {}
        for i, (cell, ch) in enumerate(zip(self.cells, symbols)):
            if cell in self.holes or ch == NO_VALUE:
                if cell in self.holes and ch in (BLANK, NO_VALUE):
                    continue
                raise BadGivens(f"{self.cell_name(cell)} holds no value, so its symbol is "
                                 f"'#' or '.', not {ch!r}" if cell in self.holes else
                                 f"'#' marks a cell with no value, and {self.cell_name(cell)} "
                                 f"holds one", i)
            value = _symbol_value(ch)
            if value == 0 and 0 not in self.values:
                value = None        # '0' is a blank when 0 is no value
            if value is None:
                continue
            if value not in self.values:
                raise BadGivens(f"{ch!r} is not one of the values {self.domain_text} "
                                 f"(or '.' for a blank)", i)
            clues[cell] = value
        return clues

    def cell_name(self, cell: Var) -> str:
        r, c = cast(Cell, cell)   # this puzzle's variables are its cells
        return f"r{r + 1}c{c + 1}"

    def grid_string(self, assignment: Mapping[Var, int]) -> str:
        """The grid row by row as one string of symbols ('.' where unassigned, '#' where
        a cell holds no value)."""
        return "".join(self._symbol(assignment, v) for v in self.cells)

    def _symbol(self, assignment: Mapping[Var, int], cell: Cell) -> str:
        return NO_VALUE if cell in self.holes else symbol(assignment.get(cell))

    def render(self, assignment: Mapping[Var, int]) -> str:
        """A picture of the grid: symbols apart by spaces, box borders if the file has boxes;
        a grid of runs (a nonogram) as '#' for 1 and '.' for 0 ('?' unassigned)."""
        if any(isinstance(c, Runs) for c in self.constraints):
            return "\n".join(" ".join("#.?"[[1, 0].index(assignment[(r, c)])
                                           if (r, c) in assignment else 2]
                                       for c in range(self.width)) for r in range(self.height))
        bw, bh = self.boxes or (self.width, self.height)
        lines = []
        for r in range(self.height):
            if r and r % bh == 0:
                lines.append("-+-".join("-" * (2 * bw - 1) for _ in range(0, self.width, bw)))
            parts = [" ".join(self._symbol(assignment, (r, c))
                              for c in range(c0, min(c0 + bw, self.width)))
                     for c0 in range(0, self.width, bw)]
            lines.append(" | ".join(parts))
        return "\n".join(lines)

    def describe(self, constraint: Constraint, givens: Mapping[Var, int] | None = None) -> str:
        """The constraint as the rules file states it, with the givens that break it if any."""
        label = self.labels.get(constraint)
        if label is None:
            label = _fallback_label(constraint, self.cell_name)
        if not givens:
            return label
        scope = dict.fromkeys(constraint.scope)
        inside = [(v, givens[v]) for v in scope if v in givens]
        if isinstance(constraint, AllDifferent):
            seen: dict[int, int] = {}
            for _, x in inside:
                seen[x] = seen.get(x, 0) + 1
            inside = [(v, x) for v, x in inside if seen[x] > 1]
        if not inside:
            return label
        return f"{label}: " + ", ".join(f"{self.cell_name(v)} = {symbol(x)}" for v, x in inside)


class BadGivens(ValueError):
    """Givens that do not fit the grid; `index` is the offending symbol's (None: the length)."""

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.index = index


def _fallback_label(constraint: Constraint, name: Callable[[Var], str]) -> str:
    if isinstance(constraint, InSet):
        return f"{name(constraint.var)} in {{{', '.join(map(str, sorted(constraint.values)))}}}"
    return f"{type(constraint).__name__} over " + " ".join(name(v) for v in constraint.scope)


def _symbol_value(ch: str) -> int | None:
    try:
        return parse_symbol(ch)
    except ValueError:
        return -1
