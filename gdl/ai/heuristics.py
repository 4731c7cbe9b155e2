"""Evaluation derived from the rules, for games whose file gives no hints.

Four signals, each read off the IR, each in [-1, 1] for the player it scores:
- open lines: when a line of K wins, the K-cell windows no opponent piece
  blocks, weighted by the square of the player's pieces in them;
- material: when pieces can be taken (steps, jumps) or counts decide the end,
  the difference in piece counts, each kind weighted by its `value` hint, or without
  hints by its reach (a lone piece's moves over the board, `reach_values`), and a piece
  on its way to a promotion counted for part of what it will gain;
- advancement: when reaching a region wins, how close the player's pieces are
  to it (rows to go, squared, so a runner near the goal counts most);
- mobility: when a placement must outflank (Othello), the difference in the
  number of legal moves;
- confinement: when leaving the opponent no move wins (checkmate), in the endgame of the
  side far behind in material, how few moves that side has left (material's sign turns
  when losing every piece wins: antichess);
- counts: when a winning end compares a count variable summed over each player's cells
  (Kalah's seeds on each side), the difference of those sums, over only the cells whose
  count no move lowers when each player has some (Kalah's stores: what is banked there is
  kept, where the seeds in the pits may still change sides; core/banked.py);
- connection: when joining two sides wins (`connects`, Hex), how many empty cells each
  player still has to fill to join them (a shortest path: own cells free, enemy cells barred);
- gathering: when one group of all one's pieces wins (`connected`, lines of action), how
  many groups each player's pieces make and how far they lie from their centre (material
  is then left out: fewer pieces are easier to join).
- margin: when a player wins by comparing two counts of the board (Go's area against the
  other's plus komi), how far that comparison stands in the player's favour
  (ai/margin.py).
- territory: when every move slides a piece onto empty cells and moves fill cells for good
  (Amazons), the empty cells each side reaches in fewer moves than the other (ai/territory.py).
The heuristic is their mean, from each player's point of view.

A two-player signal carries its `spec`: its kind and the tables it reads, from which the
native back end writes the same signal in C (gdl/interpreter/c/evaluation.py); the heuristic
carries their tuple as `specs` (None for a signal without one).
"""

from __future__ import annotations

import collections
from collections.abc import Callable

from gdl.interpreter.core import ir
from gdl.interpreter.core.banked import banked_cells
from gdl.interpreter.core.geometry import bits, union
from gdl.ai.margin import margin_signal
from gdl.ai.territory import territory_signal
from gdl.ai.material import (  # noqa: F401  (features reads _material_signal)
    _confinement_signal, _gathering_goal, _material_signal, _squash, reach_values, with_spec)

Heuristic = Callable[[tuple], tuple[float, ...]]


def _line_signal(game: ir.GameIR, planes_of: list[list[int]]) -> Callable | None:
    lengths = {e.length for end in game.ends if end.outcome == "wins"
               for e in ir.walk(end.condition) if isinstance(e, ir.Line)}
    if not lengths or not game.geometry.cells:
        return None
    windows = game.geometry.runs(min(lengths))
    players = len(planes_of)
    if players == 2:
        return with_spec(_two_player_lines(windows, planes_of), "lines", windows)

    def signal(state: tuple) -> list[float]:
        masks = [_or(state, planes) for planes in planes_of]
        occupied = union(masks)
        scores = [0] * players
        for w in windows:
            held = w & occupied
            if not held:
                continue
            for p, mine in enumerate(masks):
                if held & mine == held:
                    n = (w & mine).bit_count()
                    scores[p] += n * n
                    break
        return [_squash(scores[p] - max(scores[q] for q in range(players) if q != p), 32.0)
                for p in range(players)]
    return signal


def _two_player_lines(windows: tuple[int, ...], planes_of: list[list[int]]) -> Callable:
    """The open-lines signal for two players, unrolled: it runs at every search leaf."""
    first, second = planes_of

    def signal(state: tuple) -> list[float]:
        x = _or(state, first)
        o = _or(state, second)
        score = 0
        for w in windows:
            a = x & w
            if a:
                if not o & w:
                    n = a.bit_count()
                    score += n * n
            elif o & w:
                n = (o & w).bit_count()
                score -= n * n
        v = _squash(score, 32.0)
        return [v, -v]
    return signal


