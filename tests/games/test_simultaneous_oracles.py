"""gdl's simultaneous-move games against OpenSpiel's (tools/simultaneous_oracle.py).

The records (tests/data/oracle/roshambo.json, blotto.json, goofspiel.json, oshi_zumo.json)
are checked with gdl alone: perft from the start and from 30 positions of seeded random
play, and the value gdl's backward induction finds there against OpenSpiel's solved one
(value_iteration with lp_solver, recorded). Live, when pyspiel imports: 200 seeded games
replayed in both, each player's legal choices and the returns compared at every joint
move; OpenSpiel's solvers run again when cvxpy imports; and the exploitability (OpenSpiel's
`exploitability`) of the strategies gdl computes for goofspiel 4.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl.solvers.search.perft import perft  # noqa: E402
from gdl.solvers.simultaneous.stages import solve_stages  # noqa: E402
from tools import simultaneous_oracle as oracle  # noqa: E402

NAMES = sorted(oracle.ORACLES)


def record(name: str) -> dict:
    data = json.loads((oracle.DATA / f"{name}.json").read_text())
    assert data["spiel"] == oracle.ORACLES[name].spiel   # else record it again
    return data


@pytest.mark.parametrize("name", NAMES)
def test_perft_equals_openspiels_from_the_start_and_30_positions(name):
    data, game = record(name), oracle.gdl_game(name)
    start = game.initial_state()
    assert [perft(game, start, d) for d in range(1, len(data["perft"]) + 1)] == data["perft"]
    assert len(data["positions"]) >= 30
    for position in data["positions"]:
        state = game.moves_after(position["moves"])
        counts = [perft(game, state, d) for d in range(1, len(position["perft"]) + 1)]
        assert counts == position["perft"], position["moves"]


@pytest.mark.parametrize("name", NAMES)
def test_solved_values_equal_openspiels_solvers(name):
    game = oracle.gdl_game(name)
    for recorded in record(name)["values"]:
        state = game.moves_after(recorded["moves"])
        mine = solve_stages(game, state).value if not game.is_terminal(state) \
            else game.returns(state)[0]
        assert abs(float(mine) - recorded["value"]) < 1e-6, recorded["moves"]


@pytest.mark.peers
@pytest.mark.parametrize("name", NAMES)
def test_200_random_games_agree_with_openspiel_joint_move_by_joint_move(name):
    pytest.importorskip("pyspiel")
    assert oracle.compare(name) == 200


@pytest.mark.peers
def test_openspiels_solvers_give_the_recorded_values():
    pytest.importorskip("pyspiel")
    pytest.importorskip("cvxpy")
    for name in NAMES:
        data = record(name)
        histories = [v["moves"] for v in data["values"]][:8]
        live = oracle.spiel_values(name, histories)
        assert all(abs(a - v["value"]) < 1e-6 for a, v in zip(live, data["values"]))


@pytest.mark.peers
def test_goofspiel_4_strategies_are_unexploitable_by_openspiel():
    pytest.importorskip("pyspiel")
    from tools.simultaneous_exploitability import goofspiel_exploitability
    assert goofspiel_exploitability("solved") < 0.01
    assert goofspiel_exploitability("uniform") > 0.1   # the measure does see a weak strategy
