"""The v2 core's constructs, each in a small rules file, checked against a plain
hand-written Python generator of the same rules (docs/core.md).

Each hand generator is written from the rules' prose, not from the compiler: a
position is a dict cell -> (player, kind), a move is its text and the position
after it. The tests compare perft counts and, at every position of the first
plies, the sets of legal move texts.
"""

from __future__ import annotations

import re

import random

import pytest

from gdl import catalog
from gdl.errors import RulesError
from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft
from tests.marks import cases

KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
KNIGHT = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]


def name(cell):
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


class Hand:
    """A hand-written game: positions are (board dict as a frozenset of items, player, extra)."""

    size = 4

    def on(self, x, y):
        return 0 <= x < self.size and 0 <= y < self.size

    def cells(self):
        return [(x, y) for y in range(self.size) for x in range(self.size)]


def hand_perft(game, state, depth):
    if depth == 0:
        return 1
    if game.over(state):
        return 0   # a finished game is not extended (see gdl.solvers.search.perft)
    moves = game.moves(state)
    if depth == 1:
        return len(moves)
    return sum(hand_perft(game, after, depth - 1) for _, after in moves)


def compare(hand, compiled, depth, samples=40, seed=1):
    """Equal perft counts to `depth`, and equal move texts along seeded random games."""
    start = compiled.initial_state()
    ours = [perft(compiled, start, d) for d in range(1, depth + 1)]
    theirs = [hand_perft(hand, hand.start(), d) for d in range(1, depth + 1)]
    assert ours == theirs
    rng = random.Random(seed)
    for _ in range(samples):
        s, h = start, hand.start()
        while True:
            texts = sorted(compiled.move_text(s, m) for m in compiled.legal_moves(s))
            expected = sorted(t for t, _ in hand.moves(h)) if not hand.over(h) else []
            assert texts == expected, (compiled.render(s), texts, expected)
            assert compiled.is_terminal(s) == (not texts or hand.over(h))
            if not texts:
                if hasattr(hand, "result"):   # the first player's payoff
                    assert compiled.returns(s)[0] == hand.result(h), compiled.render(s)
                break
            text = rng.choice(texts)
            s = compiled.apply(s, compiled.parse_move(s, text))
            h = dict(hand.moves(h))[text]
    return ours


# ----------------------------------------------------------------------- a leaper

KNIGHTS = """game "Knights"
players White Black
option n = 5
board n x n
pieces knight
setup White knight: a1 or e1
setup Black knight: a5 or e5
move: step knight (1, 2) to not own
end: mover wins if no enemy
end: draw if plies >= 10
"""


