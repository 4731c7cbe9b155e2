"""Scores and the default evaluation."""

from __future__ import annotations

import pytest

from tests.references.games import ConnectFour, Nim, TicTacToe
from gdl.solvers.search.evaluation import (
    DECIDED, WIN, make_evaluator, mobility, outcome, plies_to_end, terminal_score)


class Bare(Nim):
    """Nim without its heuristic."""

    heuristic = None


def test_scores():
    assert terminal_score(1.0, 3) == WIN - 3 and terminal_score(-1.0, 3) == -WIN + 3
    assert terminal_score(0.0, 5) == 0.0
    assert terminal_score(1.0, 2) > terminal_score(1.0, 4) > DECIDED
    assert outcome(WIN - 7) == "win" and outcome(-WIN + 7) == "loss"
    assert outcome(0.0) == "draw" and outcome(0.3) is None
    assert plies_to_end(WIN - 7) == 7 and plies_to_end(0.5) is None


def test_heuristic_is_used_for_the_player_to_move():
    g = ConnectFour()
    evaluate = make_evaluator(g)
    s = g.apply(g.initial_state(), 3)
    assert evaluate(s) == g.heuristic(s)[1] < 0


def test_fallbacks():
    g = Bare((1, 3))
    s = g.initial_state()
    # 4 moves for the mover; after taking 1 from heap 1, the opponent has 3.
    assert make_evaluator(g)(s) == mobility(g, s) == (4 - 3) / 7
    assert make_evaluator(g, fallback="zero")(s) == 0.0
    assert mobility(g, g.apply(s, (1, 3))) == 0.0  # the first move ends the game
    with pytest.raises(ValueError):
        make_evaluator(g, fallback="magic")
    assert -1 <= make_evaluator(TicTacToe())(TicTacToe().initial_state()) <= 1
