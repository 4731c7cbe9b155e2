"""A proof, from the ground program, that no two roles ever choose at once.

Turn-taking descriptions say whose turn it is in a fluent (`(control white)`): each role's
moves other than `noop` need its own control, and the control fluents never hold together.
Sampled games can only fail to find a simultaneous node; this module proves there is none,
for the descriptions written that way (and others like them), in three steps:

1. Supports. Each proposition's support over the `true` propositions, as a set of
   conjunctions (a disjunctive normal form): the states in which it may hold. A negated
   `true` proposition is kept as a literal (a conjunction holding X and not X is dropped),
   and so is the negation of a relation defined only by single `true` propositions
   (`(<= any_lifted (true (lifted ?x)))`: not any_lifted is not lifted X for every X);
   other negated conditions are dropped and a form that grows past CAP conjunctions becomes the one
   conjunction of the conditions all of them share, so a support over-approximates where
   the proposition holds: what it rules out is ruled out (sound), what it admits may still
   never happen (the proof may fail; then the loader samples, as before).
2. Mutual exclusions. Pairs of `true` propositions never true together, found as an
   inductive invariant (the Houdini scheme): the candidates are the pairs the choice
   conditions need and, in turn, the pairs in the states where both of a candidate's `next`
   propositions may hold (a role's `does` read as its `legal` support; one role does one
   thing); drop the pairs the initial state breaks, then each pair whose `next`
   propositions may hold together in a state that keeps every pair left, until none is
   dropped.
3. The choice. A role chooses when two of its legal propositions hold; two roles choose at
   once only in a state with both conditions: every such conjunction must hold an
   excluded pair.

Budgets (CAP, STEPS) bound the work: a description past them is "not proved", never wrong.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from gdl.interpreter.kif.ground import GroundProgram, GroundRule

CAP = 64            # conjunctions in one support before it counts as "anywhere"
STEPS = 1_000_000   # conjunctions built in all before the proof gives up
PAIRS = 20_000      # candidate pairs before the proof gives up

NOT = 1 << 40       # not `true` proposition i is NOT + i in a conjunction

Conj = frozenset[int]            # true propositions i, NOT + i; does k is -(k + 1)
Form = frozenset[Conj]           # a disjunction; {frozenset()}: anywhere, {}: nowhere
ANYWHERE: Form = frozenset([frozenset()])


class _OutOfSteps(Exception):
    pass


class _Forms:
    """The supports of step 1, computed on demand with the budget."""

    def __init__(self, program: GroundProgram):
        self.program = program
        self.steps = STEPS
        by_head: dict[int, list[GroundRule]] = {}
        for rule in program.rules:
            by_head.setdefault(rule.head, []).append(rule)
        # each rule: its positive conditions, and the literals its negated ones give
        self.rules: dict[int, list[tuple[tuple[int, ...], Form]]] = {
            head: [(r.pos, frozenset([frozenset(n for x in r.neg
                                                for n in self._negated(x, by_head))]))
                   for r in rules]
            for head, rules in by_head.items()}
        self.known: dict[int, Form] = {}

    def _negated(self, prop: int, by_head: dict[int, list[GroundRule]]) -> frozenset[int]:
        """The literals `not prop` implies: not X for a `true` X, not each X of a relation
        whose every rule is one `true` X; else none (the condition is dropped)."""
        n_true = self.program.n_true
        if prop < n_true:
            return frozenset([NOT + prop])
        rules = by_head.get(prop, [])
        if rules and all(not r.neg and len(r.pos) == 1 and r.pos[0] < n_true for r in rules):
            return frozenset(NOT + r.pos[0] for r in rules)
        return frozenset()

    def spend(self, n: int) -> None:
        self.steps -= n
        if self.steps < 0:
            raise _OutOfSteps

    def support(self, prop: int) -> Form:
        """Where `prop` may hold (step 1): a fixpoint over the rules it depends on."""
        if prop not in self.known:
            self._solve(prop)
        return self.known[prop]

    def _solve(self, root: int) -> None:
        order, seen, stack = [], {root}, [root]
        while stack:   # the derived propositions `root` depends on
            prop = stack.pop()
            if self._leaf(prop) is not None or prop in self.known:
                continue
            order.append(prop)
            for pos, _ in self.rules.get(prop, ()):
                for p in pos:
                    if p not in seen:
                        seen.add(p)
                        stack.append(p)
        forms: dict[int, Form] = {p: frozenset() for p in order}
        changed = True
        while changed:   # grows only, to ANYWHERE at most
            changed = False
            for prop in reversed(order):
                new = _union(forms[prop], *(self.and_all([self._get(p, forms) for p in pos]
                                                         + [negs])
                                            for pos, negs in self.rules.get(prop, ())))
                if new != forms[prop]:
                    forms[prop], changed = new, True
        self.known.update(forms)

    def _leaf(self, prop: int) -> Form | None:
        """A `true` or `does` proposition's own form; None for a derived one."""
        n_true = self.program.n_true
        if prop < n_true:
            return frozenset([frozenset([prop])])
        if 2 * n_true <= prop < 2 * n_true + len(self.program.does):
            return frozenset([frozenset([-(prop - 2 * n_true + 1)])])
        return None

    def _get(self, prop: int, forms: dict[int, Form]) -> Form:
        leaf = self._leaf(prop)
        if leaf is not None:
            return leaf
        return forms[prop] if prop in forms else self.known[prop]

    def and_all(self, parts: list[Form]) -> Form:
        """The conjunction of `parts`, each a form."""
        out = ANYWHERE
        for part in parts:
            self.spend(len(out) * len(part) + 1)
            out = _minimal({a | b for a in out for b in part})
        return out


