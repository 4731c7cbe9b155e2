"""The range of a score expression by interval arithmetic over the IR alone: a truth value
counts 0 or 1, constants are themselves, `+ - * neg` combine ranges; anything the rules read
off the position (a count, a variable) leaves the range unknown. It bounds the payoffs of
`end: score` games that have no board to bound them (a score made of comparisons and
constants: backgammon's 1, 2 or 3 points), as the OpenSpiel bridge must declare them.
"""

from __future__ import annotations

from gdl.interpreter.core import ir

Range = tuple[int, int]
TRUTH = {"and", "or", "not", "no", "in", "==", "!=", "<", "<=", ">", ">=", "bool"}


def score_range(expr: ir.Expr) -> Range | None:
    """The least and largest value `expr` can take, or None when it reads the position."""
    if isinstance(expr, ir.Const) and isinstance(expr.value, (bool, int)):
        return int(expr.value), int(expr.value)
    if getattr(expr, "type", None) == ir.BOOL:
        return 0, 1
    if not isinstance(expr, ir.Op):
        return None
    if expr.op in TRUTH:
        return 0, 1
    args = [score_range(a) for a in expr.args]
    if any(a is None for a in args) or not args:
        return None
    known = [a for a in args if a is not None]
    if expr.op == "number" and len(known) == 1:   # a truth value as a number: 0 or 1
        return known[0]
    if expr.op == "neg" and len(known) == 1:
        return -known[0][1], -known[0][0]
    if expr.op in ("+", "-", "*") and len(known) == 2:
        (a, b), (c, d) = known
        if expr.op == "+":
            return a + c, b + d
        if expr.op == "-":
            return a - d, b - c
        products = (a * c, a * d, b * c, b * d)
        return min(products), max(products)
    return None


def payoff_range_bound(ends: tuple[ir.EndRule, ...]) -> int | None:
    """The largest payoff in absolute value that the `score` ends can give (each payoff is a
    player's score less the others' mean, or the score itself alone: within hi - lo and
    the scores' own magnitude), or None when a score's range is unknown."""
    bound = 1
    for end in ends:
        if end.outcome != "score":
            continue
        found = score_range(end.score) if end.score is not None else None
        if found is None:
            return None
        lo, hi = found
        bound = max(bound, hi - lo, abs(lo), abs(hi))
    return bound
