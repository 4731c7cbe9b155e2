"""`gdl play GAME`: play in the terminal, and `--save` the game as a record.

A human seat reads a move (any unique beginning of one), or one of
    undo      take back your last move (and the replies played since)
    hint      the AI's suggestion for this position
    resign    give the game up (the others win)
    quit      stop here (the game is left unfinished)
    ?         list the legal moves and these words
The board is printed after every move, in colour on a terminal (not when
NO_COLOR is set), with the last move's cells highlighted; the moves, in the
form `--moves` takes them, close the game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from time import perf_counter
from typing import Any
from collections.abc import Callable

from gdl import interrupts, records
from gdl.cli import colour as cli_colour
from gdl.cli.common import load_game, player_specs, read_options, require_moves, setup_moves
from gdl.api import ai_move
from gdl.errors import GdlError, IllegalMove
from gdl.solvers.puzzles.walk import random_walk
from gdl.ai.players import HumanPlayer, make_player
from gdl.position import Position, checked_move, outcome
from gdl.protocol import PUZZLE, Game, State

EXIT_INTERRUPTED = interrupts.EXIT_INTERRUPTED
PLAY_SCRAMBLE = 20   # random moves that scramble a solved puzzle before `gdl play`
HINT_SECONDS = 1.0   # the longest a hint may think
WORDS = ("undo", "hint", "resign", "quit")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save", metavar="FILE",
                        help="write the game to FILE as a JSON record (see `gdl replay`)")


class _Input:
    """input() that remembers whether the input ended, so play can tell EOF from other errors."""

    def __init__(self) -> None:
        self.ended = False

    def __call__(self, prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            self.ended = True
            raise


class _Game:
    """The game under way: the states, the moves in notation, the seconds per move."""

    def __init__(self, game: Game, start: State) -> None:
        self.game, self.states = game, [start]
        self.moves: list[str] = []
        self.seconds: list[float] = []
        self.movers: list[int] = []
        self.resigned: int | None = None

    @property
    def state(self) -> State:
        return self.states[-1]

    def play(self, move: Any, seconds: float) -> str:
        text = self.game.move_text(self.state, move)
        self.movers.append(self.game.current_player(self.state))
        self.states.append(self.game.apply(self.state, move))
        self.moves.append(text)
        self.seconds.append(seconds)
        return text

    def undo_to(self, player: int) -> int:
        """Take back moves up to and including `player`'s last one; how many."""
        if player not in self.movers:
            return 0
        taken = 0
        while self.movers:
            mover = self.movers.pop()
            self.states.pop(), self.moves.pop(), self.seconds.pop()
            taken += 1
            if mover == player:
                break
        return taken

    def result(self) -> tuple[str | None, tuple[float, ...] | None]:
        """The outcome in words and the payoffs; (None, None) while unfinished."""
        players = self.game.players
        if self.resigned is not None:
            n, loser = len(players), self.resigned
            payoffs = tuple(-1.0 if p == loser else 1.0 / max(n - 1, 1) for p in range(n))
            return f"{players[loser]} resigns", payoffs
        if self.game.is_terminal(self.state):
            found = outcome(self.game, self.state)
            return found.text, found.payoffs
        return None, None


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
        elif word in WORDS:
            return word
        else:
            try:
                return checked_move(game, state, text)
            except IllegalMove as err:
                print(err)


def _start(game: Any, args: argparse.Namespace, setup: Callable) -> tuple[State, records.Start]:
    _, state, played = setup(game, args.moves, args.position)
    if game.kind == PUZZLE and game.is_terminal(state):
        # A puzzle starts solved: play from a seeded scramble instead.
        seed = args.seed or 0
        if not args.json:
            print(f"{game.title}: scrambled by {PLAY_SCRAMBLE} random moves (seed {seed})")
        scrambled = random_walk(game, PLAY_SCRAMBLE, seed)
        return scrambled, records.Start((), PLAY_SCRAMBLE, seed, game.render(scrambled))
    return state, records.Start(tuple(played), None, None, game.render(state), args.position)


