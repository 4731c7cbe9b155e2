"""The territory signal: when every move slides a piece over empty cells onto an empty one and
moves fill cells for good (Amazons' queen move and arrow: nothing is ever taken or emptied),
the board shrinks until a side cannot move, and what decides is room. Each empty cell belongs
to the side that reaches it in fewer moves (a move: one slide of a piece of that side along
its directions, over empty cells); the signal is the difference of the two sides' cells,
squashed at an eighth of the board. Mobility counts the moves of the next ply only; this
counts where each side can still go ("queen distance" in the Amazons programs' terms).
"""

from __future__ import annotations

from collections.abc import Callable

from gdl.ai.material import _squash, with_spec
from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits, union

FAR = 1 << 20   # a cell a side cannot reach


def sliders(game: ir.GameIR) -> dict[int, tuple] | None:
    """{kind: its slide directions per player} when the rules are of the territory family
    (see the module doc), else None."""
    actions = ir.board_actions(game.rules)
    if len(game.players) != 2 or not actions:
        return None
    found: dict[int, tuple] = {}
    fills = False
    for rule in actions:
        if not (isinstance(rule, ir.StepRule) and rule.slide and ir.within_empty(rule.to)
                and rule.distance is None and rule.screens is None):
            return None
        effects = list(ir.leaf_effects(rule.effects))
        if any(not isinstance(e, ir.Add) for e in effects):
            return None
        fills = fills or bool(effects)
        if rule.kind is not None:
            found[rule.kind] = rule.directions
    return found if fills and found else None


def territory_signal(game: ir.GameIR) -> Callable | None:
    """The signal (first player's view and the second's), or None outside the family."""
    moving = sliders(game)
    if moving is None:
        return None
    geo, kinds = game.geometry, len(game.pieces)
    steps = sorted({d for per_player in moving.values() for dirs in per_player for d in dirs})
    # per cell, the next cell along each step (-1: none), flat: cell * len(steps) + i
    nexts = [geo.next_cells(dx, dy) for dx, dy in steps]
    ray = [table[c] for c in range(max(geo.cells) + 1) for table in nexts]
    # per player, the planes of its sliding pieces and the steps (indices) each may take
    movers = [[(p * kinds + k, tuple(steps.index(d) for d in dirs[p]))
               for k, dirs in sorted(moving.items())] for p in (0, 1)]
    planes = len(game.initial_planes)
    scale = max(1, geo.playable.bit_count()) / 8

    def distances(empty: int, movers_p: list, state: tuple) -> dict[int, int]:
        reached, level, frontier = {}, 0, []
        for plane, ways in movers_p:
            frontier += [(c, ways) for c in bits(state[plane])]
        while frontier:
            level += 1
            grown = []
            for c, ways in frontier:
                for i in ways:
                    n = ray[c * len(steps) + i]
                    while n >= 0 and empty >> n & 1:
                        if n not in reached:
                            reached[n] = level
                            grown.append((n, ways))
                        n = ray[n * len(steps) + i]
            frontier = grown
        return reached

    def signal(state: tuple) -> list[float]:
        empty = geo.playable & ~union(state[:planes])
        d0, d1 = (distances(empty, movers[p], state) for p in (0, 1))
        lead = sum(1 for c in d0 if d0[c] < d1.get(c, FAR)) - \
            sum(1 for c in d1 if d1[c] < d0.get(c, FAR))
        v = _squash(lead, scale)
        return [v, -v]
    return with_spec(signal, "territory", tuple(ray), len(steps), tuple(movers), scale)
