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
is refused (its moves may mean something else now, or nothing). A record is read
as untrusted input: every field's form is checked (gdl.record_fields) and every
move is replayed and checked, so a damaged one is refused in one line that names
the file and what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from pathlib import Path
from collections.abc import Iterable
from typing import Any

import attrs

from gdl import catalog
from gdl.errors import GdlError, IllegalMove, RulesError
from gdl.position import Position, outcome
from gdl.protocol import Game, State
from gdl.record_fields import FORMAT, VERSION, Wrong, record_fields
from gdl.record_names import fitted, names_of
from gdl.solvers.puzzles.walk import random_walk

MAX_BYTES = 64 << 20   # a record is a few kilobytes; /dev/zero or a huge file is refused

__all__ = ["FORMAT", "VERSION", "Record", "Start", "check_rules", "fitted", "from_json",
           "is_record_path", "load", "moves_of", "moves_text", "names_of", "open_game", "read",
           "replay", "replayed_result", "resigned", "rules_hash", "start_state"]


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
    names: str | None = None      # the notation naming the moves' cells (gdl.record_names)

    def to_json(self) -> dict[str, Any]:
        names = {} if self.names is None else {"names": self.names}
        return {"format": FORMAT, "version": VERSION, "game": self.game, **names,
                "rules_sha256": self.rules_sha256, "options": dict(self.options),
                "start": {"position": self.start.position, "moves": list(self.start.moves),
                          "scramble": self.start.scramble, "seed": self.start.seed,
                          "text": self.start.text},
                "players": list(self.players), "moves": list(self.moves),
                "seconds": [round(s, 4) for s in self.seconds], "result": self.result,
                "payoffs": None if self.payoffs is None else list(self.payoffs)}

    def save(self, path: str | Path) -> None:
        """Write the record to `path` atomically: a reader (or a crash, or a second Ctrl-C)
        sees the old file or the whole new one, never a part."""
        write_atomically(Path(path), json.dumps(self.to_json(), indent=2) + "\n")


def write_atomically(path: Path, text: str) -> None:
    """`text` into `path` through a temporary file beside it and os.replace."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    # os.open with 0o666: the file gets the usual mode under the umask (mkstemp's is 0o600)
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with open(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def from_json(data: Any, where: str = "the record") -> Record:
    """A Record from its JSON object. Raises GdlError, in one line, when it is not one."""
    try:
        fields = record_fields(data)
    except Wrong as wrong:
        raise GdlError(f"{where}: {wrong}") from None
    start = Start(**fields.pop("start"))
    return Record(start=start, **fields)


def read(path: str | Path) -> Record:
    """The record saved at `path` (its rules are not checked here; see `check_rules`).

    Raises:
        GdlError: unreadable, not JSON, or not a record; the message starts with `path`.
    """
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as err:
        raise GdlError(f"{path}: cannot read the record: {err.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise GdlError(f"{path}: not a gdl game record (over {MAX_BYTES >> 20} MB)")
    return from_json(_parse(raw, str(path)), str(path))


def _parse(raw: bytes, where: str) -> Any:
    """The JSON value of a file's bytes. Python's json module refuses some texts with
    other errors than JSONDecodeError: caught here, they are damaged records too."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise GdlError(f"{where}: not JSON (not UTF-8 text at byte {err.start})") from None
    except json.JSONDecodeError as err:
        raise GdlError(f"{where}: not JSON ({err.msg}, line {err.lineno})") from None
    except RecursionError:   # the decoder recurses once per level of [ or {
        raise GdlError(f"{where}: not a gdl game record (nested too deeply)") from None
    except ValueError as err:   # a number of over 4,300 digits (sys.get_int_max_str_digits)
        reason = str(err).split(":")[0]
        raise GdlError(f"{where}: not a gdl game record ({reason})") from None


def check_rules(record: Record, where: str = "the record") -> None:
    """Refuse a record whose rules file has changed since it was saved (or is gone)."""
    try:
        now = rules_hash(record.game)
    except OSError as err:
        raise GdlError(f"{where}: cannot read the rules of {record.game}: {err.strerror}"
                       ) from None
    except GdlError as err:   # the game is not bundled and its file is gone
        raise GdlError(f"{where}: {err}") from None
    if now != record.rules_sha256:
        raise GdlError(f"{where}: the game was played with other rules for {record.game} "
                       f"(sha256 {record.rules_sha256[:12]!r}, now {now[:12]!r}); its moves "
                       f"cannot be trusted")


def open_game(record: Record, where: str = "the record") -> Any:
    """The record's game with its options, its rules checked (see `check_rules`); typed
    Any as catalog.load."""
    check_rules(record, where)
    try:
        return catalog.load(record.game, record.options)
    except RulesError:
        raise   # it names its own file and line
    except GdlError as err:   # an option the game does not take, say
        raise GdlError(f"{where}: {err}") from None


def start_state(game: Any, record: Record, where: str = "the record") -> State:
    """The record's first position.

    Raises:
        GdlError: a start this game cannot have (a scramble of a game, a position text
            it cannot read, an illegal start move); the message starts with `where`.
    """
    start = record.start
    if start.scramble is not None:
        if not (hasattr(game, "goal_state") and hasattr(game, "inverse")):
            raise GdlError(f"{where}: start.scramble: {game.name} is not a puzzle with a goal "
                           f"to scramble")
        return random_walk(game, start.scramble, start.seed or 0)
    begin = None
    if start.position is not None:
        if not hasattr(game, "parse_position"):
            raise GdlError(f"{where}: start.position: {game.name} has no position text")
        try:
            begin = game.parse_position(start.position)
        except GdlError as err:
            raise GdlError(f"{where}: start.position: {err}") from None
    return _played(_position(game, begin, where), start.moves, where, "start move").state


