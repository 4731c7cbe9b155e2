"""A remembered cell: a set-of-cells state variable (`state last = none`, `last = here`)."""

from __future__ import annotations

from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft

FOLLOW = '''game "Follow"
# Each mark goes next to the previous one (any cell to begin); who cannot move loses.
players A B
board 3 x 3
direction around: n s e w ne nw se sw
state last = none
symmetry dihedral
move: place on empty and (around is last or no last) then last = here
end: mover wins if not moves
'''


def naive_perft(taken: frozenset, last, depth: int) -> int:
    if depth == 0:
        return 1
    cells = [(x, y) for x in range(3) for y in range(3) if (x, y) not in taken
             and (last is None or max(abs(x - last[0]), abs(y - last[1])) == 1)]
    total = 0
    for cell in cells:
        after = taken | {cell}
        nxt = [(x, y) for x in range(3) for y in range(3) if (x, y) not in after
               and max(abs(x - cell[0]), abs(y - cell[1])) == 1]
        total += (depth == 1) if not nxt else naive_perft(after, cell, depth - 1)
    return total


def test_follow_perft_matches_a_plain_generator():
    game = compile_text(FOLLOW, "follow.gdl")
    counts = [perft(game, game.initial_state(), d) for d in range(1, 7)]
    assert counts == [naive_perft(frozenset(), None, d) for d in range(1, 7)]


def test_the_remembered_cell_is_shown_and_moves_with_the_symmetries():
    game = compile_text(FOLLOW, "follow.gdl")
    state = game.apply(game.initial_state(), game.parse_move(game.initial_state(), "a1"))
    assert "last: a1" in game.render(state, details=True)
    corners = {game.canonical(game.apply(game.initial_state(),
                                         game.parse_move(game.initial_state(), c)))
               for c in ("a1", "c1", "a3", "c3")}
    assert len(corners) == 1                      # one position up to symmetry
    assert game.symmetries and len(game.symmetries) == 8   # all eight held at load
