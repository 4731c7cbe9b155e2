"""`gdl serve [GAME]`: the web board (gdl.web) on 127.0.0.1, with the URL printed.

The server reads only the bundled games and the rules files named here (GAME and
--file); it binds to localhost unless --host says otherwise. It answers only requests
that name it (the Host header): the bound address and port, the loopback names when it
listens on loopback, and each --allow-host NAME. It needs the optional `web` extra:
pip install 'gdl[web]'.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from gdl import catalog
from gdl.errors import GdlError
from gdl.web.guard import host_name, served_hosts

DEFAULT_PORT = 8765
BUSY = 64   # requests being answered at once (the slow ones queue for one worker); past it 503


def run(args: argparse.Namespace, status: Any) -> int:
    try:
        import uvicorn

        from gdl.web.app import create_app
        from gdl.web.connections import MOST_WAITING, deadline_protocol
        from gdl.web.library import Library
    except ImportError as err:
        raise GdlError(f"`gdl serve` needs the web extra ({err.name} is missing): "
                       f"pip install 'gdl[web]'") from None
    paths = list(args.file)
    if args.game and args.game not in catalog.bundled_paths():
        catalog.resolve(args.game)   # UnknownGame, with a close name suggested
        paths.append(args.game)
    hosts = served_hosts(args.host, args.port, args.allow_host)
    app = create_app(Library(paths), args.game, hosts)
    url = f"http://{host_name(args.host)}:{args.port}/"
    if args.game:
        url += f"?game={quote(args.game)}"
    print(f"gdl serve: {url}  (Ctrl-C stops)", flush=True)
    # limit_concurrency counts the connections still waiting for a request too;
    # deadline_protocol keeps those to MOST_WAITING, so slow clients cannot take BUSY's places.
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                http=deadline_protocol(), limit_concurrency=MOST_WAITING + BUSY,
                timeout_keep_alive=5)
    return 0


def add_command(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add `serve` through cli.build_parser's `command` helper."""
    p = command("serve", run, "the web board: play, solve and write games in the browser",
                parents, epilog=__doc__.split("\n", 1)[1],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", metavar="GAME", nargs="?",
                   help="open this game first: a bundled name or a rules file")
    p.add_argument("--file", action="append", default=[], metavar="PATH",
                   help="serve this rules file too (repeatable)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to bind (default: 127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the port (default: {DEFAULT_PORT})")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="answer requests naming this host too (repeatable; with --host "
                        "0.0.0.0, the names the board is reached by)")
