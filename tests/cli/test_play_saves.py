"""`gdl play --save FILE` writes the record whenever the game stops (issue 34, item 5): at
its end, on Ctrl-C, on an error, when the input ends; and it refuses a FILE it cannot
write before the game starts. (A real SIGINT to a running `gdl play`: tests/test_interrupts.py.)"""

from __future__ import annotations

import io
from typing import Any

import pytest

import gdl
from gdl.ai.players import RandomPlayer
from gdl.cli.main import main


def play(capsys, *argv: str) -> tuple[int, list[str], str]:
    code = main(["play", *argv])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def replayed_moves(capsys, path) -> int:
    """The number of moves `gdl replay` shows: the record is whole and its moves legal."""
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    last = out.splitlines()[-1]
    assert last.startswith("result after ")
    return int(last.split()[2])


def stop_on_move(monkeypatch, number: int, error: BaseException | None, move: Any = None
                 ) -> None:
    """The random seats raise `error` (or return `move`) when asked for move `number`."""
    calls = {"n": 0}
    choose = RandomPlayer.choose

    def stopping(self: RandomPlayer, game: Any, state: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == number:
            if error is not None:
                raise error
            return move
        return choose(self, game, state)
    monkeypatch.setattr(RandomPlayer, "choose", stopping)


def test_ctrl_c_between_moves_saves_the_moves_so_far(capsys, monkeypatch, tmp_path):
    path = tmp_path / "stopped.json"
    stop_on_move(monkeypatch, 5, KeyboardInterrupt())
    code, _, err = play(capsys, "connect4", "--players", "random,random", "--seed", "2",
                        "--save", str(path))
    assert code == 130
    assert err == f"gdl: interrupted after 4 moves; the game so far is saved in {path}\n"
    record = gdl.records.read(path)
    assert len(record.moves) == len(record.seconds) == 4 and record.result is None
    assert replayed_moves(capsys, path) == 4


def test_an_error_in_the_game_still_saves_it(capsys, monkeypatch, tmp_path):
    path = tmp_path / "failed.json"
    stop_on_move(monkeypatch, 3, None, move=("not", "a", "move"))
    code, _, err = play(capsys, "tictactoe", "--players", "random,random", "--seed", "2",
                        "--save", str(path))
    assert code == 1
    assert err == "gdl: error: X (random) chose an illegal move: ('not', 'a', 'move')\n"
    assert replayed_moves(capsys, path) == 2


def test_an_internal_error_still_saves_the_game(capsys, monkeypatch, tmp_path):
    path = tmp_path / "bug.json"
    stop_on_move(monkeypatch, 4, RuntimeError("a bug"))
    code, _, err = play(capsys, "tictactoe", "--players", "random,random", "--seed", "2",
                        "--save", str(path))
    assert code == 1 and err.startswith("gdl: internal error: RuntimeError: a bug")
    assert replayed_moves(capsys, path) == 3


def test_the_end_of_the_input_saves_the_game(capsys, monkeypatch, tmp_path):
    path = tmp_path / "eof.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("a1\nb1\n"))
    code, lines, err = play(capsys, "tictactoe", "--players", "human,human",
                            "--save", str(path))
    assert code == 1 and lines[-1] == "moves: a1 b1"
    assert err == ("gdl: the input ended; game abandoned after 2 moves; the game so far is "
                   f"saved in {path}\n")
    assert replayed_moves(capsys, path) == 2


def test_resign_and_quit_save_the_game(capsys, monkeypatch, tmp_path):
    for words, result in (("a1\nresign\n", "O resigns"), ("a1\nb2\nquit\n", "unfinished")):
        path = tmp_path / "words.json"
        monkeypatch.setattr("sys.stdin", io.StringIO(words))
        code, lines, _ = play(capsys, "tictactoe", "--players", "human,human",
                              "--save", str(path))
        moves = words.count("\n") - 1
        assert code == 0 and lines[-1] == f"result after {moves} moves: {result}"
        assert replayed_moves(capsys, path) == moves
        assert main(["replay", str(path)]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == lines[-1]


@pytest.mark.parametrize("where", ["missing/game.json", "."])
def test_a_save_file_that_cannot_be_written_is_refused_before_the_game(capsys, tmp_path,
                                                                         monkeypatch, where):
    monkeypatch.chdir(tmp_path)
    code, lines, err = play(capsys, "tictactoe", "--players", "random,random",
                            "--save", where)
    assert (code, lines) == (1, [])
    assert err == f"gdl: error: --save {where}: cannot write a file there\n"


def test_the_record_names_each_seat_in_full(capsys, monkeypatch, tmp_path):
    path = tmp_path / "seats.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("a1\nresign\n"))
    code, lines, _ = play(capsys, "tictactoe", "--time", "0.05", "--save", str(path))
    assert code == 0 and lines[0] == "Tic-tac-toe: X human, O ai:hard"
    assert gdl.records.read(path).players == ("human", "ai:hard")   # as printed, not `ai`
    code, _, _ = play(capsys, "tictactoe", "--players", "Random,MCTS", "--level", "easy",
                      "--seed", "1", "--time", "0.05", "--save", str(path))
    assert code == 0 and gdl.records.read(path).players == ("random", "mcts:easy")
