"""A position's feature vector, derived from the rules: what `gdl train` fits weights to.

Every feature is a number in [-1, 1] from the first player's point of view (the second
player's view is its negation), so one weight vector serves both sides:
- the derived evaluation's signals, each on its own (see `heuristics`): open lines,
  material, advancement to a goal region, connection;
- the runner: how near each side's most advanced piece is to its goal region;
- material per piece kind, when pieces can be taken and there are several kinds;
- mobility: the difference in the number of legal moves of the two sides;
- where the pieces stand: the difference in pieces on corners, next to corners, and on
  each ring of cells counted in from the edge (the board's shape, not the game, decides
  these cells: Othello's corners, Connect Four's centre, a Hex board's middle);
- to move: +1 when the first player is to move, -1 otherwise (the tempo).
Each feature carries its `spec` (kind, tables) and `features` their tuple, `specs`, from
which the native back end writes them in C (gdl/interpreter/c/evaluation.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gdl.ai import heuristics
from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits

Feature = Callable[[tuple], float]
RINGS = 3   # rings counted in from the edge; deeper cells count as the last ring


def _first(signal: Callable[[tuple], list[float]]) -> Feature:
    return _spec(lambda state: signal(state)[0], "signal", getattr(signal, "spec", None))


def _spec(feature: Feature, *spec: object) -> Feature:
    """`feature` carrying its spec (kind, tables), as the signals do (heuristics.with_spec)."""
    feature.spec = spec  # type: ignore[attr-defined]
    return feature


def _signal_features(game: ir.GameIR, planes_of: list[list[int]]) -> list[tuple[str, Feature]]:
    built = [("lines", heuristics._line_signal(game, planes_of)),
             ("material", heuristics._material_signal(game, planes_of)),
             ("advance", heuristics._advance_signal(game, planes_of)),
             ("connection", heuristics._connection_signal(game, planes_of))]
    return [(name, _first(s)) for name, s in built if s is not None]


def _runner_feature(game: ir.GameIR, planes_of: list[list[int]]) -> list[tuple[str, Feature]]:
    """When reaching a region wins: the rows the most advanced piece of each side still has
    to go (the side whose runner is nearer scores), over the board's height."""
    goals = [e for end in game.ends if end.outcome == "wins" for e in ir.walk(end.condition)
             if isinstance(e, ir.PerPlayer) and e.type == ir.CELLS]
    if not goals:
        return []
    geo, goal = game.geometry, goals[0].values
    # to_go[p]: (rows to go, cell mask) from the nearest rows out, for player p
    to_go = []
    for p in range(2):
        goal_rows = {geo.xy(c)[1] for c in bits(goal[p])}
        by_distance: dict[int, int] = {}
        for c in geo.cells:
            d = min(abs(geo.xy(c)[1] - r) for r in goal_rows)
            by_distance[d] = by_distance.get(d, 0) | 1 << c
        to_go.append(sorted(by_distance.items()))
    far = max(geo.height - 1, 1)

    def nearest(state: tuple, p: int) -> int:
        mine = 0
        for i in planes_of[p]:
            mine |= state[i]
        for d, mask in to_go[p]:
            if mine & mask:
                return d
        return far

    return [("runner", _spec(lambda s: (nearest(s, 1) - nearest(s, 0)) / far, "runner",
                             to_go, far))]


def _kind_features(game: ir.GameIR, planes_of: list[list[int]]) -> list[tuple[str, Feature]]:
    kinds = len(game.pieces)
    takes = any(isinstance(r, ir.JumpRule)
                or (isinstance(r, ir.StepRule) and not ir.within_empty(r.to))
                for r in game.rules)
    if kinds < 2 or not takes:
        return []
    scale = max(1, sum(game.initial_planes[i].bit_count() for i in planes_of[0]))

    def feature(k: int) -> Feature:
        mine, theirs = planes_of[0][k], planes_of[1][k]
        return _spec(lambda s: (s[mine].bit_count() - s[theirs].bit_count()) / scale, "kind",
                     mine, theirs, scale)
    return [(f"material:{name}", feature(k)) for k, name in enumerate(game.pieces)]


