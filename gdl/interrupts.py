"""Ctrl-C for the `gdl` command: the first press stops the running search (it returns its
best move so far) and asks the command to stop after the current move, with what it has
so far; a second press exits at once, status 130. Never a traceback.

`install()` is called first thing by the process entry point (`gdl.__main__.run`), so a
press during the imports is handled too. Library calls (tests calling `cli.main`) keep
Python's own handler: `requested()` is then always False.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator

EXIT_INTERRUPTED = 130
LAST_NOTE = b"\ngdl: interrupted\n"

_requested = False
_polled = False   # inside `polled()`: the first press only sets the flag
_deferring = False   # inside `deferred()`: the first press is only noted
_noted = False


def install() -> None:
    """Make SIGINT follow the two-press protocol above (main thread only)."""
    signal.signal(signal.SIGINT, _on_sigint)


def ignore() -> None:
    """Ignore SIGINT from now on (the command has finished and is exiting)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def requested() -> bool:
    """Whether Ctrl-C was pressed once: the command should stop at the next move."""
    return _requested


@contextlib.contextmanager
def polled() -> Iterator[None]:
    """In the block the first press only sets `requested()`, for a search that reads it
    where it reads its clock (the puzzle searches' `Budget.over`): it then stops as at a
    limit, with what it has and its node count. Only code that polls belongs inside."""
    global _polled
    outer, _polled = _polled, True
    try:
        yield
    finally:
        _polled = outer


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """In the block the first press is only noted (`pressed()`), not `requested()`: the
    searches inside run to their budgets, so that what they find does not depend on when
    Ctrl-C came (self-play: the games under way finish as they would have). The block
    reads `pressed()` between its units of work."""
    global _deferring
    outer, _deferring = _deferring, True
    try:
        yield
    finally:
        _deferring = outer


def pressed() -> bool:
    """Whether Ctrl-C was pressed once, inside `deferred()` or not."""
    return _requested or _noted


def _on_sigint(signum: int, frame: object) -> None:
    global _requested, _noted
    if _requested or _noted:
        # os.write, not print: the main thread may be inside a print on the same stream.
        os.write(2, LAST_NOTE)
        os._exit(EXIT_INTERRUPTED)
    if _deferring:
        _noted = True
        return
    _requested = True   # silent: the command says how it stopped
    if not _polled:
        raise KeyboardInterrupt   # the searches catch it and return their best move
