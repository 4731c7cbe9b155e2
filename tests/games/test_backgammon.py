"""Backgammon (gdl/games/dice/backgammon.gdl) against OpenSpiel's: the opening roll, and the
returns of 200 seeded random games under each of OpenSpiel's scorings (win/loss, gammons,
backgammons). OpenSpiel's figures are recorded in tests/data/oracle/backgammon_returns.json
(`python -m tools.oracles.backgammon`, which replays every game in both, move by move), so
the suite checks them with gdl alone, and replays them live when pyspiel imports. The moves,
draws and perft of the file's own scoring are in tests/games/test_oracles.py."""

from __future__ import annotations

import contextlib
import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from gdl.errors import GdlError  # noqa: E402
from gdl.interpreter.c.backend import with_backend  # noqa: E402
from gdl.protocol import CHANCE  # noqa: E402
from tools import oracle  # noqa: E402
from tools.oracles import backgammon  # noqa: E402

RECORD = json.loads((oracle.DATA / backgammon.RETURNS).read_text())


def scored(scoring: int):
    """The file with OpenSpiel's scoring `scoring` (0, 1, 2), in C where a compiler is."""
    game = catalog.load("backgammon", {"scoring": str(scoring)})
    with contextlib.suppress(GdlError):
        game = with_backend(game, "native")
    return game


@pytest.mark.slow   # the rules compile in a second or so
def test_the_opening_roll_is_a_pair_of_different_dice_that_picks_who_starts():
    game = catalog.load("backgammon")
    start = game.initial_state()
    assert game.current_player(start) == CHANCE
    outcomes = game.chance_outcomes(start)
    assert len(outcomes) == 30 and {Fraction(p).limit_denominator() for _, p in outcomes} == \
        {Fraction(1, 30)}
    for move, _ in outcomes:   # OpenSpiel's outcome k - 1: X starts on an even one
        k = int(game.move_text(start, move).split("=")[1])
        after = game.apply(start, move)
        words = dict(w.split("=") for w in game.position_text(after).split()[1:])
        assert game.current_player(after) == (0 if (k - 1) % 2 == 0 else 1)
        assert words["lo"] != words["hi"]
    later = game.moves_after(["first=1", "two 0 0 0"])   # X's 2-1: then the turn's 36 draws
    assert game.current_player(later) == CHANCE and len(game.chance_outcomes(later)) == 36


@pytest.mark.slow
@pytest.mark.parametrize("scoring", [0, 1, 2], ids=backgammon.SCORINGS)
def test_200_seeded_games_end_as_openspiels_record(scoring):
    game, rows = scored(scoring), RECORD[backgammon.SCORINGS[scoring]]
    assert len(rows) == RECORD["games"] == 200
    for seed, (plies, *returns) in enumerate(rows):
        assert backgammon.replay(game, seed) == (plies, tuple(returns)), seed
    if scoring:   # the record holds gammons (and, scored, backgammons)
        assert {abs(r[1]) for r in rows} == set(range(1, scoring + 2))


@pytest.mark.slow
@pytest.mark.peers
@pytest.mark.parametrize("scoring", [1, 2], ids=backgammon.SCORINGS[1:])
def test_200_seeded_games_agree_with_openspiel_move_by_move(scoring):
    pyspiel = pytest.importorskip("pyspiel")
    game = scored(scoring)
    spiel = pyspiel.load_game("backgammon", {"scoring_type": backgammon.SCORINGS[scoring]})
    rows = RECORD[backgammon.SCORINGS[scoring]]
    for seed in range(200):
        ended = oracle.compare_counts("backgammon", seed, game=game, spiel=spiel)
        assert [ended.plies, *ended.returns] == rows[seed], seed
