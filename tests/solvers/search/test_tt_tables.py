"""Transposition tables: storage, capacity and the replacement policies."""

from __future__ import annotations

import pytest

from gdl.solvers.search.tables import BYTES_PER_ENTRY, EXACT, LOWER, UPPER, BoundedTable, DictTable


def test_dict_table_stores_and_replaces():
    t = DictTable()
    assert t.probe("a") is None and len(t) == 0
    t.store("a", 3, 0.5, EXACT, 4)
    t.store("a", 1, -0.5, UPPER, None)
    assert t.probe("a") == (1, -0.5, UPPER, None) and len(t) == 1
    t.new_search()
    t.clear()
    assert len(t) == 0


def test_bounded_table_never_exceeds_capacity():
    t = BoundedTable(1000, "always")
    for k in range(50_000):
        t.store(k * 7919 + (k << 40), 1, 0.0, EXACT, k)
        assert len(t) <= 1000
    hits = sum(t.probe(k * 7919 + (k << 40)) is not None for k in range(50_000))
    assert hits == len(t)


def test_depth_preferred_keeps_the_deeper_entry_within_a_search():
    t = BoundedTable(7, "depth")  # 7 is prime: keys 1 and 8 share a slot
    t.store(1, 5, 0.1, EXACT, "deep")
    t.store(8, 2, 0.2, LOWER, "shallow")
    assert t.probe(1)[:4] == (5, 0.1, EXACT, "deep") and t.probe(8) is None
    t.store(1, 1, 0.3, UPPER, "same key")  # the same position is always updated
    assert t.probe(1)[:4] == (1, 0.3, UPPER, "same key")
    t.store(1, 6, 0.1, EXACT, "deep")
    t.new_search()  # entries from an earlier search lose their preference
    t.store(8, 2, 0.2, LOWER, "shallow")
    assert t.probe(8)[:4] == (2, 0.2, LOWER, "shallow") and t.probe(1) is None
    assert len(t) == 1


def test_always_replace_keeps_the_newest():
    t = BoundedTable(7, "always")
    t.store(1, 5, 0.1, EXACT, "deep")
    t.store(8, 2, 0.2, LOWER, "shallow")
    assert t.probe(1) is None and t.probe(8)[:4] == (2, 0.2, LOWER, "shallow")


def test_memory_sizing_and_bad_arguments():
    t = BoundedTable.for_memory(2.0)
    assert t.capacity == int(2_000_000 / BYTES_PER_ENTRY)
    with pytest.raises(ValueError):
        BoundedTable(0)
    with pytest.raises(ValueError):
        BoundedTable(10, "lru")
