"""Eye-keeping playouts, read off the rules (no game named): where a placement takes the
enemy groups left without an empty neighbour (capture by surround: `remove enemy and not
alive enemy`), a random playout that fills its own eyes kills its own groups, and its
result says nothing of life and death. Go programs' playouts therefore never place into
their own single-point eye, and pass only when nothing else is left.

`eye_rule(game)` finds such a game: two players, a placement onto empty cells whose
effects remove the enemy pieces that do not reach (through enemy pieces) a cell adjacent
to an empty one. It gives, per cell of the board, the neighbours along the board's links
and the diagonal cells (those outside the neighbours sharing two of the cell's
neighbours: a square board's diagonals). A cell is the mover's eye when every neighbour
holds the mover's piece and, as GNU Go's and Fuego's playouts judge a "true" eye, fewer
than `false_at` of its diagonals hold the opponent's (1 on the edge, 2 inside): an eye two
enemy diagonals make false may still have to be filled to connect, so it is not kept.

A playout move (the C MCTS's rollouts, interpreter/c/playout_eyes.py; Python's MCTS,
solvers/search/mcts.py) is then drawn uniformly from the legal moves that are neither
the pass nor a placement into the mover's eye; when none is, the pass (or, in a game with
no pass, any legal move). `keep_eyes` is that filter, on Python's moves. The modes:
BY_NEIGHBOURS (an eye by its neighbours alone), TRUE_EYES (the diagonals too: the
playouts' default, PLAYOUT_EYES), ATARI_FIRST (true eyes, and among the kept moves those
on the single liberty of a group, either side's, first: capture and escape; measured
weaker than TRUE_EYES in self-play, docs/ai.md, so not the default).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

import attrs

from gdl.interpreter.core import ir
from gdl.interpreter.core.geometry import bits
from gdl.interpreter.core.ir import within_empty

# the modes: eyes by their neighbours alone; true eyes; true eyes, and the atari points first
BY_NEIGHBOURS, TRUE_EYES, ATARI_FIRST = 1, 2, 3
PLAYOUT_EYES = TRUE_EYES          # the playouts' mode where a game has the rule


@attrs.frozen
class EyeRule:
    """What a playout needs to keep its eyes (see the module doc)."""
    places: tuple[int, ...]        # board numbers of the placements that capture by surround
    passes: tuple[int, ...]        # board numbers of the pass rules
    neighbours: tuple[int, ...]    # per layout bit: the mask of its neighbours (0 off board)
    diagonals: tuple[int, ...]     # per layout bit: the mask of its diagonal cells
    false_at: tuple[int, ...]      # per layout bit: enemy diagonals that make an eye false
    cell_bits: int                 # a board move's cell is its low cell_bits bits
    rule_shift: int                # ... and its rule number (rule_mask) sits at rule_shift
    rule_mask: int
    board: int                     # the board's cells


def _frees_by_surround(cells: ir.Expr) -> bool:
    """Whether `cells` holds `not reach(enemy and adjacent empty, enemy)`: the enemy pieces
    that reach no liberty."""
    for node in ir.walk(cells):
        if isinstance(node, ir.Op) and node.op == "not" and len(node.args) == 1:
            inner = node.args[0]
            if isinstance(inner, ir.Reach) and _is_enemy(inner.within) and \
                    any(isinstance(n, ir.Adjacent) and isinstance(n.cells, ir.Empty)
                        for n in ir.walk(inner.start)):
                return True
    return False


def _is_enemy(e: ir.Expr) -> bool:
    return isinstance(e, ir.Pieces) and e.owner == ir.OPPONENT


def _captures_by_surround(rule: ir.Rule) -> bool:
    if not isinstance(rule, ir.PlaceRule) or not within_empty(rule.where):
        return False
    return any(isinstance(n, ir.Remove) and _frees_by_surround(n.cells)
               for effect in rule.effects for n in ir.walk(effect))


def eye_rule(game: ir.GameIR) -> EyeRule | None:
    """The eye-keeping rule of a game that captures by surround, else None."""
    if not isinstance(game, ir.GameIR) or len(game.players) != 2 or game.chances:
        return None
    board_rules = [r for r in game.rules if not isinstance(r, ir.ParamRule)]
    places = tuple(i for i, r in enumerate(board_rules) if _captures_by_surround(r))
    if not places:
        return None
    passes = tuple(i for i, r in enumerate(board_rules) if isinstance(r, ir.PassRule))
    geo = game.geometry
    neighbours = geo.adjacent_masks
    size = len(neighbours)
    most = max(bin(m).count("1") for m in neighbours)
    diagonals = [0] * size
    for c in geo.cells:
        near = neighbours[c]
        for n in bits(near):
            for d in bits(neighbours[n]):
                if d != c and not near >> d & 1 and \
                        bin(neighbours[d] & near).count("1") >= 2:
                    diagonals[c] |= 1 << d
    false_at = [1 if bin(m).count("1") < most else 2 for m in neighbours]
    S = geo.size_bits
    return EyeRule(places, passes, neighbours, tuple(diagonals), tuple(false_at),
                   S, 2 * S, (1 << game.rule_bits) - 1, geo.playable)


def is_eye(rule: EyeRule, own: int, enemy: int, cell: int, mode: int = PLAYOUT_EYES) -> bool:
    """Whether `cell` is an eye of the player whose pieces are `own` (masks of the layout)."""
    near = rule.neighbours[cell]
    if not near or near & ~own:
        return False
    return mode < TRUE_EYES or bin(rule.diagonals[cell] & enemy).count("1") < rule.false_at[cell]


def _adjacent(rule: EyeRule, cells: int) -> int:
    out = 0
    for c in bits(cells):
        out |= rule.neighbours[c]
    return out


def single_liberties(rule: EyeRule, stones: int, empty: int) -> int:
    """The cells that are the one liberty of a group of `stones`."""
    out, left = 0, stones
    while left:
        group = left & -left
        while True:
            grown = group | _adjacent(rule, group) & stones
            if grown == group:
                break
            group = grown
        left &= ~group
        liberties = _adjacent(rule, group) & empty
        if liberties and not liberties & (liberties - 1):
            out |= liberties
    return out


def keep_eyes(rule: EyeRule, own: int, enemy: int, moves: Sequence[Any],
              mode: int = PLAYOUT_EYES) -> list[Any]:
    """The moves a playout draws from (see the module doc), in their order."""
    if not mode:
        return list(moves)
    passes, kept, urgent = [], [], []
    atari = 0
    if mode >= ATARI_FIRST:
        empty = rule.board & ~(own | enemy)
        atari = single_liberties(rule, own, empty) | single_liberties(rule, enemy, empty)
    for m in moves:
        tag = m >> rule.rule_shift & rule.rule_mask if isinstance(m, int) else -1
        cell = m & ((1 << rule.cell_bits) - 1) if isinstance(m, int) else 0
        if tag in rule.passes:
            passes.append(m)
        elif not (tag in rule.places and is_eye(rule, own, enemy, cell, mode)):
            kept.append(m)
            if tag in rule.places and atari >> cell & 1:
                urgent.append(m)
    return urgent or kept or passes or list(moves)


def sides(state: tuple, kinds: int, player: int) -> tuple[int, int]:
    """The pieces of `player` and of the other (a state of two players' planes, `kinds`
    planes each: Python's back end)."""
    own = enemy = 0
    for k in range(kinds):
        own |= state[player * kinds + k]
        enemy |= state[(1 - player) * kinds + k]
    return own, enemy
