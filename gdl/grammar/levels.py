"""Levels as rules: a Sokoban level (XSB text) or a Rush Hour board string, lowered to the
rules text of a one-player game on the general core, then compiled like any rules file.

Nothing of the level's text reaches the rules text but what the level means: cell
names (a1 ..), made here from coordinates, and the rules below. So a level is data
and can never be code.

Sokoban (XSB: `#` wall, `@` keeper, `+` keeper on a target, `$` box, `*` box on a
target, `.` target, space floor; `-` and `_` are floor too; lines are rows, the top
first). The board is the floor the keeper can reach. A push is a box's step from a
cell whose neighbour behind it holds the keeper, who follows into the cell it left:

    move push: step box n from s is man to empty then move man to origin

Dead squares, derived from the walls: the floor cells from which no sequence of
pushes brings a box to a target (found by pulling boxes backward from every
target), a box there is a lost game, so `illegal: count (box and dead) > 0` prunes
every move that puts one there.

Rush Hour (36 letters, rows top first: `o` or `.` empty, `x` a wall, a letter a
vehicle of 2 or 3 cells; `A` is the red car, which leaves by the right edge of its
row). Every vehicle is a piece kind; it moves along its length, any number of free
cells as one move (the puzzle's own count): its front steps on, the cell it left is
filled and the tail cell is emptied, again from where the front landed (`repeat`),

    move: repeat up to reach step B e from not (e is B) to empty
          then add B at origin, remove B and not (w is B)

and `--set reach=1` counts a solution in one-cell moves instead.

>>> print(sokoban_rules("#####\\n#@$.#\\n#####").splitlines()[0])
game "Sokoban"
"""

from __future__ import annotations

from collections.abc import Iterable

from gdl.errors import PositionError

Cell = tuple[int, int]   # (column, row from the top), 0-based
STEPS = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}
BEHIND = {"n": "s", "s": "n", "e": "w", "w": "e"}
MAX_SIDE = 26   # columns are letters
FLOOR, WALL = " -_", "#"


def _name(cell: Cell, height: int) -> str:
    column, row = cell
    return f"{chr(97 + column)}{height - row}"


def _cells(cells: Iterable[Cell], height: int) -> str:
    names = sorted(_name(c, height) for c in cells)
    return " or ".join(names) if names else "nothing"


# --------------------------------------------------------------------------- Sokoban

def read_xsb(text: str) -> tuple[int, int, set[Cell], set[Cell], set[Cell], Cell]:
    """(width, height, floor, boxes, targets, keeper) of an XSB level; the floor is what
    the keeper can reach.

    Raises:
        PositionError: a character outside XSB, no keeper or several, a level too large,
            or more boxes than targets.
    """
    lines = [line.rstrip() for line in text.replace("|", "\n").splitlines()]
    lines = [line for line in lines if line.strip()]
    height, width = len(lines), max((len(line) for line in lines), default=0)
    if not 1 <= width <= MAX_SIDE or not 1 <= height <= MAX_SIDE:
        raise PositionError(f"a Sokoban level is 1..{MAX_SIDE} cells wide and high, "
                            f"not {width} x {height}")
    open_cells, boxes, targets, keepers = set(), set(), set(), []
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            cell = (column, row)
            if char not in FLOOR + WALL + "@+$*.":
                raise PositionError(f"{char!r} (row {row + 1}, column {column + 1}) is not "
                                    f"XSB: # @ + $ * . or a space")
            if char != WALL:
                open_cells.add(cell)
            if char in "$*":
                boxes.add(cell)
            if char in "*+.":
                targets.add(cell)
            if char in "@+":
                keepers.append(cell)
    if len(keepers) != 1:
        raise PositionError(f"a Sokoban level has one keeper (@ or +), not {len(keepers)}")
    floor = _reach(keepers[0], open_cells)
    boxes &= floor
    targets &= floor
    if not boxes or len(boxes) > len(targets):
        raise PositionError(f"the level has {len(boxes)} boxes and {len(targets)} targets "
                            f"the keeper can reach")
    return width, height, floor, boxes, targets, keepers[0]


def _reach(start: Cell, cells: set[Cell]) -> set[Cell]:
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS.values():
            nxt = (x + dx, y + dy)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def dead_squares(floor: set[Cell], targets: set[Cell]) -> set[Cell]:
    """The floor cells from which no pushes bring a box to a target: all but those a box
    can be pulled to from a target (a pull from b to b - d needs b - d and b - 2d free)."""
    live, todo = set(targets), list(targets)
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS.values():
            one, two = (x - dx, y - dy), (x - 2 * dx, y - 2 * dy)
            if one in floor and two in floor and one not in live:
                live.add(one)
                todo.append(one)
    return floor - live


def _xsb_char(cell: Cell, floor: set[Cell], boxes: set[Cell], targets: set[Cell],
              keeper: Cell) -> str:
    if cell not in floor:
        return "#"
    on_target = cell in targets
    if cell == keeper:
        return "+" if on_target else "@"
    if cell in boxes:
        return "*" if on_target else "$"
    return "." if on_target else " "


