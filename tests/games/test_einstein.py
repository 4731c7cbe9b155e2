"""Einstein wurfelt nicht (gdl/games/dice/einstein.gdl) from other placements than the
oracle's record starts from: OpenSpiel draws both sides' placements (720 outcomes each)
before the first turn, which gdl's file takes as options (`cells`, `cubes`). From seeded
placements, seeded random games replayed ply by ply in both (tests/games/test_oracles.py
covers the file's own start)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from gdl import catalog  # noqa: E402
from tools import oracle  # noqa: E402
from tools.oracles import einstein  # noqa: E402

PLACEMENTS = 20   # seeded pairs of placement draws, two games from each


class Placed:
    """OpenSpiel's game whose new states start after the given placement draws."""

    def __init__(self, state):
        self.state = state

    def new_initial_state(self):
        return self.state.clone()


@pytest.mark.peers
def test_random_games_from_seeded_placements_agree_with_openspiel():
    spiel = oracle.spiel_game(einstein)
    rng = random.Random(31)
    plies = 0
    for _ in range(PLACEMENTS):
        black, white = rng.randrange(720), rng.randrange(720)
        start, options = einstein.placed(spiel, black, white)
        game = catalog.load("einstein", options)
        for seed in range(2):
            replay = oracle.compare_game("einstein", seed, game=game, spiel=Placed(start))
            assert replay.returns is not None   # played to an end both agree on
            plies += replay.plies
    assert plies > 40 * PLACEMENTS


@pytest.mark.peers
def test_the_placement_draws_zero_are_the_files_own_start():
    _, options = einstein.placed(oracle.spiel_game(einstein), 0, 0)
    game, own = catalog.load("einstein", options), catalog.load("einstein")
    assert game.position_text(game.initial_state()) == own.position_text(own.initial_state())
