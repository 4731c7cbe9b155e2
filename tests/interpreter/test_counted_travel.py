"""Lines of action's constructs on other boards, each checked against a plain hand-written
reference (docs/core.md, 3 and 4): a slide of a counted length (`slide ... by N over X`),
the line through a cell along a direction (`axis`), one group (`connected`) and the links
groups connect along (`links`).

The references are written from the rules' prose: a position is a dict (x, y) -> player,
a board a set of (x, y) cells with its directions as (dx, dy) steps.
"""

from __future__ import annotations

import random

import pytest

from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft

SQUARE = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
ORTHOGONAL = [(0, 1), (1, 0), (0, -1), (-1, 0)]
HEX = [(1, 0), (-1, 0), (0, 1), (-1, 1), (1, -1), (0, -1)]   # e w ne nw se sw (axial)


def name(cell):
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


def square_board(width, height):
    return {(x, y) for x in range(width) for y in range(height)}


def hexagon_board(n):
    """A hexagon of side n in axial coordinates, as gdl lays it out (its centre at n-1, n-1)."""
    c = n - 1
    return {(x, y) for x in range(2 * n - 1) for y in range(2 * n - 1)
            if max(abs(x - c), abs(y - c), abs(x + y - 2 * c)) <= c}


class Counted:
    """Men move exactly as many cells as there are men on the whole line they move along,
    over empty cells and their own men, onto an empty cell or an enemy man; who makes one
    group (along `links`) wins, the mover first; a draw after `limit` plies."""

    def __init__(self, cells, directions, links, start, limit):
        self.cells, self.directions, self.links = cells, directions, links
        self.start_board, self.limit = start, limit

    def start(self):
        return (frozenset(self.start_board.items()), 0, 0)

    def on_line(self, board, cell, d):
        count = 1
        for sx, sy in (d, (-d[0], -d[1])):
            x, y = cell[0] + sx, cell[1] + sy
            while (x, y) in self.cells:
                count += (x, y) in board
                x, y = x + sx, y + sy
        return count

    def one_group(self, board, player):
        mine = {c for c, o in board.items() if o == player}
        if not mine:
            return False
        seen, todo = set(), [next(iter(mine))]
        while todo:
            c = todo.pop()
            if c in seen:
                continue
            seen.add(c)
            todo += [(c[0] + dx, c[1] + dy) for dx, dy in self.links
                     if (c[0] + dx, c[1] + dy) in mine]
        return seen == mine

    def winner(self, s):
        board, mover = dict(s[0]), 1 - s[1]
        for player in (mover, 1 - mover):
            if self.one_group(board, player):
                return player
        return None

    def over(self, s):
        return self.winner(s) is not None or s[2] >= self.limit

    def result(self, s):
        w = self.winner(s)
        return 0 if w is None else (1 if w == 0 else -1)

    def moves(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        out = []
        for cell, owner in board.items():
            if owner != player:
                continue
            for d in self.directions:
                n = self.on_line(board, cell, d)
                path = [(cell[0] + i * d[0], cell[1] + i * d[1]) for i in range(1, n + 1)]
                if not all(c in self.cells for c in path):
                    continue
                if any(board.get(c) == 1 - player for c in path[:-1]):
                    continue
                if board.get(path[-1]) == player:
                    continue
                after = {c: o for c, o in board.items() if c != cell}
                after[path[-1]] = player
                out.append((f"{name(cell)}-{name(path[-1])}",
                            (frozenset(after.items()), 1 - player, plies + 1)))
        return out


def hand_perft(game, state, depth):
    if depth == 0:
        return 1
    if game.over(state):
        return 0
    return sum(hand_perft(game, after, depth - 1) for _, after in game.moves(state))


def compare(hand, compiled, depth, samples=30, seed=1):
    """Equal perft to `depth`, and equal move texts and results along seeded random games."""
    start = compiled.initial_state()
    ours = [perft(compiled, start, d) for d in range(1, depth + 1)]
    assert ours == [hand_perft(hand, hand.start(), d) for d in range(1, depth + 1)]
    rng = random.Random(seed)
    for _ in range(samples):
        s, h = start, hand.start()
        while True:
            texts = sorted(compiled.move_text(s, m) for m in compiled.legal_moves(s))
            expected = [] if hand.over(h) else sorted(t for t, _ in hand.moves(h))
            assert texts == expected, (compiled.render(s), texts, expected)
            if not texts:
                if hasattr(hand, "result"):
                    assert compiled.returns(s)[0] == hand.result(h), compiled.render(s)
                break
            text = rng.choice(texts)
            s = compiled.apply(s, compiled.parse_move(s, text))
            h = dict(hand.moves(h))[text]
    return ours


SQUARE_RULES = """game "Counted"
players A B
pieces man
board 6 x 5
direction any: n ne e se s sw w nw
{links}
setup A man: b1 or d1 or f3 or c3
setup B man: a3 or c5 or f5
move: slide man any by count(occupied and axis origin) over not enemy to not own
end: mover wins if connected own
end: opponent wins if connected enemy
end: draw if plies >= 14
"""

HEX_RULES = """game "Counted hex"
players A B
pieces man
board hex hexagon 3
direction any: e w ne nw se sw
setup A man: c1 or e1 or e3
setup B man: a5 or c5 or a3
move: slide man any by count(occupied and axis origin) over not enemy to not own
end: mover wins if connected own
end: opponent wins if connected enemy
end: draw if plies >= 14
"""


@pytest.mark.parametrize("links, steps", [("links any", SQUARE), ("", ORTHOGONAL)],
                         ids=["eight links", "four links"])
def test_a_slide_as_long_as_its_line_is_full_on_a_rectangle(links, steps):
    cells = square_board(6, 5)
    start = {(1, 0): 0, (3, 0): 0, (5, 2): 0, (2, 2): 0, (0, 2): 1, (2, 4): 1, (5, 4): 1}
    hand = Counted(cells, SQUARE, steps, start, 14)
    counts = compare(hand, compile_text(SQUARE_RULES.format(links=links)), 3)
    assert counts[0] == 15


def test_a_slide_as_long_as_its_line_is_full_on_a_hexagon():
    cells = hexagon_board(3)
    start = {(2, 0): 0, (4, 0): 0, (4, 2): 0, (0, 4): 1, (2, 4): 1, (0, 2): 1}
    hand = Counted(cells, HEX, HEX, start, 14)
    compare(hand, compile_text(HEX_RULES), 3)


AXIS_RULES = """game "Axis"
players A B
pieces man
board 5 x 4
setup A man: b2
setup B man: d3
move: place on empty and axis(own, ne) and not axis(enemy, e)
end: draw if plies >= 4
"""


def test_the_line_through_cells_along_a_named_direction():
    cells = square_board(5, 4)

    class Axis:
        def start(self):
            return (frozenset({(1, 1): 0, (3, 2): 1}.items()), 0, 0)

        def over(self, s):
            return s[2] >= 4

        def moves(self, s):
            board, player, plies = dict(s[0]), s[1], s[2]
            own = [c for c, o in board.items() if o == player]
            enemy_rows = {c[1] for c, o in board.items() if o != player}
            return [(name(c), (frozenset({**board, c: player}.items()), 1 - player, plies + 1))
                    for c in cells if c not in board and c[1] not in enemy_rows
                    and any(c[0] - c[1] == x - y for x, y in own)]

    counts = compare(Axis(), compile_text(AXIS_RULES), 4)
    assert counts[0] == 2   # a1 and d4 on b2's diagonal; c3 is on d3's row


def test_the_lines_through_constant_cells_are_a_constant_region():
    rules = AXIS_RULES.replace("move: place on empty and axis(own, ne) and not axis(enemy, e)",
                               "direction straight: n e\nregion cross: axis(c2, straight)\n"
                               "move: place on empty and cross")
    game = compile_text(rules)
    start = game.initial_state()
    assert sorted(game.move_text(start, m) for m in game.legal_moves(start)) == \
        ["a2", "c1", "c2", "c3", "c4", "d2", "e2"]   # column c and row 2 but b2 (taken)


def test_axis_alone_is_only_known_in_a_slide_distance():
    from gdl.errors import RulesSemanticError
    bad = AXIS_RULES.replace("axis(own, ne)", "axis own")
    with pytest.raises(RulesSemanticError, match="only known in a slide's distance") as err:
        compile_text(bad)
    assert ":7:26:" in str(err.value)   # the move line, at `axis`


def test_links_are_the_same_for_every_player():
    from gdl.errors import RulesSemanticError
    bad = SQUARE_RULES.format(links="direction fwd: A n, B s\nlinks fwd")
    with pytest.raises(RulesSemanticError, match="same for every player"):
        compile_text(bad)
