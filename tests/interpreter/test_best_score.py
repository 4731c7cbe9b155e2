"""One-player games that end with a score (docs/core.md, 5a): `gdl solve` finds the best
score reachable and a line reaching it (gdl.solvers.puzzles.best_score). tests/data/rules/
harvest.gdl is checked against a plain generator of its rules and against a plain
exhaustive search of the game tree (no table), on two board sizes; perft on both back ends."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from gdl.catalog import compile_text
from gdl.cli.main import main
from gdl.errors import RulesSemanticError
from gdl.interpreter.layouts.one_player import OnePlayerPuzzle
from gdl.solvers.puzzles.best_score import best_score
from gdl.solvers.search.perft import perft
from tests.interpreter.c.test_native import needs_cc

RULES = Path(__file__).parents[1] / "data" / "rules"
HARVEST = RULES / "harvest.gdl"
SIZES = [(4, 4), (6, 5)]


def game(width: int, height: int):
    return compile_text(HARVEST.read_text(), "harvest.gdl",
                        {"width": str(width), "height": str(height)})


def plain_best(width: int, height: int) -> int:
    """harvest.gdl by hand: the best over the paths north and east from a1 to the far
    corner of (crops taken) - (bare cells stepped on)."""
    def crop(x: int, y: int) -> bool:
        return (x == 1 or y == 2 or (x == 3 and (x + y) % 2 == 0)) and (x, y) != (1, 0)

    @functools.cache
    def best(x: int, y: int) -> int:
        options = [best(a, b) + (1 if crop(a, b) else -1)
                   for a, b in ((x + 1, y), (x, y + 1)) if a < width and b < height]
        return max(options) if options else 0
    return best(0, 0)


def tree_best(g, state) -> float:
    """The best payoff over every line of play, the game tree walked whole."""
    if g.is_terminal(state):
        return g.returns(state)[0]
    return max(tree_best(g, g.apply(state, m)) for m in g.legal_moves(state))


@pytest.mark.parametrize("width, height", SIZES)
def test_the_best_score_equals_a_plain_generator_and_the_whole_tree(width, height):
    g = game(width, height)
    found = best_score(OnePlayerPuzzle(g))
    assert found.stopped is None
    assert found.score == plain_best(width, height) == tree_best(g, g.initial_state())
    state = g.initial_state()
    for move in found.line:   # the line is played and ends with that score
        state = g.apply(state, move)
    assert g.is_terminal(state) and g.returns(state) == (found.score,)
    assert len(found.line) == width + height - 2


@needs_cc
@pytest.mark.parametrize("width, height", SIZES)
def test_both_back_ends_count_the_same(width, height):
    from gdl.interpreter.c.game import NativeGame
    g = game(width, height)
    native = NativeGame(g, per_call=True)
    for depth in range(1, width + height):
        assert native.native_perft(g.initial_state(), depth) == perft(g, g.initial_state(),
                                                                      depth)


def test_gdl_solve_reports_the_best_score_and_a_line(capsys):
    assert main(["solve", str(HARVEST)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == f"best score: {plain_best(4, 4)}"
    assert out[2].startswith("line (6 moves): a1-")


def test_a_limit_gives_the_best_found_so_far():
    found = best_score(OnePlayerPuzzle(game(6, 5)), max_nodes=3)
    assert found.stopped == "not solved within 3 nodes"


def test_a_goal_puzzle_is_not_scored():
    from gdl import catalog
    assert not OnePlayerPuzzle(catalog.load("peg_solitaire")).scored


def test_a_one_player_score_is_a_number():
    source = HARVEST.read_text().replace("end: score got", "end: score man")
    with pytest.raises(RulesSemanticError, match="a score must be a number"):
        compile_text(source, "bad.gdl")
