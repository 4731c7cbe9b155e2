"""Declared symmetries of puzzles: the cube's whole-cube turn about its diagonal and the
8-puzzle's reflection about its diagonal keep one state of each class, checked against
the test's own images; a false declaration is a located error."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.errors import RulesError
from tests.references.puzzles import SlidingPuzzle
from gdl.catalog import compile_text
from gdl.solvers.puzzles.classes import count_classes
from gdl.solvers.puzzles.bfs import solve_bfs

CUBE = catalog.bundled_paths()["pocket_cube"].read_text()


def transposed(state):
    """The 8-puzzle reflected about its main diagonal, tiles renamed to their mirror home."""
    home = {t: (t - 1) // 3 * 3 + (t - 1) % 3 for t in range(1, 9)}
    mirror = {c: c % 3 * 3 + c // 3 for c in range(9)}
    tile_at_home = {cell: t for t, cell in home.items()}
    out = [0] * 9
    for cell, tile in enumerate(state):
        out[mirror[cell]] = 0 if tile == 0 else tile_at_home[mirror[home[tile]]]
    return tuple(out)


@pytest.mark.slow
def test_eight_puzzle_classes_match_the_tests_own_reflection():
    puzzle = catalog.load("eight_puzzle")
    reference = SlidingPuzzle(3)
    seen, frontier = {reference.goal_state()}, [reference.goal_state()]
    while frontier:
        frontier = [t for s in frontier for m in reference.legal_moves(s)
                    for t in [reference.apply(s, m)] if t not in seen and not seen.add(t)]
    assert len(seen) == 181_440
    classes = {min(s, transposed(s)) for s in seen}
    assert count_classes(puzzle).total == len(classes) == 90_792
    for s in random.Random(3).sample(sorted(seen), 50):
        # the puzzle's states are the core game's (a plane per tile): pack converts
        ours, mirrored = puzzle.engine.pack(s), puzzle.engine.pack(transposed(s))
        assert puzzle.symmetry_key(ours) == puzzle.symmetry_key(mirrored) in (ours, mirrored)


def test_cube_symmetry_maps_moves_to_moves_and_keeps_distances():
    cube = catalog.load("pocket_cube")
    rng = random.Random(5)
    state = cube.initial_state()
    for _ in range(12):
        # the turn about the diagonal takes front to up, up to left, left to front (and
        # back, down, right alike): a state reached by a word and by its turned word are
        # in one class
        word = [rng.choice(cube.moves()) for _ in range(6)]
        turned = {"front": "up", "up": "left", "left": "front",
                  "back": "down", "down": "right", "right": "back"}
        a = cube.play(state, " ".join(cube.move_text(state, m) for m in word))
        b = cube.play(state, " ".join(turned[cube.move_text(state, m)] for m in word))
        assert cube.symmetry_key(a) == cube.symmetry_key(b)
        assert solve_bfs(cube, a).length == solve_bfs(cube, b).length


def test_a_false_cube_symmetry_is_refused_where_it_is_declared():
    wrong = CUBE.replace("twist (2 2 2), cycle corner (4 7 5)",
                         "twist (1 1 1), cycle corner (4 7 5)")
    with pytest.raises(RulesError, match="'diagonal' is no symmetry") as info:
        compile_text(wrong, "cube.gdl")
    assert info.value.pos.line == CUBE[:CUBE.index("symmetry diagonal")].count("\n") + 1


def test_a_reflection_that_moves_the_blank_is_refused():
    text = ('puzzle "8"\nboard 3 x 3\ntiles 1..8 and blank\nmove: slide tile into blank\n'
            'goal: "123456708"\nsymmetry transpose\n')
    with pytest.raises(RulesError, match="blank off the diagonal"):
        compile_text(text, "e8.gdl")


def test_the_cubes_tabled_key_equals_the_group_arithmetic():
    # The key read from tables (puzzle_symmetry.tabled_key) against the conjugates computed
    # element by element, on 20,000 states of a random walk.
    from gdl.interpreter.layouts import symmetry as puzzle_symmetry
    cube = catalog.load("pocket_cube")
    engine = cube.engine
    plain = puzzle_symmetry.key_function(engine.form.components, engine.form.symmetries,
                                         engine.pack, engine.unpack)
    assert engine.symmetry_key.__qualname__ == "tabled_key.<locals>.key"   # the tables ran
    rng, state, merged = random.Random(4), cube.initial_state(), 0
    for _ in range(20_000):
        state = cube.apply(state, rng.randrange(6))
        assert engine.symmetry_key(state) == plain(state)
        merged += engine.symmetry_key(state) != state
    assert merged > 10_000   # most states are not their class's least (3 per class)
