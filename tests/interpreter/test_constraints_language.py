"""Constraint puzzles in the rules language: the bundled puzzles solve, the language's forms
lower to the right constraints, and bad files fail with located errors."""

from __future__ import annotations

import pytest

from gdl import catalog
from gdl.errors import GdlError, OptionError, RulesSemanticError, RulesSyntaxError
from gdl.catalog import compile_text
from gdl.interpreter.core.grid.compiled import CompiledConstraints
from gdl.interpreter.core.grid.builders import sudoku_csp
from gdl.interpreter.core.grid.model import (
    AllDifferent, AllDifferentOffset, Compare, Count, InSet, SumCompare, SumEquals,
    check_solution)
from gdl.interpreter.core.grid.text import grid_string
from gdl.solvers.constraints.solve import solve_csp
from tests.marks import cases

EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
KILLER_SOLUTION = ("215647398368952174794381652586274931142593867973816425821739546659428713"
                   "437165289")
FUTOSHIKI_SOLUTION = "5432143152214353521412543"
QUEENS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92}


def puzzle(text: str, **options: str) -> CompiledConstraints:
    compiled = compile_text(text, "<rules>", options)
    assert isinstance(compiled, CompiledConstraints)
    return compiled


def solve(csp, **kwargs):
    return solve_csp(csp, count=True, **kwargs)


def assert_sudoku(grid: str, givens: str, n: int = 9, box: int = 3) -> None:
    """An independent check: rows, columns and boxes are permutations, and the givens kept."""
    values = [int(ch, 36) for ch in grid]
    cells = [[values[r * n + c] for c in range(n)] for r in range(n)]
    full = set(range(1, n + 1))
    assert all(set(row) == full for row in cells)
    assert all({cells[r][c] for r in range(n)} == full for c in range(n))
    for br in range(0, n, box):
        for bc in range(0, n, box):
            assert {cells[r][c] for r in range(br, br + box) for c in range(bc, bc + box)} == full
    for ch, value in zip(givens, values):
        if ch not in ".0":
            assert int(ch, 36) == value


# --------------------------------------------------------------------------- the must-show

def test_the_easy_sudoku_solves_to_534678912_and_is_unique():
    sudoku = catalog.load("sudoku")
    csp = sudoku.csp(EASY)
    result = solve(csp)
    grid = sudoku.grid_string(result.solution)
    assert grid[:9] == "534678912"
    assert result.status == "solved" and result.unique
    assert check_solution(csp, result.solution) == []
    assert_sudoku(grid, EASY)


def test_the_file_s_own_givens_are_the_easy_sudoku():
    sudoku = catalog.load("sudoku")
    assert sudoku.csp().givens == sudoku.csp(EASY).givens


def test_the_hard_sudoku_solves_to_a_valid_grid():
    sudoku = catalog.load("sudoku")
    csp = sudoku.csp(HARD)
    result = solve(csp)
    assert result.unique
    assert check_solution(csp, result.solution) == []   # every constraint of the compiled CSP
    assert_sudoku(sudoku.grid_string(result.solution), HARD)


@pytest.mark.parametrize("givens", [EASY, HARD])
def test_the_language_sudoku_is_the_hand_built_one(givens):
    ours = catalog.load("sudoku").csp(givens)
    reference = sudoku_csp(givens)
    assert ours.variables == reference.variables and ours.domains == reference.domains
    assert set(ours.constraints) == set(reference.constraints)
    assert ours.givens == reference.givens
    assert solve(ours).solution == solve(reference).solution


def test_a_contradiction_among_the_givens_is_no_solution_with_its_constraint():
    sudoku = catalog.load("sudoku")
    bad = "55" + EASY[2:]
    result = solve(sudoku.csp(bad))
    assert result.status == "no solution" and result.solution is None
    texts = [sudoku.describe(c, sudoku.csp(bad).givens) for c in result.conflicts]
    assert "all different in row 1 (line 6): r1c1 = 5, r1c2 = 5" in texts


def test_a_sudoku_with_too_few_givens_has_more_than_one_solution():
    result = solve(catalog.load("sudoku").csp("1" + "." * 80))
    assert result.status == "multiple" and result.unique is False


