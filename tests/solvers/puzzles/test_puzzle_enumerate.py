"""Full enumeration: the distance distribution matches a plain BFS, in every storage layout."""

from __future__ import annotations

import pytest

from tests.references.puzzles import Hanoi, PocketCube, SlidingPuzzle
from gdl.solvers.puzzles.enumerate import enumerate_space
from gdl.solvers.puzzles.pruning import no_hints


def _plain_distribution(p, start):
    """Counts per distance by the simplest BFS there is."""
    seen, layer, counts = {start}, [start], []
    while layer:
        counts.append(len(layer))
        nxt = []
        for s in layer:
            for m in p.legal_moves(s):
                t = p.apply(s, m)
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        layer = nxt
    return tuple(counts)


class _NoCodes(SlidingPuzzle):
    """The same puzzle without encode/decode: states are kept as tuples."""
    encode = decode = None


class _OneWay(SlidingPuzzle):
    """Without declared inverses: one set of every state seen."""
    inverse = None


def test_2x3_sliding_puzzle_has_360_states_in_every_layout():
    expected = _plain_distribution(SlidingPuzzle(2, 3), SlidingPuzzle(2, 3).goal_state())
    assert sum(expected) == 360
    for p in (SlidingPuzzle(2, 3), _NoCodes(2, 3), _OneWay(2, 3)):
        for hints in (None, no_hints(p)):
            e = enumerate_space(p, p.goal_state(), hints=hints)
            assert e.distribution == expected
            assert e.total == 360 and e.greatest == len(expected) - 1 and e.complete
    assert enumerate_space(_OneWay(2, 3), _OneWay(2, 3).goal_state()).storage == "one set"
    assert enumerate_space(_NoCodes(2, 3), _NoCodes(2, 3).goal_state()).storage == "three layers"


@pytest.mark.slow
def test_8_puzzle_has_181440_states_within_31_moves():
    p = SlidingPuzzle(3)
    e = enumerate_space(p, p.goal_state())
    assert (e.total, e.greatest) == (181440, 31)
    assert e.distribution == _plain_distribution(p, p.goal_state())


def test_hanoi_uses_a_byte_table_and_counts_every_arrangement():
    h = Hanoi(6, pegs=4)
    e = enumerate_space(h, h.initial_state())
    assert e.storage == "byte table"
    assert e.total == 4 ** 6
    assert e.distribution == _plain_distribution(h, h.initial_state())


def test_cube_near_the_goal_matches_the_known_quarter_turn_counts():
    c = PocketCube()
    e = enumerate_space(c, c.goal_state(), max_states=40_000)
    assert not e.complete
    assert e.distribution == (1, 6, 27, 120, 534, 2256, 8969, 33058)


def test_progress_is_reported_every_n_states():
    p = SlidingPuzzle(2, 3)
    calls = []
    enumerate_space(p, p.goal_state(), progress=lambda n, d: calls.append((n, d)), every=100)
    assert [n for n, _ in calls] == [100, 200, 300]
    assert all(0 < d <= 21 for _, d in calls)
