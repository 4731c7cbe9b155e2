"""Ray for the commands that spread work (`gdl train`, `gdl tablebase`): `--ray ADDRESS` joins
a running cluster (`ray start --head` prints its address), `--ray local` starts one here."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gdl.errors import GdlError


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