@pytest.mark.parametrize("box, givens", [
    (2, "1..4" "3..2" ".1.." "..2."),
    (4, "." * 256),
])
def test_sudoku_sizes_by_the_box_option(box, givens):
    sudoku = catalog.load("sudoku", {"box": str(box)})
    n = box * box
    assert (sudoku.width, sudoku.height, sudoku.values) == (n, n, tuple(range(1, n + 1)))
    csp = sudoku.csp(givens)
    result = solve_csp(csp)
    assert result.solution is not None and check_solution(csp, result.solution) == []
    assert_sudoku(sudoku.grid_string(result.solution), givens, n, box)


def test_a_16x16_sudoku_with_clues_keeps_them():
    sudoku = catalog.load("sudoku", {"box": "4"})
    solved = sudoku.grid_string(solve_csp(sudoku.csp("." * 256)).solution)
    clues = "".join(ch if i % 3 == 0 else "." for i, ch in enumerate(solved))
    result = solve(sudoku.csp(clues))
    assert_sudoku(sudoku.grid_string(result.solution), clues, 16, 4)


def test_the_file_s_givens_do_not_fit_another_size():
    sudoku = catalog.load("sudoku", {"box": "2"})
    with pytest.raises(GdlError, match="own givens do not fit"):
        sudoku.csp()


@pytest.mark.parametrize("n, count", sorted(QUEENS.items()))
def test_queens_counts(n, count):
    csp = catalog.load("queens", {"n": str(n)}).csp()
    assert solve(csp, limit=None).count == count


def test_queens_lowers_to_one_column_per_cell_and_shifted_diagonals():
    csp = catalog.load("queens").csp()
    cells = tuple((0, c) for c in range(8))
    assert csp.constraints == (AllDifferent(cells),
                               AllDifferentOffset(cells, range(1, 9)),
                               AllDifferentOffset(cells, range(-1, -9, -1)))


def test_the_killer_sudoku_has_its_published_unique_solution():
    killer = catalog.load("killer_sudoku")
    csp = killer.csp()
    assert not csp.givens
    cages = [c for c in csp.constraints if isinstance(c, SumEquals)]
    assert len(cages) == 29 and sorted(v for c in cages for v in c.vars) == sorted(csp.variables)
    assert sum(c.total for c in cages) == 405
    result = solve(csp)
    assert result.unique and check_solution(csp, result.solution) == []
    assert killer.grid_string(result.solution) == KILLER_SOLUTION


def test_the_futoshiki_has_its_published_unique_solution():
    futoshiki = catalog.load("futoshiki")
    csp = futoshiki.csp()
    assert sum(isinstance(c, Compare) for c in csp.constraints) == 6
    result = solve(csp)
    assert result.unique and check_solution(csp, result.solution) == []
    assert futoshiki.grid_string(result.solution) == FUTOSHIKI_SOLUTION


@pytest.mark.parametrize("name, options, givens", cases([
    ("sudoku", {}, EASY), ("sudoku", {}, HARD), ("sudoku", {"box": "2"}, "1..43..2.1....2."),
    ("killer_sudoku", {}, None), ("futoshiki", {}, None), ("queens", {"n": "6"}, None),
], [("sudoku", {}, HARD)]))
def test_every_method_agrees(name, options, givens):
    csp = catalog.load(name, options).csp(givens)
    results = {m: solve(csp, limit=None, method=m)
               for m in ("backtrack", "propagate", "library", "library+propagate")}
    counts = {m: r.count for m, r in results.items()}
    assert len(set(counts.values())) == 1, counts
    for r in results.values():
        assert check_solution(csp, r.solution) == []
    if counts["backtrack"] == 1:
        assert len({grid_string(csp, r.solution) for r in results.values()}) == 1


# --------------------------------------------------------------------------- the language's forms

MAGIC = """constraints "Magic square"
grid 3 x 3 of 1..9
all different: r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3
sum 15: rows, columns, diagonal, antidiagonal
"""


def test_sums_over_rows_columns_and_both_diagonals_give_the_8_magic_squares():
    magic = puzzle(MAGIC)
    csp = magic.csp()
    assert SumEquals(((0, 2), (1, 1), (2, 0)), 15) in csp.constraints
    assert solve(csp, limit=None).count == 8


