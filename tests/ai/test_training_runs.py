"""Self-play spread over processes or Ray (gdl.ai.training_runs): one seed, one file, with 1
worker, 2 workers or Ray local; Ctrl-C's checkpoint (gdl.ai.train_checkpoint) and
--resume giving the file of an uninterrupted run; a rules file's weights beside it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gdl import catalog, interrupts
from gdl.ai import fitted as use, train_checkpoint, training_runs
from gdl.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--games", "6", "--seed", "3", "--nodes", "100", "--engine-games", "0"]


def train(out: Path, *more: str, game: str = "tictactoe") -> str:
    assert main(["train", game, *TINY, "--out", str(out), *more]) == 0
    return out.read_text()


def test_one_and_two_workers_write_the_same_file(tmp_path):
    one = train(tmp_path / "one.json")
    two = train(tmp_path / "two.json", "--workers", "2")
    assert one == two
    assert json.loads(one)["training"]["positions"] > 6


def test_on_c_one_and_two_workers_write_the_same_file(tmp_path):
    from tests.interpreter.c.test_native import has_compiler
    if not has_compiler():
        pytest.skip("no C compiler on this machine")
    more = ["--backend", "native", "--set", "width=5", "--set", "height=4"]
    assert train(tmp_path / "one.json", *more, game="connect4") == \
        train(tmp_path / "two.json", *more, "--workers", "2", game="connect4")


def test_ray_local_writes_the_same_file(tmp_path):
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'gdl[ray]')")
    assert train(tmp_path / "ray.json", "--ray", "local", "--workers", "2") == \
        train(tmp_path / "one.json")


def test_each_game_has_its_own_stream():
    """A game's randomness depends on (seed, round, index) only: not on the games before."""
    draws = [training_runs.game_rng(3, 1, 4).random() for _ in range(2)]
    assert draws[0] == draws[1] != training_runs.game_rng(3, 1, 5).random()
    assert training_runs.game_rng(3, 0, 4).random() != draws[0]


def press_after(monkeypatch, games: int) -> None:
    """Ctrl-C, as gdl.interrupts reports it, once `games` games have been asked for."""
    asked = iter(range(10**6))
    monkeypatch.setattr(interrupts, "pressed", lambda: next(asked) >= games)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_resume_gives_the_file_of_an_uninterrupted_run(tmp_path, monkeypatch, capsys, workers):
    whole = train(tmp_path / "whole.json")
    out = tmp_path / "w.json"
    with monkeypatch.context() as patch:
        press_after(patch, 2)   # in round 1 of 2 (3 games a round)
        assert main(["train", "tictactoe", *TINY, "--out", str(out), "--workers", workers]) \
            == interrupts.EXIT_INTERRUPTED
    checkpoint = train_checkpoint.path_for(out)
    assert not out.exists() and checkpoint.exists()
    kept = json.loads(checkpoint.read_text())
    # one worker stops before its second game; two finish the games under way (the round)
    assert len(kept["games"]) == 1 if workers == "1" else 2 <= len(kept["games"]) <= 3
    err = capsys.readouterr().err
    assert f"of 6 self-play games; kept {checkpoint}" in err and "--resume" in err
    assert train(out, "--resume") == whole
    assert not checkpoint.exists()


def test_a_run_stopped_in_its_first_round_resumes_too(tmp_path, monkeypatch):
    whole = train(tmp_path / "whole.json")
    out = tmp_path / "w.json"
    with monkeypatch.context() as patch:
        press_after(patch, 2)
        assert main(["train", "tictactoe", *TINY, "--out", str(out)]) == 130
    assert len(json.loads(train_checkpoint.path_for(out).read_text())["games"]) == 1
    assert train(out, "--resume") == whole


def test_resume_refuses_another_run_in_one_line(tmp_path, monkeypatch, capsys):
    out = tmp_path / "w.json"
    assert main(["train", "tictactoe", *TINY, "--out", str(out), "--resume"]) == 1
    assert "nothing to resume: no checkpoint" in capsys.readouterr().err
    with monkeypatch.context() as patch:
        press_after(patch, 2)
        main(["train", "tictactoe", *TINY, "--out", str(out)])
    capsys.readouterr()
    assert main(["train", "tictactoe", *TINY[:-4], "--seed", "4", "--nodes", "100",
                 "--engine-games", "0", "--out", str(out), "--resume"]) == 1
    err = capsys.readouterr().err.strip()
    assert "checkpoint of another run (seed 3 not 4)" in err and "\n" not in err


