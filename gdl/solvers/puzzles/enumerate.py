"""Full enumeration of the states reachable from one state, layer by layer.

The result is the distance distribution (how many states lie d moves away, for
each d), the total and the greatest distance: the puzzle's God's number when
enumerating from the goal.

Memory is kept lean with what the game offers (all optional):
- `encode(s)` -> int and `decode(c)`: the frontier and the seen-sets hold
  ints instead of state tuples;
- `code_bound`: codes are dense below it, so "seen" is one byte per code and
  the frontier is an array of 8-byte codes;
- an inverse for every move (listed by `moves()`): the state graph is then
  undirected, so a new state can only be in the previous, the current or the
  next layer, and only those three layers are kept.
Moves after their inverse and commuting pairs out of order are not tried (see
`gdl.solvers.puzzles.pruning`); the frontier is grouped by the move that reached each
state so that pruning costs nothing per state.

>>> from tests.references.puzzles import SlidingPuzzle
>>> e = enumerate_space(SlidingPuzzle(2, 3), SlidingPuzzle(2, 3).goal_state())
>>> e.total, e.greatest, e.distribution[:4]
(360, 21, (1, 2, 3, 5))
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from time import perf_counter
from typing import Any

import attrs

from gdl.protocol import Move, State
from gdl.solvers.puzzles.pruning import SearchHints, declares_all_inverses, hints_from

Progress = Callable[[int, int], None]   # (states found so far, depth being built)
BYTE_TABLE_LIMIT = 1 << 31              # the largest `code_bound` given one byte per code


@attrs.frozen
class Enumeration:
    """distribution: states at each distance 0, 1, ...; total: their sum; greatest: the
    largest distance; seconds: wall time; complete: False when `max_states` stopped it
    (the figures then cover the layers finished); storage: how states were kept."""

    distribution: tuple[int, ...]
    total: int
    greatest: int
    seconds: float
    complete: bool
    storage: str


class _Seen:
    """Membership of states (or their codes) seen so far: one of three layouts."""

    def __init__(self, bound: int | None, undirected: bool):
        self.table = bytearray(bound) if bound else None
        self.layers: list[set] | None = [set(), set(), set()] if not bound and undirected else None
        self.all: set | None = set() if not bound and not undirected else None
        self.storage = ("byte table" if bound else "three layers" if undirected else "one set")

    def next_layer(self) -> None:
        """Forget the oldest layer (three-layer layout only)."""
        if self.layers is not None:
            self.layers = [self.layers[1], self.layers[2], set()]


def enumerate_space(game: Any, start: State | None = None, *, hints: SearchHints | None = None,
                    progress: Progress | None = None, every: int = 100_000,
                    max_states: int | None = None) -> Enumeration:
    """Count the states reachable from `start` by distance.

    Args:
        game: any game (all moves are followed; `is_goal` is not consulted).
        start: where to start; default the game's initial state.
        hints: the pruning to use; default everything the game declares.
        progress: called as progress(found, depth) about every `every` new states.
        every: states between two progress calls.
        max_states: stop after the layer in which this many states were found.
    Returns:
        An Enumeration.
    """
    began = perf_counter()
    every = max(1, every)
    hints = hints_from(game) if hints is None else hints
    start = game.initial_state() if start is None else start
    encode: Any = getattr(game, "encode", None)
    decode: Any = getattr(game, "decode", None)
    coded = encode is not None and decode is not None
    bound = getattr(game, "code_bound", None) if coded else None
    if bound is not None and bound > BYTE_TABLE_LIMIT:
        bound = None
    seen = _Seen(bound, declares_all_inverses(game))
    root = encode(start) if coded else start
    _mark(seen, root)

    packed = bound is not None
    frontier: dict[Move | None, Any] = {None: _bucket(packed, root)}
    distribution = [1]
    found, report_at = 1, every
    while frontier:
        if max_states is not None and found >= max_states:
            return Enumeration(tuple(distribution), found, len(distribution) - 1,
                               perf_counter() - began, False, seen.storage)
        seen.next_layer()
        tick = None
        if progress is not None:
            depth = len(distribution)
            # Bound now: the callback must report this layer's depth and count.
            tick = lambda new, before=found, depth=depth: progress(before + new, depth)  # noqa: E731
        layer = _expand(game, hints, seen, frontier, coded, packed, tick, report_at - found, every)
        size = sum(len(b) for b in layer.values())
        if not size:
            break
        found += size
        while report_at <= found:
            report_at += every
        distribution.append(size)
        frontier = layer
    return Enumeration(tuple(distribution), found, len(distribution) - 1,
                       perf_counter() - began, True, seen.storage)


def _bucket(packed: bool, first: Any = None) -> Any:
    """A new frontier bucket: an int64 array for dense codes, else a list."""
    bucket = array("q") if packed else []
    if first is not None:
        bucket.append(first)
    return bucket


def _mark(seen: _Seen, key: Any) -> None:
    if seen.table is not None:
        seen.table[key] = 1
    elif seen.layers is not None:
        seen.layers[2].add(key)
    elif seen.all is not None:
        seen.all.add(key)


def _expand(game: Any, hints: SearchHints, seen: _Seen, frontier: dict,
            coded: bool, packed: bool, tick: Callable[[int], None] | None,
            first: int, every: int) -> dict[Move, Any]:
    """The next layer, bucketed by the move that reached each state (the hot loop).

    tick(new states so far in this layer) is called when that count reaches
    `first`, then every `every` new states.
    """
    legal, apply, skip = game.legal_moves, game.apply, hints.skip
    encode: Any = game.encode if coded else None
    decode: Any = game.decode if coded else None
    layer: dict[Move, Any] = {}
    count, report_at = 0, first if tick is not None else -1
    table, layers = seen.table, seen.layers
    every_seen: Any = seen.all   # the one set when there is neither a table nor layers
    if layers is not None:
        older, current, newer = layers
    for prev, bucket in frontier.items():
        blocked = skip[prev]
        for item in bucket:
            s = decode(item) if coded else item
            for m in legal(s):
                if m in blocked:
                    continue
                t = apply(s, m)
                key = encode(t) if coded else t
                if table is not None:
                    if table[key]:
                        continue
                    table[key] = 1
                elif layers is not None:
                    if key in newer or key in current or key in older:
                        continue
                    newer.add(key)
                else:
                    if key in every_seen:
                        continue
                    every_seen.add(key)
                count += 1
                if count == report_at and tick is not None:
                    tick(count)
                    report_at += every
                out = layer.get(m)
                if out is None:
                    out = layer[m] = _bucket(packed)
                out.append(key)
    return layer
