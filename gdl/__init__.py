"""gdl: a declarative, rules-driven general game player.

The public face: `load` a game (a bundled name or a rules file), play it as a
`Position`, ask the AI (`ai_move`), `solve` it, count its moves (`perft`); the
errors are in `gdl.errors`, the Game protocol the solvers use in `gdl.protocol`.
See docs/api.md.
"""

__version__ = "0.1.0"   # the one place the version is written (pyproject.toml reads it)

from gdl import errors  # noqa: E402  (the version is read by setuptools without importing)
from gdl.api import (  # noqa: E402
    AIMove, ConstraintSolution, PerftResult, PuzzleSolution, SolveResult, ai_move, apply,
    load, perft, solve)
from gdl.errors import GdlError, IllegalMove  # noqa: E402
from gdl.position import Position, Result  # noqa: E402
from gdl.protocol import Game  # noqa: E402
from gdl.records import Record, load as load_record  # noqa: E402

__all__ = ["AIMove", "ConstraintSolution", "Game", "GdlError", "IllegalMove", "PerftResult",
           "Position", "PuzzleSolution", "Record", "Result", "SolveResult", "__version__",
           "ai_move", "apply", "errors", "load", "load_record", "perft", "solve"]
