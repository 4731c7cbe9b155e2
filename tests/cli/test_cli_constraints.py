"""`gdl solve`, `gdl check` and `gdl list` on constraint puzzles."""

from __future__ import annotations

import json

import pytest

from gdl.cli.main import main

EASY = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def run(capsys, *argv):
    """(exit status, stdout lines, stderr text) of `gdl argv...`."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def run_json(capsys, *argv) -> dict:
    code, lines, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads("\n".join(lines))


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_list_shows_the_constraint_puzzles(capsys):
    code, lines, _ = run(capsys, "list")
    titles = {line.split()[0]: line.split(None, 1)[1] for line in lines}
    assert code == 0
    assert titles["sudoku"] == "Sudoku" and titles["killer_sudoku"] == "Killer Sudoku"
    assert titles["queens"] == "N-queens" and titles["futoshiki"] == "Futoshiki"


def test_solve_a_sudoku_prints_the_grid_then_unique(capsys):
    code, lines, err = run(capsys, "solve", "sudoku", "--given", EASY)
    assert code == 0 and err == ""
    assert lines[0] == "5 3 4 | 6 7 8 | 9 1 2"
    assert lines[-1].startswith("unique solution")


def test_solve_json_gives_the_solution_row_by_row(capsys):
    data = run_json(capsys, "solve", "sudoku", "--given", EASY)
    assert data["grid"][:9] == "534678912" and len(data["grid"]) == 81
    assert data["solution"][0] == [5, 3, 4, 6, 7, 8, 9, 1, 2] and len(data["solution"]) == 9
    assert data["status"] == "unique" and data["solved"] and data["unique"]
    assert "count" not in data and data["seconds"] >= 0 and data["method"]


def test_the_hard_sudoku_from_the_command_line(capsys):
    data = run_json(capsys, "solve", "sudoku", "--given", HARD)
    grid = data["grid"]
    assert data["status"] == "unique"
    for i in range(9):
        assert sorted(grid[9 * i:9 * i + 9]) == list("123456789")
        assert sorted(grid[i::9]) == list("123456789")
    assert all(g in ".0" or g == s for g, s in zip(HARD, grid))


def test_queens_count_is_92(capsys):
    code, lines, _ = run(capsys, "solve", "queens", "--set", "n=8", "--count")
    assert code == 0 and lines[-1].startswith("92 solutions")
    data = run_json(capsys, "solve", "queens", "--set", "n=8", "--count")
    assert data["count"] == 92 and data["status"] == "multiple solutions"
    assert len(data["solution"]) == 1 and sorted(data["solution"][0]) == list(range(1, 9))


@pytest.mark.parametrize("method", ["backtrack", "propagate", "library"])
def test_queens_count_by_every_method(capsys, method):
    data = run_json(capsys, "solve", "queens", "--set", "n=6", "--count", "--csp-method", method)
    assert data["count"] == 4 and data["method"] == method


def test_a_contradiction_answers_no_solution_and_names_the_constraint(capsys):
    code, lines, _ = run(capsys, "solve", "sudoku", "--given", "55" + EASY[2:])
    assert code == 0
    assert lines[0].startswith("no solution")
    assert "the givens break: all different in row 1 (line 6): r1c1 = 5, r1c2 = 5" in lines
    data = run_json(capsys, "solve", "sudoku", "--given", "55" + EASY[2:])
    assert data["status"] == "no solution" and data["solution"] is None and not data["solved"]
    assert data["conflicts"]


def test_too_few_givens_report_more_than_one_solution(capsys):
    code, lines, _ = run(capsys, "solve", "sudoku", "--given", EASY[:40] + "." * 41)
    assert code == 0 and lines[-1].startswith("more than one solution")
    data = run_json(capsys, "solve", "sudoku", "--given", "." * 81)
    assert data["status"] == "multiple solutions" and not data["unique"] and data["solved"]


def test_count_on_a_unique_sudoku_is_1(capsys):
    data = run_json(capsys, "solve", "sudoku", "--given", EASY, "--count")
    assert data["count"] == 1 and data["status"] == "unique"


@pytest.mark.parametrize("given, message", [
    (EASY[:80], "the givens have 80 symbols, but the 9 x 9 grid has 81 cells"),
    ("x" + EASY[1:], "the givens: symbol 1 (r1c1), 'x' is not one of the values 1..9"),
])
def test_bad_givens_are_one_line_errors(capsys, given, message):
    code, _, err = run(capsys, "solve", "sudoku", "--given", given)
    assert code == 1 and message in one_line_error(err)


def test_a_4x4_sudoku_by_option(capsys):
    data = run_json(capsys, "solve", "sudoku", "--set", "box=2", "--given", "1..43..2.1....2.")
    assert data["grid"] == "1234341221434321" and data["status"] == "unique"
    assert data["solution"] == [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    assert (data["width"], data["height"]) == (4, 4)


def test_a_16x16_sudoku_by_option(capsys):
    data = run_json(capsys, "solve", "sudoku", "--set", "box=4", "--given", "1" + "." * 255)
    grid = data["grid"]
    assert len(grid) == 256 and grid[0] == "1" and data["status"] == "multiple solutions"
    assert sorted(grid[:16]) == sorted("123456789ABCDEFG")


def test_the_file_s_givens_need_replacing_at_another_size(capsys):
    code, _, err = run(capsys, "solve", "sudoku", "--set", "box=2")
    assert code == 1 and "--given" in one_line_error(err)


def test_killer_and_futoshiki_are_unique(capsys):
    killer = run_json(capsys, "solve", "killer_sudoku")
    assert killer["status"] == "unique" and killer["grid"].startswith("215647398")
    futoshiki = run_json(capsys, "solve", "futoshiki")
    assert futoshiki["status"] == "unique" and futoshiki["grid"] == "5432143152214353521412543"


def test_check_summarises_a_constraint_puzzle(capsys):
    code, lines, _ = run(capsys, "check", "sudoku")
    assert code == 0
    assert lines[0] == "sudoku: Sudoku (constraints) - ok"
    assert "  grid: 9 x 9, 81 variables of 1..9" in lines
    assert "  constraints: 27; givens: 30" in lines
    assert lines[-1].startswith("  solving the givens: exactly one solution")


def test_constraint_flags_are_refused_for_games(capsys):
    code, _, err = run(capsys, "solve", "tictactoe", "--count")
    assert code == 1 and "constraint puzzles" in one_line_error(err)


def test_moves_commands_refuse_constraint_puzzles(capsys):
    code, _, err = run(capsys, "perft", "sudoku", "1")
    assert code == 1 and "constraint puzzle" in one_line_error(err)
