"""Chess notation (`notation chess`) against python-chess: SAN, UCI, FEN and PGN, both ways.

200 seeded random games of chess.gdl: at every position gdl's FEN is python-chess's and each
reads the other's; the legal moves agree as UCI and as SAN (every legal move's SAN at every
position, each read back by the other side); the move played is read from python-chess's
SAN and UCI. Then PGN both ways, bad input, and the `notation` statement's checks.
"""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import chess.variant
import pytest

from gdl import records
from gdl.ai.players import HumanPlayer
from gdl.catalog import compile_text, load, resolve
from gdl.cli.main import main
from gdl.errors import GdlError, IllegalMove, PositionError, RulesError
from gdl.interpreter.c.game import NativeGame
from gdl.interpreter.c.support import Unsupported
from gdl.interpreter.notation import adapter, pgn
from gdl.position import Position

CHESS = resolve("chess")

GAMES, PLIES = 200, 40
EVERY = 10   # every legal move's SAN and UCI at every tenth position (the move played: at all)


@pytest.fixture(scope="module")
def game():
    return load("chess")


def _compare_fen(game, notation, state, board: chess.Board) -> None:
    theirs = board.fen()
    assert notation.fen(state) == theirs
    assert notation.fen(game.parse_position(theirs)) == theirs


def _compare_moves(game, notation, state, board: chess.Board) -> int:
    """Every legal move, both ways, as UCI and SAN; returns how many."""
    ours = dict(zip(notation.legal_texts(state, "uci"), game.legal_moves(state)))
    assert set(ours) == {m.uci() for m in board.legal_moves}
    sans = dict(zip(notation.legal_texts(state), game.legal_moves(state)))
    assert set(sans) == {board.san(m) for m in board.legal_moves}
    for text, move in sans.items():
        assert board.parse_san(text).uci() in ours and ours[board.parse_san(text).uci()] == move
    return len(ours)


def _native(game):
    """The game with its moves generated in C (seven times faster; the notation is the same
    code), or the game itself where C cannot be built."""
    try:
        return NativeGame(game, per_call=True)
    except (GdlError, Unsupported, OSError):
        return game


@pytest.mark.peers   # python-chess, 200 games
def test_random_games_agree_with_python_chess(game):
    game = _native(game)
    notation = adapter(game)
    rng = random.Random(33)
    positions = moves = 0
    for _ in range(GAMES):
        state, board = game.initial_state(), chess.Board()
        for _ply in range(PLIES):
            if game.is_terminal(state):
                break
            _compare_fen(game, notation, state, board)
            if positions % EVERY == 0:
                moves += _compare_moves(game, notation, state, board)
            positions += 1
            ours = rng.choice(game.legal_moves(state))
            theirs = chess.Move.from_uci(notation.uci(state, ours))
            assert board.is_legal(theirs)
            move = notation.parse_move(state, board.san(theirs))
            assert move == ours
            assert notation.parse_move(state, theirs.uci()) == move
            assert board.parse_san(notation.san(state, move)) == theirs
            state = game.apply(state, move)
            board.push(theirs)
    assert positions > GAMES * PLIES * 0.9 and moves > positions // EVERY * 20


# Positions where the rare cases crowd (castling both ways, en passant, promotions with and
# without a capture, pins, files, ranks and whole squares to tell pieces apart, mates):
# the perft suite's positions 2 to 5 and a few made for SAN.
TRICKY = (
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "7k/8/8/8/8/3Q1Q2/8/K2Q1Q2 w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1r2k2r/P6P/8/8/8/8/p6p/R3K1R1 b Qk - 3 40",
)


@pytest.mark.parametrize("fen", TRICKY)
def test_tricky_positions_and_their_children_agree(game, fen):
    notation, root = adapter(game), chess.Board(fen)
    state = game.parse_position(fen)
    assert notation.fen(state) == root.fen()
    _compare_moves(game, notation, state, root)
    for move in game.legal_moves(state):
        board = root.copy()
        board.push_san(notation.san(state, move))
        child = game.apply(state, move)
        _compare_fen(game, notation, child, board)
        if not game.is_terminal(child):
            _compare_moves(game, notation, child, board)


