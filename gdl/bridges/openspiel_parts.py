"""The OpenSpiel bridge's action ids for simultaneous games: each player's own moves.

OpenSpiel's simultaneous-move games take one action per player (`_legal_actions(player)`,
`_apply_actions(actions)`), so the ids number a player's own part of a joint move, not the
joint move. A part is known by its value in the compiled game (its rule's index, then its
parameters: `play 3` is (0, 3)), the same for every player, so one numbering serves all.

Ids are given when the game is built, in an order every process repeats: the parts met in
a breadth-first walk from the start (until SEED_MOVES parts are seen, then seeded random
games), sorted by rule and then by parameter values (roshambo: rock 0, paper 1, scissors 2
as the rules list them; goofspiel: `play 1` .. `play 4` are 0..3). When the walk saw every
reachable position, that is all the ids there are; otherwise as many again (at least
RESERVE) are kept for parts first met in play, numbered on first sight.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from gdl.errors import GdlError
from gdl.protocol import SIMULTANEOUS
from gdl.bridges.openspiel_actions import RESERVE, explore


def _order(move: Any) -> tuple:
    return move if isinstance(move, tuple) else (move,)


def explored_parts(game: Any, seed: int = 0) -> tuple[set[Hashable], bool]:
    """The players' own moves met in a seeded walk from the start, and whether the walk saw
    every reachable position (then no other move can come up)."""
    parts: set[Hashable] = set()

    def visit(state: Any) -> list[Any]:
        if game.is_terminal(state):
            return []
        if game.current_player(state) == SIMULTANEOUS:
            for own in game.joint_moves(state):
                parts.update(own)
        return list(game.legal_moves(state))

    return parts, explore(game, visit, seed)


class PartIndex:
    """A player's own move <-> its action id, for one simultaneous game; `size` is
    OpenSpiel's num_distinct_actions."""

    def __init__(self, game: Any) -> None:
        self.game = game
        found, complete = explored_parts(game)
        self.moves: list[Hashable] = sorted(found, key=_order)
        self.ids: dict[Hashable, int] = {m: i for i, m in enumerate(self.moves)}
        self.size = len(self.moves) + (0 if complete else max(RESERVE, len(self.moves)))

    def id_of(self, move: Hashable) -> int:
        """The id of a player's own move, numbering it now if it is new."""
        found = self.ids.get(move)
        if found is None:
            if len(self.moves) >= self.size:
                raise GdlError(f"{self.game.name}: more distinct moves than the {self.size} "
                               f"OpenSpiel action ids set aside")
            found = self.ids[move] = len(self.moves)
            self.moves.append(move)
        return found

    def actions(self, state: Any) -> list[dict[int, Hashable]]:
        """Per player, action id -> that player's own legal move at the joint node `state`."""
        return [{self.id_of(m): m for m in own} for own in self.game.joint_moves(state)]
