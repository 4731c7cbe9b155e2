"""Typing and lowering of expressions: AST expression -> typed IR expression.

Names resolve in this order: move parameters, state variables, options,
regions, players, piece kinds, built-in names, cell names (a1). Constant
subexpressions are folded here, so options, regions and rows reach the code
generator as plain numbers and masks.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import Any

import attrs

from gdl.errors import RulesSemanticError
from gdl.grammar import ast
from gdl.grammar.limits import MAX_DIGITS
from gdl.interpreter import ir
from gdl.interpreter.expressions_board import AXIS, CONNECTIVITY, BoardFunctions
from gdl.interpreter.geometry import COMPASS, Geometry, shifted
from gdl.interpreter.ir import BOOL, CELLS, INT, LIST

CONST, MOVE, EFFECT, END = "constant", "move", "effect", "end"   # where an expression is evaluated
ILLEGAL = "illegal"   # the legality filter: the position after a move, `here` and `origin` known
DISTANCE = "distance"   # a counted slide's length: `origin` is the piece's cell, `axis` its line

BUILTIN_NAMES = ("empty", "occupied", "own", "enemy", "full", "moves", "dark", "light", "here",
                 "plies", "captured",
                 "repeated", "none", "origin", "neutral")
FUNCTIONS = ("row", "column", "rows", "columns", "line", "count", "size", "sum", "flank", "moves",
             "slot", "streak", "lowest",
             *CONNECTIVITY, AXIS)
COMPASS_NAMES = tuple(COMPASS)
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}
_ARITH = {"+", "-", "*", "/", "%"}
_CELL_NAME = re.compile(r"[a-z][0-9]+")   # a1: the shape of a cell's name


OWNER_WORDS = {"own": ir.MOVER, "mover": ir.MOVER, "enemy": ir.OPPONENT, "opponent": ir.OPPONENT}


def owner_word(text: str, players: list[str]) -> ir.Owner | None:
    """`own`/`mover`, `enemy`/`opponent` or a player's name as an owner; None for another word."""
    if text in OWNER_WORDS:
        return OWNER_WORDS[text]
    return players.index(text) if text in players else None


def error(message: str, node: Any) -> RulesSemanticError:
    return RulesSemanticError(message, node.pos)


@attrs.define
class Scope:
    """Everything a name can mean, filled in statement by statement."""

    players: list[str] = attrs.Factory(list)
    pieces: list[str] = attrs.Factory(lambda: ["piece"])
    pieces_declared: bool = False
    geometry: Geometry | None = None
    options: dict[str, ir.Const] = attrs.Factory(dict)
    regions: dict[str, ir.Const | ir.PerPlayer] = attrs.Factory(dict)
    directions: dict[str, tuple[ir.Offsets, ...]] = attrs.Factory(dict)
    variables: dict[str, ir.Var] = attrs.Factory(dict)
    zones: list[ir.ZoneFamily] = attrs.Factory(list)
    neutral: list[int] = attrs.Factory(list)   # kinds of piece owned by no player
    hand: int | None = None                    # the hands' variable, once `hands` is declared
    returns_as: tuple[int, ...] = ()
    counts_plies: bool = False   # some rule reads `plies`: the state keeps a move counter
    tracks_history: bool = False  # an end rule reads `repeated`: the state keeps the positions seen
    tracks_boards: bool = False   # `repeated board`: it keeps the boards seen too
    streaks: list[ir.Expr] = attrs.Factory(list)   # the conditions `streak` counts, by slot

    def known_names(self) -> list[str]:
        names = [*self.options, *self.regions, *self.players, *self.variables, *BUILTIN_NAMES]
        return names + (self.pieces if self.pieces_declared else [])


@attrs.frozen
class Context:
    """Where an expression is lowered: its mode and the move parameters in reach."""
    mode: str
    params: tuple[str, ...] = ()
    later: bool = False   # in a move's later stage (what the first stage took is not known)


