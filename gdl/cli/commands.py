"""The `gdl` commands list, check, invariants, perft, match and bench (solve: cli_solve;
play, serve, train, openspiel, replay: their own modules)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from time import perf_counter

from gdl import catalog, interrupts
from gdl.cli import as_json as cli_json, puzzle as cli_puzzle
from gdl.cli.common import (
    EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, Status, dump, load_game, player_specs, rate,
    read_options, require_moves, start_line, start_of, started_game)
from gdl.interpreter.core.invariants_json import describe as describe_invariants
from gdl.solvers.search.perft import iter_divide
from gdl.interpreter.layouts.permutation_game import searched
from gdl.protocol import CONSTRAINTS, Game
from gdl.ai.match import GameRecord, format_table, run_match
from gdl.cli.speed import RUNS, measure
from gdl.cli.started import Started

MATCH_SECONDS = 0.2   # a match's default time per AI move: many games in minutes, not hours


def cmd_list(args: argparse.Namespace, status: Status) -> int:
    if args.json:
        dump(cli_json.list_document())
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


def sample_of(args: argparse.Namespace) -> dict:
    """The random games (or walks) that test a game's invariants: --seed, --games, --plies."""
    return {"seed": args.seed, "games": args.games, "plies": args.plies}


def cmd_check(args: argparse.Namespace, status: Status) -> int:
    check: Callable[..., str] | None = getattr(catalog, "check", None)
    if check is None:
        print(summary(load_game(args)))
        return EXIT_OK
    status.show(f"checking {args.game}...")
    report = check(args.game, read_options(args.set), **sample_of(args))
    status.clear()
    errors = getattr(report, "errors", ())
    if args.json:
        dump(cli_json.check_document(args.game, report))
    else:
        print(report)
    for warning in getattr(report, "warnings", ()):   # `file:line:col: warning: ...`
        print(warning, file=sys.stderr)
    for error in errors:   # a declaration found false: `file:line:col: ...` and a counterexample
        print(error, file=sys.stderr)
    return EXIT_ERROR if errors else EXIT_OK


def cmd_invariants(args: argparse.Namespace, status: Status) -> int:
    status.show(f"verifying the invariants of {args.game}...")
    doc = catalog.invariants(args.game, read_options(args.set), **sample_of(args))
    status.clear()
    if args.json:
        dump(doc)
    else:
        print(describe_invariants(doc))
    return EXIT_OK


def cmd_perft(args: argparse.Namespace, status: Status) -> int:
    game = searched(load_game(args))
    require_moves(game, "perft")
    state, played = start_of(game, args)
    said = start_line(game, args, state)
    if said and not args.json:
        print(said)
    # the native library had before the clock starts: its build is not counted as search
    quick_start = getattr(game, "quick_start", None)
    if quick_start is not None:
        quick_start()
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
            print(f"depth {depth}: {count}  ({seconds:.3f} s, {rate(count, seconds)} nodes/s)")
    if args.json:
        dump({"game": game.name, "start": cli_puzzle.start_words(args), "moves": played,
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


def cmd_match(args: argparse.Namespace, status: Status) -> int:
    game = load_game(args)
    require_moves(game, "match")
    game = started_game(game, args)
    spec_a, spec_b = player_specs(args.players, ["ai", "random"], 2)

    def progress(record: GameRecord) -> None:
        status.show(f"match: game {record.index + 1}/{args.games} done")

    result = run_match(game, spec_a, spec_b, games=args.games, seed=args.seed,
                       level=args.level, time_per_move=args.time or MATCH_SECONDS,
                       max_plies=args.max_plies, progress=progress,
                       should_stop=interrupts.requested, max_nodes=args.max_nodes)
    status.clear()
    if args.json:
        dump(result.to_json())
    else:
        print(format_table(result))
    return EXIT_INTERRUPTED if result.interrupted else EXIT_OK


def cmd_bench(args: argparse.Namespace, status: Status) -> int:
    game = searched(load_game(args))
    require_moves(game, "bench")
    if getattr(args, "scramble", None) is not None or args.moves or args.position is not None:
        game = Started(game, start_of(game, args)[0])
    status.show(f"bench: {2 * RUNS} runs of {args.seconds:g} s")
    result = measure(game, seconds=args.seconds)
    status.clear()
    if args.json:
        dump({**result.to_json(), "start": cli_puzzle.start_words(args)})
        return EXIT_OK
    ab = result.alphabeta_nodes_per_second
    print(f"game: {result.game}")
    said = start_line(game, args, game.initial_state())
    if said:
        print(said)
    print(f"random playouts: {result.playouts_per_second:,.0f}/s "
          f"({result.plies_per_second:,.0f} moves/s; "
          f"median of {result.runs} runs of {result.seconds:g} s)")
    print("alpha-beta: " + (f"{ab:,.0f} nodes/s" if ab is not None
                            else "not applicable (not a two-player zero-sum game of turns)"))
    return EXIT_OK
