"""Xiangqi's rules that random play seldom reaches, position by position (the flying general,
a cannon's check through its screen, the elephant's eye and river, the horse's leg, soldiers
across the river, a stalemated player losing), in gdl alone and against Fairy-Stockfish
(UCI, tools/fairy.py); and the recorded positions (tests/data/oracle/xiangqi.json, from
OpenSpiel) counted to depth 3 by both back ends against Fairy-Stockfish."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from gdl import catalog  # noqa: E402
from gdl.errors import GdlError  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from tools import fairy  # noqa: E402

peers = pytest.mark.skipif(not fairy.available(), reason="no /usr/games/fairy-stockfish")
FSF_LETTERS = str.maketrans("GAEHRCSgaehrcs", "KABNRCPkabnrcp")   # gdl's -> Fairy-Stockfish's


def board(rows: dict[int, str]) -> str:
    """gdl's board text of the rows given (row number -> its 9 cells), the rest empty."""
    return "/".join(rows.get(r, ".........") for r in range(10, 0, -1))


# (board, player to move, moves gdl must list, moves it must not)
CASES = [
    # the generals may not face each other: the rook between them may leave the file only
    # along it
    (board({10: "....g....", 5: "....R....", 1: "....G...."}), "Red",
     ["e5-e6", "e5-e10"], ["e5-d5", "e5-f5"]),
    # a cannon gives check through its screen (the horse): the general may not stay on the
    # file; the horse may leave it (the cannon then stands between the generals)
    (board({10: "....g....", 7: "....c....", 4: "....H....", 1: "....G...."}), "Red",
     ["e1-d1", "e4-d6"], ["e1-e2"]),
    # the cannon takes only beyond its screen, onto the first piece met
    (board({10: ".h..g....", 7: ".s.......", 3: ".C.......", 1: "...G....."}), "Red",
     ["b3-b10", "b3-b6", "b3-b4"], ["b3-b7", "b3-b8", "b3-b9"]),
    # the elephant's eye (d2) blocks c1-e3; it never crosses the river (g5-e7)
    (board({10: ".....g...", 5: "......E..", 2: "...S.....", 1: "..E.G...."}), "Red",
     ["c1-a3", "g5-e3", "g5-i3"], ["c1-e3", "g5-e7", "g5-i7"]),
    # the horse's leg (b2) blocks b1-a3 and b1-c3, not b1-d2
    (board({10: ".....g...", 2: ".S.......", 1: ".H..G...."}), "Red",
     ["b1-d2"], ["b1-a3", "b1-c3"]),
    # a soldier steps sideways once across the river, never backwards
    (board({10: "...g.....", 6: "....S....", 5: "..S......", 1: "....G...."}), "Red",
     ["e6-d6", "e6-f6", "e6-e7", "c5-c6"], ["c5-b5", "c5-d5", "e6-e5"]),
]

# Black to move has none (the general is not in check): Black loses
STALEMATE = board({10: "....g....", 9: "R........", 1: "...G.R..."})


@pytest.fixture(scope="module")
def xiangqi():
    return catalog.load("xiangqi")


@pytest.mark.parametrize("text, player, legal, illegal", CASES)
def test_a_rule_that_random_play_seldom_meets(xiangqi, text, player, legal, illegal):
    state = xiangqi.parse_position(f"{text} {player} plies=0")
    moves = {xiangqi.move_text(state, m) for m in xiangqi.legal_moves(state)}
    assert set(legal) <= moves and not set(illegal) & moves, sorted(moves)


def test_a_player_without_a_move_loses(xiangqi):
    state = xiangqi.parse_position(f"{STALEMATE} Black plies=0")
    assert xiangqi.is_terminal(state) and xiangqi.returns(state) == (1.0, -1.0)


def fen(text: str, player: str) -> str:
    """Fairy-Stockfish's FEN of gdl's board text and player."""
    rows = []
    for row in text.translate(FSF_LETTERS).split("/"):
        out, run = "", 0
        for c in row + "|":
            if c == ".":
                run += 1
                continue
            out += (str(run) if run else "") + (c if c != "|" else "")
            run = 0
        rows.append(out)
    return f"{'/'.join(rows)} {'w' if player == 'Red' else 'b'} - - 0 1"


@pytest.mark.peers
@peers
def test_the_positions_agree_with_fairy_stockfish(xiangqi):
    engine = fairy.Engine("xiangqi")
    try:
        for text, player, _, _ in [*CASES, (STALEMATE, "Black", [], [])]:
            state = xiangqi.parse_position(f"{text} {player} plies=0")
            ours = sorted(fairy.uci(xiangqi.move_text(state, m))
                          for m in xiangqi.legal_moves(state))
            assert ours == sorted(engine.divide([], 1, fen(text, player))[1]), text
    finally:
        engine.close()


@pytest.mark.peers
@pytest.mark.slow
@pytest.mark.parametrize("backend", ["native", "python"])
def test_the_recorded_positions_agree_with_fairy_stockfish_to_depth_3(xiangqi, backend):
    game = xiangqi
    if backend == "native":
        try:
            game = with_backend(xiangqi, "native")
        except GdlError:
            pytest.skip("no C compiler")
    depth = 3 if backend == "native" else 2   # Python: 30 perft 3 take minutes
    if fairy.available():
        assert fairy.check_record("xiangqi", "xiangqi", depth, game) == []
