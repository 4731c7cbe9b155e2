"""gdl's chess against python-chess: perft from the chessprogramming wiki's test positions.

The counts are stored in tests/data/perft/chess_positions.json (written by
tools/chess_perft.py with python-chess); a FEN becomes gdl's position text through
tools/oracles/chess.py. When python-chess can be imported (`make test` installs it), the
shallow counts are also computed live.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from tools import chess_perft  # noqa: E402
from tools.oracles.chess import fen_position  # noqa: E402
from tests.marks import cases  # noqa: E402

RECORDS = json.loads(chess_perft.DATA.read_text())
DEEP = {"kiwipete", "position 3", "position 4"}   # checked at depth 3 too; the rest to depth 2


@functools.cache
def chess():
    return catalog.load("chess")


@pytest.mark.parametrize("record", cases(RECORDS, [r for r in RECORDS if r["name"] == "kiwipete"]),
                         ids=[r["name"] for r in RECORDS])
def test_perft_from_the_test_positions_equals_python_chess(record):
    game = chess()
    state = game.parse_position(fen_position(record["fen"]))
    depth = 3 if record["name"] in DEEP else 2
    counts = [perft(game, state, d) for d in range(1, depth + 1)]
    assert counts == record["perft"][:depth]


@pytest.mark.peers
def test_the_stored_counts_are_python_chess_counts_live():
    import chess as python_chess   # a test dependency (`make test` installs it)
    for record in RECORDS:
        board = python_chess.Board(record["fen"])
        assert [chess_perft.perft(board, d) for d in (1, 2)] == record["perft"][:2], record["name"]


def test_the_start_is_the_fen_start():
    game = chess()
    assert game.parse_position(fen_position(chess_perft.POSITIONS["start"])) == game.initial_state()


def test_promotions_castling_and_en_passant_are_told_apart_in_the_notation():
    game = chess()
    state = game.parse_position(fen_position("4k3/1P6/8/3pP3/8/8/8/R3K2R w KQ d6 0 1"))
    texts = [game.move_text(state, m) for m in game.legal_moves(state)]
    assert {"b7-b8=Q", "b7-b8=R", "b7-b8=B", "b7-b8=N", "e1-g1", "e1-c1", "e5-d6"} <= set(texts)
    assert len(set(texts)) == len(texts)
    after = game.apply(state, game.parse_move(state, "e1-c1"))
    rows = "....k.../.P....../......../...pP.../......../......../......../..KR...R"
    assert game.position_text(after).split()[0] == rows
    after = game.apply(state, game.parse_move(state, "e5-d6"))
    rows = "....k.../.P....../...P..../......../......../......../......../R...K..R"
    assert game.position_text(after).split()[0] == rows
    knight = game.apply(state, game.parse_move(state, "b7-b8=n"))
    assert game.position_text(knight).startswith(".N..k...")


def test_checkmate_wins_and_stalemate_draws():
    game = chess()
    mated = game.moves_after(["f2-f3", "e7-e5", "g2-g4", "d8-h4"])   # fool's mate
    assert game.is_terminal(mated) and game.winner(mated) == 1
    stalemate = game.parse_position(fen_position("7k/8/6Q1/8/8/8/8/K7 w - - 0 1"))
    after = game.apply(stalemate, game.parse_move(stalemate, "g6-f7"))
    assert game.is_terminal(after) and game.returns(after) == (0, 0)


def test_the_fifty_move_rule_and_insufficient_material_draw():
    game = chess()
    quiet = game.parse_position(fen_position("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"))
    assert game.is_terminal(game.apply(quiet, game.parse_move(quiet, "a1-a2")))
    assert not game.is_terminal(game.apply(quiet, game.parse_move(quiet, "e2-e3")))
    bare = game.parse_position(fen_position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"))
    after = game.apply(bare, game.parse_move(bare, "e1-d2"))   # king takes the queen: K v K
    assert game.is_terminal(after) and game.returns(after) == (0, 0)


def test_threefold_repetition_draws_as_python_chess_says():
    import chess as python_chess
    game = chess()
    # The knights shuffle out and back: the start occurs a third time after 8 plies. A lost
    # castling right makes an otherwise equal position a different one (not a repetition).
    for lines in (["g1-f3", "g8-f6", "f3-g1", "f6-g8"] * 2,
                  ["e2-e4", "e7-e5", "e1-e2", "e8-e7", "e2-e1", "e7-e8", "e1-e2", "e8-e7",
                   "e2-e1", "e7-e8", "e1-e2", "e8-e7"]):
        board, state = python_chess.Board(), game.initial_state()
        for text in lines:
            assert not game.is_terminal(state)
            state = game.apply(state, game.parse_move(state, text))
            board.push_uci(text.replace("-", ""))
            assert game.is_terminal(state) == board.is_repetition(3), (lines, text)
        assert game.is_terminal(state) and game.returns(state) == (0, 0)
