"""Moves equally good against perfect play, ranked by the chances they keep against an
opponent who errs (gdl.solvers.search.chances), checked against plain minimax and expectimax over
tic-tac-toe written here."""

from __future__ import annotations

import functools
import random

import pytest

from tests.references.games import TicTacToe
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.chances import best_chance, equal_moves

GAME = TicTacToe()


def play(cells):
    state = GAME.initial_state()
    for c in cells:
        state = GAME.apply(state, c)
    return state


@functools.cache
def minimax(state) -> float:
    """The value for the player to move, by plain negamax."""
    if GAME.is_terminal(state):
        return GAME.returns(state)[GAME.current_player(state)]
    return max(-minimax(GAME.apply(state, m)) for m in GAME.legal_moves(state))


@functools.cache
def against_random(state, me: int) -> float:
    """`me`'s expected payoff when `me` plays best and the other player at random."""
    if GAME.is_terminal(state):
        return GAME.returns(state)[me]
    values = [against_random(GAME.apply(state, m), me) for m in GAME.legal_moves(state)]
    return max(values) if GAME.current_player(state) == me else sum(values) / len(values)


def value_after(state, move) -> float:
    return -minimax(GAME.apply(state, move))


@pytest.mark.parametrize("cells", [(4, 0), (0,), (4,), (0, 4, 8), ()])
def test_a_drawn_root_keeps_exactly_its_drawing_moves(cells):
    state = play(cells)
    searcher = AlphaBeta(GAME)
    result = searcher.search(state)
    assert result.outcome == "draw" and minimax(state) == 0
    drawing = [m for m in GAME.legal_moves(state) if value_after(state, m) == 0]
    assert sorted(equal_moves(GAME, state, result, searcher)) == drawing
    if cells in ((0,), (0, 4, 8)):   # O has losing moves there (any but the centre; a corner)
        assert len(drawing) < len(GAME.legal_moves(state))


def test_a_lost_root_keeps_every_move_and_a_won_one_needs_no_help():
    lost = play((0, 4, 2, 8, 6))   # X threatens b1 and a2; O to move cannot stop both
    searcher = AlphaBeta(GAME)
    result = searcher.search(lost)
    assert result.outcome == "loss" and minimax(lost) == -1
    assert equal_moves(GAME, lost, result, searcher) == list(GAME.legal_moves(lost))
    won = play((0, 4, 2, 8))       # X to move wins
    result = searcher.search(won)
    assert result.outcome == "win" and equal_moves(GAME, won, result, searcher) is None
    assert best_chance(GAME, won, result, searcher, iterations=100) == result.best_move


def test_a_lost_root_plays_the_move_with_the_most_chances_against_random():
    state = play((8, 4, 2, 0, 6))   # X threatens c2 and b3; O to move has b1 a2 c2 b3
    me = GAME.current_player(state)
    chances = {m: against_random(GAME.apply(state, m), me) for m in GAME.legal_moves(state)}
    best = {m for m, v in chances.items() if v == max(chances.values())}
    assert best == {5, 7} and min(chances.values()) < max(chances.values()) - 0.3
    searcher = AlphaBeta(GAME)
    result = searcher.search(state)
    assert result.outcome == "loss"
    for seed in range(3):
        move = best_chance(GAME, state, result, searcher, iterations=3000,
                           rng=random.Random(seed))
        assert move in best


def test_a_drawn_root_never_gives_up_the_draw_for_chances():
    rng = random.Random(7)
    for cells in [(4, 0), (0, 4), (4, 0, 8), (1, 4), (0, 8, 4)]:
        state = play(cells)
        searcher = AlphaBeta(GAME)
        result = searcher.search(state)
        if result.outcome != "draw":
            continue
        move = best_chance(GAME, state, result, searcher, iterations=2000, rng=rng)
        assert value_after(state, move) == 0
        me = GAME.current_player(state)
        drawing = [m for m in GAME.legal_moves(state) if value_after(state, m) == 0]
        top = max(against_random(GAME.apply(state, m), me) for m in drawing)
        assert against_random(GAME.apply(state, move), me) >= top - 0.05
