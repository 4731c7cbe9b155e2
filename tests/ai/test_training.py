"""Fitted evaluations: features derived from the rules, seeded training, the weights file,
the AI using it, and the node budgets that make play reproducible."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.ai.features import cell_classes, derive_features
from gdl.ai.players import AIPlayer, parse_level
from gdl.errors import OptionError
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.ai import selfplay, fitted as use
from gdl.ai.weights_file import WeightsError, load, parse


def test_features_follow_the_rules():
    names = {g: derive_features(catalog.load(g))[0] for g in ("connect4", "othello", "hex")}
    # placements on any empty cell give both sides as many moves: no mobility for Connect Four
    assert names["connect4"][:1] == ("lines",) and "mobility" not in names["connect4"]
    assert names["othello"][:2] == ("material", "mobility")
    assert names["hex"][0] == "connection"
    draughts = derive_features(catalog.load("draughts"))[0]
    assert {"material:man", "material:king"} <= set(draughts) and "runner" not in draughts


def test_the_runner_counts_the_rows_the_most_advanced_piece_has_to_go():
    game = catalog.load("breakthrough")
    names, features = derive_features(game)
    state = game.initial_state()
    for text in ("a2-a3", "h7-h6", "a3-a4"):   # White's runner 4 rows from row 8, Black's 5
        state = game.apply(state, game.parse_move(state, text))
    assert dict(zip(names, features(state)))["runner"] == pytest.approx((5 - 4) / 7)


def test_cell_classes_of_the_othello_board():
    classes = dict(cell_classes(catalog.load("othello").geometry))
    counts = {name: mask.bit_count() for name, mask in classes.items()}
    # 4 corners, 3 cells next to each, the rest of the edge, then rings of 20 and 12 and 4 + 12
    assert counts == {"corner": 4, "by corner": 12, "ring 0": 16, "ring 1": 16, "ring 2": 16}


def test_fit_meets_its_optimality_condition():
    rng = np.random.default_rng(3)
    x = rng.uniform(-1, 1, size=(400, 3))
    y = (x @ np.array([2.0, -1.0, 0.0]) + rng.normal(0, 0.5, 400) > 0).astype(float)
    w, b = selfplay.fit(x, y, ridge=0.01)
    p = 1 / (1 + np.exp(-(x @ w + b)))
    # the penalised log-likelihood's gradient vanishes at the fit (bias unpenalised)
    assert np.allclose(x.T @ (p - y) + 0.01 * 400 * w, 0, atol=1e-6)
    assert abs(np.sum(p - y)) < 1e-6
    assert w[0] > 1 and w[1] < -0.5 and abs(w[2]) < 0.3


def train(tmp_path, name, seed):
    out = tmp_path / name
    assert main(["train", "tictactoe", "--games", "6", "--seed", str(seed),
                 "--engine-games", "0", "--out", str(out)]) == 0
    return out


def test_training_is_reproducible_from_its_seed(tmp_path, capsys):
    a, b = train(tmp_path, "a.json", 5), train(tmp_path, "b.json", 5)
    assert a.read_text() == b.read_text()
    doc = json.loads(a.read_text())
    assert doc["format"] == "gdl-weights" and doc["version"] == 2 and doc["game"] == "tictactoe"
    assert doc["training"]["games"] == 6 and doc["training"]["seed"] == 5
    assert "tictactoe: 6 self-play games (seed 5)" in capsys.readouterr().out


def test_training_in_c_is_reproducible_and_records_its_budget(tmp_path, capsys):
    """With --backend native the self-play searches run in C (gdl.solvers.search.native_alphabeta):
    the same
    seed gives the same file, and the file says how many nodes a move was searched."""
    from tests.interpreter.c.test_native import has_compiler
    if not has_compiler():
        pytest.skip("no C compiler on this machine")
    runs = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        assert main(["train", "connect4", "--set", "width=5", "--set", "height=4",
                     "--backend", "native", "--games", "8", "--nodes", "500", "--seed", "2",
                     "--engine-games", "0", "--out", str(out)]) == 0
        runs.append(out.read_text())
    assert runs[0] == runs[1]
    doc = json.loads(runs[0])
    assert doc["training"]["nodes"] == 500 and doc["training"]["positions"] > 8 * 5


def test_the_engine_tournament_plays_the_engines_of_the_back_end():
    """On the native back end the tournament's engines are the AI's there (in C, with the
    fitted weights); on Python, Python's."""
    from tests.interpreter.c.test_native import has_compiler
    from gdl.interpreter.c.backend import with_backend
    from gdl.solvers.search.native_mcts import NativeMCTS
    from gdl.solvers.search.native_alphabeta import NativeAlphaBeta
    from gdl.solvers.search.alphabeta import AlphaBeta
    from gdl.solvers.search.mcts import MCTS
    from gdl.ai import engine, fitted as use
    if not has_compiler():
        pytest.skip("no C compiler on this machine")
    python = catalog.load("connect4")
    heuristic, weights = use.fitted(python)
    fitted = (list(weights.weights), weights.bias)
    native = with_backend(python, "auto")
    assert isinstance(engine.engines(native, heuristic, 0.01, 0, fitted)["alphabeta"],
                      NativeAlphaBeta)
    assert type(engine.engines(python, heuristic, 0.01, 0, fitted)["alphabeta"]) is AlphaBeta
    assert type(engine.engines(native, heuristic, 0.01, 0)["alphabeta"]) is AlphaBeta
    assert isinstance(engine.engines(native, heuristic, 0.01, 0, fitted)["mcts"], NativeMCTS)
    assert type(engine.engines(python, heuristic, 0.01, 0, fitted)["mcts"]) is MCTS


