"""gdl: a declarative, rules-driven general game player.

The public face: `load` a game (a bundled name or a rules file), play it as a
`Position`, ask the AI (`ai_move`), `solve` it, count its moves (`perft`); the
errors are in `gdl.errors`, the Game protocol the solvers use in `gdl.protocol`.
See docs/api.md.

The names are imported when first used (PEP 562): `import gdl` imports nothing else, not
even `typing` (15 ms with `re` and `enum`), so that `python -m gdl`, which runs this file
before gdl/__main__.py can take over Ctrl-C, spends next to no time here (a press during
it would be Python's traceback; see gdl.interrupts).
"""

TYPE_CHECKING = False   # typing's constant, without importing typing (mypy reads it as True)

__version__ = "0.1.0"   # the one place the version is written (pyproject.toml reads it)

_WHERE = {
    "AIMove": "gdl.api", "ConstraintSolution": "gdl.api", "PerftResult": "gdl.api",
    "PuzzleSolution": "gdl.api", "SolveResult": "gdl.api", "ai_move": "gdl.api",
    "apply": "gdl.api", "load": "gdl.api", "perft": "gdl.api", "solve": "gdl.api",
    "Player": "gdl.player",
    "GdlError": "gdl.errors", "IllegalMove": "gdl.errors", "Position": "gdl.position",
    "Result": "gdl.position", "Game": "gdl.protocol", "Record": "gdl.records",
}

__all__ = ["AIMove", "ConstraintSolution", "Game", "GdlError", "IllegalMove", "PerftResult",
           "Player", "Position", "PuzzleSolution", "Record", "Result", "SolveResult", "__version__",
           "ai_move", "apply", "errors", "load", "load_record", "perft", "solve"]

if TYPE_CHECKING:
    from typing import Any

    from gdl import errors
    from gdl.api import (
        AIMove, ConstraintSolution, PerftResult, PuzzleSolution, SolveResult, ai_move, apply,
        load, perft, solve)
    from gdl.errors import GdlError, IllegalMove
    from gdl.player import Player
    from gdl.position import Position, Result
    from gdl.protocol import Game
    from gdl.records import Record, load as load_record


def __getattr__(name: str) -> "Any":
    import importlib
    if name == "errors":
        return importlib.import_module("gdl.errors")
    if name == "load_record":
        return importlib.import_module("gdl.records").load
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value   # the next lookup is a plain attribute
        return value
    raise AttributeError(f"module 'gdl' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
