"""A position as text, both ways: `--position`, `gdl play` and `--json` use it.

The form is the board's rows from the top, `/` between rows, one letter per cell
('.' for an empty cell, ' ' cells off the playable set are left out), then the
player to move, then each state variable as `name=value`:

    ..X/.O./X.. O          tic-tac-toe, O to move
    First heap=3,4,5       Nim (no board: the player to move, then the heaps)

A game with one kind of piece writes each player's initial (digits beyond two
players); with several kinds, each kind's letter, upper case for the first player
and lower case for the second (the first letter of its name not taken by an
earlier kind: pawn p, knight k, king i; when its name has none left, the first free
letter of the alphabet: t1 t, t2 a, t3 b). A promoted twin (`queen~`) is its kind's
letter and `~`: `Q~`.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from gdl.errors import PositionError
from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits


def letters(game: ir.GameIR) -> dict[tuple[int, int], str]:
    """(owner, kind) -> its letter in a position text."""
    players = len(game.players)
    owned = [k for k in range(len(game.pieces)) if k not in game.neutral]
    out: dict[tuple[int, int], str] = {}
    if len(owned) == 1:   # one kind of the players' (and maybe neutral ones): their initials
        initials = [p[0].upper() for p in game.players]
        if players > 2 or len(set(initials)) < players:
            initials = [str(p + 1) for p in range(players)]
        out = {(p, owned[0]): initials[p] for p in range(players)}
    else:
        if players > 2:
            raise PositionError("positions of games of more than two players with several "
                                "kinds of pieces have no text form yet")
        taken: list[str] = []
        for k, name in enumerate(game.pieces):
            if k in game.neutral or name.endswith("~"):   # a twin: its kind's letter and ~
                continue
            # its name's first free letter, else any free one (numbered kinds: t1, t2, ...)
            letter = next((c for c in name.lower() + "abcdefghijklmnopqrstuvwxyz"
                           if c.isalpha() and c not in taken), None)
            if letter is None:
                raise PositionError(f"piece '{name}' has no letter of its own for positions")
            taken.append(letter)
            out[(0, k)] = letter.upper()
            if players > 1:
                out[(1, k)] = letter
        for k, name in enumerate(game.pieces):
            if name.endswith("~"):
                base = game.pieces.index(name[:-1])
                out.update({(p, k): out[(p, base)] + "~" for p in range(players)})
    for j, kind in enumerate(game.neutral):   # neutral pieces: * # + %
        out[(players, kind)] = "*#+%"[j % 4]
    return out


def position_text(game: ir.GameIR, state: tuple, table: dict | None = None,
                  geo: Any = None) -> str:
    """The text of `state` (see the module doc); `table` is `letters(game)`, when kept;
    `geo` names the cells (the game's geometry as people meet it: notation.named_geometry)."""
    geo, n_planes = geo or game.geometry, len(game.initial_planes)
    parts = []
    if n_planes:
        mark = {}
        table = table or letters(game)
        for index in range(n_planes):
            owner, kind = divmod(index, len(game.pieces))
            for cell in bits(state[index]):
                mark[cell] = table[(owner, kind)]
        parts.append("/".join("".join([mark.get(c, ".") for c in row]) for row in _rows(geo)))
    parts.append(game.players[state[-2]])
    for variable, value in zip(game.variables, state[n_planes:-2]):
        if variable.type != ir.HISTORY:
            parts.append(f"{variable.name}={_value_text(geo, variable, value)}")
    return " ".join(parts)


@functools.cache
def _rows(geo: Any) -> tuple[tuple[int, ...], ...]:
    """The playable cells of each row, top row first, left to right."""
    return tuple(tuple(geo.cell(x, y) for x in range(geo.width) if geo.playable >> geo.cell(x,
                                                                                            y) & 1)
                 for y in range(geo.height - 1, -1, -1))


def _value_text(geo: Any, variable: ir.Variable, value: Any) -> str:
    if variable.type == ir.LIST:
        return ",".join(map(str, value)) or "-"
    if variable.type == ir.CELLS:
        return ",".join(geo.name(c) for c in bits(value)) or "none"
    if variable.type == ir.COUNTS:   # the playable cells' counts, in cell order
        return ",".join(str(value[c]) for c in geo.cells)
    return str(value)


def parse_position(game: ir.GameIR, text: str, geo: Any = None) -> tuple:
    """The state `text` describes, its result not yet judged (0); `geo` names the cells
    (as in `position_text`).

    Raises:
        PositionError: the text is not a position of this game, with what is wrong.
    """
    words = text.split()
    geo, n_planes = geo or game.geometry, len(game.initial_planes)
    planes = [0] * n_planes
    if n_planes:
        if not words:
            raise PositionError("a position starts with the board's rows")
        planes = _board(game, words.pop(0))
    if not words or words[0] not in game.players:
        raise PositionError(f"say who is to move: one of {', '.join(game.players)}")
    player = game.players.index(words.pop(0))
    values = {v.name: v.initial for v in game.variables}
    for word in words:
        name, _, value = word.partition("=")
        variable = next((v for v in game.variables if v.name == name and v.type != ir.HISTORY),
                        None)
        if variable is None or not value:
            known = ", ".join(v.name for v in game.variables if v.type != ir.HISTORY) or "none"
            raise PositionError(f"{word!r} is not `name=value` of a state variable "
                                f"(they are: {known})")
        values[name] = _parse_value(geo, variable, value)
    return (*planes, *(values[v.name] for v in game.variables), player, 0)


def _board(game: ir.GameIR, text: str) -> list[int]:
    geo = game.geometry
    table = {letter: key for key, letter in letters(game).items()}
    rows = text.split("/")
    if len(rows) != geo.height:
        raise PositionError(f"the board has {geo.height} rows, the position {len(rows)}")
    planes = [0] * len(game.initial_planes)
    for row, y in zip(rows, range(geo.height - 1, -1, -1)):
        cells = [geo.cell(x, y) for x in range(geo.width) if geo.playable >> geo.cell(x, y) & 1]
        marks = re.findall(r".~?", row)   # Q~: a promoted twin's letter
        if len(marks) != len(cells):
            raise PositionError(f"row {y + 1} has {len(cells)} cells, "
                                f"the position gives {len(marks)}")
        for cell, letter in zip(cells, marks):
            if letter == ".":
                continue
            if letter not in table:
                raise PositionError(f"{letter!r} in row {y + 1} is not a piece of this game "
                                    f"(pieces: {''.join(sorted(table))}, '.' for an empty cell)")
            owner, kind = table[letter]
            planes[owner * len(game.pieces) + kind] |= 1 << cell
    return planes


def _parse_value(geo: Any, variable: ir.Variable, text: str) -> Any:
    try:
        if variable.type == ir.LIST:
            return tuple(int(t) for t in text.split(",") if t != "-")
        if variable.type == ir.CELLS:
            return sum(1 << geo.names[t] for t in text.split(",") if t != "none")
        if variable.type == ir.COUNTS:
            numbers = [int(t) for t in text.split(",")]
            if len(numbers) != len(geo.cells):
                raise ValueError
            counts = [0] * (geo.height * geo.stride)
            for cell, number in zip(geo.cells, numbers):
                counts[cell] = number
            return tuple(counts)
        if variable.type == ir.BOOL:
            return text in ("1", "true", "True")
        return int(text)
    except (ValueError, KeyError):
        raise PositionError(f"{variable.name}={text} is not a value of {variable.name} "
                            f"(a {variable.type})") from None
