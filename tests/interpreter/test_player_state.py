"""Per-player state (`state walls = 2 per player`, `walls[own]`), `after every move` and
`attacked` in effects, against plain generators written here by hand.

Two rules files in tests/data/rules/: walls_per_player.gdl (a number of walls left for each
player, a count after every move, a colour swap that exchanges the numbers) and
check_count.gdl (checks counted in a rook's effects and after every move, `attacked enemy
king` read on the position the move made). Each is counted by perft on two board sizes on
both back ends and compared with the generator; then the symmetry, the position text and
the located errors.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from gdl.catalog import compile_text
from gdl.cli.main import main
from gdl.errors import RulesError
from gdl.interpreter import load_file
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.core.symmetry import imager
from gdl.solvers.search.perft import perft

RULES = Path(__file__).resolve().parent.parent / "data" / "rules"
WALLS, CHECKS = RULES / "walls_per_player.gdl", RULES / "check_count.gdl"
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
KING = STEPS + ((1, 1), (1, -1), (-1, 1), (-1, -1))


# ---------------------------------------------------------------------------- walls, by hand

def walls_moves(state, size, judge=True):
    """(the position after, for each legal move) in the walls game: a man's step or a wall;
    with `judge`, each with its result."""
    men, walls, left, bare, p, over = state
    if over:
        return []
    x, y = men[p]
    out = []
    for dx, dy in STEPS:
        to = (x + dx, y + dy)
        if 0 <= to[0] < size and 0 <= to[1] < size and to not in men and to not in walls:
            out.append(walls_after(state, men[:p] + (to,) + men[p + 1:], walls, left, size,
                                   judge))
    if left[p] > 0:
        spent = left[:p] + (left[p] - 1,) + left[p + 1:]
        for cell in ((a, b) for b in range(size) for a in range(size)):
            if cell not in men and cell not in walls:
                out.append(walls_after(state, men, walls | {cell}, spent, size, judge))
    return out


def walls_after(state, men, walls, left, size, judge):
    p = state[4]
    bare = list(state[3])
    if left[p] == 0:   # after every move: bare[own] += 1 if walls[own] == 0
        bare[p] += 1
    far = size - 1 if p == 0 else 0
    child = (men, frozenset(walls), left, tuple(bare), 1 - p, False)
    if not judge:
        return child
    won = men[p][1] == far or not walls_moves(child, size, judge=False)
    lost = bare[p] >= 3 and left[1 - p] > 0
    return child[:5] + (won or lost,)


def walls_start(size, stock=2):
    return ((1, 0), (1, size - 1)), frozenset(), (stock, stock), (0, 0), 0, False


def hand_perft(moves, state, depth):
    if depth == 0:
        return 1
    return sum(hand_perft(moves, child, depth - 1) for child in moves(state))


# --------------------------------------------------------------------- check count, by hand

def attacked(pieces, cell, by, size):
    """Whether player `by` could move a piece onto `cell`: a king beside it, a rook along a
    line of empty cells."""
    for at, (owner, kind) in pieces.items():
        if owner != by:
            continue
        dx, dy = cell[0] - at[0], cell[1] - at[1]
        if kind == "king" and max(abs(dx), abs(dy)) == 1:
            return True
        if kind == "rook" and (dx == 0) != (dy == 0):
            ux, uy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
            c = (at[0] + ux, at[1] + uy)
            while c != cell and c not in pieces:
                c = (c[0] + ux, c[1] + uy)
            if c == cell:
                return True
    return False


def king_of(pieces, p):
    return next((c for c, (o, k) in pieces.items() if o == p and k == "king"), None)


def in_check(pieces, p, size):
    """Player p's king stands attacked by the other player."""
    king = king_of(pieces, p)
    return king is not None and attacked(pieces, king, 1 - p, size)


def check_moves(state, size, judge=True):
    """The positions after player p's legal moves; with `judge`, each with its result."""
    pieces, rook_checks, checks, plies, p, over = state
    if over:
        return []
    out = []
    for at, (owner, kind) in sorted(pieces.items()):
        if owner != p:
            continue
        for dx, dy in KING if kind == "king" else STEPS:
            to = (at[0] + dx, at[1] + dy)
            while 0 <= to[0] < size and 0 <= to[1] < size:
                if to in pieces and pieces[to][0] == p:
                    break
                board = dict(pieces)
                del board[at]
                board[to] = (p, kind)   # what stood there is taken
                if not in_check(board, p, size):
                    out.append(check_after(state, board, kind, size, judge))
                if kind == "king" or to in pieces:
                    break
                to = (to[0] + dx, to[1] + dy)
    return out


def check_after(state, board, kind, size, judge):
    _, rook_checks, checks, plies, p, _ = state
    gives = in_check(board, 1 - p, size)
    rook_checks, checks = list(rook_checks), list(checks)
    if kind == "rook" and gives:   # the rook's own effect
        rook_checks[p] += 1
    if gives:   # after every move
        checks[p] += 1
    child = (board, tuple(rook_checks), tuple(checks), plies + 1, 1 - p, False)
    if not judge:
        return child
    over = (checks[p] == 3 or not check_moves(child, size, judge=False)
            or sum(rook_checks) >= 4 or plies + 1 >= 60)
    return child[:5] + (over,)


