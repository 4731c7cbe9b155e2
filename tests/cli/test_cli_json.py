"""--version, and --json on list, check, perft, play and solve, errors included."""

from __future__ import annotations

import json

import gdl
from gdl.cli.main import main


def run_json(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"gdl {gdl.__version__}\n"


def test_list_json(capsys):
    code, data, _ = run_json(capsys, "list", "--json")
    assert code == 0
    assert {"name": "connect4", "title": "Connect Four", "kind": "game"} in data
    assert {"name": "sudoku", "title": "Sudoku", "kind": "constraints"} in data
    kinds = {d["name"]: d["kind"] for d in data}
    assert kinds["hanoi"] == kinds["pocket_cube"] == "puzzle" and kinds["nim"] == "game"


def test_check_json(capsys):
    code, data, _ = run_json(capsys, "check", "tictactoe", "--games", "5", "--json")
    assert code == 0 and data["ok"] and data["errors"] == []
    assert data["summary"] == "tictactoe: Tic-tac-toe (game) - ok"
    assert "players: X, O" in data["details"]


def test_perft_json(capsys):
    code, data, _ = run_json(capsys, "perft", "tictactoe", "3", "--moves", "b2", "--json",
                             "--divide")
    assert code == 0 and data["count"] == 8 * 7 * 6 and data["moves"] == ["b2"]
    assert [d["count"] for d in data["depths"]] == [8, 56, 336]
    assert data["divide"]["a1"] == 7 * 6


def test_play_json_prints_the_record(capsys):
    code, data, _ = run_json(capsys, "play", "tictactoe", "--players", "random,random",
                             "--seed", "4", "--json")
    assert code == 0
    assert data["moves"] == ["c1", "b2", "a2", "c2", "a3", "b3", "b1", "a1", "c3"]
    assert data["result"] == "draw (X 0, O 0)"


def test_errors_are_json_on_stdout_and_a_line_on_stderr(capsys):
    code, data, err = run_json(capsys, "perft", "tictactoe", "1", "--moves", "z9", "--json")
    assert code == 1
    assert data["type"] == "IllegalMove" and data["command"] == "perft"
    assert data["legal"][:2] == ["a1", "b1"] and err.startswith("gdl: error: --moves")


def test_rules_errors_carry_their_position(capsys, tmp_path):
    bad = tmp_path / "bad.gdl"
    bad.write_text('game "T"\nplayers X O\nboard squar 3\n')
    code, data, _ = run_json(capsys, "check", str(bad), "--json")
    assert code == 1 and data["type"] == "RulesSyntaxError"
    assert (data["line"], data["file"]) == (3, str(bad))


def test_solve_json_on_time_out_is_still_an_object(capsys):
    code, data, _ = run_json(capsys, "solve", "connect4", "--time-limit", "0.2", "--json")
    assert code == 3   # a limit reached before the answer (see gdl.cli.main)
    assert data["stopped"] == "time" and "not solved within 0.2 s" in data["reason"]
    assert data["game"] == "connect4" and data["value"] is None


def test_csp_solutions_are_numbers(capsys):
    code, data, _ = run_json(capsys, "solve", "queens", "--set", "n=10", "--json")
    assert code == 0
    (row,) = data["solution"]
    assert sorted(row) == list(range(1, 11)) and isinstance(data["grid"], str)


def test_match_max_plies_cuts_games_as_draws(capsys):
    code, data, _ = run_json(capsys, "match", "draughts", "--players", "random,random",
                             "--games", "4", "--max-plies", "10", "--json")
    assert code == 0 and data["plies"] == 40
    assert [p["draws"] for p in data["players"]] == [4, 4]
