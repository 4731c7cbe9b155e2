"""The Game protocol: everything a solver, a player or the command line may rely on.

Solvers see only this protocol, never the rules language. A hand-written Python
class with these members works with every solver (the references in
`tests.references.games` are such classes).

Conventions
- A state is an immutable, hashable value; `apply` never mutates it.
- A move is a hashable value (compiled games use ints); only the game interprets it.
- Players are numbered 0..n-1 in the order of `players`.
- `returns(s)` is defined only for terminal states: one payoff per player.
  Two-player zero-sum games use +1 win, -1 loss, 0 draw.
- Chance (issue 31): a game with chance nodes sets `has_chance` (False when absent). At a
  chance node `current_player(s) == CHANCE`, `legal_moves(s)` lists the outcomes, and
  `chance_outcomes(s)` gives them with their probabilities (summing to 1), as OpenSpiel's
  `chance_outcomes()`. A solver or player that cannot handle chance refuses such a game
  in one line; never index `players` by CHANCE.
- Simultaneous moves (OpenSpiel's simultaneous-move games): a game with
  `has_simultaneous` true may have nodes where `current_player(s) == SIMULTANEOUS`.
  There `joint_moves(s)` gives each player's own legal moves (a player with no choice
  has exactly one, a pass), `legal_moves(s)` lists the joint moves (tuples, one part
  per player: their cartesian product, so perft and random playouts work unchanged) and
  `apply(s, joint)` applies one at once. A solver or player that cannot handle such a
  game refuses it in one line (`refuse_simultaneous`); -2 is never a player's index.
- Optional `playout_moves(state)`: the moves a random playout draws from (default: the
  legal ones); a compiled game whose rules capture by surround leaves out the mover's eyes
  and the pass while another move is there (`playout_eyes`: its mode, 0 for none;
  gdl/interpreter/core/playout_eyes.py).
- Optional `payoff_bound`: the largest payoff there is (default 1; None when unknown,
  as when payoffs are scores). A search stops at a node on that payoff, never sooner.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable
from collections.abc import Hashable, Sequence

from gdl.errors import SolverError

State = Hashable
Move = Hashable

CHANCE = -1                  # current_player at a chance node (issue 31)
SIMULTANEOUS = -2            # current_player at a node where every player chooses at once

GAME = "game"                # adversarial, turn-based, N players
PUZZLE = "puzzle"            # one agent, a goal, optimal move sequences
CONSTRAINTS = "constraints"  # variables, domains, constraints


@runtime_checkable
class Game(Protocol):
    """An adversarial game or a puzzle (a puzzle is a one-player game with a goal)."""

    name: str                  # short name, as in `gdl list`
    title: str                 # human title
    players: tuple[str, ...]   # player names, index = player number
    kind: str                  # GAME or PUZZLE
    zero_sum: bool             # payoffs of every terminal state sum to 0 (two-player games)
    invariants: dict[str, Any] # verified search metadata (see docs/invariants.md)
    # has_simultaneous: bool   # optional, False when absent: see the module doc and
    #                          # has_simultaneous(); with it, joint_moves(state)

    def initial_state(self) -> State: ...
    def current_player(self, state: State) -> int: ...
    def legal_moves(self, state: State) -> Sequence[Move]: ...
    def apply(self, state: State, move: Move) -> State: ...
    def is_terminal(self, state: State) -> bool: ...
    def returns(self, state: State) -> tuple[float, ...]: ...
    def canonical(self, state: State) -> Hashable: ...
    def move_text(self, state: State, move: Move) -> str: ...
    def parse_move(self, state: State, text: str) -> Move: ...
    def render(self, state: State) -> str: ...


@runtime_checkable
class Puzzle(Game, Protocol):
    """A single-agent game with a goal; `inverse` feeds backward and bidirectional search."""

    def is_goal(self, state: State) -> bool: ...
    def goal_state(self) -> State | None: ...       # the target, when the goal is one state
    def inverse(self, move: Move) -> Move | None: ... # the move that undoes `move`, if declared


def has_chance(game: object) -> bool:
    """Whether `game` has chance nodes (the attribute `has_chance`, False when absent)."""
    return bool(getattr(game, "has_chance", False))


def has_simultaneous(game: object) -> bool:
    """Whether `game` has nodes where the players choose at once (False when not said)."""
    return bool(getattr(game, "has_simultaneous", False))


def playout_eyes(game: object) -> int:
    """The eye rule's mode of `game`'s random playouts (0 when it has none)."""
    return int(getattr(game, "playout_eyes", 0))


def refuse_simultaneous(game: object, what: str) -> None:
    """Raise a one-line GdlError when `what` (a solver, a player) meets a simultaneous game."""
    if has_simultaneous(game):
        raise SolverError(f"{what} plays games of turns; {getattr(game, 'name', 'this game')} "
                       f"has simultaneous moves: use `gdl solve` (matrix games) or random play")
