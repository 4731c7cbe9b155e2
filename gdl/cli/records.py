"""`gdl replay FILE`: show a saved game (see gdl.records) move by move.

The record is checked before anything is shown: its rules, every field and every
move (a move after the end of the game is refused). The result printed is the one
the replayed moves give; a record whose stored result differs is named on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any
from collections.abc import Callable

import attrs

from gdl import records, records_pdn, records_pgn, records_sgf
from gdl.cli import colour as cli_colour, replay_pictures
from gdl.errors import GdlError
from gdl.interpreter.notation import adapter

# the formats a record is read from (by the file's ending) and written to (--pgn OUT ...)
FORMATS = {"pgn": records_pgn, "sgf": records_sgf, "pdn": records_pdn}


def run(args: argparse.Namespace, status: Any) -> int:
    given = next((m for name, m in FORMATS.items()
                  if str(args.file).lower().endswith("." + name)), None)
    record = records.read(args.file) if given is None else given.read(args.file)
    game = records.open_game(record, args.file)
    record = records.fitted(game, record, args.file)   # an older record's cells renamed
    final = records.replay(game, record, args.file)
    result, payoffs = records.replayed_result(final, record)
    if given is not None:   # a PGN's, SGF's or PDN's result is what its moves give
        record = attrs.evolve(record, result=result, payoffs=payoffs)
    for name, module in FORMATS.items():
        if getattr(args, name):
            records.write_atomically(Path(getattr(args, name)),
                                     module.export(game, record, args.file))
    if args.svg:
        replay_pictures.write_svgs(game, record, Path(args.svg))
    if args.animate:
        records.write_atomically(Path(args.animate), replay_pictures.animated(game, record))
    standard = _standard(game, args.file) if args.san else None
    if args.json:
        print(json.dumps(record.to_json(), indent=2))
    else:
        _show(game, record, standard)
        print(f"result after {len(record.moves)} moves: {result or 'unfinished'}")
    if (result, payoffs) != (record.result, record.payoffs):
        stored = "no result" if record.result is None else repr(record.result)
        print(f"gdl: warning: {args.file}: the record says {stored}, "
              f"but its moves give {result or 'an unfinished game'!r}", file=sys.stderr)
    return 0


def _standard(game: Any, where: str) -> Any:
    found = adapter(game)
    if found is None or not hasattr(found, "standard_move"):
        raise GdlError(f"{where}: {game.name} declares no `notation` with standard move texts "
                       f"(chess, shogi, draughts, quoridor or havannah)")
    return found


def _show(game: Any, record: records.Record, standard: Any = None) -> None:
    """The players, the start, each move with the board after it, the final position
    and the moves (the record has been replayed and checked: every move is legal); with
    a `standard` notation (`--standard`), each move's standard text beside it (SAN, USI,
    PDN) and the final position's (FEN, SFEN, PDN's FEN)."""
    colour = cli_colour.wanted(sys.stdout)
    state = records.start_state(game, record)
    print(f"{game.title}: " + ", ".join(f"{name} {spec}"
                                        for name, spec in zip(game.players, record.players)))
    if record.start.moves:
        print(f"from the position after: {' '.join(record.start.moves)}")
    print(game.render(state))
    for number, (text, seconds) in enumerate(zip(record.moves, record.seconds), 1):
        mover = game.players[game.current_player(state)]
        move = game.parse_move(state, text)
        san = f" ({standard.standard_move(state, move)})" if standard else ""
        state = game.apply(state, move)
        print(f"\n{number}. {mover} plays {text}{san}  ({seconds:.2f} s)")
        picture = game.render(state)
        last = cli_colour.move_cells(game, text)
        print(cli_colour.colour_board(game, picture, last) if colour else picture)
    print()
    if hasattr(game, "position_text"):   # as `gdl play` ends: what --position reads
        print(f"final position: {game.position_text(state)}")
    if standard and standard.position_form:
        plies = len(record.start.moves) + len(record.moves)
        print(f"{standard.position_form.lower()}: {standard.standard_position(state, plies)}")
    print(f"moves: {records.moves_text(record.start.moves + record.moves)}")


def add_command(command: Callable[..., argparse.ArgumentParser], parents: list) -> None:
    """Add `replay` through cli.build_parser's `command` helper."""
    p = command("replay", run, "show a game saved by `gdl play --save` move by move", parents)
    p.add_argument("file", metavar="FILE",
                   help="a JSON game record, a PGN file (GAME.pgn) of chess or its variants, "
                        "an SGF file (GAME.sgf) of go, or a PDN file (GAME.pdn) of draughts")
    p.add_argument("--pgn", metavar="OUT",
                   help="also write the game as PGN to OUT (a game with `notation chess`)")
    p.add_argument("--sgf", metavar="OUT",
                   help="also write the game as SGF to OUT (a game with `notation go`)")
    p.add_argument("--pdn", metavar="OUT",
                   help="also write the game as PDN to OUT (a game with `notation draughts`)")
    p.add_argument("--standard", "--san", dest="san", action="store_true",
                   help="show each move in the game's standard notation (SAN, USI, PDN, "
                        "OpenSpiel's) and the final position's (FEN, SFEN)")
    p.add_argument("--svg", metavar="DIR",
                   help="also write the board before the first move and after each move as "
                        "SVG files into DIR (000.svg, 001.svg, ...)")
    p.add_argument("--animate", metavar="OUT",
                   help="also write the game as one animated SVG to OUT (a ply a second)")
    p.add_argument("--json", action="store_true",
                   help="print the record, checked (its rules, fields and moves)")
