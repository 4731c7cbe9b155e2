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
import json
import os
import sys
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any, TextIO

from gdl import __version__, catalog, cli_json, cli_openspiel, cli_play, cli_puzzle, records
from gdl import cli_records, cli_serve, cli_train, interrupts, limits
from gdl.native.backend import BACKENDS, with_backend
from gdl.notation import read_moves
from gdl.one_player import OnePlayerPuzzle, is_one_player_game
from gdl.started import Started
from gdl.invariants_json import describe as describe_invariants
from gdl.api import grid_rows
from gdl.errors import GdlError, OptionError, RulesError
from gdl.perft import iter_divide
from gdl.players import LEVELS, parse_level
from gdl.protocol import CONSTRAINTS, GAME, PUZZLE, Game, State
from gdl.solvers.csp_solve import METHODS as CSP_METHODS, solve_csp
from gdl.solvers.exact import METHODS, SolveLimit, SolveProgress, solve
from gdl.solvers.match import GameRecord, format_table, run_match
from gdl.solvers.mcts import MAX_TREE_NODES
from gdl.speed import RUNS, measure

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

MATCH_SECONDS = 0.2   # a match's default time per AI move: many games in minutes, not hours

PERFT_HELP = """\
Count the move sequences of exactly DEPTH plies from the start (or from the
position after --moves), for every depth from 1 to DEPTH. A game that ends
before DEPTH is a leaf of its own branch: it is not extended and adds nothing
at greater depths (tic-tac-toe: 9, 72, 504, 3024, 15120, 54720, 148176,
200448, 127872). Positions are not merged. One line per depth, then the count
at DEPTH alone on the last line."""


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


def _rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.0f}" if seconds > 0 else "-"


def _dump(data: object) -> None:
    print(json.dumps(data, indent=2))


# --------------------------------------------------------------------------- shared steps

def _options(pairs: Sequence[str] | None) -> dict[str, str]:
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


def _load(args: argparse.Namespace) -> Game:
    """The game; a level game's `--position` (Sokoban's XSB) rebuilds it from the level."""
    if getattr(args, "position", None) is not None and catalog.reads_levels(args.game):
        game = catalog.load_level(args.game, args.position, _options(args.set))
        args.position = None   # the level is the game's start
    else:
        game = catalog.load(args.game, _options(args.set))
    return with_backend(game, getattr(args, "backend", None))


def _require_moves(game: Game, command: str) -> None:
    """Moves-based commands need a game or a puzzle, not a constraint problem."""
    if getattr(game, "kind", GAME) == CONSTRAINTS:
        raise GdlError(f"`gdl {command}` needs a game or a puzzle, and {game.name} is a "
                       f"constraint puzzle (try `gdl solve`)")


def _setup(game: Game, moves: str | None, position: str | None = None
           ) -> tuple[State, State, list[str]]:
    """(the start or `position` in the game's position text, the state after `moves`, the
    moves as the game writes them): `--moves` in the game's notation (see gdl.notation)
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


def _position(game: Game, moves: str | None, position: str | None = None) -> State:
    """The state `_setup` reaches."""
    return _setup(game, moves, position)[1]


def _specs(text: str | None, default: Sequence[str], count: int) -> list[str]:
    """Player specs from 'a,b,...'; there must be `count` of them."""
    specs = [s.strip() for s in text.split(",")] if text else list(default)
    if len(specs) != count:
        raise OptionError(f"--players needs {count} comma-separated players, got {len(specs)}"
                          f" ({','.join(specs)!r})")
    return specs


# --------------------------------------------------------------------------- commands

def cmd_list(args: argparse.Namespace, status: Status) -> int:
    if args.json:
        _dump(cli_json.list_document())
        return EXIT_OK
    games = catalog.bundled_games()
    width = max((len(name) for name, _ in games), default=0)
    for name, title in games:
        print(f"{name:<{width}}  {title}")
    return EXIT_OK


def summary(game: Game) -> str:
    """What `gdl check` prints when the catalog has no check of its own."""
    lines = [f"{game.name}: {game.title}",
             f"kind: {game.kind}",
             f"players: {', '.join(game.players)}"]
    if game.kind != CONSTRAINTS:
        start = game.initial_state()
        lines.append(f"legal moves at the start: {len(game.legal_moves(start))}")
    return "\n".join(lines)


def _sample(args: argparse.Namespace) -> dict:
    """The random games (or walks) that test a game's invariants: --seed, --games, --plies."""
    return {"seed": args.seed, "games": args.games, "plies": args.plies}


