"""Constraint puzzles: a `constraints` rules file -> `CompiledConstraints`, a factory of CSPs
(gdl.interpreter.core.grid.compiled); the areas are read by `constraint_areas`.

The statements (one per line, after `constraints "TITLE"`):

    option NAME = N                    a number the user may change (`--set NAME=N`)
    grid W x H of LOW..HIGH            W columns, H rows; one variable per cell, values LOW..HIGH
    given "53..7...."                  clues row by row ('.' blank, and '0' when 0 is no value);
                                       several `given` lines concatenate
    all different: AREAS               the cells of each area hold different values
    all different value + E: AREAS     ... the values shifted by E differ (E: numbers, options,
                                       `row` and `column`, the cell's 1-based position)
    sum N: AREAS / sum OP N: AREAS     each area adds up to N (or compares with N: < <= > >= !=)
    cage N: AREAS                      each area adds up to N, without repeats (Killer Sudoku)
    exactly K of V: AREAS              K cells of each area hold V; also `at most`, `at least`
    require: A < B < C, D != 5, ...    comparisons between cells, or a cell and a number

AREAS is a comma-separated list; each item gives one or more areas (groups of cells):
`rows`, `columns`, `row N`, `column N`, `boxes W x H` (W x H boxes tiling the grid),
`diagonals` (every diagonal line of two or more cells, both ways), `diagonal` (r1c1 to the
bottom right corner), `antidiagonal` (top right to bottom left), or a list of cells
`r1c1 r1c2 r2c1` (one area).

Cells are named r<row>c<column>: rows are numbered from 1 at the top, columns from 1 at
the left, so r1c1 is the top-left cell and the givens are read from it row by row, the
way a Sudoku is printed. (Game boards name cells a1 with row 1 at the bottom; a puzzle
grid is read like a page, so it gets names that cannot be mistaken for those.)

The compiled puzzle's variables are `(row, column)` tuples, 0-based, as in
`gdl.interpreter.core.grid.builders.sudoku_csp`. Values print as one symbol each (0-9, then A=10 ..
Z=35), so a domain must lie within 0..35.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from gdl.errors import OptionError, RulesError, SourcePos, source_lines
from gdl.grammar import ast
from gdl.interpreter.core.check.game import parse_option_value
from gdl.interpreter.core.check.constraint_areas import CELL_NAME, AreaStatements
from gdl.interpreter.core.check.constraint_shapes import ShapeStatements, At
from gdl.interpreter.core.check.scope import error, unknown
from gdl.interpreter.core.grid import model
from gdl.interpreter.core.grid.compiled import BadGivens, CompiledConstraints
from gdl.interpreter.core.grid.model import (
    AllDifferent, AllDifferentOffset, Compare, Constraint, Count, InSet, SumCompare, SumEquals)

Cell = tuple[int, int]            # (row, column), 0-based

MAX_SIDE = 64                     # rows or columns
MAX_VALUE = 35                    # the largest value with a one-character symbol (Z)
SHIFT_NAMES = ("value", "row", "column")
_ARITH: dict[str, Callable[[int, int], int]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul,
    "/": operator.floordiv, "%": operator.mod}


# ----------------------------------------------------------------------- the compiler

def compile_constraints(rules: ast.Rules, options: Mapping[str, str] | None = None
                        ) -> CompiledConstraints:
    """The compiled puzzle of a `constraints` file, with the user's `options` set (texts).

    Raises:
        RulesSemanticError: a name, a value or an area in the file is wrong (located).
        OptionError: an option the file does not declare, or a value that is not a number.
    """
    try:
        return _Compiler(rules, dict(options or {})).run()
    except RulesError as err:
        raise err.located(rules.filename, rules.source) from None


def statement_word(rules: ast.Rules, node: Any) -> str:
    """The first word of the statement at `node` (its keyword), read from the source."""
    lines = source_lines(rules.source)
    line = lines[node.pos.line - 1] if 0 < node.pos.line <= len(lines) else ""
    words = line[node.pos.column - 1:].replace(":", " ").split()
    if words[:1] in (["all"], ["at"]):   # `all different`, `at most`, `at least`
        return " ".join(words[:2])
    return words[0] if words else "this statement"


def reject_constraint_statements(rules: ast.Rules) -> None:
    """A game file must not hold constraint-puzzle statements (`grid`, `all different`, ...).

    Raises:
        RulesSemanticError: the first such statement, located.
    """
    for statement in rules.statements:
        if isinstance(statement, ast.ConstraintStatement):
            word = statement_word(rules, statement)
            err = error(f"'{word}' belongs in a constraints file, and this is a "
                        f"{rules.header.kind} file", statement)
            raise err.located(rules.filename, rules.source)


class _Compiler(ShapeStatements, AreaStatements):
    def __init__(self, rules: ast.Rules, user_options: dict[str, str]):
        self.rules = rules
        self.user_options = user_options
        self.options: dict[str, int] = {}
        self.grid: tuple[int, int] | None = None   # (width, height)
        self.values: tuple[int, ...] = ()
        self.constraints: dict[Constraint, str] = {}   # in order, first label wins
        self.given_parts: list[ast.Givens] = []
        self.boxes: tuple[int, int] | None = None
        self.holes: set[Cell] = set()
        self.areas_used = False   # cells with no value are declared before any area is read
        self.pictures: list[ast.NoValueRule] = []
        self.handlers: dict[type, Callable[[Any], None]] = {
            ast.Option: self._option, ast.GridVars: self._grid, ast.Givens: self._givens,
            ast.AllDifferentRule: self._all_different, ast.SumRule: self._sum,
            ast.CageRule: self._cage, ast.CountRule: self._count, ast.RequireRule: self._require,
            **self.shape_handlers(),
        }

    # ---- driver
    def run(self) -> CompiledConstraints:
        header = self.rules.header
        for statement in self.rules.statements:
            handler = self.handlers.get(type(statement))
            if handler is None:
                word = statement_word(self.rules, statement)
                raise error(f"'{word}' belongs in a game or puzzle file, not in a constraints file",
                            statement)
            if not isinstance(statement, (ast.Option, ast.GridVars)) and self.grid is None:
                raise error("declare the grid first (`grid W x H of LOW..HIGH`)", statement)
            handler(statement)
        unused = sorted(set(self.user_options) - set(self.options))
        if unused:
            declared = ", ".join(self.options) or "none"
            raise OptionError(f"this puzzle has no option '{unused[0]}' (its options: {declared})")
        if self.grid is None:
            raise error("the puzzle declares no grid (`grid W x H of LOW..HIGH`)", header)
        width, height = self.grid
        self.picture_done()
        compiled = CompiledConstraints(
            Path(self.rules.filename).stem, header.title, dict(self.options), width, height,
            self.values, tuple(self.constraints), dict(self.constraints), {}, self.boxes,
            frozenset(self.holes))
        try:
            compiled.default_givens = self._default_givens(compiled)
        except RulesError as err:
            if not self.user_options:
                raise
            # The file's clues fit its default options (a 9x9 Sudoku), not the ones set (box=2):
            # the puzzle still compiles, and wants givens of its own.
            compiled.givens_error = (f"{compiled.name}'s own givens do not fit the options set "
                                     f"({err.message.removeprefix('the givens: ')}): give the "
                                     f"clues with --given")
        return compiled

    # ---- values
    def number(self, node: ast.Expr, what: str, env: Mapping[str, int] | None = None) -> int:
        """A constant expression's value: numbers, options, + - * / % and parentheses."""
        if isinstance(node, ast.Number):
            return node.value
        if isinstance(node, ast.Name):
            text = node.ident.text
            if env is not None and text in env:
                return env[text]
            if text in self.options:
                return self.options[text]
            if env is not None and text in SHIFT_NAMES:
                raise error(f"'{text}' is only known in the shift of "
                            f"`all different value + ...`", node)
            if CELL_NAME.fullmatch(text):
                raise error(f"{what} must be a number, not the cell {text}", node)
            raise unknown("name", node.ident, [*self.options, *(env or {})])
        if isinstance(node, ast.Unary) and node.op == "-":
            return -self.number(node.operand, what, env)
        if isinstance(node, ast.Binary) and node.op in _ARITH:
            left, right = self.number(node.left, what, env), self.number(node.right, what, env)
            if node.op in "/%" and right == 0:
                raise error("division by zero", node)
            return _ARITH[node.op](left, right)
        raise error(f"{what} must be a number (numbers, options, + - * / % and parentheses)", node)

    def _option(self, node: ast.Option) -> None:
        name = node.name
        if name.text in self.options:
            raise error(f"'{name.text}' is already declared", name)
        if name.text in SHIFT_NAMES or CELL_NAME.fullmatch(name.text):
            raise error(f"'{name.text}' is a built-in name and cannot be redefined", name)
        value = self.number(node.default, "an option's default")
        text = self.user_options.get(name.text)
        if text is not None:
            value = parse_option_value(name.text, text, value)
        self.options[name.text] = value

    # ---- the grid and the givens
    def _grid(self, node: ast.GridVars) -> None:
        if self.grid is not None:
            raise error("'grid' is declared twice", node)
        size = []
        for expr, what in ((node.width, "the grid width"), (node.height, "the grid height")):
            value = self.number(expr, what)
            if not 1 <= value <= MAX_SIDE:
                raise error(f"{what} must be 1..{MAX_SIDE}, not {value}", expr)
            size.append(value)
        low = self.number(node.low, "the lowest value")
        high = self.number(node.high, "the highest value")
        if low > high:
            raise error(f"the values {low}..{high} are empty (the lowest comes first)", node.low)
        for value, expr in ((low, node.low), (high, node.high)):
            if not 0 <= value <= MAX_VALUE:
                raise error(f"values must lie in 0..{MAX_VALUE} (one symbol each: 0-9, then A-Z), "
                            f"not {value}", expr)
        self.grid = (size[0], size[1])
        self.values = tuple(range(low, high + 1))

    def _givens(self, node: ast.Givens) -> None:
        self.given_parts.append(node)

    def _default_givens(self, compiled: CompiledConstraints) -> dict[Cell, int]:
        if not self.given_parts:
            return {}
        symbols, places = [], []
        for part in self.given_parts:
            for i, ch in enumerate(part.text):
                if not ch.isspace():
                    symbols.append(ch)
                    places.append(SourcePos(part.pos.line, part.pos.column + 1 + i))
        try:
            return compiled._clues(symbols)
        except BadGivens as err:
            where = self.given_parts[0].pos if err.index is None else places[err.index]
            raise error(f"the givens: {err}", At(where)) from None

    # ---- constraints (the areas: AreaStatements)
    def add(self, constraint: Constraint, label: str, node: Any) -> None:
        self.constraints.setdefault(constraint, f"{label} (line {node.pos.line})")

    def _all_different(self, node: ast.AllDifferentRule) -> None:
        shift = None if node.shift is None else self._shift(node.shift)
        head = "all different" if shift is None else "all different shifted values"
        for label, cells in self.groups(node.areas):
            if len(cells) < 2:
                continue
            if shift is None:
                self.add(AllDifferent(cells), f"{head} in {label}", node)
            else:
                offsets = [shift(r, c) for r, c in cells]
                self.add(AllDifferentOffset(cells, offsets), f"{head} in {label}", node)

    def _shift(self, expr: ast.Expr) -> Callable[[int, int], int]:
        """`value + E` (`value` once, unscaled): the offset E at each cell (row, column)."""
        def offset(r: int, c: int) -> int:
            scale, amount = self._linear(expr, {"row": r + 1, "column": c + 1})
            if scale != 1:
                raise error("write the shifted value as `value + E` or `value - E`, where E uses "
                            "numbers, options, `row` and `column`", expr)
            return amount

        offset(0, 0)   # a wrong name or form is reported once, here
        return offset

    def _linear(self, expr: ast.Expr, env: Mapping[str, int]) -> tuple[int, int]:
        """`expr` as `a * value + b` at one cell: (a, b)."""
        if isinstance(expr, ast.Name) and expr.ident.text == "value":
            return 1, 0
        if isinstance(expr, ast.Unary) and expr.op == "-":
            a, b = self._linear(expr.operand, env)
            return -a, -b
        if isinstance(expr, ast.Binary) and expr.op in ("+", "-", "*"):
            (la, lb), (ra, rb) = self._linear(expr.left, env), self._linear(expr.right, env)
            if expr.op == "+":
                return la + ra, lb + rb
            if expr.op == "-":
                return la - ra, lb - rb
            if la == 0 or ra == 0:
                return la * rb + ra * lb, lb * rb
            return 2, 0   # value * value: not a shift
        if _mentions_value(expr):
            return 2, 0
        return 0, self.number(expr, "a shift", env)

    def _sum(self, node: ast.SumRule) -> None:
        total = self.number(node.total, "a sum")
        head = "sum" if node.op == "==" else f"sum {node.op}"
        for label, cells in self.groups(node.areas):
            made: Constraint = SumEquals(cells, total) if node.op == "==" \
                else SumCompare(cells, node.op, total)
            self.add(made, f"{head} {total} in {label}", node)

    def _cage(self, node: ast.CageRule) -> None:
        total = self.number(node.total, "a cage sum")
        for label, cells in self.groups(node.areas):
            self.add(SumEquals(cells, total), f"cage {total} in {label}", node)
            if len(cells) > 1:
                self.add(AllDifferent(cells), f"cage {total} (no repeats) in {label}", node)

    def _count(self, node: ast.CountRule) -> None:
        k = self.number(node.k, "a count")
        value = self.number(node.value, "a value")
        if k < 0:
            raise error(f"a count must be 0 or more, not {k}", node.k)
        if value not in self.values:
            raise error(f"{value} is not one of the values {self.values[0]}..{self.values[-1]}",
                        node.value)
        head = {"==": "exactly", "<=": "at most", ">=": "at least"}[node.op]
        for label, cells in self.groups(node.areas):
            self.add(Count(cells, value, node.op, k), f"{head} {k} of {value} in {label}", node)

    def _require(self, node: ast.RequireRule) -> None:
        for comparison in node.comparisons:
            operands = [self._operand(e) for e in comparison.operands]
            for i, op in enumerate(comparison.ops):
                (a, a_text), (b, b_text) = operands[i], operands[i + 1]
                label = f"{a_text} {op} {b_text}"
                where = comparison.operands[i]
                if isinstance(a, tuple) and isinstance(b, tuple):
                    if a == b:
                        raise error(f"{a_text} is compared with itself", where)
                    self.add(Compare(a, op, b), label, node)
                elif isinstance(a, tuple):
                    assert isinstance(b, int)   # (both cells: the branch above)
                    self.add(InSet(a, [x for x in self.values if model.OPS[op](x, b)]), label, node)
                elif isinstance(b, tuple):
                    self.add(InSet(b, [x for x in self.values if model.OPS[op](a, x)]), label, node)
                else:
                    raise error(f"'{a_text} {op} {b_text}' compares two numbers; "
                                f"compare a cell with a cell or a number", where)

    def _operand(self, expr: ast.Expr) -> tuple[Cell | int, str]:
        if isinstance(expr, ast.Name) and expr.ident.text not in self.options:
            return self.cell(expr.ident), expr.ident.text
        value = self.number(expr, "a compared value")
        return value, str(value)


def _mentions_value(expr: Any) -> bool:
    if isinstance(expr, ast.Name):
        return expr.ident.text == "value"
    return any(_mentions_value(getattr(expr, f))
               for f in ("left", "right", "operand") if hasattr(expr, f))