def _advance_signal(game: ir.GameIR, planes_of: list[list[int]]) -> Callable | None:
    goals = [e for end in game.ends if end.outcome == "wins" for e in ir.walk(end.condition)
             if isinstance(e, ir.PerPlayer) and e.type == ir.CELLS]
    if not goals:
        return None
    geo = game.geometry
    goal = goals[0].values
    # rows_to_go[p][cell]: rows between the cell and player p's goal region.
    rows_to_go = []
    for p in range(len(planes_of)):
        goal_rows = {geo.xy(c)[1] for c in bits(goal[p])}
        rows_to_go.append({c: min(abs(geo.xy(c)[1] - r) for r in goal_rows) for c in geo.cells})
    far = max(geo.height - 1, 1)
    weight = [{c: (far - d) ** 2 for c, d in table.items()} for table in rows_to_go]

    def signal(state: tuple) -> list[float]:
        scores = [sum(weight[p][c] for c in bits(_or(state, planes)))
                  for p, planes in enumerate(planes_of)]
        return [_squash(scores[p] - max(s for q, s in enumerate(scores) if q != p), far * far * 2.0)
                for p in range(len(scores))]
    return with_spec(signal, "advance", weight, far * far * 2.0)


def _or(values, indices) -> int:
    out = 0
    for i in indices:
        out |= values[i]
    return out


def _mobility_signal(game: ir.GameIR, moves: Callable | None) -> Callable | None:
    """When placements must outflank (Othello), how many moves each side has matters more
    than how many pieces: (mine - theirs) / (mine + theirs + 1), counting both sides' moves."""
    uses_flank = any(isinstance(e, ir.Flank) for r in game.rules if isinstance(r, ir.PlaceRule)
                     for e in ir.walk(r.where))
    if moves is None or not uses_flank or len(game.players) != 2:
        return None

    def signal(state: tuple) -> list[float]:
        counts = [len(moves(state[:-2] + (p, 0))) for p in (0, 1)]
        v = (counts[0] - counts[1]) / (counts[0] + counts[1] + 1)
        return [v, -v]
    return with_spec(signal, "mobility")


def _connection_goal(end: ir.EndRule) -> tuple[int, int, int] | None:
    """(player, A, B) when `end` is `PLAYER wins if connects(PLAYER, A, B)` with constant A, B."""
    c = end.condition
    if end.outcome != "wins" or not (isinstance(c, ir.Op) and c.op == "bool"):
        return None
    touch = c.args[0]
    if not (isinstance(touch, ir.Op) and touch.op == "and" and isinstance(touch.args[0], ir.Reach)):
        return None
    reach, b = touch.args[0], touch.args[1]
    start, x = reach.start, reach.within
    if not (isinstance(x, ir.Pieces) and isinstance(x.owner, int) and x.kind is None
            and x.owner == end.who
            and isinstance(start, ir.Op) and start.op == "and" and start.args[0] == x
            and isinstance(start.args[1], ir.Const) and isinstance(b, ir.Const)):
        return None
    return x.owner, start.args[1].value, b.value


def _connection_signal(game: ir.GameIR, planes_of: list[list[int]]) -> Callable | None:
    goals = {g[0]: g[1:] for g in map(_connection_goal, game.ends) if g is not None}
    if len(planes_of) != 2 or set(goals) != {0, 1}:
        return None
    geo = game.geometry
    links = {c: [n for step in geo.adjacent if (n := geo.neighbour(c, *step)) is not None]
             for c in geo.cells}

    def distance(mine: int, theirs: int, a: int, b: int) -> int:
        """Empty cells to fill to join a to b: a 0-1 breadth-first search (own cells cost 0,
        empty ones 1, enemy ones bar the way); len(cells) when there is no way."""
        best: dict[int, int] = {}
        todo: collections.deque[tuple[int, int]] = collections.deque()
        for c in bits(a & ~theirs):
            if mine >> c & 1:
                todo.appendleft((0, c))
            else:
                todo.append((1, c))
        while todo:
            d, c = todo.popleft()
            if best.get(c, len(links)) <= d:
                continue
            best[c] = d
            if b >> c & 1:   # the nearest first: a 0-cost step goes to the front
                return d
            for n in links[c]:
                if not theirs >> n & 1:
                    if mine >> n & 1:
                        todo.appendleft((d, n))
                    else:
                        todo.append((d + 1, n))
        return len(links)

    def signal(state: tuple) -> list[float]:
        masks = [_or(state, planes) for planes in planes_of]
        d = [distance(masks[p], masks[1 - p], *goals[p]) for p in (0, 1)]
        v = _squash(d[1] - d[0], 4.0)
        return [v, -v]
    return with_spec(signal, "connection", links, goals)


