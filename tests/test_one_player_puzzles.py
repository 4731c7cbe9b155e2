"""Puzzles as one-player games on the general core (issue 13): peg solitaire and Lights Out
solved by `gdl solve`, each checked by plain code of the test's own; the A* search and
the symmetry classes against plain breadth-first search; perft and bench from a scramble."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import GdlError
from tests.references.puzzles import SlidingPuzzle
from gdl.catalog import compile_text as load_rules
from gdl.interpreter import parse as parse_rules
from gdl.interpreter.layouts.permutation_core import core_rules
from gdl.interpreter.layouts.one_player import OnePlayerPuzzle
from gdl.solvers.puzzles.astar import solve_astar
from gdl.solvers.puzzles.bfs import solve_bfs
from gdl.solvers.puzzles.choose import solve_puzzle


def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def run_text(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out.splitlines()


# --------------------------------------------------------------------------- peg solitaire

def english_board():
    """The 33 holes of the English cross as (column, row), 1-based: a plain model."""
    return {(c, r) for c in range(1, 8) for r in range(1, 8)
            if 3 <= c <= 5 or 3 <= r <= 5}


def test_peg_solitaire_solution_replays_to_one_peg_in_the_centre(capsys):
    data = run_json(capsys, "solve", "peg_solitaire")
    assert data["length"] == 31 and data["method"] == "astar"
    holes = english_board()
    pegs = holes - {(4, 4)}
    for text in data["solution"]:
        a, b = text.split("x")
        (c0, r0), (c1, r1) = [(ord(w[0]) - 96, int(w[1:])) for w in (a, b)]
        middle = ((c0 + c1) // 2, (r0 + r1) // 2)
        assert abs(c0 - c1) + abs(r0 - r1) == 2 and (c0 == c1 or r0 == r1), text
        assert (c0, r0) in pegs and middle in pegs and (c1, r1) in holes - pegs, text
        pegs -= {(c0, r0), middle}
        pegs.add((c1, r1))
    assert pegs == {(4, 4)}


# --------------------------------------------------------------------------- Lights Out

def gf2_fewest_presses(n: int) -> int:
    """The fewest presses that turn an all-on n x n board off: every solution of A x = 1
    over GF(2) (a particular one plus the null space), the lightest taken."""
    cells = n * n
    rows = []
    for r in range(n):
        for c in range(n):
            mask = 0
            for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    mask |= 1 << ((r + dr) * n + c + dc)
            rows.append([mask, 1])   # the equation: presses in mask sum to 1 (the light)
    pivots = []
    rank = 0
    for bit in range(cells):
        pivot = next((i for i in range(rank, cells) if rows[i][0] >> bit & 1), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for i in range(cells):
            if i != rank and rows[i][0] >> bit & 1:
                rows[i][0] ^= rows[rank][0]
                rows[i][1] ^= rows[rank][1]
        pivots.append(bit)
        rank += 1
    assert all(rhs == 0 for mask, rhs in rows[rank:]), "all-on has no solution"
    free = [b for b in range(cells) if b not in pivots]
    best = cells
    for choice in itertools.product((0, 1), repeat=len(free)):
        x = sum(v << b for v, b in zip(choice, free))
        for i, bit in enumerate(pivots):   # the pivot's value from its reduced row
            others = rows[i][0] & ~(1 << bit)
            if (rows[i][1] ^ (others & x).bit_count()) & 1:
                x |= 1 << bit
        best = min(best, x.bit_count())
    return best


@pytest.mark.parametrize("size", [3, 4])
def test_lights_out_small_boards_match_linear_algebra(size):
    puzzle = OnePlayerPuzzle(catalog.load("lights_out", {"size": str(size)}))
    result = solve_puzzle(puzzle)
    assert result.method == "bidirectional"
    assert result.length == gf2_fewest_presses(size)
    state = puzzle.initial_state()
    for m in result.solution:
        state = puzzle.apply(state, m)
    assert puzzle.is_goal(state)


@pytest.mark.slow
def test_gdl_solve_lights_out_json_gives_the_proved_minimum(capsys):
    data = run_json(capsys, "solve", "lights_out")
    assert data["method"] == "bidirectional" and data["unsolvable"] is None
    assert data["length"] == gf2_fewest_presses(5) == 15
    lit = {(c, r) for c in range(5) for r in range(5)}
    for text in data["solution"]:   # the test's own press
        c, r = ord(text[0]) - 97, int(text[1:]) - 1
        lit ^= {(c + dc, r + dr) for dc, dr in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= c + dc < 5 and 0 <= r + dr < 5}
    assert lit == set()


# --------------------------------------------------------------------------- core constructs

TOGGLE = """game "toggle"
players solo
board 3 x 1
pieces dot
setup solo dot: a1
move: choose a1 or b1 or c1 then toggle here or adjacent here with dot
goal: count own == 3
heuristic: 3 - count own
"""


def test_toggle_matches_a_plain_exclusive_or():
    game = load_rules(TOGGLE, "toggle.gdl")
    puzzle = OnePlayerPuzzle(game)
    state, lit, rng = puzzle.initial_state(), {0}, random.Random(1)
    for _ in range(10):
        if puzzle.is_goal(state):
            break
        m = rng.choice(list(puzzle.legal_moves(state)))
        x = ord(puzzle.move_text(state, m)[0]) - 97
        lit ^= {c for c in (x - 1, x, x + 1) if 0 <= c < 3}
        state = puzzle.apply(state, m)
        assert puzzle.heuristic_distance(state) == 3 - len(lit)
        assert puzzle.state_text(state).split()[0] == "".join(
            "S" if c in lit else "." for c in range(3))


def test_a_false_move_law_is_refused_with_a_counterexample():
    with pytest.raises(GdlError, match="'every move undoes itself' is false"):
        OnePlayerPuzzle(load_rules(TOGGLE.replace("toggle here or adjacent here with dot",
                                                  "fill here or adjacent here with dot")
                                   + "every move undoes itself\n", "bad.gdl"))


def test_heuristic_needs_one_player():
    source = TOGGLE.replace("players solo", "players a b").replace("setup solo", "setup a")
    with pytest.raises(Exception, match="one-player game"):
        load_rules(source.replace("goal:", "end: a wins if"), "two.gdl")


# --------------------------------------------------------------------------- A* and symmetry

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_astar_equals_breadth_first_search(seed):
    reference = SlidingPuzzle(3)
    rng, state = random.Random(seed), reference.goal_state()
    for _ in range(30):
        state = reference.apply(state, rng.choice(reference.legal_moves(state)))
    compiled = catalog.load("eight_puzzle")
    plain = solve_bfs(reference, state)
    ours = compiled.engine.pack(state)   # the reference's cells as the core game's planes
    assert solve_astar(compiled, ours).length == plain.length
    assert solve_bfs(compiled, ours).length == plain.length


@pytest.mark.slow
def test_the_diagonal_reflection_halves_the_states_searched():
    puzzle = catalog.load("eight_puzzle")
    start = puzzle.parse_state("867254301")
    classes = solve_bfs(puzzle, start)
    every = solve_bfs(puzzle, start, use_symmetry=False)
    assert classes.length == every.length == 31
    assert 170_000 < every.nodes < 181_440   # nearly all: the start is 31 moves away
    assert classes.nodes < 0.55 * every.nodes


# --------------------------------------------------------------------------- any start

def test_perft_from_a_scramble_and_from_a_position(capsys):
    lines = run_text(capsys, "perft", "eight_puzzle", "2")
    assert lines[0].startswith("start: the start (the goal itself") and lines[-1] == "0"
    lines = run_text(capsys, "perft", "eight_puzzle", "2", "--position", "123456708")
    # blank bottom middle: its move right ends the game at depth 1; from the centre 4 moves,
    # from the corner 2
    assert lines[0] == "start: the position '123456708'" and lines[-1] == "6"
    lines = run_text(capsys, "perft", "pocket_cube", "2", "--scramble", "5", "--seed", "2")
    assert lines[0] == "start: a scramble of 5 random moves (seed 2)" and lines[-1] == "36"
    first = run_json(capsys, "solve", "pocket_cube", "--scramble", "5", "--seed", "2")
    again = run_json(capsys, "solve", "pocket_cube", "--scramble", "5", "--seed", "2")
    assert first["start"] == again["start"] != "corner 1 2 3 4 5 6 7 twist 0 0 0 0 0 0 0"
    assert 1 <= first["length"] <= 5


def test_bench_says_where_it_starts(capsys):
    lines = run_text(capsys, "bench", "pocket_cube", "--scramble", "6", "--seconds", "0.02")
    assert "start: a scramble of 6 random moves (seed 0)" in lines


def test_parse_rules_accepts_the_goal_sugar():
    rules = parse_rules(TOGGLE, "toggle.gdl")
    assert any(type(s).__name__ == "End" for s in rules.statements)


# --------------------------------------------------------------------------- tiles lowered

def test_the_sliding_puzzle_is_a_core_game_of_named_swaps():
    """`tiles 1..N and blank` lowers to a one-player game file (a piece per tile, moves
    `move up: if COND then swap empty with n is empty`); compiled as any game file, it moves
    like the test's own model of the 2x3 puzzle, move for move."""
    from gdl.interpreter.layouts.tiles import core_rules
    goal = (1, 2, 3, 4, 5, 0)
    game = load_rules(core_rules(2, 3, goal), "two_by_three.gdl")
    assert game.players == ("solver",)
    state = game.parse_position("TAB/CD. solver")   # t1 t2 t3 / t4 t5 blank (letters: t a b c d)
    cells = [1, 2, 3, 4, 5, 0]
    assert game.is_terminal(state) and game.returns(state) == (1.0,)
    rng = random.Random(7)
    towards = {"up": 3, "down": -3, "left": 1, "right": -1}   # the cell the tile comes from
    for _ in range(60):
        b = cells.index(0)
        plain = sorted(name for name, d in towards.items()
                       if 0 <= b + d < 6 and (d in (3, -3) or b // 3 == (b + d) // 3))
        playing = state[:-1] + (0,)   # the goal ends the game; its moves are still there
        moves = {game.move_text(playing, m): m for m in game.legal_moves(playing)}
        assert sorted(moves) == plain
        name = rng.choice(plain)
        state = game.apply(state, moves[name])
        cells[b], cells[b + towards[name]] = cells[b + towards[name]], 0
        assert game.position_text(state).split()[0] == "/".join(
            "".join(".TABCD"[t] for t in cells[r * 3:r * 3 + 3]) for r in range(2))


@pytest.mark.slow
def test_the_lowered_8_puzzle_as_a_game_file_solves_in_31_moves(tmp_path, capsys):
    """The core game the 8-puzzle lowers to, written out as a plain `game` file and solved
    by `gdl solve` as any one-player game (no sugar: no bound, no symmetry): breadth-first
    search finds the 31 moves from 867254301, the 8-puzzle's farthest position."""
    from gdl.interpreter.layouts.tiles import core_rules
    path = tmp_path / "sliding.gdl"
    path.write_text(core_rules(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0)))
    letters = ".TABCDEFG"   # t1 .. t8 as the core writes them (upper case: the one player)
    rows = ["".join(letters[int(c)] for c in row) for row in ("867", "254", "301")]
    data = run_json(capsys, "solve", str(path), "--position", "/".join(rows) + " solver",
                    "--method", "bfs")
    assert data["length"] == 31 and len(data["solution"]) == 31
    plain = SlidingPuzzle(3, start="867254301")   # replayed by the reference: the blank moves
    state = plain.initial_state()                 # against the tile (our up: its D)
    for text in data["solution"]:
        blank = {"up": "D", "down": "U", "left": "R", "right": "L"}[text]
        state = plain.apply(state, plain.parse_move(state, blank))
    assert plain.is_goal(state)


# --------------------------------------------------------------------------- the cube's stickers

def test_the_pocket_cube_lowered_to_stickers_moves_like_the_permutation_form():
    """The cube file lowered into the core (puzzle_permutation_core: a row of three sticker
    cells per corner position, a kind per sticker), moved by the core's `cycle`: after
    random words the stickers read back, by this test's own reading, as the permutation
    form's corners and twists, and the positions within 5 quarter turns are 1, 6, 27,
    120, 534, 2256 (the published counts)."""
    cube = catalog.load("pocket_cube")
    game = load_rules(core_rules(cube.ir.form, "pocket_cube"), "stickers.gdl")
    start = game.initial_state()[:-1] + (0,)   # the solved start is won: play on from it
    by_name = {game.move_text(start, m): m for m in game.legal_moves(start)}
    where = {i: (ord(name[0]) - 97, int(name[1:]) - 1) for name, i in game.geometry.names.items()}

    def read(state):   # the stickers' cells -> (corner, twist) as the permutation form
        corner, twist = [0] * 7, [0] * 7
        for plane in range(21):
            t, j = where[state[plane].bit_length() - 1]   # (slot column, position row)
            piece, slot = divmod(plane, 3)
            corner[j], twist[j] = piece, (t - slot) % 3
        return (tuple(corner), tuple(twist))

    rng = random.Random(9)
    for _ in range(20):
        word = [rng.choice(list(by_name)) for _ in range(rng.randint(1, 10))]
        state = cube.play(cube.goal_state(), " ".join(word))
        stickers = start
        for name in word:
            stickers = game.apply(stickers, by_name[name])[:-1] + (0,)
        assert read(stickers) == cube.engine.unpack(state)
    layer, seen, counts = [start], {start}, [1]
    for _ in range(5):
        layer = [t for s in layer for m in game.legal_moves(s)
                 for t in [game.apply(s, m)[:-1] + (0,)] if t not in seen and not seen.add(t)]
        counts.append(len(layer))
    assert counts == [1, 6, 27, 120, 534, 2256]