def test_queens_as_a_0_1_grid_with_counts_over_every_diagonal():
    text = """constraints "Queens on a 0/1 board"
option n = 6
grid n x n of 0..1
exactly 1 of 1: rows, columns
at most 1 of 1: diagonals
"""
    for n in (4, 5, 6):
        csp = puzzle(text, n=str(n)).csp()
        diagonals = [c for c in csp.constraints if c.op == "<="]
        assert len(diagonals) == 2 * (2 * n - 3)   # every diagonal of 2 or more cells, both ways
        assert solve(csp, limit=None).count == QUEENS[n]


def test_a_0_1_grid_reads_0_as_a_value():
    text = 'constraints "Bits"\ngrid 2 x 1 of 0..1\ngiven "0."\n'
    assert puzzle(text).csp().givens == {(0, 0): 0}


def test_comparisons_chains_numbers_and_options():
    text = """constraints "Order"
option top = 3
grid 3 x 1 of 1..3
require: r1c1 < r1c2 < r1c3, r1c1 != 2, top >= r1c3
sum <= 9: row 1
at least 1 of 3: row 1
"""
    csp = puzzle(text).csp()
    assert Compare((0, 0), "<", (0, 1)) in csp.constraints
    assert Compare((0, 1), "<", (0, 2)) in csp.constraints
    assert InSet((0, 0), {1, 3}) in csp.constraints
    assert InSet((0, 2), {1, 2, 3}) in csp.constraints
    assert SumCompare(((0, 0), (0, 1), (0, 2)), "<=", 9) in csp.constraints
    assert Count(((0, 0), (0, 1), (0, 2)), 3, ">=", 1) in csp.constraints
    result = solve(csp)
    assert result.unique and grid_string(csp, result.solution) == "123"


def test_a_cage_is_a_sum_without_repeats():
    text = 'constraints "C"\ngrid 2 x 1 of 1..9\ncage 4: r1c1 r1c2\n'
    csp = puzzle(text).csp()
    assert set(csp.constraints) == {SumEquals(((0, 0), (0, 1)), 4), AllDifferent(((0, 0), (0, 1)))}
    assert solve(csp).count == 2   # 1+3, 3+1 (2+2 repeats)


@pytest.mark.parametrize("shift", ["value - k*row + column", "column - (k*row - value)",
                                   "-(k * row) + value + column"])
def test_shifts_may_use_row_column_and_options(shift):
    text = f'constraints "S"\noption k = 2\ngrid 2 x 2 of 1..4\nall different {shift}: rows\n'
    csp = puzzle(text).csp()
    assert AllDifferentOffset(((0, 0), (0, 1)), (-1, 0)) in csp.constraints
    assert AllDifferentOffset(((1, 0), (1, 1)), (-3, -2)) in csp.constraints


def test_render_draws_box_borders():
    sudoku = catalog.load("sudoku", {"box": "2"})
    csp = sudoku.csp("1234341221434321")
    assert sudoku.render(csp.givens) == "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1"


def test_an_unknown_option_is_refused():
    with pytest.raises(OptionError, match="no option 'size'"):
        catalog.load("sudoku", {"size": "3"})


def test_givens_from_the_command_line_are_checked():
    sudoku = catalog.load("sudoku")
    with pytest.raises(GdlError, match="80 symbols, but the 9 x 9 grid has 81 cells"):
        sudoku.csp(EASY[:80])
    with pytest.raises(GdlError, match=r"symbol 3 \(r1c3\), 'x' is not one of the values 1..9"):
        sudoku.csp("53x" + EASY[3:])


# --------------------------------------------------------------------------- located errors

HEAD = 'constraints "Bad"\ngrid 9 x 9 of 1..9\n'


