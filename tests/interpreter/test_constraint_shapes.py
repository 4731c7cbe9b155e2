"""The bundled KenKen, Kakuro, nonogram and skyscrapers puzzles: each solves to exactly one
solution (counted to the end by every CSP method), which a plain checker written here from
the published clues confirms; the new statements' errors are located."""

from __future__ import annotations

import json
import math

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import GdlError, RulesSemanticError
from gdl.catalog import compile_text
from gdl.interpreter.core.grid.compiled import CompiledConstraints
from gdl.interpreter.core.grid.model import SumEquals, check_solution
from gdl.solvers.constraints.solve import solve_csp

METHODS = ("backtrack", "propagate", "library", "library+propagate")

# ---- the published clues, transcribed here apart from the rules files

# Wikipedia, "KenKen" (File:KenKenProblem.svg): (operation, target, cells as row/column digits).
KENKEN = [("+", 11, "11 21"), ("/", 2, "12 13"), ("*", 20, "14 24"), ("*", 6, "15 16 26 36"),
          ("-", 3, "22 23"), ("/", 3, "25 35"), ("*", 240, "31 32 41 42"), ("*", 6, "33 34"),
          ("*", 6, "43 53"), ("+", 7, "44 54 55"), ("*", 30, "45 46"), ("*", 6, "51 52"),
          ("+", 9, "56 66"), ("+", 8, "61 62 63"), ("/", 2, "64 65")]

# Wikipedia, "Kakuro" (File:Kakuro black box.svg): a clue cell is "down:across", "_" is white.
KAKURO = """
:   23: 30: :     :     27: 12: 16:
:16 _   _   :     17:24 _   _   _
:17 _   _   15:29 _     _   _   _
:35 _   _   _     _     _   12: :
:   :7  _   _     7:8   _   _   7:
:   11: 10:16 _   _     _   _   _
:21 _   _   _     _     :5  _   _
:6  _   _   _     :     :3  _   _
"""

# Rosetta Code, "Nonogram solver", the third problem: rows, then columns; A=1, B=2, ...
NONOGRAM = ("CA BDA ACC BD CCAC CBBAC BBBBB BAABAA ABAD AABB BBH BBBD ABBAAA CCEA AACAAB BCACC "
            "ACBH DCH ADBE ADBB DBE ECE DAA DB CC",
            "BC CAC CBAB BDD CDBDE BEBDF ADCDFA DCCFB DBCFC ABDBA BBF AAF BADB DBF AAAAD BDG CEF "
            "CBDB BBB FC")

# Codewars, "6 By 6 Skyscrapers", the second example: clues clockwise from the top left
# (top left to right, right top to bottom, bottom right to left, left bottom to top), 0 none.
SKYSCRAPER_CLUES = [0, 0, 0, 2, 2, 0, 0, 0, 0, 6, 3, 0, 0, 4, 0, 0, 0, 0, 4, 4, 0, 3, 0, 0]
SKYSCRAPER_SOLUTION = [[5, 6, 1, 4, 3, 2], [4, 1, 3, 2, 6, 5], [2, 3, 6, 1, 5, 4],
                       [6, 5, 4, 3, 2, 1], [1, 2, 5, 6, 4, 3], [3, 4, 2, 5, 1, 6]]


# ---- plain checkers

def latin(grid: list[list[int]], n: int) -> bool:
    full = set(range(1, n + 1))
    return all(set(row) == full for row in grid) and all(
        {grid[r][c] for r in range(n)} == full for c in range(n))


def check_kenken(grid: list[list[int]]) -> bool:
    assert latin(grid, 6)
    for op, target, cells in KENKEN:
        values = sorted(grid[int(rc[0]) - 1][int(rc[1]) - 1] for rc in cells.split())
        big, rest = values[-1], values[:-1]
        result = {"+": sum(values), "*": math.prod(values), "-": big - sum(rest),
                  "/": big / math.prod(rest)}[op]
        if result != target:
            return False
    return True


def check_kakuro(grid: list[list[int | None]]) -> bool:
    rows = [line.split() for line in KAKURO.strip().splitlines()]
    runs = 0
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text == "_":
                if not 1 <= (grid[r][c] or 0) <= 9:
                    return False
                continue
            if grid[r][c] is not None:
                return False
            down, across = text.split(":")
            for clue, (dr, dc) in ((down, (1, 0)), (across, (0, 1))):
                if not clue:
                    continue
                run, i, j = [], r + dr, c + dc
                while i < len(rows) and j < len(row) and rows[i][j] == "_":
                    run.append(grid[i][j])
                    i, j = i + dr, j + dc
                runs += 1
                if sum(run) != int(clue) or len(set(run)) != len(run):
                    return False
    return runs == 24


def lengths(line: list[int]) -> list[int]:
    return [len(part) for part in "".join(map(str, line)).split("0") if part]


def check_nonogram(grid: list[list[int]]) -> bool:
    rows, columns = ([[ord(ch) - 64 for ch in word] for word in text.split()]
                     for text in NONOGRAM)
    assert (len(grid), len(grid[0])) == (len(rows), len(columns)) == (25, 20)
    return all(lengths(row) == clue for row, clue in zip(grid, rows)) and all(
        lengths([row[c] for row in grid]) == clue for c, clue in enumerate(columns))