def cmd_check(args: argparse.Namespace, status: Status) -> int:
    check: Callable[..., str] | None = getattr(catalog, "check", None)
    if check is None:
        print(summary(_load(args)))
        return EXIT_OK
    status.show(f"checking {args.game}...")
    report = check(args.game, _options(args.set), **_sample(args))
    status.clear()
    errors = getattr(report, "errors", ())
    if args.json:
        _dump(cli_json.check_document(args.game, report))
    else:
        print(report)
    for error in errors:   # a declaration found false: `file:line:col: ...` and a counterexample
        print(error, file=sys.stderr)
    return EXIT_ERROR if errors else EXIT_OK


def cmd_invariants(args: argparse.Namespace, status: Status) -> int:
    status.show(f"verifying the invariants of {args.game}...")
    doc = catalog.invariants(args.game, _options(args.set), **_sample(args))
    status.clear()
    if args.json:
        _dump(doc)
    else:
        print(describe_invariants(doc))
    return EXIT_OK


def cmd_perft(args: argparse.Namespace, status: Status) -> int:
    game = _load(args)
    _require_moves(game, "perft")
    state, played = _start_of(game, args)
    said = _start_line(game, args, state)
    if said and not args.json:
        print(said)
    count, rows = 1, []
    split: list[tuple[object, int]] = []
    for depth in range(1, args.depth + 1):
        start, count, split = perf_counter(), 0, []
        moves = len(game.legal_moves(state)) if not game.is_terminal(state) else 0
        for done, (move, n) in enumerate(iter_divide(game, state, depth), 1):
            count += n
            split.append((move, n))
            status.show(f"perft depth {depth}: {done}/{moves} moves, {count:,} so far")
        seconds = perf_counter() - start
        status.clear()
        rows.append({"depth": depth, "count": count, "seconds": seconds})
        if not args.json:
            print(f"depth {depth}: {count}  ({seconds:.3f} s, {_rate(count, seconds)} nodes/s)")
    if args.json:
        _dump({"game": game.name, "start": cli_puzzle.start_words(args), "moves": played,
               "depth": args.depth,
               "count": count, "depths": rows,
               **({"divide": {game.move_text(state, m): n for m, n in split}}
                  if args.divide else {})})
        return EXIT_OK
    if args.divide and args.depth > 0:
        for move, n in split:
            print(f"  {game.move_text(state, move)}: {n}")
    print(count)
    return EXIT_OK


def _start_of(game: Game, args: argparse.Namespace) -> tuple[State, list[str]]:
    """perft's and bench's start: --scramble N (seeded random moves: from a puzzle's goal,
    else from the start), or --position and --moves (see `_setup`); and the moves played."""
    if getattr(args, "scramble", None) is None:
        _, state, played = _setup(game, args.moves, args.position)
        return state, played
    if args.moves or args.position is not None:
        raise GdlError("give --scramble, or --position and --moves, not both")
    return cli_puzzle.scrambled(game, args.scramble, args.seed), []


def _start_line(game: Game, args: argparse.Namespace, state: State) -> str | None:
    """"start: ..." for a puzzle or a start given by flags (a game from its start: None),
    with a warning when a puzzle starts at its goal (nothing to count from there)."""
    words = cli_puzzle.start_words(args)
    if game.kind != PUZZLE and getattr(args, "scramble", None) is None \
            and args.position is None:
        return None   # a game from its start (or after --moves) prints as it always did
    note = " (the goal itself: give --scramble N or --position TEXT)" \
        if game.kind == PUZZLE and game.is_terminal(state) else ""
    return f"start: {words}{note}"


