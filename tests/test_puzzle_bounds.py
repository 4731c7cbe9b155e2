"""Lower bounds derived from the rules (gdl.interpreter.layouts.bounds): A* with them finds
the lengths a plain breadth-first search written here finds, and on sampled positions the
bound never exceeds the true distance, found by the same plain search."""

from __future__ import annotations

import json
import random
from collections import deque

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.catalog import compile_text
from gdl.interpreter.layouts.bounds import derive_bound
from gdl.interpreter.layouts.one_player import OnePlayerPuzzle
from gdl.solvers.puzzles.astar import solve_astar
from gdl.solvers.puzzles.weighted import solve_weighted

SMALL_PEGS = """game "Pegs 4x3"
players solver
board 4 x 3
pieces peg
setup solver peg: not a1
move: jump peg n s e w over own to empty
goal: count own == 1
"""


def distances(puzzle, start, limit=200_000):
    """The plain search: every state reachable from `start` and its distance to the nearest
    goal (None: no goal reachable), by breadth-first search then a backward sweep."""
    seen, order, succ = {start: 0}, [start], {}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        nxt = [] if puzzle.is_goal(s) else [puzzle.apply(s, m) for m in puzzle.legal_moves(s)]
        succ[s] = nxt
        for t in nxt:
            if t not in seen:
                seen[t] = seen[s] + 1
                order.append(t)
                queue.append(t)
        assert len(seen) < limit, "the test's search is too large"
    to_goal = {}
    for s in reversed(order):   # successors are deeper or equal; iterate to a fixed point
        to_goal[s] = 0 if puzzle.is_goal(s) else None
    changed = True
    while changed:
        changed = False
        for s in order:
            if to_goal[s] == 0:
                continue
            best = min((to_goal[t] + 1 for t in succ[s] if to_goal[t] is not None), default=None)
            if best is not None and (to_goal[s] is None or best < to_goal[s]):
                to_goal[s], changed = best, True
    return to_goal


def sample(puzzle, rng, walks=30, plies=12):
    out, start = [], puzzle.initial_state()
    for _ in range(walks):
        s = start
        for _ in range(rng.randrange(plies + 1)):
            moves = list(puzzle.legal_moves(s))
            if not moves:
                break
            s = puzzle.apply(s, rng.choice(moves))
        out.append(s)
    return out


CASES = [("lights_out", {"size": "3"}), ("lights_out", {"size": "4"}), ("sokoban", {}),
         ("rush_hour", {}), ("rush_hour", {"reach": "1"})]


@pytest.mark.slow
@pytest.mark.parametrize("name, options", CASES)
def test_derived_bound_is_admissible_and_astar_is_optimal(name, options):
    game = catalog.load(name, options)
    puzzle = OnePlayerPuzzle(game)
    bound = derive_bound(game.ir)
    assert bound is not None and puzzle.heuristic_source == bound.text
    truth = distances(puzzle, puzzle.initial_state())
    result = solve_astar(puzzle, heuristic=bound.function)
    assert result.length == truth[puzzle.initial_state()]
    rng = random.Random(3)
    checked = 0
    for s in sample(puzzle, rng):
        d = distances(puzzle, s)[s] if s not in truth else truth[s]
        h = bound.function(s)
        assert d is None or h <= d, (puzzle.state_text(s), h, d)
        checked += d is not None and h > 0
    assert checked >= 10   # most samples have a goal and a bound above zero


def test_small_peg_board_bound_is_admissible():
    game = compile_text(SMALL_PEGS, "pegs.gdl")
    puzzle = OnePlayerPuzzle(game)
    assert puzzle.heuristic_source == "derived: |count own - 1|, at most 1 a move"
    truth = distances(puzzle, puzzle.initial_state())
    for s, d in truth.items():
        if d is not None:
            assert puzzle.heuristic_distance(s) == d   # every jump takes one peg: exact
    assert solve_astar(puzzle).length == truth[puzzle.initial_state()] == 10


def test_peg_solitaire_derives_the_declared_bound():
    game = catalog.load("peg_solitaire")
    bound = derive_bound(game.ir)
    state = game.initial_state()
    for _ in range(10):
        assert bound.function(state) == game.heuristic_value(state) == \
            sum(p.bit_count() for p in state[:1]) - 1
        state = game.apply(state, next(iter(game.legal_moves(state))))


