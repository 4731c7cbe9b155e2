"""Endgame tables built by retrograde analysis, checked against the exact solver, a hand
count, their files' checksums and the command line."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pytest

from gdl.ai.players import AIPlayer
from gdl.cli.main import main
from gdl.interpreter.placement import open_placement
from gdl.solvers.search.exact import solve
from gdl.solvers.search.tables import DictTable
from gdl.solvers.tablebase import codes, store, tables as tb, verify
from gdl.solvers.tablebase.probe import payoff_probe, table_move
from gdl.solvers.tablebase.store import TableError

SMALL = (("height", "4"), ("width", "4"))   # breakthrough on 4 x 4
LOAD = functools.partial(open_placement, "breakthrough", SMALL, None)


def built(directory: Path, pieces: int, run: tb.Runner | None = None) -> list[tb.Built]:
    placement = LOAD()
    tables = tb.Tables(placement, directory)
    classes = tb.classes_up_to(placement.material, pieces, len(placement.cells))
    return tb.build(LOAD, tables, classes, run or tb.Runner())


@pytest.fixture(scope="module")
def three(tmp_path_factory) -> tb.Tables:
    """Breakthrough 4 x 4 up to 3 pawns (10 classes, 9,986 positions)."""
    directory = tmp_path_factory.mktemp("breakthrough")
    built(directory, 3)
    return tb.Tables(LOAD(), directory)


def test_a_lone_pawn_by_hand(three):
    # White's lone pawn wins with any move (no enemy left) unless it stands on the far
    # row, where it has no move (no move leads there: kept as a draw); with Black to move
    # and no Black pawn, the game is over and Black has lost.
    values = three.get((1, 0))[1]
    white, black = values[:16], values[16:]
    assert sorted(white.tolist()) == [0] * 4 + [codes.code(True, 1)] * 12
    assert set(black.tolist()) == {codes.code(False, 0)}


@pytest.mark.slow
def test_every_position_agrees_with_the_exact_solver(three):
    """Every position of every class: the value by the exact solver (which reads only
    the lower classes), the distance against the children's."""
    for counts in tb.classes_up_to(three.placement.material, 3, 16):
        checked = verify.check(three, counts, samples=10_000)
        assert checked.positions == three.index(counts).size
        assert checked.agreed == checked.positions and checked.unsolved == 0, checked.wrong


def test_the_distances_of_a_class(three):
    """1_2 (one White pawn against two): its figures, the same on every build."""
    values = three.get((1, 2))[1]
    outcomes = [codes.decode(int(v))[0] for v in values]
    assert len(values) == 16 * 15 * 14 // 2 * 2
    assert (outcomes.count("win"), outcomes.count("loss"), outcomes.count("draw")) == \
        tuple(int(n) for n in (np.count_nonzero(values & 1),
                               np.count_nonzero((values > 0) & ~(values & 1).astype(bool)),
                               np.count_nonzero(values == 0)))
    assert max(codes.decode(int(v))[1] for v in values) >= 3


def test_the_exact_solver_reads_the_tables(three):
    game = three.placement.game
    state = game.parse_position("B.B./..../..../W... White")
    alone = solve(game, state, table=DictTable())   # on Python, as with tables
    helped = solve(game, state, tables=payoff_probe(three))
    assert (helped.value, helped.score) == (alone.value, alone.score)
    assert helped.nodes < alone.nodes


def test_the_ai_plays_the_tables_move(three):
    game = three.placement.game
    state = game.parse_position("..../.B../..../W... White")
    move, value = table_move(three, state)
    ai = AIPlayer(game, "10", tables=lambda s: table_move(three, s)[0])
    assert ai.choose(game, state) == move and ai.last is None
    assert codes.decode(value) == codes.decode(three.code(state))


