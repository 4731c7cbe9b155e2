"""Speed figures for `gdl bench`: random playouts per second and alpha-beta nodes per second.

Each figure is the median of several timed runs, so one slow run (a garbage
collection, another process) does not move it. Nothing here asserts a speed.

>>> from tests.references.games import TicTacToe
>>> r = measure(TicTacToe(), seconds=0.01, runs=3)
>>> r.playouts_per_second > 0 and r.alphabeta_nodes_per_second > 0
True
"""

from __future__ import annotations

import random
import statistics
from time import perf_counter

import attrs

from gdl.protocol import Game, has_simultaneous
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.evaluation import make_evaluator

RUNS = 5
MAX_PLAYOUT_PLIES = 10_000  # a playout this long is cut (a game that may never end)


@attrs.frozen
class SpeedResult:
    """Medians over `runs` runs of `seconds` each; alphabeta_nodes_per_second is None for
    games alpha-beta cannot search (not two-player zero-sum)."""

    game: str
    runs: int
    seconds: float
    playouts_per_second: float
    plies_per_second: float
    alphabeta_nodes_per_second: float | None

    def to_json(self) -> dict:
        ab = self.alphabeta_nodes_per_second
        return {"game": self.game, "runs": self.runs, "seconds_per_run": self.seconds,
                "playouts_per_second": round(self.playouts_per_second, 1),
                "plies_per_second": round(self.plies_per_second, 1),
                "alphabeta_nodes_per_second": None if ab is None else round(ab, 1)}


def playout_rate(game: Game, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(random playouts/s, moves/s) from the start for about `seconds` (at least one playout);
    in C when the game has native playouts (gdl.interpreter.c), in batches that double."""
    native = getattr(game, "native_playouts", None)
    if native is not None:
        rates = _native_rate(game, native, seconds, seed)
        if rates is not None:
            return rates
    rng = random.Random(seed)
    legal_moves, apply, is_terminal = game.legal_moves, game.apply, game.is_terminal
    start, games, plies = perf_counter(), 0, 0
    while games == 0 or perf_counter() - start < seconds:
        state = game.initial_state()
        for _ in range(MAX_PLAYOUT_PLIES):
            if is_terminal(state):
                break
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
            plies += 1
        games += 1
    elapsed = perf_counter() - start
    return games / elapsed, plies / elapsed


def _native_rate(game: Game, native, seconds: float, seed: int) -> tuple[float, float] | None:
    state = game.initial_state()
    # one playout before the clock starts: the library is built (or loaded) there
    if native(state, 1, seed, MAX_PLAYOUT_PLIES) is None:
        return None
    start, games, plies, batch = perf_counter(), 0, 0, 1
    while games == 0 or perf_counter() - start < seconds:
        done = native(state, batch, seed + games, MAX_PLAYOUT_PLIES)
        if done is None:
            return None
        games, plies, batch = games + batch, plies + done[0], batch * 2
    elapsed = perf_counter() - start
    return games / elapsed, plies / elapsed


def alphabeta_rate(game: Game, seconds: float) -> float:
    """Nodes/s of one iterative-deepening alpha-beta search from the start, fresh table."""
    result = AlphaBeta(game, evaluate=make_evaluator(game), time_limit=seconds).search()
    return result.stats.nodes / max(result.stats.seconds, 1e-9)


def searchable(game: Game) -> bool:
    """Whether alpha-beta can search the game (two players, zero-sum, turns)."""
    return len(game.players) == 2 and bool(getattr(game, "zero_sum", False)) \
        and not has_simultaneous(game)


def measure(game: Game, seconds: float = 0.4, runs: int = RUNS) -> SpeedResult:
    """Median playout and alpha-beta rates over `runs` runs of `seconds` each."""
    playouts = [playout_rate(game, seconds, seed) for seed in range(1, runs + 1)]
    ab = None
    if searchable(game):
        ab = statistics.median(alphabeta_rate(game, seconds) for _ in range(runs))
    return SpeedResult(game.name, runs, seconds,
                       statistics.median(p for p, _ in playouts),
                       statistics.median(m for _, m in playouts), ab)
