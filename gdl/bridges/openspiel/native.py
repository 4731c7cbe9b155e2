"""The C++ OpenSpiel game: a gdl game's states driven in C++, with no Python between pyspiel
and the game's generated C library.

`spiel_game.cc` (one fixed source of ours) is built by cpp_build against OpenSpiel's headers
and linked to the pyspiel module this process imports; `register(source)` registers a game
with it under `gdl_<name>_cpp`. Loading that game (pyspiel.load_game, any parameters) asks
Python once for a GdlSpec: what gdl.bridges.openspiel.derived derives for the Python bridge
(GameInfo, parameters, the action space), and how the C library lays a state out. The C++
state then lists moves and applies them through the library's `gdl_legal` and `gdl_apply`,
numbers them by the Python bridge's own action space (asked once per move, where the id is
the move's own: every space but "texts"; per mover and move for "planes"), reads the end
and returns from the state's words, and writes the observation tensor by a table
(observation_program). Only texts come back to Python: a move in gdl's notation, the board's
picture.

Taken: turn-based deterministic games of a native build whose results are result codes and
which are not ended by score (payoffs by score are no result code). Chance and simultaneous
games stay on the Python bridge (their outcomes and joint moves are numbered there). A game
that keeps the positions seen (`repeated`) has them in each C++ state, loaded into the
table of its own copy of the library when another state's are there.
"""

from __future__ import annotations

import ctypes
from pathlib import Path
from typing import Any

import pyspiel

from gdl.errors import GdlError
from gdl.interpreter.c import history, instances, words
from gdl.interpreter.c.game import NativeGame
from gdl.interpreter.core import ir
from gdl.bridges.observation import Encoder, tensor_shape
from gdl.bridges.openspiel.cpp_build import build_library
from gdl.bridges.openspiel.derived import PREFIX, Derived, derive, game_type, load_game
from gdl.protocol import has_chance, has_simultaneous

SOURCE = Path(__file__).with_name("spiel_game.cc")
SUFFIX = "_cpp"   # gdl_connect4_cpp beside the Python bridge's gdl_connect4
PIECE, VALUE, TO_MOVE = 0, 1, 2   # the observation table's operations (spiel_game.cc)
MOVE_TEXT, PICTURE, ERROR = 0, 1, -1   # what a text callback writes

Words = ctypes.POINTER(ctypes.c_uint64)
MAKE = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p,
                        ctypes.c_int)
ACTION = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int, Words, Words)
TEXT = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int, ctypes.c_int, Words, Words,
                        ctypes.c_void_p, ctypes.c_int)


class Spec(ctypes.Structure):
    """spiel_game.cc's GdlSpec, field for field."""
    _fields_ = [
        ("handle", ctypes.c_int), ("legal", ctypes.c_void_p), ("apply", ctypes.c_void_p),
        ("state_words", ctypes.c_int), ("move_words", ctypes.c_int),
        ("max_moves", ctypes.c_int), ("initial", Words),
        ("player_word", ctypes.c_int), ("result_word", ctypes.c_int),
        ("players", ctypes.c_int), ("distinct_actions", ctypes.c_int),
        ("max_game_length", ctypes.c_int),
        ("min_utility", ctypes.c_double), ("max_utility", ctypes.c_double),
        ("results", ctypes.c_int), ("returns", ctypes.POINTER(ctypes.c_double)),
        ("memo_actions", ctypes.c_int),
        ("obs_rank", ctypes.c_int), ("obs_shape", ctypes.c_int * 3), ("obs_size", ctypes.c_int),
        ("obs_base", ctypes.POINTER(ctypes.c_float)), ("obs_ops", ctypes.c_int),
        ("obs_prog", ctypes.POINTER(ctypes.c_int)), ("parameters", ctypes.c_char_p),
        ("specification", ctypes.c_char_p), ("history_word", ctypes.c_int),
        ("seen_load", ctypes.c_void_p), ("seen_store", ctypes.c_void_p),
        ("initial_seen", Words), ("held_list", ctypes.c_uint64),
        ("held_count", ctypes.c_int64)]