def _solve_game(game: Game, state: State, args: argparse.Namespace,
                status: Status) -> tuple[list[str], dict]:
    """Exact value and best move of a two-player zero-sum game."""
    limit = args.time_limit

    def progress(p: SolveProgress) -> None:
        status.show(f"solving: {p.nodes:,} nodes, {p.nodes_per_second:,.0f} nodes/s, "
                    f"{p.table_size:,} positions stored")

    try:
        result = solve(game, state, method=args.method or "alphabeta", progress=progress,
                       progress_every=20_000, time_limit=limit,
                       **limits.solve_limits(args.max_nodes))
    except SolveLimit as stop:
        status.clear()
        return [f"value: unknown ({stop})"], {"game": game.name, "value": None,
                                              "stopped": stop.reason, "reason": str(stop),
                                              "nodes": stop.nodes,
                                              "seconds": round(stop.seconds, 3)}
    status.clear()
    mover = game.players[game.current_player(state)]
    best = None if result.best_move is None else game.move_text(state, result.best_move)
    value = result.value if result.value == "draw" else f"{result.value} (for {mover}, to move)"
    lines = [f"value: {value}",
             f"best move: {best if best is not None else 'none (the game is over)'}",
             f"nodes: {result.nodes}",
             f"time: {result.seconds:.3f} s"]
    if getattr(game, "payoff_bound", 1.0) is None:   # `end: score`: the margin is the value
        lines.insert(1, f"score: {result.score:g} (for {mover})")
    data = {**result.to_json(), "game": game.name, "to_move": mover, "best_move": best}
    if hasattr(game, "position_text"):
        data["position"] = game.position_text(state)
    return lines, data


def _solve_constraints(puzzle: Any, state: State, args: argparse.Namespace,
                       status: Status) -> tuple[list[str], dict]:
    """A constraint puzzle: a solution, and whether it is unique (or, with --count, how many)."""
    csp = puzzle.csp(args.given)
    status.show(f"solving {puzzle.name}...")
    result = solve_csp(csp, count=True, limit=None if args.count else 2, method=args.csp_method,
                       time_limit=args.time_limit)
    status.clear()
    n = result.count or 0
    verdict = "no solution" if n == 0 else "unique" if n == 1 else "multiple solutions"
    if result.stopped:
        verdict = "unknown" if n < 2 else verdict
        why = "interrupted (Ctrl-C)" if result.stopped == "interrupted" else \
            f"not finished within {args.time_limit:g} s"
        line = f"{n:,} solution{'' if n == 1 else 's'} found, then stopped: {why}"
    elif args.count:
        line = f"{n} solution{'' if n == 1 else 's'}"
    else:
        line = {"no solution": "no solution", "unique": "unique solution",
                "multiple solutions": "more than one solution (this is one)"}[verdict]
    conflicts = [puzzle.describe(c, csp.givens) for c in result.conflicts]
    nodes = "" if result.nodes is None else f", {result.nodes} nodes"
    lines = [] if result.solution is None else [puzzle.render(result.solution)]
    lines.append(f"{line}  ({result.seconds:.3f} s{nodes}, {result.method})")
    lines += [f"the givens break: {text}" for text in conflicts]
    data = {"puzzle": puzzle.name, "options": puzzle.options, "status": verdict,
            "solved": result.solution is not None, "unique": n == 1,
            # The grid as rows of numbers; "grid" is the same as one string of symbols.
            "solution": None if result.solution is None else [
                list(row) for row in grid_rows(puzzle, result.solution)],
            "grid": None if result.solution is None else puzzle.grid_string(result.solution),
            "width": puzzle.width, "height": puzzle.height, "conflicts": conflicts,
            "nodes": result.nodes, "seconds": result.seconds, "method": result.method}
    if args.count:
        data["count"] = n
    if result.stopped:
        data["stopped"], data["reason"] = result.stopped, line
    return lines, data


# One solver per kind: (game, start state, args, status) -> (text lines, JSON object).
SOLVERS: dict[str, Callable[..., tuple[list[str], dict]]] = {
    GAME: _solve_game,
    PUZZLE: cli_puzzle.solve,
    CONSTRAINTS: _solve_constraints,
}


def cmd_solve(args: argparse.Namespace, status: Status) -> int:
    game = _load(args)
    if is_one_player_game(game):   # a puzzle on the general core: solved as a puzzle
        puzzle: Any = OnePlayerPuzzle(game)
        game = puzzle
    solver = SOLVERS.get(game.kind)
    if game.kind != CONSTRAINTS and (args.given is not None or args.count):
        raise GdlError("--given and --count are for constraint puzzles (such as sudoku)")
    if solver is None:
        raise GdlError(f"{game.name} is of kind {game.kind!r}, which gdl cannot solve")
    cli_puzzle.check_flags(game, args)
    # A puzzle's start may be its goal, so cli_puzzle plays its --moves itself.
    state = _position(game, args.moves, args.position) if game.kind == GAME else None
    lines, data = solver(game, state, args, status)
    if args.json:
        _dump(data)
    else:
        print("\n".join(lines))
    if data.get("stopped") == "interrupted":
        return EXIT_INTERRUPTED
    return limits.EXIT_LIMIT if data.get("stopped") else EXIT_OK


