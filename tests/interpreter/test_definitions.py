"""`define NAME(p, q): EXPR` (docs/language.md, definitions): the checker puts each use's
arguments in for the parameters, so the core and both back ends see plain expressions.

tests/data/rules/definitions.gdl (definitions taking cells, an owner word and a
direction, one using another) is checked against a plain generator of the same rules on
two board sizes, on both back ends; the same rules written out by hand compile to the
same IR; misuse is a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from gdl.catalog import compile_text
from gdl.errors import RulesError
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.perft import perft

from tests.interpreter.c.test_native import needs_cc

RULES = Path(__file__).parents[1] / "data" / "rules"
SOURCE = (RULES / "definitions.gdl").read_text()
ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


class Flanked:
    """The rules of definitions.gdl, by hand: a board is a dict cell -> player (0 or 1)."""

    def __init__(self, n: int):
        self.n = n
        self.cells = [(x, y) for y in range(n) for x in range(n)]

    def on(self, x: int, y: int) -> bool:
        return 0 <= x < self.n and 0 <= y < self.n

    def moves(self, board: dict, me: int) -> list[tuple[str, tuple[int, int]]]:
        out = []
        corners = {(0, 0), (0, self.n - 1), (self.n - 1, 0), (self.n - 1, self.n - 1)}
        for x, y in self.cells:
            if (x, y) in board:
                continue
            near = any(board.get((x + dx, y + dy)) == me for dx, dy in ORTHOGONAL)
            if (x, y) in corners or near:
                out.append(("place", (x, y)))
            if any(board.get((x + dx, y + dy)) == 1 - me and board.get((x + 2 * dx, y + 2 * dy))
                   == me for dx, dy in ORTHOGONAL):
                out.append(("capture", (x, y)))
        return out

    def apply(self, board: dict, me: int, move) -> dict:
        rule, (x, y) = move
        board = dict(board)
        board[(x, y)] = me
        if rule == "capture":
            for dx, dy in ORTHOGONAL:
                if board.get((x + dx, y + dy)) == 1 - me:
                    del board[(x + dx, y + dy)]
        return board

    def three(self, board: dict, who: int) -> bool:
        return any(all(board.get((x + k * dx, y + k * dy)) == who for k in range(3))
                   for x, y in self.cells for dx, dy in LINES)

    def perft(self, board: dict, me: int, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in self.moves(board, me):
            after = self.apply(board, me, move)
            # ends: the mover's three in a row wins; the next player's having no move draws
            over = self.three(after, me) or not self.moves(after, 1 - me)
            total += 1 if depth == 1 else (0 if over else self.perft(after, 1 - me, depth - 1))
        return total


@pytest.mark.parametrize("n, depth", [(4, 5), (5, 4)])
def test_definitions_count_what_a_plain_generator_counts(n, depth):
    game = compile_text(SOURCE, "definitions.gdl", {"n": str(n)})
    expected = [Flanked(n).perft({}, 0, d) for d in range(1, depth + 1)]
    assert [perft(game, game.initial_state(), d) for d in range(1, depth + 1)] == expected
    assert expected[-1] > 100


@needs_cc
@pytest.mark.parametrize("n, depth", [(4, 5), (5, 4)])
def test_definitions_count_the_same_in_c(n, depth):
    game = compile_text(SOURCE, "definitions.gdl", {"n": str(n)})
    native = NativeGame(game, per_call=True)
    start = game.initial_state()
    assert native.native_perft(start, depth) == Flanked(n).perft({}, 0, depth)


WRITTEN_OUT = """game "Flanked placements"
players A B
option n = 4
board n x n
move: place on empty and ((row 1 or row n) and (column 1 or column n) or
    (n is own or s is own or e is own or w is own))
move capture: place on n is enemy and n is n is own and empty or
    s is enemy and s is s is own and empty or e is enemy and e is e is own and empty or
    w is enemy and w is w is own and empty then
    remove (n is here or s is here or e is here or w is here) and enemy
