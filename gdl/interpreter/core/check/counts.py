"""Cells that hold a count and the tracks that sowing follows (docs/core.md, 2 and 3).

`counts seeds = 4 on pits` is a state variable with one number per cell;
`track ring: b1 c1 ...` a cyclic order of cells; `sow seeds along ring` the effect
that empties `here` one seed a cell onwards. Mixed into `game._Checker`.
"""

from __future__ import annotations

from typing import Any

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.expressions import Lowerer
from gdl.interpreter.core.check.scope import (
    CONST, Context, constant, error, expect, unknown)
from gdl.interpreter.core.ir import CELLS, COUNTS, INT


class CountChecks:
    scope: Any   # a `Scope`; as Any since the checker reads its (optional) geometry unchecked
    lower: Lowerer
    variables: list[ir.Variable]
    tracks: dict[str, tuple[int, tuple[int, ...]]]

    def _counts(self, node: ast.Counts) -> None:
        self._declare(node.name)
        geo = self.scope.geometry
        if geo is None:
            raise error("declare the board first (`board W x H`): counts live on its cells", node)
        start = constant(expect(self.lower.lower(node.initial, Context(CONST)), INT, node.initial,
                                "a starting count"), node.initial, "a starting count")
        where = geo.playable
        if node.cells is not None:
            where = constant(expect(self.lower.lower(node.cells, Context(CONST)), CELLS, node.cells,
                                    "the cells that start with it"), node.cells,
                             "the cells that start with it")
        initial = tuple(start if where >> c & 1 else 0 for c in range(geo.height * geo.stride))
        var = ir.Var(len(self.variables), COUNTS)
        self.variables.append(ir.Variable(node.name.text, initial, COUNTS))
        self.scope.variables[node.name.text] = var

    def _track(self, node: ast.Track) -> None:
        self._declare(node.name)
        geo = self.scope.geometry
        if geo is None:
            raise error("declare the board first (`board W x H`): a track runs over its cells",
                        node)
        cells: list[int] = []
        for ident in node.cells:
            if ident.text not in geo.names or not geo.playable >> geo.names[ident.text] & 1:
                raise error(f"'{ident.text}' is not a playable cell of the board", ident)
            if geo.names[ident.text] in cells:
                raise error(f"cell {ident.text} is on the track twice", ident)
            cells.append(geo.names[ident.text])
        if len(cells) < 2:
            raise error("a track needs at least two cells", node)
        self.tracks[node.name.text] = (len(self.tracks), tuple(cells))

    def _hands(self, node: ast.Hands) -> None:
        """The hands are one hidden list variable, `hand[player * kinds + kind]`."""
        if self.scope.hand is not None:
            raise error("'hands' is declared twice", node)
        if not self.scope.pieces_declared:
            raise error("declare the pieces first (`pieces A B`): hands hold them", node)
        kinds = self.scope.pieces
        # a promoted twin (queen~) returns as the kind it moves as, unless mapped
        returns = [kinds.index(k[:-1]) if k.endswith("~") else i for i, k in enumerate(kinds)]
        for taken, back in node.returns:
            for ident in (taken, back):
                if ident.text not in kinds or kinds.index(ident.text) in self.scope.neutral:
                    raise unknown("piece", ident,
                                  [k for i, k in enumerate(kinds) if i not in self.scope.neutral])
            returns[kinds.index(taken.text)] = kinds.index(back.text)
        self.scope.hand = len(self.variables)
        self.scope.returns_as = tuple(returns)
        size = len(self.scope.players) * len(kinds)
        self.variables.append(ir.Variable("hand", tuple([0] * size), ir.LIST))

    def _counts_var(self, ident: ast.Ident) -> ir.Var:
        var = self.scope.variables.get(ident.text)
        if var is None or var.type != COUNTS:
            names = [n for n, v in self.scope.variables.items() if v.type == COUNTS]
            raise unknown("count variable", ident, names)
        return var

    def _sow(self, effect: ast.Sow, ctx: Context) -> ir.Sow:
        var = self._counts_var(effect.counts)
        if effect.track.text not in self.tracks:
            raise unknown("track", effect.track, list(self.tracks))
        skip = None
        if effect.skip is not None:
            skip = expect(self.lower.lower(effect.skip, ctx), CELLS, effect.skip,
                          "the cells sowing passes over")
        return ir.Sow(var.index, self.tracks[effect.track.text][0], skip)

    def _set_count(self, effect: ast.Assign, var: ir.Var, ctx: Context) -> ir.SetCount:
        name = effect.target.text
        if effect.index is None:
            raise error(f"'{name}' holds a number on every cell: say which, "
                        f"`{name}[here] {effect.op} ...`", effect)
        cells = expect(self.lower.lower(effect.index, ctx), CELLS, effect.index,
                       f"the cells of '{name}'")
        value = expect(self.lower.lower(effect.value, ctx), INT, effect.value,
                       f"the value given to '{name}'")
        return ir.SetCount(var.index, cells, effect.op, value)

    def _declare(self, ident: ast.Ident) -> None: ...
