"""Action spaces shaped like OpenSpiel's: a game's moves <-> small dense ids read from its rules.

The shape is derived once from the compiled game's IR and geometry (never its name):

- "columns": every rule is a one-stage placement that fills a cell for good, and its
  landing condition is gravity - `empty and (edge or the d-neighbour is occupied)`, the
  edge being exactly the cells with no d-neighbour. Cells then fill line by line from
  the edge, so each line along d has at most one legal cell: the move is its line
  (Connect Four: the column, 7 ids, as OpenSpiel's `connect_four`).
- "cells": every rule is a one-stage placement (or choice) of a cell, or a pass. The id
  is the cell's index among the playable cells in board order (row-major from rank 1),
  each pass rule one more after them (go 9x9: 81 + pass, as OpenSpiel's `go`; othello
  64 + pass; tic-tac-toe 9; hex 121).
- "moves": every rule is a step without a choice of promotion, in one stage or with a
  second that steps on from where the first landed: a move is its (from, to) pair, id
  from * C + to over the C playable cells (breakthrough 64 * 64), and with a second stage
  the pair and where that stage lands, (from * C + to) * (C + 1) + 1 + there (0: skipped;
  amazons' move and arrow, 100 * 100 * 101).
- "planes": steps and slides with a choice of promotion, drops from a hand, passes, on a
  square board: from-cell x move type, AlphaZero's layout (gdl.bridges.action_planes;
  chess: 4674 ids, OpenSpiel's `chess` numbering). Each player sees the board from their
  own side, so an id depends on the mover as well as the move.
- "texts": anything else (captures chained, several stages, numbers): the flat index of
  move texts in gdl's notation (gdl.bridges.openspiel_actions).

Two legal moves that meet on one id are a GdlError (the derivation guarantees none for
"columns"; for the others the rules' notation would also give them one text).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from gdl.errors import GdlError
from gdl.interpreter.core import ir
from gdl.bridges import action_planes
from gdl.bridges.action_planes import Planes
from gdl.bridges.openspiel_actions import ActionIndex

SHAPES = ("columns", "cells", "moves", "planes", "texts")


# --------------------------------------------------------------------------- reading the rules

def _conjuncts(where: Any) -> tuple:
    return where.args if isinstance(where, ir.Op) and where.op == "and" else (where,)


def _gravity(game: Any, where: Any) -> tuple[int, int] | None:
    """The direction d when `where` is `empty and (edge or d-neighbour occupied)` with the
    edge exactly the cells that have no d-neighbour; None otherwise."""
    terms = _conjuncts(where)
    rest = [t for t in terms if not isinstance(t, ir.Empty)]
    if len(rest) != len(terms) - 1 or len(rest) != 1:
        return None
    (term,) = rest
    if not (isinstance(term, ir.Op) and term.op == "or" and len(term.args) == 2):
        return None
    edges = [a for a in term.args if isinstance(a, ir.Const)]
    shifts = [a for a in term.args if isinstance(a, ir.Shift)]
    if len(edges) != 1 or len(shifts) != 1:
        return None
    shift = shifts[0]
    steps = {tuple(per_player) for per_player in shift.directions}
    if len(steps) != 1 or not (isinstance(shift.operand, ir.Pieces)
                               and shift.operand.owner == "any" and shift.operand.kind is None):
        return None
    (step,) = steps
    if len(step) != 1:
        return None
    (dx, dy), geometry = step[0], game.geometry
    edge = sum(1 << c for c in geometry.cells if geometry.neighbour(c, dx, dy) is None)
    return (dx, dy) if edges[0].value == edge else None


_KEEPS_CELLS_FILLED = (ir.Assign, ir.Flip, ir.Fill, ir.Again, ir.Promote)   # no cell emptied


def _keeps_cells_filled(effect: Any) -> bool:
    if isinstance(effect, ir.Guard):
        return _keeps_cells_filled(effect.effect)
    if isinstance(effect, ir.Group):
        return all(_keeps_cells_filled(e) for e in effect.effects)
    return isinstance(effect, _KEEPS_CELLS_FILLED)


def fills_a_cell(rule: Any) -> bool:
    """A one-stage placement that needs an empty cell and empties none: each one fills a
    cell for good."""
    if not isinstance(rule, ir.PlaceRule) or rule.more:
        return False
    where = rule.where
    terms = where.args if isinstance(where, ir.Op) and where.op == "and" else (where,)
    return (any(isinstance(t, ir.Empty) for t in terms)
            and all(_keeps_cells_filled(e) for e in rule.effects))


def length_bound(game: Any) -> int | None:
    """The most moves a game can last by its rules, when that is easy to see: every move
    fills an empty cell. None otherwise."""
    if game.ir.rules and all(fills_a_cell(r) for r in game.ir.rules):
        return len(game.geometry.cells)
    return None


def shape_of(game: Any) -> str:
    """Which action space the rules of `game` allow (see the module doc)."""
    rules = getattr(getattr(game, "ir", None), "rules", ())
    if not rules or getattr(game, "geometry", None) is None or not game.geometry.cells:
        return "texts"
    if all(isinstance(r, ir.PlaceRule) and fills_a_cell(r) for r in rules):
        steps = {_gravity(game, r.where) for r in rules}
        if len(steps) == 1 and None not in steps:
            return "columns"
    if all(isinstance(r, ir.PassRule) and not r.more
           or isinstance(r, (ir.PlaceRule, ir.ChooseRule)) and not r.more for r in rules) \
            and not _several_placed_kinds(rules):
        return "cells"
    if all(isinstance(r, ir.StepRule) and _steps_on(r) for r in rules) and \
            len(getattr(game, "_promoted", ())) < 2:
        return "moves"
    if action_planes.takes(game):
        return "planes"
    return "texts"


def _steps_on(rule: Any) -> bool:
    """No later stage, or one: a step from where the first stage landed."""
    if not rule.more:
        return True
    action = rule.more[0].action
    return len(rule.more) == 1 and isinstance(action, ir.StepRule) and not action.more and \
        isinstance(action.origin, ir.Here)


def _several_placed_kinds(rules: tuple) -> bool:
    # Placements of several kinds on one cell are different moves: their text names the kind.
    return len({r.kind for r in rules if isinstance(r, ir.PlaceRule)}) > 1


# --------------------------------------------------------------------------- the space

class ActionSpace:
    """Moves <-> ids for one compiled game; `shape` names the space, `size` counts its ids
    (OpenSpiel's num_distinct_actions)."""

    def __init__(self, game: Any, shape: str | None = None, placements_only: bool = False):
        """`shape`: one of SHAPES, None to derive it; "texts" is the old flat numbering.
        `placements_only`: every move fills an empty cell (for the flat index)."""
        self.game = game
        derived = shape_of(game)
        self.shape = derived if shape is None else shape
        allowed = [derived, "texts"]
        if derived != "planes" and action_planes.takes(game):   # (breakthrough as AlphaZero)
            allowed.insert(1, "planes")
        if self.shape not in allowed:   # the others would give two moves one id
            raise GdlError(f"{game.name}: no {shape!r} action space; its rules allow "
                           f"{' or '.join(map(repr, allowed))}")
        self.index = ActionIndex(game, placements_only) if self.shape == "texts" else None
        cells: tuple[int, ...] = () if self.index is not None else game.geometry.cells
        self.dense = {c: i for i, c in enumerate(cells)}
        rules: tuple[Any, ...] = () if self.index is not None else tuple(game.ir.rules)
        self.passes = {k: len(self.dense) + n for n, k in enumerate(
            k for k, r in enumerate(rules) if isinstance(r, ir.PassRule))}
        self.step = (0, -1)   # the gravity of "columns"
        self.staged = any(getattr(r, "more", ()) for r in rules)   # "moves" with a second stage
        if self.shape == "columns":
            self.step = _gravity(game, rules[0].where) or self.step   # derived: never None
            lines = sorted({self._line(c) for c in cells})
            self.lines = {line: i for i, line in enumerate(lines)}
        self.planes = Planes(game) if self.shape == "planes" else None
        self.size = self._size()
        # a move's id, worked out once: per player for "planes" (each sees their own side)
        movers = len(game.players) if self.planes is not None else 1
        self._known: list[dict[Hashable, int]] = [{} for _ in range(movers)]

    @property
    def memo(self) -> int:
        """How an id can be kept (the C++ game's memo): 0 by text only ("texts"), 1 by the
        move, 2 by the mover and the move ("planes")."""
        return 0 if self.index is not None else 2 if self.planes is not None else 1

    def _size(self) -> int:
        if self.index is not None:
            return self.index.size
        if self.planes is not None:
            return self.planes.size
        if self.shape == "columns":
            return len(self.lines)
        if self.shape == "moves":
            return len(self.dense) ** 2 * (len(self.dense) + 1 if self.staged else 1)
        return len(self.dense) + len(self.passes)

    def _line(self, cell: int) -> int:
        x, y = self.game.geometry.xy(cell)
        return x if self.step[0] == 0 else y   # vertical gravity: the column; else the row

    def id_of(self, move: Any, player: int = 0) -> int:
        """The id of a board move (an int: to, from and rule in the back end's fields) of
        `player` (read by "planes" alone)."""
        bits = self.game._cell_bits
        mask = (1 << bits) - 1
        to, start, rule = move & mask, move >> bits & mask, move >> 2 * bits
        rule &= (1 << self.game.ir.rule_bits) - 1
        if self.planes is not None:
            return self.planes.id_of(player, rule, start, to)
        if rule in self.passes:
            return self.passes[rule]
        if self.shape == "columns":
            return self.lines[self._line(to)]
        if self.shape == "moves":
            pair = self.dense[start] * len(self.dense) + self.dense[to]
            if not self.staged:
                return pair
            there = move >> 2 * bits + self.game.ir.rule_bits & mask   # 0: no second stage
            return pair * (len(self.dense) + 1) + (there and 1 + self.dense[there - 1])
        return self.dense[to]

    def actions(self, state: Any, moves: list[Any]) -> dict[int, Hashable]:
        """Action id -> move for the legal `moves` of `state`.

        Raises:
            GdlError: two legal moves share an id.
        """
        if self.index is not None:
            return self.index.actions(state, moves)
        player = self.game.current_player(state) if self.planes is not None and moves else 0
        known = self._known[player]
        try:   # the hot path: every move's id known already, none shared
            out = dict(zip(map(known.__getitem__, moves), moves))
        except KeyError:
            for move in moves:   # a move's id is its own (and its mover's): worked out once
                if move not in known:
                    known[move] = self.id_of(move, player)
            out = dict(zip(map(known.__getitem__, moves), moves))
        if len(out) < len(moves):
            ids = [known[m] for m in moves]
            (action, move), *_ = ((a, m) for a, m in zip(ids, moves) if ids.count(a) > 1)
            raise GdlError(f"{self.game.name}: two legal moves share the {self.shape} "
                           f"action {action} ({self.game.move_text(state, move)!r})")
        return out
