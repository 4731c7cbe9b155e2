"""`moves(KIND, X)` and `moves PLAYER` (docs/core.md, 4): racing kings in full
(tests/data/rules/racing_kings_race.gdl) against python-chess's RacingKingsBoard.

The race's end needs "can Black's king still reach the last row?" after White's king got
there: `moves(king, row 8)`, a legal move of the next player's bringing a king onto row 8.
Perft from the start and from positions where a king is one step from the last row (the
end rules in play within the counted plies), on both back ends, then seeded random games
replayed against python-chess, move by move to the end and the result.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import chess.variant
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl.catalog import compile_text  # noqa: E402
from gdl.errors import RulesError  # noqa: E402
from gdl.interpreter import load_file  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from tools import chess_variants  # noqa: E402
from tests.marks import cases  # noqa: E402

RACE = ROOT / "tests" / "data" / "rules" / "racing_kings_race.gdl"


def game(backend: str):
    return with_backend(load_file(RACE), backend)


def near_the_end(count: int) -> list[list[str]]:
    """Move lists (UCI) of seeded random games in python-chess stopped when a king first
    stands on row 7 or White's king on row 8, with the game still on."""
    out, seed = [], 0
    while len(out) < count:
        rng, board = random.Random(seed), chess.variant.RacingKingsBoard()
        seed += 1
        while not chess_variants.over(board):
            kings = [chess.square_rank(s) for s in chess.SquareSet(board.kings)]
            if max(kings) >= 6:
                out.append([m.uci() for m in board.move_stack])
                break
            board.push(rng.choice(list(board.legal_moves)))
    return out


def gdl_after(g, ucis: list[str]):
    state = g.initial_state()
    for uci in ucis:
        state = g.apply(state, chess_variants.gdl_moves(g, state)[uci])
    return state


@pytest.mark.parametrize("backend", ["python", "native"])
def test_perft_from_the_start_is_python_chess(backend):
    g = game(backend)
    assert [perft(g, g.initial_state(), d) for d in (1, 2, 3)] == [21, 421, 11264]


@pytest.mark.parametrize("backend", cases(["python", "native"], {"python"}))
def test_perft_near_the_last_row_is_python_chess(backend):
    g = game(backend)
    for ucis in near_the_end(12):
        board = chess.variant.RacingKingsBoard()
        for uci in ucis:
            board.push_uci(uci)
        state = gdl_after(g, ucis)
        assert [perft(g, state, d) for d in (1, 2, 3)] == \
            [chess_variants.perft(board, d) for d in (1, 2, 3)], board.fen()


@pytest.mark.peers   # python-chess
def test_random_games_agree_with_python_chess():
    g = chess_variants.gdl_game("racing_kings")
    ends = [chess_variants.compare("racing_kings", seed, g, plies=400)[1] for seed in range(150)]
    kinds = {str(end.termination).split(".")[1] for end in ends if end is not None}
    assert {"VARIANT_WIN", "VARIANT_LOSS", "FIFTY_MOVES"} <= kinds


RACE_TEXT = RACE.read_text()


@pytest.mark.parametrize("backend", ["python", "native"])
def test_moves_of_a_player_by_name(backend):
    """After White's moves, `moves Black` is `moves` (the next player's); asked after Black's
    own moves it is Black's as if it moved again: a rule read only after White's moves
    counts the same either way."""
    white_only = "count (own and Black) == 0 and"
    plain = RACE_TEXT.replace("end: draw if not moves or",
                              f"end: Black wins if {white_only} not moves\nend: draw if")
    named = RACE_TEXT.replace("end: draw if not moves or",
                              f"end: Black wins if {white_only} not moves Black\nend: draw if")
    a, b = (with_backend(compile_text(t, "race.gdl"), backend) for t in (plain, named))
    for ucis in near_the_end(4):
        sa, sb = gdl_after(a, ucis), gdl_after(b, ucis)
        assert perft(a, sa, 2) == perft(b, sb, 2)


@pytest.mark.parametrize("text, where, message", [
    ("end: draw if moves(king)\n", (22, 20), "moves(PIECE, CELLS)"),
    ("end: draw if moves(rook, 3)\n", (22, 26), "where the move lands must be a set of cells"),
    ("end: draw if moves(castle, row 8)\n", (22, 19), "a piece name, then the cells"),
    ("end: draw if moves Red\n", (22, 20), "'mover', 'opponent' or a player"),
    ("illegal: moves(king, row 8)\n", (22, 10), "only known in an end rule"),
])
def test_misuse_is_refused_where_it_is(text, where, message):
    head = "\n".join(RACE_TEXT.splitlines()[:21]) + "\n"
    with pytest.raises(RulesError) as err:
        compile_text(head + text + "move: step king straight diagonal to not own\n", "r.gdl")
    assert (err.value.pos.line, err.value.pos.column) == where, err.value.report()
    assert message in str(err.value)
