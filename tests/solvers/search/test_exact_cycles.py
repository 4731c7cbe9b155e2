"""Exact solving of games whose positions repeat, and of very deep games (no recursion)."""

from __future__ import annotations

from time import process_time

import pytest

from gdl import catalog
from tests.references.games import ConnectFour
from gdl.solvers.search.exact import ExactSolver, SolveLimit, solve


class _Small:
    """The protocol's members that these tests do not exercise."""

    players, kind, zero_sum, invariants = ("A", "B"), "game", True, {}

    def canonical(self, state):
        return state

    def move_text(self, state, move):
        return str(move)

    def parse_move(self, state, text):
        return text

    def render(self, state):
        return repr(state)


class PassOrResign(_Small):
    """Each player passes or resigns; passing for ever repeats the start: a draw."""

    name = title = "pass-or-resign"

    def initial_state(self):
        return ("play", 0)

    def current_player(self, state):
        return state[1]

    def legal_moves(self, state):
        return ("pass", "resign")

    def apply(self, state, move):
        return ("over" if move == "resign" else "play", 1 - state[1])

    def is_terminal(self, state):
        return state[0] == "over"

    def returns(self, state):   # the player to move wins: the other one resigned
        return (1.0, -1.0) if state[1] == 0 else (-1.0, 1.0)


class RoundTheClock(_Small):
    """A token goes round three cells; the mover on cell 2 may also take the win.
    The cycle (0, 1, 2, 0, ...) never needs to be followed to see that A wins."""

    name = title = "round-the-clock"

    def initial_state(self):
        return (0, 0, False)

    def current_player(self, state):
        return state[1]

    def legal_moves(self, state):
        return ("next", "win") if state[0] == 2 else ("next",)

    def apply(self, state, move):
        if move == "win":
            return (state[0], 1 - state[1], True)
        return ((state[0] + 1) % 3, 1 - state[1], False)

    def is_terminal(self, state):
        return state[2]

    def returns(self, state):   # the player who took the win is not the one to move
        return (-1.0, 1.0) if state[1] == 0 else (1.0, -1.0)


class Countdown(_Small):
    """One move, `down`, from n to 0; the player to move at 0 has lost. Far deeper than
    Python's recursion limit."""

    name = title = "countdown"

    def __init__(self, n):
        self.n = n

    def initial_state(self):
        return (self.n, 0)

    def current_player(self, state):
        return state[1]

    def legal_moves(self, state):
        return ("down",)

    def apply(self, state, move):
        return (state[0] - 1, 1 - state[1])

    def is_terminal(self, state):
        return state[0] == 0

    def returns(self, state):
        return (-1.0, 1.0) if state[1] == 0 else (1.0, -1.0)


@pytest.mark.parametrize("method", ["alphabeta", "memo"])
def test_a_repetition_on_the_line_is_a_draw(method):
    r = solve(PassOrResign(), method=method)
    assert (r.value, r.best_move) == ("draw", "pass")


@pytest.mark.parametrize("method", ["alphabeta", "memo"])
def test_a_win_beyond_a_cycle_is_found(method):
    r = solve(RoundTheClock(), method=method)
    assert (r.value, r.score) == ("win", 1.0)
    # From cell 1 the mover (B) can only move on, into A's win.
    assert solve(RoundTheClock(), (1, 1, False), method=method).value == "loss"


@pytest.mark.slow
@pytest.mark.parametrize("method", ["alphabeta", "memo"])
def test_deep_games_need_no_recursion(method):
    assert solve(Countdown(60_001), method=method).value == "win"
    assert solve(Countdown(60_000), method=method).value == "loss"


def test_draughts_stops_at_each_limit_with_how_far_it_got():
    game = catalog.load("draughts")
    with pytest.raises(SolveLimit, match="not solved within 5,000 nodes") as nodes:
        solve(game, node_limit=5_000)
    assert (nodes.value.reason, nodes.value.nodes) == ("nodes", 5_001)
    began = process_time()
    with pytest.raises(SolveLimit, match="not solved within 0.2 s") as timed:
        solve(game, time_limit=0.2)
    # The solver's own clock is past the limit; processor time bounds the rest generously.
    assert timed.value.reason == "time" and timed.value.seconds >= 0.2
    assert process_time() - began < 5


def test_the_table_bound_stops_a_solve():
    with pytest.raises(SolveLimit, match="300 stored positions") as stored:
        ExactSolver(ConnectFour(4, 4, 4), max_positions=300).solve()
    assert stored.value.reason == "positions" and stored.value.table_size == 301
