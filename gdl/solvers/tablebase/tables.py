"""Build a game's endgame tables: the classes asked for, lowest first, each split into index
ranges that the workers scan (gdl.solvers.tablebase.build), its passes made here, its file
written (gdl.solvers.tablebase.store).

What is built is the same whoever scans: the ranges' scans are joined in index order, so
1 process, N processes and Ray write the same bytes. A class whose file is already there
and sound is kept (an interrupted build resumes from the classes it finished); a damaged
file is built again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product
from pathlib import Path
from time import perf_counter
from typing import Any

import attrs
import numpy as np

from gdl import spread
from gdl.errors import GdlError
from gdl.solvers.tablebase import store
from gdl.solvers.tablebase.build import Scan, scan, solve
from gdl.solvers.tablebase.index import ClassIndex

Counts = tuple[int, ...]
RANGES_PER_WORKER = 4    # ranges per worker and class: the load stays even as they finish
SMALL = 20_000           # a class this small is scanned here: a worker's start costs more


class Tables:
    """The classes of a game on disk (a directory), read when first asked for.

    Raises (from `get`): TableError for a file of other rules.
    """

    def __init__(self, placement: Any, directory: Path) -> None:
        self.placement, self.directory = placement, Path(directory)
        self._kinds = len(placement.material.kinds)
        self._loaded: dict[Counts, tuple[ClassIndex, np.ndarray] | None] = {}

    def index(self, counts: Counts) -> ClassIndex:
        return ClassIndex(counts, self.placement.cells)

    def path(self, counts: Counts) -> Path:
        return self.directory / store.file_name(counts, self._kinds)

    def get(self, counts: Counts) -> tuple[ClassIndex, np.ndarray] | None:
        """The class's index and values, or None when its file is missing or damaged."""
        if counts not in self._loaded:
            index = self.index(counts)
            values = store.load(self.path(counts), self.placement.digest, counts, index.size)
            self._loaded[counts] = None if values is None else (index, values)
        return self._loaded[counts]

    def code(self, state: tuple) -> int | None:
        """The code (gdl.solvers.tablebase.codes) of `state`, None when its class is not on
        disk."""
        found = self.get(self.placement.counts(state))
        if found is None:
            return None
        return int(found[1][found[0].rank(state[:self.placement.planes], state[-2])])


def classes_up_to(material: Any, pieces: int, cells: int) -> list[Counts]:
    """Every class of at most `pieces` pieces in all (that fits on the board), lowest first."""
    found = [c for c in product(range(pieces + 1), repeat=material.planes)
             if sum(c) <= min(pieces, cells)]
    return sorted(found, key=lambda c: (material.order(c), c))


def closure(material: Any, wanted: Sequence[Counts]) -> list[Counts]:
    """The classes `wanted` and every class below them, lowest first."""
    found: set[Counts] = set()
    todo = list(wanted)
    while todo:
        c = todo.pop()
        if c not in found:
            found.add(c)
            todo.extend(material.below(c))
    return sorted(found, key=lambda c: (material.order(c), c))


def parse_spec(spec: str, material: Any, cells: int) -> list[Counts]:
    """`--up-to SPEC`: a number of pieces (every class of at most that many), or classes
    named as their files are (`1-0_0-2`: one man against two kings), comma-separated, each
    with the classes below it.

    Raises:
        GdlError: a SPEC that is neither (what is expected is said).
    """
    kinds, players = len(material.kinds), len(material.players)
    if spec.strip().isdigit():
        return classes_up_to(material, int(spec), cells)
    wanted = []
    for item in spec.split(","):
        parts = item.strip().split("_")
        try:
            counts = tuple(int(n) for part in parts for n in part.split("-"))
        except ValueError:
            counts = ()
        if len(parts) != players or len(counts) != kinds * players:
            example = "_".join("-".join(["1"] * kinds) for _ in range(players))
            raise GdlError(f"--up-to {spec}: expected a number of pieces or classes such as "
                           f"{example} (per player, the count of each of "
                           f"{', '.join(material.kinds)})")
        wanted.append(counts)
    return closure(material, wanted)


