"""Boards that wrap round (docs/core.md, 1): `board W x H wrap columns` (a cylinder) and
`board W x H wrap` (a torus), and a ring of links that goes on round the board
(`links a1-b1-c1-d1-a1`). tests/data/rules/wrap_cylinder.gdl and wrap_torus.gdl are checked
against a plain generator of the same rules below, on two board sizes and both back ends."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gdl.catalog import compile_text
from gdl.errors import RulesError
from gdl.solvers.search.perft import perft
from tests.interpreter.c.test_native import needs_cc

RULES = Path(__file__).parents[1] / "data" / "rules"
ROOK, MAN = "rook", "man"


class Plain:
    """The rules of wrap_*.gdl written out by hand: cells (x, y), a dict of what stands
    where, coordinates taken modulo the wrapped sides."""

    def __init__(self, width: int, height: int, wrap_rows: bool):
        self.w, self.h, self.wrap_rows = width, height, wrap_rows

    def at(self, x: int, y: int) -> tuple[int, int] | None:
        x %= self.w
        if self.wrap_rows:
            y %= self.h
        return (x, y) if 0 <= y < self.h else None

    def start(self) -> tuple[dict, int]:
        return {(0, 0): (0, ROOK), (2, self.h - 1): (1, ROOK)}, 0

    def line3(self, board: dict, p: int) -> bool:
        for (x, y), (owner, _) in board.items():
            if owner != p:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                run = [(x, y)]
                while len(run) < 3:
                    nxt = self.at(run[-1][0] + dx, run[-1][1] + dy)
                    if nxt is None or nxt in run or board.get(nxt, (None,))[0] != p:
                        break
                    run.append(nxt)
                if len(run) == 3:
                    return True
        return False

    def over(self, board: dict, mover: int) -> bool:
        return self.line3(board, mover) or len(board) == self.w * self.h

    def moves(self, board: dict, p: int) -> list[dict]:
        """The positions after each move, in no particular order (one per distinct move)."""
        out = []
        for cell, (owner, kind) in board.items():
            if owner != p:
                continue
            if kind == ROOK:
                seen = {cell}
                for d in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                    at = self.at(cell[0] + d[0], cell[1] + d[1])
                    while at is not None and at != cell:
                        if board.get(at, (None,))[0] != p and at not in seen:
                            seen.add(at)
                            out.append(self.moved(board, cell, at, None))
                        if at in board:
                            break
                        at = self.at(at[0] + d[0], at[1] + d[1])
            else:
                for d in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                    at = self.at(cell[0] + d[0], cell[1] + d[1])
                    if at is not None and at not in board:
                        out.append(self.moved(board, cell, at, None))
                for d in ((1, 0), (-1, 0)):
                    over = self.at(cell[0] + d[0], cell[1])
                    land = over and self.at(over[0] + d[0], over[1])
                    if land and land not in board and board.get(over, (p,))[0] != p:
                        out.append(self.moved(board, cell, land, over))
        for y in range(self.h):
            for x in range(self.w):
                if (x, y) in board:
                    continue
                near = [self.at(x + dx, y + dy) for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))]
                if any(n is not None and board.get(n, (None,))[0] == p for n in near):
                    out.append({**board, (x, y): (p, MAN)})
        return out

    @staticmethod
    def moved(board: dict, start, to, taken) -> dict:
        after = {c: v for c, v in board.items() if c not in (start, taken)}
        after[to] = board[start]
        return after

    def perft(self, board: dict, p: int, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for after in self.moves(board, p):
            total += 1 if depth == 1 else (0 if self.over(after, p) else
                                           self.perft(after, 1 - p, depth - 1))
        return total


def from_text(plain: Plain, text: str) -> dict:
    """A plain board from gdl's position text (`..r../...../R.... A`: the top row first,
    the first player's pieces in capitals)."""
    board = {}
    for i, row in enumerate(text.split()[0].split("/")):
        for x, ch in enumerate(row):
            if ch != ".":
                owner = 0 if ch.isupper() else 1
                board[x, plain.h - 1 - i] = (owner, ROOK if ch.lower() == "r" else MAN)
    return board


def game(name: str, width: int, height: int):
    return compile_text((RULES / f"{name}.gdl").read_text(), f"{name}.gdl",
                        {"width": str(width), "height": str(height)})


CASES = [("wrap_cylinder", 5, 4), ("wrap_cylinder", 4, 3), ("wrap_torus", 5, 4),
         ("wrap_torus", 3, 3)]


@pytest.mark.parametrize("name, width, height", CASES)
def test_perft_equals_a_plain_generator(name, width, height):
    g = game(name, width, height)
    plain = Plain(width, height, name == "wrap_torus")
    board, p = plain.start()
    for depth in (1, 2, 3):
        assert perft(g, g.initial_state(), depth) == plain.perft(board, p, depth), depth


@pytest.mark.parametrize("name, width, height", CASES)
def test_random_positions_list_the_plain_moves(name, width, height):
    g = game(name, width, height)
    plain = Plain(width, height, name == "wrap_torus")
    rng = random.Random(29)
    for _ in range(20):
        state = g.initial_state()
        for _ in range(rng.randrange(12)):
            moves = list(g.legal_moves(state))
            if not moves or g.is_terminal(state):
                break
            state = g.apply(state, rng.choice(moves))
        if g.is_terminal(state):
            continue
        board = from_text(plain, g.position_text(state))
        mover = g.current_player(state)
        assert len(list(g.legal_moves(state))) == len(plain.moves(board, mover))
        assert perft(g, state, 2) == plain.perft(board, mover, 2)


