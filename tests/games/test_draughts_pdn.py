"""`notation draughts`: PDN's numbered squares, FEN and game records, both ways, checked
against pydraughts (an independent draughts library with its own move generator, FEN and
PDN reader and writer) on seeded random games of international (1-50) and English (1-32)
draughts: at every ply the same legal moves (start, end and pieces taken), each side's
move texts read by the other to the same move, and each side's FEN read by the other to
the same position.
"""

from __future__ import annotations

import random

import pytest

from gdl import catalog, records, records_pdn
from gdl.cli.main import main
from gdl.errors import GdlError, IllegalMove, PositionError
from gdl.interpreter import notation
from gdl.interpreter.core.geometry import bits

draughts = pytest.importorskip("draughts", reason="pydraughts is a test dependency")
PDN = pytest.importorskip("draughts.PDN")

GAMES = [("international_draughts", "standard"), ("draughts", "english")]


@pytest.fixture(scope="module", params=GAMES, ids=[g for g, _ in GAMES])
def pair(request):
    name, variant = request.param
    game = catalog.load(name)
    return game, notation.adapter(game), variant


def ours(game, pdn, state, move) -> tuple:
    """(start, end, squares taken) of one of gdl's moves."""
    entry = next(e for e in pdn.described(state) if e.move == move)
    after, kinds, enemy = game.apply(state, move), len(game.ir.pieces), 1 - state[-2]
    before = {c for k in range(kinds) for c in bits(state[enemy * kinds + k])}
    left = {c for k in range(kinds) for c in bits(after[enemy * kinds + k])}
    return entry.path[0], entry.path[-1], tuple(sorted(pdn.map.number_of[c] for c in before - left))


def theirs(move) -> tuple:
    return move.steps_move[0], move.steps_move[-1], tuple(sorted(move.captures or []))


def pieces(game, state) -> tuple:
    return (*state[:len(game.ir.initial_planes)], state[-2])


def compare_games(game, pdn, variant, seeds, plies=120) -> int:
    """Play seeded random games in gdl and compare every ply with pydraughts; the number
    of positions compared."""
    compared = 0
    for seed in seeds:
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(plies):
            if game.is_terminal(state):
                break
            fen = pdn.fen(state)
            board = draughts.Board(variant=variant, fen=fen)
            legal = game.legal_moves(state)
            # pydraughts lists a capture twice when two routes take the same pieces to the
            # same square; the rules (and gdl) make that one move
            assert sorted(ours(game, pdn, state, m) for m in legal) == \
                sorted({theirs(m) for m in board.legal_moves()}), fen
            for move in board.legal_moves():   # their texts read by gdl
                assert ours(game, pdn, state, game.parse_move(state, move.pdn_move)) == \
                    theirs(move), (fen, move.pdn_move)
            for move in legal:
                text = pdn.pdn(state, move)
                assert game.parse_move(state, text) == move
                if compared % 10 == 0:   # gdl's texts read by them (each read lists all moves)
                    assert theirs(draughts.Move(board, pdn_move=text)) == \
                        ours(game, pdn, state, move), (fen, text)
            assert pieces(game, game.parse_position(board.fen)) == pieces(game, state)
            state = game.apply(state, rng.choice(legal))
            compared += 1
    return compared


def test_the_squares_are_numbered_from_whites_far_side(pair):
    game, pdn, _ = pair
    names = game.ir.geometry.names
    if game.name == "draughts":   # Black (first) at the bottom: 1 is g1, 32 is b8
        assert [pdn.map.number_of[names[s]] for s in ("g1", "a1", "h2", "b8")] == [1, 4, 5, 32]
        assert pdn.fen(game.initial_state()) == \
            "B:W" + ",".join(map(str, range(21, 33))) + ":B" + ",".join(map(str, range(1, 13)))
    else:   # White (first) at the bottom: 1 is b10, 46 is a1
        assert [pdn.map.number_of[names[s]] for s in ("b10", "j10", "a1", "i1")] == [1, 5, 46, 50]
        assert pdn.fen(game.initial_state()) == draughts.Board(variant="standard").fen \
            .replace("B1,10,11,12,13,14,15,16,17,18,19,2,20,3,4,5,6,7,8,9",
                     "B" + ",".join(map(str, range(1, 21))))


def test_two_games_agree_with_pydraughts_at_every_ply(pair):
    game, pdn, variant = pair
    assert compare_games(game, pdn, variant, range(2), 40) >= 60


@pytest.mark.slow
def test_ten_more_games_agree_with_pydraughts_at_every_ply(pair):
    game, pdn, variant = pair
    assert compare_games(game, pdn, variant, range(100, 110)) >= 500


def test_a_flying_king_takes_the_most_and_is_written_start_to_end():
    game = catalog.load("international_draughts")
    pdn = notation.adapter(game)
    state = game.parse_position("W:W28,K33:B19,24,23,K10")
    assert pdn.legal_texts(state) == ("33x4",)
    assert pdn.fen(state) == "W:W28,K33:BK10,19,23,24"
    move = game.parse_move(state, "33x15x4")   # the whole path reads too
    assert game.parse_move(state, "33x4") == move
    after = pdn.fen(game.apply(state, move))
    assert after == "B:WK4,28:B19,23"


