"""The node count of a solve, with its progress reports and limits, shared by the exact
solvers (gdl.solvers.search.exact, gdl.solvers.search.pns).

`Meter.count()` is called once per node. The node, progress and clock checks share one
threshold, so most nodes pay one comparison (and one table-size comparison when a
`max_positions` bound is set). A limit reached raises SolveLimit, which says which limit
and how far the search got.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from time import perf_counter

from gdl.solvers.budget import Clock, deadline_after
from gdl.solvers.search.solved import SolveLimit, SolveProgress


class Meter:
    """Counts the nodes of one solve of `name`; `stored()` gives the entries kept so far.

    Args: as ExactSolver's (progress, progress_every, node_limit, time_limit, max_positions).
    """

    def __init__(self, name: str, stored: Callable[[], int], *,
                 progress: Callable[[SolveProgress], None] | None, progress_every: int,
                 node_limit: int | None, time_limit: float | None,
                 max_positions: int | None) -> None:
        self.name, self.stored = name, stored
        self.progress, self.progress_every = progress, max(1, progress_every)
        self.node_limit, self.time_limit, self.max_positions = \
            node_limit, time_limit, max_positions
        self.start = perf_counter()
        self.nodes = 0
        self.known = ""   # what the search has learnt so far, said when it stops
        self._next_report = self.progress_every
        self._clock = Clock(deadline_after(time_limit, self.start))
        self._next_clock: float = 1 if time_limit is not None else math.inf
        self._next_event: float = 1   # the node count of the next progress, limit or clock check

    def count(self) -> None:
        """Count one node; report progress and enforce the limits."""
        self.nodes += 1
        if self.nodes >= self._next_event:
            self._event()
        if self.max_positions is not None and self.stored() > self.max_positions:
            self.give_up("positions", f"{self.max_positions:,} stored positions")

    def seconds(self) -> float:
        return perf_counter() - self.start

    def _event(self) -> None:
        nodes = self.nodes
        if nodes >= self._next_report:
            self._next_report += self.progress_every
            if self.progress is not None:
                self.progress(SolveProgress(nodes, self.seconds(), self.stored()))
        if self.node_limit is not None and nodes > self.node_limit:
            self.give_up("nodes", f"{self.node_limit:,} nodes")
        if nodes >= self._next_clock:
            self._next_clock = self._clock.next_check(nodes)
            if self._next_clock < 0:
                self.give_up("time", f"{self.time_limit:g} s")
        limit = math.inf if self.node_limit is None else self.node_limit + 1
        self._next_event = min(self._next_report, limit, self._next_clock)

    def give_up(self, reason: str, limit: str, before: str = "") -> None:
        """Raise SolveLimit: the search stopped `before` (default "within `limit`"); the
        message ends with `self.known`, what was learnt before it stopped."""
        seconds = self.seconds()
        found = f"; {self.known}" if self.known else ""
        raise SolveLimit(f"{self.name} was not solved {before or 'within ' + limit} "
                         f"({self.nodes:,} nodes searched in {seconds:.1f} s{found})",
                         reason, self.nodes, seconds, self.stored())
