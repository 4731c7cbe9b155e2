"""gdl.Player: one AI for a whole game, searching in C where it can, on a clock."""

from __future__ import annotations

import pytest

import gdl
from gdl.errors import GdlError, OptionError
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.mcts import MCTS
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta
from gdl.solvers.search.native_mcts import NativeMCTS


def test_a_player_wins_where_it_can_and_names_its_move():
    player = gdl.Player("tictactoe", seconds=0.1, seed=1)
    pos = gdl.Position(gdl.load("tictactoe"), ["a1", "b1", "a2", "b2"])
    assert player.move(pos) == "a3"


def test_it_searches_in_c_by_default_and_on_python_when_asked():
    ab = {"level": "200", "engine": "alphabeta"}
    assert isinstance(gdl.Player("connect4", **ab).ai.engine, NativeAlphaBeta)
    assert isinstance(gdl.Player("connect4", **ab, backend="python").ai.engine, AlphaBeta)
    # Connect Four's stored engine is MCTS (measured against OpenSpiel's bot): in C too
    assert isinstance(gdl.Player("connect4", level="200").ai.engine, NativeMCTS)
    assert isinstance(gdl.Player("connect4", level="200", backend="python").ai.engine, MCTS)


def test_it_keeps_its_engine_and_table_over_a_game():
    game = gdl.load("connect4")
    player = gdl.Player(game, level="300", seed=2)
    engine = player.ai.engine
    pos = gdl.Position(game)
    for _ in range(4):
        pos.play(player.move(pos))
    assert player.ai.engine is engine and player.moves == 4


def test_a_clock_is_spent_over_the_game_and_never_overdrawn():
    game = gdl.load("connect4")
    player = gdl.Player(game, clock=1.0, seed=3)
    pos = gdl.Position(game)
    pos.play(player.move(pos))
    assert player.ai.seconds == pytest.approx(1.0 / 40)   # 80 plies expected: 40 moves each
    left, overhead = player.clock, player.overhead
    assert 0.0 <= left < 1.0   # charged what it spent
    pos.play(player.move(pos))   # the opponent's move: its own clock is this player's too
    # ply 1: (80 - 1) // 2 moves left, each costing what a move lately cost besides its search
    assert player.ai.seconds == pytest.approx(max(0.01, (left - 39 * overhead) / 39))
    assert 0.0 <= player.clock < left


def test_misuse_is_refused_in_one_line():
    with pytest.raises(OptionError, match="not both"):
        gdl.Player("tictactoe", seconds=1, clock=10)
    with pytest.raises(OptionError, match="positive"):
        gdl.Player("tictactoe", clock=0)
    game = gdl.load("tictactoe")
    over = gdl.Position(game, ["a1", "b1", "a2", "b2", "a3"])
    with pytest.raises(GdlError, match="over"):
        gdl.Player(game).move(over)


def test_without_a_compiler_the_ai_says_once_that_it_searches_on_python(monkeypatch, capsys):
    from gdl.cli.main import main
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert main(["play", "tictactoe", "--players", "ai:100,ai:100", "--json"]) == 0
    err = capsys.readouterr().err
    assert err.count("the AI searches on Python") == 1 and "no C compiler" in err
    player = gdl.Player("connect4", level="100", engine="alphabeta")
    assert isinstance(player.ai.engine, AlphaBeta)
    player.move(gdl.Position(gdl.load("connect4")))
    assert capsys.readouterr().err.count("the AI searches on Python: no C compiler") == 1


def test_on_a_clock_the_c_search_gets_a_target_within_a_hard_bound():
    """The share is alpha-beta's target; it may take up to three shares when its best move
    keeps changing, never more than a quarter of what is left on the clock."""
    game = gdl.load("connect4")
    player = gdl.Player(game, clock=8.0, seed=3, engine="alphabeta")
    engine = player.ai.engine
    assert isinstance(engine, NativeAlphaBeta)
    pos = gdl.Position(game)
    pos.play(player.move(pos))
    assert engine.soft_time == pytest.approx(8.0 / 40)
    assert player.bound == pytest.approx(3 * 8.0 / 40)
    assert 0.0 < engine.time_limit <= player.bound
    assert player.overhead >= 0.0
