"""A ground proposition as a disjunction of conjunctions over the state (its DNF): what a
terminal, goal or legal proposition means once the helper relations are unfolded.

Each disjunct is (positive base propositions, negated propositions): a `true` proposition
(index below the program's n_true) is kept as it is, any other positive condition is
unfolded through its ground rules, and a negated one is kept whole (the recogniser reads
what it means by unfolding it in turn). Recursion, or more disjuncts than LIMIT, stops the
unfolding: the proposition is then outside the lowered subset (NotLowered).
"""

from __future__ import annotations

from gdl.grammar.sexpr import term_text
from gdl.interpreter.kif.ground import GroundProgram

Disjunct = tuple[frozenset[int], frozenset[int]]   # (true props that hold, props that do not)
LIMIT = 20_000


class NotLowered(Exception):
    """The description is outside the lowered subset: the message says why, in one line."""


class Unfolder:
    """DNFs of a program's propositions, each computed once."""

    def __init__(self, program: GroundProgram):
        self.program = program
        self.bodies: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        for rule in program.rules:
            self.bodies.setdefault(rule.head, []).append((rule.pos, rule.neg))
        self._done: dict[int, list[Disjunct]] = {}
        self._open: set[int] = set()

    def dnf(self, prop: int) -> list[Disjunct]:
        """`prop` as disjuncts (empty: it never holds).

        Raises:
            NotLowered: recursive through `prop`, or more than LIMIT disjuncts.
        """
        if prop < self.program.n_true:
            return [(frozenset((prop,)), frozenset())]
        found = self._done.get(prop)
        if found is not None:
            return found
        if prop in self._open:
            raise NotLowered(f"{self.name(prop)} is recursive")
        self._open.add(prop)
        out: dict[Disjunct, None] = {}
        for pos, neg in self.bodies.get(prop, []):
            partial: list[Disjunct] = [(frozenset(), frozenset(neg))]
            for atom in pos:
                partial = [(p | q, n | m) for p, n in partial for q, m in self.dnf(atom)]
                if len(partial) > LIMIT:
                    raise NotLowered(f"{self.name(prop)} unfolds into over {LIMIT} cases")
            out.update(dict.fromkeys(partial))
        self._open.discard(prop)
        result = self._done[prop] = list(out)
        return result

    def name(self, prop: int) -> str:
        rel, row = self.program.props[prop]
        return term_text((rel[0], *row)) if row else rel[0]
