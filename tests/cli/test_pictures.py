"""The terminal picture (`gdl play`, `print(position)`) and the notebook SVG: distinct
letters per kind, a go board's points, bookkeeping only on request, pictures for every
board kind, White's pieces white. The position text never changes with them."""

from __future__ import annotations

import io
import re

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.interpreter.core import picture_style
from gdl.position import Position


def test_chess_letters_are_distinct_and_bookkeeping_hidden():
    position = Position(catalog.load("chess"))
    picture = str(position).splitlines()
    assert picture[0] == " 8 r n b q k b n r" and picture[1] == " 7 p p p p p p p p"
    assert picture[6] == " 2 P P P P P P P P" and picture[7] == " 1 R N B Q K B N R"
    assert picture[-1] == "White to move" and picture[-2] == "   a b c d e f g h"
    details = position.game.render(position.state, details=True)
    assert "rights: a1 h1 a8 h8" in details and "plies: 0" in details
    assert position.text == ("rnbqkbnr/pppppppp/......../......../......../......../"
                             "PPPPPPPP/RNBQKBNR White rights=a1,h1,a8,h8 ep=none reset=0 plies=0")


@pytest.mark.parametrize("game", ["chess", "shogi", "draughts", "uttt", "sokoban", "amazons",
                                  "pocket_cube_stickers", "rush_hour", "dots_and_boxes"])
def test_no_two_pieces_share_a_letter(game):
    rules = catalog.load(game).ir
    letters = picture_style.letters(rules)
    assert len(set(letters.values())) == len(letters), letters


def test_a_go_board_joins_its_points_and_keeps_ko_for_details():
    position = Position(catalog.load("go"), ["e5"])
    rows = str(position).splitlines()
    assert rows[4] == " 5 +-+-+-+-B-+-+-+-+" and rows[-1] == "White to move"
    assert not any(word in str(position) for word in ("ko:", "plies:", "passes:"))
    assert "ko: none" in position.game.render(position.state, details=True)


def test_hands_and_heaps_stay_in_the_picture():
    assert "Black holds: nothing" in str(Position(catalog.load("shogi")))
    assert str(Position(catalog.load("nim"))) == "heap: (3, 4, 5)\nFirst to move"


def test_play_details_flag_and_word(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("details\nquit\n"))
    assert main(["play", "chess", "--players", "human,human"]) == 0
    out = capsys.readouterr().out
    assert out.count("rights: a1 h1 a8 h8") == 1   # the word: once; the boards: never
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "chess", "--players", "human,human", "--details"]) == 0
    assert "plies: 0" in capsys.readouterr().out


@pytest.mark.parametrize("game, needle", [
    ("chess", "♚"), ("shogi", "玉"), ("go", "<line"), ("hex", 'class="goal"'),
    ("nine_mens_morris", "<line"), ("mancala", ">4</text>"), ("eight_puzzle", ">8</text>"),
    ("hanoi", "<rect"), ("peg_solitaire", "<circle")])
def test_every_board_kind_has_an_svg_picture(game, needle):
    svg = Position(catalog.load(game))._repr_svg_()
    assert svg is not None and svg.startswith("<svg") and needle in svg


def test_white_pieces_are_white_in_svg():
    svg = Position(catalog.load("chess"))._repr_svg_()
    fills = dict(re.findall(r'fill="(#[0-9a-f]{6})"[^>]*class="piece">(.)</text>', svg))
    assert fills["#f4f4f4"] in "♚♛♜♝♞♟" and fills["#1d1d1d"] in "♚♛♜♝♞♟"
    first = re.search(r'fill="(#[0-9a-f]{6})"[^>]*class="piece">', svg)
    assert first is not None and first.group(1) == "#f4f4f4"   # a1 first: White's rook


@pytest.mark.parametrize("game, board, glyphs", [
    ("chess", "squares", "chess"), ("shogi", "squares", "shogi"), ("go", "intersections", "stones"),
    ("gomoku", "intersections", "stones"), ("othello", "squares", "stones"),
    ("tictactoe", "squares", "discs"), ("hex", "hex", "stones"),
    ("nine_mens_morris", "links", "discs"), ("mancala", "pits", "discs"),
    ("draughts", "squares", "discs")])
def test_board_kinds_and_glyph_sets_come_from_the_rules(game, board, glyphs):
    compiled = catalog.load(game)
    style = picture_style.style(compiled.ir, compiled.geometry)
    assert (style.board, style.glyphs) == (board, glyphs)


def test_hex_goal_edges_are_the_rows_and_columns_to_connect():
    compiled = catalog.load("hex", {"size": 5})
    geo = compiled.geometry
    edges = {(p, frozenset(geo.name(c) for c in cells)) for p, cells in compiled.style().goals}
    assert edges == {(0, frozenset(f"{x}1" for x in "abcde")),
                     (0, frozenset(f"{x}5" for x in "abcde")),
                     (1, frozenset(f"a{y}" for y in range(1, 6))),
                     (1, frozenset(f"e{y}" for y in range(1, 6)))}
