"""The AI's part of a compiled game: the evaluation derived from its rules, attached where the
searches look for it.

The compiler knows nothing of evaluations. `equip` derives one from the game's IR
(gdl.ai.heuristics) and sets `heuristic` on the game, the optional capability the
searches read (gdl.solvers.search.evaluation), and `evaluation_specs`, which the C back
end compiles into the library's evaluation (gdl.interpreter.c.game). The loaders
(`gdl.catalog`) equip every game they compile.
"""

from __future__ import annotations

import functools
from typing import Any

from gdl.ai.fitted import features_of
from gdl.ai.heuristics import derive


def evaluation_specs(game: Any) -> tuple[Any, Any]:
    """(the derived heuristic's signal specs, the feature specs) of a compiled game, each
    None when it has none (see gdl.ai.heuristics and features)."""
    derived = getattr(getattr(game, "heuristic", None), "specs", None)
    found = features_of(game)
    return derived, None if found is None else getattr(found[1], "specs", None)


def equip(game: Any) -> Any:
    """`game` with its derived evaluation, when its rules give one (a game compiled to code:
    a board, pieces, ends to read); puzzles on their own engines and constraint grids are
    returned as they are."""
    if not hasattr(game, "move_generator") or hasattr(game, "evaluation_specs"):
        return game
    heuristic = derive(game.ir, game.move_generator, game.margin_value,
                       getattr(game, "attacked", None))
    if heuristic is not None:
        game.heuristic = heuristic
    game.evaluation_specs = functools.partial(evaluation_specs, game)
    return game
