"""The alpha-beta search's check bookkeeping and singular extensions in C
(interpreter/c/search.py).

- The check test is made once per node (the parent's answer for its child handed down, the
  null move's cheap conditions first): the same tree as before, node for node. The figures
  in tests/data/search/check_reuse.json were recorded by the search of commit efd6585,
  which tested the check twice per node, with today's derived evaluation (gdl/ai of this
  change): record them again when the evaluation changes.
- A singular extension searches the table move a ply deeper when every other move,
  searched at half the depth, stays a margin below it: it extends (more nodes) and keeps
  the forced mates the search without it finds, as far away.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.native_alphabeta import SELECTIVE, SINGULAR, NativeAlphaBeta

from tests.interpreter.c.test_native import needs_cc

DATA = Path(__file__).resolve().parents[2] / "data" / "search" / "check_reuse.json"
MATE = 2.0   # a value past it is a win found


@functools.cache
def pair(name: str):
    python = catalog.load(name)
    return python, with_backend(python, "native")


def replay(game, moves: list[str]):
    state = game.initial_state()
    for text in moves:
        state = game.apply(state, game.parse_move(state, text))
    return state


@needs_cc
@pytest.mark.slow
def test_the_check_tested_once_a_node_keeps_the_tree_of_before():
    rows = json.loads(DATA.read_text())
    assert {row["game"] for row in rows} == {"chess", "shogi", "xiangqi"}
    for row in rows:
        game, native = pair(row["game"])
        state = replay(game, row["moves"])
        result = NativeAlphaBeta(native, None, depth=row["depth"],
                                 selective=row["features"]).search(state)
        where = (row["game"], len(row["moves"]), row["features"])
        assert result.stats.nodes == row["nodes"], where
        assert game.move_text(state, result.best_move) == row["best"], where
        assert result.value == row["value"], where


# Win At Chess positions with a mate the search finds by depth 5 (and its move)
MATES = [("r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", "h6-h7"),
         ("5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", "c6-c4"),
         ("3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1", "d6-h2")]


@needs_cc
@pytest.mark.slow
def test_singular_extensions_keep_the_mates_and_extend():
    chess, native = pair("chess")
    extended = 0
    for fen, move in MATES:
        state = chess.parse_position(fen)
        without = NativeAlphaBeta(native, None, depth=6,
                                  selective=SELECTIVE).search(state)
        with_se = NativeAlphaBeta(native, None, depth=6,
                                  selective=SELECTIVE | SINGULAR).search(state)
        assert without.value > MATE and with_se.value == without.value, fen
        assert chess.move_text(state, with_se.best_move) == move, fen
        extended += with_se.stats.nodes != without.stats.nodes
    assert extended >= 1   # the extension fired (its searches and deeper lines change the tree)
