"""One copy of a game's library per thread, so that threads never share its state.

A generated library keeps its working state in C statics: the move lists of a listing,
the memo of `has_moves`, the positions seen, the tables of a search. Two threads in one
copy would write each other's lists (4 threads on chess: 32 wrong plies in 3,800). Thread-
local statics (`__thread`) cost Othello's perft 20% and Go's playouts 15% (each function
then asks glibc for its thread's block), so instead each thread loads a copy of its own:
the first thread to ask takes the cached file itself, every other a private copy (dlopen
maps one file once per process, whatever the name it is asked by), unlinked once loaded.
The statics are then as fast as plain ones, and a call on one thread is whole.

A NativeGame keeps one `Binding` per thread: its copy, and the ctypes buffers a call
fills (the state and move words), so one game object may be used from several threads.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

_LOCK = threading.Lock()
_FIRST: dict[str, int] = {}   # library path -> the thread that loaded the file itself
_LOADED: dict[tuple[str, int], Any] = {}   # (path, thread) -> its copy of the library


def library(path: Path, load: Callable[[Path], Any]) -> Any:
    """The current thread's copy of the library at `path` (loaded by `load` once a thread)."""
    me = threading.get_ident()
    key = (str(path), me)
    with _LOCK:
        lib = _LOADED.get(key)
        if lib is not None:
            return lib
        first = _FIRST.setdefault(str(path), me) == me
    lib = load(path) if first else _private_copy(path, load)
    with _LOCK:
        return _LOADED.setdefault(key, lib)


def _private_copy(path: Path, load: Callable[[Path], Any]) -> Any:
    """The library loaded from a copy of its file (its own statics), the copy then unlinked
    (the mapping stays)."""
    handle, name = tempfile.mkstemp(prefix="gdl-thread-", suffix=".so")
    os.close(handle)
    try:
        shutil.copyfile(path, name)
        return load(Path(name))
    finally:
        os.unlink(name)


class Binding:
    """What one thread calls a NativeGame's library with: its copy and its buffers."""

    def __init__(self, lib: Any, max_moves: int, move_words: int, state_words: int):
        self.lib = lib
        self.moves = (ctypes.c_uint64 * (max_moves * move_words + 1))()
        self.state = (ctypes.c_uint64 * state_words)()
        self.seen_start = 0   # the sightings of the state packed last with its history
        self.seen: Any = None   # the table of positions seen (history.SeenTable)


def forget() -> None:
    """Load every library anew on its next use, as a new process would (the tests' and
    the benchmark's first load); the ones mapped stay mapped."""
    with _LOCK:
        _FIRST.clear()
        _LOADED.clear()
