"""The PettingZoo bridge: a gdl game as a PettingZoo AEC environment.

    >>> from gdl.bridges import pettingzoo
    >>> env = pettingzoo.env("connect4")
    >>> env.reset(seed=0)
    >>> env.agent_selection, env.action_space("player_0")
    ('player_0', Discrete(7))
    >>> observation, reward, termination, truncation, info = env.last()
    >>> observation["observation"].shape, observation["action_mask"].tolist()
    ((3, 6, 7), [1, 1, 1, 1, 1, 1, 1])

As PettingZoo's classic games: agents `player_0`, `player_1`, .. in the rules' order of
players; one agent acts at a time; each observation is a dict of the board tensor
(gdl.bridges.observation, the observer's own pieces first) and the int8 `action_mask` of
its legal actions (all 0 for an agent not to move); the rewards are the game's payoffs at
its end (+1 a win, -1 a loss, 0 a draw), 0 before. A game the rules do not bound is
truncated after `max_plies` moves. Actions are the ids of gdl.bridges.action_space (Connect
Four: the column).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gdl.bridges.environment import Table
from gdl.errors import GdlError
from gdl.protocol import GAME


class GdlAECEnv(AECEnv):
    """A gdl game of two or more players as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "gdl_v0", "is_parallelizable": False}

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        super().__init__()
        game = table.game
        if game.kind != GAME or len(game.players) < 2:
            raise GdlError(f"{game.name} is not a game of two or more players: PettingZoo's "
                           f"AEC environment takes those (a puzzle: gdl.bridges.gymnasium)")
        self.table, self.render_mode = table, render_mode
        self.metadata = {**self.metadata, "name": f"gdl_{game.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(len(game.players))]
        low, high = table.bounds()
        shape = table.encoder.tensor.shape
        board = spaces.Box(low, high, shape, np.float32)
        mask = spaces.Box(0, 1, (table.space.size,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": board, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(table.space.size) for a in self.possible_agents}
        self.position: tuple = game.initial_state()
        self.plies = 0
        self._legal: dict[int, Any] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # The games are deterministic: the seed has nothing to draw.
        self.position, self.plies = self.table.game.initial_state(), 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._moved()

    def _moved(self) -> None:
        game = self.table.game
        self._legal = self.table.legal(self.position)
        self.agent_selection = self.possible_agents[game.current_player(self.position)]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        mask = self.table.mask(self._legal if agent == self.agent_selection else {})
        return {"observation": self.table.observe(self.position, player), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._legal.get(int(action))
        if move is None:
            raise GdlError(f"action {action} is not legal for {agent} here "
                           f"(legal: {sorted(self._legal)})")
        game = self.table.game
        self._cumulative_rewards[agent] = 0.0
        self.position = game.apply(self.position, move)
        self.plies += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.is_terminal(self.position):
            payoffs = game.returns(self.position)
            self.rewards = {a: float(payoffs[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.plies >= self.table.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        self._moved()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.table.game.render(self.position))
        return None

    def close(self) -> None:
        pass


def env(name: str, render_mode: str | None = None, options: dict[str, str] | None = None,
        actions: str | None = None, max_plies: int | None = None,
        backend: str = "python") -> GdlAECEnv:
    """The AEC environment of the bundled game or rules file `name`.

    Args:
        options: the game's options (`{"width": "5"}`).
        actions: the action space (gdl.bridges.action_space.SHAPES), None to derive it.
        max_plies: where a game its rules do not bound is truncated.
        backend: "native" plays the moves in C (gdl.interpreter.c), "python" in Python.

    Raises:
        UnknownGame, RulesError: as `gdl.catalog.load`.
        GdlError: the rules describe a puzzle, or a constraint problem.
    """
    table = Table.load(name, options, actions=actions, max_plies=max_plies, backend=backend)
    return GdlAECEnv(table, render_mode)
