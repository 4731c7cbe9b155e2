"""Local players for the manager: `gdl ggp-player` processes started on free ports.

`--player gdl` and `--player random` in `gdl ggp-match` start one process each (this
Python, `-m gdl ggp-player --port 0`), read the URL it prints, and end it after the match.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator

from gdl.errors import GdlError

LOCAL = {"gdl": [], "random": ["--random"]}
READY_PREFIX = "gdl ggp-player: "


def start_player(kind: str, seed: int | None = None) -> tuple[str, subprocess.Popen]:
    """Start a local player of `kind` ("gdl" or "random"); its URL and process."""
    command = [sys.executable, "-m", "gdl", "ggp-player", "--port", "0", *LOCAL[kind]]
    if seed is not None:
        command += ["--seed", str(seed)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith(READY_PREFIX):
        process.kill()
        process.wait()
        raise GdlError(f"the local {kind} player did not start (it printed {line!r})")
    return line[len(READY_PREFIX):].split()[0], process


@contextlib.contextmanager
def players(specs: list[str], seed: int | None = None) -> Iterator[list[str]]:
    """URLs for `specs` (a URL as given; gdl or random: a local player, ended on exit)."""
    started: list[subprocess.Popen] = []
    urls = []
    try:
        for i, spec in enumerate(specs):
            if spec in LOCAL:
                url, process = start_player(spec, None if seed is None else seed + i)
                started.append(process)
                urls.append(url)
            elif spec.startswith(("http://", "https://")):
                urls.append(spec)
            else:
                raise GdlError(f"unknown player {spec!r}: give a URL (http://host:port/), "
                               f"gdl or random")
        yield urls
    finally:
        for process in started:
            process.terminate()
        for process in started:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
