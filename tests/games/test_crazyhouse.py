"""gdl's crazyhouse against python-chess's CrazyhouseBoard and Fairy-Stockfish.

The counts are recorded in tests/data/oracle/crazyhouse.json by tools/crazyhouse_oracle.py
(perft from the start; 30 positions reached by random play in python-chess favouring drops,
promotions and captures, each with its FEN, perft 2 and legal moves in UCI). The suite checks
them with gdl alone on both back ends; the peers tests replay random games against
python-chess live (FEN, UCI and SAN at every ply) and ask Fairy-Stockfish for perft.
"""

from __future__ import annotations

import functools
import io
import json
import random
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.interpreter import notation  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from tools import crazyhouse_oracle  # noqa: E402
from tests.marks import cases  # noqa: E402

RECORD = json.loads(crazyhouse_oracle.DATA.read_text())


@functools.cache
def crazyhouse(backend: str = "python"):
    return with_backend(catalog.load("crazyhouse"), backend)


def after(game, moves: list[str]):
    """The state after UCI moves (drops as P@e4) from the start."""
    return game.moves_after(moves)


def fen_head(fen: str) -> str:
    """A FEN without its clocks (gdl's crazyhouse keeps no halfmove clock)."""
    return " ".join(fen.split()[:4])


def test_perft_from_the_start_equals_python_chess_on_both_back_ends():
    python, native = crazyhouse("python"), crazyhouse("native")
    assert type(native).__name__ == "NativeGame"   # no fallback
    assert [perft(python, python.initial_state(), d) for d in (1, 2, 3)] == RECORD["perft"][:3]
    assert perft(native, native.initial_state(), 4) == RECORD["perft"][3]


@pytest.mark.parametrize("backend", cases(["native", "python"], {"python"}))
def test_recorded_positions_have_python_chess_moves_perft_and_fen(backend):
    game = crazyhouse(backend)
    adapter = notation.adapter(game)
    assert len(RECORD["positions"]) >= 30
    drops = promoted = 0
    for position in RECORD["positions"]:
        state = after(game, position["moves"])
        assert sorted(adapter.legal_texts(state, "uci")) == position["legal"], position["fen"]
        assert fen_head(adapter.fen(state)) == fen_head(position["fen"])
        counts = [perft(game, state, d) for d in range(1, len(position["perft"]) + 1)]
        assert counts == position["perft"], position["moves"]
        drops += any("@" in m for m in position["legal"])
        promoted += "~" in position["fen"]
    assert drops > 10 and promoted > 3   # the record reaches what crazyhouse adds


def test_fen_round_trips_and_reads_as_the_replayed_position():
    game = crazyhouse("native")
    adapter = notation.adapter(game)
    for position in RECORD["positions"]:
        state = game.parse_position(position["fen"])
        assert fen_head(adapter.fen(state)) == fen_head(position["fen"])
        assert sorted(adapter.legal_texts(state, "uci")) == position["legal"]


def test_a_promoted_queen_taken_returns_to_the_hand_as_a_pawn():
    game = crazyhouse()
    state = game.parse_position("8/1P2k3/8/8/8/8/7r/K7 w - - 0 1")
    state = game.apply(state, game.parse_move(state, "b8=Q"))
    assert notation.adapter(game).fen(state).startswith("1Q~6/")   # Q~: promoted
    for move in ("Rh8", "Ka2", "Rxb8"):
        state = game.apply(state, game.parse_move(state, move))
    assert notation.adapter(game).fen(state).split()[0].endswith("[p]")   # a pawn, no queen


def test_en_passant_puts_the_pawn_taken_in_the_hand():
    """The pawn taken en passant is removed by an effect, not by the landing: it joins the
    hand all the same."""
    game = crazyhouse()
    state = game.moves_after(["e4", "a6", "e5", "d5", "exd6"])
    assert notation.adapter(game).fen(state).split()[0].endswith("[P]")
    assert "P@d5" in notation.adapter(game).legal_texts(after(game, ["e4", "a6", "e5", "d5",
                                                                     "exd6", "a5"]), "uci")


def test_a_pawn_is_never_dropped_on_the_first_or_last_rank_and_the_third_repetition_draws():
    game = crazyhouse()
    state = game.parse_position("4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1")
    texts = notation.adapter(game).legal_texts(state, "uci")
    assert "N@a8" in texts and "N@a1" in texts
    assert not any(t.startswith("P@") and t[-1] in "18" for t in texts)
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * 2
    state = game.moves_after(shuffle)
    assert game.is_terminal(state) and game.winner(state) is None
    assert not game.is_terminal(game.moves_after(shuffle[:-1]))


@pytest.mark.peers
def test_random_games_agree_with_python_chess_ply_by_ply():
    import chess.variant
    game = crazyhouse("native")
    adapter, rng, plies = notation.adapter(game), random.Random(11), 0
    for _ in range(20):
        board, state = chess.variant.CrazyhouseBoard(), game.initial_state()
        for move in crazyhouse_oracle.random_game(rng, rng.randrange(20, 160)):
            assert fen_head(adapter.fen(state)) == fen_head(board.fen())
            if plies % 5 == 0:   # SAN writes each move's position for its marks: costly
                assert set(adapter.legal_texts(state)) == {board.san(m)
                                                           for m in board.legal_moves}
            else:
                assert sorted(adapter.legal_texts(state, "uci")) == sorted(
                    m.uci() for m in board.legal_moves)
            state = game.apply(state, game.parse_move(state, move))
            board.push_uci(move)
            plies += 1
        over = board.is_checkmate() or board.is_stalemate() or board.is_repetition(3)
        assert game.is_terminal(state) == over, board.fen()
    assert plies > 700


@pytest.mark.peers
@pytest.mark.skipif(not shutil.which(crazyhouse_oracle.FAIRY), reason="no fairy-stockfish")
def test_fairy_stockfish_counts_the_same():
    game = crazyhouse("native")
    assert crazyhouse_oracle.fairy_perft(None, [], 5) == perft(game, game.initial_state(), 5)
    for position in RECORD["positions"][:10]:
        state = after(game, position["moves"])
        assert crazyhouse_oracle.fairy_perft(None, position["moves"], 3) == perft(game, state, 3)


def test_a_pgn_of_python_chess_replays_and_is_written_back(tmp_path):
    """`gdl replay GAME.pgn` reads a crazyhouse PGN (`Variant` Crazyhouse, drops `N@f3`) and
    `--pgn` writes it back with the same moves."""
    chess_pgn = pytest.importorskip("chess.pgn")
    import chess.variant
    from gdl import records_pgn
    moves = crazyhouse_oracle.random_game(random.Random(3), 70)
    board = chess.variant.CrazyhouseBoard()
    record = chess_pgn.Game.from_board(board)
    record.headers["Variant"] = "Crazyhouse"
    node = record
    for move in moves:
        node = node.add_variation(chess.Move.from_uci(move))
    path = tmp_path / "game.pgn"
    path.write_text(str(record))
    read = records_pgn.read(path)
    assert read.game == "crazyhouse"
    again = chess_pgn.read_game(io.StringIO(
        records_pgn.export(catalog.load("crazyhouse"), read)))
    assert again.headers["Variant"] == "Crazyhouse"
    assert [m.uci() for m in again.mainline_moves()] == moves
