"""The Gymnasium bridge: a one-player gdl puzzle as a single-agent Gymnasium environment.

    >>> from gdl.bridges import gymnasium
    >>> env = gymnasium.make("eight_puzzle")
    >>> observation, info = env.reset(seed=0)
    >>> env.action_space, int(info["action_mask"].sum()) >= 2
    (Discrete(4), True)

Two kinds of rules take part:
- a puzzle (`kind: puzzle`, eight puzzle, hanoi, pocket cube): an action is an index into
  the puzzle's fixed set of moves (`game.moves()`), the observation the state's words as
  int64 (the puzzle's own layout: tiles' cells, discs' pegs);
- a one-player board game (sokoban, peg solitaire, lights out, rush hour): the actions of
  gdl.bridges.action_space and the tensor of gdl.bridges.observation, as the PettingZoo
  bridge gives them.

`info["action_mask"]` marks the legal actions (int8). An action not legal in the position
(Gymnasium's checker samples any) changes nothing and costs its step (`info["illegal"]`).
The reward is the puzzle's payoff when it ends (+1 solved), 0 before; the episode is
truncated after `max_steps`. A puzzle whose start is its goal (the sliding puzzles, the
cube) is scrambled at each reset by `scramble` random moves drawn from the reset's seed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from gdl import catalog
from gdl.bridges.environment import Table
from gdl.errors import GdlError

DEFAULT_MAX_STEPS = 200
DEFAULT_SCRAMBLE = 30


class _Moves:
    """A puzzle's fixed move set as actions, its state words as the observation."""

    def __init__(self, game: Any) -> None:
        self.game, self.moves = game, tuple(game.moves())
        self.width = len(game.initial_state())
        self.size = len(self.moves)

    def legal(self, state: tuple) -> dict[int, Hashable]:
        moves = set(self.game.legal_moves(state))
        return {i: m for i, m in enumerate(self.moves) if m in moves}

    def observe(self, state: tuple) -> np.ndarray:
        return np.array(state, np.int64)

    def space(self) -> spaces.Box:
        info = np.iinfo(np.int64)
        return spaces.Box(info.min, info.max, (self.width,), np.int64)


class _Board:
    """A one-player board game through the shared Table."""

    def __init__(self, table: Table) -> None:
        self.table, self.game, self.size = table, table.game, table.space.size

    def legal(self, state: tuple) -> dict[int, Hashable]:
        return self.table.legal(state)

    def observe(self, state: tuple) -> np.ndarray:
        return self.table.observe(state, 0)

    def space(self) -> spaces.Box:
        low, high = self.table.bounds()
        return spaces.Box(low, high, self.table.encoder.tensor.shape, np.float32)


class PuzzleEnv(gymnasium.Env):
    """A one-player gdl puzzle as a Gymnasium environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Any, render_mode: str | None = None, max_steps: int | None = None,
                 scramble: int | None = None) -> None:
        if len(game.players) != 1:
            raise GdlError(f"{game.name} has {len(game.players)} players: the Gymnasium "
                           f"environment takes one-player puzzles (games: gdl.bridges.pettingzoo)")
        self.game, self.render_mode = game, render_mode
        self.rules: _Moves | _Board = _Board(Table(game)) if hasattr(game, "geometry") \
            else _Moves(game)
        self.action_space = spaces.Discrete(self.rules.size)
        self.observation_space = self.rules.space()
        self.max_steps = max_steps or DEFAULT_MAX_STEPS
        start = game.initial_state()
        self.scramble = scramble if scramble is not None else \
            DEFAULT_SCRAMBLE if game.is_terminal(start) else 0
        if self.scramble and not list(game.legal_moves(start)):
            raise GdlError(f"{game.name} starts solved and has no moves there: nothing to "
                           f"scramble it with")
        self.position, self.steps = start, 0
        self._legal: dict[int, Hashable] = {}

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        mask = np.zeros(self.rules.size, np.int8)
        mask[list(self._legal)] = 1
        return {"action_mask": mask, "illegal": illegal}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        state, game = self.game.initial_state(), self.game
        for walk in range(self.scramble * 4 if self.scramble else 0):   # till it is unsolved
            moves = list(game.legal_moves(state))
            state = game.apply(state, moves[int(self.np_random.integers(len(moves)))])
            if walk + 1 >= self.scramble and not game.is_terminal(state):
                break
        self.position, self.steps = state, 0
        self._legal = self.rules.legal(state)
        return self.rules.observe(state), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        move = self._legal.get(int(action))
        self.steps += 1
        if move is not None:
            self.position = self.game.apply(self.position, move)
            self._legal = self.rules.legal(self.position)
        done = self.game.is_terminal(self.position)
        reward = float(self.game.returns(self.position)[0]) if done else 0.0
        truncated = not done and self.steps >= self.max_steps
        return (self.rules.observe(self.position), reward, done, truncated,
                self._info(illegal=move is None))

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game.render(self.position))
        return None


def make(name: str, options: dict[str, str] | None = None, **kwargs: Any) -> PuzzleEnv:
    """The environment of the bundled puzzle or rules file `name` (`render_mode`,
    `max_steps`, `scramble` as PuzzleEnv).

    Raises:
        UnknownGame, RulesError: as `gdl.catalog.load`.
        GdlError: a game of several players, or a constraint puzzle (no moves to learn).
    """
    game = catalog.load(name, options or {})
    if not hasattr(game, "legal_moves"):
        raise GdlError(f"{game.name} is a constraint puzzle: it has no moves for an agent")
    return PuzzleEnv(game, **kwargs)
