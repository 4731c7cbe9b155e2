"""What the exact solvers answer: a position's value and best move, their progress on a long
run, and the limit that stopped one (gdl.solvers.search.exact in Python,
gdl.solvers.search.native_exact in C)."""

from __future__ import annotations

import attrs

from gdl.errors import SolverError
from gdl.protocol import Move


@attrs.frozen
class SolveProgress:
    """A snapshot passed to the progress callback during a long solve."""

    nodes: int
    seconds: float
    table_size: int

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@attrs.frozen
class SolveResult:
    """value: 'win', 'loss' or 'draw' for the player to move; score: the payoff the player
    to move gets with perfect play; best_move: a move that achieves it (None at a terminal
    root); nodes: positions searched, the root included (a child only looked at as an
    immediate win is counted when it is one); table_size: entries stored; backend: where
    the search ran; depth: the deepest ply searched (0: not counted, as on Python)."""

    value: str
    score: float
    best_move: Move | None
    nodes: int
    seconds: float
    table_size: int
    method: str
    backend: str = "python"   # "native": solved in C (gdl.solvers.search.native_exact)
    depth: int = 0

    def to_json(self) -> dict:
        """Plain data (the move as its repr, since moves are game-specific values)."""
        return {"value": self.value, "score": self.score, "best_move": repr(self.best_move),
                "nodes": self.nodes, "seconds": round(self.seconds, 3),
                "table_size": self.table_size, "method": self.method,
                "backend": self.backend}


class SolveLimit(SolverError):
    """A solve stopped by one of its limits or by Ctrl-C. reason: "nodes", "time",
    "positions" or "interrupted"; nodes, seconds, table_size: how far it got."""

    def __init__(self, message: str, reason: str, nodes: int, seconds: float,
                 table_size: int) -> None:
        super().__init__(message)
        self.reason, self.nodes, self.seconds, self.table_size = reason, nodes, seconds, table_size
