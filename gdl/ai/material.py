"""The derived evaluation's material signals (see `heuristics`): piece values from the rules,
material (whose sign turns when losing every piece wins), promotion's promise, and the
confinement of a side left far behind when leaving a player no move wins (checkmate)."""

from __future__ import annotations

from collections.abc import Callable

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits
from gdl.ai.royal import royal_safety, royal_spec


def _squash(score: float, scale: float) -> float:
    return score / (abs(score) + scale)


def with_spec(signal: Callable, *spec: object) -> Callable:
    """`signal` carrying its spec (kind, tables): what the C evaluation is written from."""
    signal.spec = spec  # type: ignore[attr-defined]
    return signal


def _gathering_goal(game: ir.GameIR) -> bool:
    """Whether some end rule wins when a player's pieces are one group (`connected own`)."""
    return any(end.outcome == "wins" and isinstance(e, ir.Connected)
               and isinstance(e.cells, ir.Pieces) and e.cells.kind is None
               for end in game.ends for e in ir.walk(end.condition))


# On an empty board a long-range piece reaches far more than on a crowded one, where its
# lines are cut short: its reach is taken to this power (chess: pawn 1, knight 3, king 3,
# bishop 4, rook 6, queen 8, where the plain ratio gave 1, 4, 5, 6, 10, 17 and let the
# search give pawns away as if a piece were worth six of them)
REACH_POWER = 0.75


def reach_values(game: ir.GameIR, moves: Callable) -> tuple[int, ...] | None:
    """Piece values derived from the rules, for a game that declares none (`value`) and
    has several kinds: the first player's legal moves of one piece of the kind alone on the
    board, summed over the cells (so a queen outweighs a rook, a knight, a pawn; a shogi
    piece gains by its promotion), over the least mobile kind's that moves, to the power
    REACH_POWER. None when values are declared, or when a lone piece gives the rules no
    moves at all."""
    kinds = len(game.pieces)
    if kinds < 2 or any(v != 1 for v in game.piece_values) or not material_counts(game):
        return None
    reach = []
    rest = (*(v.initial for v in game.variables), 0, 0)
    for kind in range(kinds):
        total = 0
        if kind in game.neutral:   # no player's material
            reach.append(0)
            continue
        for cell in game.geometry.cells:
            planes = [0] * len(game.initial_planes)
            planes[kind] = 1 << cell
            try:
                total += len(moves((*planes, *rest)))
            except (ArithmeticError, LookupError, TypeError, ValueError):
                return None   # rules that do not expect a lone piece: no values derived
        reach.append(total)
    least = min((r for r in reach if r), default=0)
    if not least:
        return None
    return tuple(max(1, round((r / least) ** REACH_POWER)) for r in reach)


PROMISE = 0.25   # a piece one row from its promotion holds this share of the gain, about


def promotion_tables(game: ir.GameIR, weights: tuple[int, ...]) -> dict[int, tuple[float, ...]]:
    """Per piece plane (player p's kind k), per cell: the material a piece there promises
    by promotion, when a rule of kind k promotes it to a kind worth more in a zone:
    PROMISE times the gain times the fourth power of its closeness, (far - rows to go) / far
    (the square made every far push worth as much as a piece's development)."""
    geo, kinds = game.geometry, len(game.pieces)
    far = max(geo.height - 1, 1)
    gains: dict[tuple[int, int], tuple[int, int]] = {}   # (player, kind) -> (gain, zone)
    for rule in game.rules:
        if not isinstance(rule, ir.StepRule) or rule.kind is None:
            continue
        for effect in rule.effects:
            if isinstance(effect, ir.Promote) and weights[effect.kind] > weights[rule.kind]:
                gain = weights[effect.kind] - weights[rule.kind]
                for p in range(len(game.players)):
                    zone = effect.where
                    mask = zone.values[p] if isinstance(zone, ir.PerPlayer) else \
                        zone.value if isinstance(zone, ir.Const) else 0
                    if mask and gain > gains.get((p, rule.kind), (0, 0))[0]:
                        gains[(p, rule.kind)] = (gain, mask)
    tables = {}
    for (p, kind), (gain, mask) in gains.items():
        rows = {geo.xy(c)[1] for c in bits(mask)}
        table = [0.0] * (geo.height * geo.stride + 1)
        for c in geo.cells:
            closeness = (far - min(abs(geo.xy(c)[1] - r) for r in rows)) / far
            table[c] = PROMISE * gain * closeness ** 4
        tables[p * kinds + kind] = tuple(table)
    return tables


