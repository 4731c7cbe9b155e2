"""The ground program evaluated in Python: the Python path, and the reference the C path
is tested against.

Rules are grouped by head and the heads ordered once, dependencies first (negation is
stratified, so a negated proposition is final before it is read); a group of heads in
positive recursion is repeated until nothing changes. Only what is needed is evaluated,
in two phases: the view (everything `legal`, `goal` and `terminal` read: once per state)
and the step (what `next` reads beyond the view, `does` included: once per move).

A small program's values are Python ints (bit i: proposition i), its rules masks; a wide
one's (more than WIDE propositions, where every int operation would cost its length) are
bytearrays, its rules index tuples.
"""

from __future__ import annotations

from typing import Any

from gdl.interpreter.kif.graph import components, reaches
from gdl.interpreter.kif.ground import GroundProgram

WIDE = 2048
Group = tuple[bool, list[tuple[int, list[tuple[Any, Any]]]]]   # (recursive, [(head, rules)])
_TO_BITS = bytes.maketrans(b"01", b"\x00\x01")
_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")


def _mask(indexes: tuple[int, ...]) -> int:
    out = 0
    for i in indexes:
        out |= 1 << i
    return out


class Propnet:
    """The two phases of a ground program, ordered; `closure` and `step` evaluate them."""

    def __init__(self, program: GroundProgram, wide: bool | None = None):
        self.program = program
        t = self.n_true = program.n_true
        self.size = len(program.props)
        self.wide = self.size > WIDE if wide is None else wide
        by_head: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        deps: dict[int, list[int]] = {}
        for rule in program.rules:
            by_head.setdefault(rule.head, []).append((rule.pos, rule.neg))
            deps.setdefault(rule.head, []).extend(rule.pos + rule.neg)
        shown = [*program.legal, *(i for goals in program.goals for i, _ in goals),
                 program.terminal]
        view = reaches([i for i in shown if i >= 0], deps)
        moves = reaches(range(t, 2 * t), deps) - view
        # the phases by proposition index (what the C generator reads), then as run here
        self.plan1: list[Group] = []
        self.plan2: list[Group] = []
        for part in components(list(by_head), deps):
            if part[0] not in by_head or not (part[0] in view or part[0] in moves):
                continue   # an input (true, does), never derived, or never read
            recursive = len(part) > 1 or any(part[0] in pos + neg for pos, neg in by_head[part[0]])
            group = (recursive, [(h, by_head[h]) for h in part])
            (self.plan1 if part[0] in view else self.plan2).append(group)
        self.phase1, self.phase2 = (self.plan1, self.plan2) if self.wide else \
            (self._masks(self.plan1), self._masks(self.plan2))
        if self.wide:
            self._lazy_tables()

    @staticmethod
    def _masks(plan: list[Group]) -> list[Group]:
        return [(recursive, [(1 << h, [(_mask(p), _mask(n)) for p, n in rules])
                             for h, rules in members]) for recursive, members in plan]

    # -- narrow: ints ----------------------------------------------------------------------
    @staticmethod
    def _run_int(value: int, groups: list[Group]) -> int:
        for recursive, members in groups:
            while True:
                before = value
                for bit, rules in members:
                    if value & bit:
                        continue
                    for pos, neg in rules:
                        if value & pos == pos and not value & neg:
                            value |= bit
                            break
                if not recursive or value == before:
                    break
        return value

    # -- wide: bytearrays ------------------------------------------------------------------
    @staticmethod
    def _run_bytes(value: bytearray, groups: list[Group]) -> None:
        for recursive, members in groups:
            changed = True
            while changed:
                changed = False
                for head, rules in members:
                    if value[head]:
                        continue
                    for pos, neg in rules:
                        if all(value[i] for i in pos) and not any(value[i] for i in neg):
                            value[head] = 1
                            changed = recursive
                            break

    # -- the two phases ---------------------------------------------------------------------
    def closure(self, state: int) -> Any:
        """The values at `state` of every proposition the view reads (an int or a bytearray)."""
        if not self.wide:
            return self._run_int(state, self.phase1)
        bits = bin(state)[:1:-1].ljust(self.n_true, "0").encode().translate(_TO_BITS)
        value = bytearray(bits) + bytearray(self.size - self.n_true)
        self._run_bytes(value, self.phase1)
        return value

    def holds(self, closed: Any, index: int) -> bool:
        return bool(closed[index]) if self.wide else bool(closed >> index & 1)

    def step(self, closed: Any, does: list[int]) -> int:
        """The next state from a state's closure and the `does` propositions of the moves."""
        t = self.n_true
        if not self.wide:
            value = closed
            for i in does:
                value |= 1 << i
            return (self._run_int(value, self.phase2) >> t) & ((1 << t) - 1)
        value = bytearray(closed)
        for i in does:
            value[i] = 1
        self._demand(value)
        digits = bytes(value[2 * t - 1:t - 1:-1] if t else b"").translate(_TO_DIGITS)
        return int(digits or b"0", 2)

    # -- wide: the step on demand ------------------------------------------------------------
    def _lazy_tables(self) -> None:
        """The step's rules by head, conditions already known (the view, the state, the moves)
        first: a move's `next` reads the few helpers its conditions lead to, not all."""
        later = set()
        self.step_rules: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        self.group_of: dict[int, int] = {}
        self.groups: list[list[int]] = []
        for recursive, members in self.plan2:
            for head, _ in members:
                later.add(head)
            if recursive:
                self.groups.append([head for head, _ in members])
                for head, _ in members:
                    self.group_of[head] = len(self.groups) - 1
        for _, members in self.plan2:
            for head, rules in members:
                self.step_rules[head] = [(tuple(sorted(pos, key=lambda i: i in later)),
                                          tuple(sorted(neg, key=lambda i: i in later)))
                                         for pos, neg in rules]
        t = self.n_true
        self.next_heads = [i for i in range(t, 2 * t) if i in self.step_rules]

    def _demand(self, value: bytearray) -> None:
        """Set in `value` every `next` proposition that holds, evaluating each step helper
        only when a rule being decided reads it (once: `done`)."""
        done = bytearray(self.size)
        rules_of, group_of = self.step_rules, self.group_of

        def holds(i: int) -> int:
            if done[i] or i not in rules_of:
                return value[i]
            group = group_of.get(i)
            if group is not None:
                settle(self.groups[group])
                return value[i]
            done[i] = 1
            for pos, neg in rules_of[i]:
                if fires(pos, neg):
                    value[i] = 1
                    break
            return value[i]

        def fires(pos: tuple[int, ...], neg: tuple[int, ...]) -> bool:
            for p in pos:
                if not holds(p):
                    return False
            return not any(holds(n) for n in neg)

        def settle(members: list[int]) -> None:   # a recursive group, bottom-up
            for head in members:
                done[head] = 1
            changed = True
            while changed:
                changed = False
                for head in members:
                    if not value[head] and any(fires(p, n) for p, n in rules_of[head]):
                        value[head] = 1
                        changed = True

        for head in self.next_heads:
            holds(head)
