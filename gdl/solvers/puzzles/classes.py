"""Count the classes of symmetric states reachable from a state, layer by layer.

The puzzle's `symmetry_key(s)` names the class of s under its declared symmetries
(which map moves to moves and keep the goal). A breadth-first search that keeps
one state of each class gives each class its distance from the start (the goal:
symmetric states are equally far from it). What `--enumerate --classes` reports
beside the plain count of positions: the states a symmetric search would hold.

>>> from gdl import catalog
>>> count_classes(catalog.load("eight_puzzle")).total
90792
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from gdl.errors import SolverError
from gdl.protocol import State
from gdl.solvers.puzzles.enumerate import Enumeration


def count_classes(game: Any, start: State | None = None, max_states: int | None = None
                  ) -> Enumeration:
    """Classes of states at each distance from `start` (default: the goal).

    Raises:
        SolverError: the puzzle declares no symmetry.
    """
    key = getattr(game, "symmetry_key", None)
    if key is None:
        raise SolverError(f"{game.name} declares no symmetry to count classes by")
    began = perf_counter()
    start = game.goal_state() if start is None else start
    legal, apply = game.legal_moves, game.apply
    seen = {key(start)}
    frontier, distribution = [start], [1]
    while frontier:
        if max_states is not None and len(seen) >= max_states:
            break
        layer = []
        for s in frontier:
            for m in legal(s):
                t = apply(s, m)
                k = key(t)
                if k not in seen:
                    seen.add(k)
                    layer.append(t)
        if layer:
            distribution.append(len(layer))
        frontier = layer
    return Enumeration(tuple(distribution), len(seen), len(distribution) - 1,
                       perf_counter() - began, not frontier, "a set of class keys")
