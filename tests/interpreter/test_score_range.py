"""score_range: the payoff bound of score ends read off the expression alone."""

import pytest

from gdl import catalog
from gdl.interpreter.core import ir
from gdl.interpreter.core.score_range import payoff_range_bound, score_range


@pytest.mark.parametrize(("scoring", "bound"), [("0", 1), ("1", 2), ("2", 3)])
def test_backgammon_scores_bound_themselves(scoring, bound):
    game = catalog.load("backgammon", {"scoring": scoring})
    assert payoff_range_bound(game.ir.ends) == bound


def test_a_score_that_reads_the_board_has_no_range():
    game = catalog.load("game_2048")   # the score is the tiles merged: read off the board
    assert payoff_range_bound(game.ir.ends) is None


def test_interval_arithmetic():
    truth = ir.Op("==", (ir.Const(1, ir.INT), ir.Const(2, ir.INT)), ir.BOOL)
    three = ir.Const(3, ir.INT)
    assert score_range(ir.Op("-", (three, ir.Op("number", (truth,), ir.INT)), ir.INT)) == (2, 3)
    assert score_range(ir.Op("*", (ir.Op("neg", (three,), ir.INT), truth), ir.INT)) == (-3, 0)
