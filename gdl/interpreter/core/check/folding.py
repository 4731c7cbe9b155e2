"""Constant folding: an operator on constant arguments becomes its value.

This is how options, regions and rows reach the code generator as plain numbers
and masks; the evaluation is our own table, never the rules text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gdl.grammar.limits import MAX_DIGITS
from gdl.interpreter.core import ir
from gdl.interpreter.core.ir import CELLS


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
        "number": lambda: 1 if a else 0,
    }
    if op == "not":
        return not a if isinstance(a, bool) else full ^ a
    return table[op]()


MAX_FOLDED_DIGITS = 2 * MAX_DIGITS   # a constant computed from written numbers
FOLDED_LIMIT = 10 ** MAX_FOLDED_DIGITS


def folded_numbers(expr: ir.Expr) -> tuple[int, ...]:
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
