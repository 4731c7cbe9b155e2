"""The JSON API's answers, as plain functions of the request's JSON (no web framework here).

Each handler takes the decoded request body and the `Library`, and returns a JSON value
or raises: `BadRequest` (a malformed request), a `GdlError` (unknown game, illegal move,
a rules error). `app` turns those into HTTP statuses. A position is always sent whole,
as the game, its options, an optional start and the moves from it, so the server keeps
no sessions: any request can be repeated, and undo is the page dropping a move.

No answer names a file by its path: a rules error names its file by its last name, and
any other error's text has its absolute paths cut to their last names (`public_text`).

Bounds: AI and solver time is clamped to MAX_SECONDS, moves to MAX_MOVES, rules texts
to MAX_TEXT characters (the request body itself is bounded in `app`).
"""

from __future__ import annotations

import copy
import random
import re
from pathlib import PurePath
from typing import Any

from gdl import api as gdl_api
from gdl.ai.players import DEFAULT_LEVEL
from gdl.errors import GdlError, IllegalMove, RulesError
from gdl.interpreter.core.grid.compiled import CompiledConstraints
from gdl.position import Position
from gdl.protocol import CONSTRAINTS, PUZZLE, SIMULTANEOUS
from gdl.interpreter.core.grid.model import check_solution, given_conflicts
from gdl.web import documents, turns
from gdl.web.library import EDITOR_FILENAME, Library, check_text

MAX_SECONDS = 10.0       # the most time an AI move or a solve may take
DEFAULT_SECONDS = 1.0    # an AI move's time when the request names none
MAX_MOVES = 2000         # moves in one position
MAX_TEXT = 200_000       # characters of a rules text sent by the editor
MAX_SCRAMBLE = 500       # random moves of a puzzle's scramble
LEVELS = ("easy", "medium", "hard")
DEFAULT_SEAT = f"ai:{DEFAULT_LEVEL}"   # an AI seat the page fills in, as `gdl play`'s default
ENGINES = ("ai", "alphabeta", "mcts")


class BadRequest(GdlError):
    """A request the API cannot read: a missing or ill-typed field (HTTP 400)."""


# --------------------------------------------------------------------------- reading requests

def _field(body: dict, name: str, kind: type | tuple, default: Any = None) -> Any:
    """body[name] if it is of `kind` (a bool is no number here), `default` when absent."""
    value = body.get(name)
    if value is None:
        return default
    numeric = kind in (int, float, (int, float))
    if not isinstance(value, kind) or numeric and isinstance(value, bool):
        raise BadRequest(f"field {name!r} must be {_kind_name(kind)}")
    return value


def _kind_name(kind: type | tuple) -> str:
    names = {str: "a string", int: "an integer", float: "a number", list: "a list",
             dict: "an object"}
    if kind == (int, float):
        return "a number"
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _options(body: dict) -> dict[str, str]:
    options = _field(body, "options", dict, {})
    out = {}
    for name, value in options.items():
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise BadRequest(f"option {name!r} must be a string or an integer")
        out[str(name)] = str(value)
    return out


def _moves(body: dict) -> list[str]:
    moves = _field(body, "moves", list, [])
    if len(moves) > MAX_MOVES:
        raise BadRequest(f"at most {MAX_MOVES} moves in a position, got {len(moves)}")
    if not all(isinstance(m, str) for m in moves):
        raise BadRequest("field 'moves' must be a list of strings")
    return moves


def _seconds(body: dict, name: str, default: float | None) -> float | None:
    value = _field(body, name, (int, float), default)
    if value is None:
        return None
    if not 0 < value <= MAX_SECONDS:
        raise BadRequest(f"field {name!r} must be more than 0 and at most {MAX_SECONDS:g} "
                         f"seconds, got {value}")
    return float(value)


def _game(body: dict, library: Library) -> Any:
    name = _field(body, "game", str)
    if not name:
        raise BadRequest("field 'game' is required: a game's name (see /api/games)")
    return library.load(name, _options(body))


def _position(body: dict, library: Library) -> Position:
    """The position a request names: game, options, an optional start, its moves."""
    return played_position(body, library).pos


def played_position(body: dict, library: Library) -> turns.Played:
    """The position a request names, replayed: each chance outcome in its moves checked
    against the server's own draw, and the dice rolled on until a player is to move."""
    game = _game(body, library)
    if getattr(game, "kind", None) == CONSTRAINTS:
        raise BadRequest(f"{game.name} is a constraint puzzle: it has no moves "
                         f"(see /api/constraints)")
    start_text = _field(body, "start", str)
    start = None
    if start_text is not None:
        read = getattr(game, "parse_position", None) or getattr(game, "parse_state", None)
        if read is None:
            raise BadRequest(f"{game.name} has no position text to start from")
        start = read(start_text)
    played = turns.Played(Position(game, start=start),
                          [body["game"], _options(body), start_text])
    for move in _moves(body):
        played.play(move)   # IllegalMove names the legal ones
    played.settle(MAX_MOVES)
    return played


