"""The weights file: a small versioned JSON document, and the evaluation it gives.

    {"format": "gdl-weights", "version": 1, "game": "othello", "rules": "<sha256>",
     "features": ["material", ...], "weights": [...], "bias": 0.1, "options": {},
     "engine": {"choice": "alphabeta", ...}, "training": {"games": 200, "seed": 0, ...}}

Version 2 adds "patterns": the learned piece-square table (gdl.ai.patterns: its kind,
fixed-point scale, planes, stride and flat integer table); a file without patterns is still
written and read as version 1.

`rules` is the hash of the rules text the weights were fitted to
(`gdl.interpreter.game_digest`): weights fitted to other rules, or to other features,
are refused. `options` are the game's options then: with other options (`--set
width=5`) the file does not apply and the derived evaluation is used. Bundled games'
files live in gdl/ai/weights/; $GDL_WEIGHTS names a directory searched first (and written
by `gdl train` when set). A rules file of one's own, FILE.gdl, has its weights beside it,
FILE.weights.json, where `gdl train FILE.gdl` writes them (gdl.catalog.load notes the
file on the game as `rules_file`).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from gdl.ai import patterns
from gdl.errors import GdlError

FORMAT, VERSION = "gdl-weights", 2
READS = (1, 2)   # the versions this gdl reads
BUNDLED = Path(__file__).resolve().parent / "weights"


class WeightsError(GdlError):
    """A weights file that cannot be used: unreadable, of another format, or stale."""


@attrs.frozen
class Weights:
    game: str
    rules: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    engine: dict[str, Any] = attrs.field(factory=dict)
    training: dict[str, Any] = attrs.field(factory=dict)
    options: dict[str, str] = attrs.field(factory=dict)   # the game's options, as texts
    patterns: dict[str, Any] = attrs.field(factory=dict)  # gdl.ai.patterns; {}: none

    def to_json(self) -> dict[str, Any]:
        doc = {"format": FORMAT, "version": VERSION if self.patterns else 1, "game": self.game,
               "rules": self.rules, "features": list(self.features),
               "weights": [round(w, 6) for w in self.weights], "bias": round(self.bias, 6),
               "options": self.options, "engine": self.engine, "training": self.training}
        if self.patterns:
            doc["patterns"] = self.patterns
        return doc

    def compiled(self) -> tuple:
        """What the compiled evaluation takes (gdl.solvers.search.native_alphabeta's
        set_evaluation): (weights, bias), and the patterns' (table, planes, stride) when the
        file has patterns."""
        w, b = list(self.weights), self.bias
        p = self.patterns
        return (w, b, (tuple(p["table"]), p["planes"], p["stride"])) if p else (w, b)


def directories() -> list[Path]:
    """Where weights files are looked for, first first."""
    extra = os.environ.get("GDL_WEIGHTS")
    return ([Path(extra)] if extra else []) + [BUNDLED]


def default_path(game_name: str) -> Path:
    """Where `gdl train` writes a game's weights by default."""
    return directories()[0] / f"{game_name}.json"


def parse(text: str, where: str) -> Weights:
    """Weights from a file's text. Raises WeightsError (one line) when it is not one."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise WeightsError(f"{where}: not a weights file (bad JSON: {exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise WeightsError(f"{where}: not a weights file (no \"format\": \"{FORMAT}\")")
    if doc.get("version") not in READS:
        raise WeightsError(f"{where}: weights format version {doc.get('version')!r}; "
                           f"this gdl reads versions {READS[0]} to {READS[-1]}")
    try:
        names = tuple(str(n) for n in doc["features"])
        values = tuple(float(w) for w in doc["weights"])
        weights = Weights(str(doc["game"]), str(doc["rules"]), names, values,
                          float(doc["bias"]), dict(doc.get("engine") or {}),
                          dict(doc.get("training") or {}),
                          {str(k): str(v) for k, v in (doc.get("options") or {}).items()},
                          _patterns(doc.get("patterns")))
    except (KeyError, TypeError, ValueError) as exc:
        raise WeightsError(f"{where}: a broken weights file ({type(exc).__name__}: {exc})") \
            from None
    if len(names) != len(values) or not all(math.isfinite(w) for w in values):
        raise WeightsError(f"{where}: a broken weights file ({len(names)} features, "
                           f"{len(values)} weights, or a weight that is not a number)")
    return weights


def _patterns(found: Any) -> dict[str, Any]:
    if not found:
        return {}
    table = [int(v) for v in found["table"]]
    if any(abs(v) >= 1 << 31 for v in table):
        raise ValueError("a pattern weight past 32 bits")
    return {"kind": str(found["kind"]), "scale": int(found["scale"]),
            "planes": int(found["planes"]), "stride": int(found["stride"]), "table": table}


def check_fits(weights: Weights, game: Any, names: tuple[str, ...], where: str) -> None:
    """Raise WeightsError unless `weights` were fitted to this game's rules and features."""
    if weights.game != game.name:
        raise WeightsError(f"{where}: weights for {weights.game!r}, not {game.name!r}")
    if weights.rules != getattr(game, "rules_hash", None):
        raise WeightsError(f"{where}: stale weights, fitted to other rules of {game.name!r} "
                           f"(run `gdl train {game.name}`)")
    if weights.features != names:
        raise WeightsError(f"{where}: stale weights, fitted to other features "
                           f"(run `gdl train {game.name}`)")
    why = patterns.check(weights.patterns, game.ir) if weights.patterns else None
    if why is not None:
        raise WeightsError(f"{where}: stale weights, {why} (run `gdl train {game.name}`)")


def option_texts(game: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in sorted(getattr(game, "options", {}).items())}


def applies(weights: Weights, game: Any) -> bool:
    """Whether the file was fitted with the game's options (else it is not this game's)."""
    return weights.options == option_texts(game)


def beside(rules_file: Path) -> Path:
    """Where the weights of a rules file of one's own live: FILE.weights.json."""
    return rules_file.with_name(rules_file.stem + ".weights.json")


def find(game: Any) -> Path | None:
    """The weights file of `game`, when there is one: $GDL_WEIGHTS's, then the one beside
    its rules file (not a bundled game's), then the bundled one."""
    rules_file = getattr(game, "rules_file", None)
    paths = [directory / f"{game.name}.json" for directory in directories()]
    if rules_file is not None:
        paths.insert(len(paths) - 1, beside(Path(rules_file)))
    return next((path for path in paths if path.is_file()), None)


def load(path: Path) -> Weights:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise WeightsError(f"cannot read weights file {str(path)!r}: {exc}") from None
    return parse(text, str(path))


def evaluation(features: Callable[[tuple], list[float]], weights: Weights
               ) -> Callable[[tuple], tuple[float, float]]:
    """The fitted heuristic: (v, -v) with v = 2 * sigmoid(w . f + b + s) - 1, the first
    player's expected score rescaled to [-1, 1]; s the patterns' term (gdl.ai.patterns),
    added last, as the C evaluation adds it."""
    w, b = weights.weights, weights.bias
    board = patterns.logit(weights.patterns)

    def heuristic(state: tuple) -> tuple[float, float]:
        z = b
        for wi, fi in zip(w, features(state)):
            z += wi * fi
        if board is not None:
            z += board(state)
        v = math.tanh(z / 2)   # = 2 * sigmoid(z) - 1
        return (v, -v)
    return heuristic