def _gathering_signal(game: ir.GameIR, planes_of: list[list[int]]) -> Callable | None:
    if not _gathering_goal(game) or len(planes_of) != 2:
        return None
    geo = game.geometry
    near = [0] * (geo.height * geo.stride + 1)   # per cell: its linked cells
    for c in geo.cells:
        near[c] = union(1 << n for step in geo.adjacent
                        if (n := geo.neighbour(c, *step)) is not None)
    where = {c: geo.xy(c) for c in geo.cells}

    def spread(mine: int) -> float:
        """Groups beyond the first, plus the mean distance (in king steps) to the centre."""
        cells = bits(mine)
        if not cells:
            return 0.0
        groups, rest = 0, mine
        while rest:
            group = frontier = rest & -rest
            while frontier:
                grown = 0
                for c in bits(frontier):
                    grown |= near[c]
                frontier = grown & rest & ~group
                group |= frontier
            rest &= ~group
            groups += 1
        cx = sum(where[c][0] for c in cells) / len(cells)
        cy = sum(where[c][1] for c in cells) / len(cells)
        far = sum(max(abs(where[c][0] - cx), abs(where[c][1] - cy)) for c in cells)
        return groups - 1 + far / len(cells)

    def signal(state: tuple) -> list[float]:
        d = [spread(_or(state, planes)) for planes in planes_of]
        v = _squash(d[1] - d[0], 2.0)
        return [v, -v]
    return with_spec(signal, "gathering", tuple(near), where)


def _counts_signal(game: ir.GameIR) -> Callable | None:
    """When a winning end compares a count variable summed over each player's own cells
    (Kalah's `seeds[side] > seeds[not side]`), the difference of those sums; over the banked
    cells alone (counts no move lowers) when every player has some."""
    found = next((e for end in game.ends if end.outcome == "wins"
                  for e in ir.walk(end.condition)
                  if isinstance(e, ir.CountAt) and isinstance(e.cells, ir.PerPlayer)), None)
    if found is None or not isinstance(found.cells, ir.PerPlayer):
        return None
    at = len(game.initial_planes) + found.var.index   # the count variable in the state
    kept = banked_cells(game, found.var.index)
    masks = found.cells.values
    if all(mask & kept for mask in masks):
        masks = tuple(mask & kept for mask in masks)
    cells = [tuple(bits(mask)) for mask in masks]
    scale = max(1, sum(game.variables[found.var.index].initial)) / 4

    def signal(state: tuple) -> list[float]:
        counts = state[at]
        held = [sum(counts[c] for c in mine) for mine in cells]
        return [_squash(held[p] - max(h for q, h in enumerate(held) if q != p), scale)
                for p in range(len(held))]
    return with_spec(signal, "counts", found.var.index, cells, scale)


def derive(game: ir.GameIR, moves: Callable | None = None,
           margin: Callable | None = None, attacked: Callable | None = None) -> Heuristic | None:
    """A heuristic for `game` (one value per player in [-1, 1]), or None when no signal applies.
    `moves(state)` (the compiled move generator) enables the mobility signal, `margin(state)`
    (the compiled margin, see heuristics_margin) the margin signal, `attacked(state, cells)`
    (the compiled `attacked` test) the royal piece's safety (gdl.ai.royal)."""
    players = len(game.players)
    if players < 2:
        return None
    kinds = len(game.pieces)
    planes_of = [[p * kinds + k for k in range(kinds)] for p in range(players)]
    values = reach_values(game, moves) if moves is not None and game.initial_planes else None
    candidates = (_line_signal(game, planes_of),
                  _material_signal(game, planes_of, values, promise=True, moves=moves,
                                   attacked=attacked),
                  _advance_signal(game, planes_of), _mobility_signal(game, moves),
                  _confinement_signal(game, planes_of, moves, values),
                  _connection_signal(game, planes_of),
                  _gathering_signal(game, planes_of)) if game.initial_planes else ()
    signals = [s for s in (*candidates, _counts_signal(game), margin_signal(game, margin),
                           territory_signal(game)) if s is not None]
    if not signals:
        return None

    def heuristic(state: tuple) -> tuple[float, ...]:
        totals = [0.0] * players
        for signal in signals:
            for p, v in enumerate(signal(state)):
                totals[p] += v
        return tuple(t / len(signals) for t in totals)
    heuristic.specs = tuple(getattr(s, "spec", None) for s in signals)  # type: ignore[attr-defined]
    return heuristic
