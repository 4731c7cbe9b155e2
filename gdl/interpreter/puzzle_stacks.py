"""Stack puzzles (Tower of Hanoi): items 1..M (1 the smallest) on N stacks.

A state is one tuple per stack, bottom item first. A move takes the top item
of one stack onto another, named "a-b" (1-based stacks, from a to b); rule
"larger" allows it only onto a larger item or an empty stack, rule "any"
anywhere. "a-b" and "b-a" undo each other; moves between disjoint pairs of
stacks commute (with four or more stacks).

Notation: the stacks separated by "/", each its items bottom first, "-" (or
nothing) for an empty stack: "3 2 1 / - / -".
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.errors import IllegalMove
from gdl.interpreter.puzzle_ir import StacksIR, State


def all_on(count: int, items: int, stack: int) -> State:
    """Every item on `stack` (0-based), the largest at the bottom."""
    tower = tuple(range(items, 0, -1))
    return tuple(tower if k == stack else () for k in range(count))


def parse_state(count: int, items: int, rule: str, text: str) -> State:
    """The stacks from their notation. Raises ValueError saying what is wrong."""
    parts = text.split("/")
    if len(parts) != count:
        raise ValueError(f"expected {count} stacks separated by '/', got {len(parts)}")
    stacks = []
    for part in parts:
        words = [w for w in part.replace(",", " ").split() if w != "-"]
        if not all(w.isdigit() for w in words):
            raise ValueError(f"expected item numbers, got {part.strip()!r}")
        stacks.append(tuple(int(w) for w in words))
    if sorted(i for s in stacks for i in s) != list(range(1, items + 1)):
        raise ValueError(f"each of the items 1..{items} must be on a stack once")
    if rule == "larger":
        for k, s in enumerate(stacks):
            if list(s) != sorted(s, reverse=True):
                raise ValueError(f"stack {k + 1} has a larger item on a smaller one")
    return tuple(stacks)


def format_state(state: State) -> str:
    return " / ".join(" ".join(map(str, s)) if s else "-" for s in state)


def render(state: State) -> str:
    return "\n".join(f"{k + 1} | " + " ".join(map(str, s)) for k, s in enumerate(state))


class StacksEngine:
    """Moves and invariants of one stack puzzle; encode/decode under the "larger" rule."""

    def __init__(self, form: StacksIR):
        n, self.form = form.count, form
        pairs = self.pairs = tuple((a, b) for a in range(n) for b in range(n) if a != b)
        self.names = tuple(f"{a + 1}-{b + 1}" for a, b in pairs)
        self.inverse: list[int | None] = [pairs.index((b, a)) for a, b in pairs]
        self.commuting = {(x, y) for x, p in enumerate(pairs) for y, q in enumerate(pairs)
                          if x == y or not set(p) & set(q)}
        self.quantities: dict[str, Callable] = {}
        larger = form.rule == "larger"
        big = form.items + 1
        numbered = tuple(enumerate(pairs))

        def legal_moves(state: State) -> list[int]:
            if larger:
                tops = [s[-1] if s else big for s in state]
                return [m for m, (a, b) in numbered if tops[a] < tops[b]]
            return [m for m, (a, b) in numbered if state[a]]

        def apply(state: State, move: int) -> State:
            a, b = pairs[move]
            src, dst = state[a], state[b]
            if not src or (larger and dst and dst[-1] < src[-1]):
                raise IllegalMove(f"no item can move {self.names[move]} here")
            out = list(state)
            out[a], out[b] = src[:-1], dst + src[-1:]
            return tuple(out)

        self.legal_moves, self.apply = legal_moves, apply
        if larger:
            self.code_bound = n ** form.items
            self.encode, self.decode = self._coder(n, form.items)

    @staticmethod
    def _coder(n: int, items: int) -> tuple[Callable, Callable]:
        """Under the "larger" rule a state is fixed by each item's stack: base-n digits."""
        def encode(state: State) -> int:
            code = 0
            for k, s in enumerate(state):
                for item in s:
                    code += k * n ** (item - 1)
            return code

        def decode(code: int) -> State:
            stacks: list[list[int]] = [[] for _ in range(n)]
            for item in range(1, items + 1):
                code, k = divmod(code, n)
                stacks[k].append(item)
            return tuple(tuple(reversed(s)) for s in stacks)
        return encode, decode
