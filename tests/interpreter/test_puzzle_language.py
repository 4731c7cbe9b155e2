"""Puzzle files: the three state forms compiled, cross-checked against the hand-written
reference puzzles, searched optimally, and bad files reported at the exact line and column."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gdl import catalog
from gdl.errors import IllegalMove, OptionError, RulesError
from tests.references.puzzles import Hanoi, PocketCube, SlidingPuzzle, random_walk
from gdl.catalog import compile_text
from gdl.solvers.puzzles.bfs import solve_bfs
from gdl.solvers.puzzles.bidirectional import solve_bidirectional
from gdl.solvers.puzzles.enumerate import enumerate_space
from gdl.solvers.puzzles.idastar import pattern_database, solve_idastar
from gdl.solvers.puzzles.pruning import hints_from



def load(name, **options):
    return catalog.load(name, {k: str(v) for k, v in options.items()})


def play(p, state, moves):
    for m in moves:
        assert m in p.legal_moves(state)
        state = p.apply(state, m)
    return state


def scrambles(p, count, most, seed):
    rng = random.Random(seed)
    return [random_walk(p, rng.randint(1, most), rng.randrange(10 ** 9)) for _ in range(count)]


# --------------------------------------------------------------------------- the bundled files

def rule_lines(name):
    text = catalog.resolve(name).read_text()
    return [line for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


@pytest.mark.parametrize("name, most", [("pocket_cube", 30), ("eight_puzzle", 12),
                                        ("fifteen_puzzle", 12), ("hanoi", 12)])
def test_bundled_puzzles_are_short(name, most):
    assert len(rule_lines(name)) <= most
    assert catalog.resolve(name).parent.name == "puzzle"


def test_bundled_puzzles_are_listed_with_their_titles():
    listed = dict(catalog.bundled_games())
    assert listed["pocket_cube"] == "Pocket cube (2x2x2)"
    assert listed["eight_puzzle"] == "8-puzzle" and listed["fifteen_puzzle"] == "15-puzzle"
    assert listed["hanoi"] == "Tower of Hanoi"


@pytest.mark.parametrize("name", ["pocket_cube", "eight_puzzle", "fifteen_puzzle", "hanoi"])
def test_protocol_members(name):
    p = load(name)
    assert p.kind == "puzzle" and p.players == ("solver",) and p.zero_sum is False
    s = p.initial_state()
    assert isinstance(s, tuple) and hash(s) is not None
    assert p.moves() == tuple(range(len(p.moves())))
    for m in p.legal_moves(s):
        t = p.apply(s, m)
        assert p.inverse(m) is not None and p.apply(t, p.inverse(m)) == s
        assert p.parse_move(s, p.move_text(s, m)) == m
    assert p.parse_state(p.state_text(s)) == s
    assert p.is_goal(p.goal_state()) and p.returns(p.goal_state()) == (1.0,)


# --------------------------------------------------------------------------- pocket cube

def cube_pair():
    """The compiled cube, the reference, and the compiled move -> reference move map."""
    cube, ref = load("pocket_cube"), PocketCube()
    to_ref = {m: ref.parse_move(None, cube.move_text(None, m)[0]) for m in cube.moves()}
    return cube, ref, to_ref


def test_cube_moves_are_the_reference_moves_state_for_state():
    cube, ref, to_ref = cube_pair()
    rng = random.Random(1)
    s, r = cube.goal_state(), ref.goal_state()
    for _ in range(300):
        m = rng.choice(cube.moves())
        s, r = cube.apply(s, m), ref.apply(r, to_ref[m])
        assert cube.engine.unpack(s) == r
        assert cube.quantities()["twist sum mod 3"](s) == ref.quantities()["twist"](r) == 0


def test_cube_invariants_are_declared_verified_and_derived():
    cube = load("pocket_cube")
    inv = cube.invariants
    assert inv["declared_inverses"] == [["front", "back"], ["right", "left"], ["up", "down"]]
    assert inv["inverses"] == inv["declared_inverses"]
    assert inv["commuting"] == [["front", "back"], ["right", "left"], ["up", "down"]]
    assert inv["conserved"] == ["twist sum mod 3"]
    assert cube.code_bound == 5040 * 2187


def test_cube_parts_reach_every_permutation_and_a_third_of_the_twists():
    """The smaller check of the full enumeration: each part's own space, by pattern databases."""
    cube = load("pocket_cube")
    hints = hints_from(cube)
    sizes = {name: len(pattern_database(cube, cube.goal_state(), project, hints, 10 ** 6)[0])
             for name, project in cube.abstractions().items()}
    assert sizes == {"corner": 5040, "twist": 729}   # 7! and 3^7 / 3 (the twist sum is kept)


