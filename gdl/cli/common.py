"""The steps the `gdl` commands share: the progress line, reading `--set`, loading the
game, playing `--moves` from `--position`, the start a command counts from."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from gdl import catalog, limits, records
from gdl.cli import puzzle as cli_puzzle
from gdl.errors import GdlError, OptionError
from gdl.interpreter.c.backend import with_backend
from gdl.cli.notation import read_moves
from gdl.protocol import CONSTRAINTS, GAME, PUZZLE, Game, State
from gdl.cli.started import Started

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


# --------------------------------------------------------------------------- output helpers

class Status:
    """A one-line progress display on a stream (stderr), drawn only when it is a terminal."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self.shown = False

    def show(self, text: str) -> None:
        if self.enabled:
            self.stream.write("\r\x1b[K" + text)
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.0f}" if seconds > 0 else "-"


def dump(data: object) -> None:
    print(json.dumps(data, indent=2))


# --------------------------------------------------------------------------- shared steps

def read_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """`--set NAME=VALUE` texts as a dict. Raises OptionError on a bad or repeated pair."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise OptionError(f"--set expects NAME=VALUE, got {pair!r}")
        if name in options:
            raise OptionError(f"option {name!r} is set twice")
        options[name] = value.strip()
    return options


def load_game(args: argparse.Namespace) -> Game:
    """The game; a level game's `--position` (Sokoban's XSB) rebuilds it from the level."""
    if getattr(args, "position", None) is not None and catalog.reads_levels(args.game):
        game = catalog.load_level(args.game, args.position, read_options(args.set))
        args.position = None   # the level is the game's start
    else:
        game = catalog.load(args.game, read_options(args.set))
    return with_backend(game, getattr(args, "backend", None))


def require_moves(game: Game, command: str) -> None:
    """Moves-based commands need a game or a puzzle, not a constraint problem."""
    if getattr(game, "kind", GAME) == CONSTRAINTS:
        raise GdlError(f"`gdl {command}` needs a game or a puzzle, and {game.name} is a "
                       f"constraint puzzle (try `gdl solve`)")


def setup_moves(game: Game, moves: str | None, position: str | None = None
           ) -> tuple[State, State, list[str]]:
    """(the start or `position` in the game's position text, the state after `moves`, the
    moves as the game writes them): `--moves` in the game's notation (see gdl.cli.notation)
    or a saved game's file.

    Raises:
        IllegalMove: a move is unreadable, illegal, or comes after the end of the game.
        GdlError: a position text this game cannot read.
    """
    if records.is_record_path(moves):   # --moves game.json: the moves of a saved game
        moves = records.moves_of(str(moves), game)
    if position is None:
        start = game.initial_state()
    elif not hasattr(game, "parse_position"):
        raise GdlError(f"{game.name} has no position text; start from --moves instead")
    else:
        start = game.parse_position(position)
    state, texts = start, []
    for _, move, after in read_moves(game, start, moves or ""):
        texts.append(game.move_text(state, move))   # as the game writes it, not abbreviated
        state = after
    return start, state, texts


def position_after(game: Game, moves: str | None, position: str | None = None) -> State:
    """The state `setup_moves` reaches."""
    return setup_moves(game, moves, position)[1]


def player_specs(text: str | None, default: Sequence[str], count: int) -> list[str]:
    """Player specs from 'a,b,...'; there must be `count` of them."""
    specs = [s.strip() for s in text.split(",")] if text else list(default)
    if len(specs) != count:
        raise OptionError(f"--players needs {count} comma-separated players, got {len(specs)}"
                          f" ({','.join(specs)!r})")
    return specs


def start_of(game: Game, args: argparse.Namespace) -> tuple[State, list[str]]:
    """perft's and bench's start: --scramble N (seeded random moves: from a puzzle's goal,
    else from the start), or --position and --moves (see `setup_moves`); and the moves played."""
    if getattr(args, "scramble", None) is None:
        _, state, played = setup_moves(game, args.moves, args.position)
        return state, played
    if args.moves or args.position is not None:
        raise GdlError("give --scramble, or --position and --moves, not both")
    return cli_puzzle.scrambled(game, args.scramble, args.seed), []


def start_line(game: Game, args: argparse.Namespace, state: State) -> str | None:
    """"start: ..." for a puzzle or a start given by flags (a game from its start: None),
    with a warning when a puzzle starts at its goal (nothing to count from there)."""
    words = cli_puzzle.start_words(args)
    if game.kind != PUZZLE and getattr(args, "scramble", None) is None \
            and args.position is None:
        return None   # a game from its start (or after --moves) prints as it always did
    note = " (the goal itself: give --scramble N or --position TEXT)" \
        if game.kind == PUZZLE and game.is_terminal(state) else ""
    return f"start: {words}{note}"


def started_game(game: Game, args: argparse.Namespace) -> Game:
    """The game, starting from --position and --moves when they are given."""
    if args.moves is None and args.position is None:
        return game
    return Started(game, position_after(game, args.moves, args.position))


def spread_arguments(parser: argparse.ArgumentParser, what: str, same: str) -> None:
    """`--workers N` and `--ray ADDRESS` (gdl train, gdl tablebase): `what` runs on them,
    `same` says what stays the same however it is spread."""
    parser.add_argument("--workers", type=count_type(1), default=1, metavar="N",
                        help=f"{what} on N local processes (default: 1); {same} with any N")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help=f"{what} as Ray tasks on the cluster at ADDRESS (`ray start "
                             f"--head` prints it), or `local` for a Ray started here (pip "
                             f"install 'gdl[ray]'); {same} as without")


# --------------------------------------------------------------------------- argument types

def count_type(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            shown = text if len(text) <= 40 else f"{text[:37]}..."
            raise argparse.ArgumentTypeError(f"expected a whole number, got {shown!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected {minimum} or more, got {value}")
        return limits.count(value)
    return parse


def seconds_type(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value