def _started(game: Game, args: argparse.Namespace) -> Game:
    """The game, starting from --position and --moves when they are given."""
    if args.moves is None and args.position is None:
        return game
    return Started(game, _position(game, args.moves, args.position))


def cmd_match(args: argparse.Namespace, status: Status) -> int:
    game = _load(args)
    _require_moves(game, "match")
    game = _started(game, args)
    spec_a, spec_b = _specs(args.players, ["ai", "random"], 2)

    def progress(record: GameRecord) -> None:
        status.show(f"match: game {record.index + 1}/{args.games} done")

    result = run_match(game, spec_a, spec_b, games=args.games, seed=args.seed,
                       level=args.level, time_per_move=args.time or MATCH_SECONDS,
                       max_plies=args.max_plies, progress=progress,
                       should_stop=interrupts.requested, max_nodes=args.max_nodes)
    status.clear()
    if args.json:
        _dump(result.to_json())
    else:
        print(format_table(result))
    return EXIT_INTERRUPTED if result.interrupted else EXIT_OK


def cmd_bench(args: argparse.Namespace, status: Status) -> int:
    game = _load(args)
    _require_moves(game, "bench")
    if getattr(args, "scramble", None) is not None or args.moves or args.position is not None:
        game = Started(game, _start_of(game, args)[0])
    status.show(f"bench: {2 * RUNS} runs of {args.seconds:g} s")
    result = measure(game, seconds=args.seconds)
    status.clear()
    if args.json:
        _dump({**result.to_json(), "start": cli_puzzle.start_words(args)})
        return EXIT_OK
    ab = result.alphabeta_nodes_per_second
    print(f"game: {result.game}")
    said = _start_line(game, args, game.initial_state())
    if said:
        print(said)
    print(f"random playouts: {result.playouts_per_second:,.0f}/s "
          f"({result.plies_per_second:,.0f} moves/s; "
          f"median of {result.runs} runs of {result.seconds:g} s)")
    print("alpha-beta: " + (f"{ab:,.0f} nodes/s" if ab is not None
                            else "not applicable (not a two-player zero-sum game)"))
    return EXIT_OK


# --------------------------------------------------------------------------- the parser

class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see `{self.prog} --help`)\n")


def _count(minimum: int) -> Callable[[str], int]:
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


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _scramble_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scramble", type=_count(0), metavar="N",
                   help="start N seeded random moves away (a puzzle: from its goal; a game: "
                        "from its start)")
    p.add_argument("--seed", type=int, default=0, help="the seed of --scramble (default: 0)")


def _level(text: str) -> str:
    try:
        parse_level(text)
    except OptionError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text


