"""Jump chains that take nothing (`hop`) and chains that may stop (`repeatedly at will`,
and `repeat jump`, straight multi-jumps), checked against plain generators of the same
rules on two board sizes, on both back ends (tests/data/rules/hop_chains.gdl and
stopping_chains.gdl); and their misuse is a located error."""

from __future__ import annotations

from pathlib import Path

import random

import pytest

from gdl.catalog import compile_text
from gdl.errors import RulesError
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.perft import perft

from tests.interpreter.c.lockstep import lockstep
from tests.interpreter.c.test_native import needs_cc

RULES = Path(__file__).parents[1] / "data" / "rules"
EIGHT = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
FOUR = EIGHT[:4]


class Board:
    """A plain board: cell (x, y) -> (player, kind); row 1 is y = 0."""

    def __init__(self, n: int):
        self.n = n

    def on(self, cell) -> bool:
        return 0 <= cell[0] < self.n and 0 <= cell[1] < self.n

    @staticmethod
    def plus(cell, d, k=1):
        return cell[0] + k * d[0], cell[1] + k * d[1]


class HopRace(Board):
    """hop_chains.gdl: steps to a neighbouring empty cell; hop chains over any other piece
    onto empty cells, each cell reached once a move; a peg on the far row wins."""

    def start(self) -> dict:
        n = self.n
        board = {(x, y): (0, "peg") for x in range(n) for y in (0, 1) if (x + y) % 2 == 0}
        board.update({(x, y): (1, "peg") for x in range(n) for y in (n - 2, n - 1)
                      if (x + y) % 2 == 1})
        return board

    def moves(self, board: dict, me: int) -> list:
        out = []
        for f, (who, _) in board.items():
            if who != me:
                continue
            out += [("step", f, t) for d in EIGHT
                    if self.on(t := self.plus(f, d)) and t not in board]
            seen, todo = {f}, [f]
            while todo:
                c = todo.pop()
                for d in EIGHT:
                    over, land = self.plus(c, d), self.plus(c, d, 2)
                    if over in board and over != f and self.on(land) and land not in board \
                            and land not in seen:
                        seen.add(land)
                        todo.append(land)
                        out.append(("hop", f, land))
        return out

    def apply(self, board: dict, me: int, move) -> dict:
        _, f, t = move
        board = dict(board)
        board[t] = board.pop(f)
        return board

    def over(self, board: dict, me: int) -> bool:
        goal = self.n - 1 if me == 0 else 0
        return any(who == me and cell[1] == goal for cell, (who, _) in board.items())


