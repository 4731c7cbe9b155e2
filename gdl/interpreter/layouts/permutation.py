"""Permutation puzzles (twisty puzzles): move tables, derived invariants and the state notation.

A state is a tuple of components (see `gdl.interpreter.core.puzzle_ir`). Where a
component has few enough values (7! permutations, 3^7 twists), every move is
tabulated once over all of them and the state holds the value's index, so
`apply` is one list lookup per component; larger components are held as
tuples and mapped at each move. The moves form a group acting on the state, so
a move's effect on the solved state tells everything: two moves undo each other
exactly when one after the other leaves the solved state unchanged, and
commute exactly when both orders give the same state.

Notation (`--state`, `goal: "..."`): each component's name, then its values;
a permutation lists the piece at each position (1-based), an orientation the
value at each position: "corner 2 1 3 4 5 6 7 twist 0 0 1 2 0 0 0".
"""

from __future__ import annotations

import re
from itertools import permutations, product
from math import factorial
from operator import itemgetter
from collections.abc import Callable, Hashable
from typing import Any

from gdl.interpreter.layouts import symmetry as puzzle_symmetry
from gdl.interpreter.core.puzzle_ir import Component, CycleAction, PermutationIR, State

TABLE_LIMIT = 100_000   # a component with more values is mapped at each move, not tabulated
_SEPARATORS = re.compile(r"[\s,;:/]+")


# --------------------------------------------------------------------------- pure helpers

def solved(components: tuple[Component, ...]) -> State:
    """Every piece at home, every orientation 0."""
    return tuple(tuple(range(c.size)) if c.modulus is None else (0,) * c.size
                 for c in components)


def parity(perm: tuple[int, ...]) -> int:
    """0 for an even permutation, 1 for an odd one (size minus the number of cycles)."""
    seen, cycles = [False] * len(perm), 0
    for i in range(len(perm)):
        if not seen[i]:
            cycles += 1
            while not seen[i]:
                seen[i] = True
                i = perm[i]
    return (len(perm) - cycles) & 1


def act(components: tuple[Component, ...], state: State, move: CycleAction) -> State:
    """`move` applied to `state` directly from its definition (the slow path of the checker)."""
    return tuple(tuple(v[i] if c.modulus is None else (v[i] + a) % c.modulus
                       for i, a in zip(src, add))
                 for c, v, src, add in zip(components, state, move.src, move.add))


def undoes(components: tuple[Component, ...], a: CycleAction, b: CycleAction) -> bool:
    """True when b after a leaves every state as it was (it does so for the solved state:
    the moves act on states as group elements)."""
    start = solved(components)
    return act(components, act(components, start, a), b) == start


def _mapper(c: Component, src: tuple[int, ...], add: tuple[int, ...]) -> Callable:
    """The function one move applies to one component's tuple."""
    if c.modulus is None or not any(add):
        return itemgetter(*src) if len(src) > 1 else (lambda v: (v[src[0]],))
    k = c.modulus
    return lambda v: tuple([(v[i] + a) % k for i, a in zip(src, add)])


def _values(c: Component) -> list[tuple[int, ...]] | None:
    """Every value of the component, or None when there are more than TABLE_LIMIT."""
    if c.modulus is None:
        return list(permutations(range(c.size))) if factorial(c.size) <= TABLE_LIMIT else None
    return list(product(range(c.modulus), repeat=c.size)) if c.modulus ** c.size <= TABLE_LIMIT \
        else None


def format_state(components: tuple[Component, ...], state: State) -> str:
    """The notation: "corner 1 2 ... twist 0 0 ..." (pieces 1-based)."""
    words = []
    for c, values in zip(components, state):
        shift = 1 if c.modulus is None else 0
        words.append(c.name + " " + " ".join(str(v + shift) for v in values))
    return " ".join(words)


