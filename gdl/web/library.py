"""Which games the server may load, and the compiled ones kept for the next request.

A game is named by a bundled name (`gdl list`), a rules file given on the command line
(by the path as given), or `editor:ID` for a text the editor pane compiled (`remember`).
Nothing else is read from disk: a request cannot name an arbitrary file.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gdl import catalog
from gdl.ai.equip import equip
from gdl.errors import UnknownGame
from gdl.interpreter import compile_rules, load_file

EDITOR_PREFIX = "editor:"
EDITOR_FILENAME = "editor.gdl"   # the file name errors of the editor's text carry
MAX_COMPILED = 48                # compiled games kept (each holds its generated code)
MAX_TEXTS = 64                   # editor texts kept


class Library:
    """The games one server may load: bundled, `paths` (from the command line), and texts
    compiled from the editor. Compiled games are cached by (game, options)."""

    def __init__(self, paths: Iterable[str] = ()) -> None:
        self.paths = {str(p): Path(p) for p in paths}
        for name, path in self.paths.items():
            if not catalog.is_file(path):
                raise UnknownGame(f"no rules file named {name!r}")
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._compiled: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()

    def games(self) -> list[dict[str, str]]:
        """The bundled games, then the command line's files: name, title, kind."""
        out = [{"name": n, "title": t, "kind": catalog.kind(n), "source": "bundled"}
               for n, t in catalog.bundled_games()]
        for name, path in self.paths.items():
            head = _header(path.read_text(encoding="utf-8", errors="replace"))
            out.append({"name": name, "title": head[1], "kind": head[0], "source": "file"})
        return out

    def remember(self, text: str) -> str:
        """Keep an editor text that compiled; its game name (`editor:` and a digest)."""
        name = EDITOR_PREFIX + hashlib.sha256(text.encode()).hexdigest()[:16]
        with self._lock:
            self._texts[name] = text
            self._texts.move_to_end(name)
            while len(self._texts) > MAX_TEXTS:
                self._texts.popitem(last=False)
        return name

    def text(self, name: str) -> str:
        """The rules text of a game this server may load. Raises UnknownGame."""
        if name in self._texts:
            return self._texts[name]
        if name in self.paths:
            return self.paths[name].read_text(encoding="utf-8")
        if name in catalog.bundled_paths():
            return catalog.bundled_paths()[name].read_text(encoding="utf-8")
        raise UnknownGame(_unknown(name))

    def load(self, name: str, options: dict[str, str]) -> Any:
        """The compiled game `name` with `options` (texts, as `--set` takes them).

        Raises:
            UnknownGame: a name this server does not serve.
            RulesError, OptionError: from the compiler.
        """
        key = (name, tuple(sorted(options.items())))
        with self._lock:
            if key in self._compiled:
                self._compiled.move_to_end(key)
                return self._compiled[key]
        if name in self._texts:
            game = catalog.compile_text(self._texts[name], EDITOR_FILENAME, options)
        elif name in self.paths:
            game = catalog.load(str(self.paths[name]), options) if catalog.is_kif(
                str(self.paths[name])) else equip(load_file(self.paths[name], options))
        elif name in catalog.bundled_paths():
            game = catalog.load(name, options)
        else:
            raise UnknownGame(_unknown(name))
        with self._lock:
            self._compiled[key] = game
            while len(self._compiled) > MAX_COMPILED:
                self._compiled.popitem(last=False)
        return game


def _unknown(name: str) -> str:
    return (f"this server has no game named {name[:80]!r} (the bundled games, the files "
            f"given to `gdl serve`, and texts compiled by the editor)")


def _header(text: str) -> tuple[str, str]:
    """(kind, title) from a rules text's header line, without compiling."""
    for line in text.splitlines():
        words = line.split('"')
        first = line.split()[:1]
        if first and first[0] in ("game", "puzzle", "constraints"):
            return first[0], words[1] if len(words) >= 3 else first[0]
    return "game", "untitled"


def check_text(text: str, filename: str = EDITOR_FILENAME) -> Any:
    """Compile an editor's text (parse, check, compile: never run). Raises RulesError."""
    return compile_rules(text, filename)