def seen(line: list[int]) -> int:
    return sum(1 for i, x in enumerate(line) if all(x > y for y in line[:i]))


def check_skyscrapers(grid: list[list[int]]) -> bool:
    n = 6
    assert latin(grid, n)
    columns = [[grid[r][c] for r in range(n)] for c in range(n)]
    views = (columns + [row[::-1] for row in grid] + [col[::-1] for col in columns[::-1]]
             + grid[::-1])
    return all(clue == 0 or seen(view) == clue for clue, view in zip(SKYSCRAPER_CLUES, views))


CHECKERS = {"kenken": check_kenken, "kakuro": check_kakuro, "nonogram": check_nonogram,
            "skyscrapers": check_skyscrapers}


def rows_of(puzzle: CompiledConstraints, solution: dict) -> list[list]:
    return [[solution.get((r, c)) for c in range(puzzle.width)] for r in range(puzzle.height)]


# ---- the must-show: one solution each, confirmed

@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_the_puzzle_has_one_solution_and_the_plain_checker_confirms_it(name):
    puzzle = catalog.load(name)
    csp = puzzle.csp()
    reference = solve_csp(csp, count=True, limit=None, method="propagate")
    assert (reference.count, reference.exact, reference.status) == (1, True, "solved")
    assert check_solution(csp, reference.solution) == []
    assert CHECKERS[name](rows_of(puzzle, reference.solution))
    for method in METHODS:   # python-constraint and the reference backtracker agree
        r = solve_csp(csp, count=True, limit=None, method=method)
        assert (r.count, r.exact, r.solution) == (1, True, reference.solution), method


def test_the_skyscrapers_solution_is_the_published_one():
    puzzle = catalog.load("skyscrapers")
    r = solve_csp(puzzle.csp(), count=True)
    assert rows_of(puzzle, r.solution) == SKYSCRAPER_SOLUTION


def test_a_plain_checker_rejects_a_wrong_grid():
    wrong = [row[:] for row in SKYSCRAPER_SOLUTION]
    wrong[0], wrong[1] = wrong[1], wrong[0]   # still a latin square
    assert not check_skyscrapers(wrong)


