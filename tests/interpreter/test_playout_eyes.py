"""The eye rule of random playouts (gdl/interpreter/core/playout_eyes.py), read off the
rules: on for go alone among the bundled games it must not touch, its tables on a 5 x 5
board, the moves it keeps on positions with a true eye and a false one, and Python's MCTS
rollouts drawing from them."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.interpreter.core.playout_eyes import BY_NEIGHBOURS, TRUE_EYES, eye_rule
from gdl.solvers.search.mcts import random_rollout

# 5 x 5, stride 6: a1 is bit 0, a2 bit 6, c3 bit 14
TRUE_EYE = ".B.../BB.../...../...WW/...W. Black ko=none passes=0 plies=0"    # a5: Black's
FALSE_EYE = ".BW../BW.../...../...../..... Black ko=none passes=0 plies=0"   # a5: b4 White


def go5():
    return catalog.load("go", {"size": "5"})


@pytest.mark.parametrize("name", ["hex", "gomoku", "connect4", "othello", "amazons",
                                  "clobber", "chess", "tictactoe"])
def test_off_for_games_without_capture_by_surround(name):
    game = catalog.load(name)
    assert eye_rule(game.ir) is None
    assert game.playout_eyes == 0
    state = game.initial_state()
    assert game.playout_moves(state) == list(game.legal_moves(state))


@pytest.mark.parametrize("size", ["5", "9"])
def test_on_for_go_with_the_boards_adjacency(size):
    game = catalog.load("go", {"size": size})
    rule = eye_rule(game.ir)
    assert rule is not None and game.playout_eyes == TRUE_EYES
    assert rule.places == (0,) and rule.passes == (1,)   # the placement, the pass
    cells = game.geometry.cells
    assert sum(rule.false_at[c] == 1 for c in cells) == 4 * int(size) - 4   # the edge
    assert sum(bin(rule.neighbours[c]).count("1") for c in cells) == 4 * int(size) * (int(size) - 1)


def test_the_5x5_tables():
    rule = eye_rule(go5().ir)
    assert rule is not None
    assert rule.neighbours[0] == 1 << 1 | 1 << 6 and rule.diagonals[0] == 1 << 7
    assert rule.neighbours[14] == 1 << 8 | 1 << 13 | 1 << 15 | 1 << 20
    assert rule.diagonals[14] == 1 << 7 | 1 << 9 | 1 << 19 | 1 << 21
    assert (rule.false_at[0], rule.false_at[6], rule.false_at[14]) == (1, 1, 2)


def texts(game, state, moves) -> set[str]:
    return {game.move_text(state, m) for m in moves}


def test_a_true_eye_and_the_pass_are_left_out():
    game = go5()
    state = game.parse_position(TRUE_EYE)
    legal = texts(game, state, game.legal_moves(state))
    assert {"a5", "pass"} <= legal and "e1" not in legal   # e1: suicide
    for mode in (BY_NEIGHBOURS, TRUE_EYES):
        assert texts(game, state, game.playout_moves(state, mode)) == legal - {"a5", "pass"}
    assert texts(game, state, game.playout_moves(state, 0)) == legal


def test_a_false_eye_is_kept_by_true_eyes_only():
    game = go5()
    state = game.parse_position(FALSE_EYE)
    legal = texts(game, state, game.legal_moves(state))
    assert texts(game, state, game.playout_moves(state, BY_NEIGHBOURS)) == legal - {"a5", "pass"}
    assert texts(game, state, game.playout_moves(state, TRUE_EYES)) == legal - {"pass"}


def test_the_pass_when_nothing_else_is_left():
    """Black's two eyes, White's three (suicide for Black): the playout passes."""
    game = go5()
    state = game.parse_position(".BW.W/BBWWW/BBW.W/BBWWW/.BW.W Black ko=none passes=0 plies=0")
    legal = texts(game, state, game.legal_moves(state))
    assert legal == {"a5", "a1", "pass"}   # d5 d3 d1: White's eyes, suicide for Black
    assert texts(game, state, game.playout_moves(state)) == {"pass"}


def test_pythons_rollouts_keep_the_eye():
    game = go5()
    state = game.parse_position(TRUE_EYE)
    policy, rng = random_rollout(game), random.Random(3)
    drawn = texts(game, state, [policy(state, rng) for _ in range(400)])
    assert drawn == texts(game, state, game.playout_moves(state))


def test_the_example_of_docs_ai_md():
    """docs/ai.md's example (the block after its marker) runs as a doctest."""
    import doctest
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "ai.md").read_text(encoding="utf-8")
    block = text.split("<!-- playout eyes example -->", 1)[1].split("```pycon", 1)[1]
    block = block.split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(block, {}, "ai.md", "docs/ai.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries == 5
