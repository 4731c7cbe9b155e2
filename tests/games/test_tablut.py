"""Tablut (gdl/games/hunt/tablut.gdl) against a plain generator of the same rules
(tests/references/tablut.py): the perft it recorded (tests/data/oracle/tablut.json, from the
start and from 30 positions of seeded random play) equals gdl's on both back ends, and a
few seeded random games agree move list by move list, live."""

from __future__ import annotations

import json
import random

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.perft import perft
from tests.marks import cases
from tests.references import tablut as reference

RECORD = json.loads(reference.RECORD.read_text(encoding="utf-8"))
BACKENDS = ("python", "native")


@pytest.fixture(scope="module", params=BACKENDS)
def game(request):
    return request.param, with_backend(catalog.load("tablut"), request.param)


def test_the_start_has_the_recorded_perft(game):
    backend, game = game
    depth = 3 if backend == "python" else 4   # the deepest level natively only
    start = game.initial_state()
    assert [perft(game, start, d) for d in range(1, depth + 1)] == RECORD["perft"][:depth]
    assert RECORD["perft"] == [80, 4400, 353200, 19913864]


# the 30 positions to depth 3 take seconds in Python: marked slow there
@pytest.mark.parametrize("backend", cases(BACKENDS, {"python"}))
def test_thirty_random_positions_have_the_recorded_perft(backend):
    game = with_backend(catalog.load("tablut"), backend)
    assert len(RECORD["positions"]) == 30
    for position in RECORD["positions"]:
        state = game.moves_after(position["moves"])
        depths = range(1, len(position["perft"]) + 1)
        assert [perft(game, state, d) for d in depths] == position["perft"], position["moves"]


@pytest.mark.parametrize("seed", range(10))
def test_random_games_list_the_same_moves(seed):
    """Ply by ply, the same legal moves and the same end (live, against the generator)."""
    game, rng = catalog.load("tablut"), random.Random(seed)
    state, mine = game.initial_state(), reference.Position()
    while True:
        texts = sorted(game.move_text(state, m) for m in game.legal_moves(state))
        assert texts == sorted(reference.text(m) for m in mine.moves())
        if game.is_terminal(state):
            assert mine.result is not None
            winner = game.winner(state)
            assert winner == (None if mine.result == "draw" else mine.result)
            return
        assert mine.result is None
        choice = rng.choice(texts)
        state = game.apply(state, game.parse_move(state, choice))
        mine = mine.play(next(m for m in mine.moves() if reference.text(m) == choice))
