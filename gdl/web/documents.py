"""Compiled games and their states as JSON values: what the page draws and clicks.

A board's geometry is sent once (`board`), a position each time (`position`). A legal
move carries its text and the cells its text names, in order (`e2-e4`: e2 then e4;
`a3xc5xe7`; `d1-d7/g7`): the page builds a move by clicking through those cells and
offers only the moves whose cells begin with the clicks made so far.
"""

from __future__ import annotations

import re
from typing import Any

from gdl.interpreter.core import ir, picture_style
from gdl.interpreter.python import picture
from gdl.interpreter.python.compiled import CompiledGame
from gdl.interpreter.core.grid.compiled import CompiledConstraints
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.layouts.compiled import CompiledPuzzle
from gdl.interpreter.layouts import picture as puzzle_picture
from gdl.interpreter.core.puzzle_ir import PermutationIR, TilesIR
from gdl.protocol import Game, State
from gdl.interpreter.core.grid.model import AllDifferent
from gdl.interpreter.core.grid.text import symbol

_WORD = re.compile(r"[^-x/*=\s,]+")   # the separators of move texts: - x / * = , and blanks


def move_cells(game: Any, text: str) -> list[str]:
    """The cell names `text` mentions, in order (repeats kept: an arrow shot back to where
    the amazon started names that cell twice)."""
    names = getattr(getattr(game, "geometry", None), "names", None)
    if not names:
        return []
    return [w for w in _WORD.findall(text) if w in names]


# --------------------------------------------------------------------------- boards

def board(game: Any) -> dict[str, Any]:
    """What the page needs to draw the game's board (once per loaded game)."""
    if isinstance(game, CompiledConstraints):
        return {"shape": "constraints", "width": game.width, "height": game.height,
                "values": list(game.values), "boxes": list(game.boxes) if game.boxes else None,
                "givens": game.grid_string(dict(game.default_givens))}
    if isinstance(game, CompiledPuzzle):
        form = game.ir.form
        if isinstance(form, TilesIR):
            return {"shape": "tiles", "rows": form.rows, "cols": form.cols}
        return {"shape": "text" if isinstance(form, PermutationIR) else "stacks"}
    if isinstance(game, CompiledGame):
        return _grid_board(game)
    return {"shape": "text"}   # a hand-written Game: its render text only


def _grid_board(game: CompiledGame) -> dict[str, Any]:
    geo, style = game.geometry, game.style()
    counted = _counts_index(game) is not None
    full = len(geo.cells) == geo.width * geo.height
    cells = []
    for cell in geo.cells:
        x, y = geo.xy(cell)
        doc: dict[str, Any] = {"name": geo.name(cell), "x": x, "y": y}
        # A playable subset (draughts' dark squares) is drawn dark on a light board.
        if geo.shape == "square" and not full:
            doc["dark"] = True
        # A counted cell alone in its column is a store: drawn the column's full height.
        if counted and geo.height > 1 and not any(
                geo.on_board(x, other) for other in range(geo.height) if other != y):
            doc["store"] = True
        cells.append(doc)
    return {"shape": geo.shape, "width": geo.width, "height": geo.height, "cells": cells,
            "links": [[geo.name(a), geo.name(b)] for a, b in geo.links],
            "counted": counted, "subset": not full,
            "pieces": list(game.ir.pieces), "players": list(game.players),
            "colours": colours(game.players), "kind": style.board, "glyphs": style.glyphs,
            "goals": _goals(game)}


def colours(players: tuple[str, ...]) -> list[dict[str, str]]:
    """Each player's fill, ink (its letters) and outline (see picture_style.colours)."""
    return list(picture_style.colours(players))


def _goals(game: CompiledGame) -> list[dict[str, Any]]:
    """A connection game's goal edges: the player, the cells, and the steps off the board
    every one of them has (their hexagons' sides that way are drawn in the player's
    colour)."""
    geo, out = game.geometry, []
    for player, cells in game.style().goals:
        outward = [[dx, dy] for dx, dy in geo.adjacent if all(
            not geo.on_board(geo.xy(c)[0] + dx, geo.xy(c)[1] + dy) for c in cells)]
        out.append({"player": player, "cells": [geo.name(c) for c in cells], "out": outward})
    return out


def _counts_index(game: CompiledGame) -> int | None:
    return next((i for i, v in enumerate(game.ir.variables) if v.type == ir.COUNTS), None)


# --------------------------------------------------------------------------- positions

