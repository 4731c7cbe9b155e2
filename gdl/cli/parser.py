"""The `gdl` argument parser: the flags every command shares, each command's own, and
the argument types that refuse bad values with one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from gdl import __version__
from gdl.cli import (
    openspiel as cli_openspiel, play as cli_play, puzzle as cli_puzzle, records as cli_records,
    serve as cli_serve)
from gdl import limits
from gdl.cli import ggp as cli_ggp, kif_export as cli_kif_export, train as cli_train
from gdl.cli import tablebase as cli_tablebase
from gdl.cli.commands import cmd_bench, cmd_check, cmd_invariants, cmd_list, cmd_match, cmd_perft
from gdl.cli.common import EXIT_USAGE, count_type, seconds_type
from gdl.errors import OptionError
from gdl.cli.solve import cmd_solve
from gdl.interpreter.c.backend import BACKENDS
from gdl.ai.players import DEFAULT_LEVEL, LEVELS, parse_level
from gdl.solvers.constraints.solve import METHODS as CSP_METHODS
from gdl.solvers.search.exact import SOLVE_METHODS
from gdl.solvers.search.mcts import MAX_TREE_NODES
from gdl.cli.speed import RUNS

PERFT_HELP = """\
Count the move sequences of exactly DEPTH plies from the start (or from the
position after --moves), for every depth from 1 to DEPTH. A game that ends
before DEPTH is a leaf of its own branch: it is not extended and adds nothing
at greater depths (tic-tac-toe: 9, 72, 504, 3024, 15120, 54720, 148176,
200448, 127872). Positions are not merged. One line per depth, then the count
at DEPTH alone on the last line."""



class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors on one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see `{self.prog} --help`)\n")


def scramble_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scramble", type=count_type(0), metavar="N",
                   help="start N seeded random moves away (a puzzle: from its goal; a game: "
                        "from its start)")
    p.add_argument("--seed", type=int, default=0, help="the seed of --scramble (default: 0)")


def level_type(text: str) -> str:
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
                       help="auto: the loops (perft, random playouts, the exact solver and "
                            "the AI's alpha-beta) in C when a compiler is found, else Python "
                            "with a notice; native: every move through C as well; python: no "
                            "C. Without it: auto, the loops falling back without a word; "
                            "the AI says once when it searches on Python, and why")
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
    ai.add_argument("--level", type=level_type, default=DEFAULT_LEVEL, metavar="LEVEL",
                    help=f"strength of players given without a level: {', '.join(LEVELS)}, "
                         f"or a number N for a fixed budget of N nodes or simulations per "
                         f"move, for reproducible play (default: {DEFAULT_LEVEL})")
    ai.add_argument("--time", type=seconds_type, metavar="SECONDS",
                    help="the AI's time per move (default: the level's)")
    ai.add_argument("--max-nodes", type=count_type(1), metavar="N",
                    help=f"bound an MCTS player's tree to N nodes (default: "
                         f"{MAX_TREE_NODES:,})")
    ai.add_argument("--max-plies", type=count_type(1), default=limits.MAX_PLIES, metavar="N",
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
    sample.add_argument("--games", type=count_type(1), metavar="N",
                        help="random games to play (default: 200; puzzles: 20 random walks)")
    sample.add_argument("--plies", type=count_type(1), metavar="N",
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
    p.add_argument("depth", metavar="DEPTH", type=count_type(0), help="plies to count")
    p.add_argument("--divide", action="store_true",
                   help="also print the count at DEPTH below each first move")
    scramble_arguments(p)

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
    p.add_argument("--time-limit", type=seconds_type, metavar="SECONDS",
                   help="give up after this long")
    p.add_argument("--max-nodes", type=count_type(1), metavar="N",
                   help=f"give up after N nodes (games: default {limits.SOLVE_NODES:,})")
    p.add_argument("--method", choices=SOLVE_METHODS + cli_puzzle.METHODS,
                   help="games: alphabeta (default), memo (every reachable position) or pn "
                        "(proof-number search: wide games won by narrow lines); "
                        "puzzles: bfs, bidirectional or idastar (default: see below)")
    p.add_argument("--tables", metavar="D",
                   help="games: read the endgame tables in D (`gdl tablebase`) for the "
                        "positions they hold (default: the game's under the cache, when built)")
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
    p.add_argument("--games", type=count_type(1), default=10, help="games to play (default: 10)")
    p.add_argument("--seed", type=int, default=0, help="the match's seed (default: 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = command("bench", cmd_bench, "random playouts/s and alpha-beta nodes/s", [game, moves])
    p.add_argument("--seconds", type=seconds_type, default=0.4,
                   help=f"seconds per run; each figure is the median of {RUNS} runs "
                        f"(default: 0.4)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    scramble_arguments(p)
    cli_openspiel.add_command(command, [game])
    cli_records.add_command(command, [])
    cli_serve.add_command(command, [])
    cli_train.add_command(command, [game])
    cli_tablebase.add_command(command, [game])
    cli_ggp.add_commands(command, [])
    cli_kif_export.add_command(command, [game])
    return parser
