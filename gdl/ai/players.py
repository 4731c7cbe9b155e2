"""Players: a human at the terminal, a random mover and the AI, all with one method.

A player has a `name` (its spec, e.g. "ai:hard") and `choose(game, state) -> move`.
`make_player` builds one from a spec string, as the command line and matches do:

    human | random | ai[:LEVEL] | alphabeta[:LEVEL] | mcts[:LEVEL]
    LEVEL: easy, medium, hard, or a number N (a fixed budget of N nodes or simulations)

The AI evaluates positions by the game's fitted weights when it has a weights file for
these rules (`gdl train`), else by the derived evaluation, and picks its solver by the
choice stored with the weights; without one, alpha-beta (iterative deepening, a bounded
transposition table) for two-player zero-sum games, else MCTS.

Easy and medium search a fixed number of nodes (alpha-beta) or simulations (MCTS), as
does a numbered level, so they play the same moves on every run with a seed; hard uses
the time per move; under the default second it searches at least 10,000 nodes or
simulations (5x medium's) however loaded the machine.

>>> from tests.references.games import TicTacToe
>>> g = TicTacToe()
>>> make_player("ai:hard", g, time_per_move=0.2).choose(g, g.initial_state()) in range(9)
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol
from collections.abc import Callable

import attrs

from gdl import limits
from gdl.errors import GdlError, IllegalMove, OptionError, SolverError
from gdl.ai.exact_probe import ExactProbe
from gdl.ai.safety import safe_choice
from gdl.solvers.search.native_mcts import NativeMCTS, native_mcts
from gdl.solvers.search.native_alphabeta import NativeAlphaBeta, native_searcher
from gdl.protocol import (PUZZLE, Game, Move, State, has_chance, has_simultaneous,
                          refuse_simultaneous)
from gdl.solvers.search.alphabeta import AlphaBeta, SearchResult
from gdl.solvers.search.chances import best_chance
from gdl.solvers.search.evaluation import make_evaluator
from gdl.solvers.search.mcts import MAX_ROLLOUT_PLIES, MAX_TREE_NODES, MCTS, MCTSResult
from gdl.solvers.puzzles.choose import default_method, solve_puzzle
from gdl.solvers.search.tables import BoundedTable
from gdl.ai import fitted as use

KINDS = ("human", "random", "ai", "alphabeta", "mcts")
DEFAULT_LEVEL = "hard"       # as `gdl play --level` and the Python API default
DEFAULT_SECONDS = 1.0        # the hard level's time per move unless overridden
TABLE_ENTRIES = 200_000      # about 40 MB (see tables.BYTES_PER_ENTRY)


class Player(Protocol):
    name: str

    def choose(self, game: Game, state: State) -> Move: ...


@attrs.frozen
class Level:
    """A strength: nodes: the search budget per move, alpha-beta nodes or MCTS simulations
    (None: the time per move instead); noise: probability of playing a random move other
    than the best; floor: under the default time per move, the nodes searched however
    slow the machine (the deadline waits for them), so that hard stays above medium; a
    time per move given is kept exactly."""

    nodes: int | None
    noise: float
    floor: int = 0


LEVELS = {
    "easy": Level(nodes=150, noise=0.15),
    "medium": Level(nodes=2000, noise=0.0),
    "hard": Level(nodes=None, noise=0.0, floor=10_000),
}
MAX_LEVEL_NODES = 100_000_000
# the C MCTS's options where the weights file stores none (docs/ai.md, "MCTS in C":
# measured at equal time; MAST's epsilon is the file's `mcts_mast`); its tree is kept
# between moves
NATIVE_MCTS: dict[str, Any] = {"mast": 0.0, "solver": False}
# and in a game with chance nodes, rollouts that take a win at once (uniform ones miss the
# wins within reach: 0.625 over 200 self-play games) and chance nodes visited by their odds
# (no measured gain; they lower the variance of a node's mean): docs/ai.md, "Chance games"
CHANCE_MCTS: dict[str, Any] = {"decisive": True, "stratify": True}


def parse_level(text: str) -> Level:
    """A named level, or a number N: a fixed budget of N nodes or simulations.

    Raises:
        OptionError: neither.
    """
    if text in LEVELS:
        return LEVELS[text]
    if text.isdigit() and 0 < int(text) <= MAX_LEVEL_NODES:
        return Level(nodes=int(text), noise=0.0)
    raise OptionError(f"unknown level {text!r}; expected one of {', '.join(LEVELS)} "
                      f"or a number of nodes (1 to {MAX_LEVEL_NODES:,})")


class HumanPlayer:
    """Reads moves as text from `input_fn`, asking again until one is legal.

    An empty line, "?" or "help" lists the legal moves; an unreadable or illegal
    move is refused with the legal moves shown.

    Raises (from choose):
        GdlError: the input ended (EOF) before a legal move was given.
    """

    def __init__(self, input_fn: Callable[[str], str] = input,
                 output_fn: Callable[[str], None] = print, name: str = "human") -> None:
        self.input_fn, self.output_fn, self.name = input_fn, output_fn, name

    def choose(self, game: Game, state: State) -> Move:
        prompt = f"{game.players[game.current_player(state)]} to move: "
        while True:
            try:
                text = self.input_fn(prompt).strip()
            except EOFError:
                raise GdlError("the input ended before a move was given") from None
            legal = game.legal_moves(state)
            if text.lower() in ("", "?", "help"):
                self.output_fn("legal moves: " + " ".join(game.move_text(state, m) for m in legal))
                continue
            try:
                move = game.parse_move(state, text)
                if move not in legal:
                    raise IllegalMove(f"{text!r} is not a legal move",
                                      tuple(game.move_text(state, m) for m in legal))
                return move
            except IllegalMove as err:
                self.output_fn(str(err))


class RandomPlayer:
    """Plays a uniformly random legal move (seeded)."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.rng, self.name = random.Random(seed), name

    def choose(self, game: Game, state: State) -> Move:
        return self.rng.choice(list(game.legal_moves(state)))


