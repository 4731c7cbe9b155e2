"""What a name can mean while checking: the scope, the evaluation modes and the shared checks.

The statement checkers, the lowering (expressions.py) and its board functions
(board_expressions.py) all need these; kept apart from the lowering so that none
of them has to import it back (no import circle).
"""

from __future__ import annotations

import difflib
from typing import Any

import attrs

from gdl.errors import RulesSemanticError
from gdl.limits import PARAMETER_VALUES
from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.folding import fold
from gdl.interpreter.core.geometry import Geometry
from gdl.interpreter.core.ir import BOOL, CELLS, INT

CONST, MOVE, EFFECT, END = "constant", "move", "effect", "end"   # where an expression is evaluated
ILLEGAL = "illegal"   # the legality filter: the position after a move, `here` and `origin` known
DISTANCE = "distance"   # a counted slide's length: `origin` is the piece's cell, `axis` its line
PREFER = "prefer"   # a move's measure: the position before it, `taken` its captured cells

CONNECTIVITY = ("adjacent", "reach", "alive", "connects", "connected")
AXIS = "axis"   # the line through cells along a direction
BUILTIN_NAMES = ("empty", "occupied", "own", "enemy", "full", "moves", "dark", "light", "here",
                 "plies", "captured",
                 "repeated", "none", "origin", "neutral")
FUNCTIONS = ("row", "column", "rows", "columns", "line", "count", "size", "sum", "flank", "moves",
             "slot", "streak", "lowest", "above", "below", "before", "after",
             *CONNECTIVITY, AXIS, "ray")
# `left of X` and `right of X` are functions too, but `left` and `right` stay free names
RESERVED = set(BUILTIN_NAMES) | set(FUNCTIONS) | {"mover", "opponent", "draw"}
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
    direction_variables: set[str] = attrs.Factory(set)   # every `for d in ...`'s d, for errors
    per_player: set[str] = attrs.Factory(set)   # list variables with one number per player

    def twin(self, kind: int) -> int | None:
        """The promoted twin of `kind` (`queen~` of `queen`: it moves and counts as a queen
        wherever the rules say `queen`), or None."""
        name = self.pieces[kind] + "~"
        return self.pieces.index(name) if name in self.pieces else None

    def pieces_of(self, owner: ir.Owner, kind: int) -> ir.Expr:
        """The cells of `owner`'s pieces of `kind`, its promoted twin's included."""
        twin = self.twin(kind)
        cells: ir.Expr = ir.Pieces(owner, kind)
        if twin is not None:
            cells = ir.Op("or", (cells, ir.Pieces(owner, twin)), ir.CELLS)
        return cells

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
    """`expr` as type `want`; a set of cells may stand for "is not empty", a truth value for
    the number 1 or 0 (`count own + (here in corner)`)."""
    if expr.type == want:
        return expr
    if want == BOOL and expr.type == CELLS:
        return fold(ir.Op("bool", (expr,), BOOL))
    if want == INT and expr.type == BOOL:
        return fold(ir.Op("number", (expr,), INT))
    raise error(f"{what} must be a {want}, not a {expr.type}", node)



def check_span(low: ir.Expr, high: ir.Expr, name: str, node: Any) -> None:
    """A parameter's constant range within PARAMETER_VALUES (one read from the position is
    checked as its moves are listed)."""
    if isinstance(low, ir.Const) and isinstance(high, ir.Const) and \
            high.value - low.value >= PARAMETER_VALUES:
        raise error(f"'{name}' ranges over {high.value - low.value + 1:,} values, more than "
                    f"the limit of {PARAMETER_VALUES:,}", node)


def player_index(scope: Scope, name: str, node: Any) -> ir.Expr | None:
    """The 1-based index of a player in a per-player variable `name[own]`, `name[enemy]`,
    `name[White]`: own (mover) and enemy (opponent) are the player who moves (or just
    moved) and the next one, read per player like a per-player region. None when `name` is
    not per player; an index other than a player is refused."""
    if name not in scope.per_player:
        return None
    text = node.ident.text if isinstance(node, ast.Name) else None
    n = len(scope.players)
    if text in OWNER_WORDS:
        after = 0 if OWNER_WORDS[text] == ir.MOVER else 1
        return ir.PerPlayer(tuple((p + after) % n + 1 for p in range(n)), ir.INT)
    if text in scope.players:
        return ir.Const(scope.players.index(text) + 1, ir.INT)
    raise error(f"'{name}' holds one number per player: its index is own, enemy or a "
                f"player's name ({', '.join(scope.players)})", node)


def check_index(index: ir.Expr, node: Any) -> None:
    """A constant list index counts from 1 (0 or less would silently wrap round)."""
    if isinstance(index, ir.Const) and index.value < 1:
        raise error(f"list positions count from 1, not {index.value}", node)


def constant(expr: ir.Expr, node: Any, what: str) -> Any:
    if not isinstance(expr, ir.Const):
        raise error(f"{what} must be a constant (it cannot depend on the position)", node)
    return expr.value