def run(args: argparse.Namespace, status: Any) -> int:
    game = load_game(args)
    require_moves(game, "play")
    n = len(game.players)
    specs = player_specs(args.players, ["human"] + ["ai"] * (n - 1), n)
    seeds = random.Random(args.seed) if args.seed is not None else None
    reader = _Input()
    seats = [make_player(spec, game, args.level, seeds.randrange(2**32) if seeds else None,
                         args.time, input_fn=reader, max_nodes=args.max_nodes) for spec in specs]
    start, how = _start(game, args, setup_moves)
    colour = cli_colour.wanted(sys.stdout)

    quiet = args.json   # --json: no boards, the record as one JSON object at the end

    def show(played: _Game) -> None:
        if quiet:
            return
        last = cli_colour.move_cells(game, played.moves[-1]) if played.moves else set()
        picture = game.render(played.state)
        print(cli_colour.colour_board(game, picture, last) if colour else picture)

    if not quiet:
        print(f"{game.title}: " + ", ".join(f"{name} {seat.name}"
                                            for name, seat in zip(game.players, seats)))
    played = _Game(game, start)
    show(played)

    def hint() -> str:
        seconds = min(args.time or HINT_SECONDS, HINT_SECONDS)
        return ai_move(Position(game, start=played.state), level=args.level,
                       seconds=seconds).move

    code = _loop(game, played, seats, reader, status, show, hint, args.max_plies, quiet)
    text, payoffs = played.result()
    ending = [f"final position: {game.position_text(played.state)}"] if hasattr(
        game, "position_text") else []
    if played.moves:
        ending.append(f"moves: {records.moves_text(how.moves + tuple(played.moves))}")
    if code == EXIT_INTERRUPTED:
        print(f"gdl: interrupted after {len(played.moves)} moves", file=sys.stderr)
        return code
    if code == 0:
        cut = len(played.moves) == args.max_plies and text is None
        limit = "unsolved at the move limit" if game.kind == PUZZLE else "a draw by the move limit"
        ending.append(f"result after {len(played.moves)} moves: "
                      f"{text or (f'{limit} (--max-plies)' if cut else 'unfinished')}")
    record = records.Record(args.game, records.rules_hash(args.game),
                            dict(read_options(args.set)), how, tuple(specs),
                            tuple(played.moves), tuple(played.seconds), text, payoffs)
    if quiet:
        print(json.dumps(record.to_json(), indent=2))
    elif ending:
        print("\n" + "\n".join(ending))
    if args.save:
        record.save(args.save)
    return code


def _loop(game: Game, played: _Game, seats: list, reader: _Input, status: Any,
          show: Callable, hint: Callable[[], str], max_plies: int | None, quiet: bool) -> int:
    """Play until the end, a resignation, quit, --max-plies or the end of the input."""
    while not game.is_terminal(played.state):
        if max_plies is not None and len(played.moves) >= max_plies:
            return 0
        state = played.state
        mover = game.current_player(state)
        if not game.legal_moves(state):
            raise GdlError(f"{game.players[mover]} has no legal move, yet the game is not over")
        seat = seats[mover]
        start = perf_counter()
        try:
            if isinstance(seat, HumanPlayer):
                move = _ask(game, state, reader, hint)
            else:
                status.show(f"{game.players[mover]} ({seat.name}) is thinking...")
                move = seat.choose(game, state)
                status.clear()
                if interrupts.requested():   # the search ended early: stop after it
                    return EXIT_INTERRUPTED
        except GdlError:
            if not reader.ended:
                raise
            print(f"gdl: the input ended; game abandoned after {len(played.moves)} moves",
                  file=sys.stderr)
            return 1
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
            print(f"\n{len(played.moves)}. {game.players[mover]} plays {text}")
        show(played)
    return 0