class PuzzleSolverPlayer:
    """The AI of a puzzle: it solves the position optimally, then plays the solution
    move by move (solving again if the position is not the one it expected).

    With `time_per_move`, a search that runs out of time plays a random legal move
    instead (seeded) and tries again from the next position: every move keeps to the
    budget, even on a puzzle too big to solve."""

    def __init__(self, name: str = "ai", time_per_move: float | None = None,
                 seed: int | None = None) -> None:
        self.name = name
        self.seconds = time_per_move
        self.rng = random.Random(seed)
        self._plan: list[Move] = []
        self._expected: State | None = None

    def choose(self, game: Game, state: State) -> Move:
        if not self._plan or state != self._expected:
            most = limits.puzzle_nodes(default_method(game), None)   # a memory bound
            result = solve_puzzle(game, state, time_limit=self.seconds, max_nodes=most)
            if result.solution is None and result.unsolved and self.seconds is not None:
                self._plan = []
                return self.rng.choice(list(game.legal_moves(state)))
            if result.solution is None:
                raise SolverError(f"the puzzle cannot be solved from here: "
                                  f"{result.unsolvable or result.unsolved}")
            self._plan = list(result.solution)
        move = self._plan.pop(0)
        self._expected = game.apply(state, move)
        return move


class AIPlayer:
    """The computer opponent.

    Args:
        game: the game it plays (its solver is built for it).
        level: "easy" (a small budget and noise), "medium", "hard" (the default, as on
            the command line: the strongest search within the time per move), or a
            number N: N nodes or simulations per move.
        seed: seeds the noise and MCTS.
        time_per_move: seconds per move: the hard level's budget (default 1 s); the
            levels with a node budget do not look at the clock.
        engine: "auto" (the choice stored with the game's weights; without one,
            alpha-beta for two-player zero-sum games, else MCTS), "alphabeta" or "mcts".
        max_nodes: the MCTS tree's memory bound (default `mcts.MAX_TREE_NODES`).
        evaluation: "auto" (the fitted weights when the game has them, else the derived
            evaluation) or "derived" (never the weights: to measure what they bring).
        tables: a position's best move read from endgame tables, None when they do not
            hold it (gdl.solvers.tablebase.probe.move_probe); such a move is played as is.

    After each move `last` holds the solver's result (SearchResult or MCTSResult).

    Raises:
        OptionError: an unknown level or engine.
        SolverError: alpha-beta asked for a game it cannot search.
    """

    def __init__(self, game: Game, level: str = DEFAULT_LEVEL, seed: int | None = None,
                 time_per_move: float | None = None, engine: str = "auto",
                 name: str | None = None, max_nodes: int | None = None,
                 evaluation: str = "auto",
                 tables: Callable[[State], Move | None] | None = None) -> None:
        if evaluation not in ("auto", "derived"):
            raise OptionError(f"unknown evaluation {evaluation!r}; expected auto or derived")
        if engine not in ("auto", "alphabeta", "mcts"):
            raise OptionError(f"unknown engine {engine!r}; expected auto, alphabeta or mcts")
        refuse_simultaneous(game, "the AI")
        self.game, self.level = game, parse_level(level)
        self.name = name or f"ai:{level}"
        self.tables = tables
        self.rng = random.Random(seed)
        self.chance_rng = random.Random(seed)   # its own stream: the noise's stays as it was
        nodes = self.level.nodes
        budget = DEFAULT_SECONDS if time_per_move is None else time_per_move
        self.seconds = budget if nodes is None else None
        floor = self.level.floor if time_per_move is None else 0   # a time given is kept
        two_player = len(game.players) == 2 and getattr(game, "zero_sum", False)
        fitted = use.fitted(game) if two_player and evaluation == "auto" else None
        heuristic = fitted[0] if fitted else getattr(game, "heuristic", None)
        # the stored engine: this file's, or for other options of its rules, theirs
        stored: dict[str, Any] = fitted[1].engine if fitted else \
            use.borrowed_engine(game) if two_player else {}
        chosen = stored.get("choice")
        weights = use.compiled_weights(fitted)   # the C evaluation's (None: the derived one)
        chance = has_chance(game)   # dice: MCTS draws them (issue 31)
        if engine == "auto":
            engine = "mcts" if chance else chosen if chosen in ("alphabeta", "mcts") else \
                "alphabeta" if two_player else "mcts"
        if engine == "alphabeta":
            mover = game.current_player
            evaluate = (lambda s: heuristic(s)[mover(s)]) if heuristic is not None \
                else make_evaluator(game)
            self.engine: AlphaBeta | MCTS | NativeAlphaBeta | NativeMCTS = AlphaBeta(
                game, table=BoundedTable(TABLE_ENTRIES), evaluate=evaluate,
                time_limit=self.seconds, max_nodes=nodes, min_nodes=floor)
            native = native_searcher(game, weights, time_limit=self.seconds, max_nodes=nodes,
                                     min_nodes=floor, fallback=self.engine) \
                if heuristic is not None else None
            if heuristic is None and hasattr(game, "on_python"):
                game.on_python("the AI searches", "the game has no evaluation the C back end "
                               "compiles (its mobility is counted on Python)")
            if native is not None:   # the search and its evaluation in C
                self.engine = native
        else:
            cutoff = fitted[1].engine.get("mcts_cutoff_plies") if fitted else None
            plan: dict[str, Any] = dict(seed=self.rng.randrange(2**32), iterations=nodes,
                                        time_limit=self.seconds,
                                        max_rollout_plies=int(cutoff or MAX_ROLLOUT_PLIES),
                                        max_nodes=max_nodes or MAX_TREE_NODES,
                                        min_iterations=floor)
            self.engine = MCTS(game, evaluate=heuristic, **plan)
            options = dict(NATIVE_MCTS, **(CHANCE_MCTS if chance else {}))
            for key, option in (("mcts_mast", "mast"), ("mcts_rave", "rave"), ("mcts_c", "c")):
                if stored.get(key) is not None:   # measured and kept in the weights file
                    options[option] = float(stored[key])
            tree = native_mcts(game, weights, evaluate=heuristic is not None,
                               fallback=self.engine, reuse=True, **options,
                               **plan) if two_player else None
            if tree is not None:   # the tree, its rollouts and evaluation in C
                self.engine = tree
        self.last: SearchResult | MCTSResult | None = None
        # (not for easy: its noise makes it fallible on purpose)
        self.probe = ExactProbe(game, nodes, enabled=not self.level.noise)

    def choose(self, game: Game, state: State) -> Move:
        if self.tables is not None:
            known = self.tables(state)
            if known is not None:   # the tables' best move: no search betters it
                return known
        proved, spent = self.probe.move(state, self.seconds)   # a proved win or draw
        if proved is not None:
            self.last = proved
            return proved.best_move
        self.last = result = self._search(state, spent)
        best = result.best_move
        if isinstance(self.engine, (AlphaBeta, NativeAlphaBeta)) and \
                isinstance(result, SearchResult):
            # a proved loss or draw: of the moves worth it, the one with the most chances
            left = None if self.seconds is None else self.seconds - result.stats.seconds
            if left is None or left > 0:
                best = best_chance(game, state, result, self.engine, seconds=left,
                                   iterations=self.level.nodes, rng=self.chance_rng)
        ranked = list(game.legal_moves(state))   # MCTS's: the most visited first
        if isinstance(result, MCTSResult):
            visits = dict(result.visits)
            ranked.sort(key=lambda m: -visits.get(m, 0))
        best = safe_choice(game, state, best, ranked, self.seconds)   # never one losing at once
        if self.level.noise and self.rng.random() < self.level.noise:
            others = [m for m in game.legal_moves(state) if m != best]
            if others:
                pick = self.rng.choice(others)
                return safe_choice(game, state, pick, [best], self.seconds)
        return best

    def _search(self, state: State, spent: float) -> SearchResult | MCTSResult:
        """The engine's search, in what the move's time leaves after `spent` seconds."""
        kept = getattr(self.engine, "time_limit", None)
        if not spent or kept is None:
            return self.engine.search(state)
        self.engine.time_limit = max(kept - spent, 0.0)
        try:
            return self.engine.search(state)
        finally:
            self.engine.time_limit = kept


