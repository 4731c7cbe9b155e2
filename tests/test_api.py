"""The public Python API: gdl.load, Position, ai_move, solve, perft."""

from __future__ import annotations

import attrs
import pytest

import gdl
from gdl import catalog
from gdl.cli.main import build_parser
from gdl.errors import GdlError, IllegalMove, OptionError
from gdl.ai.players import DEFAULT_SECONDS, AIPlayer


def test_options_as_python_values():
    assert catalog.load("connect4", {"width": 5}).options["width"] == 5
    assert gdl.load("connect4", width=5, height=4).options == {"width": 5, "height": 4, "k": 4}
    assert gdl.load("nim", heaps=(2, 2)).options["heaps"] == (2, 2)
    assert gdl.load("connect4", width="6").options["width"] == 6


@pytest.mark.parametrize("value", [True, 2.5, None, ["a"]])
def test_option_values_that_are_no_numbers_are_refused(value):
    with pytest.raises(OptionError, match="width"):
        gdl.load("connect4", width=value)


def test_position_plays_undoes_and_names_the_legal_moves_of_an_illegal_one():
    pos = gdl.Position(gdl.load("connect4", width=4, height=4))
    pos.play("b1").play("b")   # a unique beginning reads as the move
    assert pos.moves == ("b1", "b2") and pos.to_move == "X"
    with pytest.raises(IllegalMove) as caught:
        pos.play("e1")
    assert caught.value.legal == ("a1", "c1", "d1", "b3")
    assert "legal moves: a1 c1 d1 b3" in str(caught.value)
    assert pos.undo() == "b2" and pos.undo() == "b1"
    with pytest.raises(GdlError, match="no move to undo"):
        pos.undo()


def test_a_finished_game_has_a_result_and_no_moves():
    pos = gdl.Position(gdl.load("tictactoe"), ["a1", "a2", "b1", "b2", "c1"])
    assert pos.is_over and pos.legal_moves == () and pos.to_move is None
    assert pos.result == gdl.Result((1.0, -1.0), ("X",), "X wins (X 1, O -1)")
    with pytest.raises(IllegalMove, match="already over"):
        pos.play("c3")


def test_constraint_puzzles_have_no_position():
    with pytest.raises(GdlError, match="constraint puzzle"):
        gdl.Position(gdl.load("sudoku"))


def test_svg_draws_each_piece_and_tints_the_last_move():
    pos = gdl.Position(gdl.load("draughts"), ["c3-d4"])
    svg = pos._repr_svg_()
    assert svg.count("<circle") == 24
    assert svg.count("#f7e463") == 2   # c3 and d4
    assert svg.count("<rect") == 64


def test_ai_defaults_agree_with_the_command_line():
    # `gdl match` has its own shorter time per move; it must not leak into `gdl play`.
    play = build_parser().parse_args(["play", "connect4"])
    player = AIPlayer(gdl.load("connect4"))
    assert play.level == "hard" and player.name == "ai:hard"
    assert play.time is None and player.seconds == DEFAULT_SECONDS


def test_ai_move_is_in_notation_with_the_search_figures():
    choice = gdl.ai_move("tictactoe", moves=["a1", "b1", "a2", "b2"], seconds=0.5)
    assert attrs.has(type(choice))
    assert (choice.move, choice.engine, choice.outcome, choice.value) == (
        "a3", "alphabeta", "win", 1.0)
    assert choice.line == ("a3",) and choice.depth >= 1 and choice.nodes >= 1


def test_ai_move_on_a_finished_game_says_so():
    with pytest.raises(GdlError, match="the game is over"):
        gdl.ai_move("tictactoe", moves=["a1", "a2", "b1", "b2", "c1"])


def test_solve_gives_moves_in_notation():
    result = gdl.solve("tictactoe")
    assert result == gdl.SolveResult("draw", "b2", "X", result.nodes, result.seconds,
                                     "alphabeta")
    assert gdl.solve("nim", heaps=[1, 2]).best_move == "take 2 1"   # leave equal heaps


def test_solve_puzzles_and_constraint_puzzles():
    cube = gdl.solve("eight_puzzle", moves=["down", "right"])
    assert cube.solution == ("left", "up") and cube.length == 2
    queens = gdl.solve("queens", n=4)
    assert queens.status == "multiple solutions" and queens.solution in (
        ((2, 4, 1, 3),), ((3, 1, 4, 2),))
    assert not queens.unique


def test_solve_from_a_state_or_a_position_text():
    puzzle = gdl.solve("eight_puzzle", state="123456708")   # gdl solve --state 123456708
    assert puzzle.solution == ("left",)
    game = gdl.load("tictactoe")
    pos = gdl.Position(game, ["a1", "b1"])
    by_state, by_text = gdl.solve(game, state=pos.state), gdl.solve(game, state=pos.text)
    assert by_state.value == by_text.value == "win" and by_state.to_move == "X"
    assert gdl.solve(game, state=pos.state, moves=["a2"]).to_move == "O"   # moves go on
    with pytest.raises(GdlError, match="not a Position"):
        gdl.solve(pos, state=pos.state)
    with pytest.raises(GdlError, match="given="):
        gdl.solve("queens", n=4, state="x")


def test_solve_a_game_out_of_time_raises():
    with pytest.raises(gdl.errors.SolverError, match="not solved within"):
        gdl.solve("connect4", time_limit=0.05)


def test_perft_counts_and_divides_in_notation():
    result = gdl.perft(gdl.Position(gdl.load("tictactoe"), ["b2"]), 2)
    assert result.count == 56 and result.divide[0] == ("a1", 7)
    assert gdl.perft("tictactoe", 0).count == 1


def test_the_public_names():
    assert gdl.__version__ == "0.1.0"
    for name in gdl.__all__:   # each public name is there when asked for (they load lazily)
        assert getattr(gdl, name) is not None, name


def test_apply_is_the_checked_protocol_apply():
    game = gdl.load("connect4", width=4, height=4)
    state = gdl.apply(game, game.initial_state(), "b1")
    assert state == game.apply(game.initial_state(), game.parse_move(game.initial_state(), "b1"))
    with pytest.raises(IllegalMove) as caught:
        gdl.apply(game, state, "b3")
    assert caught.value.legal == ("a1", "c1", "d1", "b2")


def test_a_position_reads_and_writes_position_texts():
    game = gdl.load("tictactoe")
    pos = gdl.Position(game, position="X../.O./... X")
    assert pos.to_move == "X" and pos.legal_moves[:2] == ("a1", "b1")
    assert pos.play("c1").text == "X../.O./..X O"
    assert gdl.Position(game, position=pos.text).state == pos.state
    with pytest.raises(GdlError):
        gdl.Position(game, position="X.")
