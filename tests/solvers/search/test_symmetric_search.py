"""Bidirectional search and IDA* over classes of symmetric states (the declared symmetries):
the same lengths as a plain breadth-first search written here, fewer states, and a
solution that replays move by move from the start to the goal."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.interpreter.layouts.one_player import OnePlayerPuzzle
from gdl.solvers.puzzles.bidirectional import solve_bidirectional
from gdl.solvers.puzzles.idastar import solve_idastar


def plain_distance(puzzle, start):
    """Moves from `start` to the goal by plain breadth-first search over the protocol."""
    seen, frontier, depth = {start}, [start], 0
    while frontier:
        if any(puzzle.is_goal(s) for s in frontier):
            return depth
        nxt = []
        for s in frontier:
            for m in puzzle.legal_moves(s):
                t = puzzle.apply(s, m)
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        frontier, depth = nxt, depth + 1
    raise AssertionError("no solution")


def replays(puzzle, start, moves):
    state = start
    for m in moves:
        if m not in puzzle.legal_moves(state):
            return False
        state = puzzle.apply(state, m)
    return puzzle.is_goal(state)


def scrambles(puzzle, count, plies, seed):
    rng, out = random.Random(seed), []
    for _ in range(count):
        s = puzzle.goal_state()
        for _ in range(plies):
            s = puzzle.apply(s, rng.choice(list(puzzle.legal_moves(s))))
        out.append(s)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("solve", [solve_bidirectional, solve_idastar])
def test_eight_puzzle_symmetry_keeps_lengths_and_replays(solve):
    puzzle = catalog.load("eight_puzzle")
    for start in scrambles(puzzle, 4, 40, seed=5) + [puzzle.parse_state("867254301")]:
        classes, every = solve(puzzle, start), solve(puzzle, start, use_symmetry=False)
        assert classes.length == every.length == plain_distance(puzzle, start)
        assert replays(puzzle, start, classes.solution)
        assert replays(puzzle, start, every.solution)


def test_eight_puzzle_bidirectional_searches_fewer_states_with_symmetry():
    puzzle = catalog.load("eight_puzzle")
    start = puzzle.parse_state("867254301")
    classes, every = (solve_bidirectional(puzzle, start, use_symmetry=s) for s in (True, False))
    assert classes.length == every.length == 31
    assert classes.nodes < 0.75 * every.nodes
    ida_classes, ida_every = (solve_idastar(puzzle, start, use_symmetry=s) for s in (True, False))
    assert ida_classes.length == 31 and ida_classes.nodes < ida_every.nodes


@pytest.mark.parametrize("solve", [solve_bidirectional, solve_idastar])
def test_lights_out_symmetry_keeps_lengths_and_replays(solve):
    puzzle = OnePlayerPuzzle(catalog.load("lights_out", {"size": "4"}))
    rng = random.Random(2)
    starts = [puzzle.initial_state()]
    for _ in range(3):   # random boards of lights: presses from the dark board
        s = puzzle.goal_state()
        for _ in range(rng.randrange(3, 7)):
            s = puzzle.apply(s, rng.choice(list(puzzle.legal_moves(s))))
        starts.append(s)
    for start in starts:
        classes, every = solve(puzzle, start), solve(puzzle, start, use_symmetry=False)
        assert classes.length == every.length == plain_distance(puzzle, start)
        assert replays(puzzle, start, classes.solution)
    assert solve(puzzle).nodes < solve(puzzle, use_symmetry=False).nodes


def test_all_solutions_are_found_without_symmetry():
    puzzle = catalog.load("eight_puzzle")
    start = puzzle.parse_state("123456078")
    r = solve_bidirectional(puzzle, start, all_solutions=True)
    assert r.length == 2 and len(r.solutions) == 1
    assert all(replays(puzzle, start, s) for s in r.solutions)
