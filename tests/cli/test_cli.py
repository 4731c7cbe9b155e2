"""The `gdl` command line: every command's output, its errors and its exit status."""

from __future__ import annotations

import builtins
import io
import json
import subprocess
import sys

import pytest

from gdl import catalog
from gdl.cli import main as cli
from gdl.cli.main import main
from gdl.errors import RulesSyntaxError, SourcePos, UnknownGame
from tests.references.puzzles import Hanoi

C4_SMALL = ["--set", "width=4", "--set", "height=4"]
CELLS = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]


def run(capsys, *argv):
    """(exit status, stdout lines, stderr text) of `gdl argv...`."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


# --------------------------------------------------------------------------- list, check

def test_list_names_and_titles_in_aligned_columns(capsys):
    code, lines, err = run(capsys, "list")
    assert code == 0 and err == ""
    rows = {line.split()[0]: line for line in lines}
    assert {"tictactoe", "connect4", "nim"} <= rows.keys()
    assert rows["tictactoe"].split(None, 1)[1] == "Tic-tac-toe"
    assert rows["connect4"].split(None, 1)[1] == "Connect Four"
    # one title column (found past the name: game_2048's title "2048" is in its name)
    assert len({len(line) - len(line.split(None, 1)[1]) for line in lines}) == 1


def test_check_a_bundled_game(capsys):
    code, lines, err = run(capsys, "check", "tictactoe")
    assert code == 0 and lines and err == ""


def test_check_summary_without_a_catalog_check(capsys, monkeypatch):
    monkeypatch.delattr(catalog, "check", raising=False)
    code, lines, _ = run(capsys, "check", "connect4", *C4_SMALL)
    assert code == 0
    assert "kind: game" in lines and "players: X, O" in lines
    assert "legal moves at the start: 4" in lines


def test_check_a_bad_rules_file_reports_the_place(capsys, monkeypatch):
    source = 'game "T"\nplayers X O\nboard squar 3\n'

    def broken(game, options):
        raise RulesSyntaxError("unknown board shape 'squar'", SourcePos(3, 7), game, source)

    monkeypatch.setattr(catalog, "load", broken)
    monkeypatch.delattr(catalog, "check", raising=False)
    code, lines, err = run(capsys, "check", "t.gdl")
    assert code == 1 and lines == []
    assert err.splitlines() == ["t.gdl:3:7: unknown board shape 'squar'",
                                "    board squar 3",
                                "          ^"]


# --------------------------------------------------------------------------- errors

def test_unknown_game_is_one_line_and_exit_1(capsys):
    code, lines, err = run(capsys, "perft", "no-such-game", "2")
    assert code == 1 and lines == []
    assert "no-such-game" in one_line_error(err)


@pytest.mark.parametrize("pair", ["bogus=1", "bogus", "=3"])
def test_bad_option_is_exit_1(capsys, pair):
    code, _, err = run(capsys, "check", "tictactoe", "--set", pair)
    assert code == 1
    one_line_error(err)


def test_debug_shows_the_exception(capsys):
    with pytest.raises(UnknownGame):
        main(["--debug", "check", "no-such-game"])
    with pytest.raises(UnknownGame):
        main(["check", "no-such-game", "--debug"])


def test_a_bug_is_still_one_line(capsys, monkeypatch):
    def bug(game, options):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(catalog, "load", bug)
    code, _, err = run(capsys, "perft", "tictactoe", "1")
    assert code == 1
    assert "internal error" in one_line_error(err)


def test_interrupt_exits_130(capsys, monkeypatch):
    def interrupted(game, options):
        raise KeyboardInterrupt

    monkeypatch.setattr(catalog, "load", interrupted)
    code, _, err = run(capsys, "solve", "tictactoe")
    assert code == 130
    assert one_line_error(err) == "gdl: interrupted"


@pytest.mark.parametrize("argv", [[], ["perft", "tictactoe"], ["perft", "tictactoe", "-1"],
                                  ["play", "tictactoe", "--level", "extreme"], ["frobnicate"]])
def test_usage_errors_are_one_line_and_exit_2(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert one_line_error(err).startswith("gdl")


def test_help_exits_0(capsys):
    code, lines, _ = run(capsys, "perft", "--help")
    assert code == 0
    assert any("127872" in line for line in lines)  # the definition is documented


# --------------------------------------------------------------------------- perft

def test_perft_tictactoe_9(capsys):
    code, lines, err = run(capsys, "perft", "tictactoe", "9")
    assert code == 0 and err == ""  # quiet: stderr is not a terminal
    expected = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    assert [line.split("  ")[0] for line in lines[:-1]] == \
        [f"depth {d}: {n}" for d, n in enumerate(expected, 1)]
    assert "nodes/s" in lines[0]
    assert lines[-1] == "127872"


def test_perft_after_moves(capsys):
    code, lines, _ = run(capsys, "perft", "tictactoe", "2", "--moves", "b2 a1")
    assert code == 0
    assert lines[0].startswith("depth 1: 7 ")
    assert lines[-1] == "42"


def test_perft_divide(capsys):
    code, lines, _ = run(capsys, "perft", "connect4", "5", "--divide", *C4_SMALL)
    assert code == 0
    split = [line.split(":") for line in lines if line.startswith("  ")]
    assert [name.strip() for name, _ in split] == ["a1", "b1", "c1", "d1"]
    assert sum(int(n) for _, n in split) == int(lines[-1]) == 1020


def test_perft_ended_games_are_not_extended(capsys):
    code, lines, _ = run(capsys, "perft", "nim", "4", "--set", "heaps=1,2")
    assert code == 0
    assert [line.split("  ")[0] for line in lines[:-1]] == \
        ["depth 1: 3", "depth 2: 5", "depth 3: 3", "depth 4: 0"]
    assert lines[-1] == "0"


def test_perft_depth_0(capsys):
    assert run(capsys, "perft", "tictactoe", "0")[:2] == (0, ["1"])


def test_perft_illegal_move_lists_the_legal_ones(capsys):
    code, lines, err = run(capsys, "perft", "tictactoe", "1", "--moves", "b2 b2")
    assert code == 1 and lines == []
    line = one_line_error(err)
    assert "move 2" in line and "'b2'" in line
    assert line.endswith("legal moves: a1 b1 c1 a2 c2 a3 b3 c3")


def test_perft_moves_past_the_end(capsys):
    code, _, err = run(capsys, "perft", "tictactoe", "1", "--moves", "a1 a2 b1 b2 c1 c2")
    assert code == 1
    assert "over" in one_line_error(err)


# --------------------------------------------------------------------------- solve

def test_solve_tictactoe_json(capsys):
    code, lines, err = run(capsys, "solve", "tictactoe", "--json")
    assert code == 0 and err == ""
    data = json.loads("\n".join(lines))
    assert data["value"] == "draw"
    assert data["best_move"] in CELLS
    assert data["nodes"] > 0 and data["seconds"] >= 0


def test_solve_text(capsys):
    code, lines, _ = run(capsys, "solve", "tictactoe")
    assert code == 0
    assert lines[0] == "value: draw"
    assert lines[1].startswith("best move: ")
    assert lines[2].startswith("nodes: ") and lines[3].startswith("time: ")


def test_solve_after_moves_and_with_options(capsys):
    code, lines, _ = run(capsys, "solve", "tictactoe", "--moves", "a1 b1")
    assert code == 0 and lines[0] == "value: win (for X, to move)"
    code, lines, _ = run(capsys, "solve", "nim", "--set", "heaps=2,2", "--json")
    data = json.loads("\n".join(lines))
    assert (data["value"], data["to_move"]) == ("loss", "First")  # nim-sum 0


def test_solve_time_limit(capsys):
    code, lines, err = run(capsys, "solve", "connect4", "--time-limit", "0.05")
    assert code == 3 and err == ""
    assert lines[0].startswith("value: unknown (connect4 was not solved within 0.05 s")
    assert len(lines) == 1


@pytest.mark.slow
def test_solving_draughts_stops_at_its_limits_without_an_error(capsys):
    # Draughts positions repeat (kings shuffle back and forth): the search must neither
    # recurse forever nor run without end.
    code, lines, err = run(capsys, "solve", "draughts", "--max-nodes", "20000", "--json")
    data = json.loads("\n".join(lines))
    assert code == 3 and err == ""
    assert (data["value"], data["stopped"], data["nodes"]) == (None, "nodes", 20001)
    code, lines, err = run(capsys, "solve", "draughts", "--time-limit", "0.3")
    assert code == 3 and err == "" and "not solved within 0.3 s" in lines[0]


def test_solve_a_hand_written_puzzle(capsys, monkeypatch):
    # Puzzles in depth: tests/cli/test_cli_puzzles.py.
    monkeypatch.setattr(catalog, "load", lambda game, options: Hanoi(2))
    code, lines, err = run(capsys, "solve", "hanoi")
    assert code == 0 and err == ""
    assert "solution (3 moves): 1-2 1-3 2-3" in lines


# --------------------------------------------------------------------------- play

def test_play_random_against_random(capsys):
    argv = ("play", "tictactoe", "--players", "random,random", "--seed", "7")
    code, lines, err = run(capsys, *argv)
    assert code == 0 and err == ""
    assert lines[0] == "Tic-tac-toe: X random, O random"
    assert lines[-1].startswith("result after ")
    assert any(w in lines[-1] for w in ("X wins", "O wins", "draw"))
    moves = [line for line in lines if " plays " in line]
    assert moves[0].startswith("1. X plays ")
    assert lines.count("   a b c") == len(moves) + 1  # the board after every move
    assert run(capsys, *argv)[1] == lines  # seeded: the same game again


def test_play_human_refused_then_goes_on(capsys, monkeypatch):
    stdin(monkeypatch, "z9\na1\na1\nb1\na2\nb2\na3\n")
    code, lines, err = run(capsys, "play", "tictactoe", "--players", "human,human")
    assert code == 0 and err == ""
    text = "\n".join(lines)
    assert "'z9' is not a legal move; legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3" in text
    assert "'a1' is not a legal move; legal moves: b1 c1 a2 b2 c2 a3 b3 c3" in text
    assert "1. X plays a1" in text and "2. O plays b1" in text
    assert lines[-1] == "result after 5 moves: X wins (X 1, O -1)"


def test_play_refuses_an_escape_sequence_as_a_move(capsys, monkeypatch):
    stdin(monkeypatch, "\x1b[A\na1\nb1\na2\nb2\na3\n")   # an arrow key, then the moves
    code, lines, err = run(capsys, "play", "tictactoe", "--players", "human,human")
    assert code == 0 and err == ""
    assert "'\\x1b[A' holds a terminal key's escape sequence or a control character " \
        "(an arrow key?), not a move: type the move's text" in "\n".join(lines)
    assert lines[-1] == "result after 5 moves: X wins (X 1, O -1)"


def test_play_edits_lines_with_readline_on_a_terminal(capsys, monkeypatch):
    imported = []
    real_import = builtins.__import__

    def recording(name, *args, **kw):
        imported.append(name)
        return real_import(name, *args, **kw)

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(builtins, "__import__", recording)
    stdin(monkeypatch, "a1\nb1\na2\nb2\na3\n")
    assert run(capsys, "play", "tictactoe", "--players", "human,human")[0] == 0
    assert "readline" not in imported   # not a terminal: plain input()
    monkeypatch.setattr(sys, "stdin", Terminal("a1\nb1\na2\nb2\na3\n"))
    monkeypatch.setitem(sys.modules, "readline", None)   # a Python without it: still plays
    assert run(capsys, "play", "tictactoe", "--players", "human,human")[0] == 0
    assert "readline" in imported


def test_play_human_against_ai(capsys, monkeypatch):
    stdin(monkeypatch, "\n".join(CELLS) + "\n")
    code, lines, _ = run(capsys, "play", "tictactoe", "--players", "human,ai:easy",
                         "--seed", "1", "--time", "0.05")
    assert code == 0
    assert lines[-1].startswith("result after ")


def test_play_end_of_input_ends_cleanly(capsys, monkeypatch):
    stdin(monkeypatch, "a1\n")
    code, lines, err = run(capsys, "play", "tictactoe", "--players", "human,human")
    assert code == 1
    assert "1. X plays a1" in lines
    assert "input ended" in one_line_error(err)


def test_play_wrong_number_of_players(capsys):
    code, _, err = run(capsys, "play", "tictactoe", "--players", "random")
    assert code == 1
    assert "--players" in one_line_error(err)


# --------------------------------------------------------------------------- match, bench

def test_match_json(capsys):
    code, lines, _ = run(capsys, "match", "tictactoe", "--players", "random,random",
                         "--games", "4", "--seed", "1", "--json")
    assert code == 0
    data = json.loads("\n".join(lines))
    assert data["games"] == 4 and data["seed"] == 1
    assert [p["games"] for p in data["players"]] == [4, 4]


def test_match_table(capsys):
    code, lines, _ = run(capsys, "match", "connect4", *C4_SMALL, "--players",
                         "ai:easy,random", "--games", "2", "--time", "0.05")
    assert code == 0
    assert lines[1].startswith("player") and lines[2].startswith("ai:easy")


def test_bench_json(capsys):
    code, lines, _ = run(capsys, "bench", "tictactoe", "--seconds", "0.01", "--json")
    assert code == 0
    data = json.loads("\n".join(lines))
    assert data["playouts_per_second"] > 0 and data["alphabeta_nodes_per_second"] > 0


def test_bench_puzzle_has_no_alphabeta(capsys, monkeypatch):
    monkeypatch.setattr(catalog, "load", lambda game, options: Hanoi(2))
    code, lines, _ = run(capsys, "bench", "hanoi", "--seconds", "0.01")
    assert code == 0
    assert lines[-1].startswith("alpha-beta: not applicable")


# --------------------------------------------------------------------------- plumbing

def test_progress_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        status = cli.Status(stream)
        status.show("working")
        status.clear()
    assert "working" in tty.getvalue() and pipe.getvalue() == ""


def test_python_dash_m():
    done = subprocess.run([sys.executable, "-m", "gdl", "list"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and "tictactoe" in done.stdout


def test_rules_that_fail_in_play_are_reported_as_such(capsys, tmp_path):
    rules = tmp_path / "badidx.gdl"
    rules.write_text('game "t"\nplayers A B\nstate heap = [1, 2]\n'
                     'move take h in 1..3, n in 1..1: heap[h] -= n\n'
                     'end: mover wins if sum(heap) == 0\n')
    assert main(["perft", str(rules), "2"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["gdl: error: the rules fail in play (IndexError: index 3 is outside 1..2); "
                   "`gdl check` shows the position"]


def test_sowing_from_a_cell_off_its_track_fails_in_play_not_inside(capsys, tmp_path):
    # A fuzz case (an internal KeyError before): the ring misses e2, a pit that can be sown.
    text = catalog.resolve("mancala").read_text()
    assert " e2 " in text
    rules = tmp_path / "offtrack.gdl"
    rules.write_text(text.replace(" e2 ", " "))
    assert main(["check", str(rules), "--games", "20"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("gdl: error: the rules fail in play (ValueError: sowing starts on a "
                          "cell that is not on its track) at:\n")
    assert "internal error" not in err