def parse_state(components: tuple[Component, ...], text: str) -> State:
    """A state from its notation (any order of the components; each exactly once).

    Raises:
        ValueError: with a message saying what is wrong.
    """
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    names = [c.name for c in components]
    found: dict[int, tuple[int, ...]] = {}
    k = 0
    while k < len(words):
        if words[k] not in names:
            raise ValueError(f"expected a component name ({', '.join(names)}), got {words[k]!r}")
        index = names.index(words[k])
        c = components[index]
        if index in found:
            raise ValueError(f"{c.name} is given twice")
        values = words[k + 1:k + 1 + c.size]
        if len(values) < c.size or not all(re.fullmatch(r"-?[0-9]+", v) for v in values):
            raise ValueError(f"{c.name} needs {c.size} numbers")
        found[index] = _read_component(c, [int(v) for v in values])
        k += 1 + c.size
    missing = [c.name for i, c in enumerate(components) if i not in found]
    if missing:
        example = format_state(components, solved(components))
        raise ValueError(f"{missing[0]} is missing (write: {example})")
    return tuple(found[i] for i in range(len(components)))


def _read_component(c: Component, values: list[int]) -> tuple[int, ...]:
    if c.modulus is None:
        if sorted(values) != list(range(1, c.size + 1)):
            raise ValueError(f"{c.name} must list each of 1..{c.size} once")
        return tuple(v - 1 for v in values)
    if not all(0 <= v < c.modulus for v in values):
        raise ValueError(f"{c.name} values must be 0..{c.modulus - 1}")
    return tuple(values)


def render(components: tuple[Component, ...], state: State) -> str:
    """One line per component: its name, then its values (pieces 1-based)."""
    width = max(len(c.name) for c in components)
    return "\n".join(line.split(" ", 1)[0].ljust(width) + "  " + line.split(" ", 1)[1]
                     for line in (format_state((c,), (v,)) for c, v in zip(components, state)))


# --------------------------------------------------------------------------- the engine

class PermutationEngine:
    """Moves, invariants and search helpers of one permutation puzzle.

    A tabulated component is held in the state as its value's index (an int), so
    a move is one list lookup per component and hashing a state is cheap; a
    component too large to tabulate is held as its tuple. `pack` / `unpack`
    convert between such states and plain tuples of values (the IR's states).

    Attributes: names (move names), legal_moves, apply, inverse (move -> move or
    None), commuting (set of pairs), quantities (name -> function), abstractions,
    and encode / decode / code_bound when every component is tabulated.
    """

    lowered = False   # True when the form came back from its core game (make_engine)

    def __init__(self, form: PermutationIR):
        comps, moves = form.components, form.moves
        self.form, self.names = form, tuple(m.name for m in moves)
        self.values = [_values(c) for c in comps]              # None: not tabulated
        self.index = [None if v is None else {x: i for i, x in enumerate(v)} for v in self.values]
        steps = []   # per move, per component: a list (index -> index) or a function on tuples
        for m in moves:
            per = []
            for k, c in enumerate(comps):
                f, vals, idx = _mapper(c, m.src[k], m.add[k]), self.values[k], self.index[k]
                per.append(f if vals is None or idx is None else [idx[f(v)] for v in vals])
            steps.append(per)
        tabulated = all(v is not None for v in self.values)
        self.apply = _applier(steps, tabulated)
        everything = tuple(range(len(moves)))
        self.legal_moves = lambda state: everything
        if tabulated:
            self.encode, self.decode, self.code_bound = _coder([len(v) for v in self.values
                                                                if v is not None])
        self.solved = self.pack(solved(comps))
        self.inverse = [next((b for b in everything if self._after(a, b) == self.solved), None)
                        for a in everything]
        self.commuting = {(a, b) for a in everything for b in everything
                          if self._after(a, b) == self._after(b, a)}
        self.quantities = self._quantities()
        self.abstractions = {c.name: itemgetter(k) for k, c in enumerate(comps)}
        if form.symmetries:   # declared and checked (gdl.interpreter.layouts.symmetry)
            tabled = puzzle_symmetry.tabled_key(comps, form.symmetries, self.values,
                                                self.index)
            self.symmetry_key = tabled or puzzle_symmetry.key_function(
                comps, form.symmetries, self.pack, self.unpack)

    def pack(self, values: State) -> State:
        """A tuple of component values as this engine's state."""
        return tuple(v if idx is None else idx[v] for idx, v in zip(self.index, values))

    def unpack(self, state: State) -> State:
        """The engine's state as a tuple of component values."""
        return tuple(x if vals is None else vals[x] for vals, x in zip(self.values, state))

    def _after(self, *moves: int) -> State:
        state = self.solved
        for m in moves:
            state = self.apply(state, m)
        return state

    def _quantities(self) -> dict[str, Callable[[State], Hashable]]:
        """Conserved quantities the moves show: an orientation sum when every move adds a
        multiple of the modulus; a permutation's parity when every move is even."""
        out: dict[str, Callable[[State], Hashable]] = {}
        for k, c in enumerate(self.form.components):
            if c.modulus is not None:
                if all(sum(m.add[k]) % c.modulus == 0 for m in self.form.moves):
                    def mod_sum(v: tuple[int, ...], mod: int = c.modulus) -> int:
                        return sum(v) % mod   # (a lambda with a default is not inferred)
                    out[f"{c.name} sum mod {c.modulus}"] = self._quantity(k, mod_sum)
            elif all(parity(m.src[k]) == 0 for m in self.form.moves):
                out[f"{c.name} parity"] = self._quantity(k, parity)
        return out

    def _quantity(self, k: int, f: Callable[[tuple[int, ...]], int]) -> Callable[[State], int]:
        """f of component k, tabulated over its values where the component is."""
        values = self.values[k]
        if values is None:
            return lambda s: f(s[k])
        table = [f(v) for v in values]
        return lambda s: table[s[k]]


