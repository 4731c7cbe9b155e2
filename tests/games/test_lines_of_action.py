"""Lines of action's two rules that seeded random play seldom reaches, checked in gdl and
against OpenSpiel: a move that joins both sides wins for the mover, and the ply limit
draws (overriding a win made by the last move)."""

from __future__ import annotations

import sys
from pathlib import Path

import pyspiel

from gdl import catalog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))
from tools import oracle  # noqa: E402


def test_a_capture_that_joins_both_sides_wins_for_the_mover():
    game = catalog.load("lines_of_action")
    # Black's d2 goes two cells west (two men on row 2) and takes b2: Black's a1 and b2
    # touch diagonally, and White's g8 and h8 were one group already.
    state = game.parse_position("......WW/8/8/8/8/8/.W.B..../B....... Black plies=0"
                                .replace("/8", "/........"))
    after = game.apply(state, game.parse_move(state, "d2-b2"))
    assert game.is_terminal(after) and game.returns(after) == (1.0, -1.0)


def test_the_ply_limit_draws_as_in_openspiel():
    game = catalog.load("lines_of_action", {"length": "24"})
    spiel = pyspiel.load_game("lines_of_action", {"max_game_length": 24})
    replays = [oracle.compare_game("lines_of_action", seed, game=game, spiel=spiel)
               for seed in range(6)]
    assert all(r.plies <= 24 for r in replays)
    assert (24, (0.0, 0.0)) in [(r.plies, r.returns) for r in replays]


def test_the_derived_evaluation_prefers_men_gathered_to_men_taken():
    """One group wins, so the AI's evaluation counts groups and spread, not material:
    Black, four men gathered round d4, stands better than White, five men scattered."""
    game = catalog.load("lines_of_action")
    rows = ["W......W", "........", "........", "...BB...", "..BB....", "........",
            "........", "W..W...W"]
    state = game.parse_position("/".join(rows) + " White plies=0")
    black, white = game.heuristic(state)
    assert black > 0 > white and black == -white
