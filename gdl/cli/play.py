"""`gdl play GAME`: play in the terminal, and `--save` the game as a record.

A human seat reads a move (any unique beginning of one), or one of
    undo      take back your last move (and the replies played since)
    hint      the AI's suggestion for this position
    resign    give the game up (the others win)
    quit      stop here (the game is left unfinished)
    details   the position's bookkeeping too (plies, castling rights, ko, ...)
    ?         list the legal moves and these words
The board is printed after every move, in colour on a terminal (not when
NO_COLOR is set), with the last move's cells highlighted; the moves, in the
form `--moves` takes them, close the game.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
from time import perf_counter
from typing import Any
from collections.abc import Callable

import attrs

from gdl import interrupts, records
from gdl.cli import colour as cli_colour
from gdl.cli.common import (count_type, load_game, player_specs, read_options, require_moves,
                            setup_moves)
from gdl.api import ai_move
from gdl.errors import GdlError, IllegalMove
from gdl.solvers.puzzles.walk import random_walk
from gdl.ai.players import HumanPlayer, make_player
from gdl.cli.tablebase import open_tables
from gdl.cli.play_joint import choose_joint
from gdl.position import Position, checked_move, outcome
from gdl.protocol import CHANCE, PUZZLE, SIMULTANEOUS, Game, State
from gdl.solvers.search.sampling import chance_move

EXIT_INTERRUPTED = interrupts.EXIT_INTERRUPTED
EXIT_INPUT_ENDED = 1   # stdin ended before the game did: abandoned (an error's status)
PLAY_SCRAMBLE = 20   # random moves that scramble a solved puzzle before `gdl play`
HINT_SECONDS = 1.0   # the longest a hint may think
WORDS = ("undo", "hint", "details", "resign", "quit")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save", metavar="FILE",
                        help="write the game to FILE as a JSON record (see `gdl replay`)")
    parser.add_argument("--details", action="store_true",
                        help="print the state's bookkeeping under each board (plies, ko, "
                             "castling rights, ...)")
    parser.add_argument("--tables", metavar="D",
                        help="the AI plays from the endgame tables in D (`gdl tablebase`) "
                             "where they hold the position (default: the game's tables "
                             "under the cache, when built)")
    parser.add_argument("--scramble", type=count_type(0), metavar="N",
                        help=f"puzzles: start N random moves (seeded by --seed) away from "
                             f"the goal (default: {PLAY_SCRAMBLE} from a solved start)")


def _line_editing() -> None:
    """On a terminal, give the prompt line editing and history (arrow keys move the cursor
    instead of arriving as escape sequences): importing readline makes input() use it."""
    if not sys.stdin.isatty():
        return
    with contextlib.suppress(ImportError):   # a Python without it (Windows): plain input()
        import readline  # noqa: F401  (imported for its effect on input())


class _Input:
    """input() that remembers whether the input ended, so play can tell EOF from other errors."""

    def __init__(self) -> None:
        self.ended = False
        _line_editing()

    def __call__(self, prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            self.ended = True
            raise


@attrs.frozen
class _Ply:
    """One move played: who, its text, its seconds and the state after it."""

    mover: int
    text: str
    seconds: float
    state: State


class _Game:
    """The game under way. Each move is one _Ply appended in one step, so a Ctrl-C at any
    moment leaves a whole game to save (never a move without its time)."""

    def __init__(self, game: Game, start: State) -> None:
        self.game, self.start = game, start
        self.plies: list[_Ply] = []
        self.resigned: int | None = None

    @property
    def state(self) -> State:
        return self.plies[-1].state if self.plies else self.start

    @property
    def moves(self) -> list[str]:
        return [ply.text for ply in self.plies]

    def play(self, move: Any, seconds: float) -> str:
        state = self.state
        text = self.game.move_text(state, move)
        self.plies.append(_Ply(self.game.current_player(state), text, seconds,
                               self.game.apply(state, move)))
        return text

    def undo_to(self, player: int) -> int:
        """Take back moves up to and including `player`'s last one; how many."""
        if all(ply.mover != player for ply in self.plies):
            return 0
        taken = 0
        while self.plies:
            taken += 1
            if self.plies.pop().mover == player:
                break
        return taken

    def result(self) -> tuple[str | None, tuple[float, ...] | None]:
        """The outcome in words and the payoffs; (None, None) while unfinished."""
        if self.resigned is not None:
            return records.resigned(self.game, self.resigned)
        if self.game.is_terminal(self.state):
            found = outcome(self.game, self.state)
            return found.text, found.payoffs
        return None, None

    def record(self, args: argparse.Namespace, rules: str, how: records.Start,
               specs: list[str], broken: bool = False) -> records.Record:
        """The game so far as a record (finished or not); `broken`: an error stopped it,
        and its result is not asked (the rules may be what failed)."""
        text, payoffs = (None, None) if broken else self.result()
        return records.Record(args.game, rules, dict(read_options(args.set)), how,
                              tuple(specs), tuple(self.moves),
                              tuple(ply.seconds for ply in self.plies), text, payoffs,
                              records.names_of(self.game))


