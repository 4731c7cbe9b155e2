"""Material classes read off the IR, and the perfect hash over a class."""

from __future__ import annotations

import itertools
from math import comb

import pytest

from gdl.catalog import load
from gdl.interpreter.core.material import MaterialError, material
from gdl.solvers.tablebase.index import ClassIndex


def test_draughts_classes_fix_the_move_limit_counters():
    m = material(load("draughts").ir)
    assert m.kinds == ("man", "king") and m.rank == (1, 0)
    assert [name for name, _ in m.fixed] == ["reset", "plies", "seen"]
    # one step down: a piece fewer, or a man crowned
    assert sorted(m.below((1, 0, 0, 1))) == [(0, 0, 0, 1), (0, 1, 0, 1), (1, 0, 0, 0)]
    assert m.order((1, 0, 0, 1)) > m.order((0, 1, 0, 1)) > m.order((0, 0, 0, 1))


@pytest.mark.parametrize("name, why", [
    ("chess", "read the variable rights"),
    ("connect4", "rule place puts a piece on the board"),
    ("othello", "puts a piece on the board"),
    ("pig", "without chance"),
])
def test_games_without_classes_are_refused_in_one_line(name, why):
    with pytest.raises(MaterialError) as refused:
        material(load(name).ir)
    assert why in str(refused.value) and "\n" not in str(refused.value)


def test_rank_and_unrank_are_inverse_over_a_whole_class():
    cells = (1, 3, 4, 6, 8, 9, 12)
    index = ClassIndex((2, 0, 1, 2), cells)
    assert index.size == comb(7, 2) * comb(5, 1) * comb(4, 2) * 2
    seen = set()
    for i in range(index.size):
        planes, player = index.unrank(i)
        assert index.rank(planes, player) == i
        assert all(not a & b for a, b in itertools.combinations(planes, 2))
        assert [p.bit_count() for p in planes] == [2, 0, 1, 2]
        seen.add((planes, player))
    assert len(seen) == index.size


def test_a_class_larger_than_the_board_is_empty():
    assert ClassIndex((3, 2), (0, 1, 2, 3)).size == 0