def test_antichess_agrees_with_python_chess_till_an_en_passant():
    """antichess.gdl (OpenSpiel's rules) does not count en passant as a capture, so it is not
    compulsory there; python-chess's antichess makes it so: a game stops being compared
    when python-chess could take en passant. SAN's `#` marks a move that ends the game."""
    game = _native(load("antichess"))
    notation = adapter(game)
    rng, positions = random.Random(5), 0
    for _ in range(10):
        state, board = game.initial_state(), chess.variant.AntichessBoard()
        while not game.is_terminal(state) and not board.has_legal_en_passant():
            assert notation.fen(state) == board.fen()
            if positions % 3 == 0:
                assert set(notation.legal_texts(state)) == {board.san(m)
                                                            for m in board.legal_moves}
            move = rng.choice(game.legal_moves(state))
            board.push_uci(notation.uci(state, move))
            state = game.apply(state, move)
            positions += 1
    assert positions > 300


def _random_moves(game, seed: int, plies: int) -> list:
    rng, state, moves = random.Random(seed), game.initial_state(), []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.apply(state, move)
    return moves


@pytest.mark.parametrize("seed", range(5))
def test_pgn_written_by_gdl_replays_in_python_chess(game, seed):
    notation = adapter(game)
    moves = _random_moves(game, seed, 120)
    text = pgn.write(notation, game.initial_state(), moves, {"White": "a", "Black": "b"})
    loaded = chess.pgn.read_game(io.StringIO(text))
    assert not loaded.errors
    assert [loaded.headers[t] for t in pgn.ROSTER][4:6] == ["a", "b"]
    board = loaded.end().board()
    state = game.initial_state()
    for move in moves:
        state = game.apply(state, move)
    assert board.fen() == notation.fen(state)
    start, read = pgn.play(notation, pgn.read(str(loaded)))   # python-chess's PGN, read back
    assert (start, read) == (game.initial_state(), moves)


def test_pgn_from_a_position_and_comments(game):
    notation = adapter(game)
    text = ('[Event "x"]\n[SetUp "1"]\n[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 40"]\n\n'
            '40. a8=Q+ {check} Kd7 (40... Kf7) $1 41. Qb7+ ; a comment\n 1-0\n')
    start, moves = pgn.play(notation, pgn.read(text))
    assert notation.fen(start) == "4k3/P7/8/8/8/8/8/4K3 w - - 0 40"
    assert len(moves) == 3
    written = pgn.write(notation, start, moves)
    assert '[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 40"]' in written and "40. a8=Q+ Kd7 41. Qb7+" \
        in written


def test_an_illegal_move_lists_the_legal_ones_in_its_own_notation(game):
    state = game.initial_state()
    with pytest.raises(IllegalMove) as san:
        game.parse_move(state, "Nf6")
    assert "Nf3" in san.value.legal and "e4" in san.value.legal
    with pytest.raises(IllegalMove) as uci:
        game.parse_move(state, "e2e5")
    assert "g1f3" in uci.value.legal and "e2e4" in uci.value.legal
    assert game.parse_move(state, "e2-e4") == game.parse_move(state, "e4")   # the game's own
    after = game.moves_after(["Nf3", "a6"])   # a beginning still reads: h1 is no SAN move here
    assert game.move_text(after, game.parse_move(after, "h1")) == "h1-g1"


@pytest.mark.parametrize("fen, field", [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "field 2 (side to move): 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "field 1 (piece placement)"),
    ("rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'z' in rank 7"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "field 3 (castling): 'KQxq'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "field 4 (en passant): 'e4'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1", "field 5 (halfmove clock)"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "field 6 (fullmove number)"),
])
def test_a_malformed_fen_names_its_field(game, fen, field):
    with pytest.raises(PositionError) as err:
        game.parse_position(fen)
    assert field in str(err.value) and "\n" not in str(err.value)


def test_epd_reads_and_writes(game):
    notation = adapter(game)
    state = game.parse_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - "
                                'id "after e4";')
    assert notation.epd(state) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"


