"""The puzzle checker: a parsed `puzzle` file plus the user's options -> the puzzle IR.

A puzzle file declares options, one state form, its moves and a goal:

    state corner: permutation 7, twist: 7 x mod 3     permutations with orientations
    move front: cycle corner (1 2 6 5) twist (-1 +1 -1 +1)
    inverse front back, left right, up down

    board size x size                                  a board of tiles and a blank
    tiles 1..size*size-1 and blank
    move: slide tile into blank

    stacks pegs of discs                               stacks (Tower of Hanoi)
    move: top onto larger or empty

    start: all on 1 | "position"                      (default: the solved arrangement)
    goal: initial | all on pegs | tiles in order, blank last | "position"

Numbers are constant expressions over the options. Every error points at the
node that caused it; a declared inverse pair is checked exactly (one move after
the other must leave every state as it was).
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable, Mapping
from typing import Any, cast

from gdl.errors import OptionError, RulesError, source_lines
from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.layouts import permutation as perm
from gdl.interpreter.layouts import stacks
from gdl.interpreter.layouts import symmetry
from gdl.interpreter.layouts import tiles
from gdl.interpreter.core.check.game import parse_option_value
from gdl.interpreter.core.check.expressions import Lowerer
from gdl.interpreter.core.check.scope import (
    CONST, Context, Scope, constant, error, expect, unknown)
from gdl.interpreter.core.ir import INT
from gdl.interpreter.core.puzzle_ir import (
    Component, CycleAction, PermutationIR, PuzzleIR, StacksIR, State, TilesIR)

MAX_POSITIONS = 64     # pieces of one permutation
MAX_MODULUS = 64
MAX_SIDE = 16          # rows or columns of a sliding puzzle (its lowered game: a kind per tile)
MAX_STACKS, MAX_ITEMS = 9, 30
_FORM_HINT = "`state NAME: permutation N`, `tiles 1..N and blank` or `stacks N of M`"


def check_puzzle(rules: ast.Rules, options: Mapping[str, str] | None = None) -> PuzzleIR:
    """The IR of a `puzzle` file with the user's `options` set (texts, as `--set` gives them).

    Raises:
        RulesSemanticError: a name, number or statement in the file is wrong (located).
        OptionError: an option the file does not declare, or a value of the wrong shape.
    """
    try:
        return _PuzzleChecker(rules, dict(options or {})).run()
    except RulesError as err:
        raise err.located(rules.filename, rules.source) from None


def reject_puzzle_statements(rules: ast.Rules) -> None:
    """Raise a located error at the first puzzle statement of a game (or other) file."""
    for statement in rules.statements:
        if isinstance(statement, ast.PuzzleStatement):
            word = _keyword(rules, statement)
            raise error(f"this '{word}' statement belongs in a puzzle file (`puzzle \"TITLE\"`), "
                        f"not in a {rules.header.kind} file", statement).located(
                rules.filename, rules.source)


def _keyword(rules: ast.Rules, statement: Any) -> str:
    """The word a statement starts with, as the file spells it."""
    line = source_lines(rules.source)[statement.pos.line - 1]
    return line[statement.pos.column - 1:].split()[0].rstrip(":")


class _PuzzleChecker:
    def __init__(self, rules: ast.Rules, options: dict[str, str]):
        self.rules, self.user_options = rules, options
        self.scope = Scope()
        self.lower = Lowerer(self.scope)
        self.form_node: Any = None          # the statement that chose the state form
        self.board: tuple[int, int] | None = None
        self.components: list[Component] = []
        self.moves: list[CycleAction] = []
        self.symmetries: list[tuple[CycleAction, ast.CycleMove]] = []
        self.move_nodes: dict[str, ast.Ident] = {}
        self.inverses: list[tuple[int, int]] = []
        self.stack_rule: str | None = None
        self.slide: ast.SlideMove | None = None
        self.start: ast.PuzzleStart | None = None
        self.goal: ast.PuzzleGoal | None = None
        self.symmetry: ast.Symmetry | None = None

    # ---- driver
    def run(self) -> PuzzleIR:
        handlers: dict[type, Callable[[Any], None]] = {
            ast.Option: self._option, ast.Board: self._board,
            ast.PermState: self._perm_state, ast.Tiles: self._tiles,
            ast.Stacks: self._stacks, ast.CycleMove: self._cycle_move,
            ast.SlideMove: self._slide_move, ast.StackMove: self._stack_move,
            ast.Inverse: self._inverse, ast.PuzzleStart: self._target,
            ast.Symmetry: self._symmetry,
            ast.PuzzleGoal: self._target}
        for statement in self.rules.statements:
            handler = handlers.get(type(statement))
            if isinstance(statement, (ast.BoardMove, ast.ParamMove)):
                raise error("a puzzle moves by `move NAME: cycle ...`, `move: slide tile into "
                            "blank` or `move: top onto ...`; this move belongs in a game file",
                            statement)
            if handler is None:
                raise error(f"a puzzle has no '{_keyword(self.rules, statement)}' statement",
                            statement)
            handler(statement)
        unused = sorted(set(self.user_options) - set(self.scope.options))
        if unused:
            declared = ", ".join(self.scope.options) or "none"
            raise OptionError(f"this puzzle has no option '{unused[0]}' (its options: {declared})")
        form = self._form()
        options = tuple((k, v.value) for k, v in self.scope.options.items())
        return PuzzleIR(Path(self.rules.filename).stem, self.rules.header.title, options, form)

    def _number(self, expr: ast.Expr, what: str, low: int, high: int) -> int:
        lowered = expect(self.lower.lower(expr, Context(CONST)), INT, expr, what)
        value = constant(lowered, expr, what)
        if not low <= value <= high:
            raise error(f"{what} must be {low}..{high}, not {value}", expr)
        return value

    def _choose_form(self, node: Any) -> None:
        if self.form_node is not None:
            raise error(f"a puzzle has one state form, declared on line {self.form_node.pos.line}",
                        node)
        self.form_node = node

    def _require_form(self, kind: type, node: Any, hint: str) -> None:
        if not isinstance(self.form_node, kind):
            raise error(f"this move needs {hint} declared first", node)

    def _declare(self, ident: ast.Ident) -> None:
        taken = [*self.scope.options, *(c.name for c in self.components), *self.move_nodes]
        if ident.text in taken:
            raise error(f"'{ident.text}' is already declared", ident)

    # ---- options and forms
    def _option(self, node: ast.Option) -> None:
        self._declare(node.name)
        default = self.lower.lower(node.default, Context(CONST))
        if default.type != INT or not isinstance(default, ir.Const):
            raise error("a puzzle option's default must be a number", node.default)
        value = default.value
        text = self.user_options.get(node.name.text)
        if text is not None:
            value = parse_option_value(node.name.text, text, value)
        self.scope.options[node.name.text] = ir.Const(value, INT)

    def _board(self, node: ast.Board) -> None:
        if self.board is not None:
            raise error("'board' is declared twice", node)
        if node.cells is not None:
            raise error("a sliding puzzle uses every cell of its board", node.cells)
        width = self._number(node.width, "the board width", 2, MAX_SIDE)
        # Not an invariant: `board hex ...` (no height) is not refused first, and fails here.
        height = self._number(cast(ast.Expr, node.height), "the board height", 2, MAX_SIDE)
        self.board = (height, width)

    def _perm_state(self, node: ast.PermState) -> None:
        if self.form_node is None or not isinstance(self.form_node, ast.PermState):
            self._choose_form(node)
        if self.moves:
            raise error("declare every state before the moves", node)
        self._declare(node.name)
        size = self._number(node.size, "a permutation's size", 1, MAX_POSITIONS)
        part = len(self.components)
        self.components.append(Component(node.name.text, size, None, part))
        for o in node.orientations:
            self._declare(o.name)
            if self._number(o.size, "an orientation's size", 1, MAX_POSITIONS) != size:
                raise error(f"'{o.name.text}' moves with '{node.name.text}', so it needs "
                            f"{size} values", o.size)
            modulus = self._number(o.modulus, "a modulus", 2, MAX_MODULUS)
            self.components.append(Component(o.name.text, size, modulus, part))

    def _tiles(self, node: ast.Tiles) -> None:
        self._choose_form(node)
        if self.board is None:
            raise error("declare the board first (`board W x H`)", node)
        rows, cols = self.board
        low = self._number(node.low, "the first tile", 0, 10 ** 6)
        high = self._number(node.high, "the last tile", 0, 10 ** 6)
        if (low, high) != (1, rows * cols - 1):
            raise error(f"a board of {rows * cols} cells holds tiles 1..{rows * cols - 1} "
                        f"and a blank", node.low if low != 1 else node.high)

    def _stacks(self, node: ast.Stacks) -> None:
        self._choose_form(node)
        self.stack_count = self._number(node.count, "the number of stacks", 2, MAX_STACKS)
        self.stack_items = self._number(node.items, "the number of items", 1, MAX_ITEMS)

    # ---- moves
    def _cycle_move(self, node: ast.CycleMove) -> None:
        self._require_form(ast.PermState, node, "a permutation (`state NAME: permutation N`)")
        self._declare(node.name)
        comps = tuple(self.components)
        names = [c.name for c in comps]
        used: set[tuple[int, int]] = set()
        cycles = []
        for cycle in node.cycles:
            if cycle.part.text not in names:
                raise unknown("permutation", cycle.part, names)
            part = names.index(cycle.part.text)
            if comps[part].modulus is not None:
                raise error(f"'{cycle.part.text}' is an orientation; cycle the permutation it "
                            f"moves with", cycle.part)
            if len(cycle.positions) < 2:
                raise error("a cycle moves at least two positions", cycle.positions[0])
            positions = []
            for number in cycle.positions:
                if not 1 <= number.value <= comps[part].size:
                    raise error(f"position {number.value} is outside {cycle.part.text}'s "
                                f"1..{comps[part].size}", number)
                if (part, number.value) in used:
                    raise error(f"position {number.value} is moved twice by '{node.name.text}'",
                                number)
                used.add((part, number.value))
                positions.append(number.value - 1)
            cycles.append((part, positions, self._turns(cycle, part, comps, names)))
        self.move_nodes[node.name.text] = node.name
        action = perm.cycle_action(node.name.text, comps, cycles)
        if node.symmetry:
            self.symmetries.append((action, node))
        else:
            self.moves.append(action)

    def _turns(self, cycle: ast.Cycle, part: int, comps: tuple[Component, ...],
               names: list[str]) -> dict[int, list[int]]:
        turns: dict[int, list[int]] = {}
        for ident, amounts in cycle.turns:
            if ident.text not in names or comps[names.index(ident.text)].modulus is None:
                raise unknown("orientation", ident, [c.name for c in comps if c.modulus])
            k = names.index(ident.text)
            if comps[k].part != part:
                raise error(f"'{ident.text}' moves with '{comps[comps[k].part].name}', "
                            f"not '{cycle.part.text}'", ident)
            if len(amounts) != len(cycle.positions):
                raise error(f"{len(cycle.positions)} positions need {len(cycle.positions)} "
                            f"amounts, not {len(amounts)}", ident)
            if k in turns:
                raise error(f"'{ident.text}' is given twice in this cycle", ident)
            turns[k] = [a.value for a in amounts]
        return turns

    def _slide_move(self, node: ast.SlideMove) -> None:
        self._require_form(ast.Tiles, node, "tiles (`tiles 1..N and blank`)")
        if self.slide is not None:
            raise error("the sliding move is declared twice", node)
        self.slide = node

    def _stack_move(self, node: ast.StackMove) -> None:
        self._require_form(ast.Stacks, node, "stacks (`stacks N of M`)")
        if self.stack_rule is not None:
            raise error("the stack move is declared twice", node)
        self.stack_rule = node.rule

    def _inverse(self, node: ast.Inverse) -> None:
        if not isinstance(self.form_node, ast.PermState):
            raise error("only cycle moves declare inverses (sliding and stack moves know theirs)",
                        node)
        names = [m.name for m in self.moves]
        comps = tuple(self.components)
        for a, b in node.pairs:
            for ident in (a, b):
                if ident.text not in names:
                    raise unknown("move", ident, names)
            i, j = names.index(a.text), names.index(b.text)
            if not perm.undoes(comps, self.moves[i], self.moves[j]):
                raise error(f"'{b.text}' does not undo '{a.text}': '{a.text}' then '{b.text}' "
                            f"does not restore the position", a)
            self.inverses.append((i, j))

    def _symmetry(self, node: ast.Symmetry) -> None:
        """`symmetry transpose` (a square sliding puzzle: the reflection about the main
        diagonal); checked against the goal when the goal is known."""
        if not isinstance(self.form_node, ast.Tiles) or node.swap or node.cell_map or node.kinds:
            raise error("a puzzle declares `symmetry transpose`, after its tiles", node)
        for name in node.names:
            if name.text != "transpose":
                raise error(f"a sliding puzzle's symmetry is 'transpose', not '{name.text}'",
                            name)
        if self.board is None or self.board[0] != self.board[1]:
            raise error("the reflection about the diagonal needs a square board", node)
        self.symmetry = node

    def _target(self, node: ast.PuzzleStart | ast.PuzzleGoal) -> None:
        which = "start" if isinstance(node, ast.PuzzleStart) else "goal"
        if getattr(self, which) is not None:
            raise error(f"the {which} is declared twice", node)
        setattr(self, which, node)

    # ---- the end: the form with its start and goal
    def _form(self) -> Any:
        header = self.rules.header
        node = self.form_node
        if node is None:
            raise error(f"the puzzle declares no state ({_FORM_HINT})", header)
        if isinstance(node, ast.PermState) and not self.moves:
            raise error("the puzzle declares no moves (`move NAME: cycle ...`)", header)
        if isinstance(node, ast.Tiles) and self.slide is None:
            raise error("the puzzle declares no moves (`move: slide tile into blank`)", header)
        if isinstance(node, ast.Stacks) and self.stack_rule is None:
            raise error("the puzzle declares no moves (`move: top onto larger or empty`)", header)
        if self.goal is None:
            raise error("the puzzle declares no goal (`goal: ...`)", header)
        home = self._home(node)
        start = home if self.start is None else self._position(self.start.target, home, "start")
        goal = self._position(self.goal.target, start, "goal")
        if isinstance(node, ast.PermState):
            comps = tuple(self.components)
            for action, where in self.symmetries:
                wrong = symmetry.check(comps, tuple(self.moves), action, goal)
                if wrong:
                    raise error(wrong, where)
            return PermutationIR(comps, tuple(self.moves), tuple(self.inverses),
                                 start, goal, tuple(a for a, _ in self.symmetries))
        if isinstance(node, ast.Tiles):
            assert self.board is not None   # `_tiles` refuses tiles before the board
            return TilesIR(*self.board, start, goal, self._tile_symmetries(goal))
        assert self.stack_rule is not None   # stacks without moves were refused above
        return StacksIR(self.stack_count, self.stack_items, self.stack_rule, start, goal)

    def _tile_symmetries(self, goal: State) -> tuple[str, ...]:
        if self.symmetry is None:
            return ()
        assert self.board is not None   # `_symmetry` needs the board
        side = self.board[0]
        row, col = divmod(goal.index(0), side)
        if row != col:   # then the reflection would rename the blank: not a symmetry
            raise error("the reflection about the diagonal moves the goal's blank off the "
                        "diagonal", self.symmetry)
        return ("transpose",)

    def _home(self, node: Any) -> State:
        if isinstance(node, ast.PermState):
            return perm.solved(tuple(self.components))
        if isinstance(node, ast.Tiles):
            assert self.board is not None   # `_tiles` refuses tiles before the board
            return tiles.in_order(*self.board)
        return stacks.all_on(self.stack_count, self.stack_items, 0)

    def _position(self, target: ast.Target, initial: State, which: str) -> State:
        node = self.form_node
        if target.form == "initial":
            if which == "start":
                raise error("the start cannot be `initial`; it is the initial position", target)
            return initial
        if target.form == "all on":
            if not isinstance(node, ast.Stacks):
                raise error("`all on` needs stacks (`stacks N of M`)", target)
            assert target.where is not None   # `all on` names its stack
            where = self._number(target.where, "the stack", 1, self.stack_count)
            return stacks.all_on(self.stack_count, self.stack_items, where - 1)
        if target.form == "in order":
            if not isinstance(node, ast.Tiles):
                raise error("`tiles in order` needs tiles (`tiles 1..N and blank`)", target)
            assert self.board is not None   # `_tiles` refuses tiles before the board
            return tiles.in_order(*self.board, blank_last=target.text == "last")
        assert target.text is not None   # the one form left, a position's text
        try:
            if isinstance(node, ast.PermState):
                return perm.parse_state(tuple(self.components), target.text)
            if isinstance(node, ast.Tiles):
                assert self.board is not None   # `_tiles` refuses tiles before the board
                return tiles.parse_state(*self.board, target.text)
            return stacks.parse_state(self.stack_count, self.stack_items,
                                      self.stack_rule or "any", target.text)
        except ValueError as err:
            raise error(f"not a position of this puzzle: {err}", target) from None

