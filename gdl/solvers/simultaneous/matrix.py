"""The exact value and optimal mixed strategies of a two-player zero-sum matrix game.

Linear programming by the simplex method in exact rational arithmetic (Fractions), with
Bland's rule so it cannot cycle. Why not scipy: the games gdl solves this way are small (a
few hundred actions at most), and exact values make the answers checkable as they stand:
roshambo's value is 0 and its strategy exactly a third each, with no tolerance to state.
(tests/solvers/test_matrix_games.py checks it against scipy's HiGHS where scipy imports.)

The row player maximises. With every entry shifted to be positive (value v + shift > 0),
the column player's problem is: maximise sum(w) subject to A w <= 1, w >= 0; its optimum
is 1 / (v + shift), the column strategy w / sum(w), and the row strategy the duals (the
objective row's coefficients of the slacks), normalised.
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Sequence

import attrs

Number = Fraction | int | float


@attrs.frozen
class MatrixSolution:
    """value: to the row player; row, column: optimal mixed strategies (each sums to 1)."""
    value: Fraction
    row: tuple[Fraction, ...]
    column: tuple[Fraction, ...]


def solve_matrix(payoffs: Sequence[Sequence[Number]]) -> MatrixSolution:
    """The value and an optimal strategy per player of the game whose row player gets
    `payoffs[i][j]` (and the column player its negation) when they choose i and j.

    >>> solve_matrix([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]).value
    Fraction(0, 1)
    """
    a = [[Fraction(x) for x in row] for row in payoffs]
    m, n = len(a), len(a[0]) if a else 0
    if m == 0 or n == 0 or any(len(row) != n for row in a):
        raise ValueError("a matrix game needs a non-empty rectangular matrix")
    shift = 1 - min(min(row) for row in a)   # every entry >= 1: the value is positive
    # tableau rows: constraints [A' | I | 1]; the last row the objective: -1 on w, 0 on slacks
    table = [[*(x + shift for x in a[i]), *(Fraction(int(i == k)) for k in range(m)),
              Fraction(1)] for i in range(m)]
    table.append([*(Fraction(-1) for _ in range(n)), *(Fraction(0) for _ in range(m)),
                  Fraction(0)])
    basis = [n + i for i in range(m)]
    while True:
        objective = table[m]
        entering = next((j for j in range(n + m) if objective[j] < 0), None)   # Bland
        if entering is None:
            break
        ratios = [(table[i][-1] / table[i][entering], basis[i], i)
                  for i in range(m) if table[i][entering] > 0]
        _, _, leaving = min(ratios)   # bounded: A' > 0, so a ratio always exists
        pivot = table[leaving][entering]
        table[leaving] = [x / pivot for x in table[leaving]]
        for i in range(m + 1):
            factor = table[i][entering]
            if i != leaving and factor:
                table[i] = [x - factor * y for x, y in zip(table[i], table[leaving])]
        basis[leaving] = entering
    total = table[m][-1]   # sum(w) = 1 / (v + shift)
    w = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            w[var] = table[i][-1]
    duals = [table[m][n + i] for i in range(m)]
    return MatrixSolution(1 / total - shift, tuple(x / total for x in duals),
                          tuple(x / total for x in w))


def guaranteed(payoffs: Sequence[Sequence[Number]], row: Sequence[Number],
               column: Sequence[Number]) -> tuple[Fraction, Fraction]:
    """(what `row` guarantees the row player against every column, what `column` concedes
    at most against every row): both equal the value exactly when the pair is optimal."""
    a = [[Fraction(x) for x in r] for r in payoffs]
    zero = Fraction(0)
    low = min(sum((Fraction(row[i]) * a[i][j] for i in range(len(a))), zero)
              for j in range(len(a[0])))
    high = max(sum((Fraction(column[j]) * a[i][j] for j in range(len(a[0]))), zero)
               for i in range(len(a)))
    return low, high
