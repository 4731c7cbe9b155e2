"""One entry point over the puzzle searches: pick a method for a puzzle and run it.

The default method follows what the puzzle declares: bidirectional search when
it has a goal state and declares an inverse for every move (the backward half
needs predecessors), else A* when it has a lower bound (`heuristic_distance`) but not every move
has an inverse (a table of states beats IDA*'s revisits there), else IDA* when
it has a lower bound (`heuristic_distance`, or `abstractions` for pattern
databases), else breadth-first search. A puzzle
whose `invariants` hold "declared_inverses" (pairs of move texts, as a compiled
puzzle's do) tells the inverses its rules declare from those derived for it; a
sliding puzzle's derived inverses thus leave it to IDA* and its Manhattan
bound, which needs no memory, where bidirectional search of a 40-move 15-puzzle
holds millions of states.

>>> from tests.references.puzzles import Hanoi, SlidingPuzzle
>>> default_method(Hanoi(3)), solve_puzzle(Hanoi(3)).length
('bidirectional', 7)
"""

from __future__ import annotations

from typing import Any

from gdl.errors import SolverError
from gdl.protocol import State
from gdl.solvers.puzzles.astar import solve_astar
from gdl.solvers.puzzles.bfs import solve_bfs
from gdl.solvers.puzzles.bidirectional import solve_bidirectional
from gdl.solvers.puzzles.idastar import solve_idastar
from gdl.solvers.puzzles.pruning import PuzzleResult, declares_all_inverses, goal_of

METHODS = ("bfs", "bidirectional", "idastar", "astar")


def declares_inverses(game: Any) -> bool:
    """True when the puzzle declares an inverse for every move (see the module doc)."""
    declared = getattr(game, "invariants", {}).get("declared_inverses")
    if declared is None:
        return declares_all_inverses(game)
    moves = getattr(game, "invariants", {}).get("moves", ())
    return bool(moves) and {m for pair in declared for m in pair} >= set(moves)


def default_method(game: Any) -> str:
    """The method `solve_puzzle` uses when none is asked for (see the module doc)."""
    if goal_of(game) is not None and declares_inverses(game):
        return "bidirectional"
    if hasattr(game, "heuristic_distance") and not declares_all_inverses(game):
        return "astar"   # irreversible moves: a table of states beats IDA*'s revisits
    if hasattr(game, "heuristic_distance") or hasattr(game, "abstractions"):
        return "idastar"
    return "bfs"


def solve_puzzle(game: Any, start: State | None = None, *, method: str | None = None,
                 all_solutions: bool = False, time_limit: float | None = None,
                 max_nodes: int | None = None, use_symmetry: bool = True) -> PuzzleResult:
    """An optimal solution of `game` from `start` (default: its initial state).

    Args:
        method: "bfs", "bidirectional", "idastar" or "astar"; None picks `default_method`.
        all_solutions: every optimal solution (bidirectional search only).
        time_limit, max_nodes: the search's budget.
        use_symmetry: every method keeps one state of each class of symmetric states by
            the puzzle's `symmetry_key` (when it has one; IDA* in a transposition table);
            False searches every state.
    Raises:
        SolverError: an unknown method, `all_solutions` with another method than
            bidirectional, or a puzzle that lacks what the method needs.
    """
    if all_solutions:
        if method not in (None, "bidirectional"):
            raise SolverError(f"all optimal solutions come from bidirectional search, "
                              f"not {method}")
        method = "bidirectional"
    method = default_method(game) if method is None else method
    if method == "bfs":
        return solve_bfs(game, start, time_limit=time_limit, max_nodes=max_nodes,
                         use_symmetry=use_symmetry)
    if method == "bidirectional":
        return solve_bidirectional(game, start, all_solutions=all_solutions,
                                   time_limit=time_limit, max_nodes=max_nodes,
                                   use_symmetry=use_symmetry)
    if method == "astar":
        return solve_astar(game, start, time_limit=time_limit, max_nodes=max_nodes,
                           use_symmetry=use_symmetry)
    if method == "idastar":
        return solve_idastar(game, start, time_limit=time_limit, max_nodes=max_nodes,
                             use_symmetry=use_symmetry)
    raise SolverError(f"unknown puzzle method {method!r}; expected one of {', '.join(METHODS)}")
