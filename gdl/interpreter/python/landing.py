"""`moves` in an expression (docs/core.md, 4): the next player (or the mover) has a legal
move; `moves(KIND, X)`: a legal move that brings a piece of KIND onto a cell of X (racing
kings: can Black's king still reach the last row?). The second is read off the legal moves
themselves: a board move's rule field says which rule made it and its low field where it
landed, so no rule is looked at again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.python.support import SourceWriter


def landing_rules(game: ir.GameIR, kind: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board rules (by their number in a move) whose moves bring a piece of `kind`
    onto their landing cell: its step, slide, jump, placement or drop; and apart, the drops
    of every kind held (their move keeps the kind in its `from` field)."""
    numbers: dict[int, int] = {}
    for i, rule in enumerate(game.rules):
        if not isinstance(rule, ir.ParamRule):
            numbers[i] = len(numbers)
    of_kind, any_drop = [], []
    for i, rule in enumerate(game.rules):
        if isinstance(rule, (ir.StepRule, ir.JumpRule, ir.PlaceRule, ir.DropRule)) \
                and rule.kind == kind:
            of_kind.append(numbers[i])
        elif isinstance(rule, ir.DropRule) and rule.kind is None:
            any_drop.append(numbers[i])
    return tuple(of_kind), tuple(any_drop)


class LandingCode:
    """Mixed into the expression code generator: `moves` and its helpers."""

    game: ir.GameIR
    globals: dict[str, Any]
    helpers: dict[str, list[str]]
    cell_bits: int
    cell_mask: int
    rule_bits: int
    if TYPE_CHECKING:
        @property
        def state_names(self) -> list[str]: ...
        def expr(self, e: ir.Expr, p: int) -> str: ...
        def next_player(self, p: int) -> int | str: ...

    def has_moves(self, e: ir.HasMoves, p: int) -> str:
        who = p if e.who == ir.MOVER else e.who if isinstance(e.who, int) \
            else self.next_player(p)
        names = "".join(f"{n}, " for n in self.state_names)
        if e.kind is not None and e.to is not None:
            return f"{self.landing_helper(e.kind)}(({names}{who}, 0), {self.expr(e.to, p)})"
        if isinstance(e.who, int):   # a player by name: not one of the two remembered
            return f"has_moves(({names}{who}, 0))"
        # Asked once per position: several end rules may ask (see Generator.ends).
        seen = "hm_mover" if e.who == ir.MOVER else "hm_next"
        return (f"({seen} if {seen} is not None else "
                f"({seen} := has_moves(({names}{who}, 0))))")

    def landing_helper(self, kind: int) -> str:
        """`lands_K(s, x)`: a legal move of `s` brings a piece of kind K onto a cell of x."""
        name = f"lands_{kind}"
        if name in self.helpers:
            return name
        of_kind, any_drop = landing_rules(self.game, kind)
        rule = f"m >> {2 * self.cell_bits} & {(1 << self.rule_bits) - 1}"
        tests = [f"{rule} in {of_kind!r}"] if of_kind else []
        if any_drop:
            tests.append(f"({rule} in {any_drop!r} and m >> {self.cell_bits} & "
                         f"{self.cell_mask} == {kind})")
        w = SourceWriter()
        w(f"def {name}(s, x):")
        with w.indent():
            w("for m in moves(s):")
            with w.indent():
                w(f"if m.__class__ is int and x >> (m & {self.cell_mask}) & 1 and "
                  f"({' or '.join(tests) or 'False'}):")
                with w.indent():
                    w("return True")
            w("return False")
        self.helpers[name] = w.lines
        return name
