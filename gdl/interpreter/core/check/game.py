"""The checker: a parsed rules file plus the user's options -> the core IR.

Statements are read in order; each name must be declared before it is used.
Every error points at the node that caused it. Option values given by the user
are parsed here as numbers or lists of numbers, never evaluated as code.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from collections.abc import Mapping
from typing import Any

import attrs

from gdl.errors import OptionError, RulesError
from gdl.grammar import ast
from gdl.grammar.limits import MAX_DIGITS
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.chance import ChanceChecks
from gdl.interpreter.core.check.counts import CountChecks
from gdl.interpreter.core.check.declarations import DeclarationChecks
from gdl.interpreter.core.check.definitions import DefinitionChecks, Definitions
from gdl.interpreter.core.check.descriptions import DescriptionChecks
from gdl.interpreter.core.check.direction_vars import DirectionRules, variable_names
from gdl.interpreter.core.check.moves import MoveChecks
from gdl.interpreter.core.check.simultaneous import SimultaneousChecks, at_round_end
from gdl.interpreter.core.check.whole_moves import WholeMoveChecks
from gdl.interpreter.core.check.symmetry import SymmetryChecks
from gdl.interpreter.core.check.expressions import Lowerer
from gdl.interpreter.core.check.scope import (
    CONST, END, FUNCTIONS, BUILTIN_NAMES, RESERVED, Context, Scope,
    constant, error, expect, unknown)
from gdl.interpreter.core.geometry import Geometry
from gdl.interpreter.core.ir import BOOL, CELLS, INT, LIST
from gdl.interpreter.core.symmetry import close

_INT_TEXT = re.compile(r"-?[0-9]+")
MAX_PLAYERS = 8


def check(rules: ast.Rules, options: Mapping[str, str] | None = None) -> ir.GameIR:
    """The IR of `rules` with the user's `options` set (text values, as on the command line).

    Raises:
        RulesSemanticError: a name, type or value in the file is wrong (located).
        OptionError: an option the file does not declare, or a value of the wrong shape.
    """
    try:
        return _Checker(rules, dict(options or {})).run()
    except RulesError as err:
        raise err.located(rules.filename, rules.source) from None


def parse_option_value(name: str, text: str, default: Any) -> Any:
    """A user's option text as a number or a list of numbers, shaped like the default."""
    words = [w for w in re.split(r"[\s,\[\]()]+", text.strip()) if w]
    if not words or not all(_INT_TEXT.fullmatch(w) for w in words):
        raise OptionError(f"option {name}: {text!r} is not a number or a list of numbers")
    if any(len(w.lstrip("+-")) > MAX_DIGITS for w in words):
        raise OptionError(f"option {name}: numbers have at most {MAX_DIGITS} digits "
                          f"(a limit of gdl)")
    values = tuple(int(w) for w in words)
    if isinstance(default, tuple):
        return values
    if len(values) != 1:
        raise OptionError(f"option {name} takes one number, got {text!r}")
    return values[0]


