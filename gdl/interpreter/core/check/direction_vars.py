"""Direction variables: `move for d in DIRS`, `for d in DIRS: EFFECT`, `any`/`all d in DIRS: X`,
`-d` and `ray(X, d, Y)`, lowered into the IR every back end already knows.

A quantifier is expanded once per direction of DIRS: the variable is replaced in the syntax
tree by a direction name (a compass name, or a hidden name such as `diagonal#2` for the
second direction of a set, registered with its steps for each player), and the copy is
checked as if written out by hand. So `d` may stand wherever a direction name may (in an
action's directions, `d is X`, a function's argument), and a definition's parameter that
receives it receives a direction name. `-NAME` is the opposite direction of any name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.kind_vars import kinds_of
from gdl.interpreter.core.check.scope import (BUILTIN_NAMES, FUNCTIONS, Context, error, expect)
from gdl.interpreter.core.ir import BOOL, CELLS

RAY = "ray"
QUANTIFIERS = (ast.DirectionQuantifier, ast.ForEffect, ast.ForMove, ast.TravelAs)


def substitute(node: Any, var: str, name: str) -> Any:
    """`node` with every word `var` replaced by the direction or kind `name` (`-var` by the
    opposite direction, `var~` by the kind's promoted twin); a quantifier inside over the
    same variable is refused (it would hide it)."""
    if isinstance(node, ast.Ident):
        if node.text == var:
            return ast.Ident(name, node.pos)
        if node.text == "-" + var:
            return ast.Ident(opposite(name), node.pos)
        if node.text == var + "~":
            return ast.Ident(name + "~", node.pos)
        return node
    if isinstance(node, tuple):
        return tuple(substitute(item, var, name) for item in node)
    if isinstance(node, QUANTIFIERS) and node.var.text == var:
        raise error(f"'{var}' already names a direction (or kind) here: give the inner one "
                    f"another name", node.var)
    if not attrs.has(type(node)):
        return node
    changes = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        new = substitute(value, var, name)
        if new is not value:
            changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


def variable_names(node: Any) -> set[str]:
    """The names every quantifier in `node` gives its direction variable."""
    if isinstance(node, tuple):
        return set().union(*(variable_names(item) for item in node))
    if not attrs.has(type(node)):
        return set()
    names = {node.var.text} if isinstance(node, QUANTIFIERS) else set()
    for field in attrs.fields(type(node)):
        names |= variable_names(getattr(node, field.name))
    return names


def opposite(name: str) -> str:
    return name[1:] if name.startswith("-") else "-" + name


class DirectionVariables:
    """The lowering of direction quantifiers and `ray` (a mixin of the `Lowerer`)."""

    scope: Any

    if TYPE_CHECKING:
        def lower(self, node: ast.Expr, ctx: Context) -> ir.Expr: ...
        def direction(self, ident: ast.Dir) -> tuple[ir.Offsets, ...]: ...
        def _op(self, op: str, args: tuple[ir.Expr, ...], type_: str, node: Any) -> ir.Expr: ...

    def values_of(self, var: ast.Ident, words: tuple[ast.Dir, ...]) -> list[str]:
        """What a quantifier's `var` takes over `words`: piece kinds when they name the
        game's pieces, directions otherwise."""
        kinds = kinds_of(self.scope, var, words)
        if kinds is None:
            return self.directions_of(var, words)
        self._fresh(var)
        return kinds

    def directions_of(self, var: ast.Ident, words: tuple[ast.Dir, ...]) -> list[str]:
        """The names `var` takes over `words`, one per direction: each player's i-th step of
        the set (`forward: White n, Black s` is one direction, n for White and s for Black)."""
        self._fresh(var)
        per_player: list[list[tuple[int, int]]] = [[] for _ in self.scope.players]
        for word in words:
            for p, offsets in enumerate(self.direction(word)):
                per_player[p].extend(s for s in offsets if s not in per_player[p])
        counts = {len(offsets) for offsets in per_player}
        if len(counts) != 1:
            listed = ", ".join(f"{len(s)} for {p}" for p, s in zip(self.scope.players,
                                                                   per_player))
            raise error(f"'{var.text}' takes one direction at a time, so each player needs as "
                        f"many directions here (this gives {listed})", words[0])
        compass = {step: name for name, step in self.scope.geometry.directions.items()}
        label = " ".join(w.text if isinstance(w, ast.Ident) else f"({w.dx},{w.dy})"
                         for w in words)
        names = []
        for i in range(counts.pop()):
            steps = tuple((s[i],) for s in per_player)
            if len(set(steps)) == 1 and steps[0][0] in compass:
                names.append(compass[steps[0][0]])
                continue
            name = f"{label}#{i + 1}"   # `#` starts a comment: no rules text names it
            self.scope.directions[name] = steps
            names.append(name)
        return names

    def _fresh(self, var: ast.Ident) -> None:
        """A direction variable is a new name: it may not hide a declared one."""
        s, text = self.scope, var.text
        if text in s.geometry.directions or text in s.directions:
            raise error(f"'{text}' is a direction already; name the variable otherwise "
                        f"(d, dir, ...)", var)
        taken = [*s.players, *s.options, *s.regions, *s.variables, *BUILTIN_NAMES, *FUNCTIONS,
                 "mover", "opponent"]
        if text in taken or (s.pieces_declared and text in s.pieces) or text in s.geometry.names:
            raise error(f"'{text}' is already a name of this game; a direction variable needs "
                        f"a new one", var)

    def _directionquantifier(self, node: ast.DirectionQuantifier, ctx: Context) -> ir.Expr:
        """`any d in DIRS: X` joins X's copies with `or`, `all` with `and` (cells: union or
        intersection; truth values: either or both)."""
        parts = [self.lower(substitute(node.body, node.var.text, name), ctx)
                 for name in self.values_of(node.var, node.directions)]
        kind = CELLS if all(p.type == CELLS for p in parts) else BOOL
        parts = [expect(p, kind, node.body, f"what '{node.op}' joins") for p in parts]
        op = "or" if node.op == "any" else "and"
        joined = parts[0]
        for part in parts[1:]:
            joined = self._op(op, (joined, part), kind, node)
        return joined

    def ray(self, node: ast.Apply, ctx: Context) -> ir.Expr:
        """`ray(X, d, Y)`: the cells reached from X stepping along d while they are in Y (X
        itself left out); with a set of directions, the union of the rays along each. It is
        unrolled: the ray's first k cells are Y and the cells one step past X or its first
        k - 1 cells, for k up to the board's longest line."""
        items = node.arg.items if isinstance(node.arg, ast.ListExpr) else (node.arg,)
        if len(items) != 3 or node.arg2 is not None:
            raise error("'ray' is written ray(FROM, DIRECTION, WHILE IN): the cells from FROM "
                        "along the direction while they are in WHILE IN", node)
        start = expect(self.lower(items[0], ctx), CELLS, items[0], "where a ray starts")
        within = expect(self.lower(items[2], ctx), CELLS, items[2], "the cells a ray crosses")
        per_player = self.direction(_direction_word(items[1]))
        geometry = self.scope.geometry
        length = max(geometry.width, geometry.height) - 1
        rays = []
        for way in range(max(len(steps) for steps in per_player)):
            back = tuple(((-s[way][0], -s[way][1]),) if way < len(s) else () for s in per_player)
            reached: ir.Expr = ir.Const(0, CELLS)
            for _ in range(length):
                behind = self._op("or", (start, reached), CELLS, node)
                reached = self._op("and", (within, ir.Shift(back, behind)), CELLS, node)
            rays.append(reached)
        out = rays[0]
        for more in rays[1:]:
            out = self._op("or", (out, more), CELLS, node)
        return out


def _direction_word(item: ast.Expr) -> ast.Ident:
    """A ray's direction: a name, or `-name` (its opposite)."""
    if isinstance(item, ast.Name):
        return item.ident
    if isinstance(item, ast.Unary) and item.op == "-" and isinstance(item.operand, ast.Name):
        return ast.Ident(opposite(item.operand.ident.text), item.pos)
    raise error("a ray's direction is a direction's name (or -name, the opposite way)", item)


class DirectionRules:
    """`move NAME for d in DIRS: ...` and `for d in DIRS: EFFECT` (a mixin of the checker)."""

    if TYPE_CHECKING:
        lower: Any   # the checker's `Lowerer` (a `DirectionVariables`)

    def _boardmove(self, node: ast.BoardMove) -> None:
        """A move whose travel names its direction (`step man diagonal as d ...`) is the
        move quantified over those directions; any other goes on as it is."""
        stages = [node.action, *(stage.action for stage in node.more)]
        named = next((i for i, action in enumerate(stages)
                      if isinstance(action, ast.TravelAs)), None)
        if named is None:
            super()._boardmove(node)   # type: ignore[misc]
            return
        travel = stages[named]
        assert isinstance(travel, ast.TravelAs)
        if named == 0:
            move = attrs.evolve(node, action=travel.action)
        else:
            more = list(node.more)
            more[named - 1] = attrs.evolve(more[named - 1], action=travel.action)
            move = attrs.evolve(node, more=tuple(more))
        for name in self.lower.directions_of(travel.var, travel.directions):
            self._boardmove(substitute(move, travel.var.text, name))

    def _formove(self, node: ast.ForMove) -> None:
        """One board rule per direction (or kind), each the move with `d` replaced by it."""
        for name in self.lower.values_of(node.var, node.directions):
            self._boardmove(substitute(node.move, node.var.text, name))

    def _effect(self, effect: ast.Effect, ctx: Context) -> ir.Effect:
        """`for d in DIRS: E`: E once per direction, in the order of DIRS, as one group."""
        if not isinstance(effect, ast.ForEffect):
            return super()._effect(effect, ctx)   # type: ignore[misc]
        names = self.lower.values_of(effect.var, effect.directions)
        return ir.Group(tuple(self._effect(substitute(effect.effect, effect.var.text, name), ctx)
                              for name in names))
