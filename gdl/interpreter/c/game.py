"""NativeGame: the Game protocol over the C library of a compiled game.

States and moves stay the Python back end's values (tuples and ints), so every solver,
canonical key, notation and picture works unchanged; `legal_moves` and `apply` convert
the state to words at the boundary and call C. The loops that matter run wholly in C:
`perft` and `playouts`. Everything else is the Python game's (`python`).
"""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path
from time import perf_counter
from typing import Any

import attrs

from gdl.interpreter.c import background, build, groups, history, instances, words
from gdl.interpreter.c.instances import load_checked
from gdl.interpreter.c.simultaneous import JointLoops
from gdl.interpreter.c.generate import (Layout, generate, ir_digest, layout_digest,
                                        layout_of)
from gdl.interpreter.c.support import Unsupported, notice

class NativeGame:
    """A compiled game whose loops (and, with `per_call`, whose `legal_moves` and `apply`)
    run in C; see the module doc. Without `eager` the library is built when a native loop
    is first asked for, and a game the C generator cannot take (or a machine without a
    compiler) runs those loops on Python after one line of notice."""

    backend = "native"

    def __new__(cls, python: Any, *args: Any, **kwargs: Any) -> NativeGame:
        """A game of joint moves gets its own twin (c/simultaneous.py): its calls stay
        joint, its loops count rounds, whoever builds it."""
        if cls is NativeGame and getattr(python, "has_simultaneous", False):
            cls = NativeSimultaneous
        return super().__new__(cls)

    def __init__(self, python: Any, per_call: bool = False, eager: bool = True,
                 quiet: bool = False):
        self.python = python
        self.per_call = per_call
        self.quiet = quiet   # no notice when the loops fall back to Python
        self.legal_moves = python.legal_moves
        self.apply = python.apply
        self._library: tuple[Path, str] | None = None   # (its file, source hash), once built
        self._generation = 0   # how many times the calls moved to another library
        self._local = threading.local()   # each thread's Binding (instances.py)
        self._source: str | None = None   # its C source, once generated
        self.refused: str | None = None   # why the loops run on Python, once known
        self._told: set[str] = set()   # what on_python has said already
        self._quick = False   # inside quick_start
        # (the library built in the background, its source's hash), till it is taken
        self._optimised: tuple[Path, str] | None = None
        if eager:
            self._build()

    def _build(self) -> None:
        start = perf_counter()
        ir = self.python.ir
        # a game the AI did not equip compiles no evaluation: its library is another one; an
        # equipped one's library holds its evaluation's tables, derived outside this package
        # (gdl.ai): they are part of the key, so a change to them builds anew
        key = (ir, "evaluation", self._evaluation()) \
            if hasattr(self.python, "evaluation_specs") else (ir, "without evaluation")
        if groups.FLOODS_ONLY:   # bench/groups.py's reference generator: its own library
            key = (*key, "floods only")
        hit = self._from_index(key)   # a hit: no source to generate, its time is loading's
        generated = start
        if hit is not None:
            (path, self.layout, lib, digest), built, quick = hit, False, False
        else:
            self._source, self.layout = generate(ir, self._evaluation())
            generated = perf_counter()
            path, built, quick, lib, digest = self._compiled(key, self._source)
        self.build_info = build.BuildInfo(str(path), built, generated - start,
                                    perf_counter() - generated, quick)
        self._use(lib, path, digest)

    def _from_index(self, key: Any) -> tuple[Path, Layout, Any, str] | None:
        """(path, layout, library, source hash) of the IR's index, the library checked;
        None: a miss."""
        found = build.find_by_ir(key)
        layout = None if found is None else layout_of(found.layout)
        if found is None or layout is None:
            return None
        lib = load_checked(found.library, found.source)
        if lib is None or lib.gdl_layout() != layout_digest(layout) or \
                lib.gdl_game() != ir_digest(self.python.ir):
            return None   # not this game's library or layout: the source is generated again
        return found.library, layout, lib, found.source

    def _compiled(self, key: Any, source: str) -> tuple[Path, bool, bool, Any, str]:
        """(path, whether built now, whether quick, library, source hash) of the source. A
        slow build says so first; in quick_start it is made unoptimised, the optimised one
        built meanwhile."""
        build.compiler()   # none: no notice of a build
        digest = build.source_digest(source)
        cold = build.slow(source) and not build.cached(source)
        if cold:
            notice(f"compiling {self.python.name} to C (first run only) ...")
        quick = cold and self._quick
        layout = attrs.asdict(self.layout)
        if quick:   # started first: on a second core it is there the sooner
            later = background.build_in_background(source, key, layout)
            self._optimised = None if later is None else (later, digest)
        for _ in range(2):   # a damaged entry is deleted by the check, then built again
            path, built = build.build(source, quick)
            lib = load_checked(path, digest)
            if lib is not None:
                break
        else:
            raise build.BuildFailed(f"the library built at {path} does not match its seal")
        if not quick:
            build.remember_ir(key, path, layout, digest)
        return path, built, quick, lib, digest

    def _use(self, lib: Any, path: Path, digest: str) -> None:
        """Make the library at `path` (this thread's copy: `lib`) the one the calls go to;
        every other thread moves to its own copy of it on its next call."""
        self._library = path, digest
        self._generation += 1
        self._local.binding = self._bind(lib)
        if self.per_call:
            self.legal_moves = self._legal_moves
            self.apply = self._apply
            self.native_rollout = self._rollout   # MCTS's random rollouts (solvers/search/mcts)

    def _move_up(self) -> None:
        """Onto the optimised library once the background build has put it in the cache (the
        loops keep nothing in a library between calls: any of their calls may move)."""
        if self._optimised is None or not self._optimised[0].exists():
            return
        (target, digest), self._optimised = self._optimised, None
        lib = load_checked(target, digest)
        if lib is not None:
            self._use(lib, target, digest)
            self.build_info = attrs.evolve(self.build_info, path=str(target), quick=False)

    def _bind(self, lib: Any) -> instances.Binding:
        """A thread's Binding to its copy of the library, checked against the layout."""
        lay: Layout = self.layout
        if lib.gdl_words() != lay.state_words or lib.gdl_move_words() != lay.move_words:
            raise build.BuildFailed("the library's layout is not the generated source's")
        binding = instances.Binding(lib, lay.max_moves, lay.move_words, lay.state_words,
                                    self._generation)
        if lay.history is not None:
            binding.seen = history.table_for(lib, lay, self._pack_words,
                                             lambda raw: words.unpack_state(lay, raw))
        return binding

    def _binding(self) -> instances.Binding:
        """This thread's copy of the library and its buffers (made on its first call)."""
        binding = getattr(self._local, "binding", None)
        if binding is None or binding.generation != self._generation:
            assert self._library is not None   # built
            lib = load_checked(*self._library)
            if lib is None:
                raise build.BuildFailed(f"the library at {self._library[0]} changed on disk")
            binding = self._local.binding = self._bind(lib)
        return binding

    @property
    def lib(self) -> Any:
        """This thread's ctypes library; None until built."""
        return None if self._library is None else self._binding().lib

    @property
    def seen(self) -> history.SeenTable | None:
        """This thread's table of the positions seen (a game with a history)."""
        return self._binding().seen

    def _evaluation(self) -> tuple[Any, Any]:
        """What the library's evaluation compiles: the specs the AI equipped the Python game
        with (gdl.ai.equip), or none."""
        specs = getattr(self.python, "evaluation_specs", None)
        return (None, None) if specs is None else specs()

    @property
    def source(self) -> str:
        """The C source of the game (generated now if the library was found by its IR)."""
        if self._source is None:
            self._source, _ = generate(self.python.ir, self._evaluation())
        return self._source

    def ready(self) -> bool:
        """Whether the C library is there (built now if need be); a refusal says so once.
        A caller may keep state in the library it finds here (a search's evaluation and
        tables): it stays this one, with no move to an optimised build (see quick_start)."""
        there = self._ready()
        self._optimised = None
        return there

    def on_python(self, what: str, why: str | None = None) -> None:
        """Say once per game that `what` ("the AI searches") runs on Python, and why: `why`,
        else the library's refusal (unless the refusal was said already, when it came)."""
        if what in self._told:
            return
        self._told.add(what)
        if why is not None:
            notice(f"{self.python.name}: {what} on Python: {why}")
        elif self.quiet and self.refused is not None:
            notice(f"{self.python.name}: {what} on Python: {self.refused}")

    def quick_start(self) -> bool:
        """Whether the C library is there, had at once for the loops (`gdl perft`): on a cold
        cache a slow build is first made unoptimised (chess: 1.4 s against 5.0 s, its perft
        12 times slower), while a process of its own builds the optimised one into the
        cache; native_perft, native_playouts and native_line move to it once it is there."""
        self._quick = True
        try:
            return self._ready()
        finally:
            self._quick = False

    def _ready(self) -> bool:
        if self._optimised is not None:   # (a background build under way)
            self._move_up()
        if self._library is not None:
            return True
        if self.refused is not None:
            return False
        try:
            self._build()
        except Unsupported as err:
            self.refused = f"{self.python.name} runs on Python: the native back end has no " \
                           f"code yet for {err}"
        except (build.NoCompiler, build.BuildFailed) as err:
            self.refused = f"{err}; running on Python"
        if self.refused is not None:
            if not self.quiet:
                notice(self.refused)
            return False
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self.python, name)

    def __repr__(self) -> str:
        return f"NativeGame({self.python.name!r})"

    # ---- the boundary
    def pack(self, state: tuple, seen: bool = True) -> bytes | None:
        """The state as words; its positions seen loaded into the C table (unless `seen` is
        false: a call that does not read them). None: too many to load."""
        h = self.layout.history
        if h is None:
            return self._pack_words(state)
        at = self.layout.planes + h
        table = self.seen
        assert table is not None   # a game with a history has a table
        n = table.load(state[at]) if seen else table.known(state[at])
        if n is None:
            return None
        if seen:   # the call may write the entries past n
            table.written_past(n)
            self._binding().seen_start = n
        return self._pack_words((*state[:at], n, *state[at + 1:]))

    def unpack(self, raw: bytes, before: tuple | None = None) -> tuple:
        """The state of the words `raw`; with a history, `before` is the state the call
        started from (the positions seen it left are its and the table's new entries)."""
        out = words.unpack_state(self.layout, raw)
        h = self.layout.history
        if h is None:
            return out
        assert before is not None and self.seen is not None
        at = self.layout.planes + h
        # (the call was made on `before` packed last, its sightings loaded: n of them)
        seen = self.seen.extended(before[at], self._binding().seen_start, out[at])
        return (*out[:at], seen, *out[at + 1:])

    def _pack_words(self, state: tuple) -> bytes | None:
        try:
            return words.pack_state(self.layout, state)
        except OverflowError:   # a number past 64 bits: the Python back end takes the call
            return None

    def _legal_moves(self, state: tuple) -> list:
        if state[-1]:
            return []
        binding = self._binding()   # (once a call: the thread's copy and buffers)
        buf = binding.moves
        raw = self.pack(state, seen=False)
        n = -1 if raw is None else binding.lib.gdl_legal(raw, buf, self.layout.max_moves)
        if n < 0:   # a list past the C bound, or an error the Python back end reports
            return list(self.python.legal_moves(state))
        if self.layout.move_words == 1:
            return buf[:n]
        return self.decode_moves(bytes(buf), n)

    def decode_moves(self, raw: bytes, n: int) -> list:
        """The first n moves of the words `raw`, as Python's moves (c/words.py)."""
        return words.decode_moves(self.layout, raw, n)

    def _apply(self, state: tuple, move: Any) -> tuple:
        binding = self._binding()
        out = binding.state
        raw = self.pack(state)
        if raw is None or binding.lib.gdl_apply(raw, words.encode_move(self.layout, move), out) < 0:
            return self.python.apply(state, move)
        return self.unpack(bytes(out), state)

    # ---- the native loops
    def native_perft(self, state: tuple, depth: int) -> int | None:
        """perft(state, depth) computed in C (see gdl.solvers.search.perft), None when it
        cannot be."""
        if depth < 0 or not self._ready():
            return None
        lib = self._binding().lib   # ready() says it is there
        raw = self.pack(state)
        count = -1 if raw is None else lib.gdl_perft(raw, depth)
        return None if count < 0 else count

    def native_canonical(self, state: tuple) -> tuple[int, ...] | None:
        """The words the C searches key `state` under: its least image under the symmetries
        (their least bytes, so another image than `canonical`'s may be chosen, but the same
        states share a key). None when it cannot be had."""
        if not self.ready():
            return None
        binding = self._binding()
        out = binding.state
        raw = self.pack(state, seen=False)
        return None if raw is None else tuple(out[:binding.lib.gdl_canon(raw, out)])

    def _rollout(self, state: tuple, seed: int, max_plies: int,
                 exact: bool = False, eyes: int = 0) -> tuple | None:
        """(True, payoffs) of one random playout in C, or (False, the state it was cut at),
        or None when it cannot run there. exact: each move drawn from the whole list of
        legal moves (`native_playouts`); eyes: the eye rule's mode (core/playout_eyes.py:
        0 off, 1 by the neighbours, 2 true eyes)."""
        binding = self._binding()
        out = binding.state
        raw = self.pack(state)
        code = -1 if raw is None else binding.lib.gdl_rollout(
            raw, seed & (2**64 - 1), max_plies, int(exact) | eyes << 1, out)
        if code < 0:
            return None
        if code:
            return True, self.python.returns((*state[:-1], code))
        return False, self.unpack(bytes(out), state)

    def native_line(self, state: tuple, seed: int, plies: int) -> list | None:
        """The moves of one random playout in C, as the playouts draw them, at most
        `plies` (the tests replay them on Python), or None when it cannot run there."""
        if not self._ready():
            return None
        lib = self._binding().lib   # ready() says it is there
        out = (ctypes.c_uint64 * (max(1, plies) * self.layout.move_words))()
        raw = self.pack(state)
        n = -1 if raw is None else lib.gdl_line(raw, seed & (2**64 - 1), plies, out)
        return None if n < 0 else self.decode_moves(bytes(out), n)

    def native_playouts(self, state: tuple, games: int, seed: int = 1,
                        max_plies: int = 10_000, exact: bool = False,
                        eyes: int = 0) -> tuple[int, dict[int, int]] | None:
        """(moves played, games by result code) over `games` uniformly random playouts in C,
        None when they cannot run there. Each move is uniform over the legal ones; exact:
        drawn as `legal_moves(state)[r % n]` with r from splitmix64 (a replay on Python
        makes the same games), else the filter judges only the candidates drawn
        (pick_move in interpreter/c/entry.py: the same draws where a game has no filter).
        eyes: the moves drawn from are those core/playout_eyes.py's `keep_eyes` keeps (its
        mode: 0 off, 1 eyes by the neighbours, 2 true eyes)."""
        if not self._ready():
            return None
        lib = self._binding().lib   # ready() says it is there
        stats = (ctypes.c_int64 * (self.layout.results + 2))()
        raw = self.pack(state)
        if raw is None or lib.gdl_playouts(raw, games, seed & (2**64 - 1), max_plies,
                                           int(exact) | eyes << 1, stats) < 0:
            return None
        return stats[0], {code: stats[1 + code] for code in range(self.layout.results)
                          if stats[1 + code]}


class NativeSimultaneous(JointLoops, NativeGame):
    """NativeGame for a game of joint moves (c/simultaneous.py)."""
