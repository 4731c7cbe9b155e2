"""Action spaces and observations shaped like OpenSpiel's, derived from the rules."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from gdl import catalog
from gdl.bridges import openspiel
from gdl.bridges.action_space import ActionSpace, shape_of
from gdl.errors import GdlError

SHAPES = {"amazons": "moves", "antichess": "planes", "breakthrough": "moves", "chess": "planes",
          "clobber": "moves", "connect4": "columns", "crazyhouse": "planes",
          "dots_and_boxes": "cells", "draughts": "texts", "go": "cells", "gomoku": "cells",
          "havannah": "cells", "hex": "cells", "international_draughts": "texts",
          "lines_of_action": "moves", "mancala": "cells", "nim": "texts",
          "nine_mens_morris": "texts", "othello": "cells", "oware": "cells", "pentago": "texts",
          "quoridor": "texts", "shogi": "planes", "tablut": "moves", "tictactoe": "cells",
          "uttt": "cells", "xiangqi": "moves", "y": "cells"}


@pytest.mark.slow
def test_every_bundled_game_has_its_shape():
    assert {name: shape_of(catalog.load(name)) for name in SHAPES} == SHAPES


@pytest.mark.parametrize("name, actions, observation", [
    ("connect4", 7, [3, 6, 7]), ("tictactoe", 9, [3, 3, 3]), ("hex", 121, [3, 11, 11]),
    ("go", 82, [247]), ("othello", 65, [3, 8, 8]), ("breakthrough", 64 * 64, [3, 8, 8])])
def test_openspiel_counts(name, actions, observation):
    game = openspiel.load(name)
    assert game.num_distinct_actions() == actions   # OpenSpiel's own count, where it has one
    assert game.observation_tensor_shape() == observation


def test_connect_four_plays_and_looks_as_openspiels_own():
    ours, theirs = openspiel.load("connect4"), pyspiel.load_game("connect_four")
    rng = np.random.default_rng(3)
    for _ in range(5):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not b.is_terminal():
            assert a.legal_actions() == b.legal_actions()
            assert a.observation_tensor(0) == b.observation_tensor(0)
            action = int(rng.choice(b.legal_actions()))
            a.apply_action(action)
            b.apply_action(action)
        assert a.is_terminal() and a.returns() == b.returns()


def test_the_old_flat_numbering_is_a_parameter():
    game = pyspiel.load_game(openspiel.register("connect4") + "(actions=texts)")
    assert game.num_distinct_actions() == 42
    state = game.new_initial_state()
    assert [state.action_to_string(0, a) for a in state.legal_actions()][:2] == ["a1", "b1"]


def test_steps_are_from_to_pairs():
    game = openspiel.load("breakthrough")
    state = game.new_initial_state()
    for action in state.legal_actions():
        start, to = divmod(action, 64)
        text = state.action_to_string(0, action)
        assert text == f"{_name(start)}-{_name(to)}"


def _name(index):
    return "abcdefgh"[index % 8] + str(index // 8 + 1)


def test_gravity_is_read_from_the_rules_not_the_name(tmp_path):
    sideways = tmp_path / "sideways.gdl"   # pieces fall to the west edge: a row each
    sideways.write_text('game "Sideways"\nplayers X O\nboard 5 x 4\n'
                        'move: place on empty and (column 1 or w is occupied)\n'
                        'end: mover wins if line 3\nend: draw if full\n')
    floating = tmp_path / "floating.gdl"   # the wrong edge: no gravity, a cell each
    floating.write_text('game "Floating"\nplayers X O\nboard 5 x 4\n'
                        'move: place on empty and (row 4 or s is occupied)\n'
                        'end: draw if full\n')
    assert shape_of(catalog.load(str(sideways))) == "columns"
    assert ActionSpace(catalog.load(str(sideways))).size == 4
    assert shape_of(catalog.load(str(floating))) == "cells"
    game = pyspiel.load_game(openspiel.register(str(sideways)))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_a_shape_the_rules_do_not_allow_is_refused():
    with pytest.raises(GdlError, match="no 'columns' action space; its rules allow 'cells'"):
        ActionSpace(catalog.load("tictactoe"), "columns")


def test_a_second_stage_is_where_it_lands():
    game = openspiel.load("amazons")
    state = game.new_initial_state()
    assert game.num_distinct_actions() == 100 * 100 * 101
    for action in state.legal_actions()[:20]:
        pair, there = divmod(action, 101)
        start, to = divmod(pair, 100)
        names = [_name10(c) for c in (start, to, there - 1)]
        assert state.action_to_string(0, action) == f"{names[0]}-{names[1]}/{names[2]}"


def _name10(index):
    return "abcdefghij"[index % 10] + str(index // 10 + 1)
