"""Constraint puzzle nodes: a `constraints` file's grid of variables and its rules.

One grid of variables, a domain, constraints over areas of cells. Cells are named
r<row>c<column> (r1c1 is the top-left cell).
"""

from __future__ import annotations

import attrs

from gdl.errors import SourcePos
from gdl.grammar.ast.expressions import Expr, Ident


@attrs.frozen
class GridVars:
    """`grid W x H of LOW..HIGH`: one variable per cell, each taking a value LOW..HIGH."""
    width: Expr
    height: Expr
    low: Expr
    high: Expr
    pos: SourcePos


@attrs.frozen
class Givens:
    """`given "53..7...."`: clues row by row ('.' blank); several lines concatenate."""
    text: str
    pos: SourcePos


@attrs.frozen
class Area:
    """Where a constraint applies; each area is one group of cells.

    kind: "rows", "columns", "diagonals" (every diagonal line, both ways), "diagonal"
    (r1c1 to the bottom right), "antidiagonal", "row"/"column" (args: its number),
    "boxes" (args: width, height), "cells" (the listed cells), "right of"/"below" (cells:
    the cell the run of value cells follows)."""
    kind: str
    args: tuple[Expr, ...]
    cells: tuple[Ident, ...]
    pos: SourcePos


@attrs.frozen
class AllDifferentRule:
    """`all different: AREAS`, or `all different value + E: AREAS` (the shifted values differ)."""
    shift: Expr | None
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class SumRule:
    """`sum 15: AREAS` or `sum <= 10: AREAS`: each area's sum compared with a number."""
    op: str
    total: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class CageRule:
    """`cage 15: r1c1 r1c2`: the cells add up to 15 and are all different (Killer Sudoku)."""
    total: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class CountRule:
    """`exactly K of V: AREAS` (op "=="), `at most` ("<="), `at least` (">="):
    how many cells of each area hold the value V."""
    op: str
    k: Expr
    value: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class Comparison:
    """`r1c1 < r1c2 < r1c3`: operands (cells or numbers) and the operators between them."""
    operands: tuple[Expr, ...]
    ops: tuple[str, ...]
    pos: SourcePos


@attrs.frozen
class RequireRule:
    """`require: r1c1 > r1c2, r2c3 != 4`: comparisons between cells (Futoshiki) or with numbers."""
    comparisons: tuple[Comparison, ...]
    pos: SourcePos


@attrs.frozen
class NoValueRule:
    """`no value: AREAS` or `no value "#..#"` (a picture row by row, '#' marks a cell with no
    value, '.' one with a value; several lines concatenate): cells that are no variable."""
    areas: tuple[Area, ...]
    picture: str | None
    pos: SourcePos


@attrs.frozen
class ArithmeticRule:
    """`product 240: AREAS`, `difference 2: ...`, `quotient 3: ...` (KenKen cages)."""
    op: str                  # "*", "-" or "/"
    target: Expr
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class RunsRule:
    """`runs 3 1, 2: rows`: the 1s of each area form runs of these lengths (one list per
    area, in order, or one list for every area); `0` alone is an empty line."""
    clues: tuple[tuple[int, ...], ...]
    areas: tuple[Area, ...]
    pos: SourcePos


@attrs.frozen
class VisibleRule:
    """`visible 3: AREAS` (seen from each area's first cell) or `visible from left "2.3."`
    (one clue per row or column, '.' for none)."""
    count: Expr | None
    areas: tuple[Area, ...]
    side: str | None         # "left", "right", "top", "bottom"
    clues: str | None
    pos: SourcePos


ConstraintStatement = (GridVars | Givens | AllDifferentRule | SumRule | CageRule | CountRule
                       | RequireRule | NoValueRule | ArithmeticRule | RunsRule | VisibleRule)