# ---------------------------------------------------------------- the workers' side

@attrs.frozen
class Job:
    """Scan positions [lo, hi) of class `counts`: `load()` gives the Placement (a picklable
    function: a worker loads the game once), `directory` the lower classes' files."""
    load: Callable[[], Any]
    directory: str
    counts: Counts
    lo: int
    hi: int


_OPEN: dict[tuple[str, str], Tables] = {}   # a worker process's games and their tables


def run_job(job: Job) -> Scan:
    """Scan one job (a worker's function: top level, so spawn and Ray find it)."""
    key = (repr(job.load), job.directory)   # a loader arrives unpickled: a new object
    tables = _OPEN.get(key)
    if tables is None:
        tables = _OPEN[key] = Tables(job.load(), Path(job.directory))
    return scan(tables.placement, tables.index(job.counts), job.lo, job.hi, tables.get)


class Runner(spread.Here):
    """Scans the jobs here, in order."""

    def scans(self, jobs: Sequence[Job]) -> Iterator[Scan]:
        return (run_job(job) for job in jobs)


class Processes(spread.Processes, Runner):
    """N spawned local processes."""
    wait_on_close = False   # after Ctrl-C: the jobs under way end on their own

    def scans(self, jobs: Sequence[Job]) -> Iterator[Scan]:
        return self.pool.map(run_job, jobs)


class OnRay(spread.OnRay, Runner):
    """The jobs as Ray tasks (a lost task is run again by Ray), results taken in order."""

    def __init__(self, address: str, workers: int | None = None) -> None:
        super().__init__(run_job, address, workers, max_retries=3)

    def scans(self, jobs: Sequence[Job]) -> Iterator[Scan]:
        refs = [self.remote.remote(job) for job in jobs]
        return (self.ray.get(ref) for ref in refs)


def runner(workers: int = 1, ray: str | None = None) -> Runner:
    """The runner `--workers N [--ray ADDRESS]` asks for."""
    return spread.runner(workers, ray, Runner, Processes, OnRay)


# ---------------------------------------------------------------- the build

@attrs.frozen
class Built:
    """What became of one class: "built", "kept" (sound on disk) or "rebuilt" (damaged)."""
    counts: Counts
    status: str
    positions: int
    seconds: float = 0.0
    passes: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def rate(self) -> float:
        return self.positions / self.seconds if self.seconds > 0 else 0.0


def build(load: Callable[[], Any], tables: Tables, classes: Sequence[Counts], run: Runner,
          show: Callable[[Built], None] | None = None) -> list[Built]:
    """Build the classes not yet on disk, lowest first (see the module doc)."""
    report = []
    for counts in classes:
        index = tables.index(counts)
        if index.size == 0:
            continue
        path = tables.path(counts)
        was_damaged = store.damaged(path)
        if not was_damaged and tables.get(counts) is not None:
            done = Built(counts, "kept", index.size)
        else:
            done = build_class(load, tables, counts, index, run, was_damaged)
        report.append(done)
        if show is not None:
            show(done)
    return report


def build_class(load: Callable[[], Any], tables: Tables, counts: Counts, index: ClassIndex,
                run: Runner, was_damaged: bool) -> Built:
    start = perf_counter()
    size = index.size
    parts = 1 if size <= SMALL or run.workers == 1 else run.workers * RANGES_PER_WORKER
    cuts = [size * k // parts for k in range(parts + 1)]
    jobs = [Job(load, str(tables.directory), counts, lo, hi) for lo, hi in zip(cuts, cuts[1:])]
    here = Runner() if parts == 1 else run
    if parts == 1:
        _OPEN[repr(load), str(tables.directory)] = tables
    values, passes = solve(list(here.scans(jobs)))
    store.save(tables.path(counts), tables.placement.game.name, tables.placement.digest,
               counts, values)
    tables._loaded.pop(counts, None)
    wins = int(np.count_nonzero(values & 1))
    draws = int(np.count_nonzero(values == 0))
    return Built(counts, "rebuilt" if was_damaged else "built", size, perf_counter() - start,
                 passes, wins, size - wins - draws, draws)
