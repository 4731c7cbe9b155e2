"""The Gymnasium bridge passes Gymnasium's own checker on every bundled one-player puzzle."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from tests.marks import cases

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from gdl.bridges import gymnasium  # noqa: E402
from gdl.errors import GdlError  # noqa: E402

PUZZLES = ["eight_puzzle", "fifteen_puzzle", "hanoi", "pocket_cube", "lights_out",
           "peg_solitaire", "rush_hour", "sokoban"]


@pytest.mark.parametrize("name", cases(PUZZLES, {"rush_hour", "peg_solitaire"}))
def test_gymnasium_checker(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # no registry spec: the render modes go untested
        check_env(gymnasium.make(name, render_mode="ansi"))


def test_solving_is_rewarded():
    env = gymnasium.make("eight_puzzle", scramble=1)
    _, info = env.reset(seed=0)
    rewards = []
    for action in np.flatnonzero(info["action_mask"]):   # one of them undoes the scramble
        env.reset(seed=0)
        _, reward, done, cut, _ = env.step(action)
        rewards.append((reward, done, cut))
    assert (1.0, True, False) in rewards


def test_illegal_actions_cost_a_step():
    env = gymnasium.make("hanoi", max_steps=3)
    observation, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, done, cut, info = env.step(illegal)
    assert info["illegal"] and (after == observation).all() and reward == 0.0 and not done
    env.step(illegal)
    assert env.step(illegal)[3]   # truncated at max_steps


def test_refusals():
    with pytest.raises(GdlError, match="one-player"):
        gymnasium.make("tictactoe")
    with pytest.raises(GdlError, match="constraint puzzle"):
        gymnasium.make("sudoku")
    with pytest.raises(GdlError, match="nothing to scramble"):
        gymnasium.make("pocket_cube_stickers")