def test_a_damaged_file_is_rebuilt_and_a_finished_class_kept(tmp_path):
    built(tmp_path, 2)
    tables = tb.Tables(LOAD(), tmp_path)
    path = tables.path((1, 1))
    good = path.read_bytes()
    raw = bytearray(good)
    raw[len(raw) // 2] ^= 1
    path.write_bytes(bytes(raw))
    assert store.load(path, tables.placement.digest, (1, 1), tables.index((1, 1)).size) is None
    again = {b.counts: b.status for b in built(tmp_path, 2)}
    assert again[(1, 1)] == "rebuilt" and again[(0, 2)] == "kept"
    assert path.read_bytes() == good


def test_tables_of_other_rules_are_refused(tmp_path):
    built(tmp_path, 1)
    other = open_placement("breakthrough", (("height", "4"), ("width", "5")))
    with pytest.raises(TableError, match="built for other rules"):
        tb.Tables(other, tmp_path).get((1, 0))


def files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.glob("*.tb"))}


@pytest.mark.slow
def test_one_and_two_workers_write_the_same_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(tb, "SMALL", 0)   # split even the small classes into ranges
    built(tmp_path / "one", 3)
    run = tb.Processes(2)
    try:
        built(tmp_path / "two", 3, run)
    finally:
        run.close()
    assert files(tmp_path / "one") == files(tmp_path / "two") and len(files(tmp_path / "one")) == 10


@pytest.mark.slow
def test_ray_local_writes_the_same_bytes(tmp_path, monkeypatch):
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'gdl[ray]')")
    monkeypatch.setattr(tb, "SMALL", 0)
    built(tmp_path / "one", 2)
    run = tb.OnRay("local", 2)
    try:
        built(tmp_path / "ray", 2, run)
    finally:
        run.close()
    assert files(tmp_path / "one") == files(tmp_path / "ray") and len(files(tmp_path / "ray")) == 6


def test_the_command_builds_and_checks(tmp_path, capsys):
    code = main(["tablebase", "breakthrough", "--set", "width=4", "--set", "height=4",
                 "--up-to", "1_1", "--dir", str(tmp_path), "--check", "20", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [c["class"] for c in out["classes"]] == ["0_0", "0_1", "1_0", "1_1"]
    assert all(c["agreed"] == c["positions"] for c in out["checked"])


@pytest.mark.parametrize("argv, message", [
    (["tablebase", "chess", "--up-to", "3"], "chess: the moves or a win read the variable rights"),
    (["tablebase", "draughts", "--up-to", "1-1"], "--up-to 1-1: expected a number of pieces"),
])
def test_the_command_refuses_in_one_line(argv, message, capsys, tmp_path):
    assert main([*argv, "--dir", str(tmp_path)]) != 0
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_an_interrupted_build_resumes_from_its_finished_classes(tmp_path, monkeypatch):
    real, calls = tb.build_class, []

    def stopped_at_the_third(*args, **kwargs):
        calls.append(args[2])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(tb, "build_class", stopped_at_the_third)
    with pytest.raises(KeyboardInterrupt):
        built(tmp_path, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0_0.tb", "0_1.tb"]
    monkeypatch.setattr(tb, "build_class", real)
    again = [(b.counts, b.status) for b in built(tmp_path, 2)]
    assert again == [((0, 0), "kept"), ((0, 1), "kept"), ((1, 0), "built"), ((0, 2), "built"),
                     ((1, 1), "built"), ((2, 0), "built")]


@pytest.mark.parametrize("tables, plies, payoffs", [(True, 5, [1.0, -1.0]),
                                                    (False, 6, [-1.0, 1.0])])
def test_gdl_play_follows_the_tables(three, tables, plies, payoffs, capsys, tmp_path,
                                    monkeypatch):
    """White wins in 5 plies: the AIs of 10 nodes a move find it with the tables, and
    without them (nor the exact probe, which proves a position this small as the tables
    do: gdl.ai.exact_probe) White loses."""
    from gdl.ai.exact_probe import ExactProbe
    monkeypatch.setattr(ExactProbe, "move", lambda self, state, seconds: (None, 0.0))
    code = main(["play", "breakthrough", "--set", "width=4", "--set", "height=4",
                 "--position", "B.../..../..../W.W. White", "--players", "ai:10,ai:10",
                 "--seed", "0", "--tables", str(three.directory if tables else tmp_path),
                 "--json"])
    record = json.loads(capsys.readouterr().out)
    assert code == 0 and (len(record["moves"]), record["payoffs"]) == (plies, payoffs)
