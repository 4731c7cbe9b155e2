"""Sokoban and Rush Hour: levels lowered to one-player games (gdl.levels), solved optimally
and checked against plain breadth-first searches written here over the test's own model."""

from __future__ import annotations

import json
from collections import deque

import pytest

from gdl import catalog, levels
from gdl.cli import main
from gdl.interpreter.position import PositionError

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

def plain_rush_hour(board: str) -> int:
    """Fewest one-cell vehicle moves to bring A's front to the right edge, by plain BFS."""
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
                p, d, n = s[i], step[k], length[k]
                for new, enter in ((p - d, p - d), (p + d, p + n * d)):
                    if d == 1 and new // 6 != p // 6 or not 0 <= enter < 36 \
                            or d == 1 and enter // 6 != p // 6 or enter in taken:
                        continue
                    t = s[:i] + (new,) + s[i + 1:]
                    if t not in seen:
                        seen.add(t)
                        nxt.append(t)
        frontier, depth = nxt, depth + 1
    raise AssertionError("no solution")


@pytest.mark.parametrize("board", [RUSH, RUSH_EASY])
def test_rush_hour_equals_a_plain_search(capsys, board):
    data = run_json(capsys, "solve", "rush_hour", "--position", board)
    assert data["length"] == plain_rush_hour(board)


def test_bundled_rush_hour_solves_optimally(capsys):
    data = run_json(capsys, "solve", "rush_hour")
    assert data["length"] == plain_rush_hour(RUSH)