def test_cube_distribution_matches_the_reference_up_to_a_million_positions():
    cube, ref, _ = cube_pair()
    ours = enumerate_space(cube, cube.goal_state(), max_states=150_000)
    theirs = enumerate_space(ref, ref.goal_state(), max_states=150_000)
    assert ours.distribution == theirs.distribution == (1, 6, 27, 120, 534, 2256, 8969, 33058,
                                                        114149)


# The full cube enumeration (3674160 positions, 14 moves) is tested through the CLI in
# tests/cli/test_cli_puzzles.py.


def test_cube_optimal_lengths_equal_the_reference_on_the_same_positions():
    cube, ref, to_ref = cube_pair()
    rng = random.Random(7)
    for _ in range(10):
        moves = [rng.choice(cube.moves()) for _ in range(rng.randint(1, 12))]
        s = play(cube, cube.goal_state(), moves)
        r = play(ref, ref.goal_state(), [to_ref[m] for m in moves])
        assert solve_bidirectional(cube, s).length == solve_bidirectional(ref, r).length


@pytest.mark.slow
@pytest.mark.parametrize("name, most", [("pocket_cube", 8), ("eight_puzzle", 24)])
def test_bidirectional_length_equals_bfs_on_20_scrambles(name, most):
    p = load(name)
    for s in scrambles(p, 20, most, seed=2024):
        a, b = solve_bfs(p, s), solve_bidirectional(p, s)
        assert a.length == b.length
        assert p.is_goal(play(p, s, a.solution)) and p.is_goal(play(p, s, b.solution))


def test_cube_idastar_uses_its_parts_as_pattern_databases():
    cube = load("pocket_cube")
    s = cube.parse_state("front right up front right up right")
    r = solve_idastar(cube, s)
    assert r.length == solve_bidirectional(cube, s).length
    assert cube.is_goal(play(cube, s, r.solution))


def test_a_twisted_corner_is_unsolvable_by_the_twist_sum():
    cube = load("pocket_cube")
    s = cube.parse_state("corner 1 2 3 4 5 6 7 twist 1 0 0 0 0 0 0")
    r = solve_bidirectional(cube, s)
    assert r.unsolvable == "conserved quantity 'twist sum mod 3' differs: start 1, goal 0"
    assert r.nodes == 0


def test_cube_move_and_state_notation():
    cube = load("pocket_cube")
    s = cube.initial_state()
    assert [cube.parse_move(s, t) for t in ("front", "F", "b", "Right", "l", "UP", "d")] == \
        [0, 0, 1, 2, 3, 4, 5]
    assert cube.parse_move(s, "front'") == 1 and cube.parse_move(s, "u'") == 5
    with pytest.raises(IllegalMove, match="'sideways' is not a legal move; legal moves: front"):
        cube.parse_move(s, "sideways")
    t = cube.parse_state("F U R'")
    assert cube.parse_state(cube.state_text(t)) == t
    assert cube.state_text(cube.goal_state()) == "corner 1 2 3 4 5 6 7 twist 0 0 0 0 0 0 0"
    assert cube.render(cube.goal_state()).splitlines() == ["corner  1 2 3 4 5 6 7",
                                                            "twist   0 0 0 0 0 0 0"]
    for bad in ("corner 1 2 3", "corner 1 1 3 4 5 6 7 twist 0 0 0 0 0 0 0",
                "corner 1 2 3 4 5 6 7 twist 0 0 0 0 0 0 3", "corner 1 2 3 4 5 6 7"):
        with pytest.raises(OptionError, match="cannot read the position"):
            cube.parse_state(bad)


