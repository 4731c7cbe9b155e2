"""What tools/fuzz.py feeds besides rules files: game records, position texts and the web
API's JSON bodies, each a target with its seeds, its mutations and its run.

- records: records of short random games of a few bundled games (`gdl play --save`), mutated
  as JSON (a field given a number, a nested list, a 5,000-digit number, null, a string; a
  field deleted; a `scramble` or other field added; deep nesting) or as text (cut short,
  a character inserted); run: `gdl replay FILE`.
- positions: the position text of a game after a few random moves, mutated as text (a
  character changed, deleted or repeated, a line doubled, a hostile token inserted); run:
  `gdl perft GAME 1 --position TEXT`.
- web: bodies for each POST route of the web API (load, moves, apply, ai, solve, scramble,
  constraints, check), mutated as JSON; run: the route on the Starlette app in this
  process. A 4xx answer with a JSON error is a refusal, a 5xx or an exception is an
  internal error.

Every run returns (exit code, stdout, stderr) as `gdl` would: the web's 2xx is 0, 4xx 1.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import re
import tempfile
import warnings
from pathlib import Path
from typing import Any

RECORD_GAMES = ("tictactoe", "connect4", "nim", "chess", "peg_solitaire", "go")
POSITION_GAMES = ("tictactoe", "connect4", "chess", "draughts", "othello", "mancala",
                  "shogi", "go", "nine_mens_morris", "fifteen_puzzle", "sokoban")
HOSTILE_VALUES: list[Any] = [0, -1, "@big@", 1.5, None, True, "", "x" * 300, [], [[["a1"]]],
                             {"a": 1}, [1, 2, 3], "a1 b2", "\u2028", "../../etc/passwd"]


def _gdl(args: list[str]) -> tuple[int, str, str]:
    """`gdl ARGS` in this process: (exit code, stdout, stderr)."""
    from gdl.cli.main import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def _random_game(name: str, rng: random.Random, plies: int) -> tuple[Any, Any]:
    from gdl import catalog
    game = catalog.load(name)
    state = game.initial_state()
    for _ in range(plies):
        moves = [] if game.is_terminal(state) else list(game.legal_moves(state))
        if not moves:
            break
        state = game.apply(state, rng.choice(moves))
    return game, state


# --------------------------------------------------------------------------- JSON mutations

DEEP = re.compile(r'"@deep(\d+)@"')


def _hostile(rng: random.Random, more: list | None = None) -> Any:
    """A hostile value, a copy of its own (a list edited later must not be the table's)."""
    return copy.deepcopy(rng.choice(HOSTILE_VALUES + (more or [])))


def _deep(depth: int) -> str:
    """A mark the JSON text of a list `depth` deep replaces (json.dumps recurses)."""
    return f"@deep{depth}@"


def _dumps(data: Any) -> str:
    """JSON text, with the marks of deep lists and of a 5,000-digit number filled in."""
    text = json.dumps(data).replace('"@big@"', "9" * 5000)
    return DEEP.sub(lambda m: "[" * int(m[1]) + '"a1"' + "]" * int(m[1]), text)


def mutate_json(text: str, rng: random.Random) -> str:
    """One to three edits of a JSON document (a record or a request body)."""
    try:
        data = json.loads(text)
    except ValueError:
        return text[:rng.randrange(len(text) + 1)]
    for _ in range(rng.randint(1, 3)):
        if not isinstance(data, dict) or rng.random() < 0.05:
            data = rng.choice([_deep(rng.choice([50, 5000])), [data], "x", 7])
            continue
        keys = list(data) or ["x"]
        key, kind = rng.choice(keys), rng.randrange(6)
        if kind == 0:
            data[key] = _hostile(rng)
        elif kind == 1:
            data.pop(key, None)
        elif kind == 2:
            data[rng.choice(["scramble", "start", "moves", "seed", "extra"])] = \
                _hostile(rng, [{"moves": [], "scramble": 5, "seed": 1}])
        elif kind == 3 and isinstance(data.get(key), list) and data[key]:
            items = data[key]
            items[rng.randrange(len(items))] = _hostile(rng)
        elif kind == 4 and isinstance(data.get(key), dict):
            inner = data[key]
            if inner:
                inner[rng.choice(list(inner))] = _hostile(rng)
        else:
            data[key] = _deep(rng.choice([3, 100, 2000]))
    out = _dumps(data)
    if rng.random() < 0.1:   # text edits: cut short, or a character inserted
        at = rng.randrange(len(out) + 1)
        out = out[:at] if rng.random() < 0.5 else out[:at] + rng.choice('{}[]",:\\0') + out[at:]
    return out


def mutate_text(text: str, rng: random.Random) -> str:
    """One to three character or line edits of a position text."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(5)
        at = rng.randrange(len(text) + 1)
        if kind == 0:
            text = text[:at] + rng.choice("xX.-/|0123456789 \n\t\u2028") + text[at + 1:]
        elif kind == 1:
            text = text[:at] + text[at + 1:]
        elif kind == 2:
            text = text[:at] + text[at:at + 3] * rng.choice([2, 50, 3000]) + text[at:]
        elif kind == 3:
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        else:
            text = text[:at] + rng.choice(["9" * 5000, "-1", "(", "[[[", "\x00"]) + text[at:]
    return text


# --------------------------------------------------------------------------- records

def record_seeds(rng: random.Random) -> list[str]:
    """Records of short random games (written by `gdl play --save`)."""
    texts = []
    with tempfile.TemporaryDirectory() as folder:
        for name in RECORD_GAMES:
            for seed in range(2):
                path = Path(folder) / f"{name}-{seed}.json"
                _gdl(["play", name, "--players", "random,random",
                                     "--seed", str(seed), "--max-plies", "12",
                                     "--save", str(path)])
                if path.exists():
                    texts.append(path.read_text())
    return texts


def run_record(text: str) -> tuple[int, str, str]:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False,
                                     encoding="utf-8", errors="surrogatepass") as f:
        f.write(text)
    try:
        return _gdl(["replay", f.name])
    finally:
        Path(f.name).unlink()


# --------------------------------------------------------------------------- positions

def position_seeds(rng: random.Random) -> list[str]:
    """`GAME\\0TEXT`: a game's position text after a few random moves."""
    out = []
    for name in POSITION_GAMES:
        for plies in (0, 3, 9):
            game, state = _random_game(name, rng, plies)
            text = getattr(game, "position_text", None) or game.state_text   # (a puzzle's)
            out.append(f"{name}\0{text(state)}")
    return out


def mutate_position(text: str, rng: random.Random) -> str:
    name, _, position = text.partition("\0")
    return f"{name}\0{mutate_text(position, rng)}"


def run_position(text: str) -> tuple[int, str, str]:
    name, _, position = text.partition("\0")
    return _gdl(["perft", name, "1", "--position", position])


# --------------------------------------------------------------------------- the web API

def web_seeds(rng: random.Random) -> list[str]:
    """`ROUTE\\0BODY`: a well-formed body for each POST route."""
    bodies = {"load": {"game": "connect4", "options": {"width": "5"}},
              "moves": {"game": "tictactoe", "moves": ["b2"]},
              "apply": {"game": "chess", "moves": ["e2-e4"], "move": "e7-e5"},
              "ai": {"game": "nim", "moves": [], "level": "easy", "seconds": 0.05, "seed": 1},
              "solve": {"game": "eight_puzzle", "seconds": 2},
              "scramble": {"game": "fifteen_puzzle", "steps": 10, "seed": 2},
              "constraints": {"game": "sudoku", "seconds": 2},
              "check": {"text": 'game "T"\nplayers X O\nboard 3 x 3\nmove: place on empty\n'
                                'end: mover wins if line 3\nend: draw if full\n'}}
    return [f"{route}\0{json.dumps(body)}" for route, body in bodies.items()]


def mutate_web(text: str, rng: random.Random) -> str:
    route, _, body = text.partition("\0")
    return f"{route}\0{mutate_json(body, rng)}"


_CLIENT: Any = None


def run_web(text: str) -> tuple[int, str, str]:
    """The route on the app in this process; 2xx -> 0, 4xx with a JSON error -> 1."""
    global _CLIENT
    with warnings.catch_warnings():   # (its note on httpx: not ours to act on)
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from gdl.web.app import create_app
    if _CLIENT is None:
        _CLIENT = TestClient(create_app(hosts={"testserver"}), raise_server_exceptions=True)
    route, _, body = text.partition("\0")
    answer = _CLIENT.post(f"/api/{route}", content=body.encode("utf-8", "surrogatepass"),
                          headers={"content-type": "application/json"})
    if answer.status_code < 300:
        return 0, answer.text[:200], ""
    if answer.status_code < 500:
        try:
            message = answer.json().get("error", "")
        except ValueError:
            return 2, "", f"internal error: a {answer.status_code} answer that is not JSON"
        return 1, "", f"gdl: error: {message}\n"
    return 2, "", f"internal error: status {answer.status_code}: {answer.text[:200]}"
