"""The OpenSpiel bridge on simultaneous games: OpenSpiel's SIMULTANEOUS dynamics, its random
simulation test, its value iteration against `gdl solve`, and seeded random games against gdl."""

from __future__ import annotations

import random

import pyspiel
import pytest
from open_spiel.python.algorithms import value_iteration

from gdl import catalog
from gdl.bridges import openspiel
from gdl.solvers.simultaneous.stages import solve_stages
from tests.marks import cases

SIMULTANEOUS_GAMES = ["blotto", "goofspiel", "oshi_zumo", "roshambo"]


@pytest.mark.parametrize("name", SIMULTANEOUS_GAMES)
def test_openspiel_random_simulation(name):
    game = pyspiel.load_game(openspiel.register(name))
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_each_player_numbers_their_own_moves_by_rule_then_parameters():
    state = openspiel.load("roshambo").new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    for player in (0, 1):
        assert [state.action_to_string(player, a) for a in state.legal_actions(player)] == \
            ["rock", "paper", "scissors"]
    assert state.legal_actions(0) == [0, 1, 2]
    goofspiel = openspiel.load("goofspiel", cards=5)
    assert goofspiel.num_distinct_actions() == 5
    state = goofspiel.new_initial_state()
    state.apply_actions([4, 0])   # play 5 | play 1: A takes the 5 points
    assert state.legal_actions(0) == [0, 1, 2, 3] and state.legal_actions(1) == [1, 2, 3, 4]
    assert openspiel.describe(goofspiel)["action_space"] == "own moves"


def _values_agree(game, values, state, depth):
    """OpenSpiel's value of `state` equals gdl's stage solver's, here and `depth` joint
    moves further on every line."""
    exact = solve_stages(game.compiled, state.state).value
    assert values[str(state)] == pytest.approx(float(exact), abs=1e-6)
    if depth and not state.is_terminal():
        for a in state.legal_actions(0):
            for b in state.legal_actions(1):
                child = state.clone()
                child.apply_actions([a, b])
                _values_agree(game, values, child, depth - 1)


# goofspiel 4: OpenSpiel's value iteration takes some 40 s in Python; all but blotto are slow
@pytest.mark.parametrize("name, option, value", cases([
    ("goofspiel", "cards", 3), ("goofspiel", "cards", 4), ("blotto", "coins", 4),
    ("oshi_zumo", "coins", 4)], {("goofspiel", "cards", 3), ("goofspiel", "cards", 4),
                                 ("oshi_zumo", "coins", 4)}))
def test_openspiel_value_iteration_equals_gdl_solve(name, option, value):
    game = openspiel.load(name, **{option: value})
    values = value_iteration.value_iteration(game, depth_limit=-1, threshold=1e-9)
    _values_agree(game, values, game.new_initial_state(), depth=1)


@pytest.mark.parametrize("name", SIMULTANEOUS_GAMES)
def test_seeded_random_games_equal_gdl(name):
    """Per player, the legal actions' texts are gdl's own moves; the returns are gdl's."""
    bridged, game = openspiel.load(name), catalog.load(name)
    rng = random.Random(7)
    for _ in range(20):
        state, ours = bridged.new_initial_state(), game.initial_state()
        while not game.is_terminal(ours):
            own = game.joint_moves(ours)
            for p, moves in enumerate(own):
                mover = game.with_mover(ours, p)
                assert [state.action_to_string(p, a) for a in state.legal_actions(p)] == \
                    [game.part_text(mover, m) for m in moves]
            picks = [rng.randrange(len(moves)) for moves in own]
            state.apply_actions([state.legal_actions(p)[k] for p, k in enumerate(picks)])
            ours = game.apply(ours, tuple(moves[k] for moves, k in zip(own, picks)))
        assert state.is_terminal() and state.returns() == list(game.returns(ours))


def test_the_native_back_end_bridges_a_simultaneous_game():
    game = openspiel.load("oshi_zumo", backend="native")
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
