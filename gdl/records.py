"""Game records: a played game as a JSON file that `gdl replay`, `--moves` and the API read.

A record names the game as it was given (a bundled name or a rules-file path),
the SHA-256 of its rules text, the options, how the start was reached, the
moves in the game's notation, the result, the seconds each move took and who
played each seat:

    {"format": "gdl-record", "version": 1, "game": "connect4",
     "rules_sha256": "...", "options": {"width": "5"},
     "start": {"moves": [], "scramble": null, "seed": null, "text": "..."},
     "players": ["human", "ai:hard"], "moves": ["d1", "c1", ...],
     "seconds": [3.2, 1.0, ...], "result": "X wins (X 1, O -1)", "payoffs": [1.0, -1.0]}

Reading a record recomputes the hash: a record whose rules have changed since
is refused (its moves may mean something else now, or nothing).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import attrs

from gdl import catalog
from gdl.errors import GdlError
from gdl.solvers.puzzles.walk import random_walk
from gdl.position import Position
from gdl.protocol import State

FORMAT, VERSION = "gdl-record", 1


def rules_hash(game: str) -> str:
    """The SHA-256 of the rules text of `game` (a bundled name or a path)."""
    return hashlib.sha256(catalog.resolve(game).read_bytes()).hexdigest()


@attrs.frozen
class Start:
    """How the first position was reached: `moves` played from the initial state, or a
    puzzle scrambled by `scramble` random moves with `seed`; `text` is its picture."""

    moves: tuple[str, ...] = ()
    scramble: int | None = None
    seed: int | None = None
    text: str = ""
    position: str | None = None   # a --position the moves start from (the game's notation)


@attrs.frozen
class Record:
    """One played game (see the module doc for the JSON form)."""

    game: str
    rules_sha256: str
    options: dict[str, Any]
    start: Start
    players: tuple[str, ...]
    moves: tuple[str, ...]
    seconds: tuple[float, ...]
    result: str | None            # the outcome in words; None when the game was not finished
    payoffs: tuple[float, ...] | None

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "rules_sha256": self.rules_sha256, "options": dict(self.options),
                "start": {"position": self.start.position, "moves": list(self.start.moves),
                          "scramble": self.start.scramble, "seed": self.start.seed,
                          "text": self.start.text},
                "players": list(self.players), "moves": list(self.moves),
                "seconds": [round(s, 4) for s in self.seconds], "result": self.result,
                "payoffs": None if self.payoffs is None else list(self.payoffs)}

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=2) + "\n", encoding="utf-8")


def from_json(data: Any, where: str = "the record") -> Record:
    """A Record from its JSON object. Raises GdlError, in one line, when it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GdlError(f"{where} is not a gdl game record (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise GdlError(f"{where} is a record of version {data.get('version')!r}; this gdl "
                       f"reads version {VERSION}")
    try:
        start = data["start"]
        return Record(
            str(data["game"]), str(data["rules_sha256"]), dict(data["options"]),
            Start(tuple(start["moves"]), start["scramble"], start["seed"], start["text"],
                  start.get("position")),
            tuple(data["players"]), tuple(data["moves"]),
            tuple(float(s) for s in data["seconds"]), data["result"],
            None if data["payoffs"] is None else tuple(data["payoffs"]))
    except (KeyError, TypeError, ValueError) as err:
        raise GdlError(f"{where} is a damaged gdl record ({type(err).__name__}: {err})") from None


def read(path: str | Path) -> Record:
    """The record saved at `path` (its rules are not checked here; see `check_rules`)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise GdlError(f"cannot read the record {str(path)!r}: {err.strerror}") from None
    except json.JSONDecodeError as err:
        raise GdlError(f"{path} is not JSON ({err.msg}, line {err.lineno})") from None
    return from_json(data, str(path))


def check_rules(record: Record, where: str = "the record") -> None:
    """Refuse a record whose rules file has changed since it was saved."""
    now = rules_hash(record.game)
    if now != record.rules_sha256:
        raise GdlError(f"{where} was played with other rules for {record.game} (sha256 "
                       f"{record.rules_sha256[:12]}, now {now[:12]}); its moves cannot be "
                       f"trusted")


def start_state(game: Any, record: Record) -> State:
    """The record's first position."""
    if record.start.scramble is not None:
        return random_walk(game, record.start.scramble, record.start.seed or 0)
    begin = None if record.start.position is None else game.parse_position(record.start.position)
    return Position(game, record.start.moves, start=begin).state


def load(source: str | Path | Record) -> Position:
    """The position at the end of a record (a path or a Record), its rules checked.

    Raises:
        GdlError: not a record, or its rules have changed; IllegalMove: a move is not
            legal (a damaged record).
    """
    record = source if isinstance(source, Record) else read(source)
    check_rules(record, "the record" if isinstance(source, Record) else str(source))
    game = catalog.load(record.game, record.options)
    return Position(game, record.moves, start=start_state(game, record))


def moves_text(moves: tuple[str, ...] | list[str]) -> str:
    """Moves as `--moves` reads them: spaces between, or commas when a move holds spaces
    (nim's `take 1 3`)."""
    return (", " if any(" " in m for m in moves) else " ").join(moves)


def is_record_path(text: str | None) -> bool:
    """Whether a `--moves` value names a record file rather than moves."""
    return bool(text) and str(text).endswith(".json") and Path(str(text)).is_file()


def moves_of(path: str, game: Any) -> str:
    """The moves of the record at `path`, as a `--moves` text, checked to be of `game`."""
    record = read(path)
    check_rules(record, path)
    if record.start.scramble is not None or record.start.position is not None:
        raise GdlError(f"{path} starts from a position of its own; use `gdl replay {path}`")
    recorded = catalog.load(record.game, record.options)
    if recorded.name != game.name or recorded.options != getattr(game, "options", {}):
        raise GdlError(f"{path} is a record of {record.game} with options "
                       f"{recorded.options}, not of {game.name} with {game.options}")
    return moves_text(record.start.moves + record.moves)