def test_a_rules_file_gets_its_weights_beside_it(tmp_path, capsys):
    rules = tmp_path / "pawn_race.gdl"
    shutil.copy(ROOT / "examples" / "train" / "pawn_race.gdl", rules)
    assert main(["train", str(rules), "--games", "4", "--nodes", "100",
                 "--engine-games", "0"]) == 0
    beside = tmp_path / "pawn_race.weights.json"
    assert f"wrote {beside}" in capsys.readouterr().out
    game = catalog.load(str(rules))
    found = use.fitted(game)
    assert found is not None and found[1].training["games"] == 4
    assert main(["check", str(rules)]) == 0
    assert "fitted weights (pawn_race.weights.json" in capsys.readouterr().out
    # other rules under the same file name: refused in one line, the derived evaluation used
    shutil.copy(ROOT / "examples" / "train" / "skirmish.gdl", rules)
    assert use.fitted(catalog.load(str(rules))) is None
    err = capsys.readouterr().err.strip()
    assert "stale weights, fitted to other rules" in err and "\n" not in err


@pytest.mark.slow
def test_a_retrain_keeps_an_engine_choice_measured_outside_the_tournament(tmp_path, capsys):
    rules = tmp_path / "pawn_race.gdl"
    shutil.copy(ROOT / "examples" / "train" / "pawn_race.gdl", rules)
    out = tmp_path / "pawn_race.weights.json"
    train = ["train", str(rules), "--games", "4", "--nodes", "100", "--engine-games", "2",
             "--engine-seconds", "0.02"]
    assert main(train) == 0
    doc = json.loads(out.read_text())
    chosen = doc["engine"]["choice"]
    other = {"alphabeta": "mcts", "mcts": "alphabeta"}[chosen]
    playoff = {"against": "an outside engine", "games": 20,
               f"{other}_score": 0.9, f"{chosen}_score": 0.4}
    doc["engine"].update(choice=other, playoff=playoff, mcts_c=0.4)
    out.write_text(json.dumps(doc))
    assert main(train) == 0      # the tournament chooses again, the play-off's choice stays
    engine = json.loads(out.read_text())["engine"]
    assert engine["choice"] == other and engine["playoff"] == playoff and engine["mcts_c"] == 0.4
    assert engine["games"] == 2  # the rest is the new tournament's
    capsys.readouterr()
    # a file of other rules under the name: nothing of it is kept
    shutil.copy(ROOT / "examples" / "train" / "skirmish.gdl", rules)
    assert main(train) == 0
    assert "playoff" not in json.loads(out.read_text())["engine"]


def test_ray_asked_for_and_not_installed_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)   # import ray fails
    assert main(["train", "tictactoe", *TINY, "--out", str(tmp_path / "w.json"),
                 "--ray", "local"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == "gdl: error: --ray needs Ray, which is not installed: pip install 'gdl[ray]'"


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds so far of a process and its children (the self-play workers)."""
    from tests.test_interrupts import cpu_seconds
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    finished = float("inf")   # a child gone by now
    return cpu_seconds(pid) + sum(t for t in (cpu_seconds(int(c)) for c in children)
                                  if t != finished)


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_training_with_a_checkpoint(tmp_path, workers):
    """A real SIGINT, once the run has played a while: the games under way finish, the
    checkpoint is kept, the command to continue is printed, no traceback."""
    import signal
    import subprocess
    import sys
    import time
    out = tmp_path / "w.json"
    argv = ["train", "connect4", "--games", "400", "--nodes", "300", "--backend", "python",
            "--engine-games", "0", "--workers", workers, "--out", str(out)]
    proc = subprocess.Popen([sys.executable, "-m", "gdl", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    give_up = time.perf_counter() + 60
    while tree_cpu_seconds(proc.pid) < 4.0 and time.perf_counter() < give_up:
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "Traceback" not in err, err
    kept = json.loads(train_checkpoint.path_for(out).read_text())
    assert 0 < len(kept["games"]) < 400 and kept["settings"]["games"] == 400
    assert f"of 400 self-play games; kept {train_checkpoint.path_for(out)}" in err
    assert err.strip().endswith(f"--workers {workers} --out {out} --resume")


@pytest.mark.parametrize("name", ["pawn_race", "leapfrog", "skirmish"])
def test_the_training_examples_run_alike_on_both_back_ends(name):
    """examples/train's games (bench/train_rules.py trains them): Python and C agree."""
    from tests.interpreter.c.test_native import has_compiler
    import gdl
    rules = str(ROOT / "examples" / "train" / f"{name}.gdl")
    counts = {b: gdl.perft(gdl.load(rules, backend=b), 4).count
              for b in (["python", "native"] if has_compiler() else ["python"])}
    assert len(set(counts.values())) == 1 and counts["python"] > 0


def test_a_press_inside_deferred_is_noted_not_requested(monkeypatch):
    """gdl.interrupts.deferred: the first Ctrl-C is only noted (`pressed()`), so the searches
    of the games under way, which read `requested()`, run to their budgets."""
    import os
    import signal
    monkeypatch.setattr(interrupts, "_noted", False)
    monkeypatch.setattr(interrupts, "_requested", False)
    before = signal.getsignal(signal.SIGINT)
    interrupts.install()
    try:
        with interrupts.deferred():
            os.kill(os.getpid(), signal.SIGINT)
            assert interrupts.pressed() and not interrupts.requested()
    finally:
        signal.signal(signal.SIGINT, before)
