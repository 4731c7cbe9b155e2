"""Shogi's rules that random play seldom reaches, position by position, against OpenSpiel's
shogi (pyspiel): a pawn dropped to mate, a pawn stepped to mate, the two-pawns rule, pieces
that could never move again, and the entering kings' win and draw."""

from __future__ import annotations

import sys
from pathlib import Path

import pyspiel
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from gdl import catalog  # noqa: E402
from tools.oracles.shogi import sfen_position  # noqa: E402

# (SFEN, a move gdl must list or not, whether it is legal)
CASES = [
    ("k8/2+R6/9/9/9/9/9/9/4K4 b P 1", "P*a8", False),     # the drop would mate: illegal
    ("k8/2+R6/9/9/9/9/9/9/4K4 b P 1", "P*b7", True),      # a drop elsewhere
    ("k8/2+R6/P8/9/9/9/9/9/4K4 b - 1", "a7-a8", True),    # a pawn stepping to mate is legal
    ("k8/9/9/9/9/9/P8/9/4K4 b P 1", "P*a5", False),       # a second pawn on column a
    ("k8/9/9/9/9/9/+P8/9/4K4 b P 1", "P*a5", True),       # a tokin is no pawn
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "P*a9", False),     # a pawn that could never move
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "N*a8", False),     # a knight two rows from the end
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "N*a7", True),
    ("4k4/9/9/9/9/9/9/9/4K4 b PNL 1", "L*a9", False),
]


@pytest.fixture(scope="module")
def shogi():
    return catalog.load("shogi"), pyspiel.load_game("shogi")


@pytest.mark.parametrize("sfen, text, legal", CASES)
def test_a_rule_that_random_play_seldom_meets(shogi, sfen, text, legal):
    game, spiel = shogi
    state = game.parse_position(sfen_position(sfen))
    texts = {game.move_text(state, m) for m in game.legal_moves(state)}
    assert (text in texts) == legal
    assert len(texts) == len(spiel.new_initial_state(sfen).legal_actions())


@pytest.mark.parametrize("sfen, returns", [
    ("8k/9/4K4/9/9/9/9/9/9 w 2R2B8P 1", (1.0, -1.0)),   # Black's king entered with 28 points
    ("8k/9/4K4/9/9/9/9/9/9 w 2R2B7P 1", None),          # 27 are not enough
    ("9/9/4K4/9/9/9/8k/9/9 w - 1", (0.0, 0.0)),         # both kings entered: a draw
])
def test_entering_kings(shogi, sfen, returns):
    game, spiel = shogi
    state = game.parse_position(sfen_position(sfen))
    theirs = spiel.new_initial_state(sfen)
    assert game.is_terminal(state) == theirs.is_terminal() == (returns is not None)
    if returns is not None:
        assert game.returns(state) == tuple(theirs.returns()) == returns