def make_player(spec: str, game: Game, level: str = DEFAULT_LEVEL, seed: int | None = None,
                time_per_move: float | None = None,
                input_fn: Callable[[str], str] = input,
                output_fn: Callable[[str], None] = print,
                max_nodes: int | None = None,
                tables: Callable[[State], Move | None] | None = None) -> Player:
    """A player from a spec: human | random | ai[:LEVEL] | alphabeta[:LEVEL] | mcts[:LEVEL].

    `level` applies when the spec names none (a name, or a number of nodes);
    `max_nodes` bounds an MCTS player's tree; `tables` gives an AI the endgame tables'
    moves (see AIPlayer).

    Raises:
        OptionError: an unknown kind or level.
        SolverError: alphabeta for a game that is not two-player zero-sum.
    """
    kind, _, named_level = spec.strip().lower().partition(":")
    if kind not in KINDS:
        raise OptionError(f"unknown player {spec!r}; expected one of {', '.join(KINDS)}"
                          f" (ai, alphabeta and mcts take :easy, :medium or :hard)")
    if named_level and kind in ("human", "random"):
        raise OptionError(f"player {kind!r} takes no level (got {spec!r})")
    if kind == "human":
        return HumanPlayer(input_fn, output_fn)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "ai" and game.kind == PUZZLE:
        return PuzzleSolverPlayer(f"ai:{named_level or level}", time_per_move, seed)
    engine = "auto" if kind == "ai" else kind
    lvl = named_level or level
    if has_simultaneous(game) and kind in ("ai", "mcts"):   # a mixed strategy, drawn from
        from gdl.ai.simultaneous import SimultaneousAI
        return SimultaneousAI(game, parse_level(lvl), seed, time_per_move, name=f"{kind}:{lvl}")
    return AIPlayer(game, lvl, seed, time_per_move, engine, name=f"{kind}:{lvl}",
                    max_nodes=max_nodes, tables=tables)