@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_gdl_solve_count_proves_one_solution(capsys, name):
    assert main(["solve", name, "--count", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["count"], data["status"]) == (1, "unique")
    assert CHECKERS[name](data["solution"])


def test_kakuro_prints_its_black_cells_and_gives_them_no_value(capsys):
    assert main(["solve", "kakuro"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "# # # # # # # #" and lines[1].startswith("# ")
    kakuro = catalog.load("kakuro")
    assert len(kakuro.variables) == 64 - len(kakuro.holes) and (0, 0) in kakuro.holes


def test_nonogram_prints_a_picture(capsys):
    assert main(["solve", "nonogram"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines[0].split()) == 20 and set(" ".join(lines[:25]).split()) == {"#", "."}


# ---- bad givens: one located line

@pytest.mark.parametrize("name, given, message", [
    ("kenken", "." * 35, "the givens have 35 symbols, but the 6 x 6 grid has 36 cells"),
    ("kenken", "7" + "." * 35, "symbol 1 (r1c1), '7' is not one of the values 1..6"),
    ("kakuro", "." * 63, "the givens have 63 symbols, but the 8 x 8 grid has 64 cells"),
    ("kakuro", "1" + "." * 63, "symbol 1 (r1c1), r1c1 holds no value"),
    ("kakuro", "." * 9 + "#" + "." * 54, "symbol 10 (r2c2), '#' marks a cell with no value"),
    ("nonogram", "2" + "." * 499, "symbol 1 (r1c1), '2' is not one of the values 0..1"),
    ("skyscrapers", "." * 37, "the givens have 37 symbols"),
])
def test_bad_givens_on_the_command_line(capsys, name, given, message):
    assert main(["solve", name, "--given", given]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err


def test_givens_on_black_cells_may_be_blank_or_hash():
    kakuro = catalog.load("kakuro")
    text = kakuro.grid_string({})
    assert text.count("#") == len(kakuro.holes) and kakuro.csp(text).givens == {}
    assert kakuro.csp(text.replace("#", ".")).givens == {}


HEAD = 'constraints "T"\ngrid 3 x 3 of 1..3\n'
HEAD01 = 'constraints "T"\ngrid 3 x 3 of 0..1\n'


@pytest.mark.parametrize("body, where, message", [
    ('no value "#.."\nno value "...."\n', (3, 10), "the no-value picture has 7 symbols, but"),
    ('no value "#.x ... ..."\n', (3, 13), "'x' in the no-value picture"),
    ('no value "#.. ... ..."\ncage 3: right of r1c2\n', (4, 18), "r1c2 holds a value"),
    ('no value "#.. ... ..#"\ncage 3: right of r3c3\n', (4, 18),
     "no cell with a value right of r3c3"),
    ('all different: rows\nno value "#.. ... ..."\n', (4, 10),
     "declare the cells with no value before"),
    ('no value "#.. ... ..."\nsum 3: r1c1 r1c2\n', (4, 8), "cell r1c1 holds no value"),
    ('no value "#.. ... ..."\ngiven "1.. ... ..."\n', (4, 8), "r1c1 holds no value"),
    ("runs 1: rows\n", (3, 1), "runs need a grid of 0..1"),
    ('visible from left "1.4"\n', (3, 22), "visible 4 is impossible"),
    ('visible from top "1."\n', (3, 18), "2 clues seen from the top, but the grid has 3 columns"),
    ('visible from top "1.?"\n', (3, 21), "'?' is no clue"),
    ("quotient 2: r1c1\n", (3, 1), "a quotient needs two or more cells"),
    ("difference 1: r1c1 r4c1\n", (3, 20), "cell r4c1 is off the 3 x 3 grid"),
])
def test_located_errors(body, where, message):
    with pytest.raises(RulesSemanticError) as caught:
        compile_text(HEAD + body, "t.gdl", {})
    err = caught.value
    assert message in err.message and (err.pos.line, err.pos.column) == where, err.report()


@pytest.mark.parametrize("body, where, message", [
    ("runs 1, 1: rows\n", (3, 1), "2 lists of run lengths for 3 areas"),
    ("runs 1 0: rows\n", (3, 1), "'0' alone stands for an empty line"),
])
def test_located_run_errors(body, where, message):
    with pytest.raises(RulesSemanticError) as caught:
        compile_text(HEAD01 + body, "t.gdl", {})
    assert message in caught.value.message
    assert (caught.value.pos.line, caught.value.pos.column) == where


# ---- the statements lower as documented

def small(body: str, head: str = HEAD) -> CompiledConstraints:
    compiled = compile_text(head + body, "<rules>", {})
    assert isinstance(compiled, CompiledConstraints)
    return compiled


def count(puzzle: CompiledConstraints, givens: str | None = None) -> int:
    counts = {solve_csp(puzzle.csp(givens), count=True, limit=None, method=m).count
              for m in METHODS}
    assert len(counts) == 1, counts
    return counts.pop() or 0


def test_runs_one_list_for_every_area_and_an_empty_line():
    # Every row "1 1" on 3 cells is 101; every column then holds 1 0 1... no: columns "0".
    assert count(small("runs 1 1: rows\nruns 3, 0, 3: columns\n", HEAD01)) == 1
    assert count(small("runs 1 1: rows\nruns 0: columns\n", HEAD01)) == 0
    assert count(small("runs 1: rows\n", HEAD01)) == 27          # one filled cell a row


def test_runs_continue_over_lines():
    puzzle = small("runs 3,\n  0,\n  1: rows\n", HEAD01)
    assert count(puzzle) == 3


def test_visible_counts_from_each_side_and_from_an_area_start():
    latin = "all different: rows, columns\n"
    assert count(small(latin)) == 12
    assert count(small(latin + 'visible from left "3.."\n')) == 2     # row 1 is 1 2 3
    assert count(small(latin + 'visible from right "3.."\n')) == 2    # row 1 is 3 2 1
    assert count(small(latin + "visible 3: r1c3 r1c2 r1c1\n")) == 2   # the same, listed
    assert count(small(latin + 'visible from top "3.." \nvisible from bottom "3.."\n')) == 0


def test_arithmetic_cages_may_repeat_values():
    head = 'constraints "T"\ngrid 2 x 2 of 1..3\n'   # two free cells besides the cage: 9
    assert count(small("product 4: r1c1 r2c2\n", head)) == 9          # 2 x 2 only
    assert count(small("product 3: r1c1 r1c2 r2c1 r2c2\n", head)) == 4
    assert count(small("difference 2: r1c1 r1c2\n", head)) == 2 * 9   # 3 - 1, 1 - 3
    assert count(small("quotient 3: r1c1 r1c2\n", head)) == 2 * 9


def test_the_runs_after_a_cell_stop_at_a_cell_with_no_value_or_the_edge():
    puzzle = small('no value "#.# ... ..."\ncage 2: right of r1c1\ncage 6: below r1c1\n')
    assert len(puzzle.variables) == 7
    assert SumEquals(((0, 1),), 2) in puzzle.constraints
    assert SumEquals(((1, 0), (2, 0)), 6) in puzzle.constraints
    with pytest.raises(RulesSemanticError, match="no cell with a value right of r1c3"):
        small('no value "#.# ... ..."\ncage 6: right of r1c3\n')


def test_givens_reach_the_cells_with_values_only():
    puzzle = small('no value "#.. ... ..."\nall different: rows\n')
    assert puzzle.csp("#12 ... ...").givens == {(0, 1): 1, (0, 2): 2}
    with pytest.raises(GdlError, match=r"symbol 1 \(r1c1\), r1c1 holds no value"):
        puzzle.csp("312 ... ...")


def test_a_grid_whose_cells_all_hold_no_value_has_one_empty_solution():
    puzzle = small('no value "### ### ###"\nall different: rows\n')
    assert puzzle.variables == () and count(puzzle) == 1
