"""Lowering of the board functions of the v2 core: connectivity, attacks, vectors, `X of OWNER`,
rows and columns, zones.

Mixed into `expressions.Lowerer`. Connectivity is general: `reach` is a flood fill
along the board's links, and `alive`/`connects` are sugar over it (docs/core.md, 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import (
    AXIS, DISTANCE, EFFECT, END, ILLEGAL, OWNER_WORDS, Context, constant, error, expect,
    owner_word)
from gdl.interpreter.core.geometry import bits, union
from gdl.interpreter.core.lines import axis_table
from gdl.interpreter.core.relative import relative_of
from gdl.interpreter.core.ir import BOOL, CELLS, INT

_ARITY = {"adjacent": 1, "reach": 2, "alive": 1, "connects": 3, "connected": 1}
_USAGE = {"adjacent": "adjacent X", "reach": "reach(X, Y)", "alive": "alive X",
          "connects": "connects(X, A, B)", "connected": "connected X"}


def vector_images(shape: str, dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """An offset and its images under the board's rotations and reflections, in a fixed
    order: the knight's (1, 2) gives eight on a square grid; (1, 1) on a hex grid six."""
    if shape == "hex":   # axial coordinates: rotate by 60 degrees, and reflect (q, r) -> (r, q)
        out = []
        for q, r in ((dx, dy), (dy, dx)):
            for _ in range(6):
                if (q, r) not in out:
                    out.append((q, r))
                q, r = -r, q + r
        return tuple(out)
    out = []
    for a, b in ((dx, dy), (dy, dx)):
        for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            if (sx * a, sy * b) not in out:
                out.append((sx * a, sy * b))
    return tuple(out)