def build_parser() -> argparse.ArgumentParser:
    """The `gdl` argument parser; each subcommand sets `run` to its function."""
    debug = _Parser(add_help=False)
    debug.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                       help="show tracebacks instead of one-line errors")
    debug.add_argument("--backend", choices=BACKENDS, default=argparse.SUPPRESS,
                       help="auto (the default, which falls back without a word): perft and "
                            "random playouts in C when a compiler is found, else Python with a "
                            "notice; native: every move through C; python: no C")
    game = _Parser(add_help=False)
    game.add_argument("game", metavar="GAME",
                      help="a bundled game (see `gdl list`) or a rules file")
    game.add_argument("--set", metavar="NAME=VALUE", action="append", default=[],
                      help="set a game option (repeatable), e.g. --set width=5")
    moves = _Parser(add_help=False)
    moves.add_argument("--moves", metavar="'M1 M2 ...'",
                       help="play these moves (the game's notation) from the start first")
    moves.add_argument("--position", metavar="TEXT",
                       help="start from this position (the game's position text, as "
                            "`gdl play` prints it) instead of the start")
    ai = _Parser(add_help=False)
    ai.add_argument("--level", type=_level, default="hard", metavar="LEVEL",
                    help=f"strength of players given without a level: {', '.join(LEVELS)}, "
                         f"or a number N for a fixed budget of N nodes or simulations per "
                         f"move, for reproducible play (default: hard)")
    ai.add_argument("--time", type=_seconds, metavar="SECONDS",
                    help="the AI's time per move (default: the level's)")
    ai.add_argument("--max-nodes", type=_count(1), metavar="N",
                    help=f"bound an MCTS player's tree to N nodes (default: "
                         f"{MAX_TREE_NODES:,})")
    ai.add_argument("--max-plies", type=_count(1), default=limits.MAX_PLIES, metavar="N",
                    help=f"call a game a draw by the move limit after N moves "
                         f"(default: {limits.MAX_PLIES})")
    player_help = "comma-separated players, one per seat: human, random, ai[:LEVEL], " \
                  "alphabeta[:LEVEL], mcts[:LEVEL]"

    parser = _Parser(prog="gdl", parents=[debug],
                     description="A declarative, rules-driven general game player.")
    parser.add_argument("--version", action="version", version=f"gdl {__version__}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    def command(name: str, run: Callable, help: str, parents: list, **kw) -> _Parser:
        p = sub.add_parser(name, parents=[debug, *parents], help=help, description=help, **kw)
        p.set_defaults(run=run, command_name=name)
        return p

    json_flag = _Parser(add_help=False)
    json_flag.add_argument("--json", action="store_true",
                           help="print one JSON object (errors too, as {\"error\": ...})")
    command("list", cmd_list, "list the bundled games", [json_flag])
    sample = _Parser(add_help=False)
    sample.add_argument("--seed", type=int, default=0,
                        help="seed of the random games that test the invariants (default: 0)")
    sample.add_argument("--games", type=_count(1), metavar="N",
                        help="random games to play (default: 200; puzzles: 20 random walks)")
    sample.add_argument("--plies", type=_count(1), metavar="N",
                        help="cut each random game after N moves (default: play to the end; "
                             "puzzles: walks of 40 moves)")
    command("check", cmd_check, "parse, check and compile a game, test its declared "
            "invariants on random games, and summarise it", [game, sample, json_flag])
    p = command("invariants", cmd_invariants, "the verified symmetries, inverse and commuting "
                "moves and quantities (docs/invariants.md)", [game, sample])
    p.add_argument("--json", action="store_true",
                   help="print the JSON document of docs/invariants.schema.json")

    p = command("perft", cmd_perft, "count move sequences to a depth", [game, moves, json_flag],
                epilog=PERFT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("depth", metavar="DEPTH", type=_count(0), help="plies to count")
    p.add_argument("--divide", action="store_true",
                   help="also print the count at DEPTH below each first move")
    _scramble_arguments(p)

    p = command("play", cli_play.run, "play in the terminal", [game, moves, ai, json_flag],
                epilog=cli_play.__doc__.split("\n", 1)[1],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    cli_play.add_arguments(p)
    p.add_argument("--players", metavar="SPEC,SPEC",
                   help=player_help + " (default: human, then ai)")
    p.add_argument("--seed", type=int, help="seed the random and AI players")

    p = command("solve", cmd_solve, "games: the exact value and a best move; "
                "puzzles: an optimal solution; "
                "constraint puzzles: a solution and whether it is unique", [game, moves])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                   help="give up after this long")
    p.add_argument("--max-nodes", type=_count(1), metavar="N",
                   help=f"give up after N nodes (games: default {limits.SOLVE_NODES:,})")
    p.add_argument("--method", choices=METHODS + cli_puzzle.METHODS,
                   help="games: alphabeta (default) or memo (every reachable position); "
                        "puzzles: bfs, bidirectional or idastar (default: see below)")
    cli_puzzle.add_arguments(p)
    p.add_argument("--given", metavar="CLUES",
                   help="constraint puzzles: the clues row by row, '.' or '0' for a blank "
                        "(default: the file's own)")
    p.add_argument("--count", action="store_true",
                   help="constraint puzzles: count every solution")
    p.add_argument("--csp-method", choices=CSP_METHODS, default="auto",
                   help="constraint puzzles: the CSP solver (default: auto)")

    p = command("match", cmd_match, "two players play many seeded games; a tally",
                [game, moves, ai])
    p.add_argument("--players", metavar="SPEC,SPEC",
                   help=player_help + " (two; default: ai,random)")
    p.add_argument("--games", type=_count(1), default=10, help="games to play (default: 10)")
    p.add_argument("--seed", type=int, default=0, help="the match's seed (default: 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("bench", cmd_bench, "random playouts/s and alpha-beta nodes/s", [game, moves])
    p.add_argument("--seconds", type=_seconds, default=0.4,
                   help=f"seconds per run; each figure is the median of {RUNS} runs "
                        f"(default: 0.4)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    _scramble_arguments(p)
    cli_openspiel.add_command(command, [game])
    cli_records.add_command(command, [])
    cli_serve.add_command(command, [])
    cli_train.add_command(command, [game])
    return parser


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
        _dump(cli_json.error_document(err, args.command_name, getattr(args, "game", None)))


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