@pytest.mark.parametrize("text, where", [
    ('[Event "x"\n\n1. e4 *', "PGN line 1"),
    ('[Event "x"]\n\n1. e4 {never closed\n', "PGN line 3, column 7"),
    ('[Event "x"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nf9 *',
     "PGN line 3, column 24, move 5: 'Nf9' is not a legal move"),
    ('[FEN "8/8/8 w - - 0 1"]\n\n*', "PGN tag FEN: FEN field 1"),
])
def test_a_malformed_pgn_says_where_and_keeps_what_was_played(game, text, where):
    notation = adapter(game)
    with pytest.raises(pgn.PgnError) as err:
        pgn.play(notation, pgn.read(text))
    assert where in str(err.value) and "\n" not in str(err.value)
    if "move 5" in where:   # the four moves before it are kept
        assert len(err.value.played) == 4 and err.value.start == game.initial_state()


def test_replay_exports_and_imports_pgn(game, tmp_path, capsys):
    state = game.initial_state()
    texts = []
    for move in _random_moves(game, 7, 30):
        texts.append(game.move_text(state, move))
        state = game.apply(state, move)
    record = records.Record("chess", records.rules_hash("chess"), {}, records.Start(),
                            ("random", "random"), tuple(texts), (0.0,) * len(texts), None, None)
    record.save(tmp_path / "g.json")
    assert main(["replay", str(tmp_path / "g.json"), "--pgn", str(tmp_path / "g.pgn")]) == 0
    board = chess.pgn.read_game(io.StringIO((tmp_path / "g.pgn").read_text())).end().board()
    assert board.fen() == adapter(game).fen(state)
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "g.pgn"), "--san"]) == 0
    shown = capsys.readouterr().out
    assert f"moves: {' '.join(texts)}" in shown and f"fen: {adapter(game).fen(state)}" in shown
    first = adapter(game).san(game.initial_state(), game.parse_move(game.initial_state(),
                                                                     texts[0]))
    assert f"1. White plays {texts[0]} ({first})" in shown


def test_a_human_player_types_san_and_a_mistake_loses_nothing(game):
    answers = iter(["Nf6", "Nf3"])
    out: list[str] = []
    player = HumanPlayer(input_fn=lambda _prompt: next(answers), output_fn=out.append)
    move = player.choose(game, game.initial_state())
    assert game.move_text(game.initial_state(), move) == "g1-f3"
    assert any("Nf6" in line for line in out)


@pytest.mark.parametrize("change, message", [
    (("pieces pawn king knight bishop rook queen", "pieces pawn king knight bishop rook man"),
     "no letter for man"),
    (("board 8 x 8", "board 10 x 8"), "8 x 8 board of 64 squares, not a 10 x 8 board"),
    (("notation chess", "notation xiangqi"), "no notation 'xiangqi' (known: chess, go, shogi, "
                                             "draughts, quoridor, havannah)"),
    (("notation chess", "notation shogi"), "shogi notation has no letter for 'queen'"),
    (("notation chess", "notation draughts"), "PDN writes men and kings: the kinds man and "
                                              "king"),
])
def test_a_game_the_notation_cannot_map_is_refused_at_the_statement(change, message):
    text = CHESS.read_text().replace(*change)
    if "man" in change[1]:
        text = text.replace("queen", "man")
    with pytest.raises(RulesError) as err:
        compile_text(text, "variant.gdl")
    assert message in str(err.value)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("notation"))
    assert f"variant.gdl:{line}:" in str(err.value)


def test_commands_and_the_api_read_san_uci_and_fen(capsys):
    assert main(["perft", "chess", "1", "--moves", "e4 e5 Nf3 Nc6 Bb5 a6 O-O g8f6"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "29"
    fen = "r1bqkb1r/1ppp1ppp/p1n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 2 5"
    assert main(["perft", "chess", "1", "--position", fen]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "29"
    assert main(["perft", "chess", "1", "--position", fen.replace(" w ", " x ")]) != 0
    assert "FEN field 2 (side to move): 'x'" in capsys.readouterr().err
    position = Position(load("chess")).play("e4").play("e7e5").play("Nf3")
    assert position.moves == ("e2-e4", "e7-e5", "g1-f3")   # written in the game's own texts


def test_replay_of_a_bad_pgn_is_one_line_keeping_the_moves_before(tmp_path, capsys):
    path = tmp_path / "bad.pgn"
    path.write_text('[Event "x"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nf9 *\n')
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "PGN line 3, column 24, move 5: 'Nf9' is not a legal move" in err
    assert err.endswith("(the 4 moves before it, for --moves: 'e2-e4 e7-e5 g1-f3 g8-f6')")
