"""The PettingZoo bridge for simultaneous games: a gdl game of joint moves (`players A B
simultaneous`) as a PettingZoo ParallelEnv.

    >>> from gdl.bridges import pettingzoo_parallel
    >>> env = pettingzoo_parallel.parallel_env("roshambo")
    >>> observations, infos = env.reset(seed=0)
    >>> env.action_space("player_1"), observations["player_1"]["action_mask"].tolist()
    (Discrete(3), [1, 1, 1])
    >>> _, rewards, terminations, _, _ = env.step({"player_0": 0, "player_1": 2})
    >>> rewards, terminations["player_0"]   # rock blunts scissors
    ({'player_0': 1.0, 'player_1': -1.0}, True)

Every agent acts at every step, one action each; the actions are a player's own moves,
numbered as the OpenSpiel bridge numbers them (gdl.bridges.openspiel_parts: by rule, then
parameters; roshambo's rock, paper, scissors are 0, 1, 2). Observations are the AEC
environment's: the game's tensor and the agent's `action_mask`. The rewards are the payoffs
at the end, 0 before; a game the rules do not bound is truncated after `max_plies` joint moves.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from gdl.bridges.environment import Table
from gdl.bridges.openspiel_parts import PartIndex
from gdl.errors import GdlError
from gdl.protocol import has_simultaneous


class GdlParallelEnv(ParallelEnv):
    """A simultaneous gdl game as a PettingZoo ParallelEnv."""

    metadata = {"render_modes": ["ansi"], "name": "gdl_parallel_v0"}

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        game = table.game
        if not has_simultaneous(game):
            raise GdlError(f"{game.name} is a game of turns: its PettingZoo environment is the "
                           f"AEC one (gdl.bridges.pettingzoo.env)")
        self.table, self.render_mode = table, render_mode
        self.parts = PartIndex(game)
        self.metadata = {**self.metadata, "name": f"gdl_{game.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(len(game.players))]
        low, high = table.bounds()
        board = spaces.Box(low, high, table.encoder.tensor.shape, np.float32)
        mask = spaces.Box(0, 1, (self.parts.size,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": board, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.parts.size) for a in self.possible_agents}
        self.agents: list[str] = []
        self.position: tuple = game.initial_state()
        self.plies = 0
        self._legal: list[dict[int, Any]] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None
              ) -> tuple[dict[str, Any], dict[str, dict]]:
        # The games are deterministic: the seed has nothing to draw.
        self.position, self.plies = self.table.game.initial_state(), 0
        self.agents = self.possible_agents[:]
        self._legal = self.parts.actions(self.position)
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        out = {}
        for player, agent in enumerate(self.possible_agents):
            legal = self._legal[player] if self._legal else {}
            mask = np.zeros(self.parts.size, np.int8)
            mask[list(legal)] = 1
            out[agent] = {"observation": self.table.observe(self.position, player),
                          "action_mask": mask}
        return out

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """One joint move: an action from every agent still in the game."""
        joint = []
        for player, agent in enumerate(self.possible_agents):
            move = self._legal[player].get(int(actions[agent])) if agent in actions else None
            if move is None:
                raise GdlError(f"{agent}: action {actions.get(agent)} is not legal here "
                               f"(legal: {sorted(self._legal[player])})")
            joint.append(move)
        game = self.table.game
        self.position = game.apply(self.position, tuple(joint))
        self.plies += 1
        over = game.is_terminal(self.position)
        cut = not over and self.plies >= self.table.max_plies
        payoffs = game.returns(self.position) if over else (0.0,) * len(self.possible_agents)
        self._legal = [] if over or cut else self.parts.actions(self.position)
        agents = self.agents
        rewards = {a: float(payoffs[i]) for i, a in enumerate(self.possible_agents)}
        terminations, truncations = dict.fromkeys(agents, over), dict.fromkeys(agents, cut)
        infos: dict[str, dict] = {a: {} for a in agents}
        observations = self._observations()
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.table.game.render(self.position))
        return None

    def close(self) -> None:
        pass


def parallel_env(name: str, render_mode: str | None = None,
                 options: dict[str, str] | None = None, max_plies: int | None = None,
                 backend: str = "python") -> GdlParallelEnv:
    """The parallel environment of the bundled simultaneous game or rules file `name`.

    Raises:
        UnknownGame, RulesError: as `gdl.catalog.load`.
        GdlError: the game is one of turns (its environment: gdl.bridges.pettingzoo.env).
    """
    table = Table.load(name, options, max_plies=max_plies, backend=backend, simultaneous=True)
    return GdlParallelEnv(table, render_mode)
