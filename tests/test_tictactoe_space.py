"""The whole game space of the compiled tic-tac-toe, and the values of small compiled Nims.

Tic-tac-toe (public figures): 255,168 complete games; 5,478 reachable positions,
the empty board included; 958 of them final; 765 up to the 8 symmetries of the
square. Nim: the player to move loses exactly when the XOR of the heaps is 0.
"""

from __future__ import annotations

import functools
import itertools

import pytest

from gdl import catalog
from gdl.solvers.search.exact import solve

MAX_HEAPS, MAX_HEAP = 3, 4


@functools.cache
def tictactoe():
    return catalog.load("tictactoe")


@functools.cache
def reachable() -> frozenset:
    """Every state reachable from the start (the start included)."""
    game = tictactoe()
    seen = {game.initial_state()}
    frontier = list(seen)
    while frontier:
        state = frontier.pop()
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return frozenset(seen)


def complete_games(game, state, memo: dict) -> int:
    """The number of move sequences from `state` to a finished game (memoised on the state,
    which fixes everything that can follow)."""
    if game.is_terminal(state):
        return 1
    if state not in memo:
        memo[state] = sum(complete_games(game, game.apply(state, m), memo)
                          for m in game.legal_moves(state))
    return memo[state]


def board(state: tuple) -> tuple:
    """The piece planes: what a position is, without the bookkeeping."""
    return state[:len(tictactoe().ir.initial_planes)]


def test_complete_games():
    game = tictactoe()
    assert complete_games(game, game.initial_state(), {}) == 255168


def test_reachable_positions():
    states = reachable()
    assert len({board(s) for s in states}) == len(states) == 5478
    assert tictactoe().initial_state() in states


def test_final_positions():
    game = tictactoe()
    assert sum(game.is_terminal(s) for s in reachable()) == 958


def test_positions_up_to_symmetry():
    game = tictactoe()
    assert len(game.ir.symmetries) == 8
    assert len({game.canonical(s) for s in reachable()}) == 765


def nim_positions() -> list[tuple[int, ...]]:
    """Every list of 1..MAX_HEAPS heaps of 0..MAX_HEAP objects, in order (155 of them)."""
    return [heaps for n in range(1, MAX_HEAPS + 1)
            for heaps in itertools.product(range(MAX_HEAP + 1), repeat=n)]


@pytest.mark.parametrize("heaps", nim_positions(), ids=lambda h: ",".join(map(str, h)))
def test_nim_player_to_move_loses_exactly_on_a_zero_nim_sum(heaps):
    game = catalog.load("nim", {"heaps": ",".join(map(str, heaps))})
    nim_sum = functools.reduce(lambda a, b: a ^ b, heaps)
    assert solve(game).value == ("loss" if nim_sum == 0 else "win")


def test_nim_without_objects_is_over_at_the_start():
    game = catalog.load("nim", {"heaps": "0,0"})
    state = game.initial_state()
    assert game.is_terminal(state)
    assert game.returns(state) == (-1.0, 1.0)
