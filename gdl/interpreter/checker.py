"""The checker: a parsed rules file plus the user's options -> the core IR.

Statements are read in order; each name must be declared before it is used.
Every error points at the node that caused it. Option values given by the user
are parsed here as numbers or lists of numbers, never evaluated as code.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any, Mapping

from gdl.errors import OptionError, RulesError, RulesSemanticError
from gdl.grammar import ast
from gdl.grammar.limits import MAX_DIGITS
from gdl.interpreter import ir
from gdl.interpreter.codegen_support import RULE_BITS
from gdl.interpreter.expressions import (
    CONST, EFFECT, END, MOVE, COMPASS_NAMES, FUNCTIONS, BUILTIN_NAMES, Context, Lowerer, Scope,
    check_index, constant, error, expect, unknown)
from gdl.interpreter.geometry import MAX_HEIGHT, MAX_WIDTH, Geometry, union
from gdl.interpreter.ir import BOOL, CELLS, INT, LIST
from gdl.interpreter.symmetry import SWAP_WORDS, close, identity

SYMMETRY_GROUPS = {
    "dihedral": ("mirror", "flip", "rotate180", "transpose", "antitranspose", "rotate90", "rotate270"),
    "rotations": ("rotate90", "rotate180", "rotate270"),
}
SINGLE_SYMMETRIES = ("mirror", "flip", "rotate180", "transpose", "antitranspose", "rotate90", "rotate270")
RESERVED = set(BUILTIN_NAMES) | set(FUNCTIONS) | {"mover", "opponent", "draw"}
_INT_TEXT = re.compile(r"-?[0-9]+")
MAX_PLAYERS = 8
MAX_BOARD_RULES = 1 << RULE_BITS   # a board move carries its rule's number in RULE_BITS bits


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


class _Checker:
    def __init__(self, rules: ast.Rules, options: dict[str, str]):
        self.rules = rules
        self.user_options = options
        self.scope = Scope()
        self.lower = Lowerer(self.scope)
        self.planes: list[int] = []
        self.variables: list[ir.Variable] = []
        self.rules_ir: list[ir.Rule] = []
        self.ends: list[ir.EndRule] = []
        self.symmetries: list[ir.Symmetry] = []   # as declared, in order
        self.quantities: list[ir.Quantity] = []
        self.seen: set[type] = set()
        self.piece_values: dict[int, int] = {}
        self.priority_node: ast.Priority | None = None
        self.declared: list[ast.Ident] = []   # every name so far (none may be a cell's name)

    # ---- driver
    def run(self) -> ir.GameIR:
        header = self.rules.header
        if header.kind != "game":
            raise error(f"'{header.kind}' files are not supported yet; this version compiles games", header)
        for statement in self.rules.statements:
            self._require_order(statement)
            getattr(self, "_" + type(statement).__name__.lower())(statement)
        unused = sorted(set(self.user_options) - set(self.scope.options))
        if unused:
            declared = ", ".join(self.scope.options) or "none"
            raise OptionError(f"this game has no option '{unused[0]}' (its options: {declared})")
        self._require_complete()
        plies = None
        if self.scope.counts_plies:   # the move counter is the last state variable
            plies = len(self.variables)
            self.variables.append(ir.Variable("plies", 0, INT))
        history = None
        if self.scope.tracks_history:   # then the positions seen, a frozenset of position keys
            history = len(self.variables)
            self.variables.append(ir.Variable("seen", frozenset(), ir.HISTORY))
        geometry = self.scope.geometry or Geometry(0, 0, 0)   # a game without a board (Nim)
        return ir.GameIR(
            name=Path(self.rules.filename).stem, title=header.title, kind=header.kind,
            players=tuple(self.scope.players), pieces=tuple(self.scope.pieces), geometry=geometry,
            initial_planes=tuple(self.planes), variables=tuple(self.variables),
            rules=tuple(self.rules_ir), priority=self._priority_indices(), ends=tuple(self.ends),
            symmetries=close(self.symmetries, geometry),
            zones=tuple(self.scope.zones), plies=plies, history=history,
            piece_values=tuple(self.piece_values.get(k, 1) for k in range(len(self.scope.pieces))),
            options=tuple((k, v.value) for k, v in self.scope.options.items()),
            declared_symmetries=tuple(self.symmetries), quantities=tuple(self.quantities))

    def _require_order(self, statement: Any) -> None:
        needs_players = (ast.Board, ast.Direction, ast.Region, ast.Setup, ast.BoardMove,
                         ast.ParamMove, ast.End, ast.Pieces, ast.Symmetry, ast.Quantity)
        if isinstance(statement, needs_players) and not self.scope.players:
            raise error("declare the players first (`players A B`)", statement)
        needs_board = (ast.Direction, ast.Region, ast.Setup, ast.BoardMove, ast.Zones)
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
        if isinstance(statement, ast.Pieces) and (self.rules_ir or self.ends):
            raise error("declare the pieces before the moves and ends", statement)

    def _require_complete(self) -> None:
        header = self.rules.header
        if not self.scope.players:
            raise error("the game declares no players (`players A B`)", header)
        if not self.rules_ir:
            raise error("the game declares no moves (`move: ...`)", header)
        if not self.ends:
            raise error("the game declares no end (`end: ... if ...`)", header)

    def _declare(self, ident: ast.Ident) -> None:
        """A new name must not shadow a keyword-like name or an earlier declaration."""
        if ident.text in RESERVED:
            raise error(f"'{ident.text}' is a built-in name and cannot be redefined", ident)
        s = self.scope
        taken = [*s.players, *s.options, *s.regions, *s.directions, *s.variables]
        if s.pieces_declared:
            taken += s.pieces
        if ident.text in taken:
            raise error(f"'{ident.text}' is already declared", ident)
        if s.geometry is not None and ident.text in s.geometry.names:
            raise error(f"'{ident.text}' is a cell name and cannot be redefined", ident)
        self.declared.append(ident)

    # ---- statements
    def _players(self, node: ast.Players) -> None:
        for ident in node.names:
            self._declare(ident)
            if ident.text in self.scope.players:
                raise error(f"player '{ident.text}' is named twice", ident)
            self.scope.players.append(ident.text)
        if len(self.scope.players) > MAX_PLAYERS:
            raise error(f"at most {MAX_PLAYERS} players, not {len(self.scope.players)}", node.names[MAX_PLAYERS])

    def _option(self, node: ast.Option) -> None:
        self._declare(node.name)
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

    def _board(self, node: ast.Board) -> None:
        if self.symmetries:   # they were built on no board at all
            raise error("`board` comes before any `symmetry`", node)
        size = []
        for expr, what, limit in ((node.width, "width", MAX_WIDTH), (node.height, "height", MAX_HEIGHT)):
            value = constant(expect(self.lower.lower(expr, Context(CONST)), INT, expr, f"the board {what}"),
                             expr, f"the board {what}")
            if not 1 <= value <= limit:
                raise error(f"the board {what} must be 1..{limit}, not {value}", expr)
            size.append(value)
        self.scope.geometry = Geometry.rectangle(*size)
        if node.cells is not None:
            subset = expect(self.lower.lower(node.cells, Context(CONST)), CELLS, node.cells, "the playable cells")
            mask = constant(subset, node.cells, "the playable cells")
            if not mask:
                raise error("no cell is playable", node.cells)
            self.scope.geometry = Geometry(size[0], size[1], mask)
        for ident in self.declared:
            if ident.text in self.scope.geometry.names:
                raise error(f"'{ident.text}' is also the name of a cell on the "
                            f"{size[0]} x {size[1]} board; choose another name", ident)
        self.planes = [0] * (len(self.scope.players) * len(self.scope.pieces))

    def _pieces(self, node: ast.Pieces) -> None:
        self.scope.pieces.clear()
        for ident in node.names:
            self._declare(ident)
            if ident.text in self.scope.pieces:
                raise error(f"piece '{ident.text}' is named twice", ident)
            self.scope.pieces.append(ident.text)
        self.scope.pieces_declared = True
        if self.scope.geometry is not None:
            self.planes = [0] * (len(self.scope.players) * len(self.scope.pieces))

    def _player_index(self, ident: ast.Ident) -> int:
        if ident.text not in self.scope.players:
            raise unknown("player", ident, self.scope.players)
        return self.scope.players.index(ident.text)

    def _direction(self, node: ast.Direction) -> None:
        self._declare(node.name)
        if node.name.text in COMPASS_NAMES:
            raise error(f"'{node.name.text}' is a compass direction and cannot be redefined", node.name)
        players = self.scope.players
        per_player: list[list[tuple[int, int]] | None] = [None] * len(players)
        for part in node.parts:
            if part[0].text in players:
                owner, words = self._player_index(part[0]), part[1:]
                if not words:
                    raise error(f"name {part[0].text}'s directions after the player", part[0])
                targets = [owner]
            else:
                if len(node.parts) > 1 and not self._is_direction(part[0].text):
                    raise unknown("player", part[0], players)
                words, targets = part, list(range(len(players)))
            for p in targets:
                if per_player[p] is not None:
                    raise error(f"player {players[p]} already has this direction", part[0])
                steps: list[tuple[int, int]] = []
                for word in words:
                    steps.extend(self.lower.direction(word)[p])
                per_player[p] = steps
        missing = [players[p] for p, steps in enumerate(per_player) if steps is None]
        if missing:
            raise error(f"direction '{node.name.text}' is not given for {', '.join(missing)}", node.name)
        self.scope.directions[node.name.text] = tuple(tuple(s) for s in per_player)

    def _is_direction(self, text: str) -> bool:
        return text in self.scope.directions or text in COMPASS_NAMES

    def _region(self, node: ast.Region) -> None:
        self._declare(node.name)
        ctx = Context(CONST)
        if node.shared is not None:
            value = expect(self.lower.lower(node.shared, ctx), CELLS, node.shared, "a region")
            constant(value, node.shared, "a region")
            self.scope.regions[node.name.text] = value
            return
        values: list[int | None] = [None] * len(self.scope.players)
        for ident, expr in node.per_player:
            p = self._player_index(ident)
            if values[p] is not None:
                raise error(f"region '{node.name.text}' is given twice for {ident.text}", ident)
            values[p] = constant(expect(self.lower.lower(expr, ctx), CELLS, expr, "a region"), expr, "a region")
        missing = [self.scope.players[p] for p, v in enumerate(values) if v is None]
        if missing:
            raise error(f"region '{node.name.text}' is not given for {', '.join(missing)}", node.name)
        self.scope.regions[node.name.text] = ir.PerPlayer(tuple(values), CELLS)

    def _piece_index(self, ident: ast.Ident | None, node: Any) -> int:
        pieces = self.scope.pieces
        if ident is None:
            if len(pieces) > 1:
                raise error(f"say which piece: one of {', '.join(pieces)}", node)
            return 0
        if not self.scope.pieces_declared:
            raise error(f"unknown piece '{ident.text}': the game declares no pieces "
                        f"(add `pieces {ident.text}`)", ident)
        if ident.text not in pieces:
            raise unknown("piece", ident, pieces)
        return pieces.index(ident.text)

    def _setup(self, node: ast.Setup) -> None:
        p = self._player_index(node.player)
        k = self._piece_index(node.piece, node.player)
        value = expect(self.lower.lower(node.cells, Context(CONST)), CELLS, node.cells, "a setup")
        mask = constant(value, node.cells, "a setup")
        if mask & (taken := union(self.planes)):
            cell = self.scope.geometry.name((mask & taken).bit_length() - 1)
            raise error(f"cell {cell} is set up twice", node.cells)
        self.planes[p * len(self.scope.pieces) + k] |= mask

    def _symmetry(self, node: ast.Symmetry) -> None:
        """Each named transform (or the cell map, or the colour swap alone) becomes one
        declared symmetry; `swapping colours` adds the colour swap to each."""
        if node.swap and len(self.scope.players) != 2:
            raise error(f"a colour swap exchanges two players; this game has "
                        f"{len(self.scope.players)}", node)
        suffix = f" {SWAP_WORDS}" if node.swap else ""
        if node.cells:
            perm, words = self._cell_map(node)
            self.symmetries.append(ir.Symmetry(words + suffix, perm, node.swap, node.pos))
            return
        if not node.names:
            geometry = self.scope.geometry or Geometry(0, 0, 0)
            self.symmetries.append(ir.Symmetry(SWAP_WORDS, identity(geometry).perm, True, node.pos))
            return
        transforms = self.scope.geometry.transforms()
        for ident in node.names:
            if ident.text in SYMMETRY_GROUPS:
                names = [t for t in SYMMETRY_GROUPS[ident.text] if transforms[t]]
            elif ident.text in SINGLE_SYMMETRIES:
                if transforms[ident.text] is None:
                    g = self.scope.geometry
                    raise error(f"{ident.text} does not map the {g.width} x {g.height} board onto itself", ident)
                names = [ident.text]
            else:
                raise unknown("symmetry", ident, [*SYMMETRY_GROUPS, *SINGLE_SYMMETRIES])
            self.symmetries += [ir.Symmetry(name + suffix, transforms[name], node.swap, ident.pos)
                                for name in names]

    def _cell_map(self, node: ast.Symmetry) -> tuple[tuple[int, ...], str]:
        """`swap a1 c1, a2 c2` or `cycle a1 c1 c3 a3`: the permutation and its words."""
        geometry = self.scope.geometry
        perm = list(identity(geometry).perm)
        seen: set[str] = set()
        for group in node.cells:
            if node.cell_map == "swap" and len(group) != 2:
                raise error(f"'swap' exchanges two cells, not {len(group)} (use 'cycle' to move "
                            f"more round)", group[0])
            cells = []
            for ident in group:
                cell = geometry.names.get(ident.text)
                if cell is None or not geometry.playable >> cell & 1:
                    raise error(f"'{ident.text}' is not a playable cell of the "
                                f"{geometry.width} x {geometry.height} board", ident)
                if ident.text in seen:
                    raise error(f"cell {ident.text} is moved twice by this symmetry", ident)
                seen.add(ident.text)
                cells.append(cell)
            for a, b in zip(cells, cells[1:] + cells[:1]):
                perm[a] = b
        words = ", ".join(" ".join(i.text for i in group) for group in node.cells)
        return tuple(perm), f"{node.cell_map} {words}"

    def _quantity(self, node: ast.Quantity) -> None:
        value = self.lower.lower(node.expr, Context(MOVE))
        if node.kind == "monotone" and value.type not in (INT, BOOL):
            raise error(f"a monotone quantity is a number (or a truth value), not a {value.type}",
                        node.expr)
        if isinstance(value, ir.Const):
            raise error("this quantity is a constant: no move can change it", node.expr)
        direction = None
        if node.direction is not None:
            direction = "nonincreasing" if node.direction == "increases" else "nondecreasing"
        self.quantities.append(ir.Quantity(node.text, node.kind, direction, value,
                                           _player_relative(value), node.pos))

    def _statevar(self, node: ast.StateVar) -> None:
        self._declare(node.name)
        value = self.lower.lower(node.initial, Context(CONST))
        if value.type not in (INT, LIST, CELLS):
            raise error("a state variable holds a number, a list of numbers or a set of cells",
                        node.initial)
        initial = constant(value, node.initial, "a state variable's initial value")
        var = ir.Var(len(self.variables), value.type)
        self.variables.append(ir.Variable(node.name.text, initial, value.type))
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
                raise error("a pass is only legal when nothing else is; it cannot come first", ident)
            out += [i for i, n in enumerate(names) if n == ident.text and i not in out]
        return tuple(out)

    def _zones(self, node: ast.Zones) -> None:
        self._declare(node.name)
        geo = self.scope.geometry
        size = []
        for expr, what, total in ((node.width, "width", geo.width), (node.height, "height", geo.height)):
            value = constant(expect(self.lower.lower(expr, Context(CONST)), INT, expr, f"a block {what}"),
                             expr, f"a block {what}")
            if value < 1 or total % value:
                raise error(f"blocks {value} cells in {what} do not tile the board's {what} of {total}", expr)
            size.append(value)
        w, h = size
        blocks = tuple(geo.mask(lambda x, y, bx=bx, by=by: bx <= x < bx + w and by <= y < by + h)
                       for by in range(0, geo.height, h) for bx in range(0, geo.width, w))
        self.scope.zones.append(ir.ZoneFamily(node.name.text, w, h, blocks))

    def _priority(self, node: ast.Priority) -> None:
        if self.priority_node is not None:
            raise error("'priority' is declared twice", node)
        self.priority_node = node

    def _piecevalue(self, node: ast.PieceValue) -> None:
        kind = self._piece_index(node.piece, node)
        if kind in self.piece_values:
            raise error(f"piece '{node.piece.text}' is given a value twice", node.piece)
        value = constant(expect(self.lower.lower(node.value, Context(CONST)), INT, node.value, "a piece value"),
                         node.value, "a piece value")
        if value < 0:
            raise error(f"a piece value must be 0 or more, not {value}", node.value)
        self.piece_values[kind] = value

    def _rule_name(self, ident: ast.Ident | None, default: str) -> str:
        if ident is None:
            return default
        if ident.text in RESERVED:
            raise error(f"'{ident.text}' is a built-in name and cannot name a move", ident)
        return ident.text

    def _boardmove(self, node: ast.BoardMove) -> None:
        action, ctx = node.action, Context(MOVE)
        if sum(not isinstance(r, ir.ParamRule) for r in self.rules_ir) == MAX_BOARD_RULES:
            raise error(f"a game has at most {MAX_BOARD_RULES} board move rules", node)
        flip = next((e for e in map(_unguarded, node.effects) if isinstance(e, ast.Flip)), None)
        if flip is not None and not isinstance(action, ast.Place):
            raise error("'flip' follows a placement (`place ... then flip X`)", flip)
        if isinstance(action, ast.Place):
            kind = self._piece_index(action.piece, action)
            where = expect(self.lower.lower(action.where, ctx), CELLS, action.where, "where a piece is placed")
            rule = ir.PlaceRule(self._rule_name(node.name, "place"), kind, where, self._effects(node.effects, Context(EFFECT)))
        elif isinstance(action, ast.Step):
            kind = self._piece_index(action.piece, action)
            directions = self._directions(action.directions)
            verb = "slide" if action.slide else "step"
            to = expect(self.lower.lower(action.to, ctx), CELLS, action.to, f"where a piece {verb}s to")
            rule = ir.StepRule(self._rule_name(node.name, verb), kind, directions, to,
                               self._effects(node.effects, Context(EFFECT)), action.slide)
        elif isinstance(action, ast.Jump):
            kind = self._piece_index(action.piece, action)
            directions = self._directions(action.directions)
            over = expect(self.lower.lower(action.over, ctx), CELLS, action.over, "what a piece jumps over")
            to = expect(self.lower.lower(action.to, ctx), CELLS, action.to, "where a piece jumps to")
            effects = self._effects(node.effects, Context(EFFECT))
            rule = ir.JumpRule(self._rule_name(node.name, "jump"), kind, directions, over, to, action.repeat, effects)
        else:
            if node.effects:
                raise error("a pass has no effects", node.effects[0])
            if any(isinstance(r, ir.PassRule) for r in self.rules_ir):
                raise error("a game has at most one pass rule", action)
            rule = ir.PassRule(self._rule_name(node.name, "pass"))
        self.rules_ir.append(rule)

    def _directions(self, words: tuple[ast.Ident, ...]) -> tuple[ir.Offsets, ...]:
        per_player: list[list[tuple[int, int]]] = [[] for _ in self.scope.players]
        for word in words:
            for p, steps in enumerate(self.lower.direction(word)):
                per_player[p].extend(s for s in steps if s not in per_player[p])
        return tuple(tuple(s) for s in per_player)

    def _parammove(self, node: ast.ParamMove) -> None:
        names: list[str] = []
        ranges = []
        for param in node.params:
            if param.name.text in names:
                raise error(f"parameter '{param.name.text}' is named twice", param.name)
            self._declare(param.name)
            ctx = Context(MOVE, tuple(names))
            low = expect(self.lower.lower(param.low, ctx), INT, param.low, "a range bound")
            high = expect(self.lower.lower(param.high, ctx), INT, param.high, "a range bound")
            ranges.append((low, high))
            names.append(param.name.text)
        ctx = Context(MOVE, tuple(names))
        guard = None
        if node.guard is not None:
            guard = expect(self.lower.lower(node.guard, ctx), BOOL, node.guard, "a move's condition")
        for effect in map(_unguarded, node.effects):
            if isinstance(effect, (ast.Promote, ast.Flip, ast.Fill)):
                word = {ast.Promote: "promote", ast.Flip: "flip", ast.Fill: "fill"}[type(effect)]
                raise error(f"'{word}' follows a board move (place, step or jump), "
                            f"not a move with parameters", effect)
        effects = self._effects(node.effects, ctx)
        self.rules_ir.append(ir.ParamRule(self._rule_name(node.name, "move"), tuple(ranges), guard, effects))

    def _effects(self, effects: tuple[ast.Effect, ...], ctx: Context) -> tuple[ir.Effect, ...]:
        out: list[ir.Effect] = []
        for effect in effects:
            if isinstance(effect, ast.Guarded):
                inner = self._effects((effect.effect,), ctx)[0]
                condition = expect(self.lower.lower(effect.condition, ctx), BOOL, effect.condition,
                                   "an effect's condition")
                out.append(ir.Guard(condition, inner))
                continue
            if isinstance(effect, ast.Again):
                out.append(ir.Again())
                continue
            if isinstance(effect, ast.Fill):
                kind = self._piece_index(effect.piece, effect)
                cells = expect(self.lower.lower(effect.cells, ctx), CELLS, effect.cells, "what 'fill' covers")
                out.append(ir.Fill(kind, cells))
                continue
            if isinstance(effect, ast.Flip):
                cells = expect(self.lower.lower(effect.cells, ctx), CELLS, effect.cells, "what 'flip' turns")
                out.append(ir.Flip(cells))
                continue
            if isinstance(effect, ast.Promote):
                kind = self._piece_index(effect.piece, effect)
                where = expect(self.lower.lower(effect.where, ctx), CELLS, effect.where, "a promotion zone")
                out.append(ir.Promote(kind, where))
                continue
            name = effect.target.text
            if name not in self.scope.variables:
                raise unknown("state variable", effect.target, list(self.scope.variables))
            var = self.scope.variables[name]
            index = None
            if effect.index is not None:
                if var.type != LIST:
                    raise error(f"'{name}' is a number and cannot be indexed", effect.index)
                index = expect(self.lower.lower(effect.index, ctx), INT, effect.index, "an index")
                check_index(index, effect.index)
            want = INT if index is not None else var.type
            if effect.op != "=" and want != INT:
                raise error(f"'{effect.op}' needs a number; '{name}' is a {var.type}", effect)
            value = expect(self.lower.lower(effect.value, ctx), want, effect.value, f"the value given to '{name}'")
            out.append(ir.Assign(var.index, index, effect.op, value))
        return tuple(out)

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
        condition = expect(self.lower.lower(node.condition, Context(END)), BOOL, node.condition, "an end condition")
        if isinstance(condition, ir.Const) and not condition.value:
            raise error("this end condition can never hold", node.condition)
        score = None
        if node.score is not None:
            if len(self.scope.players) < 2:
                raise error("a score ends a game of two or more players", node)
            score = expect(self.lower.lower(node.score, Context(END)), INT, node.score, "a score")
        self.ends.append(ir.EndRule(node.outcome, who, condition, score))


def _player_relative(expr: ir.Expr) -> bool:
    """Whether an expression reads the position from the mover's view (own, enemy, a
    per-player region or direction, a line of the mover's)."""
    for node in ir.walk(expr):
        if isinstance(node, (ir.Pieces, ir.Line)) and node.owner in (ir.MOVER, ir.OPPONENT):
            return True
        if isinstance(node, (ir.PerPlayer, ir.Flank)):
            return True
        if isinstance(node, ir.Shift) and len(set(node.directions)) > 1:
            return True
    return False


def _unguarded(effect: ast.Effect) -> ast.Effect:
    """The effect inside any `if` guards."""
    while isinstance(effect, ast.Guarded):
        effect = effect.effect
    return effect
