"""`origin` in a rule where no piece leaves a cell (a choice, a placement) is none, on
every back end: sowing `skipping origin` from a chosen pit passes over nothing. (The
Python back end once left the name unset and failed at play with a NameError.)"""

from __future__ import annotations

import pytest

from gdl.catalog import compile_text
from gdl.solvers.search.perft import perft
from tests.interpreter.test_screens import on

SOWING = """
game "Sowing"
players South North
board 8 x 2 cells (row 1 and not a1) or (row 2 and not h2)
region pits: South -> row 1 and not h1, North -> row 2 and not a2
region stores: h1 or a2
counts seeds = 4 on not stores
track ring: b1 c1 d1 e1 f1 g1 g2 f2 e2 d2 c2 b2
move: choose pits and seeds > 0 then sow seeds along ring SKIP
end: draw if plies >= 6
"""


@pytest.mark.parametrize("backend", ["python", "native"])
def test_origin_of_a_choice_is_none(backend):
    skipping = on(backend, compile_text(SOWING.replace("SKIP", "skipping origin"), "s.gdl"))
    plain = on(backend, compile_text(SOWING.replace("SKIP", ""), "s.gdl"))
    counts = [perft(skipping, skipping.initial_state(), d) for d in range(1, 5)]
    assert counts == [perft(plain, plain.initial_state(), d) for d in range(1, 5)]
    assert counts[:2] == [6, 36]
