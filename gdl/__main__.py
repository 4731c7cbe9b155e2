"""`python -m gdl ...` and the `gdl` command's entry point.

Ctrl-C is taken over before the (slow) imports, so an early press prints one line and
exits 130 instead of showing a traceback (see gdl.interrupts).
"""

import sys


def run() -> None:
    """The `gdl` command: exit with the status of `gdl.cli.main.main`."""
    try:
        from gdl import interrupts
        interrupts.install()
        import traceback
        # --debug tracebacks: Python's own printer reads source files from disk and so
        # shows no line of the generated code; traceback's reads linecache, where
        # compile_source registers that code.
        sys.excepthook = traceback.print_exception
        from gdl.cli.main import main
        status = main()   # main handles Ctrl-C in a command, not while parsing arguments
    except KeyboardInterrupt:
        sys.stderr.write("gdl: interrupted\n")
        sys.exit(130)
    interrupts.ignore()   # a late press while Python shuts down must not kill it by signal
    sys.exit(status)


if __name__ == "__main__":
    run()
