"""Bottom-up Datalog over ground terms: the clauses' bindings enumerated by joins, and
semi-naive fixpoints. The grounder (ground.py) runs it twice: exactly over the static
relations, then relaxed (negation of changing relations ignored) over the rest.

Ground terms are plain values: a constant is a str, `(f a b)` is the tuple ("f", "a", "b").
A relation's facts are a dict (ordered, so results do not depend on hashing) of argument
tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from gdl.errors import LimitError
from gdl.grammar.ast.kif import Compound, Const, Var
from gdl.interpreter.kif.check import Clause, Relation
from gdl.grammar.ast.kif import relation

Ground = str | tuple
Binding = dict[str, Ground]
Facts = dict[Relation, dict[tuple, None]]


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


class Plan:
    """One clause's join order: a first atom (the delta one in semi-naive rounds), then the
    others, the bound-most first, each filter as soon as its variables are bound."""

    def __init__(self, clause: Clause, first: int | None, is_exact: Callable[[Relation], bool]):
        atoms = [(relation(a), args_of(a)) for a in clause.pos]
        order = [first] if first is not None else []
        bound: set[str] = set()
        if first is not None:
            bound = set().union(*(_names(p) for p in atoms[first][1]))
        rest = [i for i in range(len(atoms)) if i != first]
        while rest:
            best = max(rest, key=lambda i: (not (_names(atoms[i][1]) - bound),
                                            len(_names(atoms[i][1]) & bound), -i))
            order.append(best)
            rest.remove(best)
            bound |= set().union(*(_names(p) for p in atoms[best][1]))
        filters: list[tuple] = [("neg", relation(a), args_of(a)) for a in clause.neg
                                if is_exact(relation(a))]
        filters += [("dist", pattern(d.left), pattern(d.right)) for d in clause.distinct]
        filters += [("eq", pattern(d.left), pattern(d.right)) for d in clause.equal]
        self.steps: list[tuple] = []
        known: set[str] = set()
        for i in order:
            rel, args = atoms[i]
            keys = tuple(k for k, p in enumerate(args) if not (_names(p) - known))
            self.steps.append(("scan", rel, args, keys, i == first))
            known |= set().union(*(_names(p) for p in args))
            for f in [f for f in filters if not ((_names(f[1]) | _names(f[2])) - known)
                      if f[0] != "neg"] + \
                     [f for f in filters if f[0] == "neg" and not (_names(f[2]) - known)]:
                self.steps.append(f)
                filters.remove(f)
        self.steps.extend(filters)   # filters without variables


class Engine:
    """Facts by relation, indexes over them, and the enumeration of a plan's bindings."""

    def __init__(self, facts: Facts, limit: int):
        self.facts = facts
        self.limit = limit
        self.total = sum(len(f) for f in facts.values())
        self._index: dict[tuple, tuple[int, dict]] = {}

    def index(self, rel: Relation, keys: tuple[int, ...]) -> dict:
        rows = self.facts.get(rel, {})
        cached = self._index.get((rel, keys))
        if cached is not None and cached[0] == len(rows):
            return cached[1]
        table: dict[tuple, list] = {}
        for row in rows:
            table.setdefault(tuple(row[k] for k in keys), []).append(row)
        self._index[(rel, keys)] = (len(rows), table)
        return table

    def bindings(self, plan: Plan, delta: Facts | None = None) -> Iterator[Binding]:
        yield from self._run(plan.steps, 0, {}, delta)

    def _run(self, steps: list, at: int, bound: Binding, delta: Facts | None) -> Iterator[Binding]:
        if at == len(steps):
            yield bound
            return
        step = steps[at]
        kind = step[0]
        if kind == "scan":
            _, rel, args, keys, is_first = step
            if is_first and delta is not None:
                rows = delta.get(rel, {})
            elif keys:
                key = tuple(substitute(args[k], bound) for k in keys)
                rows = self.index(rel, keys).get(key, ())
            else:
                rows = self.facts.get(rel, {})
            for row in rows:
                got: Binding | None = bound
                for pat, val in zip(args, row):
                    got = match(pat, val, got)   # type: ignore[arg-type]
                    if got is None:
                        break
                if got is not None:
                    yield from self._run(steps, at + 1, got, delta)
        elif kind == "neg":
            row = tuple(substitute(p, bound) for p in step[2])
            if row not in self.facts.get(step[1], {}):
                yield from self._run(steps, at + 1, bound, delta)
        elif (substitute(step[1], bound) != substitute(step[2], bound)) == (kind == "dist"):
            yield from self._run(steps, at + 1, bound, delta)

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

    def fixpoint(self, clauses: list[Clause], recursive: set[Relation],
                 is_exact: Callable[[Relation], bool]) -> None:
        """Derive every fact of `clauses` (semi-naive over the `recursive` relations)."""
        heads = [(relation(c.head), args_of(c.head)) for c in clauses]
        delta: Facts = {}
        for clause, (rel, head) in zip(clauses, heads):
            for bound in self.bindings(Plan(clause, None, is_exact)):
                self.add(rel, tuple(substitute(p, bound) for p in head), delta)
        plans = {(n, i): Plan(c, i, is_exact) for n, c in enumerate(clauses)
                 for i, a in enumerate(c.pos) if relation(a) in recursive}
        while delta:
            for rel, rows in delta.items():
                self.facts.setdefault(rel, {}).update(rows)
            new: Facts = {}
            for (n, i), plan in plans.items():
                if delta.get(relation(clauses[n].pos[i])):
                    rel, head = heads[n]
                    for bound in self.bindings(plan, delta):
                        self.add(rel, tuple(substitute(p, bound) for p in head), new)
            delta = new
