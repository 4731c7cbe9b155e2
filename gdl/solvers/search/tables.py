"""Transposition tables, passed to the searches as arguments.

Keys are `game.canonical(state)`. An entry is a tuple whose first four fields
are `(depth, value, flag, move)`:
    depth: plies searched below the position (FULL_DEPTH: searched to the end,
        so the entry holds at any depth);
    value: the score for the player to move, exact or a bound as `flag` says;
    flag:  EXACT, LOWER (the true value is >= value) or UPPER (<= value);
    move:  the best move found, a hint for move ordering (None when unknown).

Two tables:
    DictTable     unbounded, every store replaces.
    BoundedTable  at most `capacity` entries in a fixed array of slots
                  (slot = hash(key) modulo a prime); when two keys share a
                  slot the policy decides: "depth" keeps the deeper entry
                  unless it is left over from an earlier search, "always"
                  keeps the newest.

>>> t = BoundedTable(100)
>>> t.store("k", 3, 0.5, EXACT, 7)
>>> t.probe("k")[:4]
(3, 0.5, 0, 7)
"""

from __future__ import annotations

from typing import Protocol
from collections.abc import Hashable

from gdl.protocol import Move

EXACT, LOWER, UPPER = 0, 1, 2
FULL_DEPTH = 1 << 30
BYTES_PER_ENTRY = 200  # measured order of magnitude for a 6-tuple entry with a small int key
POLICIES = ("depth", "always")


class Table(Protocol):
    """What a search needs from a transposition table."""

    def probe(self, key: Hashable) -> tuple | None: ...
    def store(self, key: Hashable, depth: int, value: float, flag: int, move: Move) -> None: ...
    def new_search(self) -> None: ...
    def clear(self) -> None: ...
    def __len__(self) -> int: ...


class DictTable:
    """An unbounded table backed by a dict; every store replaces the previous entry."""

    def __init__(self) -> None:
        self._entries: dict[Hashable, tuple] = {}
        self.probe = self._entries.get  # the hot path: a bound dict method, no wrapper call

    def store(self, key: Hashable, depth: int, value: float, flag: int, move: Move) -> None:
        """Record an entry for `key` (see the module docstring for the fields)."""
        self._entries[key] = (depth, value, flag, move)

    def new_search(self) -> None:
        """Nothing to age: a dict never has to choose which entry to keep."""

    def clear(self) -> None:
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


class BoundedTable:
    """A table of at most `capacity` entries with a replacement policy.

    Args:
        capacity: the most entries ever held (at least 1).
        policy: "depth" (depth-preferred: a new entry replaces an occupied slot
            only if it is at least as deep, or the old one is from an earlier
            search, or has the same key) or "always" (always-replace).

    Raises:
        ValueError: capacity below 1 or an unknown policy.
    """

    def __init__(self, capacity: int, policy: str = "depth") -> None:
        if capacity < 1:
            raise ValueError(f"a table needs a capacity of at least 1 entry, not {capacity}")
        if policy not in POLICIES:
            raise ValueError(f"unknown replacement policy {policy!r}; expected one of {POLICIES}")
        self.capacity = capacity
        self.policy = policy
        # A prime slot count spreads bitboard keys, whose low bits are often alike.
        self._size = _largest_prime_at_most(capacity)
        self._slots: list[tuple | None] = [None] * self._size
        self._used = 0
        self._generation = 0

    @classmethod
    def for_memory(cls, megabytes: float, policy: str = "depth") -> BoundedTable:
        """A table sized to stay within about `megabytes` of memory (BYTES_PER_ENTRY each)."""
        return cls(max(1, int(megabytes * 1_000_000 / BYTES_PER_ENTRY)), policy)

    def probe(self, key: Hashable) -> tuple | None:
        """The entry `(depth, value, flag, move, key, generation)` for `key`, or None."""
        entry = self._slots[hash(key) % self._size]
        if entry is not None and entry[4] == key:
            return entry
        return None

    def store(self, key: Hashable, depth: int, value: float, flag: int, move: Move) -> None:
        """Record an entry for `key`, if the policy lets it displace the slot's occupant."""
        index = hash(key) % self._size
        old = self._slots[index]
        if old is None:
            self._used += 1
        elif (self.policy == "depth" and depth < old[0] and old[5] == self._generation
              and old[4] != key):
            return
        self._slots[index] = (depth, value, flag, move, key, self._generation)

    def new_search(self) -> None:
        """Start a new search: older entries lose their depth preference."""
        self._generation += 1

    def clear(self) -> None:
        self._slots = [None] * self._size
        self._used = 0

    def __len__(self) -> int:
        return self._used


def _largest_prime_at_most(n: int) -> int:
    """The largest prime <= n (1 for n < 2: a single slot)."""
    for candidate in range(n, 1, -1):
        if all(candidate % d for d in range(2, int(candidate ** 0.5) + 1)):
            return candidate
    return 1