def unknown(kind: str, ident: ast.Ident, choices: list[str],
            listed: bool = False) -> RulesSemanticError:
    """`unknown KIND 'NAME'`, with the closest choice as a hint (and, `listed`, them all)."""
    close = difflib.get_close_matches(ident.text, choices, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    if listed:
        hint += f" (known: {', '.join(choices)})"
    return RulesSemanticError(f"unknown {kind} '{ident.text}'{hint}", ident.pos)


def expect(expr: ir.Expr, want: str, node: Any, what: str) -> ir.Expr:
    """`expr` as type `want`; a set of cells may stand for "is not empty"."""
    if expr.type == want:
        return expr
    if want == BOOL and expr.type == CELLS:
        return fold(ir.Op("bool", (expr,), BOOL))
    raise error(f"{what} must be a {want}, not a {expr.type}", node)


MAX_REPETITIONS = 100   # `repeated N`: the history keeps one entry per occurrence


def check_index(index: ir.Expr, node: Any) -> None:
    """A constant list index counts from 1 (0 or less would silently wrap round)."""
    if isinstance(index, ir.Const) and index.value < 1:
        raise error(f"list positions count from 1, not {index.value}", node)


def constant(expr: ir.Expr, node: Any, what: str) -> Any:
    if not isinstance(expr, ir.Const):
        raise error(f"{what} must be a constant (it cannot depend on the position)", node)
    return expr.value


# ----------------------------------------------------------------------- folding

def _item(values: tuple[int, ...], index: int) -> int:
    """`values[index]`, counting from 1 (Python's negative indices would wrap)."""
    if not 1 <= index <= len(values):
        raise IndexError(f"index {index} is outside 1..{len(values)}")
    return values[index - 1]


def _evaluate(op: str, values: list[Any], full: int) -> Any:
    """The value of an operator on constant arguments (our code, never the rules text)."""
    a = values[0]
    b: Any = values[1] if len(values) > 1 else None   # None: a unary operator (never read)
    table: dict[str, Callable[[], Any]] = {
        "and": lambda: a & b if isinstance(a, int) and not isinstance(a, bool) else a and b,
        "or": lambda: a | b if isinstance(a, int) and not isinstance(a, bool) else a or b,
        "bool": lambda: a != 0, "no": lambda: a == 0, "in": lambda: bool(a & b),
        "member": lambda: a in b, "count": lambda: a.bit_count(), "size": lambda: len(a),
        "lowest": lambda: a & -a,
        "sum": lambda: sum(a), "neg": lambda: -a, "index": lambda: _item(a, b),
        "==": lambda: a == b, "!=": lambda: a != b, "<": lambda: a < b, "<=": lambda: a <= b,
        ">": lambda: a > b, ">=": lambda: a >= b, "+": lambda: a + b, "-": lambda: a - b,
        "*": lambda: a * b, "/": lambda: a // b, "%": lambda: a % b,
        "list": lambda: tuple(values), "cells": lambda: full if a else 0,
    }
    if op == "not":
        return not a if isinstance(a, bool) else full ^ a
    return table[op]()


MAX_FOLDED_DIGITS = 2 * MAX_DIGITS   # a constant computed from written numbers
FOLDED_LIMIT = 10 ** MAX_FOLDED_DIGITS


def _numbers(expr: ir.Expr) -> tuple[int, ...]:
    """The constant numbers an expression folded to (none if it is not constant)."""
    if isinstance(expr, ir.Const):
        return (expr.value,)
    if isinstance(expr, ir.PerPlayer):
        return tuple(expr.values)
    return ()


def fold(op: ir.Op, full: int = 0) -> ir.Expr:
    """`op` itself, or its constant value when every argument is constant."""
    args = op.args
    if op.op == "and" and any(isinstance(a, ir.Const) and not a.value for a in args):
        return ir.Const(0 if op.type == CELLS else False, op.type)   # `enemy and openspiel == 1`
    # (The `if`s inside the comprehensions keep every argument: they narrow the type.)
    if all(isinstance(a, ir.Const) for a in args):
        return ir.Const(_evaluate(op.op, [a.value for a in args if isinstance(a, ir.Const)],
                                  full), op.type)
    if all(isinstance(a, (ir.Const, ir.PerPlayer)) for a in args):
        players = next(len(a.values) for a in args if isinstance(a, ir.PerPlayer))
        per = tuple(_evaluate(op.op, [a.values[p] if isinstance(a, ir.PerPlayer) else a.value
                                      for a in args if isinstance(a, (ir.Const, ir.PerPlayer))],
                              full) for p in range(players))
        return ir.PerPlayer(per, op.type)
    return op


# ----------------------------------------------------------------------- lowering

class Lowerer(BoardFunctions):
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
        if type_ == INT and any(abs(v) >= FOLDED_LIMIT for v in _numbers(folded)):
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
            return ir.Pieces(ir.ANY, scope.pieces.index(text))
        if text in BUILTIN_NAMES:
            return self._builtin(ident, ctx)
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

    def repeated(self, ident: ast.Ident, ctx: Context, board: bool, times: int = 2) -> ir.Expr:
        if ctx.mode not in (END, ILLEGAL):
            raise error("'repeated' (the position occurred before) is only known in an end rule "
                        "and the legality filter", ident)
        self.scope.tracks_history = True
        self.scope.tracks_boards |= board
        return ir.Repeated(board, times)

    def streak(self, node: ast.Apply, ctx: Context, who: str = ir.MOVER) -> ir.Expr:
        """`streak COND`: the mover's moves in a row that ended with COND holding."""
        if ctx.mode != END:
            raise error("'streak' (moves in a row after which a condition held) is only "
                        "known in an end rule", node.fn)
        condition = expect(self.lower(node.arg, ctx), BOOL, node.arg, "what 'streak' counts")
        if isinstance(condition, ir.Const):
            raise error("'streak' counts a condition on the position, not a constant", node.arg)
        if condition not in self.scope.streaks:
            self.scope.streaks.append(condition)
        return ir.Streak(condition, who, self.scope.streaks.index(condition))

    def _apply(self, node: ast.Apply, ctx: Context) -> ir.Expr:
        fn = node.fn.text
        if fn in ("own", "enemy") or fn in self.scope.players:
            return self._owned_kind(node, ctx)
        zones = [z.name for z in self.scope.zones]
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

    def _moves_of(self, node: ast.Apply, ctx: Context) -> ir.Expr:
        """`moves mover` / `moves opponent`: that player could make a move (other than pass)."""
        if not isinstance(node.arg, ast.Name) or node.arg.ident.text not in ("mover", "opponent"):
            raise error("'moves' is followed by 'mover' or 'opponent'", node.arg)
        if ctx.mode != END:
            raise error("'moves' (a player can move) is only known in an end rule", node.fn)
        return ir.HasMoves(node.arg.ident.text)

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
        return ir.Pieces(owner, self.scope.pieces.index(kind.text))

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
        raise unknown("direction", ident, [*self.scope.directions, *geometry.directions])

    def _index(self, node: ast.Index, ctx: Context) -> ir.Expr:
        base = self.lower(node.base, ctx)
        if base.type == ir.COUNTS:   # seeds[here]: the count there (summed over several cells)
            assert isinstance(base, ir.Var)   # only a counts variable has that type
            return ir.CountAt(base, expect(self.lower(node.index, ctx), CELLS, node.index,
                                           "the cells counted"))
        base = expect(base, LIST, node.base, "an indexed value")
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