def material_counts(game: ir.GameIR) -> bool:
    """Whether material is a signal: pieces can be taken (steps, jumps) or the end rules
    count them, and one does not win by gathering one's pieces (lines of action)."""
    if _gathering_goal(game):
        return False   # taking pieces helps the side that loses them to join up
    captures = any(isinstance(r, ir.JumpRule)
                   or (isinstance(r, ir.StepRule) and not ir.within_empty(r.to))
                   for r in game.rules)
    counted = any(isinstance(e, ir.Op) and e.op == "count"
                  for end in game.ends for e in ir.walk(end.condition))
    # (an empty start counts when the end rules count: morris, boxes)
    return (captures or counted) and (any(game.initial_planes) or counted)


PLACE = 0.15   # the share of its value a piece gains where it reaches twice its mean


def placement_tables(game: ir.GameIR, weights: tuple[int, ...], moves: Callable,
                     skip: set[int]) -> dict[int, tuple[float, ...]]:
    """Per piece plane (player p's kind k, not royal, not neutral, none in `skip`), per
    cell: PLACE times the kind's value times how far the moves of a lone piece there stand
    above the kind's mean over the board, relative to that mean. A knight in the centre,
    a bishop on a long diagonal, a rook on an open board reach more: the general form of
    an engine's piece-square tables, read off the rules ({} when a lone piece has no
    moves the rules expect)."""
    from gdl.interpreter.core.search_traits import royal_kinds
    geo, kinds = game.geometry, len(game.pieces)
    royal = set(royal_kinds(game)) | set(game.neutral)
    tables = {}
    for p in range(len(game.players)):
        rest = (*(v.initial for v in game.variables), p, 0)
        for kind in range(kinds):
            plane = p * kinds + kind
            if kind in royal or plane in skip or not weights[kind]:
                continue
            reach = {}
            for cell in geo.cells:
                planes = [0] * len(game.initial_planes)
                planes[plane] = 1 << cell
                try:
                    reach[cell] = len(moves((*planes, *rest)))
                except (ArithmeticError, LookupError, TypeError, ValueError):
                    return {}
            mean = sum(reach.values()) / max(1, len(reach))
            if not mean or len(set(reach.values())) < 2:
                continue
            table = [0.0] * (geo.height * geo.stride + 1)
            for cell, r in reach.items():
                table[cell] = PLACE * weights[kind] * (r - mean) / mean
            tables[plane] = tuple(table)
    return tables


