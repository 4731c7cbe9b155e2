"""Chance solvers (issue 31): Star1 against plain expectimax, value iteration against both
(acyclic games), and Pig's first-player win probability against an independent value
iteration written here from Neller and Presser's equations."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gdl import catalog
from gdl.errors import SolverError
from gdl.protocol import CHANCE
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.mcts import MCTS
from gdl.solvers.search.expectimax import (
    Cyclic, chance_value, expectimax, star1, star2, value_iteration)
from tests.marks import cases

RULES = Path(__file__).resolve().parents[2] / "data" / "rules"


@pytest.mark.parametrize("goal", [3, 5, 9, 12])
def test_star1_and_value_iteration_equal_plain_expectimax(goal):
    game = catalog.load(str(RULES / "dice_race.gdl"), {"goal": goal})
    s = game.initial_state()
    plain = expectimax(game, s)
    pruned, _move, searched = star1(game, s)
    assert pruned == pytest.approx(plain, abs=1e-12)
    probed, _move, probed_searched = star2(game, s)
    assert probed == pytest.approx(plain, abs=1e-12)
    assert probed_searched <= searched
    assert value_iteration(game, s).value == pytest.approx(plain, abs=1e-10)
    # from a player's node too, after the first roll: the best move's value is the node's
    s = game.apply(s, game.legal_moves(s)[-1])
    value, move, _ = star1(game, s)
    assert value == pytest.approx(expectimax(game, s), abs=1e-12)
    assert star2(game, s)[0] == pytest.approx(value, abs=1e-12)
    assert expectimax(game, game.apply(s, move)) == pytest.approx(value, abs=1e-12)


def test_star1_prunes():
    game = catalog.load(str(RULES / "dice_race.gdl"), {"goal": 12})
    s = game.apply(game.initial_state(), game.legal_moves(game.initial_state())[0])
    _value, _move, searched = star1(game, s)
    visited = value_iteration(game, s).positions
    assert searched < visited


def pig_win_probability(goal: int) -> float:
    """P(i, j, k): the player to move wins, banked i, the other's j, turn total k. Roll:
    a 1 (1/6) hands the turn over, 2..6 add; hold (k > 0) banks k. i + k >= goal wins."""
    p: dict[tuple[int, int, int], float] = {}
    keys = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    for key in keys:
        p[key] = 0.0

    def get(i, j, k):
        return 1.0 if i + k >= goal else p[i, j, k]

    while True:
        change = 0.0
        for i, j, k in keys:
            roll = (1 - get(j, i, 0)) / 6 + sum(get(i, j, k + r) for r in range(2, 7)) / 6
            v = max(roll, 1 - get(j, i + k, 0)) if k > 0 else roll
            change, p[i, j, k] = max(change, abs(v - p[i, j, k])), v
        if change < 1e-13:
            return p[0, 0, 0]


@pytest.mark.parametrize("goal, expected", cases([(10, 0.7094), (20, 0.6156)], {(20, 0.6156)}))
def test_pig_first_player_wins_as_the_independent_value_iteration(goal, expected):
    game = catalog.load("pig", {"goal": goal})
    with pytest.raises(Cyclic):
        expectimax(game, game.initial_state())
    result = chance_value(game)
    assert result.method == "value iteration"
    win = (1 + result.value) / 2
    reference = pig_win_probability(goal)
    assert win == pytest.approx(reference, abs=1e-9)
    assert round(win, 4) == expected
    assert game.move_text(game.initial_state(), result.best_move) == "roll"


def test_mcts_draws_chance_outcomes_and_finds_the_expectimax_move():
    """MCTS with chance nodes (outcomes drawn by probability in selection and rollouts)
    picks Star1's best move where the two moves' values differ clearly."""
    game = catalog.load(str(RULES / "dice_race.gdl"), {"goal": 12})
    rng = random.Random(5)
    checked = 0
    for trial in range(12):
        s = game.initial_state()
        for _ in range(rng.randrange(1, 8)):
            if game.is_terminal(s):
                break
            s = game.apply(s, rng.choice(game.legal_moves(s)))
        if game.is_terminal(s) or game.current_player(s) == CHANCE:
            continue
        values = {m: star1(game, game.apply(s, m))[0] for m in game.legal_moves(s)}
        sign = 1 if game.current_player(s) == 0 else -1
        best = max(values, key=lambda m: sign * values[m])
        if max(values.values()) - min(values.values()) < 0.05:
            continue
        assert MCTS(game, seed=trial, iterations=3000).search(s).best_move == best
        checked += 1
    assert checked >= 2


def test_a_chance_game_is_refused_by_alpha_beta_in_one_line():
    game = catalog.load("pig")
    with pytest.raises(SolverError, match="alpha-beta does not handle chance: pig"):
        AlphaBeta(game)
