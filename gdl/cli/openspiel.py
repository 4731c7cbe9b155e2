"""`gdl openspiel GAME`: register a game with OpenSpiel and print its name and GameInfo."""

from __future__ import annotations

import argparse
import json
from typing import Any
from collections.abc import Callable

from gdl.cli.common import read_options
from gdl.errors import GdlError


def run(args: argparse.Namespace, status: Any) -> int:
    try:
        from gdl.bridges import openspiel  # pyspiel is optional: only this command needs it
    except ImportError:
        raise GdlError("the OpenSpiel bridge needs pyspiel: pip install open-spiel") from None
    if args.fetch_headers:
        from gdl.bridges.openspiel.cpp_build import fetch_headers
        if fetch_headers():
            raise GdlError("fetching OpenSpiel's headers failed (it needs git and the network)")
    game = openspiel.load(args.game, cpp=args.cpp, **read_options(args.set))
    info = openspiel.describe(game)
    if args.json:
        print(json.dumps(info, indent=2))
        return 0
    bound = "bounded by the rules" if info["length_bound_by_rules"] else "the max_plies cap"
    params = ",".join(f"{k}={v}" for k, v in info["parameters"].items())
    print("\n".join([
        f"registered: {info['name']}  ({info['title']})",
        f"load: gdl.bridges.openspiel.register({args.game!r}"
        f"{', cpp=True' if info['name'].endswith('_cpp') else ''}); "
        f"pyspiel.load_game(\"{info['name']}({params})\")",
        f"players: {info['players']}",
        f"distinct actions: {info['distinct_actions']} ({info['action_space']})",
        f"observation: {info['observation_shape']}",
        f"max game length: {info['max_game_length']} ({bound})",
        f"utility: {info['min_utility']:g} to {info['max_utility']:g}, sum {info['utility_sum']:g}",
    ]))
    return 0


def add_command(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add `openspiel` through cli_parser.build_parser's `command` helper."""
    p = command("openspiel", run, "register a game with OpenSpiel (pyspiel); its name and "
                "game info", parents)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--cpp", action="store_true",
                   help="the C++ game (OpenSpiel's speed; needs OpenSpiel's headers and a C++ "
                        "compiler, else one line says why and the Python game is registered)")
    p.add_argument("--fetch-headers", action="store_true",
                   help="first fetch OpenSpiel's headers into gdl's cache (git, network)")
