"""`gdl check` warns, at the end rule that decides it, when a game is over before its first
move or one player wins every game in one move; warnings are not errors."""

from __future__ import annotations

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.start_warnings import start_warnings

BOARD = 'game "g"\nplayers A B\nboard 3 x 3\nmove: place on empty\nend: draw if full\n'


@pytest.mark.parametrize("end, message", [
    ("end: A wins if count own == 0",
     "6:1: warning: the game is over before its first move (A won): this end rule already "
     "holds at the start"),
    ("end: mover wins if count own > 0",
     "6:1: warning: A wins every game in one move: each of the 9 first moves ends the game "
     "by this end rule"),
])
def test_a_game_decided_at_once_is_warned_about_at_its_end_rule(end, message, tmp_path, capsys):
    path = tmp_path / "g.gdl"
    path.write_text(BOARD + end + "\n")
    assert main(["check", str(path), "--games", "3"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{path}:{message}"
    assert err[1].strip() == end and err[2].strip() == "^"
    report = catalog.check(str(path), games=3)
    assert report.ok and len(report.warnings) == 1


@pytest.mark.parametrize("game", ["tictactoe", "nim", "hex"])
def test_a_sound_game_has_no_warning(game):
    assert catalog.check(game, games=2).warnings == ()


def test_a_puzzle_that_starts_solved_is_not_warned_about():
    """A one-player game may start at its goal (a solved cube): the searches walk from it."""
    game = catalog.compile_text('game "p"\nplayers solo\nboard 2 x 1\nmove: place on empty\n'
                                'goal: count occupied < 2\n', "p.gdl")
    assert game.is_terminal(game.initial_state())
    assert start_warnings(game, None) == ()


def test_the_warning_reads_the_file_as_the_compiler_does(tmp_path, capsys):
    """A lone carriage return is no line break for the rules (gdl.errors.source_lines): the
    warning's second reading of the file must not make one (it once read the file with
    universal newlines and failed on a comment holding "\\r")."""
    path = tmp_path / "g.gdl"
    text = BOARD.replace("board 3 x 3", "board 3 x 3  # a\rb") \
        + "end: mover wins if count own > 0\n"
    path.write_bytes(text.encode())
    assert main(["check", str(path), "--games", "3"]) == 0
    assert capsys.readouterr().err.startswith(f"{path}:6:1: warning: A wins every game")
