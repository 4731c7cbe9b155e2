"""Symmetries that also rename piece kinds (`recolouring white green red, ...`).

Two games in tests/data/recolouring/: a 3 x 3 Loopover whose rows-up move with
red -> green -> blue -> red keeps its rules (a cube's whole turn, in small), and a
two-player game with hands whose mirror turns left-facing pieces into right-facing
ones. The tests check the group, `canonical` against images made by hand, the
verification of a wrong recolouring, the JSON export and the located errors.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import RulesError
from gdl.catalog import compile_text
from gdl.interpreter import load_file
from gdl.interpreter.core.invariants import Children, check_symmetry, verify
from gdl.interpreter.core.ir import Symmetry
from gdl.interpreter.core.symmetry import close, compose, contains, imager, inverse, map_text

from tests.interpreter.test_invariants import schema, validate

DATA = Path(__file__).resolve().parent.parent / "data" / "recolouring"
LOOP, FACING = DATA / "loop.gdl", DATA / "facing.gdl"
LOOP_SYMMETRY = "cycle a1 a2 a3, b1 b2 b3, c1 c2 c3 recolouring red green blue"
COLUMNS, ROWS = "abc", "123"


@functools.cache
def loop():
    return load_file(LOOP)


@functools.cache
def facing():
    return load_file(FACING)


def reachable(game, plies: int | None = None) -> set:
    """The positions `plies` moves or fewer from the start (all of them: None)."""
    seen, frontier, depth = {game.initial_state()}, [game.initial_state()], 0
    while frontier and (plies is None or depth < plies):
        depth, later = depth + 1, []
        for state in frontier:
            for move in game.legal_moves(state):
                child = game.apply(state, move)
                if child not in seen:
                    seen.add(child)
                    later.append(child)
        frontier = later
    return seen


def random_positions(game, count: int, seed: int) -> list[tuple]:
    rng, out, state = random.Random(seed), [], game.initial_state()
    while len(out) < count:
        out.append(state)
        moves = game.legal_moves(state)
        state = game.initial_state() if not moves else game.apply(state, rng.choice(moves))
    return out


# --------------------------------------------------------------------------- the loop, by hand

def colours(game, state) -> dict[str, int]:
    """Cell name -> the kind on it (0 red, 1 green, 2 blue), read off the planes."""
    names = game.geometry.names
    return {cell: k for cell, c in names.items() for k in range(3) if state[k] >> c & 1}


def turned(board: dict[str, int]) -> dict[str, int]:
    """Every row up one (row 3 to row 1) and red -> green -> blue -> red."""
    return {f"{cell[0]}{ROWS[(ROWS.index(cell[1]) + 1) % 3]}": (k + 1) % 3
            for cell, k in board.items()}


def by_hand(game, state) -> tuple:
    """The least of a position's three images (as colours in cell order), turned by hand."""
    board, images = colours(game, state), []
    for _ in range(3):
        images.append(tuple(board.get(f"{c}{r}", -1) for r in ROWS for c in COLUMNS))
        board = turned(board)
    return min(images)


def test_the_declaration_renames_kinds_and_closes_to_a_group_of_three():
    game = loop()
    (declared,) = game.ir.declared_symmetries
    assert declared.name == LOOP_SYMMETRY
    assert declared.kinds == (1, 2, 0)   # red's pieces become green's, green's blue's, ...
    names = game.geometry.names
    assert declared.perm[names["a1"]] == names["a2"] and declared.perm[names["c3"]] == names["c1"]
    group = game.symmetries
    assert len(group) == 3 and not game.rejected
    assert [s.kinds for s in group] == [(), (1, 2, 0), (2, 0, 1)]
    twice = compose(declared, declared)
    assert twice[2] == (2, 0, 1) and compose(group[2], declared) == (group[0].perm, False, ())
    back = inverse(declared)
    assert (back.perm, back.kinds) == (group[2].perm, group[2].kinds) and contains(group, back)
    # the cells alone are another symmetry: not in the group
    assert not contains(group, Symmetry("rows up", declared.perm))
    assert len(close([declared, group[2]], game.geometry)) == 3


