"""The seat's choice within the play clock: the budgets, the fallback when the search is not
done in time, and flat Monte Carlo (for a turn in a game that also has joint moves)."""

from __future__ import annotations

import logging
import random
import threading
from pathlib import Path
from time import perf_counter

import pytest

from gdl.bridges.ggp.brain import Brain, answer_seconds, flat_monte_carlo, search_seconds
from gdl.interpreter.kif import load_kif

DATA = Path(__file__).resolve().parent.parent / "data" / "ggp"


def test_the_budgets_keep_a_margin_under_the_clock():
    assert answer_seconds(1.0) == 0.7 and answer_seconds(10.0) == 9.0
    assert search_seconds(1.0) == 0.6 * 0.7
    assert answer_seconds(0.1) == 0.05   # a clock below the margin: answer at once


def test_a_search_not_done_in_time_gives_a_random_legal_move_logged(caplog, monkeypatch):
    game = load_kif(str(DATA / "race.kif"))
    brain = Brain(game, 0, play_clock=0.4, policy="random", seed=0)
    release, finished = threading.Event(), threading.Event()

    def stuck_search(state, moves):   # a search that ends only when the test lets it
        release.wait(30)
        finished.set()

    monkeypatch.setattr(brain, "_search", stuck_search)
    with caplog.at_level(logging.WARNING, logger="gdl.ggp"):
        move = brain.choose(game.initial_state(), perf_counter())
    assert not finished.is_set()   # answered while the search was still running
    release.set()
    assert move in ("(add 1)", "(add 2)")
    assert "the search was not done in time; playing the random legal move" in caplog.text


def test_flat_monte_carlo_takes_the_winning_move():
    game = load_kif(str(DATA / "race.kif"))
    state = game.initial_state()
    for text in ("(add 2)", "(add 2)", "(add 2)", "(add 2)"):   # red, blue, red, blue: 8
        state = game.apply(state, game.parse_move(state, text))
    move = flat_monte_carlo(game, state, 0.05, random.Random(0))
    assert game.move_text(state, move) == "(add 2)"   # 8 + 2 = 10 wins at once


def test_ggp_match_takes_a_kif_file_or_a_bundled_game_the_export_writes():
    from gdl.cli.ggp import match_rules
    from gdl.errors import GdlError
    kif = DATA.parent / "kif_export" / "tictactoe.kif"
    assert match_rules(str(kif)) == ("tictactoe.kif", kif.read_text())
    assert match_rules("tictactoe") == ("tictactoe", kif.read_text())
    with pytest.raises(GdlError, match="nim cannot be played by GGP: its KIF export refuses "
                                       "it: its state variables"):
        match_rules("nim")
