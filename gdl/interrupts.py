"""Ctrl-C for the `gdl` command: the first press stops the running search (it returns its
best move so far) and asks the command to stop after the current move, with what it has
so far; a second press exits at once, status 130. Never a traceback.

`install()` is called first thing by the process entry point (`gdl.__main__.run`), so a
press during the imports is handled too. Library calls (tests calling `cli.main`) keep
Python's own handler: `requested()` is then always False.
"""

from __future__ import annotations

import os
import signal

EXIT_INTERRUPTED = 130
LAST_NOTE = b"\ngdl: interrupted\n"

_requested = False


def install() -> None:
    """Make SIGINT follow the two-press protocol above (main thread only)."""
    signal.signal(signal.SIGINT, _on_sigint)


def ignore() -> None:
    """Ignore SIGINT from now on (the command has finished and is exiting)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def requested() -> bool:
    """Whether Ctrl-C was pressed once: the command should stop at the next move."""
    return _requested


def _on_sigint(signum: int, frame: object) -> None:
    global _requested
    if _requested:
        # os.write, not print: the main thread may be inside a print on the same stream.
        os.write(2, LAST_NOTE)
        os._exit(EXIT_INTERRUPTED)
    _requested = True   # silent: the command says how it stopped
    raise KeyboardInterrupt   # the searches catch it and return their best move
