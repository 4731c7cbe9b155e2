"""The legality filter's attacks kept per position and the quiet moves it allows unmade
(gdl/interpreter/c/kept.py, quiet.py): the native back end's moves and perft equal the
Python back end's (which tests every candidate anew) where a shortcut done naively would be
wrong: a pinned piece, a discovered check by en passant (two cells emptied on one line), a
king in check, sliders that move one way only, a filter that guards pieces of another kind
(every rook, no king) beside a clause of its own, a clause a quiet move leaves as it was
but true where the game starts; and which rules the analysis calls quiet."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from gdl import catalog
from gdl.interpreter.c.generate import GameC
from gdl.solvers.search.perft import perft

from tests.interpreter.c.lockstep import lockstep, rules_games
from tests.interpreter.c.test_native import native_game, needs_cc

ROOT = Path(__file__).parents[3]

# FEN, and python-chess's perft from it at depths 1, 2, 3
POSITIONS = {
    # en passant would empty d5 and e5: the rook on h5 would then take the king
    "en passant discovers": ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", [6, 78, 528]),
    # the knight on e2 is pinned by the rook on e4; the bishop on c3 by the queen on a5
    "pinned pieces": ("4k3/8/8/q7/4r3/2B5/4N3/4K3 w - - 0 1", [7, 229, 3180]),
    # in check from the rook: only a block, a capture or a king's step
    "in check": ("4k3/8/8/8/4r3/8/3P4/R3K2R w KQ - 0 1", [3, 54, 1331]),
    # in check along the first row; promotions on both sides
    "check and promotions": ("r3k3/1P6/8/8/8/8/3p4/R3K2r w Q - 0 1", [3, 95, 2000]),
}


def _quiet(ir):
    gen = GameC(ir)
    gen.generate()
    return gen.quiet()


def test_chess_quiet_rules_are_the_moves_of_pieces_other_than_the_king():
    ir = catalog.load("chess").ir
    quiet = _quiet(ir)
    assert quiet is not None
    king, pawn = ir.pieces.index("king"), ir.pieces.index("pawn")
    assert quiet.kinds == {king}
    # knight, bishop, rook, queen, the pawn's step and capture, the eight promotions; not
    # the king's moves, castling, the two-cell pawn move (it gives `ep` a value not
    # constant) nor en passant (it removes a second piece)
    assert len(quiet.rules) == 14
    for i, rule in enumerate(ir.rules):
        effects = {type(e).__name__ for e in rule.effects}
        if rule.kind == king or "Remove" in effects or rule.slide and rule.kind == pawn:
            assert i not in quiet.rules, i
        else:
            assert i in quiet.rules, i


def test_a_filter_clause_that_may_hold_keeps_its_rules_judged():
    ir = rules_games("guarded_rooks")[0].ir
    quiet = _quiet(ir)
    assert quiet is not None
    # rooks are guarded (not quiet), bishops may break the clause, a pawn may become a rook:
    # the knight alone is quiet
    assert {ir.rules[i].kind for i in quiet.rules} == {ir.pieces.index("knight")}


def test_a_one_way_slider_opens_lines_its_way_only():
    ir = rules_games("oneway_pins")[0].ir
    quiet = _quiet(ir)
    assert quiet is not None
    assert {ir.rules[i].kind for i in quiet.rules} == {
        ir.pieces.index(k) for k in ("lance", "rook", "knight")}


def test_a_clause_a_quiet_move_leaves_as_it_was_is_checked_per_position():
    # `own bishop and row 3`: a knight's or a rook's move leaves it as it was, so they are
    # quiet, the clause judged once per position (true at the start: White's knight and
    # rook may not move, test_native_perft_and_moves_equal_python counts it)
    ir = rules_games("bishop_row")[0].ir
    quiet = _quiet(ir)
    assert quiet is not None and len(quiet.checked) == 1
    assert {ir.rules[i].kind for i in quiet.rules} == {
        ir.pieces.index(k) for k in ("knight", "rook")}


def test_no_quiet_rules_without_a_kept_attack():
    # `attacked enemy king` (the mover's pieces attack it): no shortcut
    assert _quiet(rules_games("no_checks")[0].ir) is None


@needs_cc
@pytest.mark.parametrize("name", ["oneway_pins", "guarded_rooks", "bishop_row"])
def test_native_perft_and_moves_equal_python(name):
    python, native = rules_games(name)
    state = python.initial_state()
    for depth in (1, 2, 3):
        assert native.native_perft(state, depth) == perft(python, state, depth), depth
    if name == "bishop_row":   # only the bishop may move first: off row 3
        assert native.native_perft(state, 1) == 6
    rng = random.Random(7)
    for _ in range(12):
        lockstep(python, native, rng, plies=40)


@needs_cc
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_chess_positions_where_a_naive_shortcut_fails(name):
    sys.path.insert(0, str(ROOT))   # tools/ (the FEN reader) from this checkout
    from tools.oracles.chess import fen_position
    fen, counts = POSITIONS[name]
    native = native_game("chess")
    state = native.parse_position(fen_position(fen))
    assert [native.native_perft(state, d) for d in (1, 2, 3)] == counts
    python = catalog.load("chess")
    assert [perft(python, state, d) for d in (1, 2)] == counts[:2]


def test_the_recorded_counts_are_python_chess_counts():
    chess = pytest.importorskip("chess")
    sys.path.insert(0, str(ROOT))
    from tools.chess_perft import perft as chess_perft
    for fen, counts in POSITIONS.values():
        assert [chess_perft(chess.Board(fen), d) for d in (1, 2, 3)] == counts, fen
