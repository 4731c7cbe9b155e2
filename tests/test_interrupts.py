"""Ctrl-C (SIGINT) sent to a running `gdl`: the first press stops the command after the
current move with its partial result, a second exits at once; never a traceback."""

from __future__ import annotations

import json
import math
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.marks import cases

import gdl

GDL = [sys.executable, "-m", "gdl"]
EXIT_INTERRUPTED = 130


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (Linux /proc; wall time elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return math.inf
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds() -> float:
    """User and system time of this process's finished children so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def interrupt(argv: list[str], after: float, presses: int = 1, busy: float = 0.0
              ) -> tuple[int, str, str, float]:
    """(exit status, stdout, stderr, processor seconds the command used from the first
    SIGINT to its exit), the signal sent `after` seconds from the start and, with `busy`,
    once the command has used that much processor time (a loaded machine starts it
    slowly). Processor time, not wall time: a shared machine slows the wall clock, not the
    work an interrupted command still does."""
    before = children_cpu_seconds()
    proc = subprocess.Popen(GDL + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    time.sleep(after)
    give_up = time.perf_counter() + 60
    while cpu_seconds(proc.pid) < busy and time.perf_counter() < give_up:
        time.sleep(0.05)
    at_signal = cpu_seconds(proc.pid)
    if at_signal == math.inf and not Path("/proc").is_dir():   # no way to read it here
        proc.kill()
        proc.communicate()
        pytest.skip("no /proc: a process's processor time cannot be read on this system")
    for _ in range(presses):
        proc.send_signal(signal.SIGINT)
        time.sleep(0.02)
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out, err, children_cpu_seconds() - before - at_signal


@pytest.mark.slow
def test_ctrl_c_stops_a_match_with_the_partial_table():
    code, out, err, took = interrupt(["match", "connect4", "--games", "500", "--time", "0.02"],
                                     after=1.0, busy=2.0)
    assert code == 130 and "Traceback" not in err, err
    first = out.splitlines()[0]
    assert first.startswith("connect4: ") and first.endswith("of 500 games (interrupted), seed 0")
    played = int(first.split()[1])
    assert 0 <= played < 500
    assert out.splitlines()[2].split()[1] == str(played)   # the ai row counts those games
    assert took < 5   # the game under way ends; the other games are not played


@pytest.mark.slow
def test_ctrl_c_stops_an_ai_game_after_the_current_move():
    code, out, err, _ = interrupt(["play", "connect4", "--players", "ai,ai", "--time", "0.3"],
                                  after=0.5, busy=1.5)
    assert code == 130 and "Traceback" not in err
    # "after N moves" when the press came during a search (nearly always), else the
    # plain line of a press between two moves (while printing the board, say).
    assert err.strip() == "gdl: interrupted" or (
        err.strip().startswith("gdl: interrupted after ") and err.strip().endswith(" moves"))
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_ctrl_c_stops_a_solve_with_how_far_it_got():
    # (7x6: neither the native solver nor Python's finishes it within the second)
    code, out, err, _ = interrupt(["solve", "connect4", "--json"], after=1.0, busy=2.0)
    assert code == 130 and "Traceback" not in err, err
    data = json.loads(out)
    assert data["value"] is None and data["stopped"] == "interrupted"
    assert data["nodes"] > 0 and data["reason"].startswith(
        f"connect4 was not solved before Ctrl-C ({data['nodes']:,} nodes searched in ")


@pytest.mark.slow
def test_ctrl_c_stops_a_puzzle_search_with_how_far_it_got():
    code, out, err, took = interrupt(["solve", "fifteen_puzzle", "--scramble", "80", "--method",
                                      "bfs", "--json"], after=1.0, busy=2.0)
    assert code == 130 and "Traceback" not in err and err == "", err
    data = json.loads(out)
    assert data["solution"] is None and data["stopped"] == "interrupted"
    assert data["nodes"] > 0 and data["reason"] == (
        f"fifteen_puzzle was not solved before Ctrl-C ({data['nodes']:,} nodes searched)")
    assert took < 5


@pytest.mark.slow
def test_ctrl_c_stops_a_constraint_count_with_the_solutions_so_far():
    code, out, err, _ = interrupt(["solve", "queens", "--set", "n=28", "--count", "--json"],
                                  after=1.0, busy=2.0)
    assert code == 130 and "Traceback" not in err, err
    data = json.loads(out)
    assert data["stopped"] == "interrupted" and data["count"] > 0
    assert data["reason"].startswith(f"{data['count']:,} solutions found, then stopped: "
                                     "interrupted (Ctrl-C)")


@pytest.mark.slow
def test_a_second_ctrl_c_exits_at_once():
    code, _, err, took = interrupt(["play", "othello", "--players", "ai,ai", "--time", "0.5"],
                                   after=0.5, presses=2, busy=1.5)
    assert code == 130 and "Traceback" not in err and "gdl: interrupted" in err
    assert took < 5


GDL_DIR = str(Path(gdl.__file__).parent)   # the subprocesses import the same gdl


def pythons_own(traceback: str) -> bool:
    """Whether a traceback is of Python's own start (its site module, runpy finding gdl),
    before any line of gdl runs: no frame of it is in gdl's files."""
    frames = [line for line in traceback.splitlines() if line.lstrip().startswith("File ")]
    return bool(frames) and not any(GDL_DIR in frame for frame in frames)


def test_importing_gdl_imports_nothing_else():
    # `python -m gdl` runs gdl/__init__.py before gdl/__main__.py can catch a Ctrl-C: it
    # must take no time (typing, with re and enum, took 15 ms: a press then was a traceback)
    code = "import sys; before = set(sys.modules); import gdl; print(set(sys.modules) - before)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "{'gdl'}", done.stdout


def started(proc: subprocess.Popen) -> None:
    """Wait until the child runs Python (its command line is gdl's): a signal sent between
    the fork and the exec is lost with the parent's handler, and on a loaded machine that
    window is long enough to hit (the command then ran to its end, status 0)."""
    cmdline = Path(f"/proc/{proc.pid}/cmdline")
    deadline = time.monotonic() + 10
    while cmdline.exists() and time.monotonic() < deadline:
        try:
            if b"perft" in cmdline.read_bytes():
                return
        except OSError:
            return
        time.sleep(0.0005)


@pytest.mark.slow
def test_ctrl_c_at_any_moment_of_the_start_is_one_line():
    # Timed by the wall clock from the start, 0 to 0.5 s: Python's own start (10 ms or so),
    # gdl/__init__.py, the imports, the compile, the count. Status 130 and the one line,
    # or, for a press before Python has taken SIGINT over, killed by it (a shell says 130).
    own = []
    for after in [0.0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.5]:
        proc = subprocess.Popen(GDL + ["perft", "chess", "5"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        started(proc)
        time.sleep(after)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        if "Traceback" in err and pythons_own(err):
            own.append(after)   # out of gdl's reach; only ever in the first few ms
            continue
        assert "Traceback" not in err, (after, err)
        assert (proc.returncode, err) in ((EXIT_INTERRUPTED, "gdl: interrupted\n"),
                                          (-signal.SIGINT, "")), (after, proc.returncode, err)
    assert all(after <= 0.1 for after in own), own   # 10 ms here; a loaded machine is slower


@pytest.mark.parametrize("busy", cases([0.1, 0.2, 0.4, 0.8], {0.8}))
def test_ctrl_c_during_startup_is_one_line(busy):
    # Timed by processor time used: the imports take 0.2 to 0.5 s of it. (Python's own
    # start, before gdl/__main__.py runs, is out of gdl's reach.)
    code, out, err, _ = interrupt(["match", "othello", "--games", "4", "--time", "0.1"],
                                  after=0.0, busy=busy)
    assert code == 130 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) <= 1


def replayed_moves(path: Path) -> int:
    """The moves `gdl replay FILE` shows: the record is whole, its moves legal."""
    done = subprocess.run(GDL + ["replay", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith("result after ") and last.endswith(" moves: unfinished")
    return int(last.split()[2])


@pytest.mark.slow
def test_ctrl_c_during_an_ai_game_saves_it(tmp_path):
    path = tmp_path / "ai.json"
    code, _, err, _ = interrupt(["play", "connect4", "--players", "ai,ai", "--time", "0.2",
                                 "--save", str(path)], after=0.5, busy=1.5)
    assert code == 130 and "Traceback" not in err, err
    line = err.strip()
    assert line.startswith("gdl: interrupted after ")
    assert line.endswith(f" moves; the game so far is saved in {path}")
    moves = int(line.split()[3])
    assert json.loads(path.read_text())["format"] == "gdl-record"
    assert replayed_moves(path) == moves
    assert [p.name for p in tmp_path.iterdir()] == ["ai.json"]   # no temporary file left


@pytest.mark.slow
def test_ctrl_c_while_a_human_is_asked_saves_the_game(tmp_path):
    path = tmp_path / "human.json"
    proc = subprocess.Popen(GDL + ["play", "tictactoe", "--players", "human,human", "--save",
                                   str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(b"b2\na1\n")
    proc.stdin.flush()
    shown = b""
    while shown.count(b"to move: ") < 3:   # input() flushes stdout before its prompt
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, shown
        shown += chunk
    proc.send_signal(signal.SIGINT)   # while it waits for the third move
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err.decode(), err
    assert err.decode() == f"gdl: interrupted after 2 moves; the game so far is saved in {path}\n"
    assert replayed_moves(path) == 2