def picture(game: Game, state: State, details: bool = False) -> str:
    """The board for people; with `details`, the state's variables too (a compiled game's)."""
    return game.render(state, details=True) if details and hasattr(  # type: ignore[call-arg]
        game, "style") else game.render(state)


def _ask(game: Game, state: State, read: Callable[[str], str], hint: Callable[[], str]
         ) -> Any:
    """A human's move, or one of WORDS. Raises GdlError when the input ends."""
    prompt = f"{game.players[game.current_player(state)]} to move: "
    while True:
        try:
            text = read(prompt).strip()
        except EOFError:
            raise GdlError("the input ended before a move was given") from None
        word = text.lower()
        if word in ("", "?", "help"):
            legal = " ".join(game.move_text(state, m) for m in game.legal_moves(state))
            print(f"legal moves: {legal}\n(or: {', '.join(WORDS)})")
        elif word == "hint":
            print(f"hint: {hint()}")
        elif word == "details":
            print(picture(game, state, details=True))
        elif word in WORDS:
            return word
        elif "\x1b" in text or not text.isprintable():
            print(f"{text!r} holds a terminal key's escape sequence or a control character "
                  f"(an arrow key?), not a move: type the move's text")
        else:
            try:
                return checked_move(game, state, text)
            except IllegalMove as err:
                print(err)


def _start(game: Any, args: argparse.Namespace, setup: Callable) -> tuple[State, records.Start]:
    """The first position and how it was reached: --scramble N (a puzzle, from its goal, as
    `gdl solve --scramble` and a record's start.scramble), else --position and --moves; a
    puzzle that starts solved is scrambled by PLAY_SCRAMBLE moves."""
    if args.scramble is not None:
        if game.kind != PUZZLE:
            raise GdlError(f"--scramble is for puzzles; {game.name} is a {game.kind} "
                           f"(give --moves or --position)")
        if args.moves or args.position is not None:
            raise GdlError("give --scramble, or --position and --moves, not both")
        return _scrambled(game, args.scramble, args.seed or 0, args.json)
    _, state, played = setup(game, args.moves, args.position)
    if game.kind == PUZZLE and game.is_terminal(state):
        # A puzzle starts solved: play from a seeded scramble instead.
        return _scrambled(game, PLAY_SCRAMBLE, args.seed or 0, args.json)
    return state, records.Start(tuple(played), None, None, game.render(state), args.position)


def _scrambled(game: Any, moves: int, seed: int, quiet: bool) -> tuple[State, records.Start]:
    if not quiet:
        print(f"{game.title}: scrambled by {moves} random moves (seed {seed})")
    scrambled = random_walk(game, moves, seed)
    return scrambled, records.Start((), moves, seed, game.render(scrambled))


def run(args: argparse.Namespace, status: Any) -> int:
    game = load_game(args)
    require_moves(game, "play")
    if args.save:
        _check_writable(args.save)   # before the game, not after an hour of it
    rules = records.rules_hash(args.game)   # the rules as loaded, whatever happens to the file
    n = len(game.players)
    specs = player_specs(args.players, ["human"] + ["ai"] * (n - 1), n)
    seeds = random.Random(args.seed) if args.seed is not None else None
    reader = _Input()
    tables = open_tables(game, args.tables)
    seats = [make_player(spec, game, args.level, seeds.randrange(2**32) if seeds else None,
                         args.time, input_fn=reader, max_nodes=args.max_nodes, tables=tables)
             for spec in specs]
    specs = [seat.name for seat in seats]   # in full, as printed: `ai` is saved as `ai:hard`
    start, how = _start(game, args, setup_moves)
    colour = cli_colour.wanted(sys.stdout)

    quiet = args.json   # --json: no boards, the record as one JSON object at the end

    def show(played: _Game) -> None:
        if quiet:
            return
        last = cli_colour.move_cells(game, played.moves[-1]) if played.moves else set()
        board = picture(game, played.state, getattr(args, "details", False))
        print(cli_colour.colour_board(game, board, last) if colour else board)

    if not quiet:
        print(f"{game.title}: " + ", ".join(f"{name} {seat.name}"
                                            for name, seat in zip(game.players, seats)))
    played = _Game(game, start)

    def hint() -> str:
        seconds = min(args.time or HINT_SECONDS, HINT_SECONDS)
        return ai_move(Position(game, start=played.state), level=args.level,
                       seconds=seconds).move

    try:
        show(played)
        dice = random.Random(seeds.randrange(2**32) if seeds else None)   # the chance player's
        code = _loop(game, played, seats, reader, status, show, hint, args.max_plies, quiet,
                     dice)
    except KeyboardInterrupt:   # a press outside a search (a random seat, a board printing)
        status.clear()
        if status.enabled:   # the cursor may sit after a prompt or ^C
            print(file=sys.stderr)
        code = EXIT_INTERRUPTED
    except BaseException:   # an error ends the game: what was played is saved all the same
        if args.save:
            _save(played.record(args, rules, how, specs, broken=True), args.save, warn=True)
        raise
    with interrupts.polled():   # a first Ctrl-C from here is taken once the record is saved
        record = played.record(args, rules, how, specs)
        if args.save:
            _save(record, args.save)
    return _finish(game, played, record, args, code)


