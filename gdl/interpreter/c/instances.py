"""One copy of a game's library per thread, so that threads never share its state.

A generated library keeps its working state in C statics: the move lists of a listing,
the memo of `has_moves`, the positions seen, the tables of a search. Two threads in one
copy would write each other's lists (issue 28's red team: 32 wrong plies in 3,800 on 4
chess threads; tests/interpreter/c/test_native_threads.py failed within 3 games). Thread-
local statics (`__thread`) cost Othello's perft 15-30% and Go's playouts 15% (each function
then asks glibc for its thread's block), so instead each thread loads a copy of its own:
the first thread to ask maps the cached file itself, every other a private copy (dlopen
maps one file once per process, whatever the name it is asked by), unlinked once loaded.
Each file is checked against its seal before it is mapped (build.checked), and a path
mapped before whose file was rebuilt since is mapped anew under a name of its own.
The statics are then as fast as plain ones, and a call on one thread is whole.

A NativeGame keeps one `Binding` per thread: its copy, and the ctypes buffers a call
fills (the state and move words), so one game object may be used from several threads.
"""

from __future__ import annotations

import ctypes
import itertools
import os
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

from gdl.interpreter.c import build

_LOCK = threading.Lock()
_OPENED: set[str] = set()   # the paths this process has mapped a library from
_FIRST: dict[tuple, int] = {}   # (path, SHA-256, inode) -> the thread that mapped the file
_LOADED: dict[tuple, Any] = {}   # (path, SHA-256, inode, thread) -> its copy of the library
_ALIASES = itertools.count()


def load_checked(path: Path, source: str) -> Any | None:
    """The current thread's copy of the library at `path`, once its bytes are those its
    seal records for the source hash `source` (else None, the entry deleted: build.checked)."""
    seal = build.checked(path, source)
    if seal is None:
        return None
    me = threading.get_ident()
    file = (str(path), seal.sha256, seal.inode)
    with _LOCK:
        lib = _LOADED.get((*file, me))
        if lib is not None:
            return lib
        first = _FIRST.setdefault(file, me) == me
        again = str(path) in _OPENED
        _OPENED.add(str(path))
    if not first:
        lib = private_copy(path)
    elif again:
        lib = _load_anew(path)
    else:
        lib = build.load(path)
    with _LOCK:
        return _LOADED.setdefault((*file, me), lib)


def _load_anew(path: Path) -> Any:
    """The library at a path mapped before, by a name of its own: given the path, the loader
    would return the one it mapped then, and the file was rebuilt since (the old one damaged)."""
    alias = path.with_name(f"{path.stem}.{os.getpid()}.{next(_ALIASES)}.so")
    try:
        os.link(path, alias)
    except OSError:   # no hard links here: a copy of its own
        return private_copy(path)
    try:
        return build.load(alias)
    finally:
        alias.unlink()


def private_copy(path: Path) -> Any:
    """The library loaded from a copy of its file (its own statics), the copy then unlinked
    (the mapping stays)."""
    handle, name = tempfile.mkstemp(prefix="gdl-thread-", suffix=".so")
    os.close(handle)
    try:
        shutil.copyfile(path, name)
        return build.load(Path(name))
    finally:
        os.unlink(name)


class Binding:
    """What one thread calls a NativeGame's library with: its copy and its buffers."""

    def __init__(self, lib: Any, max_moves: int, move_words: int, state_words: int,
                 generation: int):
        self.lib = lib
        self.generation = generation   # the NativeGame's library it is a copy of
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