end: mover wins if line 3 of own
end: draw if not moves
"""


def test_a_definition_lowers_to_what_it_stands_for():
    """The expansion is in the front end: the IR (and so the generated code) is the one of
    the rules written out."""
    defined = compile_text(SOURCE, "definitions.gdl")
    plain = compile_text(WRITTEN_OUT, "definitions.gdl")
    assert defined.ir.rules == plain.ir.rules and defined.ir.ends == plain.ir.ends
    assert defined.source == plain.source


HEADER = 'game "t"\nplayers A B\nboard 4 x 4\n'


@pytest.mark.parametrize("lines, where, message", [
    ("define f(c): f(c) or c", (4, 14), "definition 'f' uses itself"),
    ("define f(c): g(c)\ndefine g(c): f(c)", (4, 14), "definitions 'f' and 'g' use each other"),
    ("define f(c): g(c)\ndefine g(c): c", (4, 14), "'g' is defined later (at 5:1)"),
    ("define f(c, d): c or d\nmove: place on f(a1)", (5, 16), "'f' takes 2 arguments (c, d), "
                                                              "not 1"),
    ("define f(c, d): c or d\nmove: place on f", (5, 16), "'f' takes 2 arguments: write "
                                                          "`f(c, d)`"),
    ("define f: a1\nmove: place on f(a2)", (5, 16), "'f' takes no arguments: write `f`"),
    ("define count(c): c", (4, 8), "'count' is a built-in function; a definition needs a "
                                   "name of its own"),
    ("define f(A): A", (4, 10), "'A' is a player; a parameter needs a name of its own"),
    ("define f(empty): empty", (4, 10), "'empty' is a built-in name"),
    ("define f(c, c): c", (4, 13), "parameter 'c' is named twice"),
    ("define f(c): c + 1\ndefine f(c): c", (5, 8), "'f' is already declared"),
    ("define f(d): d is own\nmove: place on empty and f(a1 or a2)", (5, 28),
     "'f' uses its parameter 'd' as a direction: give a name there"),
    ("define f(c): count c + empty\nmove: place on empty and f(a1) > 0", (5, 26),
     "each side of '+' must be a number, not a set of cells; in definition 'f' "
     "(defined at 4:1)"),
    ("define g(c): c + empty\ndefine f(c): g(c) > 0\nmove: place on empty and f(1)", (6, 26),
     "in definition 'g' (defined at 4:1), used in definition 'f' (defined at 5:1)"),
    ("state v = 0\ndefine f: k > 1\nmove take k in 1..3: v = k if f", (6, 31),
     "definition 'f' (defined at 5:1) uses 'k', which this move binds"),
    ("define f: v > 1\nstate v = 0\nmove: place on empty and f", (6, 26),
     "definition 'f' (defined at 4:1) uses 'v', declared after it"),
    ("define f(c): c\nmove: place on f 1..2", (5, 16), "'f' is used as `f(c)`"),
    ("define f: a1\nstate f = 0", (5, 7), "'f' is already declared"),
    ("move: place on empty and f\ndefine f: a1", (4, 26), "'f' is defined later (at 5:1); a "
                                                         "definition comes before its uses"),
])
def test_misuse_is_a_located_error(lines, where, message):
    source = HEADER + lines + "\n" + ("" if "move" in lines else "move: place on empty\n") + \
        "end: draw if full\n"
    with pytest.raises(RulesError) as info:
        compile_text(source, "bad.gdl")
    assert message in info.value.message
    assert (info.value.pos.line, info.value.pos.column) == where, info.value


def test_a_direction_parameter_takes_a_per_player_direction():
    source = HEADER + ("direction ahead: A n, B s\ndefine beside(d): d is occupied\n"
                       "move: place on empty and (beside(ahead) or a1 or a4)\n"
                       "end: draw if full\n")
    game = compile_text(source, "d.gdl")
    # A: a1 or a4; B (ahead is s): the other corner, or the cell above a1 (a2)
    assert perft(game, game.initial_state(), 2) == 2 + 1


def test_a_direction_parameter_is_put_in_for_its_opposite_too():
    """`-d is X` in a body stands for the argument's opposite: `behind(e, X)` is `-e is X`,
    whatever the caller's direction variable is called (it once kept the body's `d`)."""
    rules = HEADER + "{}move: place on empty and {}\nend: draw if full\n"
    behind = "define behind(d, x): -d is x\n"
    for call, plain in [("behind(n, empty)", "-n is empty"),
                        ("(any c in n e: behind(c, empty))", "(any c in n e: -c is empty)"),
                        ("(any d in n e: any c in e w: behind(c, d is empty))",
                         "(any d in n e: any c in e w: -c is (d is empty))")]:
        defined = compile_text(rules.format(behind, call), "b.gdl")
        assert defined.ir.rules == compile_text(rules.format("", plain), "b.gdl").ir.rules
    game = compile_text(rules.format(behind, "(any c in n e: behind(c, empty))"), "b.gdl")
    assert perft(game, game.initial_state(), 1) == 15   # a neighbour s or w: all but a1


def test_a_call_is_a_functions_one_item():
    """`adjacent reach(own, empty)` is `adjacent (reach(own, empty))`."""
    rules = HEADER + "move: place on empty and {}\nend: draw if full\n"
    bare = compile_text(rules.format("adjacent reach(own, empty)"), "a.gdl")
    grouped = compile_text(rules.format("adjacent (reach(own, empty))"), "a.gdl")
    assert bare.ir.rules == grouped.ir.rules


EVERYWHERE = """game "Everywhere"
players solo
option n = 4
board n x n
pieces stone
define edge(k): row k or column k
define twice(v): 2 * v
region rim: {edge}
value stone = {twice}
state left = {twice}
move: place stone on empty and not rim then left -= 1 if here in {edge}
illegal: count (own and rim) > {twice}
heuristic: left - {twice} + 2
goal: no (empty and not rim)
"""


def test_a_definition_works_wherever_an_expression_does():
    """Regions, values, state, moves, effects, the filter, the heuristic: the IR is the one
    of the rules written out."""
    defined = EVERYWHERE.format(edge="edge(1)", twice="twice(1)")
    plain = EVERYWHERE.format(edge="(row 1 or column 1)", twice="(2 * 1)")
    a, b = compile_text(defined, "e.gdl"), compile_text(plain, "e.gdl")
    assert a.ir.rules == b.ir.rules and a.ir.illegal == b.ir.illegal
    assert a.ir.piece_values == b.ir.piece_values and a.ir.variables == b.ir.variables
    assert a.ir.heuristic.expr == b.ir.heuristic.expr