@pytest.mark.parametrize("text, where, message", [
    (HEAD + "cage 3: r1c1 r1x2\n", "3:14",
     "unknown cell 'r1x2' (cells are named r1c1 .. r9c9: row, then column)"),
    (HEAD + "cage 3: r1c1 r10c1\n", "3:14",
     "cell r10c1 is off the 9 x 9 grid (rows 1..9, columns 1..9)"),
    (HEAD + "cage 3: r1c1 r1c1\n", "3:14", "cell r1c1 is listed twice"),
    (HEAD + "all different: rows, boxes 2 x 3\n", "3:28",
     "boxes 2 x 3 do not tile the 9 x 9 grid (the box width must divide 9)"),
    (HEAD + 'given "12"\n', "3:7", "the givens: 2 symbols, but the 9 x 9 grid has 81 cells"),
    (HEAD + 'given "123"\ngiven "' + "." * 70 + 'x......."\n', "4:78",
     "the givens: 'x' is not one of the values 1..9 (or '.' for a blank)"),
    ('constraints "Bad"\nall different: rows\n', "2:1",
     "declare the grid first (`grid W x H of LOW..HIGH`)"),
    ('constraints "Bad"\noption n = 3\n', "1:1",
     "the puzzle declares no grid (`grid W x H of LOW..HIGH`)"),
    (HEAD + "players X O\n", "3:1",
     "'players' belongs in a game or puzzle file, not in a constraints file"),
    ('constraints "Bad"\ngrid n x n of 1..9\n', "2:6", "unknown name 'n'"),
    ('constraints "Bad"\noption size = 4\ngrid sise x size of 1..9\n', "3:6",
     "unknown name 'sise'; did you mean 'size'?"),
    (HEAD + "grid 3 x 3 of 1..9\n", "3:1", "'grid' is declared twice"),
    ('constraints "Bad"\ngrid 3 x 3 of 5..1\n', "2:15",
     "the values 5..1 are empty (the lowest comes first)"),
    ('constraints "Bad"\ngrid 3 x 3 of 1..40\n', "2:18",
     "values must lie in 0..35 (one symbol each: 0-9, then A-Z), not 40"),
    (HEAD + "exactly 1 of 0: rows\n", "3:14", "0 is not one of the values 1..9"),
    (HEAD + "require: r1c1 < r1c2, 3 > 2\n", "3:23",
     "'3 > 2' compares two numbers; compare a cell with a cell or a number"),
    (HEAD + "require: r1c1 < r1c1\n", "3:10", "r1c1 is compared with itself"),
    ('constraints "Bad"\ngrid 3 x 2 of 1..6\nall different: diagonal\n', "3:16",
     "'diagonal' needs a square grid, and this one is 3 x 2"),
    (HEAD + "all different 2 * value: row 1\n", "3:15",
     "write the shifted value as `value + E` or `value - E`, where E uses numbers, options, "
     "`row` and `column`"),
    (HEAD + "all different value + cell: row 1\n", "3:23", "unknown name 'cell'"),
    (HEAD + "sum 10 / 0: row 1\n", "3:5", "division by zero"),
    (HEAD + "all different: row 10\n", "3:20", "row 10 is off the grid (1..9)"),
    (HEAD + "sum r1c1: row 1\n", "3:5", "a sum must be a number, not the cell r1c1"),
])
def test_bad_constraint_files(text, where, message):
    with pytest.raises(RulesSemanticError) as info:
        compile_text(text)
    assert str(info.value) == f"<rules>:{where}: {message}"


def test_a_constraint_statement_in_a_game_file_is_located():
    text = 'game "Bad"\nplayers X O\nboard 3 x 3\ngrid 3 x 3 of 1..9\n'
    with pytest.raises(RulesSemanticError) as info:
        compile_text(text)
    assert str(info.value) == ("<rules>:4:1: 'grid' belongs in a constraints file, "
                               "and this is a game file")


@pytest.mark.parametrize("text, where", [
    (HEAD + "all different rows\n", "3:19"),   # `rows` is read as a shift
    (HEAD + "cage: r1c1 r1c2\n", "3:5"),
    (HEAD + "at many 1 of 1: rows\n", "3:4"),
])
def test_syntax_errors_are_located(text, where):
    with pytest.raises(RulesSyntaxError) as info:
        compile_text(text)
    assert str(info.value).startswith(f"<rules>:{where}: unexpected")


def test_game_expressions_keep_their_words():
    """`sum`, `row`, `rows` and `value` are keywords of constraint statements only."""
    text = """game "Words"
players A B
pieces stone
option cage = 2
board 3 x cage
state heap = [1, 2]
value stone = 2
move: place on empty and (row 1 or rows 1..2)
end: mover wins if sum(heap) == 4
end: draw if full
"""
    assert compile_text(text).kind == "game"
