"""Ground a checked KIF description into a propositional program (as GGP reasoners
instantiate one).

1. The static relations (those that never change: `role`, `init`, `succ` tables...) are
   computed exactly, group by group in dependency order.
2. A relaxation gives every proposition that could ever hold: `true` holds what `init` or
   any `next` could, `does` what any `legal` could, and `not` over a changing relation is
   taken as true.
3. Each changing clause is instantiated over that relaxed model: its static conditions are
   decided on the spot (and dropped), its changing ones become propositions; a negated
   proposition that can never hold is dropped too.

The result (`GroundProgram`) names propositions by index, laid out so that a state is a
bit set of its `true` propositions: `true` X_i is bit i, `next` X_i bit T + i, then the
`does` propositions, then the rest.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from gdl import limits
from gdl.errors import LimitError, RulesSemanticError, SourcePos
from gdl.grammar.ast.kif import Compound, Var, relation
from gdl.interpreter.kif.check import CheckedKif, Clause, Relation
from gdl.interpreter.kif.datalog import Demand, Engine, Facts, Plan, demand
from gdl.interpreter.kif.patterns import Ground, Instance, args_of

TRUE, DOES, NEXT, INIT, LEGAL, GOAL, TERMINAL, ROLE = (
    ("true", 1), ("does", 2), ("next", 1), ("init", 1), ("legal", 2), ("goal", 2),
    ("terminal", 0), ("role", 1))
Prop = tuple[Relation, tuple]
_Atom = tuple[Relation, Instance, dict[object, int]]   # a clause's atom, its props by key
KEYWORDS = {TRUE, DOES, NEXT, INIT, LEGAL, GOAL, TERMINAL, ROLE, ("base", 1), ("input", 2)}


@attrs.frozen
class GroundRule:
    """head :- all of `pos`, none of `neg` (proposition indexes)."""
    head: int
    pos: tuple[int, ...]
    neg: tuple[int, ...]


@attrs.frozen
class GroundProgram:
    """The ground program: propositions, rules, and where the game's relations are."""
    props: tuple[Prop, ...]
    rules: tuple[GroundRule, ...]
    n_true: int                          # T: true X_i is prop i, next X_i is prop T + i
    roles: tuple[Ground, ...]
    init: int                            # the initial state: a bit set of true props
    does: tuple[tuple[int, Ground], ...] # does prop index 2T + k -> (role number, action)
    legal: tuple[int, ...]               # legal prop of does k (-1: never legal)
    goals: tuple[tuple[tuple[int, int], ...], ...]   # per role: (prop, value)
    terminal: int                        # prop index, -1 when nothing ever ends the game
    # the static two-place relations of constants that are one-to-one (successor tables,
    # `succ`-style), for readers that order a description's values (the lowering)
    chains: tuple[tuple[tuple[str, str], ...], ...] = ()


def ground_program(checked: CheckedKif) -> GroundProgram:
    """Ground `checked` (see the module doc).

    Raises:
        LimitError: more facts or ground rules than gdl.limits allows.
        RulesSemanticError: no role, or a role without a legal move at all.
    """
    engine = Engine({}, limits.KIF_GROUND_FACTS)
    by_head: dict[Relation, list[Clause]] = {}
    for clause in checked.clauses:
        by_head.setdefault(relation(clause.head), []).append(clause)
    exact = checked.static.__contains__
    wants = demand(list(checked.clauses), KEYWORDS)
    for part in checked.order:
        if part[0] in checked.static:
            clauses = [c for rel in part for c in by_head.get(rel, [])]
            engine.fixpoint(clauses, set(part), exact, wants)
    facts = engine.facts
    chains = _chains(facts, checked.static)
    for row in facts.get(INIT, {}):
        facts.setdefault(TRUE, {})[row] = None
    changing = [c for c in checked.clauses if relation(c.head) not in checked.static]
    recursive = {rel for part in checked.order for rel in part if rel not in checked.static}
    engine.fixpoint(changing + _bridges(), recursive | {TRUE, DOES}, exact, wants)
    return attrs.evolve(_assemble(checked, facts, changing, engine, wants), chains=chains)


