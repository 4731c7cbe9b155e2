"""The ground program evaluated over bit sets (Python ints): the Python path, and the
reference the C path is tested against.

A value is an int whose bit i says proposition i holds. Rules are grouped by head and
the heads ordered once, dependencies first (negation is stratified, so a negated
proposition is final before it is read); a group of heads in positive recursion is
repeated until nothing changes. Heads are split in two phases: those the moves cannot
change (legal, goal, terminal and their helpers: computed once per state) and those
that read `does` (next and its helpers: computed per move).
"""

from __future__ import annotations

from gdl.interpreter.kif.graph import components, reaches
from gdl.interpreter.kif.ground import GroundProgram

Rules = list[tuple[int, int]]                 # (positive mask, negative mask), any may fire
Group = tuple[bool, list[tuple[int, Rules]]]  # (recursive, [(head bit, rules)])


def _mask(indexes: tuple[int, ...]) -> int:
    out = 0
    for i in indexes:
        out |= 1 << i
    return out


class Propnet:
    """The two phases of a ground program, ordered; `closure` and `step` evaluate them."""

    def __init__(self, program: GroundProgram):
        self.program = program
        t = program.n_true
        self.state_mask = (1 << t) - 1
        self.n_true = t
        by_head: dict[int, list[tuple[int, ...]]] = {}
        deps: dict[int, list[int]] = {}
        for rule in program.rules:
            by_head.setdefault(rule.head, []).append(rule.pos + rule.neg)
            deps.setdefault(rule.head, []).extend(rule.pos + rule.neg)
        users: dict[int, list[int]] = {}
        for head, body in deps.items():
            for prop in body:
                users.setdefault(prop, []).append(head)
        first_does = 2 * t
        self.moved = reaches(range(first_does, first_does + len(program.does)), users)
        rules_of: dict[int, Rules] = {}
        for rule in program.rules:
            rules_of.setdefault(rule.head, []).append((_mask(rule.pos), _mask(rule.neg)))
        self.order = components(list(by_head), deps)
        self.phase1: list[Group] = []
        self.phase2: list[Group] = []
        for part in self.order:
            if part[0] not in by_head:   # an input (true, does) or a proposition never derived
                continue
            recursive = len(part) > 1 or any(part[0] in body for body in by_head[part[0]])
            group = (recursive, [(1 << h, rules_of[h]) for h in part])
            (self.phase2 if part[0] in self.moved else self.phase1).append(group)

    @staticmethod
    def run(value: int, groups: list[Group]) -> int:
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

    def closure(self, state: int) -> int:
        """Every proposition the moves cannot change, at `state`."""
        return self.run(state, self.phase1)

    def step(self, closed: int, does: int) -> int:
        """The next state from a state's closure and the bits of the moves played."""
        return (self.run(closed | does, self.phase2) >> self.n_true) & self.state_mask
