"""UCT in C (gdl_mcts) on games with chance nodes (issue 31): a chance node's child is the
outcome drawn by its probability, rollouts draw theirs, ends by score count their margins.
Checked against the Python MCTS (gdl/solvers/search/mcts.py, which draws outcomes alike):
the same clear best move and about the same value on Pig and Einstein, seeded searches
repeated, and the AI searching chance games in C on the native back end."""

from __future__ import annotations

import functools
import random

import pytest

from gdl import catalog
from gdl.ai.players import AIPlayer
from gdl.interpreter.c.backend import with_backend
from gdl.protocol import CHANCE
from gdl.solvers.search.mcts import MCTS
from gdl.solvers.search.native_mcts import NativeMCTS
from tests.interpreter.c.test_native import needs_cc


@functools.cache
def pair(name: str):
    python = catalog.load(name)
    return python, with_backend(python, "native")


def first_turn(game, seed: int = 0):
    """The first position a player moves in, the draws before it made at random."""
    rng, state = random.Random(seed), game.initial_state()
    while game.current_player(state) == CHANCE:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


@needs_cc
@pytest.mark.parametrize("name", ["pig", "einstein"])
def test_seeded_searches_through_chance_nodes_repeat(name):
    _, native = pair(name)
    state = first_turn(native)
    a = NativeMCTS(native, None, evaluate=False, seed=5).search(state, iterations=3000)
    b = NativeMCTS(native, None, evaluate=False, seed=5).search(state, iterations=3000)
    assert a.visits == b.visits and a.best_move == b.best_move and a.value == b.value
    assert a.stats.iterations == a.stats.root_visits == 3000 == sum(v for _, v in a.visits)


@needs_cc
def test_pig_rolls_where_a_roll_nearly_always_wins_as_pythons_mcts_does():
    python, native = pair("pig")
    # A needs 1 more point this turn (turn 9, goal 20): a roll of 2 to 6 wins at once;
    # holding leaves B, at 19, to roll first
    state = python.parse_position("A score=10,19 turn=9 d=0 chance=0")
    ours = NativeMCTS(native, None, evaluate=False, seed=3).search(state, iterations=6000)
    theirs = MCTS(python, seed=3).search(state, iterations=6000)
    assert python.move_text(state, ours.best_move) == "roll"
    assert python.move_text(state, theirs.best_move) == "roll"
    # a roll wins 5/6 at once; after a 1, B (at 19) wins most games: both near 0.7
    assert abs(ours.value - theirs.value) < 0.05 and 0.6 < ours.value < 0.8


@pytest.mark.slow
@needs_cc
def test_pig_from_the_start_values_alike_in_c_and_python():
    python, native = pair("pig")
    ours = NativeMCTS(native, None, evaluate=False, seed=1).search(iterations=20_000)
    theirs = MCTS(python, seed=1).search(iterations=20_000)
    assert ours.best_move == theirs.best_move   # the only move: roll
    assert abs(ours.value - theirs.value) < 0.05   # A's edge of moving first, by sampling


def winning_positions(game, count: int):
    """Seeded random positions of a player to move with one move that wins at once."""
    found, seed = [], 0
    while len(found) < count:
        rng, state = random.Random(seed), game.initial_state()
        seed += 1
        while not game.is_terminal(state):
            mover = game.current_player(state)
            moves = game.legal_moves(state)
            if mover != CHANCE:
                wins = [m for m in moves if game.is_terminal(game.apply(state, m))
                        and game.returns(game.apply(state, m))[mover] > 0]
                if wins and len(wins) < len(moves):
                    found.append((state, wins))
                    break
            state = game.apply(state, rng.choice(moves))
    return found


@needs_cc
def test_einstein_takes_a_win_at_once_as_pythons_mcts_does():
    python, native = pair("einstein")
    for state, wins in winning_positions(python, 5):
        ours = NativeMCTS(native, None, evaluate=False, seed=2).search(state, iterations=2000)
        theirs = MCTS(python, seed=2).search(state, iterations=2000)
        assert ours.best_move in wins and theirs.best_move in wins


@needs_cc
@pytest.mark.parametrize("name", ["pig", "einstein"])
def test_the_ai_searches_a_chance_game_in_c_on_the_native_back_end(name):
    python, native = pair(name)
    assert isinstance(AIPlayer(native, "easy", seed=1).engine, NativeMCTS)
    assert isinstance(AIPlayer(python, "easy", seed=1).engine, MCTS)
