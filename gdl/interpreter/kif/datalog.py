"""Bottom-up Datalog over ground terms: the clauses' bindings enumerated by joins, and
semi-naive fixpoints. The grounder (ground.py) runs it twice: exactly over the static
relations, then relaxed (negation of changing relations ignored) over the rest.

Ground terms are plain values: a constant is a str, `(f a b)` is the tuple ("f", "a", "b").
A relation's facts are a dict (ordered, so results do not depend on hashing) of argument
tuples.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gdl.errors import LimitError
from gdl.grammar.ast.kif import Compound, Const, Var
from gdl.interpreter.kif.check import Clause, Relation
from gdl.grammar.ast.kif import relation

Ground = str | tuple
Binding = dict[str, Ground]
Facts = dict[Relation, dict[tuple, None]]
Demand = dict[int, tuple[Ground, ...]]   # argument position -> the only values ever asked


def pattern(term: Const | Var | Compound) -> object:
    """A term as a pattern: constants as str, variables as Var, compounds as tuples."""
    if isinstance(term, Compound):
        return (term.name, *map(pattern, term.args))
    return term.name if isinstance(term, Const) else term


def args_of(atom: Const | Compound) -> tuple:
    return tuple(map(pattern, atom.args)) if isinstance(atom, Compound) else ()


def match(pat: object, value: Ground, bound: Binding) -> Binding | None:
    """`bound` extended so that `pat` equals `value`, or None (`bound` is never changed)."""
    if isinstance(pat, str):
        return bound if pat == value else None
    if isinstance(pat, Var):
        have = bound.get(pat.name)
        if have is None:
            new = dict(bound)
            new[pat.name] = value
            return new
        return bound if have == value else None
    assert isinstance(pat, tuple)
    if not isinstance(value, tuple) or len(value) != len(pat) or value[0] != pat[0]:
        return None
    for sub, val in zip(pat[1:], value[1:]):
        got = match(sub, val, bound)
        if got is None:
            return None
        bound = got
    return bound


def substitute(pat: object, bound: Binding) -> Ground:
    if isinstance(pat, str):
        return pat
    if isinstance(pat, Var):
        return bound[pat.name]
    assert isinstance(pat, tuple)
    return (pat[0], *(substitute(p, bound) for p in pat[1:]))


def _names(pat: object) -> set[str]:
    if isinstance(pat, Var):
        return {pat.name}
    if isinstance(pat, tuple):
        return set().union(*(_names(p) for p in pat[1:])) if len(pat) > 1 else set()
    return set()


def _vars(args: tuple) -> set[str]:
    """The variables of an atom's arguments."""
    return set().union(*map(_names, args))


def _leaves(pat: object, path: tuple[int, ...]) -> list[tuple[tuple[int, ...], object]]:
    """The constants and variables of a pattern with their paths: an argument's index, then
    indexes into compound terms (0 is the function's name)."""
    if isinstance(pat, tuple):
        return [(path + (0,), pat[0])] + [leaf for i, sub in enumerate(pat[1:], 1)
                                          for leaf in _leaves(sub, path + (i,))]
    return [(path, pat)]


_MISSING = object()   # a path a fact does not have: no pattern keyed on it matches the fact


def _at(row: tuple, path: tuple[int, ...]) -> object:
    value: object = row[path[0]]
    for i in path[1:]:
        if not isinstance(value, tuple) or i >= len(value):
            return _MISSING
        value = value[i]
    return value


