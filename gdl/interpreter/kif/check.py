"""Check a KIF description: the errors a GGP reasoner would meet later, found at once and
located at the offending term.

`or` is expanded first (one clause per choice; `not` pushed through `or` and `not`), then:
the GDL keywords' places and arities (`true` and `does` never in a head, `next` and `init`
never in a body), one arity per relation, no relation used that nothing defines, safety
(every variable of a head, of a `not` and of a `distinct` bound by a positive condition),
stratification (no recursion through `not`), recursion with a base (a recursive group of
relations has a clause outside the recursion), and the GDL restrictions (`role`, `init`,
`base`, `input` independent of `true` and `does`; `legal`, `goal`, `terminal` of `does`).
"""

from __future__ import annotations

import itertools

import attrs

from gdl.errors import RulesSemanticError, SourcePos
from gdl.grammar.ast.kif import (
    Compound, Const, Description, Distinct, Literal, Not, Or, Rule, relation, variables)
from gdl.interpreter.kif.graph import components, reaches

Relation = tuple[str, int]
Atom = Const | Compound
ARITY = {"role": 1, "init": 1, "true": 1, "does": 2, "next": 1, "legal": 2, "goal": 2,
         "terminal": 0, "base": 1, "input": 2}
INPUTS = {("true", 1), ("does", 2)}                  # set by the state and the moves
HEAD_ONLY = {"next", "init"}
DYNAMIC_KEYWORDS = {("legal", 2), ("next", 1), ("goal", 2), ("terminal", 0)}
MAX_CLAUSES = 100_000   # clauses after `or` is expanded


@attrs.frozen
class Clause:
    """A rule with `or` expanded: positive atoms, negated atoms, distinct and equal pairs."""
    head: Atom
    pos: tuple[Atom, ...]
    neg: tuple[Atom, ...]
    distinct: tuple[Distinct, ...]
    equal: tuple[Distinct, ...]      # `(not (distinct a b))`
    where: SourcePos


@attrs.frozen
class CheckedKif:
    """A checked description: its clauses, the relations that never change (computed once),
    and the relations in evaluation order (groups of mutual recursion, dependencies first)."""
    clauses: tuple[Clause, ...]
    static: frozenset[Relation]
    order: tuple[tuple[Relation, ...], ...]
    description: Description


def check_kif(desc: Description) -> CheckedKif:
    """The description checked, or its first error located in its file.

    Raises:
        RulesSemanticError: see the module doc.
    """
    try:
        return _check(desc)
    except RulesSemanticError as err:
        raise err.located(desc.filename, desc.text) from None


def _fail(message: str, where: SourcePos) -> RulesSemanticError:
    return RulesSemanticError(message, where)


def _check(desc: Description) -> CheckedKif:
    arity: dict[str, tuple[int, SourcePos]] = {}
    for rule in desc.rules:
        _check_places(rule, arity)
    defined = {relation(rule.head) for rule in desc.rules}
    clauses = [clause for rule in desc.rules for clause in _expand(rule)]
    if len(clauses) > MAX_CLAUSES:
        raise _fail(f"expanding 'or' gives {len(clauses):,} rules, more than the limit of "
                    f"{MAX_CLAUSES:,}", desc.rules[0].pos)
    for clause in clauses:
        for atom in (*clause.pos, *clause.neg):
            if relation(atom) not in defined and relation(atom) not in INPUTS:
                raise _fail(f"unknown relation '{atom.name}' ({_count(len(_args(atom)))}): "
                            f"no fact or rule defines it", atom.pos)
        _check_safe(clause)
    deps: dict[Relation, list[Relation]] = {}
    for clause in clauses:
        deps.setdefault(relation(clause.head), []).extend(
            relation(a) for a in (*clause.pos, *clause.neg))
    order = components(list(deps), deps)
    _check_recursion(clauses, order)
    _check_restrictions(clauses, deps)
    moving = reaches(INPUTS | DYNAMIC_KEYWORDS, _reverse(deps))
    static = frozenset(rel for rel in deps if rel not in moving)
    return CheckedKif(tuple(clauses), static, tuple(tuple(part) for part in order), desc)


def _count(n: int) -> str:
    return f"{n} argument{'s' * (n != 1)}"


def _args(atom: Atom) -> tuple:
    return atom.args if isinstance(atom, Compound) else ()


def _reverse(deps: dict[Relation, list[Relation]]) -> dict[Relation, list[Relation]]:
    out: dict[Relation, list[Relation]] = {}
    for head, body in deps.items():
        for rel in body:
            out.setdefault(rel, []).append(head)
    return out


def _atoms(lit: Literal) -> list[Atom]:
    if isinstance(lit, Not):
        return _atoms(lit.literal)
    if isinstance(lit, Or):
        return [a for sub in lit.literals for a in _atoms(sub)]
    return [] if isinstance(lit, Distinct) else [lit]


