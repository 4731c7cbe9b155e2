"""Proof-number search in C (gdl_pns) against Python's ProofSolver, its twin: the same
value, the same node count (the same df-pn, move for move) and a best move that keeps the
value, from the start and the recorded positions of tests/data/solved/small_games.json;
the limits answered as Python answers them; and the command taking it."""

from __future__ import annotations

import json

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import SolverError
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search import native_pns
from gdl.solvers.search.pns import ProofSolver, solve
from gdl.solvers.search.solved import SolveLimit
from tests.interpreter.c.test_native import needs_cc
from tests.interpreter.c.test_native_solve import pair
from tests.solvers.search.test_pns import RECORDS, SIGN, label, mover_value_after

# The recorded groups (all but connect4 5x4), the slow ones marked
GROUPS = [("tictactoe", ""), ("nim", ""), ("nim", "[2, 3, 5, 6]"), ("hex", "3"),
          ("clobber", "3x3"), ("clobber", "4x3"), ("breakthrough", "3x4"), ("breakthrough", "4x4"),
          ("gomoku", "4x4x3"), ("gomoku", "4x3x3"), ("connect4", "4x4"), ("hex", "4"),
          ("clobber", "4x4"), ("breakthrough", "5x4"), ("dots_and_boxes", "")]
SLOW = {("connect4", "4x4"), ("hex", "4"), ("clobber", "4x4"), ("breakthrough", "5x4"),
        ("dots_and_boxes", "")}


@needs_cc
@pytest.mark.parametrize("group", [pytest.param(g, id="-".join(g).strip("-"),
                                                marks=[pytest.mark.slow] if g in SLOW else [])
                                   for g in GROUPS])
def test_native_equals_python_and_the_records(group):
    records = [r for r in RECORDS if label(r) == group]
    assert records, group
    python, native = pair(records[0]["game"], records[0]["options"])
    for record in records:
        state = python.moves_after(record["moves"])
        c, py = solve(native, state), solve(python, state)
        assert (c.backend, py.backend) == ("native", "python")
        assert c.value == py.value == record["value"], record
        assert (c.nodes, c.score) == (py.nodes, py.score), record
        # (the oracle: the exact solver in C, itself checked against Python's)
        assert mover_value_after(native, state, c.best_move) == SIGN[c.value], record


@needs_cc
def test_a_table_that_loses_entries_keeps_the_values(monkeypatch):
    """16 KB hold 512 entries: lost entries cost searches, never a value, never a livelock."""
    monkeypatch.setattr(native_pns, "TABLE_BYTES", 16 << 10)
    for group in [("tictactoe", ""), ("hex", "3"), ("clobber", "4x3"), ("breakthrough", "4x4"),
                  ("gomoku", "4x3x3")]:
        records = [r for r in RECORDS if label(r) == group]
        python, native = pair(records[0]["game"], records[0]["options"])
        for record in records:
            result = solve(native, python.moves_after(record["moves"]), node_limit=1_000_000)
            assert (result.value, result.backend) == (record["value"], "native"), record


@needs_cc
def test_native_limits_as_pythons():
    python, native = pair("connect4", {"width": "4", "height": "4"})
    for game in (python, native):
        with pytest.raises(SolveLimit, match="not solved within 100 nodes") as stop:
            solve(game, node_limit=100)
        assert (stop.value.reason, stop.value.nodes) == ("nodes", 101)
    python, native = pair("tictactoe", {})
    total = solve(native).nodes
    with pytest.raises(SolveLimit, match=r"within 682 nodes \(683 nodes.*not a win for X"):
        solve(native, node_limit=total - 1)


# Two men step to and fro on a row: their positions repeat, and only a player left without
# a move loses.
SHUFFLE = """game "Shuffle"
players A B
board 6 x 1
pieces man
direction side: e w
setup A man: a1
setup B man: f1
move: step man side to empty
end: mover wins if not moves
"""


@needs_cc
def test_a_position_repeated_on_the_line_is_refused_in_c(monkeypatch):
    """gdl_pns's answer 8, refused in one sentence by the C search itself."""
    native = with_backend(catalog.compile_text(SHUFFLE), "native")
    monkeypatch.setattr(ProofSolver, "_prove", None)   # Python's search must not answer
    with pytest.raises(SolverError, match="repeats on the line searched"):
        solve(native)


@pytest.mark.slow
@needs_cc
def test_the_command_solves_by_pn_in_c(capsys):
    assert main(["solve", "hex", "--set", "size=4", "--method", "pn", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["method"], data["backend"]) == ("win", "pn", "native")
    _, native = pair("hex", {"size": "4"})   # the oracle: the exact solver, in C
    start = native.initial_state()
    assert mover_value_after(native, start, native.parse_move(start, data["best_move"])) == 1
