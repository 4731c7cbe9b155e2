"""Builders of the classic constraint puzzles as CSPs (Sudoku, N-queens), written in code
the way the rules language lowers a `constraints` file into the same model.

>>> csp = sudoku_csp("1.3." "3..2" ".1.." "...1", box=2)
>>> len(csp.variables), len(csp.constraints), csp.givens[(0, 2)]
(16, 12, 3)
"""

from __future__ import annotations

from gdl.errors import GdlError
from gdl.interpreter.core.grid.model import CSP, AllDifferent, AllDifferentOffset
from gdl.interpreter.core.grid.text import parse_symbol, symbol


def sudoku_csp(givens: str, box: int | tuple[int, int] = 3, name: str = "sudoku") -> CSP:
    """A Sudoku of side n = box height x box width: cells `(r, c)` of 1..n, rows,
    columns and boxes all different.

    Args:
        givens: n*n symbols row by row; '.' and '0' are blank (0 is never a
            Sudoku value), 1-9 then A-G... for 10 and up; whitespace is ignored.
        box: the box side (3 for 9x9, 2 for 4x4, 4 for 16x16) or (height, width).

    Raises:
        GdlError: the givens have the wrong length, or a symbol that is no value 1..n.
    """
    bh, bw = (box, box) if isinstance(box, int) else box
    n = bh * bw
    text = "".join(givens.split())
    if len(text) != n * n:
        raise GdlError(f"a {n}x{n} Sudoku needs {n * n} givens symbols, got {len(text)}")
    cells = [(r, c) for r in range(n) for c in range(n)]
    clues = {}
    for cell, ch in zip(cells, text):
        try:
            value = parse_symbol(ch)
        except ValueError:
            value = -1
        if value is not None and not 0 <= value <= n:
            raise GdlError(f"{ch!r} in the givens is neither a value 1..{symbol(n)} nor '.'")
        if value:  # '0' and '.' are blank
            clues[cell] = value
    groups = [[(r, c) for c in range(n)] for r in range(n)]
    groups += [[(r, c) for r in range(n)] for c in range(n)]
    groups += [[(r, c) for r in range(br, br + bh) for c in range(bc, bc + bw)]
               for br in range(0, n, bh) for bc in range(0, n, bw)]
    return CSP(name, cells, {cell: tuple(range(1, n + 1)) for cell in cells},
               [AllDifferent(g) for g in groups], clues, (n, n))


def queens_csp(n: int) -> CSP:
    """N-queens, one variable per row (0..n-1) holding its queen's column 1..n.

    Columns differ (AllDifferent); both diagonals differ as the shifted values
    `q[r] + r` and `q[r] - r` (AllDifferentOffset). This is both what a rules
    file says naturally and far faster than an n x n board of 0/1 cells.
    """
    rows = tuple(range(n))
    return CSP(f"{n}-queens", rows, {r: tuple(range(1, n + 1)) for r in rows},
               [AllDifferent(rows), AllDifferentOffset(rows, rows),
                AllDifferentOffset(rows, tuple(-r for r in rows))])
