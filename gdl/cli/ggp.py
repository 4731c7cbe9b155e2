"""`gdl ggp-player` and `gdl ggp-match`: the GGP match protocol over HTTP (docs/ggp.md).

    gdl ggp-player --port 9147            serve as a GGP player (gdl's AI; --random: random)
    gdl ggp-match ttt.kif --player gdl --player random --start-clock 5 --play-clock 2
                                          a local game manager: one match, each --player a
                                          URL, or gdl / random started here on a free port;
                                          GAME a KIF file or a bundled game `gdl kif` writes
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path

from gdl.bridges.ggp.local import READY_PREFIX, players
from gdl.bridges.ggp.manager import GameManager
from gdl.bridges.ggp.player import GgpPlayer
from gdl.bridges.ggp.server import make_server, url_of
from gdl.cli.common import EXIT_OK, seconds_type
from gdl import catalog
from gdl.errors import GdlError
from gdl.interpreter.kif_export import NotExported, export_kif

DEFAULT_PORT = 9147   # the port GGP players traditionally listen on


def _log_to_stderr(verbose: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(name)s: %(levelname)s: %(message)s"))
    logger = logging.getLogger("gdl.ggp")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO if verbose else logging.WARNING)


def run_player(args: argparse.Namespace, status: object) -> int:
    _log_to_stderr(args.verbose)
    policy = "random" if args.random else "ai"
    player = GgpPlayer(name=args.name or ("random" if args.random else "gdl"),
                       policy=policy, seed=args.seed)
    try:
        server = make_server(player, args.host, args.port)
    except OSError as err:
        raise GdlError(f"cannot listen on {args.host}:{args.port}: {err.strerror}") from None
    print(f"{READY_PREFIX}{url_of(server)}  ({policy}; Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
    return EXIT_OK


def match_rules(game: str) -> tuple[str, str]:
    """(name, KIF text) of GAME: a KIF file, or a bundled game the export writes as KIF."""
    path = Path(game)
    if path.suffix.lower() == ".kif" or path.is_file():
        try:
            return path.name, path.read_text(encoding="utf-8")
        except OSError as err:
            raise GdlError(f"cannot read {game}: {err.strerror}") from None
    try:
        return game, export_kif(catalog.load(game).ir)
    except NotExported as err:
        raise GdlError(f"{game} cannot be played by GGP: its KIF export refuses it: {err}") \
            from None


def run_match(args: argparse.Namespace, status: object) -> int:
    from gdl.interpreter.kif import load_kif_text
    _log_to_stderr(args.verbose)
    name, text = match_rules(args.game)
    game = load_kif_text(text, name)
    manager = GameManager(game, text, name=name, seed=args.seed)
    with players(args.player, args.seed) as urls:
        record = manager.run(urls, args.start_clock, args.play_clock)
    document = record.to_json()
    if args.record:
        Path(args.record).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(document, indent=2))
        return EXIT_OK
    for step in record.steps:
        print(" ".join(step["moves"]))
    goals = record.goals
    print("goals: " + (" ".join(f"{r} {g:g}" for r, g in zip(record.roles, goals))
                       if goals is not None else "none (no end)"))
    print(f"steps: {len(record.steps)}; slowest answer {record.max_move_seconds:.2f} s "
          f"(play clock {args.play_clock:g} s); moves replaced: {record.replaced}")
    return EXIT_OK


def add_commands(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add ggp-player and ggp-match through cli.build_parser's `command` helper."""
    p = command("ggp-player", run_player, "serve as a player of the GGP match protocol "
                "(HTTP) on 127.0.0.1", parents)
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port (default: {DEFAULT_PORT}; 0: a free one, printed)")
    p.add_argument("--host", default="127.0.0.1", help="the address to bind (default: "
                   "127.0.0.1, this machine only)")
    p.add_argument("--random", action="store_true", help="play random legal moves")
    p.add_argument("--name", help="the name (info) answers (default: gdl, or random)")
    p.add_argument("--seed", type=int, help="seed the AI's and the random moves")
    p.add_argument("--verbose", action="store_true", help="log each match on stderr")

    p = command("ggp-match", run_match, "a local GGP game manager: one match of a KIF game "
                "between GGP players over HTTP", parents,
                epilog=__doc__.split("\n", 1)[1],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", metavar="GAME", help="the rules: a KIF file, or a bundled game "
                   "that `gdl kif` exports")
    p.add_argument("--player", action="append", required=True, metavar="URL|gdl|random",
                   help="one per role, in the roles' order (repeat): a player's URL, or gdl "
                        "or random for a player started here on a free port")
    p.add_argument("--start-clock", type=seconds_type, default=10.0, metavar="S",
                   help="seconds to get ready (default: 10)")
    p.add_argument("--play-clock", type=seconds_type, default=2.0, metavar="S",
                   help="seconds per move (default: 2)")
    p.add_argument("--record", metavar="FILE", help="write the match as JSON to FILE")
    p.add_argument("--seed", type=int, default=0,
                   help="seed the replacements of bad answers and the local players "
                        "(default: 0)")
    p.add_argument("--json", action="store_true", help="print the record as JSON")
    p.add_argument("--verbose", action="store_true", help="log each replaced move on stderr")
