"""Proof-number search (df-pn) against the exact alpha-beta solver: the values recorded in
tests/data/solved (small_games.json by tools/solved_small.py; connect4.json, Pons' values),
live on seeded positions, best moves that keep the value, the limits, and what it refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gdl
from gdl import catalog
from gdl.cli.main import main
from gdl.errors import SolverError
from gdl.solvers.search import exact
from gdl.solvers.search.pns import ProofSolver, solve
from gdl.solvers.search.solved import SolveLimit
from tests.references.games import ConnectFour, Nim, TicTacToe
from tests.solvers.search.test_alphabeta import random_positions
from tests.solvers.search.test_exact_cycles import PassOrResign

SOLVED = Path(__file__).resolve().parents[2] / "data" / "solved"
RECORDS = json.loads((SOLVED / "small_games.json").read_text())["positions"]
SLOW = {("connect4", "4x4"), ("connect4", "5x4"), ("hex", "4"), ("clobber", "4x4"),
        ("breakthrough", "5x4"), ("dots_and_boxes", "")}
SIGN = {"win": 1, "draw": 0, "loss": -1}


def label(record: dict) -> tuple[str, str]:
    return record["game"], "x".join(str(v) for v in record["options"].values())


def by_game() -> list:
    """The records grouped by game and options, the slow groups marked."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for record in RECORDS:
        groups.setdefault(label(record), []).append(record)
    return [pytest.param(records, id="-".join(key).strip("-"),
                         marks=[pytest.mark.slow] if key in SLOW else [])
            for key, records in groups.items()]


def mover_value_after(game, state, move) -> int:
    """The mover's value after `move`, by the exact solver (the oracle)."""
    child = game.apply(state, move)
    if game.is_terminal(child):
        payoff = game.returns(child)[game.current_player(state)]
        return (payoff > 0) - (payoff < 0)
    value = SIGN[exact.solve(game, child).value]
    return value if game.current_player(child) == game.current_player(state) else -value


@pytest.mark.parametrize("records", by_game())
def test_values_equal_the_recorded_exact_values(records):
    first = records[0]
    game = catalog.load(first["game"], first["options"])
    for record in records:
        state = game.moves_after(record["moves"])
        result = solve(game, state)
        assert (result.value, result.method) == (record["value"], "pn"), record
        assert result.score == SIGN[record["value"]]
        # The best move keeps the value (a loss: any move does).
        assert mover_value_after(game, state, result.best_move) == SIGN[result.value], record


def test_the_recorded_connect4_values_are_pons():
    """The exact solver's records (checked against df-pn above) agree with Pons' solver."""
    boards = json.loads((SOLVED / "connect4.json").read_text())["boards"]
    starts = {label(r)[1]: SIGN[r["value"]] for r in RECORDS
              if r["game"] == "connect4" and not r["moves"]}
    assert starts == {"4x4": boards["4x4"]["value"], "5x4": boards["5x4"]["value"]}


@pytest.mark.parametrize("game", [TicTacToe(), Nim((1, 2, 4)), ConnectFour(4, 3, 3)],
                         ids=["tictactoe", "nim", "connect3"])
def test_live_against_the_exact_solver_on_random_positions(game):
    """Hand-written reference games (no symmetries but nim's), seeded positions."""
    solver = ProofSolver(game)
    for state in random_positions(game, 25, 0, 5, seed=7):
        truth = exact.solve(game, state)
        found = solver.solve(state)
        assert found.value == truth.value, state
        if found.best_move is not None:
            assert mover_value_after(game, state, found.best_move) == SIGN[found.value]


def test_nim_sum_rule():
    for heaps in [(1, 2, 3), (2, 5, 7), (3, 4, 5), (1, 1), (4, 4, 1)]:
        nim_sum = heaps[0] ^ heaps[1] ^ (heaps[2] if len(heaps) > 2 else 0)
        assert solve(Nim(heaps)).value == ("win" if nim_sum else "loss"), heaps


def test_the_native_backed_game_from_load():
    """gdl.load's game (on the C back end where a compiler is present) answers the same."""
    game = gdl.load("hex", size=3)
    records = [r for r in RECORDS if label(r) == ("hex", "3")]
    assert len(records) == 7
    for record in records:
        assert solve(game, game.moves_after(record["moves"])).value == record["value"], record


def test_terminal_root():
    result = solve(Nim((0,)))
    assert (result.value, result.best_move, result.nodes) == ("loss", None, 1)


def test_limits_say_what_was_known():
    with pytest.raises(SolveLimit, match="not solved within 100 nodes") as stop:
        solve(ConnectFour(4, 4, 4), node_limit=100)
    assert stop.value.reason == "nodes" and stop.value.nodes == 101
    # Tic-tac-toe is a draw: the first search disproves X's win, the second O's. Stopped in
    # the second, the answer says what the first found.
    total = solve(TicTacToe()).nodes
    with pytest.raises(SolveLimit, match="so far: not a win for X"):
        solve(TicTacToe(), node_limit=total - 1)
    with pytest.raises(SolveLimit, match="stored positions") as stop:
        solve(ConnectFour(4, 4, 4), max_positions=50)
    assert stop.value.reason == "positions"


def test_refusals_are_one_sentence():
    with pytest.raises(SolverError, match="repeats on the line searched"):
        solve(PassOrResign())

    class ByScore(TicTacToe):
        payoff_bound = None

    with pytest.raises(SolverError, match="ends by score"):
        ProofSolver(ByScore())


def test_exact_solve_dispatches_pn_and_the_api_and_command_take_it(capsys):
    assert exact.solve(TicTacToe(), method="pn").method == "pn"
    assert "pn" in exact.SOLVE_METHODS
    answer = gdl.solve("hex", size=3, method="pn")
    assert (answer.value, answer.method, answer.to_move) == ("win", "pn", "Black")
    assert main(["solve", "hex", "--set", "size=3", "--method", "pn", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["method"]) == ("win", "pn")
    game = catalog.load("hex", {"size": "3"})
    start = game.initial_state()
    assert mover_value_after(game, start, game.parse_move(start, data["best_move"])) == 1
