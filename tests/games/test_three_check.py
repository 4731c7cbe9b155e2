"""Three-check (gdl/games/board/three_check.gdl) against python-chess's ThreeCheckBoard and
Fairy-Stockfish's 3check: the record tools/chess_variants.py wrote (perft from the start and
from 30 positions where checks have been given, a third check inside the counted plies)
checked with gdl alone, then seeded random games replayed live against python-chess (the
same legal moves at every ply, the same end and winner) and Fairy-Stockfish's perft."""

from __future__ import annotations

import io
import json
import random
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

import chess.pgn  # noqa: E402
import chess.variant  # noqa: E402

from gdl import catalog, records_pgn  # noqa: E402
from gdl.interpreter.notation import adapter, pgn  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from tools import chess_variants  # noqa: E402

RECORD = json.loads((ROOT / "tests" / "data" / "oracle" / "three_check.json").read_text())


@pytest.fixture(scope="module")
def game():
    return with_backend(catalog.load("three_check"), "native")


def test_perft_from_the_start_equals_the_record(game):
    start = game.initial_state()
    assert [perft(game, start, d) for d in (1, 2, 3)] == RECORD["perft"][:3]


def test_perft_from_recorded_positions_equals_the_record(game):
    assert len(RECORD["positions"]) >= 30
    for position in RECORD["positions"]:
        state = game.moves_after(position["moves"])
        counts = [perft(game, state, d) for d in range(1, len(position["perft"]) + 1)]
        assert counts == position["perft"], position["fen"]


def test_the_python_back_end_counts_the_same(game):
    python = with_backend(catalog.load("three_check"), "python")
    for position in RECORD["positions"][:6]:
        state = python.moves_after(position["moves"])
        assert [perft(python, state, d) for d in (1, 2)] == position["perft"][:2]


def test_the_third_check_wins_and_the_checks_are_kept_per_player(game):
    # 2. Qh5+ and 3. Qxg6+: two checks; 5. Bf7+ the third (the king could take the bishop)
    state = game.moves_after(["e2-e4", "f7-f6", "d1-h5", "g7-g6", "h5-g6", "h7-g6", "f1-c4",
                              "a7-a6"])
    assert "checks=2,0" in game.position_text(state)
    assert not game.is_terminal(state)
    end = game.apply(state, game.parse_move(state, "c4-f7"))
    assert game.is_terminal(end) and game.winner(end) == 0


def test_pgn_carries_the_variant_both_ways(game, tmp_path):
    """gdl's PGN of a three-check game names its variant: python-chess reads it as a
    ThreeCheckBoard game that ends where gdl's did, and gdl reads it back as three_check."""
    rng, state, moves = random.Random(2), game.initial_state(), []
    while not game.is_terminal(state):
        move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.apply(state, move)
    text = pgn.write(adapter(game), game.initial_state(), moves, {"Variant": game.title})
    board = chess.pgn.read_game(io.StringIO(text)).end().board()
    assert isinstance(board, chess.variant.ThreeCheckBoard) and board.is_game_over()
    path = tmp_path / "game.pgn"
    path.write_text(text)
    record = records_pgn.read(path)
    assert record.game == "three_check" and len(record.moves) == len(moves)


@pytest.mark.peers   # python-chess
@pytest.mark.parametrize("seed", range(0, 100, 20))
def test_random_games_agree_with_python_chess(game, seed):
    ends = [chess_variants.compare("three_check", s, game)[1] for s in range(seed, seed + 20)]
    assert all(end is not None for end in ends)   # each ran to its end in both


@pytest.mark.peers   # Fairy-Stockfish
@pytest.mark.skipif(not shutil.which(chess_variants.FAIRY), reason="no fairy-stockfish")
def test_fairy_stockfish_counts_the_recorded_positions_alike():
    for position in RECORD["positions"][:10]:
        depths = range(1, len(position["perft"]) + 1)
        assert chess_variants.fairy_perft("3check", position["fen"], depths) == position["perft"]
