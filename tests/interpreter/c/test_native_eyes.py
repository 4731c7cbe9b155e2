"""The eye rule in the C playouts (interpreter/c/playout_eyes.py) against Python's
(`playout_moves`, core/playout_eyes.py): whole seeded playouts drawn from the kept list
are the very games of their replay on Python; the cheaper draw (pick_move's until one is
kept) only draws kept moves, each about as often; the MCTS's rollouts change with it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.core.playout_eyes import ATARI_FIRST, BY_NEIGHBOURS, TRUE_EYES
from gdl.solvers.search.native_mcts import NativeMCTS
from tests.interpreter.c.test_native import needs_cc
from tests.interpreter.c.test_native_history import splitmix64
from tests.interpreter.test_playout_eyes import TRUE_EYE


def replay(game, state: tuple, games: int, seed: int, mode: int):
    """gdl_playouts' exact draws on Python: (plies, games by result)."""
    plies, results = 0, Counter()
    for _ in range(games):
        s = state
        while not s[-1]:
            moves = game.playout_moves(s, mode)
            if not moves:
                break
            seed, r = splitmix64(seed)
            s = game.apply(s, moves[r % len(moves)])
            plies += 1
        results[s[-1]] += 1
    return plies, dict(results)


@needs_cc
@pytest.mark.parametrize("mode", [BY_NEIGHBOURS, TRUE_EYES])
def test_playouts_in_c_are_the_python_games(mode):
    python = catalog.load("go", {"size": "5"})
    native = with_backend(python, "native")
    start = python.initial_state()
    plies, results = replay(python, start, 12, 7, mode)
    assert native.native_playouts(start, 12, seed=7, exact=True, eyes=mode) == (plies, results)
    # without the rule, other games: the eyes are filled and the playouts run longer
    assert native.native_playouts(start, 12, seed=7, exact=True) != (plies, results)


@needs_cc
def test_the_cheaper_draw_draws_the_kept_moves_uniformly():
    python = catalog.load("go", {"size": "5"})
    native = with_backend(python, "native")
    state = python.parse_position(TRUE_EYE)
    kept = {python.apply(state, m) for m in python.playout_moves(state)}
    draws = 30 * len(kept)
    counts = Counter(native.native_rollout(state, seed, 1, eyes=TRUE_EYES)[1]
                     for seed in range(draws))
    assert set(counts) == kept   # never a5 nor the pass
    statistic = sum((counts[s] - 30) ** 2 / 30 for s in kept)
    free = len(kept) - 1
    assert statistic < free + 7 * (2 * free) ** 0.5 + 10


@needs_cc
def test_random_positions_draw_only_kept_moves():
    python = catalog.load("go", {"size": "5"})
    native = with_backend(python, "native")
    rng, state, checked = random.Random(5), python.initial_state(), 0
    while checked < 40:
        if python.is_terminal(state):
            state = python.initial_state()
        moves = python.playout_moves(state)
        after = {python.apply(state, m) for m in moves}
        for seed in range(3):
            over, reached = native.native_rollout(state, seed, 1, eyes=TRUE_EYES)
            assert over or reached in after
        checked += 1
        state = python.apply(state, rng.choice(moves))


@needs_cc
def test_the_mcts_rollouts_keep_eyes_when_asked():
    """The same seeded search of 300 iterations with and without the rule: other visits."""
    native = with_backend(catalog.load("go", {"size": "5"}), "native")
    state = native.parse_position(TRUE_EYE)

    def visits(eyes: int) -> dict:
        tree = NativeMCTS(native, None, evaluate=False, seed=1, iterations=300, eyes=eyes)
        return dict(tree.search(state).visits)
    assert NativeMCTS(native, None).eyes == TRUE_EYES   # the game's own mode by default
    assert visits(TRUE_EYES) == visits(TRUE_EYES)
    assert visits(TRUE_EYES) != visits(0)


@needs_cc
def test_atari_first_playouts_in_c_are_the_python_games():
    python = catalog.load("go", {"size": "5"})
    native = with_backend(python, "native")
    start = python.initial_state()
    plies, results = replay(python, start, 12, 3, ATARI_FIRST)
    assert native.native_playouts(start, 12, seed=3, exact=True, eyes=ATARI_FIRST) == \
        (plies, results)
    assert native.native_playouts(start, 12, seed=3, exact=True, eyes=TRUE_EYES) != \
        (plies, results)


@needs_cc
def test_expansion_by_mast_means_changes_which_children_a_widened_node_has():
    """Progressive widening (W = 0.5: ceil(0.5 sqrt(399 + 1)) = 10 root children once the
    root has 399 visits) with the children taken by MAST's means, or in the random order: the
    same bound, other children; each search repeats itself for a seed."""
    native = with_backend(catalog.load("go", {"size": "5"}), "native")
    state = native.parse_position(TRUE_EYE)

    def expanded(order: bool) -> frozenset:
        tree = NativeMCTS(native, None, evaluate=False, seed=2, iterations=400, widen=0.5,
                          order=order)
        return frozenset(m for m, v in tree.search(state).visits if v)
    by_mean, in_order = expanded(True), expanded(False)
    assert len(by_mean) == len(in_order) == 10
    assert by_mean == expanded(True) and by_mean != in_order


@pytest.mark.slow
@needs_cc
def test_the_ais_stored_engine_for_go_is_mcts_with_full_playouts_keeping_eyes():
    """gdl/ai/weights/go.json's choice (measured: docs/ai.md), as the AI reads it."""
    import gdl
    engine = gdl.Player(gdl.load("go", size=9), seconds=0.1, seed=1).ai.engine
    assert isinstance(engine, NativeMCTS)
    assert (engine.rave, engine.c, engine.eyes, engine.max_rollout_plies) == \
        (1000.0, 0.4, TRUE_EYES, 10_000)