def test_canonical_merges_exactly_the_positions_the_turn_maps_onto_each_other():
    game = loop()
    for plies in (3, None):
        states = reachable(game, plies)
        keys = {game.canonical(s) for s in states}
        hand = {by_hand(game, s) for s in states}
        assert len(keys) == len(hand), plies
        pairs = {(game.canonical(s), by_hand(game, s)) for s in states}
        assert len(pairs) == len(keys)   # one key per class by hand, and back
    # every colouring with three of each (9! / 3!^3) is reached; Burnside: (1680 + 27 + 27) / 3
    assert (len(states), len(keys)) == (1680, 578)


def test_canonical_is_the_least_image_of_the_imager():
    for game in (loop(), facing()):
        image = imager(game)
        for state in random_positions(game, 300, seed=4):
            assert game.canonical(state) == min(image(sym, state) for sym in game.symmetries)


def test_a_wrong_recolouring_and_the_cells_alone_are_refuted(tmp_path, capsys):
    text = LOOP.read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.gdl"
    wrong.write_text(text.replace("recolouring red green blue", "recolouring red blue green"),
                     encoding="utf-8")
    assert main(["check", str(wrong), "--games", "20"]) == 1
    out, err = capsys.readouterr()
    name = "cycle a1 a2 a3, b1 b2 b3, c1 c2 c3 recolouring red blue green"
    assert f"FAILS: symmetry {name}" in out and "0 of 1 hold" in out
    assert err.startswith(f"{wrong}:11:1: symmetry {name} does not hold: ")
    assert "the results are not images of each other" in err and "solver won" in err
    plain = compile_text(text.replace(" recolouring red green blue", ""), "plain.gdl")
    found = verify(plain, [sorted(reachable(plain))], discover_work=0)
    assert not found.ok and [s.name for s in found.group] == ["identity"]
    assert found.results[0].declaration == "symmetry cycle a1 a2 a3, b1 b2 b3, c1 c2 c3"


# --------------------------------------------------------------------------- hands

def test_the_mirror_turns_left_into_right_in_the_hands_too():
    game = facing()
    assert [s.name for s in game.symmetries] == [
        "identity", "mirror recolouring left right", "flip swapping colours",
        "rotate180 recolouring left right swapping colours"]
    mirror, half_turn = game.symmetries[1], game.symmetries[3]
    held = next(s for s in random_positions(game, 2000, seed=2) if s[4][:2] == (0, 1))
    image = imager(game)
    a, b = held[4], image(mirror, held)[4]
    assert b == (a[1], a[0], a[3], a[2])   # A's right piece in hand is a left one
    assert image(half_turn, held)[4] == (a[3], a[2], a[1], a[0])
    # each player's left and right planes, mirrored, change places
    p = image(Symmetry("mirror", mirror.perm), held)
    assert image(mirror, held)[:4] == (p[1], p[0], p[3], p[2]) and p[0] != p[1]
    assert game.canonical(image(mirror, held)) == game.canonical(held)
    assert map_text("left b2", mirror, game.geometry, game.ir.pieces) == "right c2"


def test_in_a_game_with_hands_the_mirror_holds_only_with_its_recolouring():
    game = facing()
    states = random_positions(game, 400, seed=7)
    children = Children(game)
    assert check_symmetry(game, game.symmetries[1], states, children, 10_000).holds
    plain = Symmetry("mirror", game.symmetries[1].perm)
    failed = check_symmetry(game, plain, states, children, 10_000)
    assert not failed.holds and "is not a legal move in the image position" in failed.failure


# --------------------------------------------------------------------------- export

