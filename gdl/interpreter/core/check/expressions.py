"""Typing and lowering of expressions: AST expression -> typed IR expression.

Names resolve in this order: move parameters, state variables, options,
regions, players, piece kinds, built-in names, cell names (a1). Constant
subexpressions are folded here (folding.py), so options, regions and rows reach
the code generator as plain numbers and masks.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.board_expressions import BoardFunctions
from gdl.interpreter.core.check.direction_vars import RAY, DirectionVariables
from gdl.interpreter.core.check.position_reads import PositionReads
from gdl.interpreter.core.check.folding import (
    FOLDED_LIMIT, MAX_FOLDED_DIGITS, fold, folded_numbers)
from gdl.interpreter.core.check.scope import (
    AXIS, BUILTIN_NAMES, CONNECTIVITY, CONST, DISTANCE, EFFECT, END, FUNCTIONS, ILLEGAL, PREFER,
    Context, Scope, check_index, constant, error, expect, player_index, unknown)
from gdl.interpreter.core.geometry import COMPASS, Geometry, shifted
from gdl.interpreter.core.ir import BOOL, CELLS, INT, LIST
from gdl.interpreter.core.relative import RELATIONS

COMPASS_NAMES = tuple(COMPASS)
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}
_ARITH = {"+", "-", "*", "/", "%"}
_CELL_NAME = re.compile(r"[a-z][0-9]+")   # a1: the shape of a cell's name

# Functions written with several items in parentheses (a list, for `size` and `sum`).
_SEVERAL_ITEMS = ("reach", "connects", "axis", "size", "sum", "moves", "ray")
MAX_REPETITIONS = 100   # `repeated N`: the history keeps one entry per occurrence


class Lowerer(DirectionVariables, PositionReads, BoardFunctions):
    """Lowers expressions against a scope; one instance per rules file."""

    def __init__(self, scope: Scope):
        self.scope = scope

    @property
    def full(self) -> int:
        return self.scope.geometry.playable if self.scope.geometry else 0

    def _op(self, op: str, args: tuple[ir.Expr, ...], type_: str, node: Any) -> ir.Expr:
        try:
            folded = fold(ir.Op(op, args, type_), self.full)
        except (IndexError, ZeroDivisionError) as exc:
            raise error(f"this evaluates to an error: {exc}", node) from None
        if type_ == INT and any(abs(v) >= FOLDED_LIMIT for v in folded_numbers(folded)):
            # each fold is bounded, so a chain of products cannot grow without end
            raise error(f"this folds to a number of more than {MAX_FOLDED_DIGITS} digits "
                        f"(a limit of gdl)", node)
        return folded

    def lower(self, node: ast.Expr, ctx: Context) -> ir.Expr:
        method = getattr(self, "_" + type(node).__name__.lower())
        return method(node, ctx)

    def _number(self, node: ast.Number, ctx: Context) -> ir.Expr:
        return ir.Const(node.value, INT)

    def _listexpr(self, node: ast.ListExpr, ctx: Context) -> ir.Expr:
        items = tuple(expect(self.lower(i, ctx), INT, i, "a list item") for i in node.items)
        return self._op("list", items, LIST, node) if items else ir.Const((), LIST)

    def _needs_board(self, node: Any, name: str) -> Geometry:
        if self.scope.geometry is None:
            raise error(f"'{name}' needs the board: declare `board W x H` first", node)
        return self.scope.geometry

    def _position_dependent(self, node: Any, ctx: Context, name: str) -> None:
        if ctx.mode == CONST:
            raise error(f"'{name}' depends on the position; a constant is needed here", node)

    def _name(self, node: ast.Name, ctx: Context) -> ir.Expr:
        ident, text, scope = node.ident, node.ident.text, self.scope
        if text in ctx.params:
            return ir.Param(ctx.params.index(text))
        if text in scope.variables:
            self._position_dependent(ident, ctx, text)
            return scope.variables[text]
        if text in scope.options:
            return scope.options[text]
        if text in scope.regions:
            return scope.regions[text]
        if text in scope.players:
            self._position_dependent(ident, ctx, text)
            return ir.Pieces(scope.players.index(text), None)
        if scope.pieces_declared and text in scope.pieces:
            self._position_dependent(ident, ctx, text)
            return scope.pieces_of(ir.ANY, scope.pieces.index(text))
        if text in BUILTIN_NAMES:
            return self._builtin(ident, ctx)
        if text == "taken":   # not reserved: a v2 file may name a variable so
            if ctx.mode != PREFER:
                raise error("'taken' (the cells a move takes) is only known in 'prefer'", ident)
            return ir.Taken()
        if scope.geometry is not None and text in scope.geometry.names:
            cell = scope.geometry.names[text]
            if not scope.geometry.playable >> cell & 1:
                raise error(f"cell {text} is not a playable cell", ident)
            return ir.Const(1 << cell, CELLS)
        known, g = scope.known_names(), scope.geometry
        # d4 on a 3 x 3 board; but h3 beside a variable h2 is more likely a slip of the name.
        if (g is not None and _CELL_NAME.fullmatch(text)
                and not difflib.get_close_matches(text, known, n=1)):
            raise error(f"cell {text} is off the {g.description} "
                        f"(a1..{g.name(g.cell(g.width - 1, g.height - 1))})", ident)
        raise unknown("name", ident, known)

    def _builtin(self, ident: ast.Ident, ctx: Context) -> ir.Expr:
        text = ident.text
        if text == "none":
            return ir.Const(0, CELLS)
        if text == "repeated":
            return self.repeated(ident, ctx, board=False)
        if text == "plies":
            self._position_dependent(ident, ctx, text)
            self.scope.counts_plies = True
            return ir.Plies()
        if text == "neutral":
            self._needs_board(ident, text)
            self._position_dependent(ident, ctx, text)
            return ir.Pieces(len(self.scope.players), None)
        if text == "origin" and ctx.mode == DISTANCE:   # the cell the travelling piece is on
            return ir.Origin()
        if text == "captured":
            if ctx.mode not in (EFFECT, END, ILLEGAL) or ctx.later:
                raise error("'captured' (the move took a piece) is only known in the effects of "
                            "a move's first stage, the end rules and the legality filter", ident)
            return ir.Captured()
        if text in ("here", "origin"):
            if ctx.mode not in (EFFECT, ILLEGAL):
                what = ("where the piece landed" if text == "here"
                        else "where the moved piece came from")
                raise error(f"'{text}' ({what}) is only known in a move's effects, its later "
                            f"stages and the legality filter", ident)
            return ir.Here() if text == "here" else ir.Origin()
        if text == "moves":
            self._position_dependent(ident, ctx, text)
            if ctx.mode not in (END, ILLEGAL):
                raise error("'moves' (the next player can move) is only known in an end rule "
                            "and the legality filter", ident)
            return ir.HasMoves()
        geometry = self._needs_board(ident, text)
        if text in ("dark", "light"):
            parity = 0 if text == "dark" else 1
            return ir.Const(geometry.mask(lambda x, y: (x + y) % 2 == parity), CELLS)
        self._position_dependent(ident, ctx, text)
        if text == "moves":
            if ctx.mode != END:
                raise error("'moves' (the next player can move) is only known in an end rule",
                            ident)
            return ir.HasMoves()
        named: dict[str, ir.Expr] = {
            "empty": ir.Empty(), "occupied": ir.Pieces(ir.ANY, None),
            "own": ir.Pieces(ir.MOVER, None), "enemy": ir.Pieces(ir.OPPONENT, None),
            "full": ir.Full()}
        return named[text]

    def _apply(self, node: ast.Apply, ctx: Context) -> ir.Expr:
        fn = node.fn.text
        items = node.arg
        zones = [z.name for z in self.scope.zones]
        known = (fn in FUNCTIONS or fn in ("own", "enemy", "hand", "repeated", "streak")
                 or fn in self.scope.players or fn in zones)
        if known and isinstance(items, ast.ListExpr) and items.parens and \
                fn not in _SEVERAL_ITEMS:
            raise error(f"'{fn}' takes one item, not {len(items.items)}: write `{fn} X` or "
                        f"`{fn}(X)` (several items are for `reach(X, Y)`, `connects(X, A, B)`, "
                        f"`axis(X, D)`, `ray(X, D, Y)`, `moves(KIND, X)` and "
                        f"definitions)", items)
        if fn in ("own", "enemy") or fn in self.scope.players:
            return self._owned_kind(node, ctx)
        if fn in zones or fn == "slot":
            return self._zone(node, ctx, zones)
        if fn == "hand":   # hand pawn: how many the mover holds
            if self.scope.hand is None:
                raise error("'hand' needs `hands` declared first", node.fn)
            if not isinstance(node.arg, ast.Name) or node.arg.ident.text not in self.scope.pieces:
                raise error("'hand' is followed by a piece name", node.arg)
            self._position_dependent(node.fn, ctx, fn)
            return ir.InHand(self.scope.pieces.index(node.arg.ident.text))
        if fn == "repeated":
            if isinstance(node.arg, ast.Name) and node.arg.ident.text == "board":
                return self.repeated(node.fn, ctx, board=True)
            if isinstance(node.arg, ast.Name) and node.arg.ident.text not in self.scope.options:
                raise error("'repeated' is followed by nothing (the whole position occurred "
                            "before), 'board', or a number of times (repeated 3)", node.arg)
            times = constant(expect(self.lower(node.arg, ctx), INT, node.arg, "a number of "
                                    "times"), node.arg, "a number of times")
            if not 2 <= times <= MAX_REPETITIONS:
                raise error(f"a position can be repeated 2 to {MAX_REPETITIONS} times, "
                            f"not {times}", node.arg)
            return self.repeated(node.fn, ctx, board=False, times=times)
        if fn == "streak":
            return self.streak(node, ctx)
        if fn == RAY:
            return self.ray(node, ctx)
        if fn in RELATIONS:
            return self.relative(node, ctx)
        if fn not in FUNCTIONS:
            raise unknown("function", node.fn, list(FUNCTIONS) + ["own", "enemy"])
        if fn in CONNECTIVITY:
            return self.connectivity(node, ctx)
        if fn == AXIS:
            return self.axis(node, ctx)
        if node.every is not None and fn not in ("rows", "columns"):
            raise error(f"only 'rows A..B' and 'columns A..B' take 'every', not '{fn}'", node.every)
        if (node.arg2 is not None) != (fn in ("rows", "columns")):
            usage = f"'{fn} A..B'" if fn in ("rows", "columns") else f"'{fn} X'"
            raise error(f"'{fn}' is written {usage}", node)
        if fn == "moves":
            return self._moves_of(node, ctx)
        arg = self.lower(node.arg, ctx)
        if fn == "flank":
            self._position_dependent(node.fn, ctx, fn)
            return ir.Flank(expect(arg, CELLS, node.arg, "what 'flank' looks for"))
        if fn in ("count",):
            return self._op("count", (expect(arg, CELLS, node.arg, "what 'count' counts"),), INT,
                            node)
        if fn == "lowest":   # the first cell of X in cell order: bottom row first, then left
            return self._op("lowest", (expect(arg, CELLS, node.arg, "what 'lowest' picks from"),),
                            CELLS, node)
        if fn == "sum" and arg.type == ir.COUNTS:   # every cell's count
            return ir.Op("sum", (arg,), INT)
        if fn in ("size", "sum"):
            return self._op(fn, (expect(arg, LIST, node.arg, f"the argument of '{fn}'"),), INT,
                            node)
        if fn == "line":
            length = constant(expect(arg, INT, node.arg, "a line length"), node.arg,
                              "a line length")
            if length < 1:
                raise error(f"a line needs at least 1 piece, not {length}", node.arg)
            geometry = self._needs_board(node.fn, fn)
            if length > max(geometry.width, geometry.height):
                raise error(f"a line of {length} does not fit on the "
                            f"{geometry.width} x {geometry.height} board", node.arg)
            self._position_dependent(node.fn, ctx, fn)
            return ir.Line(length, ir.MOVER)
        return self._rows_or_columns(node, fn, arg, ctx)

    def _owned_kind(self, node: ast.Apply, ctx: Context) -> ir.Expr:
        """`own pawn`, `enemy king`, `White pawn`."""
        fn = node.fn.text
        if not isinstance(node.arg, ast.Name) or node.arg2 is not None:
            raise error(f"'{fn}' can only be followed by a piece name", node.arg)
        kind = node.arg.ident
        if kind.text not in self.scope.pieces or not self.scope.pieces_declared:
            raise unknown("piece", kind, self.scope.pieces if self.scope.pieces_declared else [])
        self._position_dependent(node.fn, ctx, fn)
        owner = {"own": ir.MOVER, "enemy": ir.OPPONENT}.get(fn)
        if owner is None:
            owner = self.scope.players.index(fn)
        return self.scope.pieces_of(owner, self.scope.pieces.index(kind.text))

    def _neighbour(self, node: ast.Neighbour, ctx: Context) -> ir.Expr:
        directions = self.direction(node.direction)
        operand = expect(self.lower(node.operand, ctx), CELLS, node.operand,
                         f"what '{node.direction.text} is' tests")
        if isinstance(operand, ir.Const) and ctx.mode == CONST and len(set(directions)) == 1:
            return ir.Const(shift_const(self.scope.geometry, directions[0], operand.value), CELLS)
        return ir.Shift(directions, operand)

    def direction(self, ident: ast.Dir) -> tuple[ir.Offsets, ...]:
        """A direction name's (dx, dy) steps for each player (a vector: its images)."""
        if isinstance(ident, ast.Vector):
            return self.vector(ident)
        if ident.text.startswith("-"):   # `-d`: the opposite way, for each player
            forward = self.direction(ast.Ident(ident.text[1:], ident.pos))
            return tuple(tuple((-dx, -dy) for dx, dy in steps) for steps in forward)
        # directions only mean something on a board
        geometry = self._needs_board(ident, ident.text)
        if ident.text in self.scope.directions:
            return self.scope.directions[ident.text]
        if ident.text in geometry.directions:
            step = (geometry.directions[ident.text],)
            return tuple(step for _ in self.scope.players)
        if ident.text in COMPASS_NAMES:
            raise error(f"'{ident.text}' is not a direction of the {geometry.description} "
                        f"(its directions: {' '.join(geometry.directions)})", ident)
        if ident.text in self.scope.direction_variables:
            raise error(f"'{ident.text}' names a direction only inside the rule, effect or "
                        f"expression that says `for {ident.text} in ...` (or `any`/`all "
                        f"{ident.text} in ...`)", ident)
        raise unknown("direction", ident, [*self.scope.directions, *geometry.directions])

    def _index(self, node: ast.Index, ctx: Context) -> ir.Expr:
        base = self.lower(node.base, ctx)
        if base.type == ir.COUNTS:   # seeds[here]: the count there (summed over several cells)
            assert isinstance(base, ir.Var)   # only a counts variable has that type
            return ir.CountAt(base, expect(self.lower(node.index, ctx), CELLS, node.index,
                                           "the cells counted"))
        base = expect(base, LIST, node.base, "an indexed value")
        name = node.base.ident.text if isinstance(node.base, ast.Name) else ""
        by_player = player_index(self.scope, name, node.index)
        if by_player is not None:
            return self._op("index", (base, by_player), INT, node)
        index = expect(self.lower(node.index, ctx), INT, node.index, "an index")
        check_index(index, node.index)
        return self._op("index", (base, index), INT, node)

    def _unary(self, node: ast.Unary, ctx: Context) -> ir.Expr:
        operand = self.lower(node.operand, ctx)
        if node.op == "-":
            return self._op("neg", (expect(operand, INT, node.operand, "a negated value"),), INT,
                            node)
        if node.op == "no":
            return self._op("no", (expect(operand, CELLS, node.operand, "what 'no' tests"),), BOOL,
                            node)
        if node.op == "attacked":
            return self.attacked(node, operand, ctx)
        if operand.type not in (BOOL, CELLS):
            raise error(f"'not' applies to a truth value or a set of cells, not a {operand.type}",
                        node.operand)
        return self._op("not", (operand,), operand.type, node)

    def _binary(self, node: ast.Binary, ctx: Context) -> ir.Expr:
        left, right = self.lower(node.left, ctx), self.lower(node.right, ctx)
        op = node.op
        if op in ("and", "or"):
            if left.type == CELLS and right.type == CELLS:
                return self._op(op, (left, right), CELLS, node)
            if CELLS in (left.type, right.type) and BOOL in (left.type, right.type):
                # A truth value beside a set of cells stands for every cell or none.
                pair = tuple(x if x.type == CELLS else self._op("cells", (x,), CELLS, node)
                             for x in (left, right))
                return self._op(op, pair, CELLS, node)
            pair = (expect(left, BOOL, node.left, f"each side of '{op}'"),
                    expect(right, BOOL, node.right, f"each side of '{op}'"))
            return self._op(op, pair, BOOL, node)
        if op == "in":
            if isinstance(left, ir.Line) and left.within is None:
                where = expect(right, CELLS, node.right, "where a line must lie")
                return ir.Line(left.length, left.owner, where)
            if left.type == INT:
                return self._op("member", (left, expect(right, LIST, node.right,
                                                        "the right of 'in'")), BOOL, node)
            pair = (expect(left, CELLS, node.left, "the left of 'in'"),
                    expect(right, CELLS, node.right, "the right of 'in'"))
            return self._op("in", pair, BOOL, node)
        if op in _COMPARE:
            if left.type == ir.COUNTS:   # seeds > 0: the cells where it holds
                assert isinstance(left, ir.Var)   # only a counts variable has that type
                return ir.CountsWhere(left, op, expect(right, INT, node.right,
                                                       f"the right of '{op}'"))
            if left.type in (LIST, CELLS) and op in ("==", "!="):   # the same list, the same cells
                return self._op(op, (left, expect(right, left.type, node.right,
                                                  "a compared value")), BOOL, node)
            pair = (expect(left, INT, node.left, f"each side of '{op}'"),
                    expect(right, INT, node.right, f"each side of '{op}'"))
            return self._op(op, pair, BOOL, node)
        pair = (expect(left, INT, node.left, f"each side of '{op}'"),
                expect(right, INT, node.right, f"each side of '{op}'"))
        return self._op(op, pair, INT, node)



def shift_const(geometry: Geometry, offsets: ir.Offsets, mask: int) -> int:
    """The cells whose neighbour along one of `offsets` is in `mask`."""
    out = 0
    for dx, dy in offsets:
        for off, has in geometry.shifts(dx, dy):
            out |= shifted(mask, -off) & has
    return out
