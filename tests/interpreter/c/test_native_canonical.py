"""The C searches' table key (`canon`, read through `NativeGame.native_canonical`) against
Python's `canonical`: on positions of seeded random play, two positions share a C key
exactly when they share a Python key, and every image of a position under the group has
its key. Games with a colour swap, with hands, and with a mirror that renames piece kinds
(tests/data/recolouring/facing.gdl: in the hands too)."""

from __future__ import annotations

import pytest

from gdl import catalog
from gdl.interpreter.core.symmetry import imager
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.exact import solve

from tests.interpreter.test_recolouring import FACING, random_positions
from tests.interpreter.c.test_native import needs_cc

GAMES = {"facing": lambda: catalog.load(str(FACING)),
         "tictactoe": lambda: catalog.load("tictactoe"),
         "breakthrough": lambda: catalog.load("breakthrough", {"width": "4", "height": "4"})}


@needs_cc
@pytest.mark.parametrize("name", GAMES)
def test_c_keys_merge_the_positions_python_merges(name):
    python = GAMES[name]()
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame) and native.ready()
    image = imager(python)
    states = set(random_positions(python, 600, seed=3))
    pairs = {(python.canonical(s), native.native_canonical(s)) for s in states}
    classes = {key for key, _ in pairs}
    assert len(pairs) == len(classes) == len({c for _, c in pairs})   # one to one
    assert len(classes) < len(states)   # the symmetries merge some positions
    for s in list(states)[:150]:
        key = native.native_canonical(s)
        assert all(native.native_canonical(image(sym, s)) == key for sym in python.symmetries)


@needs_cc
def test_the_recolouring_mirror_shares_the_c_solvers_table():
    python = GAMES["facing"]()
    assert len(python.symmetries) == 4 and python.ir.hand is not None
    native = with_backend(python, "native")
    with_c, plain = solve(native), solve(python, key=lambda s: s)
    assert (with_c.backend, with_c.value) == ("native", plain.value) == ("native", "draw")
    assert with_c.table_size < plain.table_size