def _position(game: Game, start: State | None, where: str) -> Position:
    try:
        return Position(game, start=start)
    except GdlError as err:   # a constraint puzzle: it has no moves
        raise GdlError(f"{where}: {err}") from None


def _played(position: Position, moves: tuple[str, ...], where: str, what: str) -> Position:
    """`position` after `moves`, each checked: a move after the end is refused too."""
    for number, text in enumerate(moves, 1):
        try:
            position.play(text)
        except IllegalMove as err:   # kept an IllegalMove: --json lists the legal moves
            raise IllegalMove(f"{where}: {what} {number}: {err.args[0]}", err.legal) from None
    return position


def replay(game: Game, record: Record, where: str = "the record") -> Position:
    """The record's game played again from its start, every move checked.

    Raises:
        GdlError: the seats or payoffs do not fit the game, or a bad start (`start_state`);
        IllegalMove: a move that is unreadable, illegal or played after the end.
    """
    seats = len(game.players)
    if len(record.players) != seats:
        raise GdlError(f"{where}: players: {len(record.players)} named, but {game.name} has "
                       f"{seats} seats")
    if record.payoffs is not None and len(record.payoffs) != seats:
        raise GdlError(f"{where}: payoffs: {len(record.payoffs)} given, but {game.name} has "
                       f"{seats} players")
    record = fitted(game, record, where)
    position = _position(game, start_state(game, record, where), where)
    return _played(position, record.moves, where, "move")


def played(game: Game, record: Record, where: str = "the record") -> tuple[State, list]:
    """The record's start and its moves as the game's move values (a format that writes
    the moves its own way, PGN or SGF, reads them so)."""
    record = fitted(game, record, where)
    start = start_state(game, record, where)
    moves, state = [], start
    for text in record.moves:
        move = game.parse_move(state, text)
        moves.append(move)
        state = game.apply(state, move)
    return start, moves


def move_texts(game: Game, start: State, moves: Iterable) -> list[str]:
    """The game's own texts of `moves` played from `start` (what a record keeps)."""
    texts, state = [], start
    for move in moves:
        texts.append(game.move_text(state, move))
        state = game.apply(state, move)
    return texts


def kept(game: Game, start: State, moves: Iterable) -> str:
    """What an error in a format's moves adds: the moves read before the fault, for
    --moves (nothing when there were none)."""
    texts = move_texts(game, start, moves)
    return f" (the {len(texts)} moves before it, for --moves: '{' '.join(texts)}')" \
        if texts else ""


def resigned(game: Game, loser: int) -> tuple[str, tuple[float, ...]]:
    """The result in words and the payoffs when `loser` resigns: the others share the win."""
    n = len(game.players)
    payoffs = tuple(-1.0 if p == loser else 1.0 / max(n - 1, 1) for p in range(n))
    return f"{game.players[loser]} resigns", payoffs


def replayed_result(position: Position, record: Record
                    ) -> tuple[str | None, tuple[float, ...] | None]:
    """The result of the replayed game (None, None while unfinished). A resignation is
    not in the moves: it is taken from the record when the player to move is the one it
    names."""
    game, state = position.game, position.state
    if game.is_terminal(state):   # as `gdl play` asks (a puzzle scrambled back to its goal)
        found = outcome(game, state)
        return found.text, found.payoffs
    text, payoffs = resigned(game, game.current_player(state))
    return (text, payoffs) if record.result == text else (None, None)


def load(source: str | Path | Record) -> Position:
    """The position at the end of a record (a path or a Record), its rules checked.

    Raises:
        GdlError: not a record, or its rules have changed; IllegalMove: a move is not
            legal (a damaged record).
    """
    record = source if isinstance(source, Record) else read(source)
    where = "the record" if isinstance(source, Record) else str(source)
    return replay(open_game(record, where), record, where)


def moves_text(moves: tuple[str, ...] | list[str]) -> str:
    """Moves as `--moves` reads them: spaces between, or commas when a move holds spaces
    (nim's `take 1 3`)."""
    return (", " if any(" " in m for m in moves) else " ").join(moves)


def is_record_path(text: str | None) -> bool:
    """Whether a `--moves` value names a record file rather than moves."""
    return bool(text) and str(text).endswith(".json") and catalog.is_file(Path(str(text)))


def moves_of(path: str, game: Any) -> str:
    """The moves of the record at `path`, as a `--moves` text, checked to be of `game`."""
    record = read(path)
    recorded = open_game(record, path)
    if record.start.scramble is not None or record.start.position is not None:
        raise GdlError(f"{path}: it starts from a position of its own; use `gdl replay {path}`")
    if recorded.name != game.name or recorded.options != getattr(game, "options", {}):
        raise GdlError(f"{path}: a record of {record.game} with options "
                       f"{recorded.options}, not of {game.name} with {game.options}")
    record = fitted(recorded, record, path)
    replay(recorded, record, path)
    return moves_text(record.start.moves + record.moves)
