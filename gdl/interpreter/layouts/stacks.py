"""Stack puzzles (Tower of Hanoi): items 1..M (1 the smallest) on N stacks, as sugar over
the core.

`stacks N of M` lowers into a one-player game of the general core (`core_rules`): the
stacks are the columns of a board, the moves named swaps of two cells; its states are
the puzzle's. The notation below reads the stacks, one tuple per stack, bottom item
first (`StacksEngine.unpack` gives them). A move takes the top item
of one stack onto another, named "a-b" (1-based stacks, from a to b); rule
"larger" allows it only onto a larger item or an empty stack, rule "any"
anywhere. "a-b" and "b-a" undo each other; moves between disjoint pairs of
stacks commute (with four or more stacks).

Notation: the stacks separated by "/", each its items bottom first, "-" (or
nothing) for an empty stack: "3 2 1 / - / -".
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.interpreter.layouts.core_game import any_of, compile_core, numbered_moves, target_condition
from gdl.interpreter.core.puzzle_ir import StacksIR, State


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


def cell(stack: int, height: int) -> str:
    """The core's name of the cell of `stack` (0-based: its column) at `height` (1-based)."""
    return f"{chr(ord('a') + stack)}{height}"


def core_rules(count: int, items: int, rule: str, goal: State) -> str:
    """The stack puzzle as a one-player game of the core: a board of `count` columns and
    `items` rows, and a move per ordered pair of stacks, named in the order of `pairs`.

    Under "larger" a stack is always in order, so it is fixed by the items it holds:
    item k stands in row k of its stack's column (one kind of piece; the stack's top is
    its smallest item, the lowest piece of the column). A move a-b carries the lowest
    piece of columns a and b, when it is in column a, across to column b in its row (the
    items of b are all larger). Under "any" every item is a kind of its own, stacked from
    row 1 up; a move carries column a's top piece to the lowest empty cell of column b."""
    lines = ['game "stacks"', "players solver", f"board {count} x {items}"]
    if rule == "larger":
        lines.append("pieces item")
    else:
        lines.append("pieces " + " ".join(f"p{i}" for i in range(1, items + 1)))
    for a, b in _pairs(count):
        ca, cb = f"column {a + 1}", f"column {b + 1}"
        if rule == "larger":
            low = f"lowest (occupied and ({ca} or {cb}))"
            lines.append(f"move m{a + 1}_{b + 1}: if count ({ca} and {low}) > 0 "
                         f"then swap {low} with {cb} and row ({low})")
        else:
            lines.append(f"move m{a + 1}_{b + 1}: if count ({ca} and occupied) > 0 "
                         f"then swap {ca} and occupied and not (n is occupied) "
                         f"with lowest ({cb} and empty)")
    if rule == "larger":
        home = any_of([f"item and {cell(k, i)}" for k, s in enumerate(goal) for i in s])
        lines.append(f"goal: count {home} == {items}")
    else:
        lines.append("goal: " + target_condition([(f"p{i}", cell(k, h + 1))
                                                  for k, s in enumerate(goal)
                                                  for h, i in enumerate(s)]))
    return "\n".join(lines) + "\n"


def _pairs(count: int) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a in range(count) for b in range(count) if a != b)


class StacksEngine:
    """A stack puzzle lowered into a one-player game of the core (`core_rules`), with its
    notation; `pack` and `unpack` convert the core's states from and to the stacks
    (a tuple per stack, bottom item first), which the notation reads."""

    def __init__(self, form: StacksIR):
        n, items, self.form = form.count, form.items, form
        pairs = self.pairs = _pairs(n)
        self.names = tuple(f"{a + 1}-{b + 1}" for a, b in pairs)
        self.inverse: list[int | None] = [pairs.index((b, a)) for a, b in pairs]
        self.commuting = {(x, y) for x, p in enumerate(pairs) for y, q in enumerate(pairs)
                          if x == y or not set(p) & set(q)}
        self.quantities: dict[str, Callable] = {}
        self.game = game = compile_core(core_rules(n, items, form.rule, form.goal))
        self.legal_moves, self.apply = numbered_moves(game, len(pairs))
        bit = {(k, h): 1 << game.geometry.names[cell(k, h)]
               for k in range(n) for h in range(1, items + 1)}
        settle = game._settle
        if form.rule == "larger":
            def pack(state: State) -> State:
                return settle((sum(bit[k, i] for k, s in enumerate(state) for i in s), 0, 0))

            def unpack(state: State) -> State:
                plane = state[0]
                return tuple(tuple(i for i in range(items, 0, -1) if plane & bit[k, i])
                             for k in range(n))
        else:
            where = {b: key for key, b in bit.items()}

            def pack(state: State) -> State:
                planes = [0] * items
                for k, s in enumerate(state):
                    for h, i in enumerate(s):
                        planes[i - 1] = bit[k, h + 1]
                return settle((*planes, 0, 0))

            def unpack(state: State) -> State:
                stacks: list[list[tuple[int, int]]] = [[] for _ in range(n)]
                for i in range(items):
                    k, h = where[state[i]]
                    stacks[k].append((h, i + 1))
                return tuple(tuple(i for _, i in sorted(s)) for s in stacks)
        self.pack, self.unpack = pack, unpack
        if form.rule == "larger":
            self.code_bound = n ** items
            encode, decode = self._coder(n, items)
            self.encode = lambda s: encode(unpack(s))
            self.decode = lambda code: pack(decode(code))

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
