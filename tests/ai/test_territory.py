"""The territory signal (gdl.ai.territory): the empty cells each side reaches in fewer slides
than the other, counted here by hand on small boards, and the family of rules it is for."""

from __future__ import annotations

import pytest

from gdl import catalog
from gdl.catalog import compile_text
from gdl.ai.territory import sliders, territory_signal

MINI = '''game "Mini amazons"
players White Black
board 4 x 4
pieces amazon
neutral arrow
direction queen: n s e w ne nw se sw
setup White amazon: a1
setup Black amazon: d4
SETUP
move: slide amazon queen to empty; ride queen from here to empty then add arrow at here
end: mover wins if no (enemy and queen is empty)
'''


def _value(setup: str) -> float:
    game = compile_text(MINI.replace("SETUP", setup), "mini.gdl")
    signal = territory_signal(game.ir)
    assert signal is not None
    first, second = signal(game.initial_state())
    assert first == -second
    return first


def test_cells_reached_first_are_counted_for_each_side():
    # corners a1 and d4: each reaches 8 cells in one slide, 4 of them shared (a4, d1, b2,
    # c3), 4 its own; b3 and c2 both reach in two: even
    assert _value("") == 0.0
    # White walled in by arrows on a2, b2, b1: Black reaches all 11 empty cells, White
    # none: a lead of 11 for Black, squashed at 16 / 8 cells: -11 / 13
    assert _value("setup neutral arrow: a2 or b2 or b1") == pytest.approx(-11 / 13)
    # an arrow on c3 only: Black's diagonal is cut, so b2 is White's alone (White's own
    # cells b1 c1 a2 a3 b2, Black's c4 b4 d3 d2; a4 and d1 shared, b3 and c2 two slides
    # for both): +1, squashed: 1 / 3
    assert _value("setup neutral arrow: c3") == pytest.approx(1 / 3)


def test_the_signal_is_for_slides_that_fill_cells_only():
    assert sliders(catalog.load("amazons").ir) is not None
    for name in ("chess", "breakthrough", "clobber", "othello", "connect4"):
        assert territory_signal(catalog.load(name).ir) is None, name
    moving_only = MINI.replace("SETUP", "").replace(
        "; ride queen from here to empty then add arrow at here", "")
    assert sliders(compile_text(moving_only, "m.gdl").ir) is None   # no cell ever fills
