"""The `gdl` command: parses arguments, calls the library, prints.

    gdl list                          bundled games
    gdl check GAME                    parse, check and compile a game, test its declared
                                      invariants on random games; a summary
    gdl invariants GAME               the verified invariants (--json: docs/invariants.md)
    gdl perft GAME DEPTH              count move sequences (a move generator's test)
    gdl play GAME                     play in the terminal
    gdl solve GAME                    exact value and best move (games); a solution (constraints)
                                      an optimal solution or --enumerate (puzzles)
    gdl match GAME                    AI against AI (or random, or ...), many games, seeded
    gdl bench GAME                    random playouts/s, alpha-beta nodes/s
    gdl openspiel GAME                register as a pyspiel game; its name and game info
    gdl replay FILE                   show a game saved by `gdl play --save`, move by move
    gdl serve [GAME]                  the web board on 127.0.0.1 (needs the `web` extra)
    gdl kif GAME                      the game written as KIF (Stanford GDL), for the games
                                      the export covers
    gdl ggp-player                    a player of the GGP match protocol over HTTP
    gdl ggp-match GAME.kif            a local GGP game manager: one match between players

GAME is a bundled game's name (see `gdl list`) or a path to a rules file; every
command that takes one also takes `--set NAME=VALUE` (repeatable) to set the
game's options. Every error a user can cause is one line on stderr and exit
status 1 (a rules error adds the source line and a caret; with `--json`, the
error is also one JSON object on stdout); `--debug` shows the traceback instead.
Ctrl-C exits with status 130. Long commands show progress on stderr when it is a
terminal and stay quiet when it is not.

Exit status: 0 success, 1 an error, 2 a usage error, 3 a limit (--time-limit,
--max-nodes, ...) reached before the answer (the line says which), 130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from gdl.cli import as_json as cli_json
from gdl.cli.common import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_USAGE, Status, dump
from gdl.cli.parser import build_parser
from gdl.errors import GdlError, RulesError

__all__ = ["Status", "build_parser", "main"]


# --------------------------------------------------------------------------- entry point

def main(argv: Sequence[str] | None = None) -> int:
    """Run the `gdl` command with `argv` (default: sys.argv[1:]); returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # --help, --version or a usage error (already printed)
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    debug = getattr(args, "debug", False)
    status = Status()
    try:
        return args.run(args, status)
    except KeyboardInterrupt:
        if debug:
            raise
        status.clear()
        if status.enabled:  # the cursor may sit after a prompt or ^C
            print(file=sys.stderr)
        print("gdl: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except RulesError as err:
        if debug:
            raise
        status.clear()
        _json_error(args, err)
        print(err.report(), file=sys.stderr)
        return EXIT_ERROR
    except GdlError as err:
        if debug:
            raise
        status.clear()
        _json_error(args, err)
        print(f"gdl: error: {err}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # `gdl ... | head`: the reader left; stop quietly
        _silence_stdout()
        return EXIT_ERROR
    except Exception as err:  # a bug: still one line, unless --debug
        if debug:
            raise
        status.clear()
        _json_error(args, err)
        if _raised_in_generated_code(err):
            print(f"gdl: error: the rules fail in play ({type(err).__name__}: {err}); "
                  f"`gdl check` shows the position", file=sys.stderr)
        else:
            print(f"gdl: internal error: {type(err).__name__}: {err} "
                  f"(run with --debug for the traceback)", file=sys.stderr)
        return EXIT_ERROR


def _json_error(args: argparse.Namespace, err: BaseException) -> None:
    """With --json, an error is also one JSON object on stdout (the exit status is kept)."""
    if getattr(args, "json", False):
        dump(cli_json.error_document(err, args.command_name, getattr(args, "game", None)))


def _raised_in_generated_code(err: BaseException) -> bool:
    """Whether an arithmetic or index error came through code compiled from a rules file
    (see compile_source): a rule that fails in play, not a bug of gdl."""
    if not isinstance(err, (IndexError, ZeroDivisionError)):
        return False
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.startswith("<gdl "):
            return True
        tb = tb.tb_next
    return False


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
