"""King safety (gdl.ai.royal), derived where the rules make a kind royal: its tables read
off chess, its value on positions counted by hand, the ranking it gives a castled king over
one walked out, and its C twin equal to it to the last bit on random positions."""

from __future__ import annotations

import functools
import random

import pytest

from gdl import catalog
from gdl.ai.heuristics import reach_values
from gdl.ai.royal import royal_safety, royal_spec
from gdl.interpreter.c.backend import with_backend

from tests.interpreter.c.test_native import needs_cc

CASTLED = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1"
WALKED = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NK1N2/PPPP1PPP/R1BQ3R w - - 0 1"


@functools.cache
def chess():
    game = catalog.load("chess")
    weights = reach_values(game.ir, game.move_generator)
    spec = royal_spec(game.ir, weights)
    return game, weights, spec, royal_safety(game.ir, spec, game.attacked)


def test_the_tables_come_from_the_rules():
    game, weights, spec, _ = chess()
    assert weights == (1, 3, 3, 4, 6, 8)   # pawn king knight bishop rook queen
    king, near, rows, pawns, heavy, start, _ = spec
    names = list(game.ir.pieces)
    assert names[king] == "king" and [names[k] for k in pawns] == ["pawn"]
    assert [names[k] for k in heavy] == ["knight", "bishop", "rook", "queen"]
    assert start == (34, 34)   # 2 x 3 + 2 x 4 + 2 x 6 + 8 each
    cell = game.ir.geometry.names
    assert near[cell["a1"]] == sum(1 << cell[c] for c in ("a2", "b1", "b2"))
    assert near[cell["e4"]].bit_count() == 8
    assert rows[0][cell["g1"]] == 0 and rows[0][cell["d4"]] == 3 and rows[1][cell["d4"]] == 4
    for name in ("antichess", "breakthrough"):   # no royal kind
        other = catalog.load(name)
        assert royal_spec(other.ir, (1,) * len(other.ir.pieces)) is None


@pytest.mark.parametrize("fen, white, black", [
    # 3 pawns shelter each king: 3 x 0.12
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0.36, 0.36),
    # each side's bishop attacks f2 (f7) next to the other's king: 0.36 - 0.06 x 1^2
    (CASTLED, 0.36 - 0.06, 0.36 - 0.06),
    # Kd3: c2 d2 e4 shelter it; e3, d4 (bishop c5, pawn e5) and e4 (knight f6) are attacked;
    # it stands 2 rows out: 0.36 - 0.06 x 3^2 - 0.3 x 2
    (WALKED, 0.36 - 0.54 - 0.6, 0.36 - 0.06),
    # a queen alone (8 of Black's 34 heavy points) hits d3 d4 d5 next to White's king on
    # e4, 3 rows out; White has no heavy piece left, so Black's king is not weighed
    ("3qk3/8/8/8/4K3/8/8/8 w - - 0 1", 8 / 34 * (-0.06 * 9 - 0.3 * 3), 0.0),
])
def test_safety_counted_by_hand(fen, white, black):
    game, weights, _, safety = chess()
    assert safety(game.parse_position(fen), weights) == pytest.approx([white, black])


def test_a_castled_king_ranks_above_one_walked_out():
    game = chess()[0]
    castled, walked = (game.parse_position(fen) for fen in (CASTLED, WALKED))
    # the same material, pieces on the same cells but the king and the rook
    assert game.heuristic(castled)[0] > game.heuristic(walked)[0]


@needs_cc
@pytest.mark.slow
@pytest.mark.parametrize("name", ["chess", "xiangqi"])
def test_the_c_term_is_pythons_to_the_last_bit(name):
    python = catalog.load(name)
    spec = next(s for s in python.heuristic.specs if s[0] == "material")
    assert spec[-1] is not None   # the term is there
    weights, safety = spec[1], royal_safety(python.ir, spec[-1], python.attacked)
    native = with_backend(python, "native")
    assert native.lib.gdl_eval_set(0, None, 0, 0.0) == 0   # the derived evaluation
    rng, hit = random.Random(7), 0
    for _ in range(6):
        state = python.initial_state()
        for _ in range(60):
            if python.is_terminal(state):
                break
            raw = native.pack(state)
            assert native.lib.gdl_evaluate(raw) == \
                python.heuristic(state)[python.current_player(state)]
            hit += any(v < 0 for v in safety(state, weights))   # attacks or a walk weigh
            state = python.apply(state, rng.choice(python.legal_moves(state)))
    assert hit > 10