class Plan:
    """One clause's join order: the head's demanded values (see demand()), a first atom
    (the delta one in semi-naive rounds), then the others, the bound-most first, each
    filter as soon as its variables are bound."""

    def __init__(self, clause: Clause, first: int | None, is_exact: Callable[[Relation], bool],
                 demand: Demand | None = None, prune: bool = False):
        atoms = [(relation(a), args_of(a)) for a in clause.pos]
        order = [first] if first is not None else []
        head = args_of(clause.head)
        among = [("among", head[k], values) for k, values in (demand or {}).items()]
        bound: set[str] = set().union(*(_names(step[1]) for step in among))
        if first is not None:
            bound |= set().union(*(_names(p) for p in atoms[first][1]))
        rest = [i for i in range(len(atoms)) if i != first]
        while rest:
            best = max(rest, key=lambda i: (not (_vars(atoms[i][1]) - bound),
                                            len(_vars(atoms[i][1]) & bound), -i))
            order.append(best)
            rest.remove(best)
            bound |= set().union(*(_names(p) for p in atoms[best][1]))
        filters: list[tuple] = [("neg", relation(a), args_of(a)) for a in clause.neg
                                if is_exact(relation(a))]
        filters += [("dist", pattern(d.left), pattern(d.right)) for d in clause.distinct]
        filters += [("eq", pattern(d.left), pattern(d.right)) for d in clause.equal]
        needs = [set().union(*map(_names, f[2])) if f[0] == "neg"
                 else _names(f[1]) | _names(f[2]) for f in filters]
        self.steps: list[tuple] = among + [f for f, need in zip(filters, needs) if not need]
        known: set[str] = set().union(*(_names(step[1]) for step in among))
        head_vars = set().union(*map(_names, head))
        for i in order:
            rel, args = atoms[i]
            leaves = [(path, leaf) for k, p in enumerate(args) for path, leaf in _leaves(p, (k,))
                      if not (_names(leaf) - known)]
            keys = tuple(path for path, _ in leaves)
            free = tuple((k, p) for k, p in enumerate(args)
                         if not isinstance(p, (str, Var)) or _names(p) - known)
            self.steps.append(("scan", rel, tuple(leaf for _, leaf in leaves), keys,
                               i == first, free, args))
            fresh = set().union(*(_names(p) for p in args)) - known
            known |= fresh
            self.steps += [f for f, need in zip(filters, needs) if need & fresh
                           and not need - known]
            if prune and fresh and not head_vars - known and head_vars & fresh:
                # the head is ground from here: a head already derived needs no more bindings
                self.steps.append(("known", relation(clause.head), head))


