"""The rules language's syntax tree: frozen attrs classes, each with its source position.

Past `gdl.grammar` nothing sees a `lark.Tree`; the checker and the compiler see
these classes. Identifiers are `Ident`s so that an error can point at the exact
word; every node's `pos` is where it starts. The nodes live in modules by topic
(expressions, effects, moves, statements, puzzles, grids); this package names them
all, so `from gdl.grammar import ast; ast.Place` reads the same everywhere.
"""

from __future__ import annotations

from gdl.grammar.ast.expressions import (
    Apply, ApplyOf, Binary, Dir, Expr, Ident, Index, ListExpr, Name, Neighbour, Number, Unary,
    Vector)
from gdl.grammar.ast.effects import (
    Add, Again, Assign, Carry, CycleCells, Effect, Fill, Flip, Group, Guarded, Promote, Reflect,
    Remove, Rotate, Sow, Swap, Toggle)
from gdl.grammar.ast.moves import (
    Action, BoardMove, Choose, Drop, EveryMove, Jump, MoveLaws, Notation, Param, ParamMove, Pass,
    Place, Repeat, Ride, Select, Stage, Step)
from gdl.grammar.ast.statements import (
    Board, Counts, Define, Direction, End, Hands, Header, Illegal, Links, Neutral, Option,
    PieceValue, Pieces, Players, Prefer, Priority, Quantity, Region, Rules, Setup, StateVar,
    Statement, Symmetry, Track, Wrap, Zones)
from gdl.grammar.ast.puzzles import (
    Cycle, CycleMove, Inverse, Orientation, PermState, PuzzleGoal, PuzzleStart, PuzzleStatement,
    SlideMove, StackMove, Stacks, Target, Tiles)
from gdl.grammar.ast.grids import (
    AllDifferentRule, Area, ArithmeticRule, CageRule, Comparison, ConstraintStatement, CountRule,
    Givens, GridVars, NoValueRule, RequireRule, RunsRule, SumRule, VisibleRule)
# direction variables: `any d in ...`, `for d in ...` (an effect, a move), `step ... as d`
from gdl.grammar.ast.expressions import DirectionQuantifier
from gdl.grammar.ast.effects import ForEffect
from gdl.grammar.ast.moves import ForMove, TravelAs
# chance (issue 31): `roll d = die 6`, `chance d = {...}`, the effect `roll d`
from gdl.grammar.ast.chance import Chance, Opening, Outcome, Roll, rolled

__all__ = [
    "Action", "Add", "Again", "AllDifferentRule", "Apply", "ApplyOf", "Area", "ArithmeticRule",
    "Assign", "Binary", "Board", "BoardMove", "CageRule", "Carry", "Choose", "Comparison",
    "ConstraintStatement", "CountRule", "Counts", "Cycle", "CycleCells", "CycleMove", "Define",
    "Dir",
    "Direction", "Drop", "Effect", "End", "EveryMove", "Expr", "Fill", "Flip", "Givens", "GridVars",
    "Group", "Guarded", "Hands", "Header", "Ident", "Illegal", "Index", "Inverse", "Jump", "Links",
    "ListExpr", "MoveLaws", "Name", "Neighbour", "Neutral", "NoValueRule", "Notation", "Number",
    "Option",
    "Orientation", "Param", "ParamMove", "Pass", "PermState", "PieceValue", "Pieces", "Place",
    "Players", "Prefer", "Priority", "Promote", "PuzzleGoal", "PuzzleStart", "PuzzleStatement",
    "Quantity",
    "Reflect", "Region", "Remove", "Repeat", "RequireRule", "Ride", "Rotate", "Rules", "RunsRule",
    "Select", "Setup", "SlideMove", "Sow", "StackMove", "Stacks", "Stage", "StateVar", "Statement",
    "Step", "SumRule", "Swap", "Symmetry", "Target", "Tiles", "Toggle", "Track", "Unary", "Vector",
    "VisibleRule", "Wrap", "Zones"]
__all__ += ["DirectionQuantifier", "ForEffect", "ForMove", "TravelAs"]
__all__ += ["Chance", "Opening", "Outcome", "Roll", "rolled"]
