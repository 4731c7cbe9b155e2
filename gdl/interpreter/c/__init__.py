"""The native back end: the checked core IR compiled to C, built with the system compiler
and loaded with ctypes (docs/native.md).

    emit_expr, emit_regions, emit_counted   IR -> C: expressions, lines and zones, counted
    emit_attacks, emit_lists, emit_moves    slides; `attacked`, lists and hands, moves;
    emit_effects, emit_history, emit_entry  effects, the positions seen, entry points;
    emit_game                               the state update and the whole source
    build                                   compiler, cache, loading
    game, history                           NativeGame: the Game protocol over the library;
                                            the positions seen across the boundary
    backend                                 --backend auto|native|python
"""

from gdl.interpreter.c.backend import BACKENDS, with_backend
from gdl.interpreter.c.support import Unsupported

__all__ = ["BACKENDS", "Unsupported", "with_backend"]