# --------------------------------------------------------------------------- sliding puzzles

BLANK_TO_TILE = {"U": "down", "D": "up", "L": "right", "R": "left"}   # reference -> ours


def cells(p, state):
    """A sliding puzzle's state (the core game's planes) as the reference's: its cells in
    reading order, 0 for the blank."""
    return p.engine.unpack(state)


def test_sliding_moves_are_the_reference_moves_state_for_state():
    p, ref = load("eight_puzzle"), SlidingPuzzle(3, start="123456780")
    rng = random.Random(3)
    s, r = p.goal_state(), ref.goal_state()
    assert cells(p, s) == r and p.engine.pack(r) == s
    for _ in range(300):
        r_move = rng.choice(list(ref.legal_moves(r)))
        assert sorted(p.move_text(s, m) for m in p.legal_moves(s)) == \
            sorted(BLANK_TO_TILE[ref.move_text(r, m)] for m in ref.legal_moves(r))
        ours = p.parse_move(s, BLANK_TO_TILE[ref.move_text(r, r_move)])
        s, r = p.apply(s, ours), ref.apply(r, r_move)
        assert cells(p, s) == r
        assert p.quantities()["permutation parity"](s) == ref.quantities()["parity"](r)


@pytest.mark.slow
@pytest.mark.parametrize("size", [2, 3])
def test_sliding_reachable_spaces_equal_the_reference(size):
    p, ref = load("eight_puzzle", size=size), SlidingPuzzle(size)
    ours, theirs = enumerate_space(p, p.goal_state()), enumerate_space(ref, ref.goal_state())
    assert ours.distribution == theirs.distribution
    assert (ours.total, ours.greatest) == ((12, 6) if size == 2 else (181440, 31))


def test_a_2x3_board_matches_the_reference():
    text = catalog.resolve("eight_puzzle").read_text().replace("board size x size",
                                                               "board 3 x 2")
    text = text.replace("tiles 1..size*size-1", "tiles 1..5").replace("symmetry transpose\n", "")
    p, ref = compile_text(text, "two_by_three.gdl"), SlidingPuzzle(2, 3)
    assert enumerate_space(p, p.goal_state()).distribution == \
        enumerate_space(ref, ref.goal_state()).distribution
    assert p.render(p.goal_state()) == "1 2 3\n4 5 ."


@pytest.mark.slow
def test_manhattan_with_conflicts_never_overestimates_on_the_8_puzzle():
    p = load("eight_puzzle")
    dist, layer = {p.goal_state(): 0}, [p.goal_state()]
    while layer:
        nxt = []
        for s in layer:
            for m in p.legal_moves(s):
                t = p.apply(s, m)
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        layer = nxt
    assert all(p.heuristic_distance(s) <= d for s, d in dist.items())


def test_sliding_optimal_lengths_equal_the_reference_on_the_same_positions():
    p, ref = load("eight_puzzle"), SlidingPuzzle(3)
    for s in scrambles(p, 10, 40, seed=11):
        assert solve_idastar(p, s).length == solve_bidirectional(ref, cells(p, s)).length


def test_swapped_15_puzzle_is_unsolvable_by_parity_without_search():
    p = load("fifteen_puzzle")
    s = p.parse_state("2 1 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0")
    for solve in (solve_bfs, solve_bidirectional, solve_idastar):
        r = solve(p, s)
        assert r.solution is None and r.nodes == 0
        assert "'permutation parity' differs" in r.unsolvable


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_15_puzzle_within_40_moves_by_idastar_equals_bidirectional(seed):
    p = load("fifteen_puzzle")
    s = random_walk(p, 40, seed)
    r = solve_idastar(p, s)
    assert r.length == solve_bidirectional(p, s).length
    assert p.heuristic_distance(s) <= r.length <= 40
    assert p.is_goal(play(p, s, r.solution))