def check_start(size):
    pieces = {(0, 0): (0, "king"), (size - 2, 0): (0, "rook"),
              (size - 1, size - 1): (1, "king"), (1, size - 1): (1, "rook")}
    return pieces, (0, 0), (0, 0), 0, 0, False


# --------------------------------------------------------------------------------- the tests

@functools.cache
def game(path: Path, size: int, backend: str):
    return with_backend(load_file(path, {"size": str(size)}), backend)


@pytest.mark.parametrize("backend", ["python", "native"])
@pytest.mark.parametrize("size, depth", [(4, 4), (5, 3)])
def test_walls_per_player_counts_as_by_hand(backend, size, depth):
    g = game(WALLS, size, backend)
    moves = functools.partial(walls_moves, size=size)
    for d in range(1, depth + 1):
        assert perft(g, g.initial_state(), d) == hand_perft(moves, walls_start(size), d), d


@pytest.mark.parametrize("backend", ["python", "native"])
@pytest.mark.parametrize("size, depth", [(4, 5), (5, 5)])
def test_checks_counted_in_effects_and_after_every_move_count_as_by_hand(backend, size, depth):
    g = game(CHECKS, size, backend)
    moves = functools.partial(check_moves, size=size)
    for d in range(1, depth + 1):
        assert perft(g, g.initial_state(), d) == hand_perft(moves, check_start(size), d), d


@pytest.mark.parametrize("backend", ["python", "native"])
def test_random_games_keep_the_counts_by_hand(backend):
    """Every ply of seeded random games: the checks each player has given, read from the
    position text, are the generator's (the move chosen by its position)."""
    size, rng = 5, random.Random(7)
    g = game(CHECKS, size, backend)
    for _ in range(20):
        state, mine = g.initial_state(), check_start(size)
        while not g.is_terminal(state):
            text = g.position_text(state)
            assert f"rook_checks={','.join(map(str, mine[1]))}" in text
            assert f"checks={','.join(map(str, mine[2]))}" in text
            children = {_board_text(g, g.apply(state, m)): m for m in g.legal_moves(state)}
            by_hand = {_hand_board(c[0], size): c for c in check_moves(mine, size)}
            assert set(children) == set(by_hand)
            key = rng.choice(sorted(children))
            state, mine = g.apply(state, children[key]), by_hand[key]
        assert mine[5]


def _board_text(g, state) -> str:
    return g.position_text(state).split()[0]


def _hand_board(pieces, size) -> str:
    letters = {(0, "king"): "K", (0, "rook"): "R", (1, "king"): "k", (1, "rook"): "r"}
    return "/".join("".join(letters.get(pieces.get((x, y)), ".") for x in range(size))
                    for y in reversed(range(size)))


def test_a_colour_swap_exchanges_the_numbers_of_each_player():
    g = load_file(WALLS)
    state = g.moves_after(["a3", "b4-c4", "d3"])   # White spent both, Black none
    assert "walls=0,2" in g.position_text(state)
    image = imager(g)
    (swap,) = [s for s in g.symmetries if s.swap]
    mirrored = image(swap, state)
    assert "walls=2,0" in g.position_text(mirrored)
    assert g.canonical(state) == min(image(s, state) for s in g.symmetries)
    assert g.parse_position(g.position_text(mirrored)) == mirrored
    native = with_backend(load_file(WALLS), "native")
    rng = random.Random(3)
    for _ in range(200):   # the C canonical form agrees with the Python one
        moves = native.legal_moves(state)
        if not moves:
            state = native.initial_state()
            continue
        state = native.apply(state, rng.choice(moves))
        assert native.canonical(state) == g.canonical(state)


def test_the_symmetry_holds_by_gdl_check(capsys):
    assert main(["check", str(WALLS), "--games", "20"]) == 0
    assert "declared invariants: 1 of 1 hold" in capsys.readouterr().out


BASE = """game "t"
players White Black
board 3 x 3
state walls = 2 per player
"""


@pytest.mark.parametrize("text, where, message", [
    ("move: place on empty then walls[1] -= 1\n", (5, 33),
     "'walls' holds one number per player: its index is own, enemy or a player's name"),
    ("end: draw if walls[Red] == 0\n", (5, 20), "its index is own, enemy or a player's name"),
    ("state bad = (1, 2) per player\n", (5, 13), "holds one number for each player"),
    ("end: draw if attacked 3\n", (5, 23), "what 'attacked' tests"),
    ("after every move: add man at a1\n", (5, 19), "changes state variables only"),
    ("after every move: walls[own] -= 1 if here == a1\n", (5, 38), "'here'"),
])
def test_misuse_is_refused_where_it_is(text, where, message):
    with pytest.raises(RulesError) as err:
        compile_text(BASE + text + "move: place on empty\n", "t.gdl")
    assert (err.value.pos.line, err.value.pos.column) == where
    assert message in str(err.value)
