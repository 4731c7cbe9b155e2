"""`--backend auto|native|python`: the game a command runs on.

`native` and `auto` build the C library of a compiled game; a game with a construct the
C generator has no code for runs on Python, with one line on stderr naming it. Without
a C compiler, `auto` falls back to Python with one line, and `native` is an error.
"""

from __future__ import annotations

import weakref
from typing import Any

from gdl.errors import GdlError
from gdl.interpreter.c.support import Unsupported, notice

BACKENDS = ("auto", "native", "python")


def with_backend(game: Any, backend: str | None = None) -> Any:
    """`game` on the chosen back end (None: `auto`, the default of the commands and of
    gdl.load, its loops falling back without a word so that what they print stays the
    same on every machine; the AI still searches in C there, and says once why when it
    cannot: gdl.solvers.search.native_alphabeta).

    `python`: the game itself. `auto`: a NativeGame whose loops (perft, random playouts)
    run in C once first asked for, per-call moves staying Python's (faster across the
    boundary, see docs/native.md); a refusal is one line, then Python. `native`: built
    now, and `legal_moves`/`apply` through C as well.

    Raises:
        GdlError: an unknown back end; `native` without a C compiler.
    """
    quiet = backend is None
    backend = backend or "auto"
    if backend not in BACKENDS:
        raise GdlError(f"unknown back end {backend!r}: choose one of {', '.join(BACKENDS)}")
    switch = getattr(game, "on_backend", None)   # a game with its own C path (KIF)
    if switch is not None:
        return switch(backend)
    if backend == "python" or getattr(game, "backend", None) == "native":
        return game
    from gdl.interpreter.python.compiled import CompiledGame
    if not isinstance(game, CompiledGame) or not hasattr(game, "ir"):   # puzzles, constraints
        if backend == "native":
            notice(f"{game.name} runs on Python: the native back end compiles board games only")
        return game
    from gdl.interpreter.c import build
    from gdl.interpreter.c.game import NativeGame   # (NativeSimultaneous for joint moves)
    if backend == "auto":
        return NativeGame(game, per_call=False, eager=False, quiet=quiet)
    try:
        return NativeGame(game, per_call=True)
    except Unsupported as err:
        notice(f"{game.name} runs on Python: the native back end has no code yet for {err}")
        return game
    except build.NoCompiler as err:
        raise GdlError(f"--backend native: {err}") from None


_SEARCHING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def for_search(game: Any) -> Any:
    """The game an AI searches: `game` on `auto` (its search in C where it can, saying once
    why not), the same object for every call on one game, so its library is loaded once.
    A game already on a back end is itself."""
    if getattr(game, "backend", None) == "native":
        return game
    try:
        found = _SEARCHING.get(game)
        if found is None:
            found = _SEARCHING[game] = with_backend(game)
    except TypeError:   # not weakly referable: a fresh one
        return with_backend(game)
    return found
