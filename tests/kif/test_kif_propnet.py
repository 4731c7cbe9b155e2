"""The two Python evaluations of a ground program agree: ints and masks (small programs)
against bytearrays with the step on demand (wide ones), forced here on small games,
state by state along seeded random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gdl.interpreter.kif import load_kif
from gdl.interpreter.kif.propnet import Propnet

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.mark.parametrize("path", ["kif_unit/tictactoe.kif", "kif_unit/race3.kif",
                                  "kif_unit/roshambo.kif", "kif_bench/connect4.kif"])
def test_wide_and_narrow_evaluations_agree(path):
    game = load_kif(DATA / path).on_backend("python")
    narrow, wide = game.net, Propnet(game.program, wide=True)
    assert not narrow.wide and wide.wide
    view = {h for _, members in narrow.plan1 for h, _ in members} | set(range(narrow.n_true))
    rng = random.Random(7)
    for _ in range(5):
        state = game.initial_state()
        while not game.is_terminal(state):
            closed_n, closed_w = narrow.closure(state), wide.closure(state)
            assert all(narrow.holds(closed_n, i) == wide.holds(closed_w, i) for i in view)
            joint = tuple(rng.choice(moves) for moves in game.joint_moves(state))
            does = [game.does_prop[k] for k in joint]
            state = narrow.step(closed_n, does)
            assert wide.step(closed_w, does) == state