def _finish(game: Game, played: _Game, record: records.Record, args: argparse.Namespace,
            code: int) -> int:
    """Print how the game ended (the record itself with --json); returns `code`."""
    saved = f"; the game so far is saved in {args.save}" if args.save else ""
    if code == EXIT_INTERRUPTED:
        print(f"gdl: interrupted after {len(played.moves)} moves{saved}", file=sys.stderr)
        return code
    if code == EXIT_INPUT_ENDED:
        print(f"gdl: the input ended; game abandoned after {len(played.moves)} moves{saved}",
              file=sys.stderr)
    ending = [f"final position: {game.position_text(played.state)}"] if hasattr(
        game, "position_text") else []
    if played.moves:
        ending.append(f"moves: {records.moves_text(record.start.moves + record.moves)}")
    if code == 0:
        cut = len(played.moves) == args.max_plies and record.result is None
        limit = "unsolved at the move limit" if game.kind == PUZZLE else "a draw by the move limit"
        ending.append(f"result after {len(played.moves)} moves: "
                      f"{record.result or (f'{limit} (--max-plies)' if cut else 'unfinished')}")
    if args.json:
        print(json.dumps(record.to_json(), indent=2))
    elif ending:
        print("\n" + "\n".join(ending))
    return code


def _check_writable(path: str) -> None:
    """Refuse a --save FILE that cannot be written, before the game starts."""
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise GdlError(f"--save {path}: cannot write a file there")


def _save(record: records.Record, path: str, warn: bool = False) -> None:
    """Write `record` to `path`; a Ctrl-C while it is written is taken after it (the first
    press only sets interrupts.requested(); a second still exits at once, and the file is
    then the old one or none: it is written atomically). With `warn`, a failure is one
    line on stderr instead of an error (another error is on its way)."""
    try:
        with interrupts.polled():
            record.save(path)
    except OSError as err:
        if not warn:
            raise GdlError(f"--save {path}: cannot write the game: {err.strerror}") from None
        print(f"gdl: warning: --save {path}: cannot write the game: {err.strerror}",
              file=sys.stderr)


def _loop(game: Game, played: _Game, seats: list, reader: _Input, status: Any,
          show: Callable, hint: Callable[[], str], max_plies: int | None, quiet: bool,
          dice: random.Random) -> int:
    """Play until the end, a resignation, quit, --max-plies or the end of the input. The
    chance player's outcomes are drawn from `dice` (seeded by --seed) and shown."""
    while not game.is_terminal(played.state):
        if max_plies is not None and len(played.moves) >= max_plies:
            return 0
        state = played.state
        mover = game.current_player(state)
        if mover == CHANCE:   # a roll: drawn by its probability, and shown
            text = played.play(chance_move(game, state, dice), 0.0)
            if not quiet:
                print(f"\n{len(played.moves)}. chance: {text}")
            show(played)
            continue
        legal = game.legal_moves(state)
        if not legal:
            raise GdlError(f"{game.players[mover]} has no legal move, yet the game is not over")
        seat = seats[mover] if mover != SIMULTANEOUS else seats[0]   # each seat: choose_joint
        start = perf_counter()
        try:
            if mover == SIMULTANEOUS:   # each seat its part, unseen by the others
                move = choose_joint(game, state, seats, reader, ("quit",))
            elif isinstance(seat, HumanPlayer):
                move = _ask(game, state, reader, hint)
            else:
                status.show(f"{game.players[mover]} ({seat.name}) is thinking...")
                move = seat.choose(game, state)
                status.clear()
                if interrupts.requested():   # the search ended early: stop after it
                    return EXIT_INTERRUPTED
                if move not in legal:   # a player's bug must not put a wrong move in the record
                    raise GdlError(f"{game.players[mover]} ({seat.name}) chose an illegal "
                                   f"move: {move!r}")
        except GdlError:
            if not reader.ended:
                raise
            return EXIT_INPUT_ENDED
        if move == "quit":
            return 0
        if move == "resign":
            played.resigned = mover
            return 0
        if move == "undo":
            taken = played.undo_to(mover)
            print(f"took back {taken} move{'s' * (taken != 1)}" if taken else "nothing to undo")
            if taken:
                show(played)
            continue
        text = played.play(move, perf_counter() - start)
        if not quiet:
            who = "both play" if mover == SIMULTANEOUS else f"{game.players[mover]} plays"
            print(f"\n{len(played.moves)}. {who} {text}")
        show(played)
    return 0
