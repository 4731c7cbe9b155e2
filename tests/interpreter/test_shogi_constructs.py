"""The constructs shogi added to the core, each against a plain hand-written reference:
exact offsets (`[1, 2]`: that leap alone, not its images), `column X` of a set of cells (the
columns holding one of its cells), `origin` being none after a drop, and `moves` in the
legality filter (shogi's pawn drop that mates, tests/games/test_shogi.py)."""

from __future__ import annotations

import random

from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft

DROP_KNIGHTS = '''game "Drop knights"
# Knights leap two forward and one aside; taken knights join the hand and are dropped back,
# but no drop may put two of a player's knights on one column.
players A B
board 4 x 5
pieces knight
hands
direction leap: A [1, 2] [-1, 2], B [1, -2] [-1, -2]
setup A knight: a1 or d1
setup B knight: a5 or d5
illegal: count (own and column here) > 1 and no origin
move: step knight leap to not own
move drop: drop on empty
end: mover wins if not moves
end: draw if plies >= 12
'''
W, H = 4, 5


def name(x, y):
    return f"{'abcd'[x]}{y + 1}"


class DropKnights:
    """(board {cell: owner}, hands, player, plies) by hand."""

    def start(self):
        board = {(0, 0): 0, (3, 0): 0, (0, 4): 1, (3, 4): 1}
        return (frozenset(board.items()), (0, 0), 0, 0)

    def over(self, h):
        board, hands, player, plies = h
        return plies >= 12 or not self.moves(h)

    def moves(self, h):
        board, hands, p, plies = dict(h[0]), h[1], h[2], h[3]
        if plies >= 12:
            return []
        out = []
        dy = 2 if p == 0 else -2
        for (x, y), owner in board.items():
            if owner != p:
                continue
            for dx in (1, -1):
                to = (x + dx, y + dy)
                if 0 <= to[0] < W and 0 <= to[1] < H and board.get(to) != p:
                    after, held = dict(board), list(hands)
                    if after.get(to) is not None:
                        held[p] += 1
                    del after[(x, y)]
                    after[to] = p
                    out.append((f"{name(x, y)}-{name(*to)}", (frozenset(after.items()),
                                                              tuple(held), 1 - p, plies + 1)))
        if hands[p]:
            for y in range(H):
                for x in range(W):
                    mine = sum(1 for (cx, _), o in board.items() if cx == x and o == p)
                    if (x, y) not in board and mine == 0:
                        held = list(hands)
                        held[p] -= 1
                        after = dict(board)
                        after[(x, y)] = p
                        out.append((f"{'AB'[p]}*{name(x, y)}", (frozenset(after.items()),
                                                                tuple(held), 1 - p, plies + 1)))
        return out


def hand_perft(game, h, depth):
    if depth == 0:
        return 1
    if game.over(h):
        return 0
    return sum(hand_perft(game, after, depth - 1) for _, after in game.moves(h))


def test_exact_leaps_columns_of_a_set_and_drops_against_a_hand_written_game():
    game, hand = compile_text(DROP_KNIGHTS, "dropknights.gdl"), DropKnights()
    start = game.initial_state()
    assert [perft(game, start, d) for d in range(1, 6)] \
        == [hand_perft(hand, hand.start(), d) for d in range(1, 6)]
    rng, drops = random.Random(3), 0
    for _ in range(60):
        s, h = start, hand.start()
        while True:
            texts = sorted(game.move_text(s, m) for m in game.legal_moves(s))
            expected = [] if hand.over(h) else sorted(t for t, _ in hand.moves(h))
            assert texts == expected, (game.render(s), texts, expected)
            if not texts:
                break
            text = rng.choice(texts)
            drops += "*" in text
            s, h = game.apply(s, game.parse_move(s, text)), dict(hand.moves(h))[text]
    assert drops > 20   # the drops and their column rule were exercised


def test_an_exact_offset_is_that_leap_alone_and_a_vector_its_eight_images():
    exact = compile_text(DROP_KNIGHTS, "x.gdl")
    images = compile_text(DROP_KNIGHTS.replace("A [1, 2] [-1, 2], B [1, -2] [-1, -2]",
                                                "(1, 2)"), "y.gdl")
    start = exact.initial_state()
    assert sorted(exact.move_text(start, m) for m in exact.legal_moves(start)) \
        == ["a1-b3", "d1-c3"]
    assert len(images.legal_moves(images.initial_state())) == 4   # b3, c2 from a1; c3, b2


def test_a_constant_column_of_cells_folds_to_its_columns():
    rules = DROP_KNIGHTS.replace("setup A knight: a1 or d1",
                                 "setup A knight: column (a1 or c3) and rows 1..4")
    game = compile_text(rules, "z.gdl")
    assert game.position_text(game.initial_state()).split()[0] == "B..B/A.A./A.A./A.A./A.A."
