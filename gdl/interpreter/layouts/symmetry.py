"""Symmetries of a permutation puzzle: rearrangements of its positions (a whole-cube turn)
under which its moves and its goal look alike.

A state and a move are both elements of one group: per component a tuple (the
piece at each position, or each position's orientation), and `product(x, y)` is
x followed by y (`new[j] = x[y_src[j]] (+ y_add[j])`, as a move acts). A declared
symmetry g maps a state x to g⁻¹·x·g. When g⁻¹·m·g is a move for every move m and
g fixes the goal, a state and its image are equally far from the goal, so a
search may keep one state of each class (`key`: the least image over the group
g generates). The position a puzzle holds fixed (the cube's down-back-left
corner) is untouched by every move, so the conjugate leaves it untouched too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gdl.interpreter.core.puzzle_ir import Component, CycleAction, State

Element = tuple[tuple[int, ...], ...]


def element(action: CycleAction, components: tuple[Component, ...]) -> Element:
    """A move or symmetry as a group element (what it does to the solved state)."""
    return tuple(action.src[k] if c.modulus is None else action.add[k]
                 for k, c in enumerate(components))


def product(components: tuple[Component, ...], x: Element, y: Element) -> Element:
    """x, then y."""
    out = []
    for k, c in enumerate(components):
        src = y[c.part]
        if c.modulus is None:
            out.append(tuple(x[k][s] for s in src))
        else:
            out.append(tuple((x[k][s] + y[k][j]) % c.modulus for j, s in enumerate(src)))
    return tuple(out)


def inverse(components: tuple[Component, ...], x: Element) -> Element:
    out: list[tuple[int, ...]] = []
    back = {}
    for k, c in enumerate(components):
        if c.modulus is None:
            where = [0] * c.size
            for j, piece in enumerate(x[k]):
                where[piece] = j
            back[k] = where
    for k, c in enumerate(components):
        if c.modulus is None:
            out.append(tuple(back[k]))
        else:
            where = back[c.part]
            out.append(tuple(-x[k][where[j]] % c.modulus for j in range(c.size)))
    return tuple(out)


def conjugate(components: tuple[Component, ...], g: Element, g_inverse: Element,
              x: Element) -> Element:
    return product(components, product(components, g_inverse, x), g)


def check(components: tuple[Component, ...], moves: tuple[CycleAction, ...],
          symmetry: CycleAction, goal: State) -> str | None:
    """Why `symmetry` is not one (a move it turns into no move, or the goal it moves), or
    None when it is."""
    g = element(symmetry, components)
    g_inv = inverse(components, g)
    elements = {element(m, components): m.name for m in moves}
    for m in moves:
        if conjugate(components, g, g_inv, element(m, components)) not in elements:
            return (f"'{symmetry.name}' is no symmetry: it turns move '{m.name}' into a "
                    f"rearrangement that is no move")
    if conjugate(components, g, g_inv, tuple(goal)) != tuple(goal):
        return f"'{symmetry.name}' is no symmetry: it moves the goal"
    return None


def group(components: tuple[Component, ...], generators: list[Element]) -> list[Element]:
    """Every element the generators make (the identity first)."""
    identity = tuple(tuple(range(c.size)) if c.modulus is None else (0,) * c.size
                     for c in components)
    found, todo = [identity], [identity]
    while todo:
        x = todo.pop()
        for g in generators:
            y = product(components, x, g)
            if y not in found:
                found.append(y)
                todo.append(y)
    return found


def key_function(components: tuple[Component, ...], symmetries: tuple[CycleAction, ...],
                 pack: Callable[[State], State], unpack: Callable[[State], State]
                 ) -> Callable[[State], State]:
    """state -> the least (packed) image of the state over the symmetries' group."""
    images = [(g, inverse(components, g)) for g in group(
        components, [element(s, components) for s in symmetries])[1:]]

    def key(state: State) -> State:
        x = unpack(state)
        best = state
        for g, g_inv in images:
            image = pack(conjugate(components, g, g_inv, x))
            if image < best:
                best = image
        return best
    return key


def tabled_key(components: tuple[Component, ...], symmetries: tuple[CycleAction, ...],
               values: Sequence[Sequence[tuple[int, ...]] | None],
               index: Sequence[dict | None]) -> Callable[[State], State] | None:
    """`key_function` by tables, for the cube's shape: one permutation and its orientation,
    both held as indices (`values[k]`: component k's values, `index[k]`: value -> index).
    None for any other shape.

    The conjugate g⁻¹·x·g of x = (perm, turns) is perm' = g⁻¹∘perm∘g (a table over the
    permutations) and turns' = turns∘g + w(perm), where w(perm)[j] = g⁻¹'s turn at
    perm[g[j]] plus g's at j: a table over the turns, one over the permutations, and their
    sum digit by digit mod K, which two small tables do (the index is a base-K number,
    split into its low and high digits)."""
    if len(components) != 2 or components[0].modulus is not None \
            or components[1].modulus is None or components[1].part != 0:
        return None
    perms, turns = values
    perm_index, turn_index = index
    if perms is None or turns is None or perm_index is None or turn_index is None:
        return None   # not tabulated
    size, k = components[1].size, components[1].modulus
    low = size // 2   # digits in the low part of a turns index
    split = k ** low
    add_low = [[_digit_sum(a, b, k, low) for b in range(split)] for a in range(split)]
    high_count = k ** (size - low)
    add_high = [[_digit_sum(a, b, k, size - low) for b in range(high_count)]
                for a in range(high_count)]
    tables = []
    for g in group(components, [element(s, components) for s in symmetries])[1:]:
        g_inv = inverse(components, g)
        (g_perm, g_turn), (inv_perm, inv_turn) = g, g_inv
        perm_to = [perm_index[tuple(inv_perm[p[g_perm[j]]] for j in range(size))] for p in perms]
        plus = [turn_index[tuple((inv_turn[p[g_perm[j]]] + g_turn[j]) % k for j in range(size))]
                for p in perms]
        turned = [turn_index[tuple(t[g_perm[j]] for j in range(size))] for t in turns]
        tables.append((perm_to, plus, turned))

    def key(state: State) -> State:
        p, t = state
        best = state
        for perm_to, plus, turned in tables:
            a, w = turned[t], plus[p]
            image = (perm_to[p], add_high[a // split][w // split] * split
                     + add_low[a % split][w % split])
            if image < best:
                best = image
        return best
    return key


def _digit_sum(a: int, b: int, k: int, digits: int) -> int:
    """a + b digit by digit mod k, a and b base-k numbers of `digits` digits."""
    out, scale = 0, 1
    for _ in range(digits):
        out += (a % k + b % k) % k * scale
        a, b, scale = a // k, b // k, scale * k
    return out
