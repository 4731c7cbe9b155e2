"""KIF terms as patterns over ground terms, and their bindings: a constant is a str, a
variable a Var, `(f ?x b)` the tuple ("f", Var ?x, "b"). A join plan (datalog.Plan) numbers
its variables as slots of one list `env`, written in place; encode() and Plan.slotted turn
a pattern's variables into those slots, for match() and substitute().
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from gdl.grammar.ast.kif import Compound, Const, Var

Ground = str | tuple


def pattern(term: Const | Var | Compound) -> object:
    """A term as a pattern: constants as str, variables as Var, compounds as tuples."""
    if isinstance(term, Compound):
        return (term.name, *map(pattern, term.args))
    return term.name if isinstance(term, Const) else term


def args_of(atom: Const | Compound) -> tuple:
    return tuple(map(pattern, atom.args)) if isinstance(atom, Compound) else ()


def names(pat: object) -> set[str]:
    if isinstance(pat, Var):
        return {pat.name}
    if isinstance(pat, tuple):
        return set().union(*(names(p) for p in pat[1:])) if len(pat) > 1 else set()
    return set()


def variables(args: tuple) -> set[str]:
    """The variables of an atom's arguments."""
    return set().union(*map(names, args))


def leaf_paths(pat: object, path: tuple[int, ...]) -> list[tuple[tuple[int, ...], object]]:
    """The constants and variables of a pattern with their paths: an argument's index, then
    indexes into compound terms (0 is the function's name)."""
    if isinstance(pat, tuple):
        return [(path + (0,), pat[0])] + [leaf for i, sub in enumerate(pat[1:], 1)
                                          for leaf in leaf_paths(sub, path + (i,))]
    return [(path, pat)]


_MISSING = object()   # a path a fact does not have: no pattern keyed on it matches the fact


def value_at(row: tuple, path: tuple[int, ...]) -> object:
    value: object = row[path[0]]
    for i in path[1:]:
        if not isinstance(value, tuple) or i >= len(value):
            return _MISSING
        value = value[i]
    return value


def encode(pat: object, known: set[str], slots: dict[str, int]) -> object:
    """`pat` for match(): a variable in `known` as ~slot (compare), else as its slot (bind),
    which makes it known."""
    if isinstance(pat, Var):
        slot = slots.setdefault(pat.name, len(slots))
        if pat.name in known:
            return ~slot
        known.add(pat.name)
        return slot
    if isinstance(pat, tuple):
        return (pat[0], *(encode(p, known, slots) for p in pat[1:]))
    return pat


def match(pat: object, value: Ground, env: list) -> bool:
    """Whether `value` fits the encoded pattern (see encode), binding its slots in `env`."""
    if type(pat) is int:
        if pat >= 0:
            env[pat] = value
            return True
        return env[~pat] == value
    if type(pat) is str:
        return pat == value
    assert isinstance(pat, tuple)
    if type(value) is not tuple or len(value) != len(pat) or value[0] != pat[0]:
        return False
    return all(match(sub, val, env) for sub, val in zip(pat[1:], value[1:]))


def substitute(pat: Any, env: list) -> Ground:
    """A slotted pattern (Plan.slotted) with its slots' values."""
    if type(pat) is str:
        return pat
    if type(pat) is int:
        return env[pat]
    return (pat[0], *(substitute(p, env) for p in pat[1:]))


def _slots(pat: object) -> set[int]:
    if type(pat) is int:
        return {pat}
    if isinstance(pat, tuple):
        return set().union(*map(_slots, pat[1:])) if len(pat) > 1 else set()
    return set()


def _no_slots(env: list) -> tuple:
    return ()


class Instance:
    """A slotted atom's arguments (Plan.slotted) under bindings: `key(env)` is its
    variables' values (a C-fast look-up, for caches keyed by it), `row(env)` the ground
    arguments."""

    def __init__(self, args: tuple):
        self.args = args
        slots = sorted(set().union(*map(_slots, args)))
        self.key: Callable[[list], object] = operator.itemgetter(*slots) if slots else _no_slots

    def row(self, env: list) -> tuple:
        return tuple([substitute(p, env) for p in self.args])
