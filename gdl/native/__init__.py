"""The native back end: the checked core IR compiled to C, built with the system compiler
and loaded with ctypes (docs/native.md).

    emit_expr, emit_moves, emit_game   IR -> C source (expressions, moves, the rest)
    build                              compiler, cache, loading
    game                               NativeGame: the Game protocol over the library
    backend                            --backend auto|native|python
"""

from gdl.native.backend import BACKENDS, with_backend
from gdl.native.support import Unsupported

__all__ = ["BACKENDS", "Unsupported", "with_backend"]
