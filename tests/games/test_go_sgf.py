"""SGF for go (`notation go`, gdl/interpreter/notation/sgf.py), checked against sgfmill, an
independent SGF library: 50 random games written by gdl read by sgfmill to the same moves
and by gdl back to the same moves; games written by sgfmill read by gdl; bad SGF refused in
one line naming where, the moves before the fault kept."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import RulesError
from gdl.catalog import compile_text
from gdl.interpreter.notation import adapter, sgf

sgfmill = pytest.importorskip("sgfmill.sgf")


def random_game(size: int, seed: int, plies: int) -> tuple:
    game = catalog.load("go", {"size": str(size)})
    rng, state, moves = random.Random(seed), game.initial_state(), []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        move = rng.choice(list(game.legal_moves(state)))
        moves.append(move)
        state = game.apply(state, move)
    return game, moves


def mill_moves(text: str) -> list:
    return [node.get_move() for node in
            sgfmill.Sgf_game.from_bytes(text.encode()).get_main_sequence()[1:]]


def expected(game, moves) -> list:
    """(colour, (row, col) or None) of each move, as sgfmill gives them (row 0 at the
    bottom), from gdl's own texts."""
    out, state = [], game.initial_state()
    for move in moves:
        colour = "bw"[game.current_player(state)]
        cell = game.ir.geometry.names.get(game.move_text(state, move))
        x, y = (None, None) if cell is None else game.ir.geometry.xy(cell)
        out.append((colour, None if cell is None else (y, x)))
        state = game.apply(state, move)
    return out


@pytest.mark.parametrize("seed", range(50))
def test_fifty_random_games_round_trip_and_sgfmill_agrees(seed):
    size = (9, 13, 19)[seed % 3]
    game, moves = random_game(size, seed, 60 if size == 9 else 30)
    notation = adapter(game)
    text = notation.write(game.initial_state(), moves, ("Black seat", "White]seat"), None)
    assert notation.read(text) == moves
    assert mill_moves(text) == expected(game, moves)
    root = sgfmill.Sgf_game.from_bytes(text.encode())
    assert root.get_size() == size and root.get_player_name("w") == "White]seat"


def test_a_game_written_by_sgfmill_is_read_to_its_moves():
    game, moves = random_game(9, 7, 40)
    written = sgfmill.Sgf_game(size=9)
    for colour, point in expected(game, moves):
        written.extend_main_sequence().set_move(colour, point)
    text = written.serialise().decode()
    assert adapter(game).read(text) == moves


def test_a_variation_is_skipped_for_the_main_line():
    game, _ = random_game(9, 0, 0)
    moves = adapter(game).read("(;SZ[9];B[ee](;W[dd];B[cc])(;W[ff]))")
    assert [game.ir.geometry.name(c & 127) for c in moves] == ["e5", "d6", "c7"]


@pytest.mark.parametrize("text,message", [
    ("(;SZ[9];B[ee]", "not closed"),
    ("(;SZ[9];B[ee];W[zz])", "SGF line 1, column 14: W[zz] is no point of this board"),
    ("(;SZ[9];B[ee];B[dd])", "SGF line 1, column 14: B plays, but White (W) is to move"),
    ("(;SZ[13];B[ee])", "SZ[13] is not this board (9)"),
    ("(;SZ[9]AB[ee];B[dd])", "setup stones (AB) are not read"),
    ("(;SZ[9];B[ee];W[ee])", "W[ee] (e5) is not a legal move"),
    ("no tree", "no game tree"),
])
def test_bad_sgf_is_one_line_naming_where(text, message):
    game, _ = random_game(9, 0, 0)
    with pytest.raises(sgf.SgfError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[").replace("]", r"\]")) as err:
        adapter(game).read(text)
    assert "\n" not in str(err.value)
    if "is not a legal move" in message:
        assert len(err.value.played) == 1   # the move before the fault is kept


def test_replay_writes_and_reads_sgf(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["play", "go", "--set", "size=9", "--players", "random,random", "--seed", "3",
                 "--max-plies", "20", "--save", str(record)]) == 0
    capsys.readouterr()
    out = tmp_path / "game.sgf"
    assert main(["replay", str(record), "--sgf", str(out)]) == 0
    first = capsys.readouterr().out.splitlines()[-2]
    assert main(["replay", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-2] == first   # the same moves
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;SZ[9];B[ee];W[ee])")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.sgf: SGF line 1, column 14" in err and "for --moves: 'e5'" in err


def test_notation_go_on_a_board_of_two_kinds_is_a_located_error():
    text = ('game "Two kinds"\nplayers A B\nboard 5 x 5\npieces man king\nnotation go\n'
            "move: place man on empty\nend: draw if full\n")
    with pytest.raises(RulesError, match=r"5:1: `notation go`: SGF records stones"):
        compile_text(text, "two.gdl")


def test_sgf_export_refuses_a_game_without_notation_go(tmp_path, capsys):
    record = tmp_path / "t.json"
    assert main(["play", "tictactoe", "--players", "random,random", "--seed", "1",
                 "--save", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--sgf", str(tmp_path / "t.sgf")]) == 1
    assert "declares no `notation go`" in capsys.readouterr().err