def document(played: turns.Played) -> dict[str, Any]:
    """The position document of a replayed position (documents.position, and the dice and
    the simultaneous turns: see docs/web.md)."""
    pos = played.pos
    doc = documents.position(pos.game, pos.state, list(pos.moves))
    doc.update(played.facts())
    return doc


# --------------------------------------------------------------------------- handlers

def games(body: dict, library: Library) -> Any:
    """GET /api/games: every game this server serves."""
    return {"games": library.games()}


def load(body: dict, library: Library) -> Any:
    """POST /api/load {game, options}: the game's facts and board, its start, and the seat
    the page gives the players after the first (the command line's default AI)."""
    game = _game(body, library)
    doc: dict[str, Any] = {"name": body["game"], "title": game.title, "kind": game.kind,
                           "players": list(game.players), "default_seat": DEFAULT_SEAT,
                           "options": {k: _plain(v) for k, v in game.options.items()},
                           "board": documents.board(game)}
    if game.kind != CONSTRAINTS:
        doc["position"] = document(played_position(body, library))
    return doc


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def moves(body: dict, library: Library) -> Any:
    """POST /api/moves {game, options, start?, moves}: the position and its legal moves."""
    return document(played_position(body, library))


def apply(body: dict, library: Library) -> Any:
    """POST /api/apply {..., move}: the position after a legal move (refused otherwise)."""
    played = played_position(body, library)
    move = _field(body, "move", str)
    if not move:
        raise BadRequest("field 'move' is required: a move's text")
    played.play(move)   # IllegalMove names the legal ones
    played.settle(MAX_MOVES)
    return document(played)


def ai(body: dict, library: Library) -> Any:
    """POST /api/ai {..., level, seconds, engine, seed}: the AI's move (not played)."""
    pos = _position(body, library)
    level = _field(body, "level", str, DEFAULT_LEVEL)
    engine = _field(body, "engine", str, "ai")
    if level not in LEVELS:
        raise BadRequest(f"level must be one of {', '.join(LEVELS)}, got {level!r}")
    if engine not in ENGINES + ("random",):
        raise BadRequest(f"engine must be one of {', '.join(ENGINES)} or random")
    seconds = _seconds(body, "seconds", DEFAULT_SECONDS)
    seed = _field(body, "seed", int)
    if pos.is_over:
        raise GdlError("the game is over: there is no move to choose")
    if pos.game.current_player(pos.state) == SIMULTANEOUS:   # every seat's part, unseen
        move = pos.game.move_text(pos.state, turns.ai_seat(pos.game, level, seconds, seed)
                                  .choose(pos.game, pos.state))
        return {"move": move, "engine": "simultaneous", "seconds": None, "value": None,
                "outcome": None, "depth": None, "nodes": None, "line": [move]}
    if engine == "random":
        move = random.Random(seed).choice(pos.legal_moves)
        return {"move": move, "engine": "random", "seconds": 0.0, "value": None,
                "outcome": None, "depth": None, "nodes": None, "line": [move]}
    found = gdl_api.ai_move(pos, level=level, seconds=seconds, seed=seed, engine=engine)
    return {"move": found.move, "engine": found.engine, "seconds": round(found.seconds, 4),
            "value": found.value, "outcome": found.outcome, "depth": found.depth,
            "nodes": found.nodes, "line": list(found.line)}


def solve(body: dict, library: Library) -> Any:
    """POST /api/solve {..., seconds}: a game's exact value and best move, a puzzle's
    optimal solution, a constraint puzzle's solution (with `given`)."""
    game = _game(body, library)
    seconds = _seconds(body, "seconds", MAX_SECONDS)
    if game.kind == CONSTRAINTS:
        found = gdl_api.solve(game, given=_field(body, "given", str), time_limit=seconds)
        assert isinstance(found, gdl_api.ConstraintSolution)
        return {"kind": CONSTRAINTS, "status": found.status,
                "solution": None if found.solution is None else
                documents.grid_text(found.solution),
                "seconds": round(found.seconds, 4), "method": found.method}
    pos = _position(body, library)
    result = gdl_api.solve(pos, time_limit=seconds)
    if game.kind == PUZZLE:
        assert isinstance(result, gdl_api.PuzzleSolution)
        return {"kind": PUZZLE, "solution": None if result.solution is None else
                list(result.solution), "length": result.length, "method": result.method,
                "nodes": result.nodes, "seconds": round(result.seconds, 4),
                "unsolvable": result.unsolvable, "unsolved": result.unsolved}
    assert isinstance(result, gdl_api.SolveResult)
    return {"kind": "game", "value": result.value, "best_move": result.best_move,
            "to_move": result.to_move, "nodes": result.nodes,
            "seconds": round(result.seconds, 4), "method": result.method}