@pytest.mark.slow
def test_15_puzzle_needing_40_moves_equals_the_reference_idastar():
    p, ref = load("fifteen_puzzle"), SlidingPuzzle(4)
    s = random_walk(p, 40, 4)
    r = solve_idastar(p, s)
    assert r.length == solve_idastar(ref, cells(p, s)).length == 40
    assert p.is_goal(play(p, s, r.solution))


def test_sliding_notation():
    p = load("eight_puzzle")
    s = p.parse_state("867254301")
    assert cells(p, s) == (8, 6, 7, 2, 5, 4, 3, 0, 1)
    assert p.parse_state("8 6 7 / 2 5 4 / 3 . 1") == s and p.state_text(s) == "867254301"
    assert p.render(s) == "8 6 7\n2 5 4\n3 . 1"
    assert [p.move_text(s, m) for m in p.legal_moves(s)] == ["down", "left", "right"]
    assert cells(p, p.apply(s, p.parse_move(s, "l"))) == (8, 6, 7, 2, 5, 4, 3, 1, 0)   # 1 goes left
    with pytest.raises(IllegalMove, match="legal moves: down left right"):
        p.parse_move(s, "up")
    with pytest.raises(OptionError, match="each of 1..8 once"):
        p.parse_state("123456788")
    big = load("fifteen_puzzle")
    assert big.state_text(big.goal_state()) == "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 0"


# --------------------------------------------------------------------------- stacks

def to_reference(p, state):
    """A stacks state (the core game's plane) as the reference Hanoi's (each disc's peg,
    smallest first), through the stacks, bottom item first."""
    pegs = {item: k for k, stack in enumerate(p.engine.unpack(state)) for item in stack}
    return tuple(pegs[d] for d in range(1, len(pegs) + 1))


@pytest.mark.parametrize("discs, pegs", [(3, 3), (5, 3), (4, 4)])
def test_hanoi_equals_the_reference(discs, pegs):
    p, ref = load("hanoi", discs=discs, pegs=pegs), Hanoi(discs, pegs)
    assert to_reference(p, p.initial_state()) == ref.initial_state()
    assert to_reference(p, p.goal_state()) == ref.goal_state()
    assert enumerate_space(p).distribution == enumerate_space(ref).distribution
    assert solve_bidirectional(p).length == solve_bfs(ref).length
    s = p.initial_state()
    assert [p.move_text(s, m) for m in p.legal_moves(s)] == \
        [ref.move_text(None, m) for m in ref.legal_moves(ref.initial_state())]
    assert p.decode(p.encode(p.goal_state())) == p.goal_state()
    rng, r = random.Random(discs), ref.initial_state()   # move for move, from the start
    for _ in range(200):
        texts = {p.move_text(s, m): m for m in p.legal_moves(s)}
        assert sorted(texts) == sorted(ref.move_text(None, m) for m in ref.legal_moves(r))
        text = rng.choice(sorted(texts))
        s, r = p.apply(s, texts[text]), ref.apply(r, ref.parse_move(r, text))
        assert to_reference(p, s) == r


def test_hanoi_8_discs_takes_255_moves():
    p = load("hanoi", discs=8)
    r = solve_bidirectional(p)
    assert r.length == 255 and p.is_goal(play(p, p.initial_state(), r.solution))


def test_hanoi_with_four_pegs_has_commuting_moves():
    p = load("hanoi", pegs=4)
    assert ["1-2", "3-4"] in p.invariants["commuting"]
    move = {p.move_text(None, m): m for m in p.moves()}
    assert p.commutes(move["1-2"], move["4-3"]) and not p.commutes(move["1-2"], move["2-3"])
    assert len(p.invariants["commuting"]) == 12


