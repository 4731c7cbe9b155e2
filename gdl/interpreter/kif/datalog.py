"""Bottom-up Datalog over ground terms: the clauses' bindings enumerated by joins, and
semi-naive fixpoints. The grounder (ground.py) runs it twice: exactly over the static
relations, then relaxed (negation of changing relations ignored) over the rest.

Ground terms are plain values (patterns.py): a constant is a str, `(f a b)` is the tuple
("f", "a", "b"). A relation's facts are a dict (ordered, so results do not depend on
hashing) of argument tuples.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection
from typing import Any

from gdl.errors import LimitError
from gdl.grammar.ast.kif import Var, relation
from gdl.interpreter.kif.check import Clause, Relation
from gdl.interpreter.kif.patterns import (
    Ground, Instance, args_of, encode, leaf_paths, match, names, pattern, substitute,
    value_at, variables)

Facts = dict[Relation, dict[tuple, None]]
Demand = dict[int, tuple[Ground, ...]]   # argument position -> the only values ever asked
GROWING = 1000   # the rows a join order expects of a relation still being derived


class Plan:
    """One clause's join order: the head's demanded values (see demand()), a first atom
    (the delta one in semi-naive rounds), then the others, each time the one expected to
    match the fewest rows (`estimate`, see Engine.estimator), each filter as soon as its
    variables are bound.

    A binding is a list `env` with a slot per variable (`slots`), written in place as the
    join goes deeper (never copied: a slot is read only below the step that wrote it). The
    steps hold their patterns encoded for that (see encode): a variable matched is its slot
    n when the step binds it, ~n when it compares with it; a variable substituted is n."""

    def __init__(self, clause: Clause, first: int | None, is_exact: Callable[[Relation], bool],
                 demand: Demand | None = None, prune: bool = False,
                 estimate: Callable[[Relation, tuple], float] | None = None):
        atoms = [(relation(a), args_of(a)) for a in clause.pos]
        order = [first] if first is not None else []
        head = args_of(clause.head)
        self.slots: dict[str, int] = {}
        known: set[str] = set()
        among = [("among", encode(head[k], known, self.slots), values)
                 for k, values in (demand or {}).items()]
        bound = set(known)
        if first is not None:
            bound |= variables(atoms[first][1])
        rest = [i for i in range(len(atoms)) if i != first]
        def rows(i: int) -> float:
            """How many rows the atom is expected to match, its bound leaves given."""
            keys = tuple(path for k, p in enumerate(atoms[i][1]) for path, leaf in
                         leaf_paths(p, (k,)) if not (names(leaf) - bound))
            return estimate(atoms[i][0], keys) if estimate else 0.0

        while rest:   # a filter first (all bound), else the fewest rows, the most bound
            best = max(rest, key=lambda i: (not (variables(atoms[i][1]) - bound), -rows(i),
                                            len(variables(atoms[i][1]) & bound), -i))
            order.append(best)
            rest.remove(best)
            bound |= variables(atoms[best][1])
        filters: list[tuple] = [("neg", relation(a), args_of(a)) for a in clause.neg
                                if is_exact(relation(a))]
        filters += [("dist", pattern(d.left), pattern(d.right)) for d in clause.distinct]
        filters += [("eq", pattern(d.left), pattern(d.right)) for d in clause.equal]
        needs = [variables(f[2]) if f[0] == "neg" else names(f[1]) | names(f[2])
                 for f in filters]
        self.steps: list[tuple] = among + [self._filter(f) for f, need in zip(filters, needs)
                                           if not need]
        head_vars = variables(head)
        for i in order:
            rel, args = atoms[i]
            leaves = [(path, leaf) for k, p in enumerate(args) for path, leaf in leaf_paths(p, (k,))
                      if not (names(leaf) - known)]
            keys = tuple(path for path, _ in leaves)
            free = [k for k, p in enumerate(args)
                    if not isinstance(p, (str, Var)) or names(p) - known]
            every = tuple(encode(p, set(known), self.slots) for p in args)
            inner = set(known)   # the free arguments matched in order, as the keys leave them
            matched = tuple((k, encode(args[k], inner, self.slots)) for k in free)
            self.steps.append(("scan", rel, tuple(self.slotted(leaf) for _, leaf in leaves),
                               keys, i == first, matched, tuple(enumerate(every))))
            fresh = variables(args) - known
            known |= fresh
            self.steps += [self._filter(f) for f, need in zip(filters, needs)
                           if need & fresh and not need - known]
            if prune and fresh and not head_vars - known and head_vars & fresh:
                # the head is ground from here: a head already derived needs no more bindings
                self.steps.append(("known", relation(clause.head),
                                   Instance(self.slotted(head))))

    def slotted(self, pat: Any) -> Any:
        """A pattern with its variables as their slots, for substitute()."""
        if isinstance(pat, Var):
            return self.slots.setdefault(pat.name, len(self.slots))
        if isinstance(pat, tuple):
            return tuple(self.slotted(p) for p in pat)
        return pat

    def _filter(self, step: tuple) -> tuple:
        return (step[0], step[1], Instance(self.slotted(step[2]))) if step[0] == "neg" else \
            (step[0], self.slotted(step[1]), self.slotted(step[2]))


class Engine:
    """Facts by relation, indexes over them, and the enumeration of a plan's bindings."""

    def __init__(self, facts: Facts, limit: int):
        self.facts = facts
        self.limit = limit
        self.total = sum(len(f) for f in facts.values())
        self._index: dict[tuple, tuple[int, dict]] = {}
        self.pending: Facts = {}   # the facts a fixpoint's round has derived so far

    def index(self, rel: Relation, keys: tuple[tuple[int, ...], ...]) -> dict:
        """The facts of `rel` by their values at the paths `keys` (see leaf_paths)."""
        rows = self.facts.get(rel, {})
        done, table = self._index.get((rel, keys), (0, {}))
        if done == len(rows):
            return table
        # facts are only ever added, in order: the rows past those indexed extend it
        if all(len(path) == 1 for path in keys):
            at = [path[0] for path in keys]
            for row in itertools.islice(rows, done, None):
                table.setdefault(tuple([row[k] for k in at]), []).append(row)
        else:
            for row in itertools.islice(rows, done, None):
                table.setdefault(tuple([value_at(row, path) for path in keys]), []).append(row)
        self._index[(rel, keys)] = (len(rows), table)
        return table

    def estimator(self, growing: Collection[Relation]) -> Callable[[Relation, tuple], float]:
        """How many rows a scan of a relation keyed at some paths (see leaf_paths) matches on
        average: its size over the product of its keys' distinct values (as if the paths were
        independent), at least 1. A relation still `growing` (in the fixpoint under way)
        counts as at least GROWING rows, each key as 10 values."""
        distinct: dict[tuple, int] = {}

        def values(rel: Relation, path: tuple[int, ...]) -> int:
            if (rel, path) not in distinct:
                rows = self.facts.get(rel, {})
                distinct[(rel, path)] = len({value_at(row, path) for row in rows})
            return distinct[(rel, path)]

        def estimate(rel: Relation, keys: tuple) -> float:
            size = len(self.facts.get(rel, {}))
            if rel in growing:
                return max(size, GROWING) / 10 ** len(keys)
            spread = 1
            for path in keys:
                spread *= values(rel, path)
            return max(size / spread, 1.0) if size else 0.0
        return estimate

    def run(self, plan: Plan, emit: Callable[[list], object],
            delta: Facts | None = None) -> None:
        """Call `emit` with every binding of the plan's variables (a delta scan reads
        `delta` only). The binding is the engine's own list, changed after `emit` returns:
        substitute() from it there."""
        tables: list[dict | None] = [None] * len(plan.steps)
        self._run(plan.steps, 0, [None] * len(plan.slots), delta, emit, tables)

    def _run(self, steps: list, at: int, env: list, delta: Facts | None,
             emit: Callable[[list], object], tables: list) -> None:
        if at == len(steps):
            emit(env)
            return
        step = steps[at]
        kind = step[0]
        if kind == "scan":
            _, rel, leaves, keys, is_first, free, every = step
            if is_first and delta is not None:
                rows: Any = delta.get(rel, {})
                free = every
            elif keys:
                table = tables[at]
                if table is None:   # the facts do not change during a run: one look-up
                    table = tables[at] = self.index(rel, keys)
                rows = table.get(tuple([env[leaf] if type(leaf) is int else leaf
                                        for leaf in leaves]), ())
            else:
                rows = self.facts.get(rel, {})
            at += 1
            for row in rows:
                for k, pat in free:
                    if type(pat) is int and pat >= 0:
                        env[pat] = row[k]
                    elif not match(pat, row[k], env):
                        break
                else:
                    self._run(steps, at, env, delta, emit, tables)
        elif kind == "known":
            row = step[2].row(env)
            if row not in self.facts.get(step[1], {}) and row not in self.pending.get(step[1], {}):
                self._run(steps, at + 1, env, delta, emit, tables)
        elif kind == "among":
            for value in step[2]:
                if match(step[1], value, env):
                    self._run(steps, at + 1, env, delta, emit, tables)
        elif kind == "neg":
            row = step[2].row(env)
            if row not in self.facts.get(step[1], {}):
                self._run(steps, at + 1, env, delta, emit, tables)
        elif (substitute(step[1], env) != substitute(step[2], env)) == (kind == "dist"):
            self._run(steps, at + 1, env, delta, emit, tables)

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

    def _deriver(self, plan: Plan, rel: Relation, head: tuple
                 ) -> Callable[[Facts, Facts | None], None]:
        """Derive the plan's heads into a delta (reading a delta, if given); a head is
        built once per binding of its variables, however many bindings reach it."""
        instance, seen = Instance(tuple(plan.slotted(p) for p in head)), set()
        into: Facts = {}

        def emit(env: list) -> None:
            key = instance.key(env)
            if key not in seen:   # derived already (a fact stays derived): not built again
                seen.add(key)
                self.add(rel, instance.row(env), into)

        def derive(out: Facts, delta: Facts | None) -> None:
            nonlocal into
            into = out
            self.run(plan, emit, delta)
        return derive

    def fixpoint(self, clauses: list[Clause], recursive: set[Relation],
                 is_exact: Callable[[Relation], bool],
                 demands: dict[Relation, Demand] | None = None) -> None:
        """Derive every fact of `clauses` (semi-naive over the `recursive` relations), only
        those with the values `demands` allows."""
        heads = [(relation(c.head), args_of(c.head)) for c in clauses]
        wants = [(demands or {}).get(rel) for rel, _ in heads]
        estimate = self.estimator(recursive | {rel for rel, _ in heads})
        delta: Facts = {}
        self.pending = delta
        for clause, (rel, head), want in zip(clauses, heads, wants):
            self._deriver(Plan(clause, None, is_exact, want, True, estimate), rel, head)(
                delta, None)
        plans: list[tuple[Relation, Callable[[Facts, Facts | None], None]]] = []
        planned = 0   # the facts' total when the plans were made: made again as it doubles
        while delta:
            for rel, rows in delta.items():
                self.facts.setdefault(rel, {}).update(rows)
            if self.total > 2 * planned:
                planned = self.total
                plans = [(relation(a), self._deriver(Plan(c, i, is_exact, wants[n], True,
                                                          estimate), *heads[n]))
                         for n, c in enumerate(clauses)
                         for i, a in enumerate(c.pos) if relation(a) in recursive]
            new: Facts = {}
            self.pending = new
            for rel, derive in plans:
                if rel in delta:
                    derive(new, delta)
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
            if all(not names(call[k]) for call in calls):
                found[k] = tuple(dict.fromkeys(call[k] for call in calls))
        if found:
            out[rel] = found
    return out