def _material_signal(game: ir.GameIR, planes_of: list[list[int]],
                     values: tuple[int, ...] | None = None,
                     promise: bool = False, moves: Callable | None = None,
                     attacked: Callable | None = None) -> Callable | None:
    """Material; with `promise`, promotion's promise (promotion_tables) and, given the move
    generator `moves`, where the other pieces stand (placement_tables), where losing every
    piece does not win; given the game's `attacked` test too, the royal piece's safety
    (gdl.ai.royal)."""
    if not material_counts(game):
        return None
    kinds = len(game.pieces)
    weights = values or game.piece_values

    def material(state: tuple, planes: list[int]) -> float:
        return sum(state[i].bit_count() * weights[i % kinds] for i in planes)

    start = max(1, max(material(game.initial_planes, planes) for planes in planes_of))
    tables = promotion_tables(game, weights) if promise else {}
    if promise and moves is not None and not _bare_wins(game):
        tables.update(placement_tables(game, weights, moves, set(tables)))
    if tables:   # the promise of pieces on their way to promotion counts as material
        plain = material

        def material(state: tuple, planes: list[int]) -> float:
            return plain(state, planes) + sum(tables[i][c] for i in planes if i in tables
                                              for c in bits(state[i]))
    sign = -1 if _bare_wins(game) else 1   # losing every piece wins (antichess): fewer is better
    royal = royal_spec(game, weights) if promise and moves is not None and attacked is not None \
        and sign > 0 and len(planes_of) == 2 else None
    safety = royal_safety(game, royal, attacked) \
        if royal is not None and attacked is not None else None

    def signal(state: tuple) -> list[float]:
        counts = [material(state, planes) for planes in planes_of]
        if safety is not None:
            counts = [c + s for c, s in zip(counts, safety(state, weights))]
        return [sign * _squash(counts[p] - max(c for q, c in enumerate(counts) if q != p), start)
                for p in range(len(counts))]
    if len(planes_of) != 2:
        return signal
    return with_spec(signal, "material", tuple(weights), tables, sign, start, royal)


def _bare_wins(game: ir.GameIR) -> bool:
    """Whether a player left with no piece wins: `opponent wins if no enemy` (antichess)."""
    return any(end.outcome == "wins" and end.who == ir.OPPONENT and isinstance(e, ir.Op)
               and e.op == "no" and e.args == (ir.Pieces(ir.OPPONENT, None),)
               for end in game.ends for e in ir.walk(end.condition))


def _stalemating_win(game: ir.GameIR) -> bool:
    """Whether the mover wins when the next player has no move (`mover wins if ... and not
    moves`: checkmate, or any game where a player who cannot move loses)."""
    def needs(e: ir.Expr) -> bool:
        if isinstance(e, ir.Op) and e.op == "and":
            return any(needs(a) for a in e.args)
        return (isinstance(e, ir.Op) and e.op == "not" and len(e.args) == 1
                and isinstance(e.args[0], ir.HasMoves) and e.args[0].who == ir.OPPONENT)

    def blocked(e: ir.Expr) -> bool:   # the mover stuck too: neither can move (Othello's end)
        return any(isinstance(n, ir.HasMoves) and n.who == ir.MOVER for n in ir.walk(e))
    return any(end.outcome == "wins" and end.who == ir.MOVER and needs(end.condition)
               and not blocked(end.condition) for end in game.ends)


ENDGAME = 4   # the confinement signal counts once the loser's material is a quarter of its start


def _confinement_signal(game: ir.GameIR, planes_of: list[list[int]], moves: Callable | None,
                        values: tuple[int, ...] | None = None) -> Callable | None:
    """When leaving the opponent no move wins (checkmate) and pieces can be taken: in the
    endgame of a player far behind in material, how few moves that player has. Material
    alone cannot tell a mating net from a shuffle; the opponent's moves can (the king
    driven to the edge, the net closing). Counted only where it matters (the side behind
    has a quarter of its starting material or less), so the search pays for the move
    generation only there."""
    if moves is None or len(planes_of) != 2 or not _stalemating_win(game):
        return None
    if _material_signal(game, planes_of) is None:
        return None
    weights, kinds = values or game.piece_values, len(game.pieces)

    def material(state: tuple, planes: list[int]) -> int:
        return sum(state[i].bit_count() * weights[i % kinds] for i in planes)

    start = [material(game.initial_planes, planes) for planes in planes_of]

    def signal(state: tuple) -> list[float]:
        held = [material(state, planes) for planes in planes_of]
        for loser in (0, 1):
            if held[loser] * ENDGAME <= start[loser] and held[1 - loser] > held[loser]:
                count = len(moves(state[:-2] + (loser, 0)))
                v = 0.25 * (1.0 - count / (count + 8.0))   # most when the loser cannot move
                return [v, -v] if loser == 1 else [-v, v]
        return [0.0, 0.0]
    return with_spec(signal, "confinement", tuple(weights), tuple(start))


