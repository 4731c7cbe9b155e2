"""MCTS-Solver: proven wins and losses backed up the tree, checked against the exact solver
on seeded positions of two small games."""

from __future__ import annotations

import pytest

from gdl import catalog
from gdl.solvers.search.exact import solve
from gdl.solvers.search.mcts import MCTS
from tests.solvers.search.test_alphabeta import random_positions


def positions(game, count: int, seed: int, plies: range) -> list:
    """The unfinished ones of `count` seeded random positions `plies` moves in."""
    return [state for state in random_positions(game, count, plies[0], plies[-1], seed)
            if not game.is_terminal(state)]


@pytest.mark.slow
@pytest.mark.parametrize("name, options, plies", [("tictactoe", {}, range(2, 6)),
                                                  ("connect4", {"width": "4", "height": "4"},
                                                   range(6, 11))])
def test_every_proof_is_the_exact_solver_s_value(name, options, plies):
    game = catalog.load(name, options)
    proved = 0
    for state in positions(game, 30, seed=len(name), plies=plies):
        result = MCTS(game, seed=1, solver=True).search(state, iterations=20_000)
        exact = solve(game, state)
        if result.stats.stopped != "proved":
            # unproved: a draw (never proved), or a win or loss not yet found
            continue
        proved += 1
        assert result.value == {"win": 1, "loss": -1}[exact.value], game.position_text(state)
        if exact.value == "win":   # the move played keeps the win
            after = game.apply(state, result.best_move)
            mover = game.current_player(state)
            assert game.is_terminal(after) and game.returns(after)[mover] == 1 or \
                solve(game, after).value == ("loss" if game.current_player(after) != mover
                                             else "win")
    assert proved >= 10   # the proofs were made, not only searched for


def test_a_won_root_stops_the_search_with_the_winning_move():
    game = catalog.load("tictactoe")
    state = game.moves_after(["a1", "b1", "a2", "b2"])   # X to move: a3 wins at once
    result = MCTS(game, seed=0, solver=True).search(state, iterations=10_000)
    assert result.stats.stopped == "proved" and result.stats.iterations < 10_000
    assert game.move_text(state, result.best_move) == "a3" and result.value == 1


def test_a_lost_root_is_searched_on_for_the_move_with_the_most_chances():
    game = catalog.load("tictactoe")
    lost = [s for s in positions(game, 40, seed=9, plies=range(3, 6))
            if solve(game, s).value == "loss" and len(game.legal_moves(s)) > 1]
    assert len(lost) >= 3
    for state in lost:
        result = MCTS(game, seed=0, solver=True).search(state, iterations=3000)
        # the proof does not end it: the whole budget ranks the moves by plain UCT
        assert result.stats.stopped == "iterations" and result.stats.iterations == 3000
        assert result.stats.root_visits < 3000   # the loss was proved, then the tree begun anew
        assert result.best_move in game.legal_moves(state) and result.value < 1


def test_the_solver_is_asked_for():
    game = catalog.load("tictactoe")
    state = game.moves_after(["a1", "b1", "a2", "b2"])
    assert MCTS(game, seed=0).search(state, iterations=500).stats.stopped == "iterations"
