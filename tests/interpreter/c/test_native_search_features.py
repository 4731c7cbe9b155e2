"""The alpha-beta search's later parts in C (interpreter/c/search.py): aspiration windows,
check extensions, verified null-move pruning and counter-move ordering, each on positions
with known answers or against the plain alpha-beta (whose values tests/interpreter/c/
test_native_search.py checks against Python's) where it must not change the value."""

from __future__ import annotations

import functools
import random

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.core.search_traits import null_move_safe, royal_kinds
from gdl.solvers.search.minimax import minimax
from gdl.solvers.search.native_alphabeta import (ASPIRE, CHECKS, COUNTER, NULL_ANYWHERE,
                                                 NULL_MOVE, SELECTIVE, UNVERIFIED,
                                                 NativeAlphaBeta)

from tests.interpreter.c.test_native import needs_cc

MATE = 2.0   # a value past it is a win found (payoff times a million, less the plies)


@functools.cache
def pair(name: str):
    python = catalog.load(name)
    return python, with_backend(python, "native")


def value(native, state, depth: int, features: int | bool) -> float:
    return NativeAlphaBeta(native, None, depth=depth, table=False,
                           selective=features).search(state).value


def seeded_positions(game, count: int, seed: int, plies: int = 16) -> list:
    rng, out = random.Random(seed), []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randint(2, plies)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if not game.is_terminal(state):
            out.append(state)
    return out


def test_royal_kinds_and_null_move_are_read_off_the_rules():
    """A kind the filter forbids leaving attacked is royal; null-move pruning is off where
    moves never take (placement games) and where having no move loses without a royal
    piece (the last to move wins: zugzwang is the game)."""
    kings = {name: catalog.load(name).ir for name in ("chess", "xiangqi", "shogi")}
    for name, game in kings.items():
        assert royal_kinds(game) == (game.pieces.index("general" if name == "xiangqi"
                                                        else "king"),), name
        assert null_move_safe(game), name
    assert null_move_safe(catalog.load("breakthrough").ir)
    for name in ("connect4", "othello", "hex", "draughts", "clobber", "antichess"):
        game = catalog.load(name).ir
        assert not null_move_safe(game), name
        assert royal_kinds(game) == (), name


@needs_cc
def test_a_mate_through_a_check_is_seen_a_ply_early():
    """Qe8+ Rxe8 Rxe8#: three plies. A two-ply search sees it only with the check
    extended; the plain search needs three."""
    chess, native = pair("chess")
    state = chess.parse_position("r6k/6pp/8/8/8/8/4QPPP/4R1K1 w - - 0 1")
    assert value(native, state, 2, 0) < MATE
    assert value(native, state, 3, 0) > MATE
    extended = NativeAlphaBeta(native, None, depth=2, table=False, selective=CHECKS)
    result = extended.search(state)
    assert result.value == value(native, state, 3, 0)   # the same mate, as far away
    assert chess.move_text(state, result.best_move) in ("e2-e8", "Qe8+")


@needs_cc
def test_verified_null_move_finds_the_mate_a_zugzwang_gives():
    """Rook and king against king: White mates in three, 1.Kf6 Kh8 (or Kf8 2.Ra8#)
    2.Kg6 Kg8 3.Ra8#, Black's king forced each time to step where the mate waits. A pass
    is the one thing Black lacks, so the null move that assumes it cuts the mate off; the
    verified null move keeps it, at the same depth. (The position: one where the
    unverified null move misses at depth 6 with the evaluation of today, king safety in;
    the one before, 5k2/4R3/5K2, is missed no longer.)"""
    chess, native = pair("chess")
    state = chess.parse_position("6k1/R7/8/6K1/8/8/8/8 w - - 0 1")
    plain = value(native, state, 6, 0)
    assert plain > MATE
    assert value(native, state, 6, NULL_MOVE | NULL_ANYWHERE | UNVERIFIED) < MATE
    assert value(native, state, 6, NULL_MOVE | NULL_ANYWHERE) == plain
    # as the AI plays it, the rules' own guard keeps the null move out of an ending this bare
    assert value(native, state, 6, NULL_MOVE) == plain


@needs_cc
@pytest.mark.parametrize("name", ["chess", "breakthrough", "connect4", "othello"])
def test_aspiration_and_counter_moves_keep_the_fixed_depth_value(name):
    """Windows around the last iteration's value (widened when the value falls out) and
    another move order change nothing at a fixed depth: the plain search's value."""
    game, native = pair(name)
    for state in seeded_positions(game, 4, 11):
        for depth in (3, 4):
            plain = value(native, state, depth, 0)
            assert value(native, state, depth, ASPIRE) == plain, (name, depth)
            assert value(native, state, depth, ASPIRE | COUNTER) == plain, (name, depth)


@needs_cc
@pytest.mark.parametrize("name", ["connect4", "othello"])
def test_the_whole_search_keeps_the_value_where_nothing_prunes(name):
    """Where no move takes and no kind is royal there is no quiescence, no extension and
    no null move: below the reductions' depth the whole selective search gives the
    plain value."""
    game, native = pair(name)
    for state in seeded_positions(game, 4, 5):
        for depth in (1, 2):
            assert value(native, state, depth, SELECTIVE) == value(native, state, depth, 0)


@needs_cc
def test_the_whole_search_solves_tictactoe_as_minimax_does():
    game, native = pair("tictactoe")
    for state in seeded_positions(game, 6, 3, plies=4):
        found = NativeAlphaBeta(native, None, selective=SELECTIVE).search(state)
        assert found.value == minimax(game, state).value   # the result, as many plies away


@needs_cc
def test_a_target_time_ends_the_search_at_once_when_one_move_is_legal():
    """With a target time (a clock's share), a single legal move is played after the first
    iteration; without one, the search goes to its depth."""
    chess, native = pair("chess")
    state = chess.parse_position("k7/p7/8/8/8/8/6q1/7K w - - 0 1")   # Kxg2, the only move
    search = NativeAlphaBeta(native, None, depth=6, time_limit=30.0)
    assert search.search(state).stats.depth == 6
    search.soft_time = 30.0
    planned = search.search(state)
    assert planned.stats.depth == 1 and planned.stats.stopped == "time"
    assert chess.move_text(state, planned.best_move) in ("h1-g2", "Kxg2")
