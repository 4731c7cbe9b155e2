"""Cylinder draughts (gdl/games/capture/cylinder_draughts.gdl) against a plain generator of
the same rules written out by hand below: English draughts on a board whose a and h files
are neighbours. Perft from the start and from 30 seeded positions, both back ends."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.solvers.search.perft import perft
from tests.interpreter.c.test_native import needs_cc

SIZE = 8
FORWARD = {0: ((1, 1), (-1, 1)), 1: ((1, -1), (-1, -1))}   # Black moves up, White down
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
MAN, KING = "man", "king"


def neighbour(cell, d):
    """The diagonal neighbour round the cylinder: columns wrap, rows end."""
    x, y = (cell[0] + d[0]) % SIZE, cell[1] + d[1]
    return (x, y) if 0 <= y < SIZE else None


def crowned(p: int, cell, kind: str) -> str:
    return KING if cell[1] == (SIZE - 1 if p == 0 else 0) else kind


def captures(board: dict, p: int) -> set:
    """Every maximal chain of jumps: (from, to, the cells taken)."""
    found = set()
    for start, (owner, kind) in board.items():
        if owner != p:
            continue
        dirs = FORWARD[p] if kind == MAN else DIAGONAL
        stack = [(start, frozenset())]
        while stack:
            cell, taken = stack.pop()
            grown = False
            for d in dirs:
                over = neighbour(cell, d)
                land = over and neighbour(over, d)
                if (land and over in board and board[over][0] != p and over not in taken
                        and (land not in board or land == start)):
                    stack.append((land, taken | {over}))
                    grown = True
            if taken and not grown:
                found.add((start, cell, taken))
    return found


def moves(board: dict, p: int) -> list[dict]:
    """The positions after each legal move (captures, when there is one, are compulsory)."""
    out = []
    for start, to, taken in captures(board, p):
        after = {c: v for c, v in board.items() if c != start and c not in taken}
        after[to] = (p, crowned(p, to, board[start][1]))
        out.append(after)
    if out:
        return out
    for start, (owner, kind) in board.items():
        if owner != p:
            continue
        for d in FORWARD[p] if kind == MAN else DIAGONAL:
            to = neighbour(start, d)
            if to and to not in board:
                after = {c: v for c, v in board.items() if c != start}
                after[to] = (p, crowned(p, to, kind))
                out.append(after)
    return out


def plain_perft(board: dict, p: int, depth: int) -> int:
    if depth == 0:
        return 1
    found = moves(board, p)
    return len(found) if depth == 1 else sum(plain_perft(a, 1 - p, depth - 1) for a in found)


def board_of(text: str) -> dict:
    """gdl's position text (`mmmm/.../MMMM Black`: the dark cells of each row, the top row
    first; capitals Black's, M a man, K a king) as a plain board."""
    board = {}
    for i, row in enumerate(text.split()[0].split("/")):
        y = SIZE - 1 - i
        for j, ch in enumerate(row):
            if ch != ".":
                board[2 * j + y % 2, y] = (0 if ch.isupper() else 1,
                                           MAN if ch.lower() == "m" else KING)
    return board


def seeded_states(game, count: int = 30):
    """Positions reached by seeded random play (fewer than 40 plies: no draw is near)."""
    rng, out = random.Random(29), []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(40)):
            legal = list(game.legal_moves(state))
            if not legal or game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(legal))
        if not game.is_terminal(state):
            out.append(state)
    return out


@pytest.fixture(scope="module")
def game():
    return catalog.load("cylinder_draughts")


def test_the_start_counts_as_the_plain_generator(game):
    start = board_of(game.position_text(game.initial_state()))
    assert len(start) == 24
    for depth in range(1, 6):
        assert perft(game, game.initial_state(), depth) == plain_perft(start, 0, depth)


def test_thirty_seeded_positions_count_as_the_plain_generator(game):
    for state in seeded_states(game):
        board = board_of(game.position_text(state))
        mover = game.current_player(state)
        assert perft(game, state, 3) == plain_perft(board, mover, 3), game.position_text(state)


@needs_cc
def test_the_native_back_end_counts_the_same(game):
    from gdl.interpreter.c.game import NativeGame
    native = NativeGame(game, per_call=True)
    start = board_of(game.position_text(game.initial_state()))
    assert native.native_perft(game.initial_state(), 6) == plain_perft(start, 0, 6)
    for state in seeded_states(game):
        board = board_of(game.position_text(state))
        assert native.native_perft(state, 3) == plain_perft(board, game.current_player(state), 3)


def test_a_man_on_the_a_file_steps_round_to_the_h_file(game):
    state = game.initial_state()
    texts = {game.move_text(state, m) for m in game.legal_moves(state)}
    assert "a3-h4" in texts and len(texts) == 8   # seven as on a flat board, and this one
