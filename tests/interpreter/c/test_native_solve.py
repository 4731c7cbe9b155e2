"""The exact solver in C (gdl_solve) against Python's ExactSolver, its oracle: the same
value from the start and from positions of seeded random play, on games with and without
symmetries, extra turns (dots and boxes) and moves of numbers (nim); a best move that
keeps the value; the limits and Ctrl-C answered as Python answers them; and the games it
leaves to Python."""

from __future__ import annotations

import json
import random

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.exact import SolveLimit, solve
from gdl.solvers.search.native_exact import can_solve

from tests.interpreter.c.test_native import needs_cc
from tests.marks import cases

GAMES = [("tictactoe", {}), ("connect4", {"width": "4", "height": "4"}),
         ("connect4", {"width": "5", "height": "4"}), ("nim", {}), ("dots_and_boxes", {}),
         ("breakthrough", {"width": "5", "height": "4"}),
         ("clobber", {"width": "4", "height": "3"}),
         ("hex", {"size": "3"}), ("hex", {"size": "4"})]


def pair(name: str, options: dict):
    python = catalog.load(name, options)
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame) and can_solve(native, python.initial_state())
    return python, native


def positions(game, count: int, seed: int) -> list[tuple]:
    """The start, then positions a few random plies in, not yet over."""
    rng, out = random.Random(seed), [game.initial_state()]
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randint(1, 6)):
            moves = game.legal_moves(state)
            state = game.apply(state, rng.choice(moves))
            if game.is_terminal(state):
                break
        if not game.is_terminal(state):
            out.append(state)
    return out


def value_after(python, state, move) -> float:
    """The mover's value after `move`, by Python's solver."""
    child = python.apply(state, move)
    if python.is_terminal(child):
        return python.returns(child)[python.current_player(state)]
    score = solve(python, child).score
    return score if python.current_player(child) == python.current_player(state) else -score


@needs_cc
@pytest.mark.parametrize("name, options", cases(GAMES, [GAMES[2], GAMES[-1]]),   # slow: seconds
                         ids=lambda x: x if isinstance(x, str) else "-".join(x.values()))
def test_native_values_equal_pythons(name, options):
    python, native = pair(name, options)
    for state in positions(python, 6, seed=len(name)):
        c, py = solve(native, state), solve(python, state)
        assert (c.backend, py.backend) == ("native", "python")
        assert (c.value, c.score) == (py.value, py.score), (name, state)
        assert c.best_move in python.legal_moves(state)
        assert value_after(python, state, c.best_move) == c.score


@pytest.mark.slow
@needs_cc
def test_connect4_6x4_is_a_loss_for_the_first_player():
    """Python's solver says so too, in 3.9M nodes and 17 s (so not run here), as does John
    Tromp's table of solved board sizes."""
    python, native = pair("connect4", {"width": "6", "height": "4"})
    c = solve(native)
    assert c.value == "loss" and c.best_move in python.legal_moves(python.initial_state())
    assert c.nodes > 500_000 and c.table_size > 100_000   # a real search, a full table


@needs_cc
def test_limits_stop_the_native_solve_as_they_stop_pythons():
    _, native = pair("connect4", {})
    with pytest.raises(SolveLimit) as stop:
        solve(native, node_limit=200_000)
    assert stop.value.reason == "nodes" and stop.value.nodes > 200_000
    assert str(stop.value).startswith("connect4 was not solved within 200,000 nodes (")
    with pytest.raises(SolveLimit) as stop:
        solve(native, time_limit=0.05)
    assert stop.value.reason == "time"
    assert str(stop.value).startswith("connect4 was not solved within 0.05 s (")
    seen = []
    solve(pair("connect4", {"width": "5", "height": "4"})[1], progress=seen.append,
          progress_every=10_000)
    assert len(seen) >= 5 and all(b.nodes > a.nodes for a, b in zip(seen, seen[1:]))


@pytest.mark.slow
@needs_cc
def test_a_game_with_positions_seen_is_solved_on_python():
    python = catalog.load("draughts")
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame)
    assert not can_solve(native, python.initial_state())
    with pytest.raises(SolveLimit):
        solve(native, node_limit=2_000)   # Python's solver answers (as before)


@pytest.mark.slow
@needs_cc
def test_gdl_solve_runs_natively_and_says_so(capsys):
    assert main(["solve", "connect4", "--set", "width=5", "--set", "height=4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["backend"]) == ("draw", "native")
    _, native = pair("connect4", {"width": "5", "height": "4"})   # the move it gives draws
    start = native.initial_state()
    after = native.apply(start, native.parse_move(start, data["best_move"]))
    assert solve(native, after).value == "draw"
    assert main(["solve", "connect4", "--set", "width=5", "--set", "height=4", "--json",
                 "--backend", "python"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["value"], data["backend"]) == ("draw", "python")