class BoardFunctions:
    """adjacent, reach, alive, connects, attacked, vectors, `line K of OWNER`, rows, zones."""

    scope: Any
    if TYPE_CHECKING:   # provided by `expressions.Lowerer`, which this is mixed into
        def lower(self, node: Any, ctx: Any) -> ir.Expr: ...
        def _needs_board(self, node: Any, name: str) -> Any: ...
        def _position_dependent(self, node: Any, ctx: Any, name: str) -> None: ...
        def direction(self, ident: Any) -> tuple[ir.Offsets, ...]: ...
        def streak(self, node: ast.Apply, ctx: Any, who: str = ir.MOVER) -> ir.Expr: ...

    def _cell_args(self, node: ast.Apply, ctx: Any) -> list[ir.Expr]:
        fn = node.fn.text
        items = node.arg.items if isinstance(node.arg, ast.ListExpr) else (node.arg,)
        if len(items) != _ARITY[fn] or node.arg2 is not None:
            raise error(f"'{fn}' is written {_USAGE[fn]}", node)
        return [expect(self.lower(item, ctx), CELLS, item,
                       f"an argument of '{fn}'") for item in items]

    def connectivity(self, node: ast.Apply, ctx: Any) -> ir.Expr:
        fn = node.fn.text
        self._needs_board(node.fn, fn)
        args = self._cell_args(node, ctx)
        if fn == "adjacent":
            return ir.Adjacent(args[0])
        if fn == "reach":
            return ir.Reach(args[0], args[1])
        if fn == "connected":   # one group: lines of action's win
            self._position_dependent(node.fn, ctx, fn)
            return ir.Connected(args[0])
        if fn == "alive":   # the groups of X that touch an empty cell
            x = args[0]
            touching = ir.Op("and", (x, ir.Adjacent(ir.Empty())), CELLS)
            return ir.Reach(touching, x)
        x, a, b = args   # connects: a group of X touching A reaches B
        group = ir.Reach(ir.Op("and", (x, a), CELLS), x)
        return ir.Op("bool", (ir.Op("and", (group, b), CELLS),), BOOL)

    def axis(self, node: ast.Apply, ctx: Any) -> ir.Expr:
        """`axis X`: in a counted slide's distance, the line through X along the direction
        tried; `axis(X, DIR)`: the lines through X along DIR (each of its steps), anywhere."""
        self._needs_board(node.fn, AXIS)
        items = node.arg.items if isinstance(node.arg, ast.ListExpr) else (node.arg,)
        if len(items) not in (1, 2) or node.arg2 is not None:
            raise error("'axis' is written `axis X` (in a slide's distance) or `axis(X, DIR)`",
                        node)
        cells = expect(self.lower(items[0], ctx), CELLS, items[0], "what 'axis' runs through")
        if len(items) == 1:
            if ctx.mode != DISTANCE:
                raise error("'axis X' (the line the piece travels on) is only known in a "
                            "slide's distance (`slide ... by N`); elsewhere write "
                            "`axis(X, DIR)`", node)
            return ir.Axis(cells)
        if not isinstance(items[1], ast.Name):
            raise error("the second argument of 'axis' is a direction", items[1])
        directions = self.direction(items[1].ident)
        if isinstance(cells, ir.Const) and len(set(directions)) == 1:   # a constant region
            geometry = self.scope.geometry
            tables = [axis_table(geometry, dx, dy) for dx, dy in directions[0]]
            return ir.Const(union(t[c] for t in tables for c in bits(cells.value)), CELLS)
        return ir.Axis(cells, directions)

    def attacked(self, node: ast.Unary, operand: ir.Expr, ctx: Any) -> ir.Expr:
        cells = expect(operand, CELLS, node.operand, "what 'attacked' tests")
        if ctx.mode not in (ILLEGAL, END, EFFECT):
            raise error("'attacked' is only known in a move's effects, the legality filter and "
                        "the end rules", node)
        self._needs_board(node, "attacked")
        return ir.Attacked(cells)

    def vector(self, node: ast.Vector) -> tuple[ir.Offsets, ...]:
        geometry = self._needs_board(node, "a vector")
        if node.dx == 0 and node.dy == 0:
            raise error("a vector (0, 0) goes nowhere", node)
        images = ((node.dx, node.dy),) if node.exact else vector_images(
            getattr(geometry, "shape", "square"), node.dx, node.dy)
        return tuple(images for _ in self.scope.players)

    def _streak_of(self, node: ast.ApplyOf, ctx: Any) -> ir.Expr:
        word = node.owner.ident.text if isinstance(node.owner, ast.Name) else None
        if word not in OWNER_WORDS:
            raise error("'streak ... of' is followed by own or enemy", node.owner)
        return self.streak(ast.Apply(node.fn, node.arg, None, node.pos), ctx, OWNER_WORDS[word])

    def _applyof(self, node: ast.ApplyOf, ctx: Any) -> ir.Expr:
        """`line K of OWNER`: own, enemy (the next player), any, or a player's name."""
        if node.fn.text == "streak":   # streak C of enemy: the next player's count
            return self._streak_of(node, ctx)
        if node.fn.text != "line":
            raise error(f"only 'line' and 'streak' take 'of' (line 5 of enemy), "
                        f"not '{node.fn.text}'", node.fn)
        line = self.lower(ast.Apply(node.fn, node.arg, None, node.pos), ctx)
        assert isinstance(line, ir.Line)   # `line K` lowers to a line test
        if not isinstance(node.owner, ast.Name):
            raise error("'of' is followed by own, enemy, any or a player", node.owner)
        word = node.owner.ident.text
        owner = ir.ANY if word == "any" else owner_word(word, self.scope.players)
        if owner is None:
            raise error(f"'of' is followed by own, enemy, any or a player, not '{word}'",
                        node.owner)
        return ir.Line(line.length, owner, line.within)

    def _zone(self, node: ast.Apply, ctx: Context, zones: list[str]) -> ir.Expr:
        """`box 5`, `box here` (the blocks holding those cells) and `slot here`."""
        arg = self.lower(node.arg, ctx)
        if node.fn.text == "slot":
            if len(zones) != 1:
                raise error("'slot' needs exactly one `zones` declaration", node.fn)
            return ir.Slot(0, expect(arg, CELLS, node.arg, "what 'slot' places"))
        family = zones.index(node.fn.text)
        if arg.type not in (INT, CELLS):
            raise error(f"'{node.fn.text}' takes a block number or a set of cells", node.arg)
        if isinstance(arg, ir.Const) and arg.type == INT:
            blocks = self.scope.zones[family].blocks
            if not 0 <= arg.value <= len(blocks):
                raise error(f"there is no {node.fn.text} {arg.value} (1..{len(blocks)})", node.arg)
            return ir.Const(blocks[arg.value - 1] if arg.value else 0, CELLS)
        return ir.Zone(family, arg)

    def relative(self, node: ast.Apply, ctx: Context) -> ir.Expr:
        """`above X`, `below X`, `left of X`, `right of X`, `before X`, `after X`: the cells
        so placed from some cell of X (a constant X is folded)."""
        fn = node.fn.text
        geometry = self._needs_board(node.fn, fn)
        arg = expect(self.lower(node.arg, ctx), CELLS, node.arg,
                     f"what '{fn}' is measured from")
        if isinstance(arg, ir.Const):
            return ir.Const(relative_of(geometry, fn, arg.value), CELLS)
        return ir.Relative(arg, fn)

    def _rows_or_columns(self, node: ast.Apply, fn: str, arg: ir.Expr, ctx: Context) -> ir.Expr:
        geometry = self._needs_board(node, fn)
        if fn in ("row", "column") and arg.type == CELLS:   # column here: the columns holding X
            held = {geometry.xy(c)[fn == "row"] for c in geometry.cells
                    if isinstance(arg, ir.Const) and arg.value >> c & 1}
            if isinstance(arg, ir.Const):
                return ir.Const(geometry.mask(lambda x, y: (y if fn == "row" else x) in held),
                                CELLS)
            return ir.LinesHolding(arg, rows=fn == "row")
        low = constant(expect(arg, INT, node.arg, f"a {fn} number"), node.arg, f"a {fn} number")
        high = low
        if node.arg2 is not None:
            second = expect(self.lower(node.arg2, ctx), INT, node.arg2, f"a {fn} number")
            high = constant(second, node.arg2, f"a {fn} number")
        if high < low:
            raise error(f"{fn} {low}..{high} runs backwards; write {fn} {high}..{low}", node.arg2)
        vertical = fn.startswith("row")
        limit = geometry.height if vertical else geometry.width
        for value, where in ((low, node.arg), (high, node.arg2 or node.arg)):
            if not 1 <= value <= limit:
                raise error(f"{fn.rstrip('s')} {value} is off the board (1..{limit})", where)
        step = 1
        if node.every is not None:   # rows 1..n every 2: rows 1, 3, 5, ...
            step = constant(expect(self.lower(node.every, ctx), INT, node.every, "a step"),
                            node.every, "a step")
            if step < 1:
                raise error(f"'every' takes a step of 1 or more, not {step}", node.every)

        def pick(x: int, y: int) -> bool:
            at = y if vertical else x
            return low - 1 <= at <= high - 1 and (at - low + 1) % step == 0
        return ir.Const(geometry.mask(pick), CELLS)
