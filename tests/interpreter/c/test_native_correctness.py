"""The native back end gives the Python back end's answers where it once did not (issue 28):
a legality filter that reads `attacked enemy king`, an attack made in a move's later
stage, numbers past 64 bits; and every rules file under tests/data/rules counts the same
on both back ends, move for move."""

from __future__ import annotations


import pytest

from gdl.catalog import compile_text
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.perft import perft

from tests.interpreter.c.lockstep import RULES, rules_games
from tests.interpreter.c.test_native import needs_cc

# Counts from an independent source: the Python figures, checked by hand for the
# later-stage capture (from a1 only b1 is legal), python-chess for racing kings.
EXPECTED = {"no_checks": [6, 14, 80],
            "later_stage_capture": [1, 4, 7],
            "growing_number": [9, 72, 504, 3024],
            "racing_kings": [21, 421, 11264]}


@needs_cc
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_both_back_ends_count_the_recorded_perft(name):
    python, native = rules_games(name)
    start = python.initial_state()
    for depth, count in enumerate(EXPECTED[name], 1):
        assert perft(python, start, depth) == count
        assert native.native_perft(start, depth) in (count, None)
        assert perft(native, start, depth) == count


@needs_cc
@pytest.mark.parametrize("name", ["no_checks", "later_stage_capture", "racing_kings"])
def test_native_perft_runs_in_c(name):
    """No call handed to Python: the C library answers itself."""
    python, native = rules_games(name)
    assert native.native_perft(python.initial_state(), 3) == EXPECTED[name][2]


@needs_cc
def test_a_number_past_64_bits_hands_the_call_to_python():
    python, native = rules_games("growing_number")
    start = python.initial_state()
    assert native.native_perft(start, 2) == 72   # 3037000500 ** 2 fits in 64 bits
    assert native.native_perft(start, 3) is None   # ** 3 does not: C refuses, never wraps
    state = python_state = start
    for _ in range(3):
        state = native.apply(state, native.legal_moves(state)[0])
        python_state = python.apply(python_state, python.legal_moves(python_state)[0])
    assert state == python_state
    assert 3037000500 ** 3 in state   # the exact number, past 64 bits


@needs_cc
@pytest.mark.parametrize("path", sorted(RULES.glob("*.gdl")), ids=lambda p: p.stem)
def test_every_test_rules_file_lists_the_same_moves_natively(path):
    python = compile_text(path.read_text(), path.name)
    native = NativeGame(python, per_call=True)
    frontier = [python.initial_state()]
    for _ in range(3):
        nxt = []
        for state in frontier[:200]:
            moves = python.legal_moves(state)
            assert list(native.legal_moves(state)) == list(moves)
            for move in moves:
                after = python.apply(state, move)
                assert native.apply(state, move) == after
                nxt.append(after)
        frontier = nxt
