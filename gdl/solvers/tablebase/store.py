"""Table files: one per class, two bytes a position, a header naming the rules, a checksum.

A file is the line `GDLTB 1`, one line of JSON (the game, the rules' digest, the class's
counts, the number of positions), the values (little-endian uint16, one per index of the
class: `codes`), and the SHA-256 of all that before it. `load` verifies the checksum and the
length before a value is read: a damaged file answers None (and is rebuilt), a file of
other rules is refused in one line. `save` writes a temporary file and renames it, so a
build stopped half way never leaves half a file.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from collections.abc import Sequence

import numpy as np

from gdl.errors import SolverError

MAGIC = b"GDLTB 1\n"
CHECKSUM = 32   # bytes of the SHA-256 trailer


class TableError(SolverError):
    """A table file of other rules (or another class) than asked for."""


def default_dir(game_name: str) -> Path:
    """Where a game's tables live unless `--dir` says: `$XDG_CACHE_HOME/gdl/tables/GAME`."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "gdl" / "tables" / game_name


def file_name(counts: Sequence[int], kinds: int) -> str:
    """A class's file: each player's counts by kind, dash-joined, the players by `_`
    (draughts' `1-0_0-2.tb`: Black one man, White two kings)."""
    per = ["-".join(str(c) for c in counts[p:p + kinds]) for p in range(0, len(counts), kinds)]
    return "_".join(per) + ".tb"


def save(path: Path, game: str, digest: str, counts: Sequence[int], values: np.ndarray) -> None:
    """Write a class's values (uint16) with its header and checksum, atomically."""
    header = json.dumps({"game": game, "digest": digest, "counts": list(counts),
                         "positions": int(values.size)}, sort_keys=True).encode() + b"\n"
    body = MAGIC + header + values.astype("<u2").tobytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    with open(part, "wb") as out:
        out.write(body + hashlib.sha256(body).digest())
        out.flush()
        os.fsync(out.fileno())
    os.replace(part, path)


def load(path: Path, digest: str, counts: Sequence[int], size: int) -> np.ndarray | None:
    """The values of a class's file, or None when it is missing or damaged.

    Raises:
        TableError: the file was built for other rules or another class.
    """
    try:
        data = path.read_bytes()
    except OSError:
        return None
    body = data[:-CHECKSUM]
    if not _sound(data) or not body.startswith(MAGIC):
        return None
    end = body.index(b"\n", len(MAGIC)) + 1
    try:
        header = json.loads(body[len(MAGIC):end])
    except ValueError:
        return None
    if header.get("digest") != digest:
        raise TableError(f"{path}: built for other rules (digest {str(header.get('digest'))[:12]}, "
                         f"these rules are {digest[:12]}); delete it or use another --dir")
    if header.get("counts") != list(counts) or header.get("positions") != size \
            or len(body) - end != 2 * size:
        raise TableError(f"{path}: holds class {header.get('counts')} of "
                         f"{header.get('positions')} positions, not {list(counts)} of {size}")
    return np.frombuffer(body, dtype="<u2", offset=end, count=size)


def damaged(path: Path) -> bool:
    """Whether a file is there but fails its checksum (a build rebuilds it)."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return not _sound(data)


def _sound(data: bytes) -> bool:
    """Whether a file's bytes end with the SHA-256 of what comes before."""
    return len(data) >= CHECKSUM and hashlib.sha256(data[:-CHECKSUM]).digest() == data[-CHECKSUM:]
