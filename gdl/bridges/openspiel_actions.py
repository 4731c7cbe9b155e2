"""The OpenSpiel bridge's action index: a game's moves <-> dense action ids.

OpenSpiel wants `num_distinct_actions` fixed before play, and an id that means
one move. The index reads only the Game protocol: a move is known by its text in
the game's notation (`d1`, `c3-d4`, `d4xf6xd8`, `take 1 3`), which names one move
in any position - a capture chain, one gdl move, is one id.

Ids are numbered, when the game is built, in an order every process repeats:
1. every playable cell's name, in board order (a1, b1, ..): a placement's text is
   its cell, so placement games are numbered completely and by the board;
2. the other texts met in a seeded exploration from the start (a breadth-first walk
   until SEED_MOVES moves are seen, then up to SEED_PLAYOUTS random games while as
   many moves again are seen), sorted;
3. as many again (at least RESERVE), given on first sight to texts the exploration
   missed (a rare chain, a late promotion): those ids hold for the game object's
   life, but another process may number them in another order. A game whose every
   move fills an empty cell and whose texts are all cell names needs none.
A game that meets more texts than it set aside raises GdlError.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

from gdl.errors import GdlError

SEED_MOVES = 50_000    # moves the breadth-first walk looks at
SEED_PLAYOUTS = 30     # seeded random games after it (they reach the late moves)
PLAYOUT_PLIES = 400    # each cut after so many moves
RESERVE = 64           # the fewest ids kept for texts first met in play


def explore(game: Any, visit: Callable[[Any], list[Any]], seed: int = 0) -> bool:
    """Walk `game` from the start, calling `visit(state)` (the moves to follow from it) at
    each position reached: breadth first until SEED_MOVES moves were looked at, then, unless
    that saw every reachable position, SEED_PLAYOUTS seeded random games. The answer: whether
    the walk saw every reachable position."""
    start = game.initial_state()
    seen, queue, looked = {start}, deque([start]), 0
    while queue and looked < SEED_MOVES:
        state = queue.popleft()
        moves = visit(state)
        looked += len(moves)
        for move in moves:
            after = game.apply(state, move)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    if not queue:
        return True
    rng, looked = random.Random(seed), 0
    for _ in range(SEED_PLAYOUTS):
        state = start
        for _ in range(PLAYOUT_PLIES):
            moves = visit(state)
            looked += len(moves)
            if not moves or looked > SEED_MOVES:
                break
            state = game.apply(state, rng.choice(moves))
    return False


def explored_texts(game: Any, seed: int = 0) -> set[str]:
    """The move texts of a seeded exploration from the start (see the module doc)."""
    texts: set[str] = set()

    def visit(state: Any) -> list[Any]:
        moves = [] if game.is_terminal(state) else list(game.legal_moves(state))
        texts.update(game.move_text(state, m) for m in moves)
        return moves

    explore(game, visit, seed)
    return texts


class ActionIndex:
    """Move texts <-> ids for one compiled game; `size` is num_distinct_actions."""

    def __init__(self, game: Any, placements_only: bool = False) -> None:
        """`placements_only`: every move fills an empty cell (see openspiel.length_bound)."""
        self.game = game
        geometry = getattr(game, "geometry", None)
        cells = [geometry.name(c) for c in geometry.cells] if geometry is not None else []
        found = explored_texts(game)
        ordered = cells + sorted(found - set(cells))
        self.ids: dict[str, int] = {text: i for i, text in enumerate(ordered)}
        self.texts: list[str] = list(ordered)
        complete = placements_only and found <= set(cells)
        self.size = len(ordered) + (0 if complete else max(RESERVE, len(ordered)))

    def id_of(self, text: str) -> int:
        """The id of a move's text, numbering it now if it is new."""
        found = self.ids.get(text)
        if found is None:
            if len(self.texts) >= self.size:
                raise GdlError(f"{self.game.name}: more distinct moves than the {self.size} "
                               f"OpenSpiel action ids set aside (new: {text!r})")
            found = self.ids[text] = len(self.texts)
            self.texts.append(text)
        return found

    def actions(self, state: Any, moves: list[Any]) -> dict[int, Hashable]:
        """Action id -> move for the legal `moves` of `state`.

        Raises:
            GdlError: two legal moves share a text (the notation cannot tell them apart).
        """
        out: dict[int, Hashable] = {}
        for move in moves:
            text = self.game.move_text(state, move)
            action = self.id_of(text)
            if action in out:
                raise GdlError(f"{self.game.name}: two legal moves are both written {text!r}")
            out[action] = move
        return out
