"""`slide`: a rook's move, checked against a plain Python move generator by perft."""

from __future__ import annotations

from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft

ROOKS = '''game "Rooks"
players White Black
board 5 x 5
pieces rook
direction orthogonal: n s e w
setup White rook: a1 or e1
setup Black rook: a5 or e5
move: slide rook orthogonal to not own
end: mover wins if no enemy
'''
SIZE = 5


def naive_moves(position: dict, player: int) -> list:
    out = []
    for (x, y), owner in position.items():
        if owner != player:
            continue
        for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            cx, cy = x + dx, y + dy
            while 0 <= cx < SIZE and 0 <= cy < SIZE:
                if (cx, cy) in position:
                    if position[(cx, cy)] != player:
                        out.append(((x, y), (cx, cy)))
                    break
                out.append(((x, y), (cx, cy)))
                cx, cy = cx + dx, cy + dy
    return out


def naive_perft(position: dict, player: int, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for start, end in naive_moves(position, player):
        after = dict(position)
        del after[start]
        after[end] = player
        if player not in after.values() or 1 - player not in after.values():
            total += depth == 1      # the game ends: a leaf only at the last ply
        else:
            total += naive_perft(after, 1 - player, depth - 1)
    return total


def test_slide_perft_matches_a_plain_generator():
    game = compile_text(ROOKS, "rooks.gdl")
    start = {(0, 0): 0, (4, 0): 0, (0, 4): 1, (4, 4): 1}
    counts = [perft(game, game.initial_state(), d) for d in range(1, 5)]
    assert counts == [naive_perft(start, 0, d) for d in range(1, 5)] == [14, 172, 2160, 25790]


def test_slide_stops_at_the_first_piece_and_may_take_it():
    game = compile_text(ROOKS, "rooks.gdl")
    texts = sorted(game.move_text(game.initial_state(), m)
                   for m in game.legal_moves(game.initial_state()))
    assert "a1-a5" in texts and "e1-a1" not in texts and "a1-e1" not in texts
    assert len(texts) == 14
