"""`python -m gdl ...` and the `gdl` command's entry point.

A Ctrl-C at any moment of the command (the imports included) prints one line and exits
130, never a traceback. `python -m gdl` runs gdl/__init__.py first, which imports nothing
(see there); `run` then catches a press during the (slow) imports, takes Ctrl-C over with
gdl.interrupts before the command starts, and ignores it once the command has returned,
while Python shuts down. (A press during Python's own start, before this file runs, is
Python's: it is out of gdl's reach.)
"""

import os
import sys

EXIT_INTERRUPTED = 130   # as gdl.interrupts, which this file must not import before `run`


def run() -> None:
    """The `gdl` command: exit with the status of `gdl.cli.main.main`."""
    try:
        try:
            status = _command()
        finally:
            # Also when a press interrupted _command: a second one, while the line below
            # is written, must not raise again outside this try.
            _ignore_ctrl_c()
    except KeyboardInterrupt:   # during the imports, or while argparse read the arguments
        sys.stderr.write("gdl: interrupted\n")
        status = EXIT_INTERRUPTED
    if status == EXIT_INTERRUPTED:
        _exit_now(status)
    sys.exit(status)


def _exit_now(status: int) -> None:
    """Exit with `status` at once. Not sys.exit: under `python -m`, CPython (3.11) remembers
    a KeyboardInterrupt that went through an exec of a text (namedtuple and dataclasses
    build their classes so while a module loads) and, caught or not, ends the process by
    SIGINT instead of with the status. Nothing is left to wait for: the command has
    returned (its files closed; a background build is a process of its own, in its own
    session) or has not started."""
    import contextlib
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):   # a closed pipe: nothing to say there
            stream.flush()
    os._exit(status)


def _command() -> int:
    from gdl import interrupts
    interrupts.install()   # first, before the slow imports: the two-press protocol
    import traceback
    # --debug tracebacks: Python's own printer reads source files from disk and so
    # shows no line of the generated code; traceback's reads linecache, where
    # compile_source registers that code.
    sys.excepthook = traceback.print_exception
    from gdl.cli.main import main
    return main()   # main handles Ctrl-C in a command, not while parsing arguments


def _ignore_ctrl_c() -> None:
    """The command is over (or interrupted): a press from now on must not kill Python's
    shut-down by a signal or a KeyboardInterrupt."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    run()
