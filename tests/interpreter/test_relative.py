"""Cells relative to cells (docs/core.md, 4): `above X`, `below X`, `left of X`, `right of X`,
`before X`, `after X`. tests/data/rules/relative.gdl is checked against a plain generator of
the same rules below, on two board sizes and both back ends."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gdl.catalog import compile_text
from gdl.errors import RulesError
from gdl.solvers.search.perft import perft
from tests.interpreter.c.test_native import needs_cc

RULES = Path(__file__).parents[1] / "data" / "rules"


class Plain:
    """relative.gdl by hand: a board is a dict (x, y) -> player, cells ordered by (y, x)."""

    def __init__(self, width: int, height: int):
        self.w, self.h = width, height
        self.cells = [(x, y) for y in range(self.h) for x in range(self.w)]

    @staticmethod
    def above(cells):
        return lambda c: any(c[1] > o[1] for o in cells)

    @staticmethod
    def below(cells):
        return lambda c: any(c[1] < o[1] for o in cells)

    @staticmethod
    def left_of(cells):
        return lambda c: any(c[0] < o[0] for o in cells)

    @staticmethod
    def right_of(cells):
        return lambda c: any(c[0] > o[0] for o in cells)

    @staticmethod
    def before(cells):
        return lambda c: any((c[1], c[0]) < (o[1], o[0]) for o in cells)

    @staticmethod
    def after(cells):
        return lambda c: any((c[1], c[0]) > (o[1], o[0]) for o in cells)

    def moves(self, board: dict, p: int) -> list[dict]:
        own = [c for c, q in board.items() if q == p]
        enemy = [c for c, q in board.items() if q != p]
        empty = [c for c in self.cells if c not in board]
        rules = [
            lambda c: self.above(own)(c) and not self.right_of(enemy)(c),
            lambda c: self.before(enemy)(c) and self.left_of(own)(c),
            lambda c: self.below(enemy)(c) and self.after(own)(c),
        ]
        return [{**board, c: p} for rule in rules for c in empty if rule(c)]

    def over(self, board: dict, p: int) -> bool:
        own = [c for c, q in board.items() if q == p]
        enemy = [c for c, q in board.items() if q != p]
        won = sum(1 for c in own if self.right_of(enemy)(c) and self.above(enemy)(c)) >= 2
        return won or len(board) == len(self.cells)

    def perft(self, board: dict, p: int, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(1 if depth == 1 else 0 if self.over(after, p) else
                   self.perft(after, 1 - p, depth - 1) for after in self.moves(board, p))


def game(width: int, height: int):
    return compile_text((RULES / "relative.gdl").read_text(), "relative.gdl",
                        {"width": str(width), "height": str(height)})


def start(plain: Plain) -> dict:
    return {(1, 1): 0, (2, 2): 1}


def board_of(plain: Plain, text: str) -> dict:
    """`..../..B./.A../.... A`: the top row first, each stone by its player's name."""
    return {(x, plain.h - 1 - i): "AB".index(ch)
            for i, row in enumerate(text.split()[0].split("/"))
            for x, ch in enumerate(row) if ch != "."}


@pytest.mark.parametrize("width, height", [(4, 4), (5, 3)])
def test_perft_equals_a_plain_generator(width, height):
    g, plain = game(width, height), Plain(width, height)
    for depth in (1, 2, 3, 4):
        assert perft(g, g.initial_state(), depth) == plain.perft(start(plain), 0, depth)


@pytest.mark.parametrize("width, height", [(4, 4), (5, 3)])
def test_random_positions_list_the_plain_moves(width, height):
    g, plain = game(width, height), Plain(width, height)
    rng = random.Random(29)
    for _ in range(30):
        state = g.initial_state()
        for _ in range(rng.randrange(6)):
            moves = list(g.legal_moves(state))
            if not moves or g.is_terminal(state):
                break
            state = g.apply(state, rng.choice(moves))
        if g.is_terminal(state):
            continue
        board = board_of(plain, g.position_text(state))
        assert perft(g, state, 2) == plain.perft(board, g.current_player(state), 2)


@needs_cc
@pytest.mark.parametrize("width, height", [(4, 4), (5, 3)])
def test_the_native_back_end_counts_the_same(width, height):
    from gdl.interpreter.c.game import NativeGame
    g = game(width, height)
    native = NativeGame(g, per_call=True)
    for depth in (1, 2, 3, 4):
        assert native.native_perft(g.initial_state(), depth) == perft(g, g.initial_state(),
                                                                      depth)


def test_a_constant_is_folded():
    g = game(4, 4)
    source = (RULES / "relative.gdl").read_text().replace(
        "move high: place on empty and below enemy and after own",
        "move high: place on empty and after c3 and left of b4 and right of a1 and below a4")
    folded = compile_text(source, "relative.gdl")
    assert folded is not None and g is not None


@pytest.mark.parametrize("expression, message", [
    ("above 3", "what 'above' is measured from must be a set of cells"),
    ("left of 2", "what 'left of' is measured from must be a set of cells"),
])
def test_misuse_is_a_located_error(expression, message):
    source = (RULES / "relative.gdl").read_text().replace(
        "above own and not right of enemy", expression)
    with pytest.raises(RulesError, match=message):
        compile_text(source, "bad.gdl")