def test_the_weights_file_loads_and_evaluates(tmp_path):
    path = train(tmp_path, "w.json", 1)
    game = catalog.load("tictactoe")
    heuristic, weights = use.fitted(game, path)
    names, features = derive_features(game)
    assert weights.features == names and len(weights.weights) == len(names)
    state = game.apply(game.initial_state(), 4)
    z = weights.bias + sum(w * f for w, f in zip(weights.weights, features(state)))
    table = weights.patterns["table"]   # the learned piece-square table, plane by plane
    stride = weights.patterns["stride"]
    z += sum(table[p * stride + c] for p in (0, 1) for c in range(stride)
             if state[p] >> c & 1) / 4096
    assert heuristic(state) == pytest.approx((math.tanh(z / 2), -math.tanh(z / 2)))


def test_stale_and_broken_files_are_refused_in_one_line(tmp_path):
    path = train(tmp_path, "w.json", 1)
    doc = json.loads(path.read_text())
    game = catalog.load("tictactoe")
    stale = tmp_path / "stale.json"
    stale.write_text(json.dumps(dict(doc, rules="0" * 64)))
    with pytest.raises(WeightsError, match="stale weights, fitted to other rules") as err:
        use.fitted(game, stale)
    assert "\n" not in str(err.value)
    for text, message in [("{", "bad JSON"), ('{"format": "x"}', "not a weights file"),
                          (json.dumps(dict(doc, version=9)), "version 9"),
                          (json.dumps(dict(doc, weights=[1.0])), "broken")]:
        with pytest.raises(WeightsError, match=message) as err:
            parse(text, "w.json")
        assert "\n" not in str(err.value)
    broken = tmp_path / "broken.json"
    broken.write_text("[]")
    with pytest.raises(WeightsError):
        load(broken)


# (draughts' weights were dropped when its draw rules changed its rules: `make weights`
# trains them again)
@pytest.mark.parametrize("name", ["connect4", "breakthrough", "othello", "hex", "clobber"])
def test_bundled_weights_fit_the_bundled_rules(name):
    """Fails when a game's rules changed after its weights were fitted: `make weights`."""
    game = catalog.load(name)
    fitted = use.fitted(game)
    assert fitted is not None, f"no fresh weights for {name}: run `gdl train {name}`"
    assert fitted[1].engine.get("choice") in ("alphabeta", "mcts")


def test_a_node_budget_plays_the_same_move_every_time():
    game = catalog.load("connect4")
    results = [AlphaBeta(game, max_nodes=500).search() for _ in range(2)]
    assert results[0].stats.stopped == "nodes" and results[0].stats.nodes == 500
    assert results[0].best_move == results[1].best_move and results[0].pv == results[1].pv
    moves = [AIPlayer(game, "300", seed=s, engine="alphabeta").choose(game, game.initial_state())
             for s in (1, 2)]
    assert moves[0] == moves[1]


def test_levels_by_name_or_number():
    assert parse_level("easy").nodes < parse_level("medium").nodes
    assert parse_level("hard").nodes is None and parse_level("1234").nodes == 1234
    with pytest.raises(OptionError, match="unknown level 'fast'"):
        parse_level("fast")


def test_a_node_floor_outlasts_the_deadline():
    game = catalog.load("connect4")
    result = AlphaBeta(game, time_limit=0.0, min_nodes=300).search()
    assert result.stats.stopped == "time" and result.stats.nodes >= 300