def test_no_bound_where_none_is_proved():
    # A move that adds a piece anywhere: the count of own pieces changes by the whole board.
    source = SMALL_PEGS.replace("move: jump peg n s e w over own to empty",
                                "move: choose empty then fill empty with peg")
    assert derive_bound(compile_text(source, "fill.gdl").ir) is None
    assert OnePlayerPuzzle(compile_text(source, "fill.gdl")).heuristic_source == "none"


@pytest.mark.slow
def test_solve_and_check_say_which_heuristic(capsys):
    assert main(["solve", "sokoban", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "astar" and data["length"] == 33
    assert data["heuristic"] == \
        "derived: the sum of each box's distance to b4 or c6, at most 1 step a move"
    assert main(["solve", "peg_solitaire", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["heuristic"] == "declared: count own - 1"
    assert main(["solve", "lights_out", "--set", "size=3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["heuristic"] == "none"   # bidirectional
    assert main(["check", "rush_hour", "--games", "2"]) == 0
    assert "heuristic: derived: the least distance of a A to f4, at most 4 steps a move" \
        in capsys.readouterr().out


TWO_BOXES = "#######\n#     #\n# $@$ #\n#.   .#\n#######\n"


def fewest_pushes(puzzle, start):
    """Every state's fewest pushes to the goal (walking free), by a plain 0-1 search from
    `start` and a backward sweep to a fixed point."""
    succ, order, queue = {}, [start], deque([start])
    while queue:
        s = queue.popleft()
        succ[s] = [] if puzzle.is_goal(s) else \
            [(puzzle.rule_name(m) == "push", puzzle.apply(s, m)) for m in puzzle.legal_moves(s)]
        for _, t in succ[s]:
            if t not in succ and t not in queue:
                order.append(t)
                queue.append(t)
    cost = {s: 0 if puzzle.is_goal(s) else None for s in order}
    changed = True
    while changed:
        changed = False
        for s in order:
            best = min((c + cost[t] for c, t in succ[s] if cost[t] is not None), default=None)
            if best is not None and (cost[s] is None or best < cost[s]):
                cost[s], changed = best, True
    return cost


@pytest.mark.parametrize("level", [None, TWO_BOXES])
def test_push_bound_is_admissible_and_the_fewest_pushes_equal_a_plain_search(level):
    game = catalog.load("sokoban") if level is None else catalog.load_level("sokoban", level)
    puzzle = OnePlayerPuzzle(game)
    text, bound = puzzle.cost_bound("push")
    assert text.startswith("derived: the sum of each box's distance")
    assert puzzle.cost_bound("step") is None   # free pushes move the boxes: nothing proved
    truth = fewest_pushes(puzzle, puzzle.initial_state())
    assert all(bound(s) <= c for s, c in truth.items() if c is not None)
    is_push = lambda m: puzzle.rule_name(m) == "push"   # noqa: E731
    found = solve_weighted(puzzle, is_push, heuristic=bound)
    plain = solve_weighted(puzzle, is_push)
    assert sum(map(is_push, found.solution)) == sum(map(is_push, plain.solution)) \
        == truth[puzzle.initial_state()] == (8 if level is None else 4)
    assert found.nodes < plain.nodes


REPLACED = """game "replaced"
players solo
board 4 x 1
pieces box man
region goal: d1
setup solo box: a1
setup solo man: b1
move: step box e to empty then add man at here
move: step man e w to empty
goal: no (box and not goal)
"""


def test_a_piece_that_can_vanish_gets_no_distance_bound():
    # The box's step leaves a man where it lands: boxes vanish, so their distances prove
    # nothing; the count (one box off the goal, two cells changed a move) still holds.
    game = compile_text(REPLACED, "replaced.gdl")
    assert derive_bound(game.ir).text == \
        "derived: count (box and (a1 or b1 or c1)), at most 2 a move"
    puzzle = OnePlayerPuzzle(game)
    truth = distances(puzzle, puzzle.initial_state())
    assert truth[puzzle.initial_state()] == 2   # the man steps aside, the box steps
    assert all(puzzle.heuristic_distance(s) <= d for s, d in truth.items() if d is not None)
    kept = compile_text(REPLACED.replace("add man at here", "add man at origin"), "kept.gdl")
    assert derive_bound(kept.ir).text == \
        "derived: the sum of each box's distance to d1, at most 1 step a move"