class StoppingChains(Board):
    """stopping_chains.gdl: men's capture chains (eight ways) that may stop after any jump,
    captured pieces leaving when the move ends; a king's straight jumps (n s e w) one to
    (n - 1) // 2 times, each taking at once; one-cell steps; who cannot move loses."""

    def start(self) -> dict:
        n = self.n
        board = {(x, y): (0, "man") for x in range(n) for y in (0, 1)
                 if (x + y) % 2 == 0 and (x, y) != (0, 0)}
        board[(0, 0)] = (0, "king")
        board.update({(x, y): (1, "man") for x in range(n) for y in (n - 2, n - 1)
                      if (x + y) % 2 == 1})
        return board

    def moves(self, board: dict, me: int) -> list:
        out: list = []
        for f, (who, kind) in sorted(board.items()):
            if who != me:
                continue
            out += [("step", f, t, ()) for d in FOUR
                    if self.on(t := self.plus(f, d)) and t not in board]
            if kind == "man":
                chains: set = set()
                stack = [(f, frozenset())]
                while stack:
                    c, cap = stack.pop()
                    if cap:
                        chains.add((f, c, cap))
                    for d in EIGHT:
                        over, land = self.plus(c, d), self.plus(c, d, 2)
                        if board.get(over, (me,))[0] != me and over not in cap and \
                                self.on(land) and (land not in board or land == f):
                            stack.append((land, cap | {over}))
                out += [("chain", a, b, tuple(sorted(cap))) for a, b, cap in chains]
            else:
                for d in FOUR:
                    c, taken = f, []
                    for _ in range((self.n - 1) // 2):
                        over, land = self.plus(c, d), self.plus(c, d, 2)
                        if over in board and board[over][0] != me and over not in taken and \
                                self.on(land) and (land not in board or land == f):
                            taken.append(over)
                            c = land
                            out.append(("line", f, c, tuple(taken)))
                        else:
                            break
        return out

    def apply(self, board: dict, me: int, move) -> dict:
        _, f, t, taken = move
        board = dict(board)
        piece = board.pop(f)
        for cell in taken:
            del board[cell]
        board[t] = piece
        return board

    def over(self, board: dict, me: int) -> bool:
        return not self.moves(board, 1 - me)


def plain_perft(rules, board: dict, me: int, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in rules.moves(board, me):
        after = rules.apply(board, me, move)
        if depth == 1:
            total += 1
        elif not rules.over(after, me):
            total += plain_perft(rules, after, 1 - me, depth - 1)
    return total


CASES = [("hop_chains", HopRace, 5, 3), ("hop_chains", HopRace, 6, 3),
         ("stopping_chains", StoppingChains, 5, 4), ("stopping_chains", StoppingChains, 6, 3)]


def _game(name: str, n: int):
    return compile_text((RULES / f"{name}.gdl").read_text(), f"{name}.gdl", {"n": str(n)})


@pytest.mark.parametrize("name, rules, n, depth", CASES)
def test_chains_count_what_a_plain_generator_counts(name, rules, n, depth):
    game, plain = _game(name, n), rules(n)
    expected = [plain_perft(plain, plain.start(), 0, d) for d in range(1, depth + 1)]
    assert [perft(game, game.initial_state(), d) for d in range(1, depth + 1)] == expected


@needs_cc
@pytest.mark.parametrize("name, rules, n, depth", CASES)
def test_chains_count_the_same_in_c(name, rules, n, depth):
    game, plain = _game(name, n), rules(n)
    native = NativeGame(game, per_call=True)
    assert native.native_perft(game.initial_state(), depth) == \
        plain_perft(plain, plain.start(), 0, depth)


def test_a_hop_prints_where_it_went_and_parses_back():
    game = _game("hop_chains", 5)
    state = game.initial_state()
    for _ in range(3):   # into the middle, where hops appear
        state = game.apply(state, game.legal_moves(state)[0])
    for move in game.legal_moves(state):
        text = game.move_text(state, move)
        assert "x" not in text and game.parse_move(state, text) == move


HEADER = 'game "t"\nplayers A B\nboard 5 x 5\npieces peg\nsetup A peg: a1\nsetup B peg: e5\n'


@pytest.mark.parametrize("line, message", [
    ("move: hop peg n over occupied to empty repeatedly", "a chain of hops may stop after any "
                                                          "hop: write `repeatedly at will`"),
    ("move: hop peg n over occupied to empty repeatedly by path at will", "'by path' is for "
                                                                          "chains that take"),
    ("move: repeat jump peg n over enemy to empty repeatedly", "'repeat' makes a straight "
                                                               "chain of jumps itself"),
])
def test_misused_chains_are_located_errors(line, message):
    with pytest.raises(RulesError, match=message) as info:
        compile_text(HEADER + line + "\nend: draw if full\n", "bad.gdl")
    assert info.value.pos.line == 7


HOP_KINGS = """game "Hop kings"
players A B
board 5 x 5
pieces king peg
setup A king: c1
setup B king: c5
setup A peg: a1 or b2 or d2 or e1
setup B peg: a5 or b4 or d4 or e5
move: step king n s e w ne nw se sw to not own
move: hop peg n s e w over occupied to not own
move: hop peg ne nw se sw over occupied to empty repeatedly at will
move: step peg n s e w to empty
illegal: attacked own king
end: mover wins if no enemy king
end: draw if plies >= 40
"""


@needs_cc
def test_a_hop_attacks_where_it_lands_on_both_back_ends():
    """A hop takes only what stands where it lands: `attacked` reads it by the general
    form, and both back ends list the same moves, game after game."""
    game = compile_text(HOP_KINGS, "hop_kings.gdl")
    native = NativeGame(game, per_call=True)
    start = game.initial_state()
    assert [perft(game, start, d) for d in (1, 2, 3)] == [17, 287, 4449]
    assert native.native_perft(start, 3) == 4449
    rng = random.Random(1)
    for _ in range(10):
        lockstep(game, native, rng)