def test_stack_notation():
    p = load("hanoi")
    s = p.parse_state("3 / 2 1 / -")
    assert p.engine.unpack(s) == ((3,), (2, 1), ()) and p.state_text(s) == "3 / 2 1 / -"
    assert p.render(s) == "1 | 3\n2 | 2 1\n3 | "
    assert p.parse_move(s, "13") == p.parse_move(s, "1-3")
    with pytest.raises(IllegalMove):
        p.parse_move(s, "1-2")   # 3 onto 1
    with pytest.raises(OptionError, match="larger item on a smaller one"):
        p.parse_state("1 3 / 2 / -")


def test_stacks_that_take_any_item():
    text = """puzzle "Reverse the pile"
stacks 3 of 3
start: "1 2 3 / - / -"
move: top onto any
goal: "3 2 1 / - / -"
"""
    p = compile_text(text, "pile.gdl")
    assert not hasattr(p, "encode")
    assert enumerate_space(p).total == 60   # 3! orders of the items times the splits
    r = solve_bfs(p)
    assert r.length == solve_bidirectional(p).length == 7
    assert p.is_goal(play(p, p.initial_state(), r.solution))


# --------------------------------------------------------------------------- the language

SWAPS = """puzzle "Rotations"
# Two rings of a permutation of 9 (too many to tabulate), one with spin mod 4.
state ring: permutation 9, spin: 9 x mod 4
state flag: permutation 2
move left: cycle ring (1 2 3 4 5) spin (1 1 1 1 0), cycle flag (1 2)
move right: cycle ring (5 6 7 8 9)
move left2: cycle ring (5 4 3 2 1) spin (-1 -1 -1 -1 0), cycle flag (1 2)
inverse left left2
goal: initial
"""


def test_a_large_permutation_is_moved_without_tables():
    p = compile_text(SWAPS, "swaps.gdl")
    assert not hasattr(p, "encode")                       # 9! values: not tabulated
    assert p.inverse(0) == 2 and p.inverse(1) is None     # right: no inverse among the moves
    assert p.invariants["conserved"] == ["ring parity", "spin sum mod 4"]
    s = p.parse_state("left right left right right")
    r = solve_bfs(p, s)
    assert r.length is not None and p.is_goal(play(p, s, r.solution))
    assert p.parse_state(p.state_text(s)) == s


def test_goal_and_start_as_positions():
    text = """puzzle "Three in a ring"
state piece: permutation 3
move turn: cycle piece (1 2 3)
move back: cycle piece (3 2 1)
inverse turn back
start: "piece 2 3 1"
goal: "piece 1 2 3"
"""
    p = compile_text(text, "ring.gdl")
    assert solve_bfs(p).length == 1
    assert p.state_text(p.initial_state()) == "piece 2 3 1"


def test_options_reach_the_puzzle():
    assert load("hanoi", discs=4, pegs=4).title == "Tower of Hanoi"
    assert load("eight_puzzle", size=4).goal_state() == load("fifteen_puzzle").goal_state()
    with pytest.raises(OptionError, match="this puzzle has no option 'disks'"):
        load("hanoi", disks=4)
    with pytest.raises(RulesError, match="the number of items must be 1..30, not 40"):
        load("hanoi", discs=40)


