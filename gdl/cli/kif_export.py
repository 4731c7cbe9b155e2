"""`gdl kif GAME`: a bundled game (or rules file) written as KIF (Stanford GDL).

Games in the export's subset only (gdl.interpreter.kif_export: two-player games of
turns on a square grid, place and step moves, wins and draws); another is refused in
one line saying what it uses that the export does not write.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from gdl import catalog
from gdl.cli.common import EXIT_OK, read_options
from gdl.errors import GdlError
from gdl.interpreter.kif_export import NotExported, export_kif


def run(args: argparse.Namespace, status: object) -> int:
    game = catalog.load(args.game, read_options(args.set))
    ir = getattr(game, "ir", None)
    if ir is None:
        raise GdlError(f"{args.game} cannot be exported as KIF: it is not a game of moves")
    try:
        text = export_kif(ir)
    except NotExported as err:
        raise GdlError(f"{args.game} cannot be exported as KIF: {err}") from None
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as err:
            raise GdlError(f"cannot write {args.output}: {err.strerror}") from None
    else:
        print(text, end="")
    return EXIT_OK


def add_command(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add `kif` through cli.build_parser's `command` helper."""
    p = command("kif", run, "write a game as KIF (Stanford GDL), for the games the export "
                "covers", parents, epilog=__doc__.split("\n", 1)[1],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