def _applier(steps: list[list[Any]], tabulated: bool) -> Callable[[State, int], State]:
    """apply(state, move): specialised for the common shapes (one or two tabulated parts)."""
    if tabulated and len(steps[0]) == 2:
        pairs = [tuple(per) for per in steps]

        def apply2(s: State, m: int) -> State:
            a, b = pairs[m]
            return (a[s[0]], b[s[1]])
        return apply2
    if tabulated and len(steps[0]) == 1:
        singles = [per[0] for per in steps]
        return lambda s, m: (singles[m][s[0]],)
    calls = [tuple(step.__getitem__ if isinstance(step, list) else step for step in per)
             for per in steps]
    return lambda s, m: tuple([f(v) for f, v in zip(calls[m], s)])


def _coder(radix: list[int]) -> tuple[Callable, Callable, int]:
    """encode / decode as a mixed-radix number of the component indices, and the bound."""
    bound = 1
    for r in radix:
        bound *= r
    if len(radix) == 2:   # the pocket cube's shape: one multiply, one divmod
        r1 = radix[1]
        return lambda s: s[0] * r1 + s[1], lambda c: (c // r1, c % r1), bound

    def encode(s: State) -> int:
        code = 0
        for r, x in zip(radix, s):
            code = code * r + x
        return code

    def decode(code: int) -> State:
        out = []
        for r in reversed(radix):
            code, x = divmod(code, r)
            out.append(x)
        return tuple(reversed(out))
    return encode, decode, bound


def cycle_action(name: str, components: tuple[Component, ...],
                 cycles: list[tuple[int, list[int], dict[int, list[int]]]]) -> CycleAction:
    """A move from its cycles: (component, positions 0-based, {orientation: amounts}).

    The piece at positions[i] moves to positions[i+1] (the last to the first),
    and each orientation moving with it gains amounts[i].
    """
    src = [list(range(c.size)) for c in components]
    add = [[0] * c.size for c in components]
    for part, positions, turns in cycles:
        for i, p in enumerate(positions):
            q = positions[(i + 1) % len(positions)]
            for k, c in enumerate(components):
                if c.part == part:
                    src[k][q] = p
                    if k in turns:   # an orientation: it has a modulus
                        assert c.modulus is not None
                        add[k][q] = turns[k][i] % c.modulus
    return CycleAction(name, tuple(map(tuple, src)), tuple(map(tuple, add)))
