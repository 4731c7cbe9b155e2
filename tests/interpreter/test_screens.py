"""The slide past a counted screen (`slide ... past N of S to Y`, docs/core.md 3) against a
plain hand-written reference, on two board sizes and with one and two screens, on both back
ends: tests/data/rules/cannons.gdl, xiangqi's cannon (passes exactly N pieces, takes the first
piece beyond) beside janggi's (passes one piece that is no jumper, lands on any empty cell
beyond or takes the first piece there). A position is a dict (x, y) -> (player, kind)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gdl import catalog
from gdl.catalog import compile_text
from gdl.errors import GdlError
from gdl.interpreter.c.backend import with_backend
from tests.interpreter.test_counted_travel import compare, name
from tests.marks import cases

RULES = Path(__file__).resolve().parent.parent / "data" / "rules" / "cannons.gdl"
STRAIGHT = [(0, 1), (0, -1), (1, 0), (-1, 0)]
START = {"a1": (0, "cannon"), "e2": (0, "cannon"), "c1": (0, "jumper"), "b2": (0, "stone"),
         "d3": (0, "stone"), "a5": (1, "cannon"), "d5": (1, "cannon"), "e5": (1, "jumper"),
         "b4": (1, "stone"), "c4": (1, "stone"), "e4": (1, "stone"), "f1": (0, "king"),
         "f5": (1, "king")}


class Cannons:
    """The rules of cannons.gdl, written from its prose."""

    def __init__(self, width, height, screens, limit=8):
        self.width, self.height, self.screens, self.limit = width, height, screens, limit

    def start(self):
        board = {(ord(c[0]) - ord("a"), int(c[1:]) - 1): v for c, v in START.items()}
        return (frozenset(board.items()), 0, 0)

    def inside(self, c):
        return 0 <= c[0] < self.width and 0 <= c[1] < self.height

    def winner(self, s):
        board, mover = dict(s[0]), 1 - s[1]
        if not any(v == (1 - mover, "cannon") for v in board.values()):
            return mover
        if not self.legal(s):
            return mover
        return None

    def over(self, s):
        return self.winner(s) is not None or s[2] >= self.limit

    def result(self, s):
        w = self.winner(s)
        return 0 if w is None else (1 if w == 0 else -1)

    def landings(self, board, cell, kind, player):
        """The cells a piece of `kind` on `cell` may land on, direction by direction."""
        out = []
        for dx, dy in STRAIGHT:
            ray, c = [], (cell[0] + dx, cell[1] + dy)
            while self.inside(c):
                ray.append(c)
                c = (c[0] + dx, c[1] + dy)
            if kind in ("stone", "king"):
                out += [c for c in ray[:1] if board.get(c, (None,))[0] != player]
                if kind == "stone" and len(ray) > 1 and ray[0] not in board and \
                        board.get(ray[1], (player,))[0] != player:
                    out.append(ray[1])   # two cells over an empty one onto an enemy
                continue
            if kind == "cannon":   # a rook's move onto empty cells
                for c in ray:
                    if c in board:
                        break
                    out.append(c)
            need = self.screens if kind == "cannon" else 1
            passed = 0
            for c in ray:
                if c not in board:
                    if passed == need and kind == "jumper":
                        out.append(c)
                    continue
                if passed == need:   # the first piece beyond the screens
                    owner, other = board[c]
                    if owner != player and (kind == "cannon" or other != "jumper"):
                        out.append(c)
                    break
                if kind == "jumper" and board[c][1] == "jumper":
                    break   # a jumper is no screen for a jumper
                passed += 1
        return out

    def attacked(self, board, cell, player):
        """Whether a piece of `player` on `cell` could be taken by the other player."""
        return any(cell in self.landings(board, c, kind, owner)
                   for c, (owner, kind) in board.items() if owner != player)

    def moves(self, s):
        return [] if self.over(s) else self.legal(s)

    def legal(self, s):
        """The moves that do not leave the mover's king attacked."""
        player = s[1]
        out = []
        for text, after in self.pseudo(s):
            board = dict(after[0])
            kings = [c for c, v in board.items() if v == (player, "king")]
            if not any(self.attacked(board, king, player) for king in kings):
                out.append((text, after))
        return out

    def pseudo(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        out = []
        for cell, (owner, kind) in board.items():
            if owner != player:
                continue
            for to in self.landings(board, cell, kind, player):
                after = {c: v for c, v in board.items() if c != cell}
                after[to] = (player, kind)
                out.append((f"{name(cell)}-{name(to)}", (frozenset(after.items()), 1 - player,
                                                        plies + 1)))
        return out


def on(backend, game):
    if backend == "python":
        return game
    try:
        return with_backend(game, "native")
    except GdlError:
        pytest.skip("no C compiler")


@pytest.mark.parametrize("backend", ["python", "native"])
@pytest.mark.parametrize("width, height, screens", cases([(6, 5, 1), (7, 6, 1), (7, 6, 2)],
                                                         {(7, 6, 1), (7, 6, 2)}))
def test_a_slide_past_a_counted_screen(backend, width, height, screens):
    options = {"width": str(width), "height": str(height), "screens": str(screens)}
    game = on(backend, catalog.load(str(RULES), options))
    counts = compare(Cannons(width, height, screens), game, 3, samples=20)
    assert counts[0] > 10


def test_no_screen_is_a_plain_slide():
    """Past 0 screens the cannon's capture is a rook's: the first piece met."""
    game = catalog.load(str(RULES), {"screens": "0"})
    hand = Cannons(6, 5, 0)
    compare(hand, game, 3, samples=5, seed=random.Random(2).randrange(100))


@pytest.mark.parametrize("backend", ["python", "native"])
def test_a_count_read_per_piece_takes_the_general_attack_form(backend):
    """A number of screens read per piece (here always 1, but not a constant) makes
    `attacked` ask the opponent's moves instead of walking back: the same counts."""
    text = RULES.read_text().replace("past screens of", "past (1 + 0 * count (axis origin)) of")
    assert text != RULES.read_text()
    game = compile_text(text, str(RULES))
    source = game.source[game.source.index("def attacked"):]
    assert "pseudo(" in source[:source.index("\ndef ")]   # the general form
    compare(Cannons(6, 5, 1), on(backend, game), 3, samples=10)
