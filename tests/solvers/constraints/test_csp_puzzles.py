"""Constraint puzzles solved by every CSP method, each answer checked constraint by constraint,
and the methods cross-checked against the hand-written MRV backtracking reference."""

from __future__ import annotations

import attrs
import pytest

from gdl.errors import SolverError
from gdl.interpreter.core.grid.builders import queens_csp, sudoku_csp
from gdl.interpreter.core.grid.model import (
    CSP,
    AllDifferent,
    Compare,
    Count,
    SumEquals,
    check_solution,
)
from gdl.interpreter.core.grid.text import grid_string, symbol
from gdl.solvers.constraints.backtrack import backtrack
from gdl.solvers.constraints.library import available_solvers, library_search
from gdl.solvers.constraints.solve import METHODS, solve_csp

EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
EASY_SOLUTION = ("534678912672195348198342567859761423426853791"
                 "713924856961537284287419635345286179")
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
SEARCHES = ("backtrack", "propagate", "library", "library+propagate")  # "auto" is one of these


def pattern16() -> str:
    """A valid 16x16 Sudoku grid built by the usual shifting pattern."""
    return "".join(symbol((4 * (r % 4) + r // 4 + c) % 16 + 1) for r in range(16)
                   for c in range(16))


# pattern16() with 130 cells blanked in a seeded random order, each blank kept
# only while the puzzle stayed unique (checked by counting to 2).
SUDOKU16 = (".234.6.89..CD.F.5.7.9ABC.E...2.4....D..G..3.56..........56789AB.234.....A..D.F.1."
            "7...B...F..2.45....E.G12.456....FG.234.6789.BCD..5.78....D...1.78..B....G123..6BC"
            "DEF..23.5.7....G..3456.89A..D...6..9..CDE...2.89..C.E.G.2.4..7C.E.G123.567.9ABG.2"
            "3....8.A.CD..")


def solutions_agree(csp: CSP, limit: int | None = 2):
    """Solve `csp` counting to `limit` with every method; all must agree with the
    reference on status and count, and every answer must satisfy every constraint.
    Returns the reference result."""
    ref = solve_csp(csp, count=True, limit=limit, method="backtrack")
    for method in SEARCHES:
        r = solve_csp(csp, count=True, limit=limit, method=method)
        assert (r.status, r.count, r.unique) == (ref.status, ref.count, ref.unique), method
        if r.solution is not None:
            assert check_solution(csp, r.solution) == [], method
            if ref.unique:
                assert r.solution == ref.solution, method
    return ref


def test_easy_sudoku_has_the_known_unique_solution():
    csp = sudoku_csp(EASY)
    ref = solutions_agree(csp)
    assert ref.status == "solved" and ref.unique and ref.exact
    assert grid_string(csp, ref.solution) == EASY_SOLUTION
    assert grid_string(csp, ref.solution)[:9] == "534678912"


@pytest.mark.slow
def test_hard_sudoku_solves_to_a_valid_grid_keeping_the_givens():
    csp = sudoku_csp(HARD)
    ref = solutions_agree(csp)
    assert ref.unique
    text = grid_string(csp, ref.solution)
    assert all(g in ".0" or g == t for g, t in zip(HARD, text))
    assert check_solution(csp, ref.solution) == []


def test_4x4_sudoku():
    csp = sudoku_csp("1.3." ".4.2" "2..3" "...1", box=2)
    ref = solutions_agree(csp, limit=None)
    assert ref.count == 1 and grid_string(csp, ref.solution) == "1234341221434321"
    assert solutions_agree(sudoku_csp("...." "3..2" ".1.." "...1", box=2), limit=None).count == 3


def test_16x16_sudoku_is_unique_and_is_the_pattern_grid():
    grid = pattern16()
    assert all(g == "." or g == t for g, t in zip(SUDOKU16, grid))
    csp = sudoku_csp(SUDOKU16, box=4)
    ref = solutions_agree(csp)
    assert ref.unique and grid_string(csp, ref.solution) == grid


def test_two_equal_givens_in_a_row_are_no_solution_without_search():
    givens = "55" + EASY[2:]
    for method in METHODS:
        r = solve_csp(sudoku_csp(givens), count=True, method=method)
        assert (r.status, r.solution, r.count, r.nodes) == ("no solution", None, 0, 0)
        assert AllDifferent([(0, c) for c in range(9)]) in r.conflicts


def test_no_solution_found_by_search():
    # (0,2) needs 3 or 4, and column 2 holds both; no two givens clash.
    csp = sudoku_csp("12.." "..3." "..4." "....", box=2)
    ref = solutions_agree(csp, limit=None)
    assert ref.status == "no solution" and ref.conflicts == () and ref.unique is False


def test_sixteen_givens_have_more_than_one_solution():
    kept, givens = 0, []
    for ch in EASY:
        keep = ch != "0" and kept < 16
        kept += keep
        givens.append(ch if keep else ".")
    csp = sudoku_csp("".join(givens))
    assert len(csp.givens) == 16
    ref = solutions_agree(csp)
    assert (ref.status, ref.count, ref.unique, ref.exact) == ("multiple", 2, False, False)


def test_eight_queens_has_92_solutions_12_up_to_symmetry():
    csp = queens_csp(8)
    assert solutions_agree(csp, limit=None).count == 92
    every = backtrack(csp, limit=None).solutions
    assert len(every) == 92 and all(check_solution(csp, s) == [] for s in every)

    def images(cells):
        for _ in range(4):
            cells = {(c, 7 - r) for r, c in cells}
            yield frozenset(cells)
            yield frozenset((r, 7 - c) for r, c in cells)

    classes = {min(tuple(sorted(i)) for i in images({(r, q - 1) for r, q in s.items()}))
               for s in every}
    assert len(classes) == 12


def test_queens_as_a_board_of_zeros_and_ones_with_counts():
    n = 6
    cells = [(r, c) for r in range(n) for c in range(n)]
    lines = [[(r, c) for c in range(n)] for r in range(n)] + \
            [[(r, c) for r in range(n)] for c in range(n)]
    diagonals = [[(r, c) for r, c in cells if r - c == d] for d in range(1 - n, n)] + \
                [[(r, c) for r, c in cells if r + c == s] for s in range(2 * n - 1)]
    csp = CSP("6-queens board", cells, dict.fromkeys(cells, (0, 1)),
              [Count(line, 1, "==", 1) for line in lines] +
              [Count(d, 1, "<=", 1) for d in diagonals if len(d) > 1], shape=(n, n))
    assert solutions_agree(csp, limit=None).count == 4


def killer_csp() -> CSP:
    """A Killer Sudoku built on EASY_SOLUTION: each 3x3 box cut into three 3-cell
    diagonal cages (cells with equal (row + col) mod 3), sums taken from the grid,
    no repeat in a cage; 7 givens make it unique."""
    value = {(r, c): int(EASY_SOLUTION[9 * r + c]) for r in range(9) for c in range(9)}
    cages: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    for r, c in value:
        cages.setdefault((r // 3, c // 3, (r + c) % 3), []).append((r, c))
    extra = []
    for cage in cages.values():
        extra += [SumEquals(cage, sum(value[v] for v in cage)), AllDifferent(cage)]
    base = sudoku_csp(".........6......4...........5......3..6......"
                      "..................2.....6...........")
    return attrs.evolve(base, name="killer", constraints=base.constraints + tuple(extra))


@pytest.mark.slow
def test_killer_sudoku():
    csp = killer_csp()
    ref = solutions_agree(csp)
    assert ref.unique and grid_string(csp, ref.solution) == EASY_SOLUTION
    cages = [c for c in csp.constraints if isinstance(c, SumEquals)]
    assert len(cages) == 27 and all(c.holds(ref.solution) for c in cages)


def futoshiki_csp() -> CSP:
    """A 5x5 Futoshiki: a Latin square with 16 inequalities and 3 givens (unique)."""
    n = 5
    cells = [(r, c) for r in range(n) for c in range(n)]
    rows = [AllDifferent([(r, c) for c in range(n)]) for r in range(n)]
    cols = [AllDifferent([(r, c) for r in range(n)]) for c in range(n)]
    signs = [((0, 3), "<", (1, 3)), ((0, 4), ">", (1, 4)), ((1, 0), ">", (1, 1)),
             ((4, 3), ">", (4, 4)), ((3, 3), "<", (4, 3)), ((0, 0), "<", (1, 0)),
             ((2, 4), ">", (3, 4)), ((2, 1), "<", (3, 1)), ((0, 1), ">", (1, 1)),
             ((2, 1), "<", (2, 2)), ((3, 2), ">", (3, 3)), ((3, 0), ">", (4, 0)),
             ((3, 2), "<", (4, 2)), ((1, 3), ">", (2, 3)), ((0, 2), "<", (0, 3)),
             ((1, 0), ">", (2, 0))]
    return CSP("futoshiki", cells, {v: tuple(range(1, n + 1)) for v in cells},
               rows + cols + [Compare(a, op, b) for a, op, b in signs],
               {(4, 1): 2, (1, 4): 2, (1, 0): 4}, (n, n))


def test_futoshiki():
    csp = futoshiki_csp()
    ref = solutions_agree(csp, limit=None)
    assert ref.count == 1 and grid_string(csp, ref.solution) == "2513441352134255421332541"
    assert all(c.holds(ref.solution) for c in csp.constraints if isinstance(c, Compare))


@pytest.mark.parametrize("solver", available_solvers())
def test_every_library_solver_class_agrees(solver):
    easy = sudoku_csp(EASY)
    assert grid_string(easy, library_search(easy, 1, solver).solutions[0]) == EASY_SOLUTION
    assert library_search(queens_csp(8), None, solver).count == 92
    assert library_search(futoshiki_csp(), None, solver, singles=True).count == 1


def test_solve_without_counting_and_bad_arguments():
    r = solve_csp(sudoku_csp(EASY))
    assert (r.status, r.count, r.unique, r.method) == ("solved", None, None, "propagate")
    assert r.seconds >= 0 and r.nodes == 0   # the easy Sudoku needs no branch
    assert solve_csp(sudoku_csp(EASY), method="propagate").nodes == 0
    with pytest.raises(SolverError):
        solve_csp(sudoku_csp(EASY), method="magic")
    with pytest.raises(SolverError):
        solve_csp(sudoku_csp(EASY), method="library", solver="quantum")
