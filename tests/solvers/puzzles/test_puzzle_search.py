"""BFS and bidirectional BFS: optimal, equal to each other, valid; all-solutions mode exact."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gdl.errors import SolverError
from tests.references.puzzles import Hanoi, PocketCube, SlidingPuzzle, random_walk
from gdl.solvers.puzzles.bfs import solve_bfs
from gdl.solvers.puzzles.bidirectional import solve_bidirectional
from gdl.solvers.puzzles.idastar import solve_idastar
from gdl.solvers.puzzles.pruning import hints_from, no_hints


def _play(p, state, moves):
    for m in moves:
        assert m in p.legal_moves(state)
        state = p.apply(state, m)
    return state


def _scrambles(p, count, most, seed):
    rng = random.Random(seed)
    return [random_walk(p, rng.randint(1, most), rng.randrange(10 ** 9)) for _ in range(count)]


@pytest.mark.slow
@pytest.mark.parametrize("p, most", [(PocketCube(), 8), (SlidingPuzzle(3), 24)],
                         ids=["cube", "8-puzzle"])
def test_bidirectional_length_equals_bfs_on_20_scrambles(p, most):
    for s in _scrambles(p, 20, most, seed=2024):
        a = solve_bfs(p, s)
        b = solve_bidirectional(p, s)
        assert a.length == b.length
        assert p.is_goal(_play(p, s, a.solution))
        assert p.is_goal(_play(p, s, b.solution))
        assert a.unsolvable is None and b.unsolved is None


def _count_shortest_paths(p, start):
    """Brute force: shortest-path counts by BFS layers (moves with the same effect count apart)."""
    goal = p.goal_state()
    counts, dist, layer = {start: 1}, {start: 0}, [start]
    while goal not in dist:
        paths_to: Counter = Counter()
        for s in layer:
            for m in p.legal_moves(s):
                t = p.apply(s, m)
                if t not in dist:
                    paths_to[t] += counts[s]
        for t, n in paths_to.items():
            dist[t], counts[t] = dist[layer[0]] + 1, n
        layer = list(paths_to)
    return dist[goal], counts[goal]


@pytest.mark.parametrize("p, most", [(PocketCube(), 6), (SlidingPuzzle(3), 20),
                                     (Hanoi(4, pegs=4), 12), (SlidingPuzzle(2, 3), 15)],
                         ids=["cube", "8-puzzle", "hanoi4", "2x3"])
def test_all_solutions_are_optimal_distinct_valid_and_complete(p, most):
    for s in _scrambles(p, 8, most, seed=99):
        length, count = _count_shortest_paths(p, s)
        r = solve_bidirectional(p, s, all_solutions=True)
        assert r.length == length
        assert len(r.solutions) == count
        assert len(set(r.solutions)) == count
        for sol in r.solutions:
            assert len(sol) == length and p.is_goal(_play(p, s, sol))


@pytest.mark.slow
@pytest.mark.parametrize("p, count", [(Hanoi(5, pegs=4), 40), (SlidingPuzzle(3), 40),
                                      (PocketCube("F F R R U U"), 8)],
                         ids=["hanoi4-5discs", "8-puzzle-31", "cube-halfturns"])
def test_all_solutions_where_there_are_many(p, count):
    s = p.initial_state()
    length, brute = _count_shortest_paths(p, s)
    r = solve_bidirectional(p, s, all_solutions=True)
    assert brute == count and len(set(r.solutions)) == count
    assert all(len(sol) == length and p.is_goal(_play(p, s, sol)) for sol in r.solutions)


def test_all_solutions_can_be_capped():
    p = PocketCube()
    s = _scrambles(p, 1, 6, seed=5)[0]
    r = solve_bidirectional(p, s, all_solutions=True, max_solutions=1)
    assert len(r.solutions) == 1


def test_hanoi_8_discs_takes_255_moves():
    h = Hanoi(8)
    for solve in (solve_bfs, solve_bidirectional):
        r = solve(h)
        assert r.length == 255
        assert h.is_goal(_play(h, h.initial_state(), r.solution))


def test_swapped_15_puzzle_is_unsolvable_by_parity_without_search():
    p = SlidingPuzzle(4)
    goal = p.goal_state()
    s = (2, 1) + goal[2:]
    for solve in (solve_bfs, solve_bidirectional, solve_idastar):
        r = solve(p, s)
        assert r.solution is None and r.length is None
        assert r.unsolvable is not None and "parity" in r.unsolvable
        assert r.nodes == 0 and r.generated == 0


def test_exhausting_the_space_proves_unsolvable_when_quantities_are_off():
    p = SlidingPuzzle(2, 3)
    s = (2, 1, 3, 4, 5, 0)
    off = hints_from(p, use_conserved=False)
    for solve in (solve_bfs, solve_bidirectional):
        r = solve(p, s, hints=off)
        assert r.solution is None and "not reachable" in r.unsolvable
        assert "360" in r.unsolvable


@pytest.mark.parametrize("solve", [solve_bfs, solve_bidirectional, solve_idastar])
def test_limits_stop_the_search(solve):
    p = SlidingPuzzle(4)
    s = random_walk(p, 60, seed=1)
    r = solve(p, s, max_nodes=50)
    assert r.solution is None and r.unsolvable is None
    assert r.unsolved == "not solved within 50 nodes" and r.nodes == 50
    r = solve(p, s, time_limit=0.0)
    assert r.solution is None and r.unsolved.startswith("not solved within 0 s")


def test_pruning_on_or_off_gives_the_same_lengths_and_fewer_generated():
    cases = [(PocketCube(), 7), (SlidingPuzzle(3), 20), (Hanoi(4, pegs=4), 15)]
    for p, most in cases:
        for s in _scrambles(p, 5, most, seed=11):
            runs = {}
            for name, hints in (("on", hints_from(p)), ("off", no_hints(p)),
                                ("inverse", hints_from(p, use_commuting=False)),
                                ("commuting", hints_from(p, use_inverse=False))):
                runs[name] = (solve_bfs(p, s, hints=hints), solve_bidirectional(p, s, hints=hints))
            lengths = {r.length for pair in runs.values() for r in pair}
            assert len(lengths) == 1
            assert runs["on"][0].generated <= runs["off"][0].generated


def test_start_at_the_goal_needs_no_moves():
    c = PocketCube()
    for solve in (solve_bfs, solve_bidirectional, solve_idastar):
        r = solve(c, c.goal_state())
        assert r.solution == () and r.length == 0


def test_bidirectional_needs_a_goal_state_and_inverses():
    class Predicate(SlidingPuzzle):
        def goal_state(self):
            return None

    class OneWay(Hanoi):
        def inverse(self, move):
            return None

    with pytest.raises(SolverError):
        solve_bidirectional(Predicate(2, 3))
    with pytest.raises(SolverError):
        solve_bidirectional(OneWay(3))
    # BFS only needs the goal test
    assert solve_bfs(Predicate(2, 3, start=(1, 2, 3, 4, 0, 5))).length == 1
