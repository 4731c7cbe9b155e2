"""Constraint grids as text: one character per value, and an assignment printed as a grid.

Values print as one character each (`symbol`): 0-9 as digits, then 10 = A,
11 = B, ..., so a 16x16 Sudoku shows 1-9 then A-G (G = 16); `.` is blank, and
`#` marks a cell that holds no value (Kakuro's black cells).
"""

from __future__ import annotations

from gdl.interpreter.core.grid.model import CSP, Assignment

BLANK = "."
NO_VALUE = "#"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def symbol(value: int | None) -> str:
    """One character for a value: 0-9, then A=10, B=11, ...; '.' for None (no value)."""
    if value is None:
        return BLANK
    if 0 <= value <= 9:
        return str(value)
    if 10 <= value < 10 + len(_LETTERS):
        return _LETTERS[value - 10]
    raise ValueError(f"{value} has no one-character symbol")


def parse_symbol(ch: str) -> int | None:
    """The inverse of `symbol` (case-insensitive); '.' gives None. Raises ValueError."""
    if ch == BLANK:
        return None
    if ch.isdigit():
        return int(ch)
    if ch.upper() in _LETTERS:
        return 10 + _LETTERS.index(ch.upper())
    raise ValueError(f"{ch!r} is not a value symbol")


def grid_rows(csp: CSP, assignment: Assignment) -> list[str]:
    """A grid CSP's assignment as one string of symbols per row (unassigned: '.')."""
    if csp.shape is None:
        raise ValueError(f"{csp.name} is not a grid")
    rows, cols = csp.shape
    return ["".join(symbol(assignment.get((r, c))) for c in range(cols)) for r in range(rows)]


def grid_string(csp: CSP, assignment: Assignment) -> str:
    """The grid row by row in one string: 81 characters for a 9x9 Sudoku."""
    return "".join(grid_rows(csp, assignment))


def render(csp: CSP, assignment: Assignment) -> str:
    """Text for a person: the grid's rows, or `name = value` lines for a non-grid CSP."""
    if csp.shape is not None:
        return "\n".join(grid_rows(csp, assignment))
    return "\n".join(f"{v} = {assignment.get(v, BLANK)}" for v in csp.variables)
