"""`gdl solve` for puzzles: the start (--state, --scramble, --moves), an optimal solution
(--method, --all) or the whole reachable space (--enumerate), as text or JSON.

Positions for --state are written in the puzzle's own notation:
- permutation puzzles: each part's name and values, "corner 2 1 3 4 5 6 7 twist 0 ...",
  or a sequence of moves played from the goal, "front up right'";
- sliding puzzles: the cells row by row from the top, 0 for the blank, "867254301"
  (numbers separated by spaces, rows by "/", from 10 tiles on);
- stacks: the stacks separated by "/", each bottom first, "3 2 1 / - / -".

An answer "unsolvable" (exit status 0) names the conserved quantity that
differs between the start and the goal, or says the whole space was searched.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from gdl import interrupts, limits
from gdl.errors import GdlError, IllegalMove, OptionError
from gdl.cli.best_score import solve_best_score
from gdl.solvers.puzzles.walk import random_walk
from gdl.protocol import PUZZLE, State
from gdl.solvers.puzzles.classes import count_classes
from gdl.solvers.puzzles.enumerate import BYTE_TABLE_LIMIT, enumerate_space
from gdl.solvers.puzzles.pruning import INTERRUPTED, PuzzleResult, declares_all_inverses, goal_of
from gdl.solvers.puzzles.choose import METHODS, default_method, solve_puzzle
from gdl.solvers.puzzles.weighted import solve_weighted

PROGRESS_EVERY = 50_000   # states between two progress updates of --enumerate

HELP = """\
Puzzles: an optimal solution from the start (the file's, or --state, --scramble,
--moves). --method defaults to bidirectional when the rules declare an inverse
for every move (pocket_cube), else idastar when the puzzle has a lower bound
(the sliding puzzles' Manhattan distance), else bfs. Positions (--state):
  permutation puzzles  each part's name and values ("corner 2 1 3 4 5 6 7 twist
                       0 0 0 0 0 0 0") or moves played from the goal ("front up")
  sliding puzzles      the cells row by row from the top, 0 for the blank
                       ("867254301"; from 10 tiles on, numbers and "/" between rows)
  stacks               the stacks separated by "/", each bottom first ("3 2 1 / - / -")
"unsolvable" names the conserved quantity that differs between start and goal."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The puzzle options of `gdl solve`, and their notes below its help."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = HELP if not parser.epilog else f"{parser.epilog}\n\n{HELP}"
    parser.add_argument("--state", metavar="TEXT",
                        help="puzzles: solve from this position (the puzzle's notation, "
                             "e.g. 867254301; see below)")
    parser.add_argument("--scramble", type=_moves, metavar="N",
                        help="puzzles: solve from N random moves away from the goal")
    parser.add_argument("--seed", type=int, default=0,
                        help="puzzles: the seed of --scramble (default: 0)")
    parser.add_argument("--cost", metavar="RULE",
                        help="one-player games: optimal in the moves of the rule named RULE "
                             "only, the others free (Sokoban: --cost push, the fewest pushes)")
    parser.add_argument("--classes", action="store_true",
                        help="puzzles, with --enumerate: also count the classes of symmetric "
                             "positions (what a search under the declared symmetries keeps)")
    parser.add_argument("--no-symmetry", action="store_true",
                        help="puzzles: search every state, not one of each class of "
                             "symmetric states (to measure what the symmetries save)")
    parser.add_argument("--all", action="store_true",
                        help="puzzles: every optimal solution (bidirectional search)")
    parser.add_argument("--enumerate", action="store_true",
                        help="puzzles: count every position reachable from the goal (or the "
                             "given start) by distance")


def check_flags(game: Any, args: argparse.Namespace) -> None:
    """Refuse the puzzle options for other kinds, and the game methods for puzzles."""
    if game.kind == PUZZLE and getattr(args, "position", None) is not None:
        if args.state is not None and args.state != args.position:
            raise GdlError("give one of --state and --position (they are the same)")
        args.state = args.position   # a puzzle's --position is its --state
    puzzle_only = args.state is not None or args.scramble is not None or args.all \
        or args.enumerate or args.no_symmetry or args.cost is not None or args.classes
    if game.kind != PUZZLE:
        if puzzle_only or args.method in METHODS:
            raise GdlError(f"--state, --scramble, --all, --enumerate and --method "
                           f"{'|'.join(METHODS)} are for puzzles; {game.name} is a {game.kind}")
        return
    if args.method is not None and args.method not in METHODS:
        raise GdlError(f"puzzles are solved by --method {', '.join(METHODS)}, "
                       f"not {args.method}")
    if sum((args.state is not None, args.scramble is not None, bool(args.moves))) > 1:
        raise GdlError("give one of --state, --scramble and --moves")


def solve(game: Any, state: State, args: argparse.Namespace, status: Any) -> tuple[list[str], dict]:
    """The `gdl solve` answer for a puzzle: (text lines, JSON object).

    `state` is unused: the start comes from the flags (see `_start`).
    """
    check_flags(game, args)
    start = _start(game, args)
    if getattr(game, "scored", False):   # a one-player game that ends with a score
        return solve_best_score(game, start, args, status)
    if args.enumerate:
        if args.all or args.method:
            raise GdlError("--enumerate counts positions; it takes no --all or --method")
        return _enumerate(game, start, args, status)
    if args.cost is not None:
        return _solve_by_cost(game, start, args, status)
    method = "bidirectional" if args.all and args.method is None else \
        args.method or default_method(game)
    status.show(f"solving {game.name} by {method}...")
    with interrupts.polled():   # Ctrl-C: stopped like a limit, with the nodes searched
        result = solve_puzzle(game, start, method=method, all_solutions=args.all,
                              time_limit=args.time_limit,
                              max_nodes=limits.puzzle_nodes(method, args.max_nodes),
                              use_symmetry=not args.no_symmetry)
    status.clear()
    if result.unsolved:
        return _unsolved(game, start, result)
    solution = None if result.solution is None else _texts(game, start, result.solution)
    data = {"puzzle": game.name, "start": _text(game, start), "method": result.method,
            "heuristic": heuristic_words(game, result.method),
            "solution": solution, "length": result.length, "nodes": result.nodes,
            "generated": result.generated, "seconds": round(result.seconds, 6),
            "unsolvable": result.unsolvable}
    lines = [f"start: {data['start']}", f"method: {result.method}"]
    if result.unsolvable:
        lines.append(f"unsolvable: {result.unsolvable}")
    elif args.all:
        every = [_texts(game, start, s) for s in result.solutions or ()]
        data["solutions"], data["count"] = every, len(every)
        lines.append(f"optimal solutions: {len(every)} of {result.length} moves")
        lines += [f"  {' '.join(s) if s else '(none needed: the start is the goal)'}"
                  for s in every]
    else:
        lines.append(f"solution ({result.length} moves): "
                     + (" ".join(solution) if solution else "none needed, the start is the goal "
                        "(give --state or --scramble N)"))
    lines += [f"nodes: {result.nodes} ({result.generated} generated)",
              f"time: {result.seconds:.3f} s", f"heuristic: {data['heuristic']}"]
    return lines, data


def heuristic_words(game: Any, method: str) -> str:
    """The lower bound `method` searches with (as `gdl.solvers.puzzles.idastar.pick_heuristic`
    picks it): a one-player game's "declared: ..." / "derived: ..."
    (gdl.interpreter.layouts.one_player), a puzzle file's own, pattern databases, or "none"."""
    if method not in ("astar", "idastar"):
        return "none"
    if hasattr(game, "heuristic_distance") or hasattr(game, "abstractions"):
        return getattr(game, "invariants", {}).get("heuristic") or "heuristic_distance"
    if method == "idastar" and goal_of(game) is not None and declares_all_inverses(game):
        return "pattern database: states near the goal"
    return "none"


def _solve_by_cost(game: Any, start: State, args: argparse.Namespace,
                   status: Any) -> tuple[list[str], dict]:
    """--cost RULE: the fewest moves of that rule (0-1 breadth-first search)."""
    rule_name = getattr(game, "rule_name", None)
    if rule_name is None or args.all or args.method:
        raise GdlError("--cost RULE is for one-player games, without --all or --method")
    status.show(f"solving {game.name}: fewest {args.cost} moves...")
    bound = game.cost_bound(args.cost) if hasattr(game, "cost_bound") else None
    with interrupts.polled():
        result = solve_weighted(game, lambda m: rule_name(m) == args.cost, start,
                                time_limit=args.time_limit,
                                max_nodes=limits.puzzle_nodes("bfs", args.max_nodes),
                                heuristic=bound[1] if bound else None)
    status.clear()
    if result.unsolved:
        return _unsolved(game, start, result)
    solution = None if result.solution is None else _texts(game, start, result.solution)
    cost = None if result.solution is None else \
        sum(rule_name(m) == args.cost for m in result.solution)
    data = {"puzzle": game.name, "start": _text(game, start), "method": result.method,
            "cost": args.cost, "solution": solution, "length": result.length,
            args.cost: cost, "nodes": result.nodes, "generated": result.generated,
            "seconds": round(result.seconds, 6), "unsolvable": result.unsolvable,
            "heuristic": bound[0] if bound else "none"}
    lines = [f"start: {data['start']}", f"method: {result.method} (fewest {args.cost} moves)"]
    if result.unsolvable:
        lines.append(f"unsolvable: {result.unsolvable}")
    else:
        lines.append(f"solution ({cost} {args.cost} moves, {result.length} in all): "
                     + " ".join(solution or ()))
    lines += [f"nodes: {result.nodes} ({result.generated} generated)",
              f"time: {result.seconds:.3f} s", f"heuristic: {data['heuristic']}"]
    return lines, data


def _unsolved(game: Any, start: State, result: PuzzleResult) -> tuple[list[str], dict]:
    """A search stopped by a limit or by Ctrl-C: why, and how far it got."""
    assert result.unsolved is not None
    reason = f"{game.name} was {result.unsolved} ({result.nodes:,} nodes searched)"
    stopped = "interrupted" if result.unsolved == INTERRUPTED else \
        "time" if result.unsolved.endswith(" s") else "nodes"
    return [f"solution: unknown ({reason})"], {
        "puzzle": game.name, "start": _text(game, start), "method": result.method,
        "solution": None, "stopped": stopped, "reason": reason, "nodes": result.nodes,
        "seconds": round(result.seconds, 6)}


def _moves(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of moves, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more moves, got {value}")
    return limits.count(value)


def _start(game: Any, args: argparse.Namespace) -> State:
    """The position to solve (or to enumerate from): --state, --scramble, --moves, else the
    start (the goal for --enumerate)."""
    if args.state is not None:
        parse = getattr(game, "parse_state", None)
        if parse is None:
            raise OptionError(f"{game.name} has no notation for positions; use --moves")
        return parse(args.state)
    if args.scramble is not None:
        return scrambled(game, args.scramble, args.seed)
    if args.moves:
        return _played(game, args.moves)
    return game.goal_state() if args.enumerate else game.initial_state()


def scrambled(game: Any, moves: int, seed: int) -> State:
    """`moves` seeded random moves from the goal (from the start when the goal is only a
    predicate, as in a one-player game, or for a game), never undoing the move before; a
    walk that reaches the end of a game stops there."""
    if hasattr(game, "inverse") and hasattr(game, "goal_state"):
        return random_walk(game, moves, seed)
    rng, state = random.Random(seed), game.initial_state()
    for _ in range(moves):
        legal = [] if game.is_terminal(state) else list(game.legal_moves(state))
        if not legal:
            break
        state = game.apply(state, rng.choice(legal))
    return state


def start_words(args: argparse.Namespace) -> str:
    """How the start was chosen, in words (what the commands say before their figures)."""
    if getattr(args, "position", None) is not None or getattr(args, "state", None) is not None:
        return f"the position {getattr(args, 'position', None) or args.state!r}"
    if getattr(args, "scramble", None) is not None:
        return f"a scramble of {args.scramble} random moves (seed {args.seed})"
    if getattr(args, "moves", None):
        return f"the start after {args.moves!r}"
    return "the start"


def _played(game: Any, moves: str) -> State:
    """The start, then each of `moves` played (a puzzle goes on past its goal here)."""
    state = game.initial_state()
    for number, text in enumerate(moves.split(), 1):
        try:
            state = game.apply(state, game.parse_move(state, text))
        except IllegalMove as err:
            raise IllegalMove(f"--moves, move {number}: {err.args[0]}", err.legal) from None
    return state


def _text(game: Any, state: State) -> str:
    write = getattr(game, "state_text", None)
    return write(state) if write else repr(state)


def _texts(game: Any, state: State, moves: tuple) -> list[str]:
    """The moves' texts, each read in the position it is played from."""
    out = []
    for m in moves:
        out.append(game.move_text(state, m))
        state = game.apply(state, m)
    return out


def _enumerate(game: Any, start: State, args: argparse.Namespace,
               status: Any) -> tuple[list[str], dict]:
    def progress(found: int, depth: int) -> None:
        status.show(f"enumerating {game.name}: {found:,} positions, distance {depth}")

    # A byte table's memory is fixed by the code bound; sets of states need a bound.
    packed = (getattr(game, "code_bound", None) or BYTE_TABLE_LIMIT + 1) <= BYTE_TABLE_LIMIT
    most = args.max_nodes if args.max_nodes is not None else \
        None if packed else limits.SEARCH_NODES
    result = enumerate_space(game, start, progress=progress if status.enabled else None,
                             every=PROGRESS_EVERY, max_states=most)
    status.clear()
    data = {"puzzle": game.name, "from": _text(game, start), "total": result.total,
            "greatest": result.greatest, "distribution": list(result.distribution),
            "seconds": round(result.seconds, 3), "complete": result.complete,
            "storage": result.storage}
    width = len(str(result.greatest))
    lines = [f"from: {data['from']}",
             f"positions: {result.total}",
             f"greatest distance: {result.greatest}",
             "distribution (distance: positions):"]
    lines += [f"  {d:>{width}}: {n}" for d, n in enumerate(result.distribution)]
    lines.append(f"time: {result.seconds:.3f} s ({result.storage})")
    if args.classes:
        status.show(f"counting the symmetry classes of {game.name}...")
        classes = count_classes(game, start, max_states=most)
        status.clear()
        data["classes"] = classes.total
        data["class_distribution"] = list(classes.distribution)
        lines.append(f"classes of symmetric positions: {classes.total} "
                     f"({result.total / max(classes.total, 1):.2f} positions each; "
                     f"{classes.seconds:.3f} s)")
    if not result.complete:
        data["stopped"] = "states"
        data["reason"] = f"stopped after the distance where {most or 0:,} positions were " \
                         f"found (--max-nodes)"
        lines.append(f"incomplete: {data['reason']}")
    return lines, data
