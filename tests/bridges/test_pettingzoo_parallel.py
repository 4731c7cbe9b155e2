"""The PettingZoo parallel bridge passes PettingZoo's own parallel API test on every bundled
simultaneous game, and plays as gdl does."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import parallel_api_test  # noqa: E402

from gdl import catalog  # noqa: E402
from gdl.bridges import pettingzoo_parallel  # noqa: E402
from gdl.errors import GdlError  # noqa: E402
from tests import bundled  # noqa: E402

SIMULTANEOUS_GAMES = [name for name in bundled.games() if bundled.simultaneous(name)]


def test_the_bundled_simultaneous_games():
    assert SIMULTANEOUS_GAMES == ["blotto", "goofspiel", "oshi_zumo", "roshambo"]


@pytest.mark.parametrize("name", SIMULTANEOUS_GAMES)
def test_pettingzoo_parallel_api(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(pettingzoo_parallel.parallel_env(name), num_cycles=100)


@pytest.mark.parametrize("name", SIMULTANEOUS_GAMES)
def test_seeded_games_equal_gdl(name):
    """The masks are gdl's own moves per player; the rewards at the end are gdl's returns."""
    env, game = pettingzoo_parallel.parallel_env(name), catalog.load(name)
    rng = random.Random(3)
    for _ in range(10):
        observations, _ = env.reset()
        ours = game.initial_state()
        while env.agents:
            own = game.joint_moves(ours)
            actions = {}
            for p, agent in enumerate(env.possible_agents):
                mask = observations[agent]["action_mask"]
                ids = [i for i, bit in enumerate(mask) if bit]
                assert sorted(env.parts.moves[i] for i in ids) == sorted(own[p])
                actions[agent] = rng.choice(ids)
            ours = game.apply(ours, tuple(env.parts.moves[actions[a]]
                                          for a in env.possible_agents))
            observations, rewards, terminations, _, _ = env.step(actions)
        assert game.is_terminal(ours) and all(terminations.values())
        assert [rewards[a] for a in env.possible_agents] == list(game.returns(ours))


def test_illegal_actions_and_games_of_turns_are_refused():
    env = pettingzoo_parallel.parallel_env("goofspiel", options={"cards": "3"})
    env.reset()
    env.step({"player_0": 0, "player_1": 0})
    with pytest.raises(GdlError, match="player_0: action 0 is not legal here"):
        env.step({"player_0": 0, "player_1": 1})
    with pytest.raises(GdlError, match="tictactoe is a game of turns"):
        pettingzoo_parallel.parallel_env("tictactoe")
