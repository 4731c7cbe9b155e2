"""Three-check's FEN field of the checks left (`3+3`, after en passant), both ways, against
python-chess's ThreeCheckBoard at every ply of seeded random games; lichess's form (`+1+0`,
the checks given, at the end) is read too."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.errors import PositionError
from gdl.interpreter import notation

variant = pytest.importorskip("chess.variant")


@pytest.fixture(scope="module")
def game():
    return catalog.load("three_check")


def test_the_start_has_three_checks_left_each(game):
    assert notation.adapter(game).fen(game.initial_state()) == \
        variant.ThreeCheckBoard().fen() == \
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"


def test_twenty_games_agree_with_python_chess_at_every_ply(game):
    fen, compared = notation.adapter(game).fen, 0
    for seed in range(20):
        rng, board, state = random.Random(seed), variant.ThreeCheckBoard(), game.initial_state()
        for _ in range(60):
            if board.is_game_over() or game.is_terminal(state):
                break
            move = rng.choice(list(board.legal_moves))
            state = game.apply(state, game.parse_move(state, move.uci()))
            board.push(move)
            assert fen(state) == board.fen()
            assert fen(game.parse_position(board.fen())) == board.fen()
            compared += 1
    assert compared > 800


def test_lichess_form_and_a_bad_field(game):
    position = "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 2 +1+0"
    assert notation.adapter(game).fen(game.parse_position(position)) == \
        "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 0 2"
    with pytest.raises(PositionError, match=r"FEN checks field: '4\+3' is not the checks each "
                                            r"side has left, each 0 to 3"):
        game.parse_position("8/8/8/8/8/8/8/K6k w - - 4+3 0 1")