def _mobility_feature(game, moves: Callable) -> list[tuple[str, Feature]]:
    def count(state: tuple, player: int) -> int:
        return len(moves(state[:-2] + (player, 0)))

    if not _counts_differ(game, count):
        return []   # both sides always have as many moves (placements on any empty cell)

    def mobility(state: tuple) -> float:
        a, b = count(state, 0), count(state, 1)
        return (a - b) / (a + b + 1)
    return [("mobility", _spec(mobility, "mobility"))]


def _counts_differ(game, count: Callable[[tuple, int], int], plies: int = 40) -> bool:
    """Whether, along a seeded random game, the two sides ever have different numbers of
    moves; False too when the generator cannot be asked for the side not to move."""
    rng = random.Random(0)
    state = game.initial_state()
    try:
        for _ in range(plies):
            if game.is_terminal(state):
                break
            if count(state, 0) != count(state, 1):
                return True
            state = game.apply(state, rng.choice(list(game.legal_moves(state))))
    except Exception:   # the rules need more than the board and the player to move
        return False
    return False


def cell_classes(geo) -> list[tuple[str, int]]:
    """(name, mask) of the board's corners, the cells next to them, and its rings."""
    cells = list(geo.cells)
    if not cells:
        return []
    xs = [geo.xy(c)[0] for c in cells]
    ys = [geo.xy(c)[1] for c in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    corners = [c for c in cells if geo.xy(c)[0] in (x0, x1) and geo.xy(c)[1] in (y0, y1)]
    corner_xy = [geo.xy(c) for c in corners]
    classes: dict[str, int] = {}
    for c in cells:
        x, y = geo.xy(c)
        if c in corners:
            name = "corner"
        elif any(max(abs(x - a), abs(y - b)) == 1 for a, b in corner_xy):
            name = "by corner"
        else:
            name = f"ring {min(x - x0, x1 - x, y - y0, y1 - y, RINGS - 1)}"
        classes[name] = classes.get(name, 0) | 1 << c
    return sorted(classes.items())


def _placement_features(game: ir.GameIR, planes_of: list[list[int]]) -> list[tuple[str, Feature]]:
    def feature(mask: int) -> Feature:
        first, second, size = planes_of[0], planes_of[1], mask.bit_count()

        def count(state: tuple) -> float:
            a = b = 0
            for i in first:
                a += (state[i] & mask).bit_count()
            for i in second:
                b += (state[i] & mask).bit_count()
            return (a - b) / size
        return _spec(count, "cells", mask, size)
    return [(f"cells:{name}", feature(mask)) for name, mask in cell_classes(game.geometry)]


def derive_features(compiled) -> tuple[tuple[str, ...], Callable[[tuple], list[float]]] | None:
    """(names, features) of a compiled two-player board game, else None; `features(state)`
    is the list of values in the order of `names`."""
    game: ir.GameIR = compiled.ir
    if len(game.players) != 2 or not game.geometry.cells or not game.initial_planes:
        return None
    kinds = len(game.pieces)
    planes_of = [[p * kinds + k for k in range(kinds)] for p in range(2)]
    named = (_signal_features(game, planes_of) + _runner_feature(game, planes_of)
             + _kind_features(game, planes_of)
             + _mobility_feature(compiled, compiled.move_generator)
             + _placement_features(game, planes_of))
    named.append(("to move", _spec(lambda state: 1.0 if state[-2] == 0 else -1.0, "to move")))
    names = tuple(n for n, _ in named)
    functions = tuple(f for _, f in named)

    def features(state: tuple) -> list[float]:
        return [f(state) for f in functions]
    features.specs = tuple(f.spec for f in functions)  # type: ignore[attr-defined]
    return names, features

