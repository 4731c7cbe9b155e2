"""The PettingZoo bridge passes PettingZoo's own API test on every bundled game."""

from __future__ import annotations

import warnings

import pytest

from tests.marks import cases

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from gdl.bridges import pettingzoo  # noqa: E402
from gdl.errors import GdlError  # noqa: E402
from tests import bundled  # noqa: E402

GAMES = [name for name in bundled.two_player_games()
         if not bundled.simultaneous(name)]   # simultaneous: test_pettingzoo_parallel


@pytest.mark.parametrize("name", cases(GAMES, {"antichess", "backgammon", "chess", "crazyhouse",
                                                  "cylinder_draughts", "draughts", "havannah",
                                                  "international_draughts", "nine_mens_morris",
                                                  "quoridor", "shogi", "three_check",
                                                  "xiangqi"}))
def test_pettingzoo_api(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # a Dict observation space, as the classic envs have
        api_test(pettingzoo.env(name), num_cycles=100)


def test_connect_four_observations_and_masks():
    env = pettingzoo.env("connect4")
    env.reset(seed=0)
    env.step(3)
    observation = env.observe("player_1")
    assert observation["observation"].shape == (3, 6, 7)
    assert observation["observation"][1, 0, 3] == 1.0   # the opponent's piece, as player_1 sees
    assert env.observe("player_0")["observation"][0, 0, 3] == 1.0
    assert observation["action_mask"].tolist() == [1] * 7
    assert env.observe("player_0")["action_mask"].tolist() == [0] * 7   # not to move


def test_a_whole_game_rewards_the_winner():
    env = pettingzoo.env("connect4")
    env.reset(seed=0)
    for action in (0, 1, 0, 1, 0, 1, 0):   # player_0 drops four in column a
        env.step(action)
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}
    for _ in env.agent_iter():   # each agent sees the end, then leaves
        _, reward, done, cut, _ = env.last()
        assert done and not cut
        env.step(None)
    assert env.agents == []


def test_illegal_actions_and_puzzles_are_refused():
    env = pettingzoo.env("tictactoe")
    env.reset()
    env.step(4)
    with pytest.raises(GdlError, match="not legal"):
        env.step(4)
    with pytest.raises(GdlError, match="two or more players"):
        pettingzoo.env("sokoban")


def test_native_back_end_plays_alike():
    env = pettingzoo.env("connect4", backend="native")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=50)