def position(game: Game, state: State, moves: list[str]) -> dict[str, Any]:
    """A position: its pieces (or tiles, stacks, text), who is to move, the result, the
    legal moves with their cells, and the last move's cells."""
    over = game.is_terminal(state)
    legal = [] if over else [game.move_text(state, m) for m in game.legal_moves(state)]
    doc: dict[str, Any] = {
        "moves": moves,
        "to_move": None if over else _mover(game, state),
        "over": over,
        "result": _result(game, state) if over else None,
        "legal": [{"text": t, "cells": move_cells(game, t)} for t in legal],
        "last": move_cells(game, moves[-1]) if moves else [],
        "text": game.render(state),
    }
    if isinstance(game, CompiledGame):
        doc.update(_grid_position(game, state))
        doc["position"] = game.position_text(state)
    elif isinstance(game, CompiledPuzzle):
        doc.update(_puzzle_position(game, state))
    return doc


def _mover(game: Game, state: State) -> str | None:
    """The player to move; None at a chance node or a simultaneous turn (no one player)."""
    mover = game.current_player(state)
    return game.players[mover] if mover >= 0 else None


def _result(game: Game, state: State) -> str:
    outcome = getattr(game, "outcome_text", None)
    if outcome is not None:
        return outcome(state)
    if getattr(game, "is_goal", None) and game.is_goal(state):   # type: ignore[attr-defined]
        return "solved"
    payoffs = game.returns(state)
    return "draw" if not any(payoffs) else f"payoffs {list(payoffs)}"


def _grid_position(game: CompiledGame, state: Any) -> dict[str, Any]:
    geo, kinds = game.geometry, len(game.ir.pieces)
    letters = game.letters()   # the position text's letters: P N B R Q K, M K, ...
    symbols = game.style().symbols   # what is drawn: ♔ ♚, 玉, a stone, a lettered disc
    pieces = []
    for plane in range(len(game.ir.initial_planes)):
        owner, kind = divmod(plane, kinds)
        neutral = owner == len(game.players)
        for cell in bits(state[plane]):
            glyph = letters.get((owner, kind)) or game.glyph(owner, kind)
            pieces.append({"cell": geo.name(cell), "owner": None if neutral else owner,
                           "kind": game.ir.pieces[kind], "glyph": glyph,
                           "symbol": symbols.get((owner, kind), ""),
                           "letter": game.glyph(owner, kind).strip().upper()})
    planes = len(game.ir.initial_planes)
    counted = _counts_index(game)
    counts = {}
    if counted is not None:
        values = state[planes + counted]
        counts = {geo.name(c): values[c] for c in geo.cells}
    # Under the board: what players need (hands); the bookkeeping (plies, ko, castling
    # rights) only in the page's collapsed details.
    notes = picture.variable_lines(game, state)
    details = picture.variable_lines(game, state, bookkeeping=True)
    return {"pieces": pieces, "counts": counts, "notes": notes, "details": details}


def _puzzle_position(game: CompiledPuzzle, state: State) -> dict[str, Any]:
    doc: dict[str, Any] = {"state": game.state_text(state), "goal": game.is_goal(state)}
    rows, pegs = puzzle_picture.tiles(game, state), puzzle_picture.stacks(game, state)
    if rows is not None:
        doc["tiles"] = rows
    elif pegs is not None:   # stacks: pegs of discs, bottom first
        doc["stacks"] = pegs
    return doc


# --------------------------------------------------------------------------- constraints

def conflicts(puzzle: CompiledConstraints, constraints: Any, assignment: dict) -> list[dict]:
    """Broken constraints as the rules file names them, with the cells they cover."""
    return [{"label": puzzle.describe(c, assignment),
             "cells": [puzzle.cell_name(v) for v in dict.fromkeys(c.scope)],
             "culprits": [puzzle.cell_name(v) for v in _culprits(c, assignment)]}
            for c in constraints]


def _culprits(constraint: Any, assignment: dict) -> list:
    """The cells whose values break `constraint`: in an all-different, the repeated values;
    otherwise every cell of its scope that has a value."""
    scope = [v for v in dict.fromkeys(constraint.scope) if v in assignment]
    if isinstance(constraint, AllDifferent):
        values = [assignment[v] for v in scope]
        return [v for v in scope if values.count(assignment[v]) > 1]
    return scope


def grid_text(rows: Any) -> str:
    """Rows of numbers as one symbol per cell (what `given` reads)."""
    return "".join(symbol(v) for row in rows for v in row)
