"""The AI's selective search in C (interpreter/c/search.py): quiescence past the horizon
over the moves that take or promote, principal-variation search and late-move reductions,
each on positions with known answers, against the plain alpha-beta the other tests check
against Python's."""

from __future__ import annotations

import functools
import random

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta

from tests.interpreter.c.test_native import needs_cc


@functools.cache
def pair(name: str):
    python = catalog.load(name)
    return python, with_backend(python, "native")


def search(native, state, depth, selective):
    return NativeAlphaBeta(native, None, depth=depth, table=False,
                           selective=selective).search(state)


def taken_at(game, state, move) -> bool:
    """Whether the opponent can take the piece `move` moved, on the position after it."""
    after = game.apply(state, move)
    cell = game.move_text(state, move)[-2:]
    return any(game.move_text(after, m).endswith(cell) for m in game.legal_moves(after))


@needs_cc
def test_quiescence_sees_the_recapture_past_the_horizon():
    """A queen beside the enemy king: a one-ply search that stops there hangs it."""
    chess, native = pair("chess")
    state = chess.parse_position("k7/8/4p3/3p4/3Q4/8/8/7K w - - 0 1")
    plain = search(native, state, 1, False).best_move
    assert taken_at(chess, state, plain)   # the horizon hides Kxa7 (the test can fail)
    chosen = search(native, state, 1, True).best_move
    assert not taken_at(chess, state, chosen), chess.move_text(state, chosen)


@needs_cc
@pytest.mark.parametrize("name", ["connect4", "othello", "hex"])
def test_principal_variation_search_keeps_the_minimax_value(name):
    """Games whose moves never take (no quiescence), at depths below the reductions': the
    null windows and re-searches give the plain search's value exactly."""
    game, native = pair(name)
    rng, state = random.Random(7), game.initial_state()
    for ply in range(24):
        if game.is_terminal(state):
            break
        if ply % 4 == 0:
            for depth in (1, 2):
                assert search(native, state, depth, True).value == \
                    search(native, state, depth, False).value, (name, ply, depth)
        state = game.apply(state, rng.choice(game.legal_moves(state)))


@needs_cc
def test_a_capture_the_opponent_must_make_is_seen_past_the_horizon():
    """English draughts: f4-g5 walks into h6xf4, which White must play. A one-ply search
    that stops there takes it; with quiescence it keeps its man (g3-h4)."""
    draughts, native = pair("draughts")
    state = draughts.parse_position(
        "..../m.../...m/..../..M./...M/..../.... Black reset=0 plies=0")

    def hangs(move) -> bool:
        after = draughts.apply(state, move)
        return any("x" in draughts.move_text(after, m) for m in draughts.legal_moves(after))
    assert hangs(search(native, state, 1, False).best_move)
    chosen = search(native, state, 1, True).best_move
    assert not hangs(chosen), draughts.move_text(state, chosen)


@needs_cc
def test_where_most_moves_take_the_position_is_quiet_as_it_is():
    """Clobber: every move takes. Captures are then no exception to search on, and below
    the reductions' depth the selective search's value is the plain one's."""
    game, native = pair("clobber")
    rng, state = random.Random(5), game.initial_state()
    for ply in range(16):
        if game.is_terminal(state):
            break
        if ply % 4 == 0:
            for depth in (1, 2):
                assert search(native, state, depth, True).value == \
                    search(native, state, depth, False).value, (ply, depth)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
