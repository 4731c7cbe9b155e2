"""The positions seen across the boundary: the Python back end's history (a frozenset of
position keys, `(key, n)` for the n-th sighting of a key when a rule counts them, and the
boards alone with `repeated board`; gdl/interpreter/python/generate.py) and the C table of one
sighting an entry (gdl/interpreter/c/seen.py).

A library has one table. `SeenTable` remembers which Python histories it holds (a history
of n sightings is SEEN[0 .. n)), so the calls along one line of play load it once: a call
from a state with n sightings writes only entries past n, which keeps every shorter one.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from itertools import count
from typing import Any

from gdl.interpreter.c.generate import Layout

Key = tuple
HELD = 64   # histories remembered as held by the table (a line of play holds each prefix)


def sightings(seen: frozenset, layout: Layout) -> list[Key]:
    """The position keys of a history, each as many times as it was seen (in no order: the
    C table counts them, as the frozenset does)."""
    key_length = layout.planes + len(layout.key_variables) + 1
    times: dict[Key, int] = {}
    for item in seen:
        if len(item) == 2 and isinstance(item[0], tuple):   # (key, n): the n-th sighting
            key, n = item
            times[key] = max(times.get(key, 1), n)
        elif len(item) == key_length:
            times.setdefault(item, 1)
        # else the board of a sighting (repeated board): made again from its key
    return [key for key, n in times.items() for _ in range(n)]


def add_sighting(seen: set, key: Key, layout: Layout) -> None:
    """`key` seen once more, as the Python back end's state update adds it."""
    if layout.counted_history and key in seen:
        seen.add((key, next(n for n in count(2) if (key, n) not in seen)))
    else:
        seen.add(key)
    if layout.board_history:
        seen.add(key[:layout.planes])


class SeenTable:
    """The positions seen of one library, and the Python histories they hold now."""

    def __init__(self, lib: Any, layout: Layout, pack: Callable[[tuple], bytes | None],
                 unpack: Callable[[bytes], tuple]):
        self.lib = lib
        self.layout = layout
        self.pack = pack          # a state without its history -> words (None: too big)
        self.unpack = unpack      # words -> a state without its history
        self.held: dict[int, tuple[frozenset, int]] = {}   # id -> (history, its sightings)
        lib.gdl_seen_load.argtypes = [ctypes.c_char_p, ctypes.c_int64]
        lib.gdl_seen_load.restype = ctypes.c_int
        lib.gdl_seen_store.argtypes = [ctypes.POINTER(ctypes.c_uint64), ctypes.c_int64,
                                       ctypes.c_int64]
        lib.gdl_seen_store.restype = ctypes.c_int
        lib.gdl_seen_max.restype = ctypes.c_int64
        self.capacity = lib.gdl_seen_max()

    def state_of(self, key: Key) -> tuple:
        """A key as a state to pack: its planes and variables, zeros for the others (an
        array, such as the streak counts, as many zeros as its words)."""
        lay = self.layout
        values: list[Any] = [(0,) * words if array else 0
                             for words, array in zip(lay.variables, lay.counts)]
        for i, value in zip(lay.key_variables, key[lay.planes:-1]):
            values[i] = value
        return (*key[:lay.planes], *values, key[-1], 0)

    def key_of(self, state: tuple) -> Key:
        lay = self.layout
        return (*state[:lay.planes], *(state[lay.planes + i] for i in lay.key_variables),
                state[-2])

    def load(self, seen: frozenset) -> int | None:
        """How many sightings `seen` holds, loaded into the table unless it is there; None
        when the table cannot hold them."""
        held = self.held.get(id(seen))
        if held is not None and held[0] is seen:
            return held[1]
        keys = sightings(seen, self.layout)
        if len(keys) > self.capacity:
            return None
        parts = [self.pack(self.state_of(key)) for key in keys]
        if None in parts:   # a number past 64 bits
            return None
        raw = b"".join(parts)   # type: ignore[arg-type]
        self.held.clear()
        if self.lib.gdl_seen_load(raw, len(keys)) < 0:
            return None
        self.hold(seen, len(keys))
        return len(keys)

    def known(self, seen: frozenset) -> int | None:
        """The sightings of `seen` when the table holds it, else 0, for the calls that do
        not read the history: a move list. Where the legality filter reads it (`repeated`),
        a move list does, and writes entry n: it is loaded as for a move (None: it cannot)."""
        if self.layout.filter_history:
            n = self.load(seen)
            if n is not None:
                self.written_past(n)
            return n
        held = self.held.get(id(seen))
        return held[1] if held is not None and held[0] is seen else 0

    def written_past(self, n: int) -> None:
        """A call from a state with n sightings wrote the entries past n."""
        for ident in [i for i, (_, m) in self.held.items() if m > n]:
            del self.held[ident]

    def extended(self, seen: frozenset, n: int, m: int) -> frozenset:
        """The history after a call from a state with `seen` (n sightings) to a state with m:
        `seen` and the entries n .. m-1 of the table."""
        self.written_past(n)
        out = set(seen)
        if m > n:
            words = self.layout.state_words
            buf = (ctypes.c_uint64 * (words * (m - n)))()
            if self.lib.gdl_seen_store(buf, n, m - n) < 0:
                raise ValueError(f"no entries {n}..{m} in the table of positions seen")
            raw = bytes(buf)
            for i in range(m - n):
                state = self.unpack(raw[8 * words * i:8 * words * (i + 1)])
                add_sighting(out, self.key_of(state), self.layout)
        result = frozenset(out)
        self.hold(result, m)
        return result

    def hold(self, seen: frozenset, n: int) -> None:
        self.held[id(seen)] = (seen, n)
        while len(self.held) > HELD:   # the oldest go first
            del self.held[next(iter(self.held))]


_TABLES: dict[int, SeenTable] = {}   # id of a loaded library (kept for the process) -> table


def table_for(lib: Any, layout: Layout, pack: Callable[[tuple], bytes | None],
              unpack: Callable[[bytes], tuple]) -> SeenTable:
    table = _TABLES.get(id(lib))
    if table is None or table.lib is not lib:
        table = _TABLES[id(lib)] = SeenTable(lib, layout, pack, unpack)
    return table
