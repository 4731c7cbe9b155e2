"""Lists of numbers, moves of numbers (nim) and hands with drops (shogi) on the native back
end against the Python one: whole random games in C against their replay on Python (the
same generator, so the same games), perft from positions with pieces in hand, and moves
of numbers as the Python back end's tuples."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.perft import _perft
from tests.interpreter.c.test_native import needs_cc
from tests.interpreter.c.test_native_history import replay


def played(game, seed: int, plies: int) -> tuple:
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        moves = game.legal_moves(state)
        if not moves or game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(moves))
    return state


@needs_cc
def test_nim_random_games_in_c_are_the_python_games():
    for heaps in ("[3, 4, 5]", "[1, 20, 300, 7]"):
        python = catalog.load("nim", {"heaps": heaps})
        native = with_backend(python, "native")
        plies, results, _ = replay(python, python.initial_state(), 200, 5, 2, False)
        assert native.native_playouts(python.initial_state(), 200, seed=5,
                                      exact=True) == (plies, results)
        assert set(results) == {1, 2}   # whoever takes the last object wins: no draw


@needs_cc
def test_nim_moves_are_tuples_of_numbers_and_perft_agrees():
    python = catalog.load("nim", {"heaps": "[2, 3]"})
    native = with_backend(python, "native")
    start = python.initial_state()
    assert native.legal_moves(start) == python.legal_moves(start) == [
        (0, 1, 1), (0, 1, 2), (0, 2, 1), (0, 2, 2), (0, 2, 3)]
    assert native.apply(start, (0, 2, 3)) == python.apply(start, (0, 2, 3))
    for depth in range(1, 6):
        assert native.native_perft(start, depth) == _perft(python, start, depth)


@pytest.mark.slow
@needs_cc
def test_shogi_random_games_in_c_are_the_python_games_with_drops():
    python = catalog.load("shogi")
    native = with_backend(python, "native")
    drop = [r.name for r in python.ir.rules].index("drop")
    # drops happen: some move of the replayed games is one (the rule field of its int)
    state, drops = python.initial_state(), 0
    plies, results, _ = replay(python, state, 2, 3, 4, False)
    assert native.native_playouts(state, 2, seed=3, exact=True) == (plies, results)
    rng = random.Random(3)
    for _ in range(300):
        moves = python.legal_moves(state)
        if not moves or python.is_terminal(state):
            break
        move = rng.choice(moves)
        drops += move >> (2 * python.ir.geometry.size_bits) & ((1 << python.ir.rule_bits) - 1) \
            == drop
        assert native.apply(state, move) == python.apply(state, move)
        state = python.apply(state, move)
    assert drops


@needs_cc
def test_shogi_perft_with_pieces_in_hand():
    python = catalog.load("shogi")
    native = with_backend(python, "native")
    state = played(python, 8, 60)
    hand = state[len(python.ir.initial_planes) + python.ir.hand]
    assert sum(hand) > 0 and not python.is_terminal(state)
    assert native.native_perft(state, 2) == _perft(python, state, 2)


@needs_cc
def test_shogi_rules_random_play_seldom_meets():
    """The positions of tests/games/test_shogi.py (a pawn dropped to mate, which the filter's
    `moves` judges in a nested listing; a pawn stepped to mate; two pawns on a column; a
    piece that could never move): the same moves and perft as Python's."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))   # tools/ of this checkout
    from tools.oracles.shogi import sfen_position
    python = catalog.load("shogi")
    native = with_backend(python, "native")
    for sfen in ("k8/2+R6/9/9/9/9/9/9/4K4 b P 1", "k8/2+R6/P8/9/9/9/9/9/4K4 b - 1",
                 "k8/9/9/9/9/9/P8/9/4K4 b P 1", "4k4/9/9/9/9/9/9/9/4K4 b PNL 1"):
        state = python.parse_position(sfen_position(sfen))
        assert native.legal_moves(state) == python.legal_moves(state), sfen
        assert native.native_perft(state, 2) == _perft(python, state, 2), sfen
    mate = python.parse_position(sfen_position("k8/2+R6/9/9/9/9/9/9/4K4 b P 1"))
    texts = {python.move_text(mate, m) for m in native.legal_moves(mate)}
    assert "P*a8" not in texts and "P*b7" in texts   # the mating drop only is refused
