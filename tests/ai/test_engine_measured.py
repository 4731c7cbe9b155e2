"""An engine choice measured against an outside engine (gdl.ai.engine.measured), stored in
the weights file by tools/store_engine_choice.py, and read back by the AI."""

from __future__ import annotations

import json

import pytest

from gdl import catalog
from gdl.ai import engine, fitted as use
from gdl.ai.players import AIPlayer
from gdl.solvers.search.mcts import MCTS
from tools import store_engine_choice as store

TOURNAMENT = {"choice": "alphabeta", "alphabeta_score": 0.67, "games": 6}


def test_the_higher_share_chooses_and_the_figures_are_kept():
    chosen = engine.measured(TOURNAMENT, {"alphabeta": 0.45, "mcts": 0.925}, 20, "a bot")
    assert chosen["choice"] == "mcts" and chosen["alphabeta_score"] == 0.67
    assert chosen["playoff"] == {"against": "a bot", "games": 20, "alphabeta_score": 0.45,
                                 "mcts_score": 0.925}
    # a tie keeps the tournament's choice
    assert engine.measured(TOURNAMENT, {"alphabeta": 0.5, "mcts": 0.5}, 4, "a bot")[
        "choice"] == "alphabeta"
    with pytest.raises(ValueError, match="alphabeta and mcts"):
        engine.measured(TOURNAMENT, {"minimax": 1.0}, 4, "a bot")


def record(tmp_path, name, engine_name, scores, simulations=10000):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"args": {"game": "connect4", "engine": engine_name,
                                         "bot": "cpp", "simulations": simulations},
                                "games": [{"score": s} for s in scores]}))
    return str(path)


def test_the_tool_pools_play_off_records_into_the_weights_file(tmp_path, monkeypatch, capsys):
    weights = tmp_path / "connect4.json"
    weights.write_text(json.dumps({"format": "gdl-weights", "engine": TOURNAMENT}))
    records = [record(tmp_path, "ab", "alphabeta", [1, 0, 0, 0.5]),
               record(tmp_path, "mcts1", "mcts", [1, 1]),   # one run cut short, finished
               record(tmp_path, "mcts2", "mcts", [0.5, 0])]
    monkeypatch.setattr("sys.argv", ["store", *records, "--weights", str(weights)])
    store.main()
    doc = json.loads(weights.read_text())
    assert doc["format"] == "gdl-weights" and doc["engine"]["choice"] == "mcts"
    assert doc["engine"]["playoff"] == {
        "against": "OpenSpiel MCTSBot (cpp, 10000 simulations), equal time", "games": 4,
        "alphabeta_score": 0.375, "mcts_score": 0.625}
    assert "engine mcts (alphabeta 0.38, mcts 0.62" in capsys.readouterr().out
    other = record(tmp_path, "other", "mcts", [1, 1, 1, 1], simulations=1000)
    with pytest.raises(SystemExit, match="one game against one bot"):
        store.pooled([records[0], other])


def test_connect_fours_stored_choice_loads():
    """The file's choice is the play-off's (bench/data/playoff_openspiel_connect4_cpp10k_*),
    and the AI plays by it."""
    game = catalog.load("connect4")
    stored = use.fitted(game)[1].engine
    assert stored["choice"] == "mcts"
    assert stored["playoff"]["mcts_score"] > stored["playoff"]["alphabeta_score"]
    assert type(AIPlayer(game, "100").engine) is MCTS   # on Python: the Python tree
    assert "chosen against OpenSpiel MCTSBot" in use.describe(game)