class _Checker(SimultaneousChecks, DirectionRules, MoveChecks, CountChecks, SymmetryChecks,
               DeclarationChecks, DescriptionChecks, WholeMoveChecks, DefinitionChecks,
               ChanceChecks):
    def __init__(self, rules: ast.Rules, options: dict[str, str]):
        self.rules = rules
        self.user_options = options
        self.scope = Scope()
        self.lower = Lowerer(self.scope)
        self.scope.direction_variables = variable_names(rules.statements)
        self.planes: list[int] = []
        self.variables: list[ir.Variable] = []
        self.rules_ir: list[ir.Rule] = []
        self.ends: list[ir.EndRule] = []
        self.symmetries: list[ir.Symmetry] = []   # as declared, in order
        self.quantities: list[ir.Quantity] = []
        self.heuristic: ir.Quantity | None = None
        self.move_laws: list[str] = []
        self.notation: ast.Notation | None = None
        self.seen: set[type] = set()
        self.simultaneous = False   # `players A B simultaneous`
        self.piece_values: dict[int, int] = {}
        self.priority_node: ast.Priority | None = None
        self.illegal: ir.Expr | None = None
        self.every_move: ast.EveryMove | None = None   # effects every later move rule runs
        self.after: tuple[ir.Effect, ...] | None = None   # effects every move runs last
        self.tracks: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.declared: list[ast.Ident] = []   # every name so far (none may be a cell's name)
        self.definitions = Definitions(rules.statements, self._global_names)
        self.chance_stages, self.chance_pending = {}, None   # chance.py

    # ---- driver
    def run(self) -> ir.GameIR:
        header = self.rules.header
        if header.kind != "game":
            raise error(f"'{header.kind}' files are not supported yet; this version compiles games",
                        header)
        for statement in self.rules.statements:
            statement = self.definitions.expand_statement(statement)
            self._require_order(statement)
            getattr(self, "_" + type(statement).__name__.lower())(statement)
        unused = sorted(set(self.user_options) - set(self.scope.options))
        if unused:
            declared = ", ".join(self.scope.options) or "none"
            raise OptionError(f"this game has no option '{unused[0]}' (its options: {declared})")
        self._require_complete()
        self._check_notation()
        self._check_preference()
        chances, pending = self._finish_chance()
        plies = None
        if self.scope.counts_plies:   # the move counter is the last state variable
            plies = len(self.variables)
            self.variables.append(ir.Variable("plies", 0, INT))
        history = None
        if self.scope.tracks_history:   # then the positions seen, a frozenset of position keys
            history = len(self.variables)
            self.variables.append(ir.Variable("seen", frozenset(), ir.HISTORY))
        streak = None
        if self.scope.streaks:   # then each player's count per `streak` condition
            streak = len(self.variables)
            zeros = (0,) * (len(self.scope.streaks) * len(self.scope.players))
            self.variables.append(ir.Variable("streak", zeros, ir.LIST))
        geometry = self.scope.geometry or Geometry(0, 0, 0)   # a game without a board (Nim)
        game = ir.GameIR(
            name=Path(self.rules.filename).stem, title=header.title, kind=header.kind,
            players=tuple(self.scope.players), pieces=tuple(self.scope.pieces), geometry=geometry,
            initial_planes=tuple(self.planes), variables=tuple(self.variables),
            rules=tuple(self.rules_ir), priority=self._priority_indices(), ends=tuple(self.ends),
            symmetries=close(self.symmetries, geometry, self.scope.pieces),
            zones=tuple(self.scope.zones), plies=plies, history=history,
            streaks=tuple(self.scope.streaks), streak=streak, after=self.after or (),
            piece_values=tuple(self._worth(k) for k in range(len(self.scope.pieces))),
            options=tuple((k, v.value) for k, v in self.scope.options.items()),
            declared_symmetries=tuple(self.symmetries), quantities=tuple(self.quantities),
            illegal=self.illegal, rule_bits=self._rule_bits(), neutral=tuple(self.scope.neutral),
            tracks=tuple(cells for _, cells in sorted(self.tracks.values())),
            hand=self.scope.hand, returns_as=self.scope.returns_as, heuristic=self.heuristic,
            move_laws=tuple(self.move_laws), prefer=self.preference,
            notation=None if self.notation is None else self.notation.name.text,
            chances=chances, pending=pending)
        return at_round_end(game) if self.simultaneous else game

    def _rule_bits(self) -> int:
        board = sum(not isinstance(r, ir.ParamRule) for r in self.rules_ir)
        return max(1, (board - 1).bit_length())

    def _require_order(self, statement: Any) -> None:
        needs_players = (ast.Board, ast.Direction, ast.Region, ast.Setup, ast.BoardMove,
                         ast.ParamMove, ast.End, ast.Pieces, ast.Symmetry, ast.Quantity,
                         ast.Illegal, ast.MoveLaws, ast.Notation, ast.ForMove)
        if isinstance(statement, needs_players) and not self.scope.players:
            raise error("declare the players first (`players A B`)", statement)
        needs_board = (ast.Direction, ast.Region, ast.Setup, ast.BoardMove, ast.ForMove,
                       ast.Zones)
        moves_cells = isinstance(statement, ast.Symmetry) and (statement.names or statement.cells)
        if (isinstance(statement, needs_board) or moves_cells) and self.scope.geometry is None:
            raise error("declare the board first (`board W x H`)", statement)
        once = (ast.Players, ast.Board, ast.Pieces)
        if isinstance(statement, once):
            if type(statement) in self.seen:
                raise error(f"'{type(statement).__name__.lower()}' is declared twice", statement)
            self.seen.add(type(statement))
        if isinstance(statement, ast.PieceValue) and not self.scope.pieces_declared:
            raise error("declare the pieces first (`pieces A B`)", statement)
        if isinstance(statement, ast.Pieces) and self.planes and any(self.planes):
            raise error("declare the pieces before the setup", statement)
        if isinstance(statement, (ast.Pieces, ast.Neutral)) and (self.rules_ir or self.ends):
            raise error("declare the pieces before the moves and ends", statement)
        if isinstance(statement, (ast.Pieces, ast.Neutral)) and any(s.kinds for s in
                                                                     self.symmetries):
            raise error("declare the pieces before a symmetry that recolours them", statement)

    def _require_complete(self) -> None:
        header = self.rules.header
        if not self.scope.players:
            raise error("the game declares no players (`players A B`)", header)
        if not self.rules_ir:
            raise error("the game declares no moves (`move: ...`)", header)
        if not self.ends:
            raise error("the game declares no end (`end: ... if ...`)", header)

    def _declare(self, ident: ast.Ident, option: bool = False, twin: bool = False) -> None:
        """A new name must not shadow a keyword-like name or an earlier declaration. An option
        may take a function's name (`option size = 9`): a function is always applied to an
        argument (`size(heap)`), an option never is, so the two cannot be confused. Only a
        piece kind (`twin`) may end in `~`."""
        if ident.text.endswith("~") and not twin:
            raise error(f"'{ident.text}': a name ending in '~' is a promoted piece kind, "
                        f"declared in `pieces` beside the kind it moves as "
                        f"(`pieces {ident.text[:-1]} {ident.text}`)", ident)
        function_name = ident.text in FUNCTIONS and ident.text not in BUILTIN_NAMES
        if ident.text in RESERVED and not (option and function_name):
            raise error(f"'{ident.text}' is a built-in name and cannot be redefined", ident)
        s = self.scope
        if ident.text in self._global_names():
            raise error(f"'{ident.text}' is already declared", ident)
        if s.geometry is not None and ident.text in s.geometry.names:
            raise error(f"'{ident.text}' is a cell name and cannot be redefined", ident)
        self.declared.append(ident)

    def _global_names(self) -> frozenset[str]:
        """The names declared so far that every statement sees (not a move's parameters)."""
        s = self.scope
        taken = [*s.players, *s.options, *s.regions, *s.directions, *s.variables,
                 *self.tracks, *self.definitions.table, *(z.name for z in s.zones)]
        if s.pieces_declared:
            taken += s.pieces
        return frozenset(taken)

    # ---- statements
    def _players(self, node: ast.Players) -> None:
        for ident in node.names:
            self._declare(ident)
            if ident.text in self.scope.players:
                raise error(f"player '{ident.text}' is named twice", ident)
            self.scope.players.append(ident.text)
        if len(self.scope.players) > MAX_PLAYERS:
            raise error(f"at most {MAX_PLAYERS} players, not {len(self.scope.players)}",
                        node.names[MAX_PLAYERS])
        self.simultaneous = node.simultaneous
        if node.simultaneous and len(node.names) < 2:
            raise error("'simultaneous' needs two players or more", node)

    def _option(self, node: ast.Option) -> None:
        self._declare(node.name, option=True)
        if isinstance(node.default, ast.Name) and node.default.ident.text not in self.scope.options:
            # A default may name an earlier option, nothing else: `option rule = freestyle`.
            ident = node.default.ident
            if difflib.get_close_matches(ident.text, list(self.scope.options), n=1):
                raise unknown("option", ident, list(self.scope.options))
            raise error(f"an option's default must be a number or a list of numbers, "
                        f"not '{ident.text}'", ident)
        default = self.lower.lower(node.default, Context(CONST))
        if default.type not in (INT, LIST) or not isinstance(default, ir.Const):
            raise error("an option's default must be a number or a list of numbers", node.default)
        value = default.value
        text = self.user_options.get(node.name.text)
        if text is not None:
            value = parse_option_value(node.name.text, text, value)
        self.scope.options[node.name.text] = ir.Const(value, default.type)

    def _statevar(self, node: ast.StateVar) -> None:
        self._declare(node.name)
        value = self.lower.lower(node.initial, Context(CONST))
        if value.type not in (INT, LIST, CELLS):
            raise error("a state variable holds a number, a list of numbers or a set of cells",
                        node.initial)
        initial = constant(value, node.initial, "a state variable's initial value")
        if node.per_player:   # one number for each player, read and written as v[own], v[White]
            if value.type != INT:
                raise error(f"a state variable 'per player' holds one number for each player, "
                            f"not a {value.type}", node.initial)
            if not self.scope.players:
                raise error("'per player' needs the players declared first", node)
            initial, value = (initial,) * len(self.scope.players), ir.Const((), LIST)
            self.scope.per_player.add(node.name.text)
        var = ir.Var(len(self.variables), value.type)
        self.variables.append(ir.Variable(node.name.text, initial, value.type, node.per_player))
        self.scope.variables[node.name.text] = var

    def _priority_indices(self) -> tuple[int, ...]:
        node = self.priority_node
        if node is None:
            return ()
        names = [r.name for r in self.rules_ir]
        out = []
        for ident in node.names:
            if ident.text not in names:
                raise unknown("move rule", ident, names)
            if any(isinstance(r, ir.PassRule) and r.name == ident.text for r in self.rules_ir):
                raise error("a pass is only legal when nothing else is; it cannot come first",
                            ident)
            out += [i for i, n in enumerate(names) if n == ident.text and i not in out]
        return tuple(out)

    def _priority(self, node: ast.Priority) -> None:
        if self.priority_node is not None:
            raise error("'priority' is declared twice", node)
        self.priority_node = node

    def _piecevalue(self, node: ast.PieceValue) -> None:
        kind = self._piece_index(node.piece, node)
        if kind in self.piece_values:
            raise error(f"piece '{node.piece.text}' is given a value twice", node.piece)
        value = constant(expect(self.lower.lower(node.value, Context(CONST)), INT, node.value,
                                "a piece value"),
                         node.value, "a piece value")
        if value < 0:
            raise error(f"a piece value must be 0 or more, not {value}", node.value)
        self.piece_values[kind] = value

    def _worth(self, kind: int) -> int:
        """A kind's value hint (default 1; a promoted twin's, its kind's)."""
        name = self.scope.pieces[kind]
        base = self.scope.pieces.index(name[:-1]) if name.endswith("~") else kind
        return self.piece_values.get(kind, self.piece_values.get(base, 1))

    def _rule_name(self, ident: ast.Ident | None, default: str) -> str:
        if ident is None:
            return default
        if ident.text in RESERVED:
            raise error(f"'{ident.text}' is a built-in name and cannot name a move", ident)
        return ident.text

    def _end(self, node: ast.End) -> None:
        who: ir.Owner | None = None
        if node.who is not None:
            text = node.who.text
            if text in ("mover", "opponent"):
                who = text
            elif text in self.scope.players:
                who = self.scope.players.index(text)
            else:
                raise unknown("player", node.who, ["mover", "opponent", *self.scope.players])
        flags = self.scope.tracks_history, self.scope.tracks_boards, self.scope.counts_plies
        streaks = len(self.scope.streaks)
        condition = expect(self.lower.lower(node.condition, Context(END)), BOOL, node.condition,
                           "an end condition")
        if isinstance(condition, ir.Const) and not condition.value:
            if _names_an_option(node.condition, self.scope.options):   # switched off by one
                self.scope.tracks_history, self.scope.tracks_boards, self.scope.counts_plies = flags
                del self.scope.streaks[streaks:]
                return
            raise error("this end condition can never hold", node.condition)
        score = None
        if node.score is not None:   # one player: the puzzle's score (docs/core.md, 5a)
            score = expect(self.lower.lower(node.score, Context(END)), INT, node.score, "a score")
        self.ends.append(ir.EndRule(node.outcome, who, condition, score))


def _names_an_option(node: Any, options: Mapping[str, Any]) -> bool:
    """Whether an expression's text names an option (`repeated 3 and openspiel == 0`)."""
    if isinstance(node, ast.Name):
        return node.ident.text in options
    if isinstance(node, tuple):
        return any(_names_an_option(n, options) for n in node)
    return attrs.has(type(node)) and any(_names_an_option(getattr(node, f.name), options)
                                         for f in attrs.fields(type(node)))
