"""The core IR: what the checker produces and the code generator consumes.

Every name is resolved (players and piece kinds are numbers, directions are
(dx, dy) offsets per player, options and regions are folded to constants) and
every expression is typed. High-level sugar lowers into these few nodes; the
back end knows nothing else. The nodes live in `expressions`, `effects`, `rules`
and `game`; this package re-exports them all, so `ir.GameIR` and `ir.Op` read as before.
"""

from __future__ import annotations

from gdl.interpreter.core.ir.effects import (
    Add, Again, Assign, Carry, CycleCells, Effect, Fill, Flip, Group, Guard, Promote, Reflect,
    Remove, Rotate, SetCount, Sow, Swap, Toggle, leaf_effects)
from gdl.interpreter.core.ir.expressions import (
    ANY, Adjacent, Attacked, Axis, BOOL, CELLS, COUNTS, Captured, Connected, Const, CountAt,
    CountsWhere, Empty, Expr, Flank, Full, HISTORY, HasMoves, Here, INT, InHand, LIST, Line,
    LinesHolding, MOVER, OPPONENT, Offsets, Op, Origin, Owner, Param, PerPlayer, Pieces, Plies,
    Reach, Relative, Repeated, Shift, Slot, Streak, Taken, Var, Zone, walk, within_empty)
from gdl.interpreter.core.ir.fingerprint import fingerprint
from gdl.interpreter.core.ir.game import (
    Chance, GameIR, Preference, Quantity, Symmetry, Variable, ZoneFamily)
from gdl.interpreter.core.ir.rules import (
    BoardRule, ChooseRule, DropRule, EndRule, JumpRule, ParamRule, PassRule, PlaceRule, Rule,
    SelectRule, Stage, StepRule, board_actions, guard_levels, shortest_circuit)

__all__ = ["board_actions", "guard_levels", "leaf_effects", "shortest_circuit",
           "ANY", "Add", "Adjacent", "Again", "Assign", "Attacked", "Axis", "BOOL", "BoardRule",
           "CELLS", "COUNTS", "Captured", "Chance", "Carry", "ChooseRule", "Connected", "Const",
           "CountAt",
           "CountsWhere", "CycleCells", "DropRule", "Effect", "Empty", "EndRule", "Expr", "Fill",
           "Flank", "Flip", "Full", "GameIR", "Group", "Guard", "HISTORY", "HasMoves", "Here",
           "INT", "InHand", "JumpRule", "LIST", "Line", "LinesHolding", "MOVER", "OPPONENT",
           "Offsets", "Op", "Origin", "Owner", "Param", "ParamRule", "PassRule", "PerPlayer",
           "Pieces", "PlaceRule", "Plies", "Preference", "Promote", "Quantity", "Reach",
           "Reflect", "Relative", "Remove", "Repeated", "Rotate", "Rule", "SelectRule",
           "SetCount", "Shift", "Slot", "Sow", "Stage", "StepRule", "Streak", "Swap",
           "Symmetry", "Taken", "Toggle", "Var", "Variable", "Zone", "ZoneFamily",
           "fingerprint", "walk",
           "within_empty"]
