"""The public Python API (re-exported by `gdl`): load, ask the AI, solve, count.

Every function takes a game (from `load`), a `Position`, or a game's name with
its options; every move it returns is in the game's notation. Levels and
defaults are the command line's: level "hard", 1 s per move (see gdl.ai.players).

>>> import gdl
>>> gdl.solve("tictactoe").value
'draw'
>>> gdl.perft("connect4", 2, width=5).count
25
"""

from __future__ import annotations

from time import perf_counter
from typing import Any
from collections.abc import Iterable

import attrs

from gdl import catalog, limits
from gdl.errors import GdlError
from gdl.interpreter.c.backend import for_search, with_backend
from gdl.solvers.search.perft import iter_divide
from gdl.ai.players import DEFAULT_LEVEL, AIPlayer, make_player
from gdl.position import Position, checked_move
from gdl.protocol import CONSTRAINTS, GAME, Game, State
from gdl.solvers.search.alphabeta import SearchResult
from gdl.solvers.constraints.solve import solve_csp
from gdl.solvers.search.evaluation import WIN
from gdl.solvers.search.exact import solve as exact_solve
from gdl.solvers.search.mcts import MCTSResult
from gdl.solvers.puzzles.choose import default_method, solve_puzzle

GameLike = Game | Position | str


def load(name_or_path: str, *, backend: str | None = None, **options: Any) -> Any:
    """The game `name_or_path` (a bundled name, see `gdl list`, or a rules file) with its
    options given as Python values (`width=5`, `heaps=[1, 2, 3]`) or texts, on the back
    end `backend` (see gdl.interpreter.c.backend: auto, native or python; by default auto: the AI
    searches in C when a compiler is found, saying once why when it cannot; the loops fall
    back to Python without a word).

    Raises:
        UnknownGame, OptionError, RulesSyntaxError, RulesSemanticError; GdlError for
        `backend="native"` without a C compiler.

    >>> load("connect4", width=5).options["width"]
    5
    >>> load("tictactoe", backend="python").backend
    'python'
    """
    return with_backend(catalog.load(name_or_path, options), backend)


def apply(game: Game, state: State, move: Any) -> State:
    """The state after `move` (its text, or the game's move value), checked: the protocol's
    own `game.apply` trusts its move, for the solvers' speed; this one does not.

    Raises:
        IllegalMove: the move is not legal in `state` (the legal ones are named).

    >>> game = load("tictactoe")
    >>> after = apply(game, game.initial_state(), "b2")
    >>> apply(game, after, "b2")
    Traceback (most recent call last):
    ...
    gdl.errors.IllegalMove: 'b2' is not a legal move; legal moves: a1 b1 c1 a2 c2 a3 b3 c3
    """
    return game.apply(state, checked_move(game, state, move))


def _position(game: GameLike, moves: Iterable[str], options: dict[str, Any],
              state: State | str | None = None) -> Position:
    """`game` after `moves`, from `state` when given: a state value of the game, or its
    position text (what `Position.text` gives and `--position` reads)."""
    if isinstance(game, Position):
        if options:
            raise GdlError("options are set when a game is loaded, not on a position")
        if state is not None:
            raise GdlError("state= starts a game, not a Position (it has its own)")
        if not moves:
            return game
        pos = game.copy()   # the moves go on from the position with its history
        for move in moves:
            pos.play(move)
        return pos
    compiled = load(game, **options) if isinstance(game, str) else game
    if isinstance(state, str):
        return Position(compiled, moves, position=state)
    return Position(compiled, moves, start=state)


def _texts(game: Game, state: State, moves: Iterable[Any]) -> tuple[str, ...]:
    """A line of moves from `state`, in notation."""
    out = []
    for move in moves:
        out.append(game.move_text(state, move))
        state = game.apply(state, move)
    return tuple(out)


# --------------------------------------------------------------------------- the AI

@attrs.frozen
class AIMove:
    """The AI's choice. engine: "alphabeta", "mcts" or "puzzle"; value: its estimate for
    the player to move, -1..1 (MCTS: the mean payoff), None for a puzzle; outcome: "win",
    "loss" or "draw" when alpha-beta saw the end of the game, else None; depth:
    alpha-beta's completed depth; nodes: positions searched (MCTS: iterations); line:
    the expected continuation, in notation."""

    move: str
    engine: str
    value: float | None
    outcome: str | None
    depth: int | None
    nodes: int | None
    seconds: float
    line: tuple[str, ...] = ()


