"""Sokoban and Rush Hour: levels lowered to one-player games (gdl.grammar.levels), solved optimally
and checked against plain breadth-first searches written here over the test's own model."""

from __future__ import annotations

import json
from collections import deque

import pytest

from gdl import catalog
from gdl.grammar import levels
from gdl.cli.main import main
from gdl.errors import PositionError

MICROBAN_1 = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n"
TWO_BOXES = "#######\n#     #\n# $@$ #\n#.   .#\n#######\n"
RUSH = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"
RUSH_EASY = "ooooBoooooBoAAooBooooooooooooooooooo"
STEPS = ((0, -1), (0, 1), (1, 0), (-1, 0))


def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# --------------------------------------------------------------------------- Sokoban

def plain_sokoban(level: str, push_cost: bool = False) -> int:
    """Fewest moves (or pushes, walking free) of an XSB level, by plain (0-1) BFS."""
    rows = level.splitlines()
    walls = {(c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
    boxes = frozenset((c, r) for r, row in enumerate(rows) for c, ch in enumerate(row)
                      if ch in "$*")
    goals = {(c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in ".*+"}
    man = next((c, r) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch in "@+")
    start = (man, boxes)
    best, queue = {start: 0}, deque([(0, start)])
    while queue:
        g, (man, boxes) = queue.popleft()
        if best[(man, boxes)] < g:
            continue
        if boxes <= goals:
            return g
        for dx, dy in STEPS:
            to = (man[0] + dx, man[1] + dy)
            if to in walls:
                continue
            new_boxes, cost = boxes, 0 if push_cost else 1
            if to in boxes:
                beyond = (to[0] + dx, to[1] + dy)
                if beyond in walls or beyond in boxes:
                    continue
                new_boxes, cost = boxes - {to} | {beyond}, 1
            state = (to, new_boxes)
            if best.get(state, g + cost + 1) > g + cost:
                best[state] = g + cost
                (queue.append if cost else queue.appendleft)((g + cost, state))
    raise AssertionError("no solution")


@pytest.mark.parametrize("level", [MICROBAN_1, TWO_BOXES])
def test_sokoban_moves_and_pushes_equal_a_plain_search(capsys, level):
    data = run_json(capsys, "solve", "sokoban", "--position", level)
    assert data["length"] == plain_sokoban(level)
    pushes = run_json(capsys, "solve", "sokoban", "--position", level, "--cost", "push")
    assert pushes["push"] == plain_sokoban(level, push_cost=True)
    assert pushes["length"] >= data["length"]


def test_bundled_sokoban_is_the_lowering_of_its_level(capsys):
    text = catalog.bundled_paths()["sokoban"].read_text()
    picture = [line[4:] for line in text.splitlines() if line.startswith("#   ")]
    assert levels.sokoban_rules("\n".join(picture)) == text
    assert run_json(capsys, "solve", "sokoban")["length"] == plain_sokoban(MICROBAN_1) == 33


def test_dead_squares_come_from_the_walls():
    width, height, floor, boxes, targets, keeper = levels.read_xsb(TWO_BOXES)
    dead = levels.dead_squares(floor, targets)
    # the corners and the top row: a box there never comes back down to row 3
    assert {(1, 1), (5, 1), (3, 1)} <= dead and not dead & targets
    assert (3, 2) not in dead and (1, 3) not in dead


def test_a_bad_level_is_one_located_error():
    with pytest.raises(PositionError, match="'x' .*row 2, column 3"):
        levels.read_xsb("#####\n#@x.#\n#####")
    with pytest.raises(PositionError, match="one keeper"):
        levels.read_xsb("#####\n# $.#\n#####")


# --------------------------------------------------------------------------- Rush Hour

def plain_rush_hour(board: str, whole: bool = True) -> int:
    """Fewest vehicle moves to bring A's front to the right edge, by plain BFS: a move slides
    one vehicle any number of free cells along its length (with whole=False, one cell)."""
    cars: dict[str, list[int]] = {}
    for i, ch in enumerate(board):
        if ch not in "ox.":
            cars.setdefault(ch, []).append(i)
    walls = {i for i, ch in enumerate(board) if ch == "x"}
    names = sorted(cars)
    step = {k: 1 if cars[k][1] - cars[k][0] == 1 else 6 for k in names}
    length = {k: len(cars[k]) for k in names}
    start = tuple(cars[k][0] for k in names)
    seen, frontier, depth = {start}, [start], 0
    while frontier:
        nxt = []
        for s in frontier:
            a = s[names.index("A")]
            if a % 6 + length["A"] == 6:
                return depth
            taken = walls | {p + j * step[k] for k, p in zip(names, s) for j in range(length[k])}
            for i, k in enumerate(names):
                d, n = step[k], length[k]
                for way in (-1, 1):
                    p = s[i]
                    while True:   # one cell further each time, while the cell entered is free
                        new = p + way * d
                        enter = new if way < 0 else p + n * d
                        if not 0 <= enter < 36 or d == 1 and enter // 6 != p // 6 \
                                or enter in taken:
                            break
                        p = new
                        t = s[:i] + (p,) + s[i + 1:]
                        if t not in seen:
                            seen.add(t)
                            nxt.append(t)
                        if not whole:
                            break
        frontier, depth = nxt, depth + 1
    raise AssertionError("no solution")


def replay_rush_hour(board: str, texts: list[str]) -> bool:
    """Whether the moves (`c4-d4/d4-e4`: the front's one-cell steps) slide one vehicle each,
    along its length over free cells, and bring A to the right edge: the test's own replay."""
    grid = dict(enumerate(board))
    for text in texts:
        cells = [step.split("-") for step in text.split("/")]
        names = [(ord(a[0]) - 97 + (6 - int(a[1:])) * 6, ord(b[0]) - 97 + (6 - int(b[1:])) * 6)
                 for a, b in cells]
        car = grid[names[0][0]]
        if car in "ox":
            return False
        for a, b in names:   # the front steps to b (along the vehicle); the tail cell empties
            way = b - a
            if grid[b] != "o" or grid[a] != car or grid.get(a - way) != car:
                return False
            tail = a
            while 0 <= tail - way < 36 and grid[tail - way] == car:
                tail -= way
            grid[b], grid[tail] = car, "o"
    return any(grid[i * 6 + 5] == "A" for i in range(6))


@pytest.mark.parametrize("board", [RUSH, RUSH_EASY])
def test_rush_hour_equals_a_plain_search(capsys, board):
    data = run_json(capsys, "solve", "rush_hour", "--position", board)
    assert data["length"] == plain_rush_hour(board)
    assert replay_rush_hour(board, data["solution"])


def test_bundled_rush_hour_solves_optimally_in_vehicle_moves(capsys):
    data = run_json(capsys, "solve", "rush_hour")
    assert data["length"] == plain_rush_hour(RUSH) == 60
    assert replay_rush_hour(RUSH, data["solution"])


def test_rush_hour_in_one_cell_moves_with_reach_1(capsys):
    data = run_json(capsys, "solve", "rush_hour", "--set", "reach=1")
    assert data["length"] == plain_rush_hour(RUSH, whole=False) == 103
    assert all("/" not in text for text in data["solution"])
    assert replay_rush_hour(RUSH, data["solution"])


def test_bundled_rush_hour_is_the_lowering_of_its_board():
    text = catalog.bundled_paths()["rush_hour"].read_text()
    picture = "".join(line[4:] for line in text.splitlines() if line.startswith("#   "))
    assert picture == RUSH and levels.rush_hour_rules(RUSH) == text
    assert not replay_rush_hour(RUSH, ["b4-c4"]) and not replay_rush_hour(RUSH, ["f3-f4"])
