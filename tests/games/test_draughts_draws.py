"""English draughts' draws, as the English Draughts Association's rules give them (a third
occurrence of a position; 40 moves each, 80 plies, without a capture or a man's move), and
OpenSpiel's (`--set openspiel=1`: 40 plies without a capture, no repetition). The game
against OpenSpiel itself: tests/games/test_oracles.py (tools/oracles/draughts.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gdl import catalog

ROOT = Path(__file__).resolve().parents[2]
KINGS = "K.../..../..../..../..../..../..../...k"   # Black's king on b8, White's on g1
SHUFFLE = "b8-c7 g1-h2 c7-b8 h2-g1"


def after(game, position: str, moves: str):
    state = game.parse_position(position)
    for text in moves.split():
        assert not game.is_terminal(state), text
        state = game.apply(state, game.parse_move(state, text))
    return state


def test_a_position_occurring_a_third_time_is_a_draw():
    game = catalog.load("draughts")
    twice = after(game, f"{KINGS} Black reset=0 plies=0", f"{SHUFFLE} b8-c7 g1-h2 c7-b8")
    assert not game.is_terminal(twice)
    third = game.apply(twice, game.parse_move(twice, "h2-g1"))
    assert game.is_terminal(third) and tuple(game.returns(third)) == (0.0, 0.0)
    # OpenSpiel's checkers has no repetition draw
    spiel = catalog.load("draughts", {"openspiel": "1"})
    assert not spiel.is_terminal(after(spiel, f"{KINGS} Black reset=0 plies=0",
                                       f"{SHUFFLE} {SHUFFLE} {SHUFFLE}"))


@pytest.mark.parametrize("openspiel, limit", [(0, 80), (1, 40)])
def test_the_quiet_move_limit(openspiel, limit):
    game = catalog.load("draughts", {"openspiel": str(openspiel)})
    near = f"{KINGS} Black reset=0 plies={limit - 1}"
    drawn = after(game, near, "b8-c7")   # a king's move: the limit is reached
    assert game.is_terminal(drawn) and tuple(game.returns(drawn)) == (0.0, 0.0)
    men = "..../..../..../..../..../..M./..../...k"   # Black's man on e3
    moved = after(game, f"{men} Black reset=0 plies={limit - 1}", "e3-f4")
    # a man's move starts the count again, except in OpenSpiel's rules (captures only)
    assert game.is_terminal(moved) == bool(openspiel)
    assert not game.is_terminal(after(game, f"{KINGS} Black reset=0 plies={limit - 2}", "b8-c7"))


def test_a_capture_starts_the_count_again():
    game = catalog.load("draughts", {"openspiel": "1"})
    taking = "..../..../..../..../..../..m./.K../...k"   # Black's king on d2, White's man on e3
    state = after(game, f"{taking} Black reset=0 plies=39", "d2xf4")
    assert not game.is_terminal(state) and game.position_text(state).endswith("reset=40 plies=40")


@pytest.mark.slow
def test_ai_against_ai_reaches_a_result_by_the_rules():
    # the game's own draws end it, not --max-plies (issue 18)
    done = subprocess.run(
        [sys.executable, "-m", "gdl", "play", "draughts", "--players", "ai,ai", "--time", "0.01",
         "--seed", "1", "--max-plies", "2000"],
        capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith("result after ") and "move limit" not in last
    assert last.split(": ", 1)[1].split(" (")[0] in ("Black wins", "White wins", "draw")
