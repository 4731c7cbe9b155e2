"""The permutation layout read off a core game (gdl.interpreter.layouts.layout): a sticker
cube written as a game file, and the permutation form lowered into the core and read
back. Every layout is checked against the core game's own moves (the generic code path)."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.errors import OptionError
from gdl.catalog import compile_text
from gdl.interpreter.layouts import (
    layout as puzzle_layout, permutation_core as puzzle_permutation_core)
from gdl.interpreter.layouts.core_game import compile_core
from gdl.interpreter.layouts.one_player import OnePlayerPuzzle
from gdl.interpreter.layouts.permutation_game import PermutationGame, as_puzzle
from gdl.solvers.puzzles.bfs import solve_bfs

# Positions within 0..5 quarter turns of the solved pocket cube (with a corner held):
# 1, 6, 27, 120, 534, 2,256 (the known distance table of the 2x2x2 cube).
CUBE_LAYERS = [1, 6, 27, 120, 534, 2256]


def layers(start, moves, apply, key, depth):
    """The number of positions first reached at each distance 0..depth."""
    seen, frontier, out = {key(start)}, [start], [1]
    for _ in range(depth):
        nxt = []
        for s in frontier:
            for m in moves(s):
                t = apply(s, m)
                if key(t) not in seen:
                    seen.add(key(t))
                    nxt.append(t)
        frontier = nxt
        out.append(len(nxt))
    return out


@pytest.fixture(scope="module")
def stickers():
    return catalog.load("pocket_cube_stickers")


def playing(state):
    """A core state with its result cleared: the solved start is won, and the core
    game has no moves in a won position."""
    return state[:-1] + (0,)


def test_the_sticker_cube_reads_back_as_seven_corners_with_three_twists(stickers):
    layout = puzzle_layout.derive(stickers.ir)
    assert layout is not None
    comps = layout.form.components
    assert [(c.size, c.modulus) for c in comps] == [(7, None), (7, 3)]
    assert [m.name for m in layout.form.moves] == ["front", "back", "right", "left", "up", "down"]
    assert len(layout.fixed) == 3   # the held corner's stickers (c1, a3, h3)
    assert layout.form.start == layout.form.goal   # the file starts solved


def test_the_layout_moves_as_the_core_game_does(stickers):
    # The layout's moves against the core's generic ones: the same board after each of
    # 300 random moves.
    puzzle = as_puzzle(stickers)
    assert isinstance(puzzle, PermutationGame)
    rng = random.Random(1)
    state, board = puzzle.initial_state(), playing(stickers.initial_state())
    core_moves = {stickers.move_text(board, m): m for m in stickers.legal_moves(board)}
    for _ in range(300):
        m = rng.choice(puzzle.legal_moves(state))
        state = puzzle.apply(state, m)
        board = playing(stickers.apply(board, core_moves[puzzle.move_text(state, m)]))
        assert puzzle.board(state)[:-1] == board[:-1]
        assert puzzle.parse_state(stickers.position_text(board)) == state


def test_distance_layers_equal_the_core_games_and_the_known_table(stickers):
    puzzle = as_puzzle(stickers)
    fast = layers(puzzle.initial_state(), puzzle.legal_moves, puzzle.apply, lambda s: s, 5)
    board = playing(stickers.initial_state())
    slow = layers(board, stickers.legal_moves, lambda s, m: playing(stickers.apply(s, m)),
                  lambda s: s, 5)
    assert fast == slow == CUBE_LAYERS


def test_the_proved_inverses_and_conserved_twist(stickers):
    puzzle = as_puzzle(stickers)
    assert puzzle.invariants["inverses"] == [["front", "back"], ["right", "left"],
                                             ["up", "down"]]
    assert puzzle.invariants["conserved"] == ["turns1 sum mod 3"]
    assert puzzle.invariants["layout"] == "pieces1: 7 pieces, turns1: 7 turns mod 3"


def test_a_scramble_solves_to_its_bfs_distance(stickers):
    puzzle = as_puzzle(stickers)
    start = puzzle.parse_state("front right up right front")
    plain = solve_bfs(puzzle, start)
    assert plain.solution is not None and len(plain.solution) == 5
    end = start
    for m in plain.solution:
        end = puzzle.apply(end, m)
    assert puzzle.is_goal(end) and stickers.returns(puzzle.board(end)) == (1.0,)


def test_a_position_no_piece_shows_is_refused(stickers):
    puzzle = as_puzzle(stickers)
    text = stickers.position_text(stickers.initial_state())
    # c5 and d5 (the up face's front row) swapped with the front face's top row: each
    # corner then shows green where white belongs and white where green does, a mirror
    # image no turn of a real corner makes.
    rows = text.split()[0].split("/")
    rows[1] = "GG"
    rows[2] = rows[2][:2] + "WW" + rows[2][4:]
    with pytest.raises(OptionError, match="no piece"):
        puzzle.parse_state(" ".join(["/".join(rows)] + text.split()[1:]))


def test_games_of_other_shapes_keep_their_own_states():
    lights = catalog.load("lights_out")
    assert puzzle_layout.derive(lights.ir) is None
    assert type(as_puzzle(lights)) is OnePlayerPuzzle
    # two cells of one colour on a ring: a piece could not be told from the other
    alike = compile_text(
        'game "ring"\nplayers solver\nboard 3 x 1\npieces r g\nsetup solver r: a1 or b1\n'
        "setup solver g: c1\nmove turn: cycle a1 b1 c1\ngoal: count (g and c1) == 1\n")
    assert puzzle_layout.derive(alike.ir) is None


def test_a_ring_of_distinct_pieces_is_one_permutation():
    ring = compile_text(
        'game "ring"\nplayers solver\nboard 4 x 1\npieces p q r s\nsetup solver p: a1\n'
        "setup solver q: b1\nsetup solver r: c1\nsetup solver s: d1\n"
        "move turn: cycle a1 b1 c1 d1\nmove swap: cycle a1 b1\n"
        "goal: count (p and a1 or q and b1 or r and c1 or s and d1) == 4\n")
    layout = puzzle_layout.derive(ring.ir)
    assert layout is not None
    assert [(c.size, c.modulus) for c in layout.form.components] == [(4, None)]
    puzzle = as_puzzle(ring)

    def plain(cells, m):   # the ring by hand: a1's piece to b1, ..., d1's to a1; a1 <-> b1
        return (cells[3], cells[0], cells[1], cells[2]) if m == 0 else \
            (cells[1], cells[0], cells[2], cells[3])
    expected = layers(tuple("pqrs"), lambda s: (0, 1), plain, lambda s: s, 8)
    assert layers(puzzle.initial_state(), puzzle.legal_moves, puzzle.apply, lambda s: s,
                  8) == expected
    assert sum(expected) == 24   # a 4-cycle and a swap make all of S4


def test_the_permutation_form_lowers_into_the_core_and_reads_back():
    cube = catalog.load("pocket_cube")
    form = cube.ir.form
    text = puzzle_permutation_core.core_rules(form, "pocket_cube")
    assert text is not None and "move front: cycle " in text
    game = compile_core(text)
    assert len(game.ir.pieces) == 21 and len(game.ir.rules) == 6
    back = puzzle_permutation_core.read_back(form, "pocket_cube")
    assert back is not None
    assert (back.components, back.moves, back.start, back.goal) == \
        (form.components, form.moves, form.start, form.goal)
    assert cube.lowered   # the engine runs on what was read back
    # (tests/test_one_player_puzzles.py moves the lowered game against the form)


def test_a_form_that_cannot_lower_is_used_as_written():
    # An orientation no move ever changes: the blocks read back have no turn, so the
    # read-back differs from the file and the form is used as it is.
    text = ('puzzle "still"\nstate p: permutation 3, o: 3 x mod 2\n'
            "move a: cycle p (1 2 3)\nmove b: cycle p (1 2)\ngoal: initial\n")
    puzzle = compile_text(text)
    assert not puzzle.lowered
    assert puzzle_permutation_core.read_back(puzzle.ir.form, "still") is None


def test_the_whole_cube_turn_is_read_as_a_conjugation(stickers):
    # The declared turn (cells moved, colours renamed) keys the layout's classes; they
    # are the classes of the core game's own canonical (its planes moved and recoloured)
    # on the 688 positions within 4 quarter turns.
    puzzle = as_puzzle(stickers)
    assert len(puzzle.ir.form.symmetries) == 1 and len(stickers.ir.symmetries) == 3
    seen, frontier = {puzzle.initial_state()}, [puzzle.initial_state()]
    for _ in range(4):
        frontier = [t for s in frontier for m in puzzle.legal_moves(s)
                    for t in [puzzle.apply(s, m)] if t not in seen and not seen.add(t)]
    assert len(seen) == sum(CUBE_LAYERS[:5])
    by_layout: dict = {}
    for s in seen:
        by_layout.setdefault(puzzle.symmetry_key(s), set()).add(
            stickers.canonical(playing(puzzle.board(s))))
    assert all(len(keys) == 1 for keys in by_layout.values())   # one core class each
    assert len({k for keys in by_layout.values() for k in keys}) == len(by_layout) == 230


def test_a_wrong_position_text_says_what_is_wrong(stickers):
    puzzle = as_puzzle(stickers)
    with pytest.raises(OptionError, match="the board has 6 rows, the position 2"):
        puzzle.parse_state("WW/GG")
    assert puzzle.parse_state("R U") == puzzle.play(puzzle.goal_state(), "right up")