def ai_move(game: GameLike, *, moves: Iterable[str] = (), level: str = DEFAULT_LEVEL,
            seconds: float | None = None, seed: int | None = None, engine: str = "ai",
            backend: str | None = None, **options: Any) -> AIMove:
    """The AI's move in a position (a Position, or a game and `moves` from its start).

    Args:
        level: "easy", "medium" or "hard" (the default, as `gdl play --level`).
        seconds: time per move (default: the level's; hard: 1 s, as `gdl play --time`).
        seed: seeds the noise of the easy level and MCTS.
        engine: "ai" (alpha-beta for two-player zero-sum games, else MCTS), "alphabeta"
            or "mcts".
        backend: where the AI searches: by default in C when a compiler is found (saying
            once on stderr why not, when it cannot); "python" keeps it on Python.
    Raises:
        GdlError: the game is over; OptionError: an unknown level or engine.

    >>> pos = Position(load("tictactoe"), ["a1", "b1", "a2", "b2"])
    >>> ai_move(pos, seconds=0.2).move     # X completes the a file
    'a3'
    """
    pos = _position(game, moves, options)
    if pos.is_over:
        raise GdlError(f"the game is over ({pos.result}): there is no move to choose")
    searched = pos.game if backend == "python" else for_search(pos.game)   # in C if it can
    player = make_player(f"{engine}:{level}", searched, level, seed, seconds)
    start = perf_counter()
    move = player.choose(searched, pos.state)
    spent = perf_counter() - start
    text = pos.game.move_text(pos.state, move)
    found = player.last if isinstance(player, AIPlayer) else None
    if isinstance(found, SearchResult):
        decided = found.outcome
        # A decided score is the payoff times WIN less the plies to the end: report the payoff.
        value = round(found.value / WIN) if decided else found.value
        line = found.pv if found.pv[:1] == (move,) else (move,)   # easy's noise strays
        return AIMove(text, "alphabeta", float(value), decided, found.stats.depth,
                      found.stats.nodes, spent, _texts(pos.game, pos.state, line))
    if isinstance(found, MCTSResult):
        return AIMove(text, "mcts", found.value, None, None, found.stats.iterations, spent,
                      (text,))
    return AIMove(text, "puzzle", None, None, None, None, spent, (text,))


# --------------------------------------------------------------------------- solving

@attrs.frozen
class SolveResult:
    """A game solved exactly: value "win", "loss" or "draw" for the player to move
    (`to_move`), a best move (None when the game is over), nodes searched, seconds."""

    value: str
    best_move: str | None
    to_move: str
    nodes: int
    seconds: float
    method: str


@attrs.frozen
class PuzzleSolution:
    """An optimal solution (None when there is none; `unsolvable` says why, `unsolved`
    why the search stopped), its length, the method, nodes expanded, seconds."""

    solution: tuple[str, ...] | None
    length: int | None
    method: str
    nodes: int
    seconds: float
    unsolvable: str | None = None
    unsolved: str | None = None


@attrs.frozen
class ConstraintSolution:
    """A constraint puzzle's answer: status "unique", "multiple solutions", "no
    solution", or "unknown" (the time limit came first); `solution` the grid as rows of
    numbers (None when there is none, or none was found in time)."""

    status: str
    solution: tuple[tuple[int | None, ...], ...] | None
    seconds: float
    method: str

    @property
    def unique(self) -> bool:
        return self.status == "unique"


