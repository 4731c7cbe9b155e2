"""IDA*: optimal with the game's heuristic, with pattern databases, and with none."""

from __future__ import annotations

import pytest

from tests.references.puzzles import Hanoi, PocketCube, SlidingPuzzle, random_walk
from gdl.solvers.puzzles.bidirectional import solve_bidirectional
from gdl.solvers.puzzles.idastar import pattern_database, pick_heuristic, solve_idastar
from gdl.solvers.puzzles.pruning import hints_from, no_hints
from tests.marks import cases


def _play(p, state, moves):
    for m in moves:
        assert m in p.legal_moves(state)
        state = p.apply(state, m)
    return state


def _distances(p):
    """Exact distance to the goal of every state of a small puzzle (plain BFS)."""
    dist, layer = {p.goal_state(): 0}, [p.goal_state()]
    while layer:
        nxt = []
        for s in layer:
            for m in p.legal_moves(s):
                t = p.apply(s, m)
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        layer = nxt
    return dist


@pytest.mark.parametrize("seed, walk", cases([(0, 40), (1, 40), (2, 45), (4, 50)], {(4, 50)}))
def test_15_puzzle_matches_bidirectional_and_is_valid(seed, walk):
    p = SlidingPuzzle(4)
    s = random_walk(p, walk, seed)
    r = solve_idastar(p, s)
    b = solve_bidirectional(p, s)
    assert r.length == b.length and r.length >= 20
    assert p.is_goal(_play(p, s, r.solution))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 5, 6])
def test_15_puzzle_beyond_bidirectional_reach_is_solved_within_the_lower_bound(seed):
    p = SlidingPuzzle(4)
    walk = 45 + 5 * (seed % 3)
    s = random_walk(p, walk, seed)
    r = solve_idastar(p, s)
    assert p.is_goal(_play(p, s, r.solution))
    assert p.heuristic_distance(s) <= r.length <= walk
    assert (r.length - p.heuristic_distance(s)) % 2 == 0   # every move flips the blank's colour


@pytest.mark.slow
@pytest.mark.parametrize("p", [SlidingPuzzle(2, 3), SlidingPuzzle(3)], ids=["2x3", "8-puzzle"])
def test_manhattan_with_conflicts_never_overestimates(p):
    for s, d in _distances(p).items():
        assert p.heuristic_distance(s) <= d


@pytest.mark.slow
def test_cube_uses_its_pattern_databases_and_is_optimal():
    c = PocketCube()
    name, h = pick_heuristic(c)
    assert "corner permutation" in name and "corner twists" in name
    for seed in range(6):
        s = random_walk(c, 25, seed)
        r = solve_idastar(c, s)
        assert r.length == solve_bidirectional(c, s).length
        assert h(s) <= r.length and c.is_goal(_play(c, s, r.solution))


def test_pattern_database_of_a_projection_is_a_lower_bound():
    p = SlidingPuzzle(2, 3)
    exact = _distances(p)
    blank_and_1 = lambda s: (s.index(0), s.index(1))   # noqa: E731
    table, default = pattern_database(p, p.goal_state(), blank_and_1, hints_from(p), 10 ** 6)
    assert len(table) == 6 * 5
    assert all(table[blank_and_1(s)] <= d for s, d in exact.items())


def test_without_abstractions_a_radius_database_around_the_goal_is_used():
    h = Hanoi(5, pegs=4)
    name, heuristic = pick_heuristic(h, pdb_limit=50)
    assert "near the goal" in name
    r = solve_idastar(h, pdb_limit=50)
    assert r.length == solve_bidirectional(h).length == 13
    assert heuristic(h.initial_state()) <= 13


@pytest.mark.slow
def test_pruning_does_not_change_lengths_and_saves_nodes():
    p = SlidingPuzzle(3)
    for seed in range(4):
        s = random_walk(p, 30, seed)
        on, off = solve_idastar(p, s), solve_idastar(p, s, hints=no_hints(p))
        assert on.length == off.length
        assert on.nodes < off.nodes


def test_a_predicate_goal_falls_back_to_iterative_deepening():
    class Predicate(Hanoi):
        def goal_state(self):
            return None

    h = Predicate(3)
    assert pick_heuristic(h)[0].startswith("none")
    assert solve_idastar(h).length == 7
