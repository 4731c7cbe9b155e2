"""`gdl replay FILE`: show a saved game (see gdl.records) move by move."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any
from collections.abc import Callable

from gdl import catalog, records
from gdl.cli import colour as cli_colour


def run(args: argparse.Namespace, status: Any) -> int:
    record = records.read(args.file)
    records.check_rules(record, args.file)
    game = catalog.load(record.game, record.options)
    if args.json:
        print(json.dumps(record.to_json(), indent=2))
        return 0
    colour = cli_colour.wanted(sys.stdout)
    state = records.start_state(game, record)
    print(f"{game.title}: " + ", ".join(f"{name} {spec}"
                                        for name, spec in zip(game.players, record.players)))
    if record.start.moves:
        print(f"from the position after: {' '.join(record.start.moves)}")
    print(game.render(state))
    for number, (text, seconds) in enumerate(zip(record.moves, record.seconds), 1):
        mover = game.players[game.current_player(state)]
        state = game.apply(state, game.parse_move(state, text))
        print(f"\n{number}. {mover} plays {text}  ({seconds:.2f} s)")
        picture = game.render(state)
        last = cli_colour.move_cells(game, text)
        print(cli_colour.colour_board(game, picture, last) if colour else picture)
    print()
    if hasattr(game, "position_text"):   # as `gdl play` ends: what --position reads
        print(f"final position: {game.position_text(state)}")
    print(f"moves: {records.moves_text(record.start.moves + record.moves)}")
    print(f"result after {len(record.moves)} moves: {record.result or 'unfinished'}")
    return 0


def add_command(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add `replay` through cli.build_parser's `command` helper."""
    p = command("replay", run, "show a game saved by `gdl play --save` move by move", parents)
    p.add_argument("file", metavar="FILE", help="a JSON game record")
    p.add_argument("--json", action="store_true", help="print the record, checked")