def _minimal(conjs: Iterable[Conj]) -> Form:
    """The conjunctions no other one implies (a smaller set of conditions). Past CAP of
    them, the one conjunction of what they all share: each implies it, so it still holds
    wherever the form may (the widening)."""
    every = {c for c in conjs if not any(NOT + p in c for p in c if 0 <= p < NOT)}
    kept: list[Conj] = []
    for conj in sorted(every, key=len):
        if not any(k <= conj for k in kept):
            kept.append(conj)
            if len(kept) > CAP:
                return frozenset([frozenset.intersection(*every)])
    return frozenset(kept)


def _union(*forms: Form) -> Form:
    return _minimal(itertools.chain(*forms))


def _excluded(conj: Conj, pairs: set[tuple[int, int]]) -> bool:
    trues = sorted(p for p in conj if 0 <= p < NOT)
    return any((a, b) in pairs for a, b in itertools.combinations(trues, 2))


def no_two_choose(program: GroundProgram) -> bool:
    """Whether no reachable state lets two roles each choose between two moves or more
    (the module doc); False when not proved."""
    forms = _Forms(program)
    try:
        choosing = [form for form in (_chooses(forms, program, role)
                                      for role in range(len(program.roles))) if form]
        conjs = [c for a, b in itertools.combinations(choosing, 2)
                 for c in forms.and_all([a, b])]
        if not conjs:
            return True
        pairs = _invariant(forms, program, {pair for c in conjs for pair in _pairs(c)})
        return all(_excluded(c, pairs) for c in conjs)
    except _OutOfSteps:
        return False


def _pairs(conj: Conj) -> Iterable[tuple[int, int]]:
    return itertools.combinations(sorted(p for p in conj if 0 <= p < NOT), 2)


def _chooses(forms: _Forms, program: GroundProgram, role: int) -> Form:
    """Where `role` has two legal moves or more: two of its legal supports together."""
    supports: dict[Form, int] = {}
    for k, (r, _) in enumerate(program.does):
        if r == role and program.legal[k] >= 0:
            form = forms.support(program.legal[k])
            supports[form] = supports.get(form, 0) + 1
    parts = [f for f, n in supports.items() if n > 1]   # two moves of the same support
    parts += [forms.and_all([a, b]) for a, b in itertools.combinations(supports, 2)]
    return _union(*parts)


def _invariant(forms: _Forms, program: GroundProgram, needed: set[tuple[int, int]]
               ) -> set[tuple[int, int]]:
    """The largest inductive subset of the candidates grown from `needed` (step 2)."""
    n_true, init = program.n_true, program.init
    legal = [forms.support(i) if i >= 0 else frozenset() for i in program.legal]
    role_of = [r for r, _ in program.does]
    afters: dict[int, Form] = {}

    def after(prop: int) -> Form:   # where `next prop` may hold, does read as its legal
        if prop not in afters:
            out: list[Conj] = []
            for conj in forms.support(n_true + prop):
                does = [-p - 1 for p in conj if p < 0]
                if len({role_of[k] for k in does}) == len(does):   # one role, one thing
                    out.extend(forms.and_all([frozenset([frozenset(p for p in conj if p >= 0)])]
                                             + [legal[k] for k in does]))
            afters[prop] = _minimal(out)
        return afters[prop]

    def both(pair: tuple[int, int]) -> Form:
        return forms.and_all([after(pair[0]), after(pair[1])])

    pairs, todo = set(), list(needed)
    while todo:   # the candidates: what the needed pairs' induction steps read
        pair = todo.pop()
        if pair in pairs or init >> pair[0] & 1 and init >> pair[1] & 1:
            continue
        pairs.add(pair)
        if len(pairs) > PAIRS:
            raise _OutOfSteps
        todo.extend(p for c in both(pair) for p in _pairs(c) if p not in pairs)
    dropped = True
    while dropped:
        dropped = False
        for pair in sorted(pairs):
            if any(not _excluded(c, pairs) for c in both(pair)):
                pairs.discard(pair)
                dropped = True
    return pairs
