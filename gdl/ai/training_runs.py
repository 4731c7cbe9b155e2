"""A training run's self-play games, played by 1 process, N local processes or Ray.

Each game's randomness comes from (seed, round, game index) alone (`game_rng`), and its
result is kept in game order, so one seed gives the same samples, and the same weights
file, however the games were spread. Only the games run in parallel: the fit after each
round is one process's work (gdl.ai.selfplay.fit), on every sample so far.

A game is a `Task`: where to load the game (`Source`: a bundled name or a rules file, its
options, its back end), the round's evaluation (None: the derived one, else fitted
weights and bias), the seed, the round, the index and the node budget. A worker process
loads the game once from its Source (spawn-safe: nothing but that text crosses), so the
same task gives the same game in any process, on this machine or on a Ray cluster.

Ctrl-C during the run (gdl.interrupts.deferred) lets the games under way finish, keeps
the games done before any game not yet finished, and the run stops there with a
checkpoint (gdl.ai.train_checkpoint) that `--resume` continues.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import numpy as np

from gdl import interrupts, spread
from gdl.ai import selfplay
from gdl.errors import GdlError

Weights = tuple[tuple[float, ...], float]   # a fitted evaluation: (weights, bias)


@attrs.frozen
class Source:
    """Where a worker loads the game from: what `gdl train` was given, and the function
    that loads it (gdl.catalog.load, passed down by the command: a module's function,
    which pickles as its name)."""
    loader: Callable[[str, dict[str, str]], Any]
    rules: str                                  # a bundled name or a rules file's path
    options: tuple[tuple[str, str], ...] = ()   # --set NAME=VALUE, as texts
    backend: str | None = None                  # --backend

    def load(self) -> Any:
        from gdl.interpreter.c.backend import with_backend
        return with_backend(self.loader(self.rules, dict(self.options)), self.backend)


@attrs.frozen
class Task:
    """One self-play game of a run."""
    source: Source
    weights: Weights | None   # the round's evaluation: None for the derived one
    seed: int
    round: int
    index: int                # the game's number in the whole run, from 0
    nodes: int
    squares: bool = False     # the rows carry the (plane, cell) indicators (gdl.ai.patterns)


@attrs.frozen
class Played:
    """A finished game: its positions' features and the first player's score."""
    rows: list[list[float]]
    score: float


def game_rng(seed: int, round_: int, index: int) -> random.Random:
    """The game's own stream: a string seed is hashed by SHA-512, the same in every
    process and on every machine (not by Python's salted hash)."""
    return random.Random(f"gdl-selfplay:{seed}:{round_}:{index}")


_GAMES: dict[Source, Any] = {}   # a worker process's loaded games


def keep_loaded(source: Source, game: Any) -> None:
    """Let this process's games of `source` play on `game` (already loaded: 1 worker)."""
    _GAMES.setdefault(source, game)


def play_task(task: Task) -> Played:
    """Play one task's game (a worker's function: top level, so spawn and Ray find it)."""
    from gdl.ai import fitted as use, patterns
    from gdl.ai.weights_file import evaluation
    from gdl.solvers.search.native_alphabeta import native_searcher
    game = _GAMES.get(task.source)
    if game is None:
        game = _GAMES[task.source] = task.source.load()
    derived = use.features_of(game)
    if derived is None:
        raise GdlError(f"{game.name}: training needs a two-player board game")
    names, features = derived
    board = patterns.Squares(game.ir) if task.squares else None
    row_of = features if board is None else patterns.rows(features, board)
    weights: Any = None
    if task.weights is None:
        heuristic = getattr(game, "heuristic", None) or (lambda state: (0.0, 0.0))
    else:
        found = learned_weights(game, names, board, *task.weights)
        heuristic = evaluation(features, found)
        weights = found.compiled()

    def native(_: Any, fallback: Any) -> Any:
        found = native_searcher(game, weights, max_nodes=task.nodes, fallback=fallback)
        return fallback if found is None else found

    rows, score = selfplay.play_one(game, row_of, heuristic,
                                    game_rng(task.seed, task.round, task.index),
                                    task.nodes, native)
    return Played(rows, score)


def learned_weights(game: Any, names: Sequence[str], board: Any, w: Sequence[float],
                    b: float) -> Any:
    """The weights file of a fit over the rows (the features, then the board's (plane,
    cell) indicators when `board`): the hand-derived weights and the learned table."""
    from gdl.ai.weights_file import Weights as File
    hand = tuple(float(v) for v in w[:len(names)])
    table = board.describe(board.table(w[len(names):])) if board is not None else {}
    return File(game.name, game.rules_hash, tuple(names), hand, float(b), patterns=table)


class Runner(spread.Here):
    """Plays tasks in order in this process: the base of the parallel runners."""

    def played(self, tasks: Sequence[Task], stop: Callable[[], bool]) -> Iterator[Played]:
        """The tasks' games in order, up to the first not finished when `stop()` held."""
        for task in tasks:
            if stop():
                return
            yield play_task(task)


class Processes(spread.Processes, Runner):
    """N spawned local processes (concurrent.futures); a worker leaves Ctrl-C to the
    command, which lets its game finish."""

    def played(self, tasks: Sequence[Task], stop: Callable[[], bool]) -> Iterator[Played]:
        futures = [self.pool.submit(play_task, task) for task in tasks]
        try:
            for future in futures:
                if stop():   # the games not started are dropped, those under way finish
                    for later in futures:
                        later.cancel()
                if future.cancelled():
                    return
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


class OnRay(spread.OnRay, Runner):
    """The games as Ray tasks: `address` a running cluster's (`ray start --head` prints
    it) or "local" for a Ray started here. Results are taken in game order."""

    def __init__(self, address: str, workers: int | None = None) -> None:
        super().__init__(play_task, address, workers)

    def played(self, tasks: Sequence[Task], stop: Callable[[], bool]) -> Iterator[Played]:
        refs = [self.remote.remote(task) for task in tasks]
        try:
            for k, ref in enumerate(refs):
                if stop():   # keep the games finished by now, in order, and drop the rest
                    ready, _ = self.ray.wait(refs[k:], num_returns=len(refs) - k, timeout=0)
                    done = set(ready)
                    for later in refs[k:]:
                        if later not in done:
                            return
                        yield self.ray.get(later)
                    return
                yield self.ray.get(ref)
        finally:
            for ref in refs:
                self.ray.cancel(ref)


def runner(workers: int = 1, ray: str | None = None) -> Runner:
    """The runner `gdl train --workers N [--ray ADDRESS]` asks for."""
    return spread.runner(workers, ray, Runner, Processes, OnRay)


@attrs.define
class Progress:
    """Where a run stands: the games played, in order (each round's fit follows from them)."""
    games: list[Played] = attrs.field(factory=list)

    def samples(self) -> tuple[np.ndarray, np.ndarray]:
        rows = [row for g in self.games for row in g.rows]
        targets = [g.score for g in self.games for _ in g.rows]
        return np.array(rows), np.array(targets)


def per_round(games: int, rounds: int) -> list[int]:
    return [games // rounds + (1 if r < games % rounds else 0) for r in range(rounds)]


def run(source: Source, game_name: str, games: int, seed: int, nodes: int, runner: Runner,
        progress: Progress, rounds: int = 2, on_round: Callable[[Progress], None] | None = None,
        show: Callable[[str], None] | None = None,
        stop: Callable[[], bool] | None = None, squares: bool = False
        ) -> dict[str, Any] | None:
    """Play the run's games not yet in `progress` and fit: {"weights", "bias", "positions",
    "first_player_score", "log_loss"}, or None when `stop()` held before the last game
    (progress then holds the games done). Round r plays by the fit of every game of the
    rounds before it. on_round(progress) is called after each finished round (to keep a
    checkpoint). squares: the rows carry the board's (plane, cell) indicators too, and
    the fit learns their table (gdl.ai.patterns)."""
    stop = stop or interrupts.pressed
    weights: Weights | None = None
    start = 0
    with interrupts.deferred():
        for r, count in enumerate(per_round(games, rounds)):
            indices = range(start, start + count)
            start += count
            if len(progress.games) < indices.stop:
                if stop():
                    return None
                tasks = [Task(source, weights, seed, r, i, nodes, squares)
                         for i in indices if i >= len(progress.games)]
                for played in runner.played(tasks, stop):
                    progress.games.append(played)
                    if show is not None:
                        show(f"train {game_name}: round {r + 1}/{rounds}, game "
                             f"{len(progress.games)}/{games}, {runner.label}")
                if len(progress.games) < indices.stop:
                    return None
                if on_round is not None:
                    on_round(progress)
            x, y = progress.samples()
            if len(x):
                w, b = selfplay.fit(x, y)
                weights = (tuple(float(v) for v in w), float(b))
    x, y = progress.samples()
    w_final = np.array(weights[0]) if weights else np.zeros(x.shape[1] if x.ndim == 2 else 0)
    b_final = weights[1] if weights else 0.0
    first = sum(g.score for g in progress.games)
    return {"weights": [float(v) for v in w_final], "bias": b_final, "positions": len(x),
            "first_player_score": round(first / max(1, len(progress.games)), 4),
            "log_loss": round(selfplay.log_loss(x, y, w_final, b_final), 4) if len(x) else None}