class Engine:
    """Facts by relation, indexes over them, and the enumeration of a plan's bindings."""

    def __init__(self, facts: Facts, limit: int):
        self.facts = facts
        self.limit = limit
        self.total = sum(len(f) for f in facts.values())
        self._index: dict[tuple, tuple[int, dict]] = {}
        self.pending: Facts = {}   # the facts a fixpoint's round has derived so far

    def index(self, rel: Relation, keys: tuple[tuple[int, ...], ...]) -> dict:
        """The facts of `rel` by their values at the paths `keys` (see _leaves)."""
        rows = self.facts.get(rel, {})
        cached = self._index.get((rel, keys))
        if cached is not None and cached[0] == len(rows):
            return cached[1]
        table: dict[tuple, list] = {}
        for row in rows:
            table.setdefault(tuple(_at(row, path) for path in keys), []).append(row)
        self._index[(rel, keys)] = (len(rows), table)
        return table

    def bindings(self, plan: Plan, delta: Facts | None = None) -> list[Binding]:
        """Every binding of the plan's variables (a delta scan reads `delta` only)."""
        out: list[Binding] = []
        self.run(plan, out.append, delta)
        return out

    def run(self, plan: Plan, emit: Callable[[Binding], object],
            delta: Facts | None = None) -> None:
        """Call `emit` with every binding of the plan's variables."""
        self._run(plan.steps, 0, {}, delta, emit)

    def _run(self, steps: list, at: int, bound: Binding, delta: Facts | None,
             emit: Callable[[Binding], object]) -> None:
        if at == len(steps):
            emit(bound)
            return
        step = steps[at]
        kind = step[0]
        if kind == "scan":
            _, rel, leaves, keys, is_first, free, args = step
            if is_first and delta is not None:
                rows: Any = delta.get(rel, {})
                free = tuple(enumerate(args))
            elif keys:
                key = tuple(leaf if isinstance(leaf, str) else bound[leaf.name]
                            for leaf in leaves)
                rows = self.index(rel, keys).get(key, ())
            else:
                rows = self.facts.get(rel, {})
            for row in rows:
                got: Binding | None = bound
                for k, pat in free:
                    got = match(pat, row[k], got)   # type: ignore[arg-type]
                    if got is None:
                        break
                if got is not None:
                    self._run(steps, at + 1, got, delta, emit)
        elif kind == "known":
            row = tuple(substitute(p, bound) for p in step[2])
            if row not in self.facts.get(step[1], {}) and row not in self.pending.get(step[1], {}):
                self._run(steps, at + 1, bound, delta, emit)
        elif kind == "among":
            for value in step[2]:
                found = match(step[1], value, bound)
                if found is not None:
                    self._run(steps, at + 1, found, delta, emit)
        elif kind == "neg":
            row = tuple(substitute(p, bound) for p in step[2])
            if row not in self.facts.get(step[1], {}):
                self._run(steps, at + 1, bound, delta, emit)
        elif (substitute(step[1], bound) != substitute(step[2], bound)) == (kind == "dist"):
            self._run(steps, at + 1, bound, delta, emit)

    def add(self, rel: Relation, row: tuple, into: Facts) -> bool:
        """Add a new fact to `into` (a delta); False when it is known already."""
        if row in self.facts.get(rel, {}) or row in into.get(rel, {}):
            return False
        into.setdefault(rel, {})[row] = None
        self.total += 1
        if self.total > self.limit:
            raise LimitError(f"grounding the rules derives more than {self.limit:,} facts "
                             f"(the limit gdl.limits.KIF_GROUND_FACTS): the game is too large "
                             f"to ground")
        return True

    def _derive(self, plan: Plan, rel: Relation, head: tuple, into: Facts,
                delta: Facts | None) -> None:
        def emit(bound: Binding) -> None:
            self.add(rel, tuple(substitute(p, bound) for p in head), into)
        self.run(plan, emit, delta)

    def fixpoint(self, clauses: list[Clause], recursive: set[Relation],
                 is_exact: Callable[[Relation], bool],
                 demands: dict[Relation, Demand] | None = None) -> None:
        """Derive every fact of `clauses` (semi-naive over the `recursive` relations), only
        those with the values `demands` allows."""
        heads = [(relation(c.head), args_of(c.head)) for c in clauses]
        wants = [(demands or {}).get(rel) for rel, _ in heads]
        delta: Facts = {}
        self.pending = delta
        for clause, (rel, head), want in zip(clauses, heads, wants):
            self._derive(Plan(clause, None, is_exact, want, prune=True), rel, head, delta, None)
        plans = {(n, i): Plan(c, i, is_exact, wants[n], prune=True) for n, c in enumerate(clauses)
                 for i, a in enumerate(c.pos) if relation(a) in recursive}
        while delta:
            for rel, rows in delta.items():
                self.facts.setdefault(rel, {}).update(rows)
            new: Facts = {}
            self.pending = new
            for (n, i), plan in plans.items():
                if delta.get(relation(clauses[n].pos[i])):
                    self._derive(plan, *heads[n], new, delta)
            delta = new
        self.pending = {}


def demand(clauses: list[Clause], keep: set[Relation]) -> dict[Relation, Demand]:
    """For each relation outside `keep`, the argument positions that every use of it (in
    any condition, negated or not) fills with a ground term, and the terms so used: no
    fact with another value there is ever read, so none is derived (a relation
    `(quad ?a ?b ?c ?d v)` only ever asked as `(quad a1 b2 c3 d4 ?v)` is not computed for
    every quadruple)."""
    uses: dict[Relation, list[tuple]] = {}
    for clause in clauses:
        for atom in (*clause.pos, *clause.neg):
            uses.setdefault(relation(atom), []).append(args_of(atom))
    out: dict[Relation, Demand] = {}
    for rel, calls in uses.items():
        if rel in keep:
            continue
        found: Demand = {}
        for k in range(rel[1]):
            if all(not _names(call[k]) for call in calls):
                found[k] = tuple(dict.fromkeys(call[k] for call in calls))
        if found:
            out[rel] = found
    return out
