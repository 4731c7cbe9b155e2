"""Ctrl-C (SIGINT) sent to a running `gdl`: the first press stops the command after the
current move with its partial result, a second exits at once; never a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

GDL = [sys.executable, "-m", "gdl"]


def interrupt(argv: list[str], after: float, presses: int = 1) -> tuple[int, str, str, float]:
    """(exit status, stdout, stderr, seconds from the first SIGINT to the exit)."""
    proc = subprocess.Popen(GDL + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    time.sleep(after)
    sent = time.perf_counter()
    for _ in range(presses):
        proc.send_signal(signal.SIGINT)
        time.sleep(0.02)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err, time.perf_counter() - sent


def test_ctrl_c_stops_a_match_with_the_partial_table():
    code, out, err, took = interrupt(["match", "connect4", "--games", "500", "--time", "0.02"],
                                     after=3.0)
    assert code == 130 and "Traceback" not in err, err
    first = out.splitlines()[0]
    assert first.startswith("connect4: ") and first.endswith("of 500 games (interrupted), seed 0")
    played = int(first.split()[1])
    assert 0 <= played < 500
    assert out.splitlines()[2].split()[1] == str(played)   # the ai row counts those games
    assert took < 10   # 2 s on an idle machine; generous for a shared one


def test_ctrl_c_stops_an_ai_game_after_the_current_move():
    code, out, err, _ = interrupt(["play", "connect4", "--players", "ai,ai", "--time", "0.3"],
                                  after=2.0)
    assert code == 130 and "Traceback" not in err
    assert err.strip().startswith("gdl: interrupted after ") and err.strip().endswith(" moves")


def test_a_second_ctrl_c_exits_at_once():
    code, _, err, took = interrupt(["play", "othello", "--players", "ai,ai", "--time", "0.5"],
                                   after=2.0, presses=2)
    assert code == 130 and "Traceback" not in err and "gdl: interrupted" in err
    assert took < 10


@pytest.mark.parametrize("after", [0.05, 0.1, 0.15, 0.3])
def test_ctrl_c_during_startup_is_one_line(after):
    code, out, err, _ = interrupt(["match", "othello", "--games", "4", "--time", "0.1"],
                                  after=after)
    assert code == 130 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) <= 1
