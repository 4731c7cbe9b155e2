"""OpenSpiel's quoridor read as gdl's. OpenSpiel keeps the board as a grid of 2n - 1 cells a
side (squares at even x and y, wall slots and joints between) and draws it top row first,
its y = 0 on top: gdl's top row (row 2n - 1), so the rows read in the same order. A square
is three characters wide (` . `, ` 0 `, ` @ `), a slot between two squares of a row one
(`|`), a slot between two squares of a column three (`---`), a joint one (`+`); a blank one
is empty. 0 is White (player 0, starting at the bottom), @ Black, a wall piece gdl's
neutral `*`. The walls each side has left are the first line's `walls: a, b`."""

import re

SIZE = 5   # 9 x 9 (OpenSpiel's default) is checked from the start in tests/data/perft
SPIEL = "quoridor"
PARAMS = {"board_size": SIZE}
OPTIONS = {"n": SIZE}
KEY = ("board", "left")   # the board and the walls left, player by player
DEPTH = 3
POSITION_DEPTH = 3
LIVE_GAMES = 100   # replayed in full; the rest of the suite's 200 counted (on C where it builds)
TURN_ACTIONS = 1   # each of OpenSpiel's actions is a whole move


def position(state) -> str:
    lines = str(state).splitlines()
    left = re.search(r"walls: (\d+), (\d+)", lines[0])
    rows = [cells(line[2:]) for line in lines[2:2 + 2 * SIZE - 1]]
    return "/".join(rows) + f" left={left[1]},{left[2]}"


def cells(text: str) -> str:
    """One row of OpenSpiel's picture (after its number) as gdl's cells."""
    out, at = [], 0
    for x in range(2 * SIZE - 1):
        width = 3 if x % 2 == 0 else 1
        part = text[at:at + width].strip()
        at += width
        out.append({"": ".", ".": ".", "0": "W", "@": "B"}.get(part, "*"))
    return "".join(out)


def spiel_moves(text: str) -> list[int]:
    """OpenSpiel's action for gdl's move. A wall (`wall c2`) is the cell OpenSpiel names it by:
    its left slot, or for an upright one its top slot (two rows above gdl's bottom one). A
    pawn's move is its offset from the cell (2, 2): a straight jump has a step's number."""
    side = 2 * SIZE - 1
    if text.startswith("wall "):
        column, row = ord(text[5]) - ord("a"), int(text[6:])
        top = row + 2 if column % 2 else row
        return [column + (side - top) * side]
    start, end = ([ord(c[0]) - ord("a"), int(c[1:])] for c in text.split("-"))
    dx, dy = end[0] - start[0], start[1] - end[1]   # OpenSpiel's y runs down the rows
    if abs(dx) + abs(dy) == 4 and dx * dy == 0:
        dx, dy = dx // 2, dy // 2
    return [(2 + dx) + (2 + dy) * side]
