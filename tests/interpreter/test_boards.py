"""Boards beyond the square grid: hex grids and points joined by links.

Each game's perft counts are checked against a plain Python move generator of the same
rules written here, on a dictionary of (x, y) -> owner: no bitboards, no shared code.
"""

from __future__ import annotations

import random

import pytest

from gdl.interpreter.core.board_transforms import transforms
from gdl.errors import RulesError
from gdl.catalog import compile_text
from gdl.interpreter.core.geometry import COMPASS, HEX, Geometry, bits, shifted
from gdl.interpreter.core.symmetry import imager, map_text
from gdl.solvers.search.perft import perft

HEX_STEPS = ((1, 0), (-1, 0), (0, 1), (-1, 1), (1, -1), (0, -1))
HEX_AXES = ((1, 0), (0, 1), (1, -1))


def name(x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{y + 1}"


def xy(text: str) -> tuple[int, int]:
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def hex_cells(shape: str, n: int) -> set[tuple[int, int]]:
    """The cells of a hex board by hand, from cube coordinates (q, r, s = -q - r)."""
    if shape == "rhombus":
        return {(x, y) for x in range(n) for y in range(n)}
    if shape == "triangle":
        return {(x, y) for x in range(n) for y in range(n) if x + y < n}
    if shape == "hexagon":
        c = n - 1
        return {(q + c, r + c) for q in range(-c, c + 1) for r in range(-c, c + 1)
                if abs(q + r) <= c}
    c = 2 * n
    return {(q + c, r + c) for q in range(-c, c + 1) for r in range(-c, c + 1)
            if min(q, r, -q - r) >= -n or max(q, r, -q - r) <= n}


# ---------------------------------------------------------------- geometry

def test_hex_board_sizes():
    assert len(Geometry.hex("star", 4).cells) == 121        # Chinese checkers
    assert len(Geometry.hex("hexagon", 5).cells) == 61
    assert len(Geometry.hex("triangle", 4).cells) == 10
    eleven = Geometry.hex("rhombus", 11)
    assert len(eleven.cells) == 121 and eleven.name(eleven.cells[-1]) == "k11"
    for shape in ("rhombus", "hexagon", "triangle", "star"):
        for n in range(1, 6):
            g = Geometry.hex(shape, n)
            assert {g.xy(c) for c in g.cells} == hex_cells(shape, n), (shape, n)
            assert len(g.cells) == {"rhombus": n * n, "hexagon": 3 * n * (n - 1) + 1,
                                    "triangle": n * (n + 1) // 2,
                                    "star": 6 * n * n + 6 * n + 1}[shape]


def test_directions_adjacent_and_axes_by_board_kind():
    square, hexagon = Geometry.rectangle(3, 3), Geometry.hex("hexagon", 3)
    assert square.directions == COMPASS and square.shape == "square"
    assert hexagon.directions == HEX and set(HEX.values()) == set(HEX_STEPS)
    assert set(square.adjacent) == {(0, 1), (0, -1), (1, 0), (-1, 0)}
    assert set(hexagon.adjacent) == set(HEX_STEPS)
    assert len(square.line_axes) == 4 and len(hexagon.line_axes) == 3
    morris = morris_geometry(NINE)
    assert set(morris.adjacent) == {(0, 1), (0, -1), (1, 0), (-1, 0)} and morris.line_axes == ()
    three = morris_geometry(THREE)
    assert set(three.adjacent) == set(COMPASS.values())


def lattice_neighbour(g: Geometry, cell: int, dx: int, dy: int) -> int | None:
    x, y = g.xy(cell)
    return g.cell(x + dx, y + dy) if g.on_board(x + dx, y + dy) else None


def linked_neighbour(chains: list[list[str]], point: str, dx: int, dy: int) -> str | None:
    """The point linked to `point` along the compass step (dx, dy), by hand."""
    for chain in chains:
        for a, b in zip(chain, chain[1:]):
            for p, q in ((a, b), (b, a)):
                (px, py), (qx, qy) = xy(p), xy(q)
                ex, ey = qx - px, qy - py
                k = max(abs(ex), abs(ey))
                if p == point and (ex, ey) == (k * dx, k * dy):
                    return q
    return None


@pytest.mark.parametrize("board", ["square", "hex", "morris", "three"])
def test_shifts_give_exactly_the_neighbours(board):
    """For every direction: shifting each from-mask by its offset gives the neighbours of
    its cells, and the from-masks hold every cell that has such a neighbour, once."""
    if board == "square":
        g = Geometry(4, 3, Geometry.rectangle(4, 3).playable & ~(1 << 6))
        expected = lambda c, d: lattice_neighbour(g, c, *d)   # noqa: E731
    elif board == "hex":
        g = Geometry.hex("star", 2)
        expected = lambda c, d: lattice_neighbour(g, c, *d)   # noqa: E731
    else:
        chains = NINE if board == "morris" else THREE
        g = morris_geometry(chains)

        def expected(c, d):
            other = linked_neighbour(chains, g.name(c), *d)
            return None if other is None else g.names[other]
    for step in COMPASS.values():
        pairs = g.shifts(*step)
        seen = 0
        for off, from_mask in pairs:
            assert not seen & from_mask
            seen |= from_mask
            assert shifted(from_mask, off) == sum(1 << expected(c, step) for c in bits(from_mask))
        assert seen == sum(1 << c for c in g.cells if expected(c, step) is not None)
        assert all(g.neighbour(c, *step) == expected(c, step) for c in g.cells)
    if board == "morris":
        assert len(g.shifts(1, 0)) == 3          # links one, two and three columns long


# ---------------------------------------------------------------- a hex game

HEX_GAME = '''game "Hex steps"
players A B
pieces stone
board {board}
direction any: e w ne nw se sw
setup A stone: {a}
setup B stone: {b}
move: step stone any to empty
move: jump stone any over enemy to empty
move: place stone on empty and (nw is own or se is own)
end: mover wins if line 3
'''


def hex_game_moves(cells: set, position: dict, player: int) -> list:
    out = []
    for (x, y), owner in position.items():
        if owner != player:
            continue
        for dx, dy in HEX_STEPS:
            to = (x + dx, y + dy)
            if to in cells and to not in position:
                out.append(((x, y), to, None))
            land = (x + 2 * dx, y + 2 * dy)
            if position.get(to) == 1 - player and land in cells and land not in position:
                out.append(((x, y), land, to))
    for x, y in cells:
        if (x, y) not in position and player in (position.get((x - 1, y + 1)),
                                                 position.get((x + 1, y - 1))):
            out.append((None, (x, y), None))
    return out


def has_line(cells: set, position: dict, player: int, axes, length: int = 3) -> bool:
    return any(all(position.get((x + i * dx, y + i * dy)) == player for i in range(length))
               for x, y in cells for dx, dy in axes)


def hex_game_perft(cells: set, position: dict, player: int, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for start, to, over in hex_game_moves(cells, position, player):
        after = dict(position)
        after.pop(start, None)
        after.pop(over, None)
        after[to] = player
        if has_line(cells, after, player, HEX_AXES):
            total += depth == 1
        else:
            total += hex_game_perft(cells, after, 1 - player, depth - 1)
    return total


@pytest.mark.parametrize("shape, n", [("rhombus", 3), ("rhombus", 4), ("rhombus", 5),
                                      ("hexagon", 2), ("hexagon", 3), ("triangle", 4)])
def test_hex_game_perft_matches_a_plain_generator(shape, n):
    cells = hex_cells(shape, n)
    a = min(cells)                                    # the lowest cell of the first column
    b = max(cells, key=lambda c: (c[1], -c[0]))       # the leftmost cell of the top row
    game = compile_text(HEX_GAME.format(board=f"hex {shape} {n}", a=name(*a), b=name(*b)),
                         "hex.gdl")
    start = {a: 0, b: 1}
    counts = [perft(game, game.initial_state(), d) for d in range(1, 5)]
    assert counts == [hex_game_perft(cells, start, 0, d) for d in range(1, 5)]
    assert counts[-1] > 100


def test_hex_line_3_runs_along_three_axes():
    """Random placements on hex boards (bitboard line tables and the shift helper): the game
    ends exactly when the hand-written test sees three in a row."""
    for shape, n in (("rhombus", 3), ("hexagon", 3), ("star", 2), ("rhombus", 11)):
        game = compile_text(f'''game "Hex lines"
players A B
board hex {shape} {n}
move: place on empty
end: mover wins if line 3
end: draw if full
''', "lines.gdl")
        cells, rng = hex_cells(shape, n), random.Random(n)
        for _ in range(30):
            state, position, player = game.initial_state(), {}, 0
            while not game.is_terminal(state):
                move = rng.choice(game.legal_moves(state))
                position[xy(game.move_text(state, move))] = player
                state = game.apply(state, move)
                won = has_line(cells, position, player, HEX_AXES)
                assert game.is_terminal(state) == (won or len(position) == len(cells))
                assert not game.is_terminal(state) or game.returns(state)[player] == won
                player = 1 - player


def test_hex_symmetries_that_fit():
    game = compile_text('''game "Hex"
players Red Blue
board hex rhombus 5
symmetry dihedral
move: place on empty
end: draw if full
''', "hex.gdl")
    assert [s.name for s in game.symmetries] == ["identity", "rotate180", "transpose",
                                                 "antitranspose"]
    with pytest.raises(RulesError, match="mirror does not map the hex rhombus 5 board onto itself"):
        compile_text('game "Hex"\nplayers Red Blue\nboard hex rhombus 5\nsymmetry mirror\n'
                      'move: place on empty\nend: draw if full\n', "hex.gdl")
    hexagon = transforms(Geometry.hex("hexagon", 3))
    assert hexagon["rotate60"] and hexagon["mirror"] and hexagon["rotate90"] is None
    sizes = {}
    for shape in ("rhombus", "hexagon", "triangle", "star"):
        game = compile_text(f'game "h"\nplayers A B\nboard hex {shape} 3\nsymmetry dihedral\n'
                             f'move: place on empty\nend: draw if full\n', "h.gdl")
        sizes[shape] = len(game.symmetries)
    assert sizes == {"rhombus": 4, "hexagon": 12, "triangle": 6, "star": 12}


def test_hex_rotate60_turns_the_picture():
    g = Geometry.hex("hexagon", 2)
    turn = transforms(g)["rotate60"]
    # the centre stays; the east neighbour goes to the north-east one, and so on round
    centre = g.names["b2"]
    assert turn[centre] == centre
    ring = [g.neighbour(centre, *HEX[d]) for d in ("e", "ne", "nw", "w", "sw", "se")]
    assert [turn[c] for c in ring] == ring[1:] + ring[:1]


# ---------------------------------------------------------------- points and links

NINE = [["a1", "d1", "g1"], ["b2", "d2", "f2"], ["c3", "d3", "e3"], ["a4", "b4", "c4"],
        ["e4", "f4", "g4"], ["c5", "d5", "e5"], ["b6", "d6", "f6"], ["a7", "d7", "g7"],
        ["a1", "a4", "a7"], ["b2", "b4", "b6"], ["c3", "c4", "c5"], ["d1", "d2", "d3"],
        ["d5", "d6", "d7"], ["e3", "e4", "e5"], ["f2", "f4", "f6"], ["g1", "g4", "g7"]]
THREE = [["a1", "b1", "c1"], ["a2", "b2", "c2"], ["a3", "b3", "c3"], ["a1", "a2", "a3"],
         ["b1", "b2", "b3"], ["c1", "c2", "c3"], ["a1", "b2", "c3"], ["c1", "b2", "a3"]]


def links_text(chains: list[list[str]]) -> str:
    return ", ".join("-".join(chain) for chain in chains)


def morris_geometry(chains: list[list[str]]) -> Geometry:
    size = 7 if chains is NINE else 3
    game = compile_text(f'game "m"\nplayers A B\n'
                         f'board {size} x {size} links {links_text(chains)}\n'
                         f'move: place on empty\nend: draw if full\n', "m.gdl")
    return game.geometry


MORRIS = '''game "Morris steps"
players White Black
board {size} x {size} links {links}
pieces man
state placed = 0
direction along: {along}
move: place man on empty and placed < {men} then placed += 1
move: step man along to empty and placed >= {men}
end: mover wins if line 3
'''


def morris_perft(chains, men: int, position: dict, placed: int, player: int, depth: int) -> int:
    if depth == 0:
        return 1
    points = {p for chain in chains for p in chain}
    linked = {(a, b) for chain in chains for a, b in zip(chain, chain[1:])}
    linked |= {(b, a) for a, b in linked}
    moves = []
    if placed < men:
        moves += [(None, p) for p in points if p not in position]
    else:
        moves += [(a, b) for a, b in linked if position.get(a) == player and b not in position]
    total = 0
    for start, to in moves:
        after = dict(position)
        after.pop(start, None)
        after[to] = player
        if any(all(after.get(p) == player for p in chain) for chain in chains):
            total += depth == 1
        else:
            total += morris_perft(chains, men, after, placed + (start is None), 1 - player,
                                  depth - 1)
    return total


@pytest.mark.slow
@pytest.mark.parametrize("chains, men, depth", [(NINE, 2, 5), (THREE, 6, 6)])
def test_morris_perft_matches_a_plain_generator(chains, men, depth):
    """Place, then step along the links to an empty point; a mill (a declared line) wins."""
    along = "n s e w" if chains is NINE else "n s e w ne nw se sw"
    size = 7 if chains is NINE else 3
    game = compile_text(MORRIS.format(size=size, links=links_text(chains), along=along, men=men),
                         "m.gdl")
    counts = [perft(game, game.initial_state(), d) for d in range(1, depth + 1)]
    assert counts == [morris_perft(chains, men, {}, 0, 0, d) for d in range(1, depth + 1)]
    assert counts[1] == (len({p for c in chains for p in c})
                         * (len({p for c in chains for p in c}) - 1))


def test_line_3_on_a_points_board_means_its_declared_lines():
    game = compile_text(f'''game "Mills"
players White Black
board 7 x 7 links {links_text(NINE)}
move: place on empty
end: mover wins if line 3
end: draw if full
''', "mills.gdl")
    assert len(game.geometry.runs(3)) == 16 and len(game.geometry.runs(2)) == 32
    rng = random.Random(3)
    for _ in range(50):
        state, mine = game.initial_state(), [set(), set()]
        while not game.is_terminal(state):
            move = rng.choice(game.legal_moves(state))
            player = game.current_player(state)
            mine[player].add(game.move_text(state, move))
            state = game.apply(state, move)
            won = any(set(c) <= mine[player] for c in NINE)
            assert game.is_terminal(state) == (won or len(mine[0]) + len(mine[1]) == 24)
            assert not game.is_terminal(state) or game.returns(state)[player] == won


RIDERS = f'''game "Morris riders"
players White Black
board 7 x 7 links {links_text(NINE)}
pieces man
direction along: n s e w
setup White man: a1 or d2 or g4
setup Black man: d1 or b4 or f6 or a4
move: slide man along to not own
move: jump man along over enemy to empty
end: mover wins if no enemy
'''


NINE_NEXT = {(p, step): linked_neighbour(NINE, p, *step) for chain in NINE for p in chain
             for step in COMPASS.values()}


def rider_perft(position: dict, player: int, depth: int) -> int:
    """Slides along the links until the first piece (taking an enemy one), and jumps over an
    enemy's neighbouring piece to the empty point beyond, in one direction."""
    if depth == 0:
        return 1
    moves = []
    for point, owner in position.items():
        if owner != player:
            continue
        for step in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            c = NINE_NEXT[point, step]
            while c is not None:
                if position.get(c) != player:
                    moves.append((point, c, None))
                if c in position:
                    break
                c = NINE_NEXT[c, step]
            over = NINE_NEXT[point, step]
            land = over and NINE_NEXT[over, step]
            if land and position.get(over) == 1 - player and land not in position:
                moves.append((point, land, over))
    total = 0
    for start, to, over in moves:
        after = dict(position)
        del after[start]
        after.pop(over, None)
        after[to] = player
        if 1 - player not in after.values():
            total += depth == 1
        else:
            total += rider_perft(after, 1 - player, depth - 1)
    return total


def test_slides_and_jumps_follow_links_of_any_length():
    game = compile_text(RIDERS, "riders.gdl")
    start = {"a1": 0, "d2": 0, "g4": 0, "d1": 1, "b4": 1, "f6": 1, "a4": 1}
    counts = [perft(game, game.initial_state(), d) for d in range(1, 5)]
    assert counts == [rider_perft(start, 0, d) for d in range(1, 5)] == [12, 142, 1468, 16749]
    texts = sorted(game.move_text(game.initial_state(), m)
                   for m in game.legal_moves(game.initial_state()))
    assert "a1-d1" in texts and "a1-a4" in texts and "a1-g1" not in texts and "d2xd0" not in texts


HEX_FLIPS = '''game "Hex othello"
players Black White
board hex hexagon 3
setup Black: c3 or d2
setup White: b3 or c2
move: place on empty and flank enemy then flip enemy
move pass: pass
end: draw if not moves and not moves mover
'''


def hex_flips(cells: set, position: dict, player: int, cell) -> set:
    out = set()
    for dx, dy in HEX_STEPS:
        run, (x, y) = [], cell
        while True:
            x, y = x + dx, y + dy
            if position.get((x, y)) == 1 - player:
                run.append((x, y))
                continue
            if position.get((x, y)) == player:
                out.update(run)
            break
    return out


def hex_othello_perft(cells, position, player, depth) -> int:
    """A placement must outflank; who cannot place passes; the game ends (drawn) after a
    move that leaves neither player a placement."""
    if depth == 0:
        return 1

    def placements(who):
        return [c for c in cells if c not in position and hex_flips(cells, position, who, c)]
    total = 0
    for c in placements(player) or [None]:
        after = dict(position)
        if c is not None:
            for f in hex_flips(cells, position, player, c):
                after[f] = player
            after[c] = player
        over = not any(c not in after and hex_flips(cells, after, who, c)
                       for who in (0, 1) for c in cells)
        total += (depth == 1) if over else hex_othello_perft(cells, after, 1 - player, depth - 1)
    return total


def test_flank_and_flip_walk_the_six_hex_directions():
    game = compile_text(HEX_FLIPS, "hexothello.gdl")
    cells = hex_cells("hexagon", 3)
    start = {xy("c3"): 0, xy("d2"): 0, xy("b3"): 1, xy("c2"): 1}
    counts = [perft(game, game.initial_state(), d) for d in range(1, 6)]
    assert counts == [hex_othello_perft(cells, start, 0, d) for d in range(1, 6)]
    assert counts[0] > 1 and counts[-1] > 100


# ---------------------------------------------------------------- pictures

def board_picture(board: str, moves: list[str]) -> str:
    game = compile_text(f'game "p"\nplayers X O\nboard {board}\nmove: place on empty\n'
                         f'end: draw if full\n', "p.gdl")
    return game.render(game.moves_after(moves))


def test_render_hex_rows_shift_half_a_cell():
    assert board_picture("hex rhombus 3", ["a1", "c3"]) == """\
 3   . . O
 2  . . .
 1 X . .
   a b c
X to move"""
    assert board_picture("hex hexagon 2", ["b2", "a2"]) == """\
 3   . .
 2  O X .
 1   . .
   a b c
X to move"""


def test_render_hex_triangle_and_star():
    assert board_picture("hex triangle 3", ["a1", "a3"]) == """\
 3   O
 2  . .
 1 X . .
   a b c
X to move"""
    assert board_picture("hex star 1", ["c3"]) == """\
 5       .
 4    . . . .
 3     . X .
 2    . . . .
 1       .
   a b c d e
O to move"""


def test_render_points_with_their_links():
    assert board_picture(f"7 x 7 links {links_text(NINE)}", ["a1", "d2", "g4"]) == """\
 7 .-----.-----.
   |     |     |
 6 | .---.---. |
   | |   |   | |
 5 | | .-.-. | |
   | | |   | | |
 4 .-.-.   .-.-X
   | | |   | | |
 3 | | .-.-. | |
   | |   |   | |
 2 | .---O---. |
   |     |     |
 1 X-----.-----.
   a b c d e f g
O to move"""
    assert board_picture(f"3 x 3 links {links_text(THREE)}", ["b2"]) == """\
 3 .-.-.
   |\\|/|
 2 .-X-.
   |/|\\|
 1 .-.-.
   a b c
O to move"""
    assert board_picture("5 x 5 links a1-c3-e5, a5-c3, a3-c3-e3, c1-c5", []) == """\
 5 .   .   .
    \\  |  /
 4   \\ | /
      \\|/
 3 .---.---.
      /|
 2   / |
    /  |
 1 .   .
   a b c d e
X to move"""


def test_render_square_board_unchanged():
    assert board_picture("3 x 2", ["a1"]) == " 2 . . .\n 1 X . .\n   a b c\nO to move"


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("board, where, message", [
    ("hex square 5", (3, 11), "unknown hex board shape 'square'"),
    ("hex star 7", (3, 16), "a hex star's size must be 1..6, not 7"),
    ("3 x 3 links a1-b3", (3, 22),
     "a link runs along a row, a column or a diagonal; a1-b3 does not"),
    ("3 x 3 links a1-b1, a1-c1", (3, 29), "point a1 already has a link that way (to b1)"),
    ("3 x 3 links a1-d1", (3, 22), "'d1' is not a point of the 3 x 3 grid"),
    ("3 x 3 links a1-b1-a1", (3, 19), "passes through a point twice"),
])
def test_bad_boards_are_refused_where_they_go_wrong(board, where, message):
    with pytest.raises(RulesError) as err:
        compile_text(f'game "b"\nplayers X O\nboard {board}\nmove: place on empty\n'
                      f'end: draw if full\n', "b.gdl")
    assert (err.value.pos.line, err.value.pos.column) == where
    assert message in str(err.value)


def test_square_directions_are_not_hex_directions():
    with pytest.raises(RulesError, match="'n' is not a direction of the hex rhombus 3 board "
                                         r"\(its directions: e w ne nw se sw\)"):
        compile_text('game "b"\nplayers X O\npieces stone\nboard hex rhombus 3\n'
                      'setup X stone: a1\nmove: step stone n to empty\n'
                      'end: draw if full\n', "b.gdl")
    game = compile_text('game "b"\nplayers X O\npieces stone\nboard hex rhombus 3\n'
                         'setup X stone: a1\ndirection n: ne nw\nmove: step stone n to empty\n'
                         'end: draw if full\n', "b.gdl")
    assert sorted(game.move_text(game.initial_state(), m)
                  for m in game.legal_moves(game.initial_state())) \
        == ["a1-a2"]


# ---------------------------------------------------------------- symmetries

ALL_SIX = "(e is own or w is own or ne is own or nw is own or se is own or sw is own)"

@pytest.mark.parametrize("rules", [
    HEX_GAME.format(board="hex rhombus 4", a="a1", b="d4") + "symmetry dihedral\n",
    HEX_GAME.format(board="hex hexagon 3", a="c1", b="c5").replace("(nw is own or se is own)",
                                                                   ALL_SIX)
    + "symmetry dihedral\n",
    HEX_GAME.format(board="hex star 2", a="a7", b="i3").replace("(nw is own or se is own)", ALL_SIX)
    + "symmetry rotate120 swapping colours\n",
    MORRIS.format(size=7, links=links_text(NINE), along="n s e w", men=6) + "symmetry dihedral\n",
    MORRIS.format(size=3, links=links_text(THREE), along="n s e w ne nw se sw", men=6)
    + "symmetry dihedral\n",
], ids=["rhombus", "hexagon", "star", "nine men", "three men"])
def test_board_symmetries_map_moves_onto_moves(rules):
    """Each symmetry of a hex or points board is an automorphism: the image of a position
    has the images of its moves as its moves, and the same canonical key."""
    game = compile_text(rules, "sym.gdl")
    group = game.symmetries
    sizes = {"rhombus": 4, "hexagon": 12, "star": 6}
    assert len(group) == next((n for k, n in sizes.items() if k in rules), 8) and not game.rejected
    image, rng = imager(game), random.Random(5)
    for _ in range(20):
        state = game.initial_state()
        for _ in range(rng.randrange(12)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        texts = [game.move_text(state, m) for m in game.legal_moves(state)]
        for sym in group:
            other = image(sym, state)
            assert game.canonical(other) == game.canonical(state)
            assert sorted(game.move_text(other, m) for m in game.legal_moves(other)) \
                == sorted(map_text(t, sym, game.geometry) for t in texts)


# ---------------------------------------------------------------- connection along hex links

HEX_CONNECTION = '''game "Hex"
players Red Blue
option n = 5
board hex rhombus n
move: place on empty
end: Red wins if connects(Red, row 1, row n)
end: Blue wins if connects(Blue, column 1, column n)
end: draw if full
'''


def joins(cells: set, stones: set, start: set, goal: set) -> bool:
    """Whether some stone of `start` reaches `goal` through stones, along the six links."""
    frontier = list(stones & start)
    seen = set(frontier)
    while frontier:
        x, y = frontier.pop()
        if (x, y) in goal:
            return True
        for dx, dy in HEX_STEPS:
            c = (x + dx, y + dy)
            if c in stones and c not in seen:
                seen.add(c)
                frontier.append(c)
    return False


@pytest.mark.parametrize("n", [3, 5, 7])
def test_hex_connection_follows_the_six_links(n):
    """Random games of Hex: the end is exactly the first connection (by hand), and the
    board never fills without one (Hex has no draws)."""
    game = compile_text(HEX_CONNECTION, "hex.gdl", {"n": str(n)})
    cells, rng = hex_cells("rhombus", n), random.Random(n)
    sides = ({c for c in cells if c[1] == 0}, {c for c in cells if c[1] == n - 1},
             {c for c in cells if c[0] == 0}, {c for c in cells if c[0] == n - 1})
    for _ in range(40):
        state, stones = game.initial_state(), (set(), set())
        while not game.is_terminal(state):
            player = game.current_player(state)
            move = rng.choice(game.legal_moves(state))
            stones[player].add(xy(game.move_text(state, move)))
            state = game.apply(state, move)
            won = joins(cells, stones[player], *sides[2 * player: 2 * player + 2])
            assert game.is_terminal(state) == won
        assert game.returns(state)[player] == 1


def test_connectivity_follows_the_links_of_a_points_board():
    """`adjacent` and `reach` on the morris board: a man goes down next to one of its own
    (or anywhere at first); a group touching both a1 and g7 wins. Checked by hand."""
    game = compile_text(f'''game "Morris groups"
players White Black
board 7 x 7 links {links_text(NINE)}
move: place on empty and (adjacent own or no own)
end: mover wins if connects(own, a1, g7)
end: draw if not moves
''', "groups.gdl")
    linked = {}
    for chain in NINE:
        for a, b in zip(chain, chain[1:]):
            linked.setdefault(a, set()).add(b)
            linked.setdefault(b, set()).add(a)
    rng = random.Random(7)
    wins = 0
    for _ in range(60):
        state, mine = game.initial_state(), (set(), set())
        while not game.is_terminal(state):
            player = game.current_player(state)
            taken = mine[0] | mine[1]
            expected = {p for p in linked
                        if p not in taken and (linked[p] & mine[player] or not mine[player])}
            texts = {game.move_text(state, m) for m in game.legal_moves(state)}
            assert texts == expected
            move = rng.choice(game.legal_moves(state))
            mine[player].add(game.move_text(state, move))
            state = game.apply(state, move)
            group, frontier = {"a1"} & mine[player], list({"a1"} & mine[player])
            while frontier:
                for q in linked[frontier.pop()] & mine[player] - group:
                    group.add(q)
                    frontier.append(q)
            if "g7" in group:
                assert game.is_terminal(state) and game.returns(state)[player] == 1
                wins += 1
    assert wins > 0


# ---------------------------------------------------------------- a ring

RING = ["a1", "b1", "c1", "d1", "d2", "c2", "b2", "a2"]   # round a 4 x 2 board, anticlockwise


def ring_perft(position: dict, player: int, depth: int) -> int:
    """Place a stone on an empty pit or step one to a neighbouring empty pit (both ways
    round); three consecutive pits round the ring win."""
    if depth == 0:
        return 1
    n = len(RING)
    moves = [(None, p) for p in RING if p not in position]
    moves += [(p, RING[(i + d) % n]) for i, p in enumerate(RING) if position.get(p) == player
              for d in (1, -1) if RING[(i + d) % n] not in position]
    total = 0
    for start, to in moves:
        after = dict(position)
        after.pop(start, None)
        after[to] = player
        if any(all(after.get(RING[(i + k) % n]) == player for k in range(3)) for i in range(n)):
            total += depth == 1
        else:
            total += ring_perft(after, 1 - player, depth - 1)
    return total


def test_a_ring_is_a_chain_that_ends_where_it_starts():
    game = compile_text(f'''game "Ring"
players A B
pieces stone
board 4 x 2 links {"-".join(RING + RING[:1])}
direction round: n s e w
move: place stone on empty
move: step stone round to empty
end: mover wins if line 3
''', "ring.gdl")
    assert len(game.geometry.runs(3)) == 8 and len(game.geometry.runs(8)) == 1
    counts = [perft(game, game.initial_state(), d) for d in range(1, 6)]
    assert counts == [ring_perft({}, 0, d) for d in range(1, 6)]
    assert game.render(game.moves_after(["a1", "d2"])) == """\
 2 .-.-.-B
   |     |
 1 A-.-.-.
   a b c d
A to move"""
    with pytest.raises(RulesError, match="passes through a point twice"):
        compile_text('game "r"\nplayers A B\nboard 3 x 3 links a1-b1-c1-b1\n'
                      'move: place on empty\nend: draw if full\n', "r.gdl")
