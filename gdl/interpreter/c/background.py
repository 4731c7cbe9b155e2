"""The optimised build in the background (NativeGame.quick_start): while a command runs on
an unoptimised library, a process of its own builds the optimised one into the cache,
indexes it as the IR's and deletes the quick one. It is started from an argument list
(`python -m gdl.interpreter.c.background JOB`, the job a JSON file in the cache), in a
session of its own, so that it outlives the command and its Ctrl-C; one process at a
time builds a library (a lock). POSIX only (fcntl).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from gdl.interpreter.c.build import (QUICK, compile_into, compiler, discard, ir_key,
                                     library_path, optimisation, remember, sealed,
                                     source_digest)

_HELPERS: list[subprocess.Popen] = []   # the background builds this process started


def build_in_background(source: str, ir: object, layout: dict) -> Path | None:
    """The optimised library of `source`, which a process of its own now builds into the
    cache and indexes as the IR's, deleting the quick library then; None when it cannot (an
    unwritable cache). The process is started from an argument list, in a session of its
    own: it outlives the command and its Ctrl-C.

    Raises:
        NoCompiler.
    """
    command = compiler()
    level = optimisation(source)
    target = library_path(source, command, level)
    job = {"source": source, "command": [*command, level], "library": target.name,
           "ir": ir_key(ir, command), "layout": layout,
           "quick": library_path(source, command, QUICK).name}
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=target.parent, suffix=".job",
                                         delete=False) as out:
            json.dump(job, out)
    except OSError:
        return None
    try:
        _HELPERS.append(subprocess.Popen(
            [sys.executable, "-m", "gdl.interpreter.c.background", out.name],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True, env=_helper_env()))
    except OSError:
        Path(out.name).unlink()
        return None
    return target


def _helper_env() -> dict[str, str]:
    """The environment of a background build: gdl importable from where this one is."""
    root = str(Path(__file__).resolve().parents[3])
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": root if not path else root + os.pathsep + path}


def settle(timeout: float | None = None) -> None:
    """Wait for the background builds this process started (tests: a command never waits)."""
    for proc in _HELPERS:
        proc.wait(timeout)


def finish(job: Path) -> None:
    """A background build (`python -m gdl.interpreter.c.background JOB`, see build_in_background):
    one process at a time builds a library (a lock; another finds it taken and leaves)."""
    import fcntl   # here: POSIX only, as the background build is
    try:
        spec = json.loads(job.read_text())
    finally:
        job.unlink(missing_ok=True)
    folder, source = job.parent, spec["source"]
    target = folder / spec["library"]
    lock = target.with_suffix(".lock")
    with open(lock, "w") as held:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return
        try:
            if not sealed(target, source_digest(source)):
                compile_into(target, spec["command"], source)
            remember(spec["ir"], target, spec["layout"], source_digest(source))
            discard(folder / spec["quick"])
        finally:
            lock.unlink(missing_ok=True)


if __name__ == "__main__":
    finish(Path(sys.argv[1]))