def _check_places(rule: Rule, arity: dict[str, tuple[int, SourcePos]]) -> None:
    """Keywords where GDL allows them, and one arity per relation name."""
    head = rule.head
    if head.name in ("true", "does"):
        raise _fail(f"'{head.name}' cannot be a rule's head: it is set by the "
                    f"{'state' if head.name == 'true' else 'moves'}", head.pos)
    if head.name in ("not", "or", "distinct", "<="):
        raise _fail(f"'{head.name}' cannot be a rule's head", head.pos)
    for atom in [head] + [a for lit in rule.body for a in _atoms(lit)]:
        if atom is not head and atom.name in HEAD_ONLY:
            raise _fail(f"'{atom.name}' may appear only in a rule's head, not in its "
                        f"conditions", atom.pos)
        count = len(_args(atom))
        want = ARITY.get(atom.name)
        if want is not None and count != want:
            raise _fail(f"'{atom.name}' takes {_count(want)}, got {count}", atom.pos)
        first = arity.setdefault(atom.name, (count, atom.pos))
        if first[0] != count:
            raise _fail(f"'{atom.name}' is used with {count} arguments here but with "
                        f"{first[0]} at {first[1].line}:{first[1].column}", atom.pos)


def _alternatives(lit: Literal, negated: bool) -> list[list[Literal]]:
    """A literal as a disjunction of conjunctions (`not` pushed inwards)."""
    if isinstance(lit, Not):
        return _alternatives(lit.literal, not negated)
    if isinstance(lit, Or):
        parts = [_alternatives(sub, negated) for sub in lit.literals]
        if not negated:
            return [alt for part in parts for alt in part]
        return [[x for alt in combo for x in alt] for combo in itertools.product(*parts)]
    return [[Not(lit, lit.pos)]] if negated else [[lit]]


def _expand(rule: Rule) -> list[Clause]:
    choices = [_alternatives(lit, False) for lit in rule.body]
    out = []
    for combo in itertools.product(*choices):
        lits = [x for alt in combo for x in alt]
        pos = tuple(x for x in lits if isinstance(x, (Const, Compound)))
        neg = tuple(x.literal for x in lits
                    if isinstance(x, Not) and not isinstance(x.literal, Distinct))
        dist = tuple(x for x in lits if isinstance(x, Distinct))
        equal = tuple(x.literal for x in lits
                      if isinstance(x, Not) and isinstance(x.literal, Distinct))
        out.append(Clause(rule.head, pos, neg, dist, equal, rule.pos))   # type: ignore[arg-type]
        if len(out) > MAX_CLAUSES:
            break
    return out


def _check_safe(clause: Clause) -> None:
    bound = {v.name for atom in clause.pos for v in variables(atom)}
    checks = [(clause.head, "the head")] + [(a, "a 'not'") for a in clause.neg] + \
             [(d, "a 'distinct'") for d in (*clause.distinct, *clause.equal)]
    for node, where in checks:
        for var in variables(node):
            if var.name not in bound:
                raise _fail(f"unsafe rule: the variable {var.name} of {where} is in no "
                            f"positive condition of the rule", var.pos)


def _check_recursion(clauses: list[Clause], order: list[list[Relation]]) -> None:
    """No recursion through `not`; every recursive group has a clause outside it."""
    for part in order:
        group = set(part)
        own = [c for c in clauses if relation(c.head) in group]
        recursive = len(part) > 1 or any(relation(a) in group for c in own for a in c.pos + c.neg)
        if not recursive:
            continue
        for clause in own:
            for atom in clause.neg:
                if relation(atom) in group:
                    raise _fail(f"unstratified negation: '{clause.head.name}' depends on "
                                f"itself through this 'not'", atom.pos)
        if all(any(relation(a) in group for a in c.pos) for c in own):
            first = own[0]
            names = ", ".join(sorted(f"'{name}'" for name, _ in group))
            raise _fail(f"recursion without a base: every rule of {names} needs "
                        f"{'itself' if len(group) == 1 else 'another of them'} to hold "
                        f"first, so none ever holds", first.head.pos)


def _check_restrictions(clauses: list[Clause], deps: dict[Relation, list[Relation]]) -> None:
    """GDL's: the game's frame never depends on the state, nor `legal`/`goal`/`terminal`
    on the moves."""
    rules = [(("role", "init", "base", "input"), INPUTS),
             (("legal", "goal", "terminal"), {("does", 2)})]
    for heads, banned in rules:
        tainted = reaches(banned, _reverse(deps))
        for clause in clauses:
            if clause.head.name not in heads:
                continue
            for atom in (*clause.pos, *clause.neg):
                if relation(atom) in tainted:
                    what = " or ".join(sorted(f"'{name}'" for name, _ in banned))
                    raise _fail(f"'{clause.head.name}' may not depend on {what}, but this "
                                f"condition does", atom.pos)
