"""Promoted twins (docs/core.md, 7): `pieces ... queen queen~` declares `queen~`, a kind of its
own (its own planes, so a position remembers which queens were promoted) that the rules
treat as a queen wherever they say `queen`. A travel of a kind with a twin lowers to one rule
per choice of kind at each of its stages; an expression naming the kind covers both (see
`Scope.pieces_of`). Pure lowering: the back ends see ordinary rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from gdl.interpreter.core import ir


def with_twins(rule: ir.Rule, twin: Callable[[int], int | None]) -> list[ir.Rule]:
    """`rule` and its copies for the promoted twins of the kinds its stages move (`twin(k)`:
    k's twin or None), the written kind first."""
    variants: list[Any] = [rule]   # board rules: each has `more`
    if isinstance(rule, (ir.StepRule, ir.JumpRule)) and rule.kind is not None:
        other = twin(rule.kind)
        if other is not None:
            variants.append(attrs.evolve(rule, kind=other))
    for i, stage in enumerate(getattr(rule, "more", ())):
        action = stage.action
        if not isinstance(action, (ir.StepRule, ir.JumpRule)) or action.kind is None:
            continue
        other = twin(action.kind)
        if other is None:
            continue
        twinned = attrs.evolve(stage, action=attrs.evolve(action, kind=other))
        variants += [attrs.evolve(v, more=v.more[:i] + (twinned,) + v.more[i + 1:])
                     for v in list(variants)]
    return variants