def sokoban_rules(level: str, title: str = "Sokoban") -> str:
    """The rules text of the Sokoban level `level` (XSB).

    Raises:
        PositionError: the level is not XSB (see `read_xsb`).
    """
    width, height, floor, boxes, targets, keeper = read_xsb(level)
    dead = dead_squares(floor, targets)
    every = {(c, r) for c in range(width) for r in range(height)}
    rows = ["".join(_xsb_char((c, r), floor, boxes, targets, keeper) for c in range(width))
            for r in range(height)]
    lines = [f'game "{title}"',
             "# Push every box onto a target. The keeper steps north, south, east or west",
             "# onto free floor; stepping into a box pushes it one cell on, onto free floor.",
             "# Lowered from this level (XSB) by gdl.grammar.levels:",
             *(f"#   {row.rstrip()}" for row in rows),
             "players keeper",
             f"board {width} x {height} cells not ({_cells(every - floor, height)})"
             if every - floor else f"board {width} x {height}",
             "pieces man box",
             f"region target: {_cells(targets, height)}",
             f"setup keeper man: {_name(keeper, height)}",
             f"setup keeper box: {_cells(boxes, height)}",
             "move: step man n s e w to empty"]
    lines += [f"move push: step box {d} from {BEHIND[d]} is man to empty "
              f"then move man to origin" for d in "nsew"]
    if dead:
        lines += [f"region dead: {_cells(dead, height)}",
                  "illegal: count (box and dead) > 0"]
    lines.append("goal: no (box and not target)")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- Rush Hour

RUSH_SIDE = 6


def read_rush_hour(text: str) -> dict[str, list[Cell]]:
    """Vehicle letter -> its cells (in reading order) of a 6 x 6 board string; walls
    under "x".

    Raises:
        PositionError: not 36 cells, a vehicle not in one line of 2 or 3 cells, no red
            car A, or the red car not horizontal.
    """
    cells = "".join(text.split()).replace("/", "").replace(".", "o")
    if len(cells) != RUSH_SIDE * RUSH_SIDE:
        raise PositionError(f"a Rush Hour board is 36 cells, rows top first; got {len(cells)}")
    vehicles: dict[str, list[Cell]] = {}
    for index, char in enumerate(cells):
        if char == "o":
            continue
        if not (char.isalpha() and char.isascii()):
            raise PositionError(f"{char!r} is no vehicle letter, 'o' (empty) or 'x' (wall)")
        vehicles.setdefault(char, []).append((index % RUSH_SIDE, index // RUSH_SIDE))
    if "A" not in vehicles:
        raise PositionError("the board has no red car (A)")
    for letter, where in vehicles.items():
        if letter == "x":
            continue
        columns, rows = {c for c, _ in where}, {r for _, r in where}
        line = len(rows) == 1 and max(columns) - min(columns) == len(where) - 1 or \
            len(columns) == 1 and max(rows) - min(rows) == len(where) - 1
        if not 2 <= len(where) <= 3 or not line:
            raise PositionError(f"vehicle {letter} is not 2 or 3 cells in a line")
    if len({r for _, r in vehicles["A"]}) != 1:
        raise PositionError("the red car (A) must lie along its row, towards the exit")
    return vehicles


def rush_hour_rules(board: str, title: str = "Rush Hour") -> str:
    """The rules text of the Rush Hour board string `board` (see the module doc).

    Raises:
        PositionError: the board is not a Rush Hour board (see `read_rush_hour`).
    """
    vehicles = read_rush_hour(board)
    walls = vehicles.pop("x", [])
    kinds = sorted(vehicles)
    exit_row = RUSH_SIDE - vehicles["A"][0][1]
    picture = ["".join(next((k for k in vehicles if (c, r) in vehicles[k]),
                            "x" if (c, r) in walls else "o") for c in range(RUSH_SIDE))
               for r in range(RUSH_SIDE)]
    lines = [f'game "{title}"',
             "# Slide the red car A out by the right edge of its row. A vehicle moves along",
             "# its length over free cells, as far as it likes: one move (up to `reach`",
             "# cells; --set reach=1 counts one-cell moves). Lowered by gdl.grammar.levels from:",
             *(f"#   {row}" for row in picture),
             "players driver",
             f"option reach = {RUSH_SIDE - 2}",
             f"board {RUSH_SIDE} x {RUSH_SIDE}"
             + (f" cells not ({_cells(walls, RUSH_SIDE)})" if walls else ""),
             f"pieces {' '.join(kinds)}"]
    lines += [f"setup driver {k}: {_cells(vehicles[k], RUSH_SIDE)}" for k in kinds]
    for k in kinds:
        horizontal = len({r for _, r in vehicles[k]}) == 1
        for ahead, back in (("e", "w"), ("w", "e")) if horizontal else (("n", "s"), ("s", "n")):
            lines.append(f"move: repeat up to reach step {k} {ahead} from not ({ahead} is {k}) "
                         f"to empty then add {k} at origin, remove {k} and not ({back} is {k})")
    lines.append(f"goal: count (A and f{exit_row}) > 0")
    return "\n".join(lines) + "\n"

