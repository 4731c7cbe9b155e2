"""The core IR of a whole game: `GameIR` and the declarations it holds (zone families,
state variables, symmetries, conserved and monotone quantities)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from gdl.interpreter.core.geometry import Geometry
from gdl.interpreter.core.ir.expressions import Expr
from gdl.interpreter.core.ir.rules import EndRule, Rule


@attrs.frozen
class ZoneFamily:
    """Blocks of width x height cells tiling the board; blocks[i] is block i + 1."""
    name: str
    width: int
    height: int
    blocks: tuple[int, ...]


@attrs.frozen
class Variable:
    name: str
    initial: Any
    type: str
    per_player: bool = False   # a list with one number per player (a colour swap exchanges them)


@attrs.frozen
class Symmetry:
    """A map of positions onto positions that the rules are declared to keep.

    Each cell c goes to `perm[c]` (a permutation of the layout's bit indices; cells
    off the playable set stay put). With `swap` (two-player games only) players 0
    and 1 also exchange their pieces, the turn and the result. `kinds`, when not empty,
    renames piece kinds for every owner: kind k's pieces become kind `kinds[k]`'s (plane
    `p * K + k` goes to `p * K + kinds[k]`, and so do the hands' counts). `pos` is where
    the rules file declares it (None for the identity and for composed elements)."""
    name: str
    perm: tuple[int, ...]
    swap: bool = False
    kinds: tuple[int, ...] = ()
    pos: Any = attrs.field(default=None, eq=False)


@attrs.frozen
class Quantity:
    """`conserved: EXPR` or `monotone: EXPR never increases|decreases`.

    The expression is read from each player's view in turn (own, enemy, mover and
    per-player regions meaning that player's) when `per_player`, else once; the
    declaration says no move changes any of these values (kind "conserved") or
    moves one the wrong way (kind "monotone", direction "nonincreasing" or
    "nondecreasing")."""
    text: str
    kind: str
    direction: str | None
    expr: Expr
    per_player: bool
    pos: Any = attrs.field(default=None, eq=False)


@attrs.frozen
class Preference:
    """`prefer: most EXPR`: of the legal moves, only those whose measure (a number read of
    each move on the position before it: `Taken` is its captured cells) is greatest stay
    legal (`most` False: smallest). Applied to each class of `priority`, after it."""
    most: bool
    measure: Expr


@attrs.frozen
class Chance:
    """A chance stage (issue 31): the chance player's move, rule `rule` (a `ParamRule`, one
    parameter per die, legal only when the state variable `GameIR.pending` holds this
    stage's number, its index + 1), stores its outcome in variable `variable`; the rules
    read it there. `outcomes` maps each outcome (the rule's parameters: one value, or one a
    die) to its probability, an exact fraction; they sum to 1."""
    name: str
    variable: int
    rule: int
    outcomes: tuple[tuple[tuple[int, ...], Fraction], ...]
    every_turn: bool = False   # drawn at the start of every turn (`roll d = ...`)
    bag: int | None = None     # `bag NAME`: outcome i weighs element i of this list
                               # variable on the position (`outcomes` then lists 1..len,
                               # alike; the rule is legal only where the weight is above 0)


@attrs.frozen
class GameIR:
    name: str
    title: str
    kind: str
    players: tuple[str, ...]
    pieces: tuple[str, ...]
    geometry: Geometry
    initial_planes: tuple[int, ...]     # plane p * len(pieces) + k: player p's pieces of kind k
    variables: tuple[Variable, ...]
    rules: tuple[Rule, ...]
    priority: tuple[int, ...]           # indices of rules whose moves, when any exist, are the
                                        # only legal ones
    ends: tuple[EndRule, ...]
    symmetries: tuple[Symmetry, ...]    # the group canonical() uses, identity first
    piece_values: tuple[int, ...]                         # material weight per kind (hints;
                                                          # default 1)
    zones: tuple[ZoneFamily, ...]
    options: tuple[tuple[str, Any], ...]                  # the values this game was built with
    declared_symmetries: tuple[Symmetry, ...] = ()        # as the file states them, in order
    quantities: tuple[Quantity, ...] = ()                 # conserved and monotone declarations
    plies: int | None = None                              # the state variable counting moves,
                                                          # if used
    history: int | None = None                            # the state variable of positions
                                                          # seen, if used
    streaks: tuple[Expr, ...] = ()                        # the conditions `streak` counts
    streak: int | None = None                             # their counts' variable:
                                                          # [slot * players + player]
    illegal: Expr | None = None                           # the legality filter, on the
                                                          # position after a move
    rule_bits: int = 4                                    # bits of a board move's rule field
    neutral: tuple[int, ...] = ()                         # kinds no player owns: their owner
                                                          # is len(players)
    tracks: tuple[tuple[int, ...], ...] = ()              # cells in a cyclic order, by track
    hand: int | None = None                               # the variable of the hands:
                                                          # [player * kinds + kind]
    returns_as: tuple[int, ...] = ()                      # the kind a taken piece joins a hand as
    move_laws: tuple[str, ...] = ()                       # "commutes", "undoes itself"
    heuristic: Quantity | None = None                     # `heuristic: EXPR`, a lower bound on
                                                          # the moves to a win (one player)
    prefer: Preference | None = None                      # `prefer: most EXPR`
    notation: str | None = None                           # `notation chess`: a standard
                                                          # family its moves are also read in
    after: tuple[Any, ...] = ()                           # effects on variables every move runs
                                                          # last, on the position it left
    chances: tuple[Chance, ...] = ()                      # the chance stages (issue 31)
    pending: int | None = None                            # the variable naming the chance stage
                                                          # due (0: a player moves)
    simultaneous: bool = False                            # rounds of parts, one per player, that
                                                          # make one joint move (check/simultaneous)

    @property
    def stage_slots(self) -> int:
        """The most further stages of any rule: each takes two cell fields of a board move."""
        return max((len(getattr(r, "more", ())) for r in self.rules), default=0)
