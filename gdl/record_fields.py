"""The form of a game record's fields (see gdl.records): a record is read as untrusted
input, so each field is checked here and a wrong one is named in a few words.
"""

from __future__ import annotations

import json
from typing import Any

FORMAT, VERSION = "gdl-record", 1
MAX_SCRAMBLE = 100_000   # `gdl play` scrambles by 20; a billion would run for hours


class Wrong(Exception):
    """A field missing or of the wrong form (`from_json` adds the file's name)."""


def record_fields(data: Any) -> dict[str, Any]:
    """The arguments of Record (with "start" those of Start) from a record's JSON value,
    every field checked. Unknown fields are ignored (a later version may add some).

    Raises:
        Wrong: what is wrong, in a few words (a field's name and what it holds).
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Wrong(f"not a gdl game record (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):   # true == 1 in Python
        raise Wrong(f"a record of version {_shown(version)}; this gdl reads version {VERSION}")
    moves = _texts(_field(data, "moves"), "moves")
    seconds = _numbers(_field(data, "seconds"), "seconds")
    if len(seconds) != len(moves) or any(s < 0 for s in seconds):
        raise Wrong(f"seconds should be one time (0 or more) for each of the {len(moves)} "
                    f"moves")
    options = _field(data, "options")
    if not isinstance(options, dict):
        raise Wrong(f"options should be an object, not {_shown(options)}")
    payoffs, result = _field(data, "payoffs"), _field(data, "result")
    names = data.get("names")   # absent: the board's own cell names (gdl.record_names)
    return {"names": None if names is None else _text(names, "names"),
            "game": _text(_field(data, "game"), "game"),
            "rules_sha256": _text(_field(data, "rules_sha256"), "rules_sha256"),
            "options": dict(options), "start": _start(_field(data, "start")),
            "players": _texts(_field(data, "players"), "players"), "moves": moves,
            "seconds": seconds, "result": None if result is None else _text(result, "result"),
            "payoffs": None if payoffs is None else _numbers(payoffs, "payoffs")}


def _start(data: Any) -> dict[str, Any]:
    """Start's arguments; a field left out takes Start's default."""
    if not isinstance(data, dict):
        raise Wrong(f"start should be an object, not {_shown(data)}")
    scramble, seed = data.get("scramble"), data.get("seed")
    position, text = data.get("position"), data.get("text", "")
    fields = {"moves": _texts(data.get("moves", []), "start.moves"),
              "scramble": None if scramble is None else _whole(scramble, "start.scramble",
                                                               MAX_SCRAMBLE),
              "seed": None if seed is None else _whole(seed, "start.seed"),
              "text": _text(text, "start.text"),
              "position": None if position is None else _text(position, "start.position")}
    if scramble is not None and (fields["moves"] or position is not None):
        raise Wrong("start has a scramble and also moves or a position: one or the other")
    return fields


def _field(data: dict[str, Any], name: str) -> Any:
    if name not in data:
        raise Wrong(f"no \"{name}\" field")
    return data[name]


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise Wrong(f"{name} should be a text, not {_shown(value)}")
    try:
        value.encode("utf-8")   # a lone surrogate ("\ud800") would fail when printed
    except UnicodeEncodeError:
        raise Wrong(f"{name} is not valid Unicode (a lone surrogate)") from None
    return value


def _texts(value: Any, name: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise Wrong(f"{name} should be a list of texts, not {_shown(value)}")
    return tuple(_text(item, f"{name}[{i}]") for i, item in enumerate(value))


def _numbers(value: Any, name: str) -> tuple[float, ...]:
    if not isinstance(value, list):
        raise Wrong(f"{name} should be a list of numbers, not {_shown(value)}")
    return tuple(_number(item, f"{name}[{i}]") for i, item in enumerate(value))


def _number(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Wrong(f"{name} should be a number, not {_shown(value)}")
    if not -1e300 < value < 1e300:   # json reads NaN and Infinity too; float(10**400) fails
        raise Wrong(f"{name} should be a finite number, not {_shown(value)}")
    return float(value)


def _whole(value: Any, name: str, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Wrong(f"{name} should be a whole number, not {_shown(value)}")
    if most is not None and not 0 <= value <= most:
        raise Wrong(f"{name} should be from 0 to {most:,}, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A JSON value in a few words for an error message: itself when it is short."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int) and abs(value) >= 10**20:
        return "a very large number"
    if isinstance(value, (int, float)) or (isinstance(value, str) and len(value) <= 40):
        return repr(value)
    names: dict[type, str] = {str: "a long text", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)
