"""`notation shogi`: USI moves and SFEN positions, both ways, checked against Fairy-Stockfish
(the record tests/data/oracle/shogi_sfen.json, made by tools/shogi_oracle.py, and live when
the engine is installed) and python-shogi where the engine is wrong.

Fairy-Stockfish lets a pawn dropped with mate stand in three of the 30 positions: the
record counts those leaves (`drop_mates`), each confirmed illegal by python-shogi when it
was made; gdl's counts equal the engine's less them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from gdl import catalog  # noqa: E402
from gdl.errors import GdlError, IllegalMove, PositionError  # noqa: E402
from gdl.interpreter import notation  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.solvers.search.perft import perft  # noqa: E402
from tools import fairy  # noqa: E402

DATA = json.loads((Path(__file__).resolve().parent.parent / "data" / "oracle" /
                   "shogi_sfen.json").read_text())
POSITIONS = DATA["positions"]
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


@pytest.fixture(scope="module")
def shogi():
    return catalog.load("shogi")


@pytest.fixture(scope="module")
def native(shogi):
    try:
        return with_backend(shogi, "native")
    except GdlError:
        pytest.skip("no C compiler")


def board_only(game, state) -> tuple:
    """The planes, hands and side to move (not the history and check streaks an SFEN cannot
    hold)."""
    planes = len(game.ir.initial_planes)
    return (*state[:planes], state[planes + game.ir.hand], state[-2])


def expected(position: dict, depth: int) -> int:
    return position["perft"][depth - 1] - position.get("drop_mates", [0] * 3)[depth - 1]


def test_the_start_and_the_engines_start(shogi):
    usi = notation.adapter(shogi)
    assert usi.sfen(shogi.initial_state()) == START
    assert board_only(shogi, shogi.parse_position(START)) == \
        board_only(shogi, shogi.initial_state())
    assert [perft(shogi, shogi.initial_state(), d) for d in (1, 2)] == DATA["perft"][:2]


def test_usi_names_every_kind_of_move(shogi):
    state = shogi.initial_state()
    for text, own in [("7g7f", "c3-c4"), ("3c3d", "g7-g6"), ("8h2b+", "b2-h8=H"),
                      ("3a2b", "g9-h8"), ("B*4e", "B*f5")]:
        move = shogi.parse_move(state, text)
        assert shogi.move_text(state, move) == own
        assert notation.adapter(shogi).usi(state, move) == text
        state = shogi.apply(state, move)
    assert notation.adapter(shogi).sfen(state, 6) == \
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_sfen_after_the_moves_is_the_engines(shogi, index):
    position = POSITIONS[index]
    state = shogi.moves_after(position["moves"])   # read as USI
    ours = notation.adapter(shogi).sfen(state, len(position["moves"]) + 1)
    mine, theirs = ours.split(), position["sfen"].split()
    assert (mine[0], mine[1], mine[3]) == (theirs[0], theirs[1], theirs[3])
    assert sorted(mine[2]) == sorted(theirs[2]) or \
        board_only(shogi, shogi.parse_position(ours)) == \
        board_only(shogi, shogi.parse_position(position["sfen"]))   # the hands' order differs
    assert board_only(shogi, shogi.parse_position(position["sfen"])) == \
        board_only(shogi, state)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_legal_moves_and_round_trips_of_each_position(shogi, index):
    position = POSITIONS[index]
    state = shogi.parse_position(position["sfen"])
    usi = notation.adapter(shogi)
    texts = usi.legal_texts(state)
    assert sorted(texts) == sorted(set(position["legal"]) - {
        move for sfen, move in position.get("drop_mate_examples", []) if sfen == position["sfen"]})
    assert len(set(texts)) == len(texts)
    for text, move in zip(texts, shogi.legal_moves(state)):
        assert shogi.parse_move(state, text) == move
    again = shogi.parse_position(usi.sfen(state))
    assert board_only(shogi, again) == board_only(shogi, state)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_perft_2_from_each_sfen_is_the_engines(native, index):
    position = POSITIONS[index]
    state = native.parse_position(position["sfen"])
    assert [perft(native, state, d) for d in (1, 2)] == [expected(position, d) for d in (1, 2)]


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_perft_3_from_each_sfen_is_the_engines(native, index):
    position = POSITIONS[index]
    assert perft(native, native.parse_position(position["sfen"]), 3) == expected(position, 3)


def test_the_engines_pawn_drop_mates_are_refused(shogi):
    examples = [e for p in POSITIONS for e in p.get("drop_mate_examples", [])]
    assert examples and sum(sum(p.get("drop_mates", [])) > 0 for p in POSITIONS) == 3
    for sfen, move in examples:
        with pytest.raises(IllegalMove):
            shogi.parse_move(shogi.parse_position(sfen), move)
    try:
        import shogi as python_shogi
    except ImportError:
        return
    for sfen, move in examples:
        board = python_shogi.Board(sfen)
        assert python_shogi.Move.from_usi(move) not in board.legal_moves


@pytest.mark.parametrize("text, message", [
    ("lnsgkgsnl/1r5b1 b - 1", "SFEN field 1 (board): 'lnsgkgsnl/1r5b1' has 2 ranks, not 9"),
    (START.replace("1B5R1", "1B5Q1"), "SFEN field 1 (board): '...' has 'Q' in rank h"),
    (START.replace("1B5R1", "1B5R2"), "rank h ('1B5R2') covers 10 squares, not 9"),
    (START.replace(" b ", " x "), "SFEN field 2 (side to move): 'x' is not b or w"),
    (START.replace(" - ", " 2X "), "SFEN field 3 (hands): '2X' is not '-' or counts"),
    (START.replace(" 1", " 0"), "SFEN field 4 (move number): '0' is not a whole number"),
    ("lnsgkgsnl/9 b", "an SFEN has 3 or 4 fields"),
])
def test_a_malformed_sfen_is_refused_naming_the_field(shogi, text, message):
    with pytest.raises(PositionError) as refused:
        shogi.parse_position(text)
    said = str(refused.value)
    head, _, tail = message.partition("'...'")
    assert said.startswith(head) if tail else message in said
    assert tail in said


def test_an_illegal_usi_move_lists_the_legal_ones_in_usi(shogi):
    with pytest.raises(IllegalMove) as refused:
        shogi.parse_move(shogi.initial_state(), "7g7e")
    assert refused.value.legal[0] == "5i5h" and "7g7f" in refused.value.legal
    with pytest.raises(IllegalMove):
        shogi.parse_move(shogi.initial_state(), "P*5e")   # no pawn in hand


def test_the_native_back_end_reads_and_writes_the_same(shogi, native):
    position = POSITIONS[10]
    ours, theirs = shogi.parse_position(position["sfen"]), native.parse_position(position["sfen"])
    assert notation.adapter(native).sfen(theirs) == notation.adapter(shogi).sfen(ours)
    assert notation.adapter(native).legal_texts(theirs) == notation.adapter(shogi).legal_texts(ours)


def test_a_game_that_cannot_be_written_so_is_refused_where_it_says_so(tmp_path):
    rules = tmp_path / "bad.gdl"
    rules.write_text('game "x"\nplayers A B\nboard 3 x 3\nnotation shogi\npieces king queen\n'
                     'setup A king: a1\nsetup B king: c3\nmove: step king n to empty\n'
                     'end: mover wins if not moves\n')
    with pytest.raises(GdlError, match="4:1: `notation shogi`: shogi notation has no letter "
                                       "for 'queen'"):
        catalog.load(str(rules))


@pytest.mark.peers
@pytest.mark.skipif(not fairy.available(), reason="no /usr/games/fairy-stockfish")
def test_new_seeded_positions_agree_with_the_engine_live(shogi):
    """Five positions the record does not hold: the engine's SFEN after the USI moves, its
    legal moves, and perft 2 (less any pawn-drop mates it lets stand, none expected here)."""
    usi, engine, rng = notation.adapter(shogi), fairy.Engine("shogi", "usi"), random.Random(7)
    try:
        for _ in range(5):
            state, line = shogi.initial_state(), []
            for _ in range(rng.randrange(10, 60)):
                moves = shogi.legal_moves(state)
                if not moves:
                    break
                move = rng.choice(moves)
                line.append(usi.usi(state, move))
                state = shogi.apply(state, move)
            sfen = engine.shown(line)
            assert board_only(shogi, shogi.parse_position(sfen)) == board_only(shogi, state)
            assert sorted(usi.legal_texts(state)) == sorted(engine.divide([], 1, sfen)[1])
    finally:
        engine.close()


def test_gdl_replay_shows_usi_and_the_final_sfen(shogi, tmp_path, capsys):
    from gdl import records
    from gdl.cli.main import main
    texts = ("c3-c4", "g7-g6", "b2-h8=H")
    record = records.Record(game="shogi", rules_sha256=records.rules_hash("shogi"), options={},
                            start=records.Start(), players=("a", "b"), moves=texts,
                            seconds=(0.0,) * 3, result=None, payoffs=None)
    record.save(tmp_path / "game.json")
    assert main(["replay", str(tmp_path / "game.json"), "--standard"]) == 0
    printed = capsys.readouterr().out
    assert "3. Black plays b2-h8=H (8h2b+)" in printed
    assert "sfen: lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4" in printed
    assert main(["replay", str(tmp_path / "game.json"), "--pgn", str(tmp_path / "g.pgn")]) == 1
    assert "shogi declares no `notation chess`" in capsys.readouterr().err