class Knights(Hand):
    size = 5

    def start(self):
        board = {(0, 0): 0, (4, 0): 0, (0, 4): 1, (4, 4): 1}
        return (frozenset(board.items()), 0, 0)

    def over(self, s):
        board = dict(s[0])
        return s[2] >= 10 or len(set(board.values())) < 2

    def result(self, s):
        owners = set(dict(s[0]).values())
        return 0 if len(owners) == 2 else (1 if owners == {0} else -1)

    def moves(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        out = []
        for (x, y), owner in board.items():
            if owner != player:
                continue
            for dx, dy in KNIGHT:
                to = (x + dx, y + dy)
                if self.on(*to) and board.get(to) != player:
                    after = dict(board)
                    del after[(x, y)]
                    after[to] = player
                    out.append((f"{name((x, y))}-{name(to)}",
                                (frozenset(after.items()), 1 - player, plies + 1)))
        return out


def test_a_knight_leaps_to_the_eight_images_of_its_vector():
    counts = compare(Knights(), compile_text(KNIGHTS), 5)
    assert counts[:2] == [4, 16]


# ----------------------------------------------------------------------- a second choice

AMAZONS = """game "Amazons"
players White Black
board 4 x 4
pieces queen
neutral arrow
setup White queen: a1
setup Black queen: d4
move: slide queen n s e w ne nw se sw to empty; ride n s e w ne nw se sw from here to empty then
    add arrow at here
end: mover wins if not moves
"""


class Amazons(Hand):
    def start(self):
        return (frozenset({(0, 0): (0, "q"), (3, 3): (1, "q")}.items()), 0)

    def over(self, s):
        return not self.moves(s)

    def ray(self, board, cell, blocked):
        for dx, dy in KING:
            x, y = cell
            while self.on(x + dx, y + dy) and (x + dx, y + dy) not in blocked:
                x, y = x + dx, y + dy
                yield (x, y)

    def moves(self, s):
        board, player = dict(s[0]), s[1]
        out = []
        for cell, (owner, kind) in board.items():
            if owner != player or kind != "q":
                continue
            for to in self.ray(board, cell, board):
                after = dict(board)
                del after[cell]
                after[to] = (player, "q")
                for shot in self.ray(after, to, after):
                    final = dict(after)
                    final[shot] = (player, "a")
                    out.append((f"{name(cell)}-{name(to)}/{name(shot)}",
                                (frozenset(final.items()), 1 - player)))
        return out


@pytest.mark.slow
def test_a_move_then_a_shot_from_where_it_landed_is_one_move():
    game = compile_text(AMAZONS)
    counts = compare(Amazons(), game, 3, samples=15)
    assert counts[0] == 72
    after = game.moves_after(["a1-b2/a1"])   # the queen may shoot back where it stood
    rows = game.render(after).splitlines()
    assert rows[3].split()[1:3] == ["*", "."] and rows[2].split()[1:3] == [".", "W"]
    assert game.position_text(after) == "...B/..../.W../*... Black"
    assert game.parse_position(game.position_text(after)) == after


# ----------------------------------------------------------------------- a legality filter

ROOKS = """game "King and rook"
players White Black
board 4 x 4
pieces king rook
setup White king: a1
setup White rook: b1
setup Black king: d4
setup Black rook: c4
illegal: attacked own king
move: step king n s e w ne nw se sw to not own
move: slide rook n s e w to not own
end: mover wins if not moves and attacked enemy king
end: draw if not moves
end: draw if plies >= 8
"""


class Rooks(Hand):
    def start(self):
        board = {(0, 0): (0, "k"), (1, 0): (0, "r"), (3, 3): (1, "k"), (2, 3): (1, "r")}
        return (frozenset(board.items()), 0, 0)

    def attacks(self, board, player, target):
        """Whether `player` could take on `target` (a piece or not)."""
        for (x, y), (owner, kind) in board.items():
            if owner != player:
                continue
            if kind == "k" and max(abs(x - target[0]), abs(y - target[1])) == 1:
                return True
            if kind == "r":
                for dx, dy in ROOK:
                    cx, cy = x + dx, y + dy
                    while self.on(cx, cy):
                        if (cx, cy) == target:
                            return True
                        if (cx, cy) in board:
                            break
                        cx, cy = cx + dx, cy + dy
        return False

    def in_check(self, board, player):
        king = next(c for c, (o, k) in board.items() if o == player and k == "k")
        return self.attacks(board, 1 - player, king)

    def pseudo(self, board, player):
        for cell, (owner, kind) in board.items():
            if owner != player:
                continue
            for dx, dy in KING if kind == "k" else ROOK:
                x, y = cell
                while self.on(x + dx, y + dy):
                    x, y = x + dx, y + dy
                    if board.get((x, y), (None,))[0] == player:
                        break
                    after = dict(board)
                    del after[cell]
                    after[(x, y)] = (player, kind)
                    yield f"{name(cell)}-{name((x, y))}", after
                    if kind == "k" or (x, y) in board:
                        break

    def legal(self, board, player):
        return [(t, a) for t, a in self.pseudo(board, player) if not self.in_check(a, player)]

    def over(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        return plies >= 8 or not self.legal(board, player)

    def result(self, s):
        """Checkmate wins for the player who gave it; stalemate and the move limit draw."""
        board, player = dict(s[0]), s[1]
        if self.legal(board, player) or not self.in_check(board, player):
            return 0
        return 1 if player == 1 else -1

    def moves(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        return [(t, (frozenset(a.items()), 1 - player, plies + 1))
                for t, a in self.legal(board, player)]


def test_a_move_that_leaves_the_king_attacked_is_illegal():
    compare(Rooks(), compile_text(ROOKS), 5, samples=150)


# ----------------------------------------------------------------------- connectivity

GO = """game "Capture go"
players Black White
option n = 4
board n x n
move: place on empty then remove enemy and not alive enemy
illegal: no (here and alive own)
end: draw if plies >= 12 or not moves
"""


class Go(Hand):
    def __init__(self, size):
        self.size = size

    def start(self):
        return (frozenset(), 0, 0)

    def group(self, board, cell):
        colour, seen, todo = board[cell], {cell}, [cell]
        while todo:
            x, y = todo.pop()
            for dx, dy in ROOK:
                c = (x + dx, y + dy)
                if c in board and board[c] == colour and c not in seen:
                    seen.add(c)
                    todo.append(c)
        return seen

    def free(self, board, group):
        return any(self.on(x + dx, y + dy) and (x + dx, y + dy) not in board
                   for x, y in group for dx, dy in ROOK)

    def over(self, s):
        return s[2] >= 12 or not self.moves(s)

    def moves(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        out = []
        for cell in self.cells():
            if cell in board:
                continue
            after = dict(board)
            after[cell] = player
            for c in [c for c, o in after.items() if o != player]:
                if c in after and not self.free(after, self.group(after, c)):
                    for dead in self.group(after, c):
                        del after[dead]
            if self.free(after, self.group(after, cell)):
                out.append((name(cell), (frozenset(after.items()), 1 - player, plies + 1)))
        return out


@pytest.mark.parametrize("size, depth", cases([(3, 5), (4, 4), (5, 3)], {(4, 4)}))
def test_groups_without_liberties_are_captured_and_suicide_is_illegal(size, depth):
    compare(Go(size), compile_text(GO, options={"n": str(size)}), depth, samples=25)


CONNECT = """game "Connect the sides"
players X O
option n = 4
board n x n
move: place on empty
end: X wins if connects(X, column 1, column n)
end: O wins if connects(O, row 1, row n)
end: draw if full
"""


class Connect(Hand):
    def __init__(self, size):
        self.size = size

    def start(self):
        return (frozenset(), 0)

    def joined(self, board, player):
        n = self.size
        edge = (lambda c: c[0] == 0) if player == 0 else (lambda c: c[1] == 0)
        far = (lambda c: c[0] == n - 1) if player == 0 else (lambda c: c[1] == n - 1)
        todo = [c for c, o in board.items() if o == player and edge(c)]
        seen = set(todo)
        while todo:
            x, y = todo.pop()
            if far((x, y)):
                return True
            for dx, dy in ROOK:
                c = (x + dx, y + dy)
                if board.get(c) == player and c not in seen:
                    seen.add(c)
                    todo.append(c)
        return False

    def over(self, s):
        board = dict(s[0])
        return self.joined(board, 0) or self.joined(board, 1) or len(board) == self.size ** 2

    def result(self, s):
        board = dict(s[0])
        return 1 if self.joined(board, 0) else -1 if self.joined(board, 1) else 0

    def moves(self, s):
        board, player = dict(s[0]), s[1]
        return [(name(c), (frozenset({**board, c: player}.items()), 1 - player))
                for c in self.cells() if c not in board]


@pytest.mark.parametrize("size, depth", [(2, 4), (3, 6), (4, 4)])
def test_connecting_two_sides_ends_the_game_on_any_size(size, depth):
    compare(Connect(size), compile_text(CONNECT, options={"n": str(size)}), depth, samples=25)


# ----------------------------------------------------------------------- a conditional stage

MILL = """game "Mill"
players White Black
board 3 x 3
move: place on empty; if line 3: choose enemy then remove here
end: draw if plies >= 6
"""

LINES = [[(x, y) for x in range(3)] for y in range(3)] \
    + [[(x, y) for y in range(3)] for x in range(3)] \
    + [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


class Mill(Hand):
    size = 3

    def start(self):
        return (frozenset(), 0, 0)

    def over(self, s):
        return s[2] >= 6

    def moves(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        out = []
        for cell in self.cells():
            if cell in board:
                continue
            after = {**board, cell: player}
            enemies = [c for c, o in after.items() if o != player]
            mill = any(all(after.get(c) == player for c in line) for line in LINES)
            if mill and enemies:   # the removal is made when it can be
                for e in enemies:
                    final = {c: o for c, o in after.items() if c != e}
                    out.append((f"{name(cell)}/{name(e)}",
                                (frozenset(final.items()), 1 - player, plies + 1)))
            else:
                out.append((name(cell), (frozenset(after.items()), 1 - player, plies + 1)))
        return out


@pytest.mark.slow
def test_a_conditional_stage_is_made_when_its_condition_holds_and_it_can_be():
    counts = compare(Mill(), compile_text(MILL), 6, samples=40)
    assert counts[:3] == [9, 72, 504]


SKIP = """game "Skip then choose"
players X O
board 3 x 3
move: place on empty; if line 3: choose enemy then remove here; choose empty then add enemy at here
end: draw if full
"""


def test_a_skipped_conditional_stage_is_not_applied_before_the_next_one():
    """A stage after a skipped one starts from the position the made stages left (the
    skipped stage's empty field once read as cell -1: `negative shift count`)."""
    game = compile_text(SKIP)
    start = game.initial_state()
    moves = game.legal_moves(start)
    assert len(moves) == 9 * 8
    after = game.apply(start, game.parse_move(start, "a1/b1"))
    assert game.position_text(after).split()[0] == ".../.../XO."


# ----------------------------------------------------------------------- effects anywhere

CASTLING = """game "Castling"
players White Black
board 8 x 2
pieces king rook
setup White king: e1
setup White rook: a1 or h1
setup Black king: e2
move castle: step king (2, 0) from e1 to (g1 or c1) and empty then
    move h1 to f1 if here == g1, move a1 to d1 if here == c1
move: step king e w to empty
end: draw if plies >= 5
"""


class Castling(Hand):
    size = 8

    def on(self, x, y):
        return 0 <= x < 8 and 0 <= y < 2

    def start(self):
        board = {(4, 0): (0, "k"), (0, 0): (0, "r"), (7, 0): (0, "r"), (4, 1): (1, "k")}
        return (frozenset(board.items()), 0, 0)

    def over(self, s):
        return s[2] >= 5

    def moves(self, s):
        board, player, plies = dict(s[0]), s[1], s[2]
        king = next(c for c, (o, k) in board.items() if o == player and k == "k")
        out = []
        for dx in (1, -1):
            to = (king[0] + dx, king[1])
            if self.on(*to) and to not in board:
                after = {c: v for c, v in board.items() if c != king}
                after[to] = (player, "k")
                out.append((f"{name(king)}-{name(to)}", after))
        if player == 0 and king == (4, 0):
            for to, rook, corner in (((6, 0), (5, 0), (7, 0)), ((2, 0), (3, 0), (0, 0))):
                if to not in board:
                    after = {c: v for c, v in board.items() if c != king}
                    after[to] = (0, "k")
                    if corner in after and rook != corner:
                        piece = after.pop(corner)
                        after[rook] = piece
                    out.append((f"e1-{name(to)}", after))
        return [(t, (frozenset(a.items()), 1 - player, plies + 1)) for t, a in out]


def test_an_effect_moves_a_piece_elsewhere_on_the_board():
    game = compile_text(CASTLING)
    compare(Castling(), game, 5, samples=30)
    after = game.moves_after(["e1-g1"])
    assert game.render(after).splitlines()[1].split()[1:] == \
        ["R", ".", ".", ".", ".", "R", "W", "."]


GIFT = """game "Gift tic-tac-toe"
players X O
board 3 x 3
move: choose empty then add enemy at here
end: mover loses if line 3 of enemy
end: draw if full
"""


class LineHand(Hand):
    """A placement game that ends when a player has a line of `lines` or the board is full."""

    size, lines = 3, LINES

    def start(self):
        return (frozenset(), 0)

    def line(self, board, player):
        return any(all(board.get(c) == player for c in line) for line in self.lines)

    def over(self, s):
        board = dict(s[0])
        return self.line(board, 0) or self.line(board, 1) or len(board) == self.size ** 2


class Gift(LineHand):

    def result(self, s):
        board = dict(s[0])   # the player who completed a line for the other lost
        return 1 if self.line(board, 0) else -1 if self.line(board, 1) else 0

    def moves(self, s):
        board, player = dict(s[0]), s[1]
        return [(name(c), (frozenset({**board, c: 1 - player}.items()), 1 - player))
                for c in self.cells() if c not in board]


def test_pieces_added_for_another_player_and_their_lines():
    compare(Gift(), compile_text(GIFT), 6, samples=40)


PASSING = """game "Pass and count"
players A B
board 2 x 2
state passes = 0
move: place on empty
move wait: pass always then passes += 1
end: draw if passes >= 3 or full
"""


def test_a_pass_that_is_always_legal_and_has_effects():
    game = compile_text(PASSING)
    start = game.initial_state()
    assert sorted(game.move_text(start, m) for m in game.legal_moves(start)) \
        == ["a1", "a2", "b1", "b2", "wait"]

    def count(cells: int, passes: int, depth: int) -> int:   # a hand count of the same rules
        if depth == 0:
            return 1
        if passes >= 3 or cells == 0:
            return 0
        return cells * count(cells - 1, passes, depth - 1) + count(cells, passes + 1, depth - 1)

    assert [perft(game, start, d) for d in range(1, 7)] == [count(4, 0, d) for d in range(1, 7)]


def test_more_than_sixteen_move_rules():
    cells = [f"{c}{r}" for r in (1, 2, 3, 4) for c in "abcde"]
    rules = "\n".join(f"move at_{c}: place on {c} and empty" for c in cells)
    game = compile_text(f'game "Twenty rules"\nplayers A B\nboard 5 x 4\n{rules}\n'
                         f'end: draw if full\n')
    assert game.ir.rule_bits == 5
    start = game.initial_state()
    assert [perft(game, start, d) for d in (1, 2, 3)] == [20, 20 * 19, 20 * 19 * 18]
    assert sorted(game.move_text(start, m) for m in game.legal_moves(start)) == sorted(cells)


# ----------------------------------------------------------------------- positional superko

KO = """game "Superko go"
players Black White
option n = 3
board n x n
move: place on empty then remove enemy and not alive enemy
move: pass always
illegal: no (here and alive own) or repeated board
end: draw if plies >= 9
"""


class Superko(Go):
    """Capture go with a pass, where no placement may bring back a board seen before."""

    def start(self):
        return (frozenset(), 0, 0, frozenset())

    def over(self, s):
        return s[2] >= 9

    def moves(self, s):
        board, player, plies, seen = s
        seen = seen | {board}
        out = [("pass", (board, 1 - player, plies + 1, seen))]
        for text, (after, nxt, _) in Go.moves(self, (board, player, plies)):
            if after not in seen:
                out.append((text, (after, nxt, plies + 1, seen)))
        return out


@pytest.mark.slow
def test_a_board_seen_before_may_not_come_back():
    compare(Superko(3), compile_text(KO), 6, samples=40)


# ----------------------------------------------------------------------- counts per cell, sowing

KALAH = """game "Kalah"
players South North
option seeds_per_pit = 4
board 8 x 2 cells (row 1 and not a1) or (row 2 and not h2)
region pits: South -> row 1 and not h1, North -> row 2 and not a2
region store: South -> h1, North -> a2
region all_pits: (row 1 and not h1) or (row 2 and not a2)
direction back: South s, North n
counts seeds = seeds_per_pit on all_pits
track ring: b1 c1 d1 e1 f1 g1 h1 g2 f2 e2 d2 c2 b2 a2
move: choose pits and seeds > 0 then sow seeds along ring skipping (h1 or a2) and not store,
    again if here == store,
    (seeds[store] += seeds[here] + seeds[back is here], seeds[back is here] = 0,
     seeds[here] = 0) if here in pits and seeds[here] == 1 and seeds[back is here] > 0
""" + ("end: score seeds[store] + seeds[pits] if no (pits and seeds > 0) "
       "or no (all_pits and not pits and seeds > 0)\n")
RING = ["b1", "c1", "d1", "e1", "f1", "g1", "h1", "g2", "f2", "e2", "d2", "c2", "b2", "a2"]


class Kalah:
    """Kalah by hand: 14 counts in sowing order (South's pits, South's store, North's pits,
    North's store) and the player to move."""

    def __init__(self, seeds):
        self.seeds = seeds

    def start(self):
        return (tuple(0 if i in (6, 13) else self.seeds for i in range(14)), 0)

    def pits(self, player):
        return range(0, 6) if player == 0 else range(7, 13)

    def over(self, s):
        counts = s[0]
        return not any(counts[i] for i in self.pits(0)) or not any(counts[i] for i in self.pits(1))

    def result(self, s):
        counts = s[0]
        score = [counts[6] + sum(counts[i] for i in self.pits(0)),
                 counts[13] + sum(counts[i] for i in self.pits(1))]
        return score[0] - score[1]

    def moves(self, s):
        counts, player = s
        store, other = (6, 13) if player == 0 else (13, 6)
        out = []
        for i in self.pits(player):
            if not counts[i]:
                continue
            c = list(counts)
            n, c[i], at = c[i], 0, i
            while n:
                at = (at + 1) % 14
                if at != other:
                    c[at] += 1
                    n -= 1
            opposite = 12 - at
            if at in self.pits(player) and c[at] == 1 and c[opposite] > 0:
                c[store] += c[at] + c[opposite]
                c[at] = c[opposite] = 0
            out.append((RING[i], (tuple(c), player if at == store else 1 - player)))
        return out


@pytest.mark.parametrize("seeds, depth", [(3, 6), (4, 5)])
def test_cells_that_hold_counts_and_sowing_along_a_track(seeds, depth):
    game = compile_text(KALAH, options={"seeds_per_pit": str(seeds)})
    compare(Kalah(seeds), game, depth, samples=30)
    start = game.initial_state()
    assert game.parse_position(game.position_text(start)) == start


# ------------------------------------------------------------ choosing numbers, turning a region

PENTAGO = """game "Little pentago"
players White Black
board 4 x 4
zones quadrant: 2 x 2
move: place on empty; select q in 1..4, turn in 0..1 then rotate quadrant q by 90 - 180 * turn
end: draw if line 3 and line 3 of enemy
end: mover wins if line 3
end: opponent wins if line 3 of enemy
end: draw if full
"""

LINES4 = [[(x + i * dx, y + i * dy) for i in range(3)]
          for x in range(4) for y in range(4) for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1))
          if 0 <= x + 2 * dx < 4 and 0 <= y + 2 * dy < 4]


class Pentago(LineHand):
    size, lines = 4, LINES4

    def result(self, s):
        board = dict(s[0])
        a, b = self.line(board, 0), self.line(board, 1)
        return 0 if a == b else 1 if a else -1

    def turn(self, board, q, clockwise):
        x0, y0 = 2 * ((q - 1) % 2), 2 * ((q - 1) // 2)
        out = {}
        for (x, y), v in board.items():
            u, w = x - x0, y - y0
            # clockwise with rows counted upwards: (u, w) -> (w, 1 - u)
            if 0 <= u < 2 and 0 <= w < 2:
                u, w = (w, 1 - u) if clockwise else (1 - w, u)
                x, y = x0 + u, y0 + w
            out[(x, y)] = v
        return out

    def moves(self, s):
        board, player = dict(s[0]), s[1]
        out = []
        for cell in self.cells():
            if cell in board:
                continue
            for q in range(1, 5):
                for turn in (0, 1):
                    after = self.turn({**board, cell: player}, q, turn == 0)
                    out.append((f"{name(cell)}/{q},{turn}", (frozenset(after.items()), 1 - player)))
        return out


def test_a_stage_that_selects_numbers_and_an_effect_that_turns_a_region():
    compare(Pentago(), compile_text(PENTAGO), 2, samples=30)


# ----------------------------------------------------------------------- hands and drops

DROPS = """game "Drop chess"
players White Black
board 3 x 4
pieces man king
direction forward: White n ne nw, Black s se sw
region far: White -> row 4, Black -> row 1
hands: king -> man
setup White man: a1 or b1 or c1
setup Black man: a4 or b4 or c4
move: step man forward to not own then promote to king in far
move: step king n s e w to not own
move drop: drop on empty and not far
end: mover wins if no enemy
end: draw if plies >= 8
"""


class Drops(Hand):
    """Men step forward or diagonally forward, taking what stands there; a man reaching the
    far row is crowned. A taken piece joins the taker's hand as a man, and a move may drop a
    man from the hand on an empty cell off the far row."""

    size = 4

    def on(self, x, y):
        return 0 <= x < 3 and 0 <= y < 4

    def start(self):
        board = {(x, 0): (0, "man") for x in range(3)} | {(x, 3): (1, "man") for x in range(3)}
        return (frozenset(board.items()), (0, 0), 0, 0)

    def over(self, s):
        owners = {o for o, _ in dict(s[0]).values()}
        return s[3] >= 8 or len(owners) < 2

    def moves(self, s):
        board, hands, player, plies = dict(s[0]), s[1], s[2], s[3]
        ahead, far = (1, 3) if player == 0 else (-1, 0)
        letter = "M" if player == 0 else "m"   # a man's letter (several kinds: man M, king K)
        out = []
        for (x, y), (owner, kind) in board.items():
            if owner != player:
                continue
            steps = [(0, ahead), (1, ahead), (-1, ahead)] if kind == "man" else ROOK
            for dx, dy in steps:
                to = (x + dx, y + dy)
                if not self.on(*to) or board.get(to, (None,))[0] == player:
                    continue
                after = {c: v for c, v in board.items() if c != (x, y)}
                gained = list(hands)
                if to in board:
                    gained[player] += 1
                crowned = "king" if kind == "king" or to[1] == far else "man"
                after[to] = (player, crowned)
                out.append((f"{name((x, y))}-{name(to)}",
                            (frozenset(after.items()), tuple(gained), 1 - player, plies + 1)))
        if hands[player]:
            for cell in [(x, y) for y in range(4) for x in range(3)]:
                if cell not in board and cell[1] != far:
                    after = {**board, cell: (player, "man")}
                    left = list(hands)
                    left[player] -= 1
                    out.append((f"{letter}*{name(cell)}",
                                (frozenset(after.items()), tuple(left), 1 - player, plies + 1)))
        return out


def test_taken_pieces_join_the_hand_and_are_dropped_back():
    game = compile_text(DROPS)
    compare(Drops(), game, 6, samples=40)
    after = game.moves_after(["a1-a2", "b4-a3", "a2-a3", "c4-c3"])   # White took a man
    texts = [game.move_text(after, m) for m in game.legal_moves(after)]
    assert "M*b2" in texts and "M*a4" not in texts and not any(t.startswith("m*") for t in texts)
    assert game.position_text(after).endswith("hand=1,0,0,0 plies=4")


def test_regions_computed_from_options_every_other_row():
    text = """game "Stripes"
players A B
option n = 6
board n x n
region stripes: rows 1..n every 2
move: place on empty and stripes and not columns 2..n every 3
end: draw if full or plies >= 2
"""
    for n in (4, 6, 7):
        game = compile_text(text, options={"n": str(n)})
        start = game.initial_state()
        expected = sorted(f"{chr(97 + x)}{y + 1}" for y in range(0, n, 2) for x in range(n)
                          if (x - 1) % 3)
        assert sorted(game.move_text(start, m) for m in game.legal_moves(start)) == expected


MINICHESS = """game "Mini chess"
players White Black
board 5 x 5
pieces king rook knight pawn
direction forward: White n, Black s
direction takes: White ne nw, Black se sw
region far: White -> row 5, Black -> row 1
setup White king: c1
setup White rook: a1
setup White knight: e1
setup White pawn: rows 2..2
setup Black king: c5
setup Black rook: e5
setup Black knight: a5
setup Black pawn: rows 4..4
illegal: attacked own king
move: step king n s e w ne nw se sw to not own
move: slide rook n s e w to not own
move: step knight (1, 2) to not own
move: step pawn forward to empty then promote to rook in far
move: step pawn takes to enemy then promote to rook in far
move: jump rook n s e w over enemy to empty
end: mover wins if not moves and attacked enemy king
end: draw if not moves or plies >= 20
"""


def test_the_fast_attack_test_equals_asking_the_move_generator(monkeypatch):
    from gdl.interpreter.python.attacks import AttackCode
    fast = compile_text(MINICHESS)
    monkeypatch.setattr(AttackCode, "attacks_directly", lambda self: False)
    slow = compile_text(MINICHESS)
    assert "def pseudo(" in slow.source and "def pseudo(" not in fast.source
    start = fast.initial_state()
    assert [perft(fast, start, d) for d in range(1, 4)] \
        == [perft(slow, start, d) for d in range(1, 4)]
    rng = random.Random(5)
    results = set()
    for _ in range(40):
        s = t = start
        while not fast.is_terminal(s):
            moves = fast.legal_moves(s)
            assert sorted(moves) == sorted(slow.legal_moves(t))
            move = rng.choice(moves)
            s, t = fast.apply(s, move), slow.apply(t, move)
            assert s == t   # the same position and, at the end, the same result
        results.add(fast.returns(s))
    assert len(results) > 1


def test_the_fast_attack_test_keeps_castling_and_en_passant(monkeypatch):
    """Chess's castling moves its rook and en passant removes a pawn away from where the move
    lands; the fast attack test still equals asking the move generator."""
    from gdl.interpreter.python.attacks import AttackCode
    rules = catalog.bundled_paths()["chess"].read_text()
    fast = compile_text(rules)
    monkeypatch.setattr(AttackCode, "attacks_directly", lambda self: False)
    slow = compile_text(rules)
    assert "def pseudo(" in slow.source and "def pseudo(" not in fast.source
    kiwipete = ("r...k..r/p.ppqpb./bn..pnp./...PN.../.p..P.../..N..Q.p/PPPBBPPP/R...K..R White "
                "rights=a1,h1,a8,h8")
    s, t = fast.parse_position(kiwipete), slow.parse_position(kiwipete)
    assert [perft(fast, s, d) for d in (1, 2)] == [perft(slow, t, d) for d in (1, 2)] == [48, 2039]


PROMOTIONS = """game "Promotions"
players White Black
board 3 x 4
pieces pawn queen rook
direction forward: White n, Black s
region far: White -> row 4, Black -> row 1
setup White pawn: a3
setup Black pawn: c3
move: step pawn forward to empty and far then promote to queen in far
move: step pawn forward to empty and far then promote to rook in far
move: step pawn forward to empty and not far
end: draw if plies >= 2
"""


def test_promotions_to_several_kinds_are_told_apart_in_the_notation():
    game = compile_text(PROMOTIONS)
    start = game.initial_state()
    assert [game.move_text(start, m) for m in game.legal_moves(start)] == ["a3-a4=Q", "a3-a4=R"]
    after = game.apply(start, game.parse_move(start, "a3-a4=r"))
    assert game.position_text(after).startswith("R..")
    after = game.apply(start, game.parse_move(start, "a3-a4=Q"))
    assert [game.move_text(after, m) for m in game.legal_moves(after)] == ["c3-c2"]   # no promotion


# ----------------------------------------------------------------------- looped capture chains

LOOP = """game "Loop"
players White Black
board 8 x 8 cells dark
pieces man king
direction diagonal: ne nw se sw
setup White king: d2
setup Black man: c3 or e3 or c5 or e5
move capture: jump king diagonal over enemy to empty repeatedly{paths}
move: step king diagonal to empty
priority: capture
end: mover wins if not moves
"""


def test_a_loop_of_captures_is_one_move_or_by_path_one_move_per_order():
    once = compile_text(LOOP.format(paths=""))
    both = compile_text(LOOP.format(paths=" by path"))
    start = once.initial_state()
    assert [once.move_text(start, m) for m in once.legal_moves(start)] == ["d2xf4xd6xb4xd2"]
    assert sorted(both.move_text(start, m) for m in both.legal_moves(start)) == [
        "d2xb4xd6xf4xd2", "d2xf4xd6xb4xd2"]
    for move in both.legal_moves(start):   # either way, all four men are taken
        after = both.apply(start, move)
        assert after[:4] == once.apply(start, once.legal_moves(start)[0])[:4]
        board = both.position_text(after).split()[0]
        assert "m" not in board and board.count("K") == 1   # White's king alone is left
    draughts = catalog.resolve("draughts").read_text()
    by_path = compile_text(re.sub(r"repeatedly(?! by path)", "repeatedly by path", draughts),
                            "draughts.gdl")
    assert [perft(by_path, by_path.initial_state(), d) for d in range(1, 6)] \
        == [7, 49, 302, 1469, 7361]


def test_swap_exchanges_two_cells_and_reflect_mirrors_a_region():
    game = compile_text("""game "Swaps"
players A B
board 3 x 2
pieces man king
setup A man: a1
setup A king: b1
setup B man: c2
move swap: choose row 1 and occupied then swap here with (c2)
move turn: choose a2 then reflect row 1
end: draw if plies >= 4
""")
    # a1 and c2 exchanged
    assert game.position_text(game.moves_after(["a1"])) == "..M/mK. B plies=1"
    assert game.position_text(game.moves_after(["b1"])) == "..K/Mm. B plies=1"
    assert game.position_text(game.moves_after(["a2"])) == "..m/.KM B plies=1"   # row 1 mirrored


LOWEST = """game "Lowest first"
players A B
board 4 x 3
move: place on lowest (empty and (column 1 or column 3))
move take: if count (occupied and column 4) > 0 and
  count (empty and column 2) > 0 then swap lowest (occupied and column 4) with lowest (empty and
  column 2)
end: draw if full
"""


def test_lowest_picks_the_first_cell_of_a_set_in_cell_order():
    """`lowest X` is X's cell of the lowest row, the leftmost of that row; checked against a
    plain reading of positions (a dict of cells) on random boards."""
    game = compile_text(LOWEST, "lowest.gdl")
    rng = random.Random(13)
    for _ in range(60):
        marks = {(x, y): rng.choice(".AB") for y in range(3) for x in range(4)}
        rows = ["".join(marks[x, y] for x in range(4)) for y in (2, 1, 0)]
        state = game.parse_position("/".join(rows) + " A")
        empty = sorted((y, x) for (x, y), m in marks.items() if m == ".")
        where = [(x, y) for y, x in empty if x in (0, 2)]
        expected = {name(where[0])} if where else set()
        column4 = sorted((y, x) for (x, y), m in marks.items() if m != "." and x == 3)
        if column4 and any(x == 1 for _, x in empty):
            expected.add("take")
        assert {game.move_text(state, m) for m in game.legal_moves(state)} == expected, rows
        if "take" in expected:   # the lowest piece of column d swaps with b's lowest hole
            took = next(m for m in game.legal_moves(state) if game.move_text(state, m) == "take")
            after = dict(marks)
            (y0, x0), (y1, x1) = column4[0], next((y, x) for y, x in empty if x == 1)
            after[x0, y0], after[x1, y1] = ".", marks[x0, y0]
            text = game.position_text(game.apply(state, took)).split()[0]
            assert text == "/".join("".join(after[x, y] for x in range(4)) for y in (2, 1, 0))


CYCLED = """game "Ring"
players solver
board 3 x 2
pieces red blue
setup solver red: a1
setup solver blue: b1 or c2
move turn: if count (occupied) > 0 then cycle a1 b1 c1 c2 b2 a2
move twist: if count (occupied) > 0 then cycle a1 c2
goal: count (red and c2) > 0
"""


def test_cycle_moves_the_pieces_round_its_cells():
    """`cycle A B C ...` moves what stands on A to B, ..., the last's to A, on every plane;
    checked against a plain dict of cells over random words."""
    game = compile_text(CYCLED, "ring.gdl")
    ring, swap = ["a1", "b1", "c1", "c2", "b2", "a2"], ["a1", "c2"]
    board = {"a1": "R", "b1": "B", "c2": "B"}
    state, rng = game.initial_state(), random.Random(4)
    for _ in range(40):
        word = rng.choice(["turn", "twist"])
        move = next(m for m in game.legal_moves(state[:-1] + (0,))
                    if game.move_text(state, m) == word)
        state = game.apply(state, move)
        cycle = ring if word == "turn" else swap
        board = {(cycle[(cycle.index(c) + 1) % len(cycle)] if c in cycle else c): v
                 for c, v in board.items()}
        text = game.position_text(state).split()[0]
        assert text == "/".join("".join(board.get(f"{x}{y}", ".") for x in "abc")
                                for y in (2, 1))
        assert game.is_terminal(state) == (board.get("c2") == "R")
    with pytest.raises(RulesError, match="a cycle names single cells"):
        compile_text(CYCLED.replace("cycle a1 c2", "cycle a1 (c2 or b2)"), "ring.gdl")
