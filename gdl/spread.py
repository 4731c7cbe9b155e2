"""Work spread over 1 process, N spawned local processes or Ray tasks: what `--workers N` and
`--ray ADDRESS` give the commands that spread work (`gdl train`: gdl.ai.training_runs;
`gdl tablebase`: gdl.solvers.tablebase.tables). Each command subclasses `Here`, `Processes`
and `OnRay` with the way it hands out its work and takes the results back; the pool, Ray
and their closing are here.

`--ray ADDRESS` joins a running cluster (`ray start --head` prints its address), `--ray
local` starts one here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from gdl.errors import GdlError

R = TypeVar("R")


def start_ray(address: str, workers: int | None = None) -> tuple[Any, bool]:
    """(the ray module, whether this call started it).

    Raises:
        GdlError: Ray is not installed.
    """
    try:
        import ray
    except ImportError:
        raise GdlError("--ray needs Ray, which is not installed: pip install 'gdl[ray]'"
                       ) from None
    started = not ray.is_initialized()
    if started:
        if address == "local":
            # the workers import this gdl (a worktree or a checkout not installed)
            root = str(Path(__file__).resolve().parents[1])
            path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                     runtime_env={"env_vars": {"PYTHONPATH": path}})
        else:
            ray.init(address=address, log_to_driver=False)
    return ray, started


def ignore_sigint() -> None:
    """A worker process leaves Ctrl-C to the command, which decides what to keep."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Here:
    """The work done in this process, in order."""
    workers = 1
    label = "1 process"

    def close(self) -> None:
        pass


class Processes(Here):
    """N spawned local processes (concurrent.futures); `close` cancels the work not started
    and, when `wait_on_close`, waits for the work under way."""
    wait_on_close = True

    def __init__(self, workers: int) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        self.workers, self.label = workers, f"{workers} local processes"
        self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=ignore_sigint)

    def close(self) -> None:
        self.pool.shutdown(wait=self.wait_on_close, cancel_futures=True)


class OnRay(Here):
    """`task` as Ray tasks (`options`: ray.remote's) on the cluster at `address`, or on a Ray
    started here for "local"."""

    def __init__(self, task: Callable[..., Any], address: str, workers: int | None = None,
                 **options: Any) -> None:
        self.ray, self.started = start_ray(address, workers)
        self.remote = self.ray.remote(**options)(task) if options else self.ray.remote(task)
        self.workers = int(self.ray.cluster_resources().get("CPU", 1))
        self.label = f"Ray at {address} ({self.workers} CPUs)"

    def close(self) -> None:
        if self.started:   # a Ray this command started (a cluster's own stays up)
            self.ray.shutdown()


def runner(workers: int, ray: str | None, here: Callable[[], R],
           processes: Callable[[int], R], on_ray: Callable[[str, int | None], R]) -> R:
    """The runner `--workers N [--ray ADDRESS]` asks for, of a command's three kinds."""
    if ray is not None:
        return on_ray(ray, workers if workers > 1 else None)
    return processes(workers) if workers > 1 else here()