def solve(game: GameLike, *, moves: Iterable[str] = (), state: State | str | None = None,
          method: str | None = None, time_limit: float | None = None,
          given: str | None = None, **options: Any
          ) -> SolveResult | PuzzleSolution | ConstraintSolution:
    """Solve a game exactly, a puzzle optimally or a constraint puzzle, as `gdl solve`.

    Args:
        moves: moves played from the start (or from `state`) first (games and puzzles).
        state: games and puzzles: solve from this position instead of the start, a state
            of the game or its position text (as `gdl solve --position`; a puzzle's
            `--state`, e.g. "867254301" for the 8-puzzle).
        method: games "alphabeta" (default), "memo" or "pn" (proof-number search: win,
            draw or loss, for wide games won by narrow lines); puzzles "bfs", "bidirectional" or
            "idastar" (default: the puzzle's best, as `gdl solve`).
        time_limit: give up after this many seconds (SolverError for games, an unsolved
            PuzzleSolution for puzzles, status "unknown" for constraint puzzles).
        given: constraint puzzles: the clues row by row ('.' for a blank).
    Raises:
        SolverError: a game that is not two-player zero-sum, or the time ran out.

    >>> solve("hex", size=4, method="pn").value
    'win'
    >>> solve("queens", n=6).solution
    ((2, 4, 6, 1, 3, 5),)
    >>> solve("eight_puzzle", state="123456708").solution
    ('left',)
    """
    target = load(game, **options) if isinstance(game, str) else game
    if getattr(target, "kind", None) == CONSTRAINTS:
        if state is not None:
            raise GdlError("a constraint puzzle is solved from its clues: give given=, "
                           "not state=")
        return _solve_constraints(target, given, time_limit)
    pos = _position(target, moves, {}, state)
    if pos.game.kind == GAME:
        return _solve_game(pos, method, time_limit)
    most = limits.puzzle_nodes(method or default_method(pos.game), None)   # a memory bound
    result = solve_puzzle(pos.game, pos.state, method=method, time_limit=time_limit,
                          max_nodes=most)
    line = None if result.solution is None else _texts(pos.game, pos.state, result.solution)
    return PuzzleSolution(line, result.length, result.method, result.nodes, result.seconds,
                          result.unsolvable, result.unsolved)


def _solve_game(pos: Position, method: str | None, limit: float | None) -> SolveResult:
    # The solver's own limits, as `gdl solve` has them: the time, and the node and table
    # bounds (a SolveLimit, a SolverError, says which was reached).
    found = exact_solve(pos.game, pos.state, method=method or "alphabeta", time_limit=limit,
                        **limits.solve_limits(None))
    best = None if found.best_move is None else pos.game.move_text(pos.state, found.best_move)
    mover = pos.game.players[pos.game.current_player(pos.state)]
    return SolveResult(found.value, best, mover, found.nodes, found.seconds, found.method)


def grid_rows(puzzle: Any, assignment: dict) -> tuple[tuple[int | None, ...], ...]:
    """A constraint puzzle's assignment as rows of numbers (top row first); None where a
    cell holds no value."""
    return tuple(tuple(assignment.get((r, c)) for c in range(puzzle.width))
                 for r in range(puzzle.height))


def _solve_constraints(puzzle: Any, given: str | None, time_limit: float | None
                       ) -> ConstraintSolution:
    found = solve_csp(puzzle.csp(given), count=True, limit=2, time_limit=time_limit)
    n = found.count or 0
    status = "no solution" if n == 0 else "unique" if n == 1 else "multiple solutions"
    if found.stopped:   # out of time: what was found, its uniqueness unknown
        status = "multiple solutions" if n >= 2 else "unknown"
    rows = None if found.solution is None else grid_rows(puzzle, found.solution)
    return ConstraintSolution(status, rows, found.seconds, found.method)


# --------------------------------------------------------------------------- perft

@attrs.frozen
class PerftResult:
    """The move sequences of exactly `depth` plies (see gdl.solvers.search.perft), and the count
    below each first move, in notation and legal-move order."""

    depth: int
    count: int
    divide: tuple[tuple[str, int], ...]
    seconds: float


def perft(game: GameLike, depth: int, *, moves: Iterable[str] = (), **options: Any
          ) -> PerftResult:
    """Count the move sequences of `depth` plies from a position (as `gdl perft`).

    >>> perft("tictactoe", 2).divide[:2]
    (('a1', 8), ('b1', 8))
    """
    pos = _position(game, moves, options)
    start = perf_counter()
    split = tuple((pos.game.move_text(pos.state, m), n)
                  for m, n in iter_divide(pos.game, pos.state, depth))
    count = sum(n for _, n in split) if depth else 1
    return PerftResult(depth, count, split, perf_counter() - start)
