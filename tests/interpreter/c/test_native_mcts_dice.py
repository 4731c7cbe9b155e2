"""The C MCTS's two helps for dice games (interpreter/c/mcts.py), which the AI turns on in
a game with chance nodes: rollouts that take a win at once (decisive moves), and a chance
node's outcomes visited by their shares (stratified), so that its mean is the outcomes'
expectation without the draws' noise. Checked on tests/data/rules/long_shot.gdl, whose
chance node expectimax values at 1/3, and on an Einstein placement where the mover loses
to a decisive reply whatever it does."""

from __future__ import annotations

import functools
from pathlib import Path

from gdl import catalog
from gdl.ai.players import AIPlayer
from gdl.interpreter.c.backend import with_backend
from gdl.protocol import CHANCE
from gdl.solvers.search.expectimax import expectimax
from gdl.solvers.search.native_mcts import NativeMCTS
from tests.interpreter.c.test_native import needs_cc

LONG_SHOT = Path(__file__).resolve().parents[2] / "data" / "rules" / "long_shot.gdl"


@functools.cache
def long_shot():
    python = catalog.load(str(LONG_SHOT))
    return python, with_backend(python, "native")


def test_long_shots_fire_is_worth_a_third_by_expectimax():
    python, _ = long_shot()
    fire = python.apply(python.initial_state(), python.parse_move(python.initial_state(), "fire"))
    assert python.current_player(fire) == CHANCE
    assert abs(expectimax(python, fire) - 1 / 3) < 1e-12   # 4/6 won, 2/6 lost
    assert abs(expectimax(python, python.initial_state()) - 1 / 3) < 1e-12   # waiting: 0


@needs_cc
def test_a_stratified_chance_node_means_its_expectation():
    _, native = long_shot()
    for seed in range(3):
        ours = NativeMCTS(native, None, evaluate=False, seed=seed, stratify=True)
        result = ours.search(iterations=6001)
        fire = dict(result.visits)[native.parse_move(native.initial_state(), "fire")]
        assert native.move_text(native.initial_state(), result.best_move) == "fire"
        # each die's visits within one of a sixth of the node's; the node's first visit
        # a rollout's draw: its mean off 1/3 by at most 3 visits' payoffs of 2
        assert abs(result.value - 1 / 3) <= 6 / fire
        drawn = NativeMCTS(native, None, evaluate=False, seed=seed).search(iterations=6001)
        assert abs(drawn.value - 1 / 3) > 6 / fire   # the draws' noise, about 0.012


def einstein_lost():
    """White to move, one cube a side: White's at cell 13, two steps from its corner;
    Black's at 19, one step (down-right) from its own, winning at its next move."""
    cells = [0] * 25
    cells[12], cells[18] = 1, 7
    cubes = [13, 0, 0, 0, 0, 0, 19, 0, 0, 0, 0, 0]
    game = with_backend(catalog.load("einstein", {"cells": str(cells), "cubes": str(cubes)}),
                        "native")
    state = game.initial_state()
    while game.current_player(state) == CHANCE:
        state = game.apply(state, game.legal_moves(state)[0])
    return game, state


@needs_cc
def test_decisive_rollouts_take_the_win_within_reach():
    game, state = einstein_lost()
    assert [game.move_text(state, m) for m in game.legal_moves(state)] == \
        ["go 1 1", "go 1 2", "go 1 3"]
    # three iterations: each White move expanded and one rollout from the die after it
    decisive, uniform = [], []
    for seed in range(20):
        for kept, on in ((decisive, True), (uniform, False)):
            result = NativeMCTS(game, None, evaluate=False, seed=seed,
                                decisive=on).search(state, iterations=3)
            assert sorted(v for _, v in result.visits) == [1, 1, 1]
            kept.append(result.value)
    assert decisive == [-1.0] * 20   # Black's rollout move is always its win
    assert max(uniform) == 1.0   # uniform ones miss it (2 times in 3) and White may win


@needs_cc
def test_the_ai_searches_dice_with_decisive_rollouts_and_stratified_chance_nodes():
    game, _ = einstein_lost()
    engine = AIPlayer(game, "easy", seed=1).engine
    assert isinstance(engine, NativeMCTS) and engine.decisive and engine.stratify
    plain = with_backend(catalog.load("connect4"), "native")
    engine = AIPlayer(plain, "easy", seed=1, engine="mcts").engine
    assert not engine.decisive and not engine.stratify
