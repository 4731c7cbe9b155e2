"""A training run's checkpoint: its settings and the self-play games done so far.

`gdl train` keeps it next to the weights file it writes (NAME.checkpoint.json beside
NAME.json) after each round and when Ctrl-C stops the run, and removes it once the
weights are written. `gdl train ... --resume` reads it back: a run with other settings
(game, rules, options, seed, games, nodes, back end) is refused in one line. The
samples are stored as JSON numbers, which read back to the same floats, so a resumed
run fits exactly what an uninterrupted one would have.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from gdl.ai.training_runs import Played, Progress
from gdl.errors import GdlError

FORMAT, VERSION = "gdl-train-checkpoint", 1


def path_for(out: Path) -> Path:
    """The checkpoint of a run writing the weights file `out`."""
    return out.with_name(out.name.removesuffix(".json") + ".checkpoint.json")


def save(path: Path, settings: dict[str, Any], progress: Progress) -> None:
    """Write the checkpoint (whole or not at all: a temporary file, then renamed)."""
    doc = {"format": FORMAT, "version": VERSION, "settings": settings,
           "games_done": len(progress.games),   # where the run stands (they are games 0..n-1)
           "games": [{"score": g.score, "rows": [[float(v) for v in row] for row in g.rows]}
                     for g in progress.games]}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def load(path: Path, settings: dict[str, Any]) -> Progress:
    """The games of the checkpoint at `path`, made by a run with these `settings`.

    Raises:
        GdlError: no checkpoint there, an unreadable one, or one of another run (one line).
    """
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GdlError(f"nothing to resume: no checkpoint {str(path)!r} (it is written "
                       f"when a run is interrupted)") from None
    except (OSError, ValueError) as exc:
        raise GdlError(f"cannot read checkpoint {str(path)!r}: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise GdlError(f"{path}: not a gdl training checkpoint (version {VERSION})")
    theirs = doc.get("settings", {})
    differ = [f"{k} {theirs.get(k)!r} not {v!r}" for k, v in settings.items()
              if theirs.get(k) != v]
    if differ:
        raise GdlError(f"{path} is the checkpoint of another run ({'; '.join(differ)}): "
                       f"run it with the same settings, or remove it")
    return Progress([Played(g["rows"], g["score"]) for g in doc.get("games", [])])
