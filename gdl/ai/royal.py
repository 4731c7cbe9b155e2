"""King safety, for games whose rules make a kind royal (the legality filter holds `attacked
own KIND`), read off the rules and counted in the material signal's
units (a piece of the cheapest kind is worth 1 there):

- shelter: the player's pieces of the cheapest kind (pawns) on the cells next to its royal
  piece, up to SHELTER_CAP of them, each worth SHELTER;
- attack: the cells next to the royal piece, none holding an enemy piece, that the enemy
  attacks (the game's own `attacked` test, compiled for the filter already), n of them
  costing ATTACK x n^2: one attacked cell is a nuisance, four a mating net;
- walk: the rows between the royal piece and the rows it started on, each costing WALK.

Each is scaled by the enemy's share of its starting heavy material (its pieces worth more
than the cheapest kind, the royal ones left out): a king walking out is lost while the
queens are on, and wanted in the endgame. The Python reference here and the C written from
its spec (interpreter/c/evaluation.py) compute the same numbers in the same order.
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.core.search_traits import royal_kinds

SHELTER = 0.12      # a pawn next to the royal piece, against the enemy's whole heavy material
SHELTER_CAP = 3     # more than three shelter no better
ATTACK = 0.06       # times the square of the attacked cells next to the royal piece
WALK = 0.3          # a row out of the royal piece's start rows

Spec = tuple


def royal_spec(game: ir.GameIR, weights: tuple[int, ...]) -> Spec | None:
    """The tables of the king-safety term: (royal kind, cells next to each cell, rows out
    per player and cell, the cheapest kinds, the heavy kinds, each player's heavy material
    at the start, the weights SHELTER, SHELTER_CAP, ATTACK, WALK); None without exactly
    one royal kind, two players, a royal piece of each at the start and heavy material to
    weigh it by."""
    royal = royal_kinds(game)
    if len(royal) != 1 or len(game.players) != 2:
        return None
    king, kinds, geo = royal[0], len(game.pieces), game.geometry
    others = [k for k in range(kinds) if k != king and k not in game.neutral and weights[k]]
    if not others:
        return None
    cheapest = min(weights[k] for k in others)
    pawns = tuple(k for k in others if weights[k] == cheapest)
    heavy = tuple(k for k in others if weights[k] > cheapest)
    start = tuple(sum(game.initial_planes[p * kinds + k].bit_count() * weights[k]
                      for k in heavy) for p in (0, 1))
    homes = [{geo.xy(c)[1] for c in bits(game.initial_planes[p * kinds + king])}
             for p in (0, 1)]
    if not all(start) or not all(homes):
        return None
    size = geo.height * geo.stride + 1
    near = [0] * size
    rows = [[0] * size, [0] * size]
    for c in geo.cells:
        for dx, dy in geo.directions.values():
            n = geo.neighbour(c, dx, dy)
            if n is not None:
                near[c] |= 1 << n
        for p in (0, 1):
            rows[p][c] = min(abs(geo.xy(c)[1] - y) for y in homes[p])
    return (king, tuple(near), (tuple(rows[0]), tuple(rows[1])), pawns, heavy, start,
            (SHELTER, SHELTER_CAP, ATTACK, WALK))


def royal_safety(game: ir.GameIR, spec: Spec, attacked: Callable) -> Callable:
    """safety(state) -> [player 0's, player 1's] king safety, by `spec` (royal_spec);
    `attacked(state, cells)` is the compiled game's test (the state's mover the owner)."""
    king, near, rows, pawns, heavy, start, (shelter_each, cap, attack, walk) = spec
    kinds = len(game.pieces)

    def one(state: tuple, p: int, weights: tuple[int, ...]) -> float:
        royal = state[p * kinds + king]
        if not royal:
            return 0.0
        r = (royal & -royal).bit_length() - 1
        enemy = 1 - p
        held = sum(state[enemy * kinds + k].bit_count() * weights[k] for k in heavy)
        phase = min(1.0, held / start[enemy])
        if phase <= 0.0:
            return 0.0
        zone = near[r]
        shelter = sum((state[p * kinds + k] & zone).bit_count() for k in pawns)
        theirs = 0
        for k in range(kinds):
            theirs |= state[enemy * kinds + k]
        mover = state[:-2] + (p, 0)
        hit = sum(1 for c in bits(zone & ~theirs) if attacked(mover, 1 << c))
        return phase * (shelter_each * min(shelter, cap) - attack * (hit * hit)
                        - walk * rows[p][r])

    def safety(state: tuple, weights: tuple[int, ...]) -> list[float]:
        return [one(state, 0, weights), one(state, 1, weights)]
    return safety