BAD = [
    # (what is wrong, the file, the exact one-line error)
    ("missing parenthesis",
     'puzzle "c"\nstate p: permutation 4, o: 4 x mod 3\nmove a: cycle p (1 2 3 4) o (1 2 1 2\n'
     'goal: initial\n',
     "bad.gdl:3:37: unexpected end of line; expected ')' or + or - or a number"),
    ("unknown permutation",
     'puzzle "c"\nstate corner: permutation 4\nmove a: cycle corne (1 2)\ngoal: initial\n',
     "bad.gdl:3:15: unknown permutation 'corne'; did you mean 'corner'?"),
    ("position out of range",
     'puzzle "c"\nstate p: permutation 4\nmove a: cycle p (1 2 9)\ngoal: initial\n',
     "bad.gdl:3:22: position 9 is outside p's 1..4"),
    ("position moved twice",
     'puzzle "c"\nstate p: permutation 4\nmove a: cycle p (1 2), cycle p (3 1)\ngoal: initial\n',
     "bad.gdl:3:35: position 1 is moved twice by 'a'"),
    ("amounts for a cycle",
     'puzzle "c"\nstate p: permutation 4, o: 4 x mod 3\nmove a: cycle p (1 2 3) o (1 2)\n'
     'goal: initial\n',
     "bad.gdl:3:25: 3 positions need 3 amounts, not 2"),
    ("a false inverse",
     'puzzle "c"\nstate p: permutation 4\nmove a: cycle p (1 2 3)\nmove b: cycle p (1 2 3)\n'
     'inverse a b\ngoal: initial\n',
     "bad.gdl:5:9: 'b' does not undo 'a': 'a' then 'b' does not restore the position"),
    ("orientation of another size",
     'puzzle "c"\nstate p: permutation 4, o: 5 x mod 3\nmove a: cycle p (1 2)\ngoal: initial\n',
     "bad.gdl:2:28: 'o' moves with 'p', so it needs 4 values"),
    ("no goal",
     'puzzle "c"\nstate p: permutation 4\nmove a: cycle p (1 2)\n',
     "bad.gdl:1:1: the puzzle declares no goal (`goal: ...`)"),
    ("tiles that do not fill the board",
     'puzzle "s"\nboard 3 x 3\ntiles 1..9 and blank\nmove: slide tile into blank\n'
     'goal: tiles in order, blank last\n',
     "bad.gdl:3:10: a board of 9 cells holds tiles 1..8 and a blank"),
    ("a goal that is not a position",
     'puzzle "s"\nboard 3 x 3\ntiles 1..8 and blank\nmove: slide tile into blank\n'
     'goal: "12345678"\n',
     "bad.gdl:5:7: not a position of this puzzle: a position holds each of 1..8 once and one "
     "blank (0), in 9 cells"),
    ("a stack out of range",
     'puzzle "h"\noption pegs = 3\nstacks pegs of 3\nmove: top onto larger or empty\n'
     'goal: all on pegs + 1\n',
     "bad.gdl:5:14: the stack must be 1..3, not 4"),
    ("a slide without tiles",
     'puzzle "h"\nstacks 3 of 3\nmove: slide tile into blank\ngoal: all on 3\n',
     "bad.gdl:3:1: this move needs tiles (`tiles 1..N and blank`) declared first"),
    ("two state forms",
     'puzzle "s"\nboard 3 x 3\ntiles 1..8 and blank\nstacks 3 of 3\n',
     "bad.gdl:4:1: a puzzle has one state form, declared on line 3"),
    ("a game statement",
     'puzzle "s"\nplayers A B\nstacks 3 of 3\n',
     "bad.gdl:2:1: a puzzle has no 'players' statement"),
    ("a puzzle statement in a game",
     'game "g"\nplayers A B\nboard 3 x 3\ntiles 1..8 and blank\n',
     'bad.gdl:4:1: this \'tiles\' statement belongs in a puzzle file (`puzzle "TITLE"`), '
     'not in a game file'),
]


@pytest.mark.parametrize("text, message", [case[1:] for case in BAD], ids=[c[0] for c in BAD])
def test_bad_puzzle_files_are_reported_at_line_and_column(text, message):
    with pytest.raises(RulesError) as caught:
        compile_text(text, "bad.gdl")
    assert str(caught.value) == message
    line, column = map(int, message.split(":")[1:3])
    report = caught.value.report().splitlines()
    assert report[1].strip() == text.splitlines()[line - 1].strip()
    assert report[2].index("^") - 4 == column - 1


def test_every_bundled_puzzle_file_is_under_the_puzzle_folder():
    folder = Path(catalog.resolve("hanoi")).parent
    assert sorted(p.stem for p in folder.glob("*.gdl")) == [
        "eight_puzzle", "fifteen_puzzle", "hanoi", "lights_out", "peg_solitaire", "pocket_cube",
        "pocket_cube_stickers", "rush_hour", "sokoban"]
    # lights_out, peg_solitaire, pocket_cube_stickers, rush_hour, sokoban: one-player games