def test_the_export_names_each_renaming():
    doc = catalog.invariants(str(LOOP), games=10)
    validate(doc, schema())
    assert [(s["recolouring"], s["declared"]) for s in doc["symmetries"]] == [
        ({}, False),
        ({"red": "green", "green": "blue", "blue": "red"}, True),
        ({"red": "blue", "green": "red", "blue": "green"}, False)]
    assert dict(zip(doc["board"]["cells"], doc["symmetries"][1]["image"]))["c3"] == "c1"
    hands = catalog.invariants(str(FACING), games=10)
    validate(hands, schema())
    assert [s["recolouring"] for s in hands["symmetries"]] == [
        {}, {"left": "right", "right": "left"}, {}, {"left": "right", "right": "left"}]


# --------------------------------------------------------------------------- errors

GAME = 'game "T"\nplayers A B\nboard 3 x 3\npieces red green blue\n'
ENDS = 'move: place red on empty\nend: draw if full\n'


@pytest.mark.parametrize("line, message", [
    ("symmetry mirror recolouring red purple",
     "5:33: unknown piece 'purple' (known: red, green, blue)"),
    ("symmetry swap a1 c1 recolouring red grene",
     "5:37: unknown piece 'grene'; did you mean 'green'? (known: red, green, blue)"),
    ("symmetry mirror recolouring red green, green blue",
     "5:40: piece green is renamed twice by this symmetry"),
    ("symmetry cycle a1 c1 c3 a3 recolouring red green blue red",
     "5:55: piece red is renamed twice by this symmetry"),
    ("symmetry mirror recolouring red green, blue",
     "5:40: a recolouring group is a cycle of two kinds or more, not 'blue' alone"),
    ("symmetry recolouring red green",
     "5:10: a recolouring follows the cells it moves (`symmetry mirror recolouring left right`)"),
])
def test_bad_recolourings_are_located_errors(line, message):
    with pytest.raises(RulesError) as caught:
        compile_text(GAME + line + "\n" + ENDS, "t.gdl")
    assert str(caught.value) == f"t.gdl:{message}"


@pytest.mark.parametrize("text, message", [
    ('game "T"\nplayers A\nboard 3 x 3\nsymmetry mirror recolouring red green\n'
     'pieces red green\n', "t.gdl:4:29: unknown piece 'red': the game declares no pieces"),
    ('game "T"\nplayers A\nboard 3 x 3\npieces red green\nsymmetry mirror recolouring red green\n'
     'neutral stone\n', "t.gdl:6:1: declare the pieces before a symmetry that recolours them"),
    ('game "T"\nplayers A B\nboard 3 x 3\npieces red green\nneutral stone\n'
     'symmetry mirror recolouring red stone\n',
     "t.gdl:6:33: 'stone' and 'red' are not both neutral"),
])
def test_recolourings_need_their_pieces_declared_and_keep_neutral_ones_neutral(text, message):
    with pytest.raises(RulesError) as caught:
        compile_text(text + ENDS, "t.gdl")
    assert str(caught.value).startswith(message)


def test_the_recolouring_comes_before_the_colour_swap():
    game = compile_text(GAME + "symmetry rotate180 recolouring red green swapping colours\n"
                         + ENDS, "t.gdl")
    (sym,) = game.ir.declared_symmetries
    assert (sym.name, sym.swap, sym.kinds) == (
        "rotate180 recolouring red green swapping colours", True, (1, 0, 2))
    with pytest.raises(RulesError) as caught:
        compile_text(GAME + "symmetry rotate180 swapping colours recolouring red green\n"
                      + ENDS, "t.gdl")
    assert str(caught.value).startswith("t.gdl:5:37: unexpected 'recolouring'")


def test_two_groups_of_three_kinds_as_a_cube_turn_writes_them():
    text = ('game "Stickers"\nplayers solver\nboard 6 x 6\n'
            'pieces white green red yellow blue orange\n'
            'symmetry cycle c5 e3 d2, d5 f3 c2 recolouring white green red, yellow blue orange\n'
            'move: place white on empty\ngoal: full\n')
    (sym,) = compile_text(text, "t.gdl").ir.declared_symmetries
    assert sym.kinds == (1, 2, 0, 4, 5, 3)   # white -> green -> red -> white, yellow -> blue ...
    assert sym.name == "cycle c5 e3 d2, d5 f3 c2 recolouring white green red, yellow blue orange"