def scramble(body: dict, library: Library) -> Any:
    """POST /api/scramble {game, options, steps, seed}: a puzzle's start after random moves
    from its start (never straight back), as its state text: the `start` of a new game."""
    game = _game(body, library)
    if game.kind != PUZZLE:
        raise BadRequest(f"{game.name} is not a puzzle: only puzzles are scrambled")
    steps = _field(body, "steps", int, 30)
    if not 0 <= steps <= MAX_SCRAMBLE:
        raise BadRequest(f"field 'steps' must be 0..{MAX_SCRAMBLE}")
    rng = random.Random(_field(body, "seed", int))
    state, last = game.goal_state() or game.initial_state(), None
    for _ in range(steps):
        legal = list(game.legal_moves(state))
        choices = [m for m in legal if last is None or game.inverse(last) != m] or legal
        if not choices:
            break
        last = rng.choice(choices)
        state = game.apply(state, last)
    return {"start": game.state_text(state)}


def constraints(body: dict, library: Library) -> Any:
    """POST /api/constraints {game, options, given?, values}: check a grid being filled:
    the constraints the entered values break (as the rules file names them, with their
    cells), and whether the grid is complete and right."""
    puzzle = _game(body, library)
    if not isinstance(puzzle, CompiledConstraints):
        raise BadRequest(f"{puzzle.name} is not a constraint puzzle")
    values = _field(body, "values", str)
    if values is None:
        raise BadRequest("field 'values' is required: the grid, one symbol per cell")
    given = _field(body, "given", str)
    clues = puzzle.default_givens if given is None else puzzle.parse_givens(given)
    entered: dict[Any, int] = dict(puzzle.parse_givens(values))
    changed = [puzzle.cell_name(v) for v, x in clues.items() if entered.get(v) != x]
    csp = puzzle.csp(values)
    broken = given_conflicts(csp)
    complete = len(entered) == len(puzzle.variables)
    if complete and not broken:
        broken = check_solution(csp, entered)
    return {"conflicts": documents.conflicts(puzzle, broken, entered),
            "changed_givens": changed, "complete": complete,
            "solved": complete and not broken and not changed}


def check(body: dict, library: Library) -> Any:
    """POST /api/check {text, filename?}: compile a rules text (never run it). Errors come
    as the command line writes them (`file:line:col: message`), with line and column;
    a text that compiles is kept, and its `game` name loads it."""
    text = _field(body, "text", str)
    if text is None:
        raise BadRequest("field 'text' is required: a rules text")
    if len(text) > MAX_TEXT:
        raise BadRequest(f"a rules text of at most {MAX_TEXT:,} characters, got {len(text):,}")
    filename = _field(body, "filename", str, EDITOR_FILENAME)[:200]
    try:
        game = check_text(text, filename)
    except RulesError as err:
        return {"ok": False, "errors": [_located(err)]}
    except GdlError as err:   # an option's default that does not fit, ...
        said = public_text(str(err))
        return {"ok": False, "errors": [{"error": said, "message": said,
                                          "line": None, "column": None, "report": said}]}
    return {"ok": True, "errors": [], "game": library.remember(text), "title": game.title,
            "kind": game.kind}


# An absolute path: a slash that starts a word (not one inside `a/b` or `http://`), then
# names and slashes. Names with spaces are cut at the space: the rest is a relative name.
_ABSOLUTE = re.compile(r"(?<![\w./:-])/[\w.@+~-]+(?:/[\w.@+~-]*)*")


def public_text(text: str) -> str:
    """`text` with each absolute path cut to its last name: an error answer never says
    where the server keeps its files.

    >>> public_text("cannot read '/srv/games/x.gdl': no such file; see a/b")
    "cannot read 'x.gdl': no such file; see a/b"
    """
    return _ABSOLUTE.sub(lambda m: PurePath(m.group()).name, text)


def _public(err: RulesError) -> RulesError:
    """`err` naming its file by the last name only (a bundled game's file is absolute, a
    --file's path may be): a copy, as the error may be raised again elsewhere."""
    shown = copy.copy(err)
    shown.filename = PurePath(err.filename).name or err.filename
    shown.message = public_text(err.message)
    return shown


def _located(err: RulesError) -> dict[str, Any]:
    err = _public(err)
    return {"error": str(err), "message": err.message, "kind": err.kind,
            "line": err.pos.line if err.pos else None,
            "column": err.pos.column if err.pos else None, "report": err.report()}


def error_document(err: BaseException) -> dict[str, Any]:
    """An error as the API answers it: its one line, its type, where it points."""
    doc: dict[str, Any] = {"error": public_text(str(err)), "type": type(err).__name__}
    if isinstance(err, RulesError):
        doc.update(_located(err))
    if isinstance(err, IllegalMove):
        doc["legal"] = list(err.legal)
    return doc


ROUTES = {"games": games, "load": load, "moves": moves, "apply": apply, "ai": ai,
          "solve": solve, "scramble": scramble, "constraints": constraints, "check": check}
SLOW = frozenset({"ai", "solve", "part"})   # run one at a time, off the event loop
