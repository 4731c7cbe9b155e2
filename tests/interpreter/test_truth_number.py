"""A truth value used as a number is 1 (true) or 0 (false): `total += 1 + (here in corner)`.

tests/data/rules/truth_number.gdl against a plain generator of the same rules on two
board sizes, on both back ends; and folded where it is constant."""

from __future__ import annotations

from pathlib import Path

import pytest

from gdl.catalog import compile_text
from gdl.interpreter.c.game import NativeGame
from gdl.interpreter.core import ir
from gdl.solvers.search.perft import perft

from tests.interpreter.c.test_native import needs_cc

SOURCE = (Path(__file__).parents[1] / "data" / "rules" / "truth_number.gdl").read_text()


def plain_perft(n: int, board: dict, total: int, me: int, depth: int) -> int:
    """truth_number.gdl by hand: each stone adds 1, 1 more on a corner, 1 less beside an
    enemy stone; reaching 5 wins, a full board draws."""
    if depth == 0:
        return 1
    count = 0
    corners = {(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)}
    for cell in ((x, y) for y in range(n) for x in range(n)):
        if cell in board:
            continue
        x, y = cell
        beside = any(board.get((x + dx, y + dy)) == 1 - me
                     for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)))
        after_total = total + 1 + (cell in corners) - beside
        after = {**board, cell: me}
        over = after_total >= 5 or len(after) == n * n
        if depth == 1:
            count += 1
        elif not over:   # a game over adds nothing deeper
            count += plain_perft(n, after, after_total, 1 - me, depth - 1)
    return count


@pytest.mark.parametrize("n, depth", [(3, 5), (4, 4)])
def test_truth_values_count_as_numbers_like_a_plain_generator(n, depth):
    game = compile_text(SOURCE, "truth_number.gdl", {"n": str(n)})
    expected = plain_perft(n, {}, 0, 0, depth)
    assert perft(game, game.initial_state(), depth) == expected


@needs_cc
@pytest.mark.parametrize("n, depth", [(3, 5), (4, 4)])
def test_truth_values_count_as_numbers_in_c(n, depth):
    game = compile_text(SOURCE, "truth_number.gdl", {"n": str(n)})
    native = NativeGame(game, per_call=True)
    assert native.native_perft(game.initial_state(), depth) == plain_perft(n, {}, 0, 0, depth)


def test_a_constant_truth_value_folds_to_its_number():
    game = compile_text('game "t"\nplayers A B\noption k = 2\nstate v = (k > 1) + (k > 5)\n'
                        'move add: v += 1\nend: draw if v > 3\n', "t.gdl")
    assert game.ir.variables[0].initial == 1
    (rule,) = game.ir.rules
    assert not any(isinstance(e, ir.Op) and e.op == "number" for e in ir.walk(rule))