def _chains(facts: Facts, static: set[Relation] | frozenset[Relation]
            ) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The static relations of two constants whose rows are one-to-one, in name order."""
    out = []
    for rel in sorted(static):
        rows = list(facts.get(rel, {})) if rel[1] == 2 else []
        if rows and all(isinstance(a, str) and isinstance(b, str) for a, b in rows) and \
                len({a for a, _ in rows}) == len(rows) == len({b for _, b in rows}):
            out.append(tuple(rows))
    return tuple(out)


def _bridges() -> list[Clause]:
    """true X :- next X and does R A :- legal R A: the relaxation's links between steps."""
    where = SourcePos(1, 1)
    x, r, a = (Var(n, where) for n in ("?x", "?r", "?a"))
    return [Clause(Compound("true", (x,), where), (Compound("next", (x,), where),), (), (), (),
                   where),
            Clause(Compound("does", (r, a), where), (Compound("legal", (r, a), where),), (),
                   (), (), where)]


def _assemble(checked: CheckedKif, facts: Facts, changing: list[Clause],
              engine: Engine, wants: dict[Relation, Demand]) -> GroundProgram:
    trues = list(facts.get(TRUE, {}))
    roles = [row[0] for row in facts.get(ROLE, {})]
    if not roles:
        raise RulesSemanticError("the description names no role: add facts such as "
                                 "(role white)", SourcePos(1, 1)).located(
            checked.description.filename, checked.description.text)
    role_no = {role: n for n, role in enumerate(roles)}
    does = [(role_no[r], a) for r, a in facts.get(DOES, {}) if r in role_no]
    props: list[Prop] = [(TRUE, row) for row in trues] + [(NEXT, row) for row in trues] + \
        [(DOES, (roles[n], a)) for n, a in does]
    index = {p: i for i, p in enumerate(props)}
    rules: set[tuple[int, tuple[int, ...], tuple[int, ...]]] = set()
    ordered: list[GroundRule] = []

    def prop(rel: Relation, row: tuple) -> int:
        key = (rel, row)
        if key not in index:
            index[key] = len(props)
            props.append(key)
        return index[key]

    def add(rule: tuple[int, tuple[int, ...], tuple[int, ...]]) -> None:
        if rule not in rules:
            rules.add(rule)
            ordered.append(GroundRule(*rule))
            if len(ordered) > limits.KIF_GROUND_RULES:
                raise LimitError(f"the ground program has more than "
                                 f"{limits.KIF_GROUND_RULES:,} rules (the limit "
                                 f"gdl.limits.KIF_GROUND_RULES): the game is too large")

    estimate = engine.estimator(())
    for clause in changing:
        plan = Plan(clause, None, checked.static.__contains__, wants.get(relation(clause.head)),
                    estimate=estimate)
        head: _Atom = (relation(clause.head), Instance(plan.slotted(args_of(clause.head))), {})
        pos: list[_Atom] = [(relation(a), Instance(plan.slotted(args_of(a))), {})
                            for a in clause.pos if relation(a) not in checked.static]
        neg: list[_Atom] = [(relation(a), Instance(plan.slotted(args_of(a))), {})
                            for a in clause.neg if relation(a) not in checked.static]

        def emit(env: list, head: tuple = head, pos: list = pos, neg: list = neg) -> None:
            add((_prop(head, env, prop), tuple(sorted({_prop(atom, env, prop) for atom in pos})),
                 tuple(sorted({i for i in (_prop(atom, env, prop, facts) for atom in neg)
                               if i >= 0}))))
        engine.run(plan, emit)
    n_true = len(trues)
    init = sum(1 << index[(TRUE, row)] for row in facts.get(INIT, {}))
    legal = tuple(index.get((LEGAL, (roles[n], a)), -1) for n, a in does)
    goals = tuple(tuple((i, _value(row[1])) for (rel, row), i in index.items()
                        if rel == GOAL and row[0] == role) for role in roles)
    return GroundProgram(tuple(props), tuple(ordered), n_true, tuple(roles), init,
                         tuple(does), legal, goals, index.get((TERMINAL, ()), -1))


def _prop(atom: _Atom, env: list, prop: Callable[[Relation, tuple], int],
          facts: Facts | None = None) -> int:
    """The proposition of a clause's atom under a binding, found once per the values of its
    variables; with `facts`, -1 when the row is not among them (a negation that always holds)."""
    rel, instance, found = atom
    key = instance.key(env)
    got = found.get(key)
    if got is None:
        row = instance.row(env)
        got = found[key] = prop(rel, row) if facts is None or row in facts.get(rel, {}) else -1
    return got


def _value(term: Ground) -> int:
    """A goal's value: a number 0..100 (anything else counts as 0)."""
    return int(term) if isinstance(term, str) and term.isdigit() else 0
