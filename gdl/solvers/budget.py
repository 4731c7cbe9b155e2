"""Budgets shared by the searches: a clock read often enough on any board size, and the
payoff bound that decides when a result cannot be bettered.

A search calls `Clock.next_check(nodes)` when its node count reaches the number the
previous call returned. The interval between reads adapts to the measured node rate so
that the clock is read about every CHECK_SECONDS: every node on a board where one node
takes milliseconds, every few thousand on a small board. A fixed interval cannot do
both.

>>> clock = Clock(float("inf"))
>>> clock.next_check(0) >= 1
True
"""

from __future__ import annotations

import contextlib
import gc
import math
import signal
import threading
from collections.abc import Iterator
from time import perf_counter

from gdl.protocol import Game

CHECK_SECONDS = 0.002   # aim for one clock read per 2 ms of search
MAX_INTERVAL = 4096     # nodes between two reads at most, however fast the nodes are


class Clock:
    """A deadline read at adaptive node intervals (see the module docstring)."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self._last_time = perf_counter()
        self._last_nodes = 0
        self.interval = 1

    def next_check(self, nodes: int) -> int:
        """Read the clock at node count `nodes`. Returns the node count of the next read,
        or -1 when the deadline has passed."""
        now = perf_counter()
        if now >= self.deadline:
            return -1
        done, elapsed = nodes - self._last_nodes, now - self._last_time
        if done > 0 and elapsed > 0:
            rate = done / elapsed
            # Never plan a read later than half the time that is left, and grow the
            # interval at most twofold per read: one fast node proves little.
            ahead = min(CHECK_SECONDS, (self.deadline - now) / 2)
            wanted = min(MAX_INTERVAL, 2 * self.interval, rate * ahead)
            self.interval = int(max(1.0, wanted))
        elif elapsed == 0:
            self.interval = min(MAX_INTERVAL, self.interval * 2)
        self._last_time, self._last_nodes = now, nodes
        return nodes + self.interval


def deadline_after(seconds: float | None, start: float | None = None) -> float:
    """The perf_counter() value `seconds` from `start` (default now); inf for None."""
    if seconds is None:
        return math.inf
    return (perf_counter() if start is None else start) + seconds


def payoff_bound(game: Game) -> float:
    """The largest payoff any player can get: `game.payoff_bound` when the game says
    (None: unknown, as with `end: score EXPR`), else 1, as the protocol specifies.
    A search may stop looking at a node once it has found this payoff, never before."""
    bound = getattr(game, "payoff_bound", 1.0)
    return math.inf if bound is None else float(bound)


@contextlib.contextmanager
def without_gc() -> Iterator[None]:
    """Python's cyclic garbage collector off during a timed search. On a big tree or table
    one of its passes takes tens of milliseconds wherever it falls, which was the budget's
    worst overshoot: MCTS on Connect Four 5x4 at 0.1 s a search, worst +17% with it and
    +0.3% without (bench/budgets.py). Garbage with cycles waits for the search to return."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class OutOfTime(Exception):
    """Raised by `alarm` inside code that cannot read a clock itself (a library's search)."""


_thread = threading.local()   # the deadline of `alarm` outside the main thread


def over_time() -> bool:
    """Whether this thread's `alarm` deadline (outside the main thread) has passed."""
    deadline = getattr(_thread, "deadline", None)
    return deadline is not None and perf_counter() > deadline


@contextlib.contextmanager
def alarm(seconds: float | None) -> Iterator[None]:
    """Raise OutOfTime in the block once `seconds` have passed (None: never).

    For searches whose inner loop is not ours (python-constraint): a real-time timer
    signal interrupts them wherever they are. Only the main thread can take signals;
    elsewhere (a web server's worker) the deadline is kept for the thread, and our own
    searches ask `over_time()` every so many nodes (python-constraint's then has no limit).
    """
    usable = seconds is not None and hasattr(signal, "setitimer") and \
        threading.current_thread() is threading.main_thread()
    if seconds is not None and not usable:
        outer = getattr(_thread, "deadline", None)
        _thread.deadline = perf_counter() + seconds
        try:
            yield
        finally:
            _thread.deadline = outer
        return
    if not usable or seconds is None:
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-6))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
