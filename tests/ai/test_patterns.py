"""The learned piece-square table (gdl.ai.patterns): its C inference equal to the Python
reference to the last bit on random positions of several games, its fixed-point table, and
weights files of version 1 (no patterns) and 2 (patterns) both read."""

from __future__ import annotations

import json
import random

import pytest

from gdl import catalog
from gdl.ai import patterns
from gdl.ai.fitted import features_of
from gdl.ai.weights_file import Weights, WeightsError, check_fits, evaluation, parse
from gdl.solvers.search.native_alphabeta import set_evaluation

from tests.interpreter.c.test_native import needs_cc
from tests.interpreter.c.test_native_search import pair, positions
from tests.marks import cases

GAMES = ("chess", "go", "othello", "hex", "connect4")


def learned(game, seed: int) -> Weights:
    """Weights with seeded random feature weights and a random piece-square table."""
    rng = random.Random(seed)
    names, _ = features_of(game)
    squares = patterns.Squares(game.ir)
    table = squares.table([rng.uniform(-0.6, 0.6) for _ in squares.columns])
    return Weights(game.name, game.rules_hash, names,
                   tuple(rng.uniform(-2, 2) for _ in names), rng.uniform(-0.3, 0.3),
                   patterns=squares.describe(table))


@needs_cc
@pytest.mark.parametrize("name", cases(GAMES, {"chess", "go"}))
def test_the_c_inference_is_the_python_reference_to_the_last_bit(name):
    python, native = pair(name)
    weights = learned(python, seed=len(name))
    _, features = features_of(python)
    reference = evaluation(features, weights)
    assert set_evaluation(native, weights.compiled())
    seen = set()
    for seed in range(3):
        for state in positions(python, 120, seed=seed, every=3):
            c = native.lib.gdl_evaluate(native.pack(state))
            assert c == reference(state)[python.current_player(state)], name
            seen.add(c)
    assert len(seen) > 10   # the positions differ, and so do their values
    # the table counts: without it the values are others
    assert set_evaluation(native, weights.compiled()[:2])
    state = positions(python, 20, seed=9)[-1]
    plain = evaluation(features, Weights(weights.game, weights.rules, weights.features,
                                         weights.weights, weights.bias))
    assert native.lib.gdl_evaluate(native.pack(state)) == \
        plain(state)[python.current_player(state)] != reference(state)[python.current_player(state)]


def test_the_table_is_fixed_point_and_its_sum_is_the_occupied_cells():
    game = catalog.load("othello")
    squares = patterns.Squares(game.ir)
    assert squares.planes == 2 and len(squares.columns) == 2 * 64
    table = squares.table([0.5] * 64 + [-0.25] * 64)
    state = game.initial_state()   # two discs each
    assert patterns.score(table, squares.planes, squares.stride, state) == \
        2 * 2048 - 2 * 1024
    assert squares.indicators(state).sum() == 4


def test_version_1_and_2_files_are_read_and_other_boards_refused():
    game = catalog.load("othello")
    weights = learned(game, 1)
    doc = weights.to_json()
    assert doc["version"] == 2 and doc["patterns"]["kind"] == "squares"
    again = parse(json.dumps(doc), "w.json")
    assert again.patterns == weights.patterns
    assert again.compiled()[2][1:] == (2, weights.patterns["stride"])
    plain = Weights(game.name, game.rules_hash, weights.features, weights.weights, weights.bias)
    assert plain.to_json()["version"] == 1
    assert parse(json.dumps(plain.to_json()), "w").patterns == {}
    names, _ = features_of(game)
    check_fits(again, game, names, "w.json")
    other = dict(doc, patterns=dict(doc["patterns"], stride=3, table=[0] * 6))
    with pytest.raises(WeightsError, match="patterns for another board") as err:
        check_fits(parse(json.dumps(other), "w.json"), game, names, "w.json")
    assert "\n" not in str(err.value)