@pytest.mark.parametrize("text, message", [
    ("W:W31,32", "a PDN FEN has 3 fields"),
    ("X:W31:B1", "PDN FEN field 1 (side to move): 'X' is not W or B"),
    ("W:W31,Q2:B1", "PDN FEN field 2 (first colour's squares): 'Q2' is not a square"),
    ("W:W31,51:B1", "'51' is not a square of this board (1-50)"),
    ("W:W31:B31", "PDN FEN field 3 (second colour's squares): 'B31' puts a second piece on "
                  "square 31"),
    ("W:W31:W1", "does not start with W or B (each once)"),
])
def test_a_malformed_fen_is_refused_naming_the_field(text, message):
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        catalog.load("international_draughts").parse_position(text)


def test_an_illegal_pdn_move_lists_the_legal_ones_in_pdn():
    game = catalog.load("international_draughts")
    with pytest.raises(IllegalMove) as refused:
        game.parse_move(game.initial_state(), "31-25")
    assert refused.value.legal == ("31-27", "32-28", "33-29", "34-30", "31-26", "32-27",
                                   "33-28", "34-29", "35-30")


def test_ranges_and_a_closing_dot_are_read():
    game = catalog.load("international_draughts")
    assert game.parse_position("W:W31-50:B1-20.") == game.initial_state()


def _played(name: str, seed: int, plies: int) -> records.Record:
    game, rng = catalog.load(name), random.Random(seed)
    state, texts = game.initial_state(), []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        move = rng.choice(game.legal_moves(state))
        texts.append(game.move_text(state, move))
        state = game.apply(state, move)
    return records.Record(game=name, rules_sha256=records.rules_hash(name), options={},
                          start=records.Start(), players=("alice", "bob"), moves=tuple(texts),
                          seconds=(0.0,) * len(texts), result=None, payoffs=None)


@pytest.mark.parametrize("name, variant", GAMES)
def test_a_pdn_round_trips_through_gdl_and_pydraughts(name, variant, tmp_path):
    record = _played(name, 11, 200)
    game = records.open_game(record)
    text = records_pdn.export(game, record)
    path = tmp_path / "game.pdn"
    path.write_text(text)
    again = records_pdn.read(path)
    assert again.moves == record.moves and again.game == name
    # pydraughts reads gdl's PDN to the same final position
    read = PDN.PDNReader(pdn_text=text).games[0]
    board = draughts.Board(variant=variant)
    for move in read.moves:
        board.push(draughts.Move(board, pdn_move=move))
    final = records.replay(game, record).state
    assert pieces(game, game.parse_position(board.fen)) == pieces(game, final)
    # and gdl reads pydraughts' PDN of the same game to the same moves
    theirs = tmp_path / "theirs.pdn"
    PDN.PDNWriter(str(theirs), board=board)
    assert records_pdn.read(theirs).moves == record.moves


def test_a_pdn_from_a_position_and_its_faults(tmp_path):
    path = tmp_path / "g.pdn"
    path.write_text('[GameType "20"]\n[FEN "W:W28,K33:B19,24,23,K10"]\n\n1. 33x4 *\n')
    record = records_pdn.read(path)
    assert len(record.moves) == 1 and record.start.position is not None
    path.write_text('[White "a"]\n\n1. 32-28 19-23 2. 28x19 14x23 3. 31-25 *\n')
    with pytest.raises(GdlError, match=r"PDN line 3, column 34, move 5: '31-25' is not a "
                                       r"legal move; .*the 4 moves before it, for --moves"):
        records_pdn.read(path)
    path.write_text('[GameType "30"]\n\n1. 32-28 *\n')
    with pytest.raises(GdlError, match="GameType: '30' is not a game gdl has"):
        records_pdn.read(path)


def test_gdl_replay_reads_a_pdn_and_draws_every_ply(tmp_path, capsys):
    record = _played("draughts", 5, 12)
    path = tmp_path / "g.pdn"
    path.write_text(records_pdn.export(records.open_game(record), record))
    assert main(["replay", str(path), "--standard", "--svg", str(tmp_path / "plies"),
                 "--animate", str(tmp_path / "game.svg")]) == 0
    printed = capsys.readouterr().out
    assert "1. Black plays" in printed and "fen: " in printed
    files = sorted(p.name for p in (tmp_path / "plies").iterdir())
    assert files == [f"{n:03d}.svg" for n in range(13)]
    animation = (tmp_path / "game.svg").read_text()
    assert animation.count("<animate ") == 13 and "12. White" in animation


def test_a_game_that_cannot_be_numbered_is_refused_where_it_says_so(tmp_path):
    rules = tmp_path / "bad.gdl"
    rules.write_text('game "x"\nplayers Red Blue\nboard 8 x 8 cells dark\nnotation draughts\n'
                     'pieces man king\nsetup Red man: a1\nsetup Blue man: h8\n'
                     'move: step man n to empty\nend: mover wins if not moves\n')
    with pytest.raises(GdlError, match="4:1: `notation draughts`: PDN names its players White "
                                       "and Black, not Red, Blue"):
        catalog.load(str(rules))
