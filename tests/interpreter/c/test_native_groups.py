"""Groups and liberties without whole-board floods in C (interpreter/c/groups.py, alive.py):
the positions where a naive local shortcut would go wrong, judged as the Python back end
judges them, and long random games of go move for move (captures, suicides, ko)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gdl import catalog
from gdl.catalog import compile_text
from gdl.interpreter.c.alive import ALIVE, DEAD, placed_alive, rule_shortcut
from gdl.interpreter.c.build import NoCompiler, compiler
from gdl.interpreter.c.game import NativeGame
from tests.interpreter.c.lockstep import lockstep


def _has_compiler() -> bool:
    try:
        compiler()
    except NoCompiler:
        return False
    return True


needs_cc = pytest.mark.skipif(not _has_compiler(), reason="no C compiler")
GO = Path(catalog.__file__).parent / "games" / "territory" / "go.gdl"


def go_games(size: int = 5, setup: str = "") -> tuple:
    """(Python game, NativeGame) of go on a size x size board, with `setup` lines added."""
    text = GO.read_text().replace("option size = 9", f"option size = {size}") + setup
    python = compile_text(text, "go.gdl")
    return python, NativeGame(python, per_call=True)


def judged(python, native, moves: list[str]) -> tuple:
    """The state after `moves`, its legal moves as text, both back ends checked equal (the
    list, C's count of it, and the state each move leads to)."""
    state = python.moves_after(moves)
    legal = list(python.legal_moves(state))
    assert list(native.legal_moves(state)) == legal
    assert native.native_perft(state, 1) == len(legal)
    for move in legal:
        assert native.apply(state, move) == python.apply(state, move)
    return state, {python.move_text(state, m) for m in legal}


@needs_cc
def test_filling_the_last_liberty_of_its_own_group_is_legal_when_it_captures():
    python, native = go_games()
    # Black b1-b2 has one liberty, a1; White a2 has one too, a1: Black a1 takes a2
    moves = ["b2", "a2", "a3", "c1", "b1", "c2", "pass", "b3"]
    state, legal = judged(python, native, moves)
    assert "a1" in legal
    _, after = judged(python, native, [*moves, "a1"])
    assert "a2" in after   # empty again (White there takes the three Black stones)


@needs_cc
def test_suicide_is_refused():
    python, native = go_games()
    # e5's neighbours are White d5 and e4, each with two liberties: Black e5 takes nothing
    _, legal = judged(python, native, ["c3", "d5", "pass", "e4"])
    assert "e5" not in legal and "d4" in legal


@needs_cc
def test_a_group_beside_the_stone_diagonally_only_is_not_taken():
    python, native = go_games()
    # White a1 has one liberty, b1; Black b2 touches a1 diagonally only
    _, legal = judged(python, native, ["a2", "a1", "b2", "pass"])
    assert "a1" not in legal   # still White's
    _, legal = judged(python, native, ["a2", "a1", "b2", "pass", "b1", "pass"])
    assert "a1" in legal   # taken by b1, its last liberty


@needs_cc
def test_ko_bars_the_retake_at_once():
    python, native = go_games()
    moves = ["c4", "d4", "b3", "e3", "c2", "d2", "pass", "c3", "d3"]   # d3 takes c3
    _, legal = judged(python, native, moves)
    assert "c3" not in legal
    _, legal = judged(python, native, [*moves, "a1", "pass"])   # a move elsewhere: open again
    assert "c3" in legal


@needs_cc
@pytest.mark.slow   # a library of its own to build
def test_a_group_saved_by_taking_a_dead_group_away_from_the_cell():
    """Black b1 has one liberty, c1; c1's White neighbours keep two liberties each, but the
    White stone a1 set up without a liberty beside b1 is taken when Black plays c1, which
    gives b1-c1 a liberty: legal (a shortcut that trusted every enemy group to have a
    liberty before the move would refuse it)."""
    setup = "setup Black: a2 or b1\nsetup White: a1 or b2 or c2 or d1\n"
    python, native = go_games(setup=setup)
    _, legal = judged(python, native, [])
    assert "c1" in legal


def test_the_shortcuts_are_read_off_the_rules():
    game = catalog.load("go", {"size": "5"}).ir
    own = placed_alive(game.illegal)
    assert own is not None
    place, pass_ = game.rules
    assert rule_shortcut(place, own) == DEAD and rule_shortcut(pass_, own) == 0
    # a placement that also fills a cell: no shortcut; one that takes other enemy
    # pieces than the dead: allowed early only
    adds = compile_text(GO.read_text().replace("remove captives,", "remove captives, "
                                               "add own at adjacent here and empty,"), "go.gdl").ir
    assert rule_shortcut(adds.rules[0], own) == 0
    takes = compile_text(GO.read_text().replace("remove captives,", "remove captives, "
                                                "remove enemy and adjacent here,"), "go.gdl").ir
    assert rule_shortcut(takes.rules[0], own) == ALIVE
    other = compile_text(GO.read_text().replace("illegal: no (here and alive own)",
                                                "illegal: no (alive own)"), "go.gdl").ir
    assert placed_alive(other.illegal) is None


@needs_cc
@pytest.mark.slow   # libraries of their own to build
@pytest.mark.parametrize("rules", ["adds", "takes"])
def test_rules_without_the_shortcut_or_with_half_of_it_agree_move_for_move(rules):
    change = {"adds": "remove captives, add own at adjacent here and empty,",
              "takes": "remove captives, remove enemy and adjacent here and not alive enemy,"}
    text = GO.read_text().replace("option size = 9", "option size = 5")
    python = compile_text(text.replace("remove captives,", change[rules]), "go.gdl")
    native = NativeGame(python, per_call=True)
    rng = random.Random(3)
    for _ in range(3):
        lockstep(python, native, rng, plies=60)


@needs_cc
@pytest.mark.parametrize("size, games", [(5, 12), pytest.param(9, 3, marks=pytest.mark.slow)])
def test_random_games_of_go_agree_move_for_move(size, games):
    """Whole seeded random games (every capture, suicide and ko they meet): each ply's
    legal moves and the state after the move drawn are Python's."""
    python, native = go_games(size)
    rng = random.Random(size)
    planes = len(python.ir.initial_planes)
    taken = 0
    for _ in range(games):
        stones = [sum(bin(x).count("1") for x in state[:planes])
                  for state in lockstep(python, native, rng)]
        taken += sum(a > b for a, b in zip(stones, stones[1:]))
    assert taken >= games   # captures met: placements that took two stones or more


@needs_cc
@pytest.mark.slow   # the replay on Python takes a second
def test_c_playouts_of_go_9_are_the_python_games():
    """gdl_playouts' exact loop (every legal move listed, one drawn: the memo of each
    position, read by apply_move too) plays the very games of their replay on Python."""
    from tests.interpreter.c.test_native_history import replay
    python, native = go_games(9)
    start = python.initial_state()
    plies, results, _ = replay(python, start, 3, 5, 2, True)
    assert native.native_playouts(start, 3, seed=5, exact=True) == (plies, results)


@needs_cc
def test_the_playouts_draw_only_legal_moves_late_in_the_game():
    """The random playouts judge only the moves they draw (with the memo of the position
    too): from crowded positions of a seeded game, each move drawn is a legal one, and
    refused moves (suicides) are there to be drawn."""
    python, native = go_games(9)
    rng, state, checked, refused = random.Random(8), python.initial_state(), 0, 0
    while checked < 30:
        moves = python.legal_moves(state)
        if python.is_terminal(state):
            state, moves = python.initial_state(), python.legal_moves(python.initial_state())
        if len(moves) < 40:   # crowded: cells with no empty neighbour
            after = {python.apply(state, m) for m in moves}
            for seed in range(4):
                over, reached = native.native_rollout(state, seed, 1)
                assert over or reached in after
            refused += len(moves) < 1 + 81 - _stones(state)   # the pass and the empty cells
            checked += 1
        state = python.apply(state, rng.choice([m for m in moves
                                                if python.move_text(state, m) != "pass"]
                                               or moves))
    assert refused


def _stones(state: tuple) -> int:
    return bin(state[0]).count("1") + bin(state[1]).count("1")


SIZES = json.loads((Path(__file__).parents[2] / "data" / "perft" / "go_sizes.json")
                   .read_text())["perft"]


@needs_cc
@pytest.mark.slow   # a library per size to build
@pytest.mark.parametrize("size", sorted(SIZES, key=int))
def test_perft_of_the_larger_boards_is_openspiels(size):
    python = catalog.load("go", {"size": size})
    native = NativeGame(python)
    start = python.initial_state()
    assert [native.native_perft(start, d) for d in range(1, len(SIZES[size]) + 1)] \
        == SIZES[size]
