"""Reading tables during play and search: a position's payoff for the exact solver, and a
move chosen from the tables for the AI (when every move's child is on disk or over)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gdl.solvers.tablebase import codes


def payoff_probe(tables: Any, skip: tuple[int, ...] | None = None
                 ) -> Callable[[tuple], float | None]:
    """A probe for ExactSolver(tables=...): the payoff of a position whose class is on disk
    (but class `skip`), for its player to move; None otherwise."""
    counts = tables.placement.counts

    def known(state: tuple) -> float | None:
        if skip is not None and counts(state) == skip:
            return None
        found = tables.code(state)
        return None if found is None else codes.score(found)
    return known


def table_move(tables: Any, state: tuple) -> tuple[Any, int] | None:
    """(a best move, the code of `state`) when every child of `state` is over or in a class
    on disk: the quickest win, else a draw, else the slowest loss; None otherwise."""
    game = tables.placement.game
    best_key, best_move = codes.NONE, None
    for move in game.legal_moves(state):
        child = game.apply(state, move)
        mover = child[-2]
        if game.is_terminal(child):
            found: int | None = codes.terminal_code(game.returns(child)[mover])
        else:
            found = tables.code(child)
        if found is None:
            return None
        k = codes.key(found, mover == state[-2])
        if k > best_key:
            best_key, best_move = k, move
    if best_move is None:
        return None
    return best_move, int(codes.codes_of(np.array(best_key)))


def move_probe(tables: Any) -> Callable[[tuple], Any]:
    """A probe for AIPlayer(tables=...): a best move of a position by `table_move`, None
    when the tables do not hold its children."""
    def move(state: tuple) -> Any:
        found = table_move(tables, state)
        return None if found is None else found[0]
    return move