@needs_cc
@pytest.mark.parametrize("name, width, height", CASES)
def test_the_native_back_end_counts_the_same(name, width, height):
    from gdl.interpreter.c.game import NativeGame
    g = game(name, width, height)
    native = NativeGame(g, per_call=True)
    for depth in (1, 2, 3, 4):
        assert native.native_perft(g.initial_state(), depth) == perft(g, g.initial_state(),
                                                                      depth)


def test_a_slide_round_a_torus_stops_where_it_began():
    g = compile_text("""game "t"
players A B
board 4 x 4 wrap
pieces rook
setup A rook: a1
move: slide rook n s e w to empty
move: ride n e from empty and b2 to empty
end: draw if plies > 3
""", "t.gdl")
    # the rook: three cells up its column and three along its row; the ride from b2 (empty)
    # goes round its column and its row and stops before b2 again
    assert len(list(g.legal_moves(g.initial_state()))) == 6 + 6


def test_the_symmetries_of_a_cylinder_are_checked():
    source = (RULES / "wrap_cylinder.gdl").read_text()
    with pytest.raises(RulesError, match="transpose"):
        compile_text(source.replace("symmetry mirror", "symmetry transpose"), "t.gdl",
                     {"width": "4", "height": "4"})
    torus = (RULES / "wrap_torus.gdl").read_text()
    compile_text(torus.replace("symmetry mirror", "symmetry transpose"), "t.gdl",
                 {"width": "4", "height": "4"})


def test_a_ring_of_links_goes_on_round_the_board():
    g = compile_text("""game "ring"
players A B
board 4 x 1 links a1-b1-c1-d1-a1
pieces rook
setup A rook: a1
move: step rook e to empty
move: place on empty and adjacent own
end: draw if plies > 3
end: A wins if line 4 of A
""", "ring.gdl")
    geo = g.ir.geometry
    assert geo.name(geo.neighbour(geo.names["d1"], 1, 0)) == "a1"   # d1's east is a1
    assert geo.name(geo.neighbour(geo.names["a1"], -1, 0)) == "d1"
    texts = sorted(g.move_text(g.initial_state(), m) for m in g.legal_moves(g.initial_state()))
    assert len(texts) == 3   # the step to b1, and places on b1 and d1


class PlainCheck:
    """wrap_check.gdl by hand: kings, rooks and knights on a wrapped 6 x 6 board; a move
    must not leave the mover's king attacked (by any move of the other side)."""

    KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    ROOK = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    KNIGHT = [(a * sx, b * sy) for a, b in ((1, 2), (2, 1)) for sx in (1, -1) for sy in (1, -1)]

    def __init__(self, torus: bool):
        self.plain = Plain(6, 6, torus)

    def pseudo(self, board: dict, p: int) -> list[tuple]:
        out = []
        for cell, (owner, kind) in board.items():
            if owner != p:
                continue
            if kind == "r":
                seen = {cell}
                for d in self.ROOK:
                    at = self.plain.at(cell[0] + d[0], cell[1] + d[1])
                    while at is not None and at != cell:
                        if board.get(at, (None,))[0] != p and at not in seen:
                            seen.add(at)
                            out.append((cell, at))
                        if at in board:
                            break
                        at = self.plain.at(at[0] + d[0], at[1] + d[1])
                continue
            for d in self.KING if kind == "k" else self.KNIGHT:
                at = self.plain.at(cell[0] + d[0], cell[1] + d[1])
                if at is not None and board.get(at, (None,))[0] != p:
                    out.append((cell, at))
        return out

    def attacked(self, board: dict, p: int) -> bool:
        king = next(c for c, v in board.items() if v == (p, "k"))
        return any(to == king for _, to in self.pseudo(board, 1 - p))

    def moves(self, board: dict, p: int) -> list[dict]:
        out = []
        for start, to in self.pseudo(board, p):
            after = {c: v for c, v in board.items() if c != start}
            after[to] = board[start]
            if not self.attacked(after, p):
                out.append(after)
        return out

    def perft(self, board: dict, p: int, depth: int) -> int:
        found = self.moves(board, p)
        if depth == 1:
            return len(found)
        return sum(self.perft(a, 1 - p, depth - 1) for a in found)


@pytest.mark.parametrize("torus", [False, True])
def test_check_round_the_board_equals_a_plain_generator(torus):
    source = (RULES / "wrap_check.gdl").read_text()
    if torus:
        source = source.replace("wrap columns", "wrap")
    g = compile_text(source, "wrap_check.gdl")
    plain = PlainCheck(torus)
    board = {}
    for i, row in enumerate(g.position_text(g.initial_state()).split()[0].split("/")):
        for x, ch in enumerate(row):
            if ch != ".":
                board[x, 5 - i] = (0 if ch.isupper() else 1, ch.lower())
    for depth in (1, 2, 3):
        assert perft(g, g.initial_state(), depth) == plain.perft(board, 0, depth)


@needs_cc
def test_check_round_the_board_counts_the_same_in_c():
    from gdl.interpreter.c.game import NativeGame
    g = compile_text((RULES / "wrap_check.gdl").read_text(), "wrap_check.gdl")
    native = NativeGame(g, per_call=True)
    for depth in (1, 2, 3):
        assert native.native_perft(g.initial_state(), depth) == perft(g, g.initial_state(),
                                                                      depth)


def test_a_slide_round_a_ring_of_links_stops_where_it_began():
    g = compile_text("""game "ring slide"
players A B
board 4 x 1 links a1-b1-c1-d1-a1
pieces rook
setup A rook: a1
move: slide rook e w to empty
move: ride e from b1 and empty to empty
end: draw if plies > 2
""", "ring.gdl")
    # the rook reaches b1, c1 and d1 once each; the ride from b1 goes c1, d1 and stops at a1
    assert len(list(g.legal_moves(g.initial_state()))) == 3 + 2