# --------------------------------------------------------------------------- what is taken

def refusal(game: Any) -> str | None:
    """Why `game` (compiled, on Python) stays on the Python bridge, or None: it is taken."""
    if has_chance(game):   # (their chance outcomes are numbered by the Python bridge)
        return "it has chance stages; the C++ game takes deterministic turn-based games"
    if has_simultaneous(game):   # (and their players' own moves)
        return "its moves are simultaneous; the C++ game takes deterministic turn-based games"
    if any(end.outcome == "score" for end in game.ir.ends):
        return "it ends by score, and payoffs by score are no result code"
    return None


# --------------------------------------------------------------------------- the observation

def observation_program(game: Any, layout: Any) -> tuple[list[int], list[float], list[int]]:
    """(shape, the tensor before a position is written in, the table of operations: five
    ints each, kind word bit a b) that write the tensor of gdl.bridges.observation's Encoder
    from a state's words."""
    encoder, geometry, W = Encoder(game), game.geometry, layout.words
    base = encoder.tensor.reshape(-1).copy()
    ops: list[int] = []
    planes = layout.planes

    def piece(word: int, cell: int, at: int, empty: int = -1) -> None:
        ops.extend((PIECE, word + cell // 64, cell % 64, at, empty))

    if encoder.layout == "board":
        _, rows, columns = encoder.tensor.shape
        size = rows * columns
        base[planes * size:] = encoder.empty.reshape(-1)
        for plane in range(planes):
            for cell in geometry.cells:
                x, y = geometry.xy(cell)
                piece(plane * W, cell, plane * size + y * columns + x,
                      planes * size + y * columns + x)
        return list(encoder.tensor.shape), base.tolist(), ops
    _, cells, players, _ = tensor_shape(game)
    dense = encoder.dense
    for plane in range(planes):
        for cell, index in dense.items():
            piece(plane * W, cell, plane * cells + index)
    word = layout.planes * W
    ops.extend((TO_MOVE, layout.state_words - 2, 0, planes * cells, -1))
    at = planes * cells + players
    for variable, count in zip(game.ir.variables, layout.variables):
        if variable.type == ir.HISTORY:   # (no part of the tensor)
            pass
        elif variable.type == ir.CELLS:
            for cell, index in dense.items():
                piece(word, cell, at + index)
            at += cells
        else:   # a number, or a list / counts: a word each
            for k in range(count):
                ops.extend((VALUE, word + k, 0, at + k, -1))
            at += count
        word += count
    return [len(base)], base.tolist(), ops


# --------------------------------------------------------------------------- the spec

def _typed(parameters: dict[str, Any]) -> str:
    """Parameters one a line, `key type value`, as spiel_game.cc's Typed reads them."""
    def line(key: str, value: Any) -> str:
        kind = "b" if isinstance(value, bool) else "i" if isinstance(value, int) else \
            "d" if isinstance(value, float) else "s"
        text = str(int(value)) if kind == "b" else repr(value) if kind == "d" else str(value)
        return f"{key} {kind} {text}"
    return "".join(line(k, v) + "\n" for k, v in parameters.items())


class Loaded:
    """One loaded game's spec and what it points into (kept alive here), and what the
    callbacks need: the native game, its layout and action space."""

    def __init__(self, handle: int, found: Derived) -> None:
        python = getattr(found.compiled, "python", found.compiled)
        native = found.compiled if isinstance(found.compiled, NativeGame) \
            else NativeGame(python, per_call=True)
        self.game, self.index, self.layout = python, found.index, native.layout
        lay, path = self.layout, native.build_info.path
        lib = instances.private_copy(Path(path))   # its statics (the positions seen) its own
        start = native.initial_state()
        initial, seen, history = self._start(lib, start)
        players = len(python.players)
        table = [0.0] * players
        for code in range(1, lay.results):
            table += list(python.returns((*start[:-1], code)))
        shape, base, ops = observation_program(python, lay)
        self.keep = [
            (ctypes.c_uint64 * lay.state_words).from_buffer_copy(initial),
            (ctypes.c_double * len(table))(*table), (ctypes.c_float * len(base))(*base),
            (ctypes.c_int * max(1, len(ops)))(*ops), _typed(found.parameters).encode(),
            _typed(game_type(python).parameter_specification).encode(), seen, lib]
        info = found.info
        self.spec = Spec(
            handle, ctypes.cast(lib.gdl_legal, ctypes.c_void_p),
            ctypes.cast(lib.gdl_apply, ctypes.c_void_p), lay.state_words, lay.move_words,
            lay.max_moves, ctypes.cast(self.keep[0], Words), lay.state_words - 2,
            lay.state_words - 1, players, info.num_distinct_actions, info.max_game_length,
            info.min_utility, info.max_utility, lay.results,
            ctypes.cast(self.keep[1], ctypes.POINTER(ctypes.c_double)),
            self.index.memo, len(shape), (ctypes.c_int * 3)(*shape),
            len(base), ctypes.cast(self.keep[2], ctypes.POINTER(ctypes.c_float)),
            len(ops) // 5, ctypes.cast(self.keep[3], ctypes.POINTER(ctypes.c_int)),
            self.keep[4], self.keep[5], history,
            ctypes.cast(lib.gdl_seen_load, ctypes.c_void_p) if history >= 0 else None,
            ctypes.cast(lib.gdl_seen_store, ctypes.c_void_p) if history >= 0 else None,
            ctypes.cast(seen, Words), 0, 0)

    def _start(self, lib: Any, start: tuple) -> tuple[bytes, Any, int]:
        """(the start's words, its sightings' words, the history's word or -1): a history
        (a frozenset in Python) becomes its count, its sightings loaded into the table and
        read back as the table keeps them."""
        lay = self.layout
        if lay.history is None:
            return words.pack_state(lay, start), (ctypes.c_uint64 * 1)(), -1
        table = history.SeenTable(lib, lay, lambda s: words.pack_state(lay, s),
                                  lambda raw: words.unpack_state(lay, raw))
        at = lay.planes + lay.history
        n = table.load(start[at])
        if n is None:
            raise GdlError(f"{self.game.name}: the start's positions seen do not fit the table")
        seen = (ctypes.c_uint64 * max(1, n * lay.state_words))()
        if n and lib.gdl_seen_store(seen, 0, n) < 0:
            raise GdlError(f"{self.game.name}: the start's positions seen cannot be read back")
        word = lay.planes * lay.words + sum(lay.variables[:lay.history])
        return words.pack_state(lay, (*start[:at], n, *start[at + 1:])), seen, word

    def state(self, raw: Any) -> tuple:
        return words.unpack_state(self.layout, ctypes.string_at(raw, 8 * self.layout.state_words))

    def move(self, raw: Any) -> Any:
        return words.decode_move(self.layout, ctypes.string_at(raw, 8 * self.layout.move_words))


class Registry:
    """The shim library, its callbacks, and every game loaded through it (by handle; a game
    string loaded again reuses its spec)."""

    def __init__(self, library: Path) -> None:
        self.lib = ctypes.CDLL(str(library))
        self.sources: dict[str, str] = {}       # registered name -> its source
        self.defaults: dict[str, dict[str, str]] = {}   # registered name -> its parameters
        self.loaded: list[Loaded] = []
        self.by_string: dict[tuple, Loaded] = {}
        self.error = ""
        # kept as attributes: ctypes frees a callback's trampoline with its object
        self.callbacks = (MAKE(self._make), ACTION(self._action), TEXT(self._text))
        self.lib.gdl_spiel_callbacks(*self.callbacks)
        self.lib.gdl_spiel_register.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int,
                                                ctypes.c_char_p]

    def register(self, name: str, source: str, kind: pyspiel.GameType) -> None:
        self.sources[name] = source
        self.defaults[name] = {k: str(v) for k, v in kind.parameter_specification.items()}
        self.lib.gdl_spiel_register(name.encode(), kind.long_name.encode(),
                                    kind.max_num_players,
                                    _typed(kind.parameter_specification).encode())

    def _make(self, name: bytes, given: bytes, error: int, room: int) -> int | None:
        short = name.decode()
        try:
            params = dict(line.split("=", 1) for line in given.decode().splitlines())
            # one spec (and one numbering of texts first met) per game string, defaults
            # written or not: a game loaded again, or deserialized, numbers moves alike
            key = (short, tuple(sorted({**self.defaults[short], **params}.items())))
            found = self.by_string.get(key)
            if found is None:
                found = Loaded(len(self.loaded), derive(self.sources[short], params))
                self.loaded.append(found)
                self.by_string[key] = found
            return ctypes.addressof(found.spec)
        except Exception as err:   # (any: a traceback cannot cross into C++)
            text = f"{short}: {err}".encode()[:room - 1]
            ctypes.memmove(error, text + b"\0", len(text) + 1)
            return None

    def _action(self, handle: int, state: Any, move: Any) -> int:
        loaded = self.loaded[handle]
        try:
            before = loaded.state(state)
            (action,) = loaded.index.actions(before, [loaded.move(move)])
            return action
        except Exception as err:
            self.error = str(err)
            return -1

    def _text(self, handle: int, what: int, state: Any, move: Any, out: int, room: int) -> int:
        loaded = self.loaded[handle]
        try:
            if what == ERROR:
                text = self.error
            elif what == PICTURE:
                text = loaded.game.render(loaded.state(state))
            else:
                text = loaded.game.move_text(loaded.state(state), loaded.move(move))
        except Exception as err:
            text = f"(gdl: {err})"
        data = text.encode()
        if len(data) <= room:
            ctypes.memmove(out, data, len(data))
        return len(data)


_REGISTRY: Registry | str | None = None   # built once; a string: why it cannot be


def registry() -> Registry | str:
    """The shim, built and loaded once, or why it cannot be."""
    global _REGISTRY
    if _REGISTRY is None:
        built = build_library(SOURCE, "spiel_game")
        _REGISTRY = built if isinstance(built, str) else Registry(built)
    return _REGISTRY


def register(source: str) -> str:
    """Register the C++ game of `source`; its name (`gdl_<name>_cpp`).

    Raises:
        Unavailable: the shim cannot be built here, or the game is not one it takes.
    """
    compiled = load_game(source, {})
    why = refusal(compiled)
    if why is not None:
        raise Unavailable(f"{compiled.name}: {why}")
    shim = registry()
    if isinstance(shim, str):
        raise Unavailable(shim)
    name = PREFIX + compiled.name + SUFFIX
    known = shim.sources.get(name)
    if known is None:
        NativeGame(compiled, per_call=True)   # builds its C library now, or says why not
        kind = game_type(compiled)
        shim.register(name, source, kind)
    elif known != source:
        raise Unavailable(f"{name} is already registered from {known!r}")
    return name


def facts(game: pyspiel.Game) -> tuple[Any, None, Any]:
    """(action space, None, compiled game) of a loaded C++ game, as describe reads them."""
    loaded = registry()
    assert isinstance(loaded, Registry)   # a C++ game was loaded: the shim is there
    found = derive(loaded.sources[game.get_type().short_name], game.get_parameters())
    return found.index, None, found.compiled


class Unavailable(Exception):
    """Why the C++ game cannot be had: the caller falls back to the Python bridge."""
