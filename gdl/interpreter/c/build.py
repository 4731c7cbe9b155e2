"""Build a generated C source into a shared library with the system C compiler, cached.

The library is kept under `$XDG_CACHE_HOME/gdl/native` (default `~/.cache/gdl/native`)
named by a hash of the source, the gdl version and the compiler command, so a change to
the rules, to gdl or to the compiler builds anew and an unchanged game loads at once.
`CC` names the compiler (default: `cc`, else `gcc`, else `clang`).

A second key, of the game's IR (its repr: every field of the frozen IR classes), the gdl
version, the text of the code that writes the C source (every module under gdl/interpreter)
and the compiler, names an index file holding the library's name and its layout: a
cache hit then needs no C source generated at all.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import hashlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from gdl import __version__
from gdl.errors import GdlError

FLAGS = ("-shared", "-fPIC", "-w")
LIBRARIES = ("-lm",)   # after the source: the evaluation's tanh
LARGE_SOURCE = 150_000   # characters: past it -O1, as -O2 takes minutes on chess's source


def optimisation(source: str) -> str:
    return "-O2" if len(source) < LARGE_SOURCE else "-O1"
BUILD_SECONDS = 300


class NoCompiler(GdlError):
    """No C compiler can be run: the native back end is not available."""


class BuildFailed(GdlError):
    """The C compiler refused a generated source (a bug of the C generator)."""


def compiler() -> list[str]:
    """The compiler command (`CC`, or the first of cc, gcc, clang found on the PATH).

    Raises:
        NoCompiler: `CC` names no program, or none of the usual ones is installed.
    """
    named = os.environ.get("CC")
    if named:
        command = shlex.split(named)
        if not command or shutil.which(command[0]) is None:
            raise NoCompiler(f"no C compiler: CC={named!r} is not a program on this machine")
        return command
    for name in ("cc", "gcc", "clang"):
        if shutil.which(name):
            return [name]
    raise NoCompiler("no C compiler found (install cc/gcc or set CC)")


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gdl" / "native"


@functools.cache
def generator_digest() -> str:
    """A hash of the code that writes and builds the C source (every module under
    gdl/interpreter: the IR, geometry and the emitters): a change to it is a change to
    every source."""
    root = Path(__file__).resolve().parents[1]   # gdl/interpreter
    digest = hashlib.sha256()
    for name, path in sorted((p.relative_to(root).as_posix(), p) for p in root.rglob("*.py")):
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def index_path(ir: object, command: list[str]) -> Path:
    """The index file of a game's IR (see the module doc)."""
    key = hashlib.sha256("\0".join([__version__, generator_digest(), *command, *FLAGS,
                                     *LIBRARIES,
                                     repr(ir)]).encode()).hexdigest()
    return cache_dir() / f"ir-{key[:32]}.json"


def find_by_ir(ir: object) -> tuple[Path, dict] | None:
    """(the library built for this IR, the layout recorded with it) when the cache has
    both, else None (and None without a compiler: the key names it; the source is then
    generated, so that a construct the generator lacks is said before the compiler)."""
    try:
        entry = json.loads(index_path(ir, compiler()).read_text())
        library = cache_dir() / entry["library"]
        layout = entry["layout"]
    except (NoCompiler, OSError, ValueError, KeyError, TypeError):   # none, unreadable: a miss
        return None
    if Path(entry["library"]).name != entry["library"] or not library.exists():
        return None
    return library, layout


def remember_ir(ir: object, library: Path, layout: dict) -> None:
    """Record the library and layout of an IR (atomically; an unwritable cache records
    nothing)."""
    target = index_path(ir, compiler())
    if library.parent != target.parent:   # built in a private folder: nothing to index
        return
    try:
        with tempfile.NamedTemporaryFile("w", dir=target.parent, suffix=".tmp",
                                         delete=False) as out:
            json.dump({"library": library.name, "layout": layout}, out)
        os.replace(out.name, target)
    except OSError:
        return


def library_path(source: str, command: list[str]) -> Path:
    flags = [optimisation(source), *FLAGS]
    key = hashlib.sha256("\0".join([__version__, *command, *flags, source]).encode()).hexdigest()
    return cache_dir() / f"{key[:32]}.so"


def build(source: str) -> tuple[Path, bool]:
    """(the library built from `source`, whether it was built now rather than found cached).

    Raises:
        NoCompiler, BuildFailed.
    """
    command = compiler()
    target = library_path(source, command)
    if target.exists():
        return target, False
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError:   # no writable cache: a private folder for this run
        target = Path(tempfile.mkdtemp(prefix="gdl-native-")) / target.name
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        c_file = Path(work) / "game.c"
        c_file.write_text(source)
        out = Path(work) / "game.so"
        run_compiler([*command, optimisation(source), *FLAGS, "-o", str(out), str(c_file),
                      *LIBRARIES])
        os.replace(out, target)   # atomic: a parallel build never sees half a library
    return target, True


def run_compiler(args: list[str]) -> None:
    """Run the compiler in a session of its own, so that a time-out or Ctrl-C ends its
    children too.

    Raises:
        NoCompiler, BuildFailed.
    """
    try:
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
    except OSError as err:
        raise NoCompiler(f"no C compiler: {args[0]} cannot run ({err})") from None
    with proc:   # the pipes closed however this ends
        try:
            _, stderr = proc.communicate(timeout=BUILD_SECONDS)
        except BaseException as err:   # the time-out, Ctrl-C, ...: the whole group ends
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            if isinstance(err, subprocess.TimeoutExpired):
                raise BuildFailed(f"the C compiler took more than {BUILD_SECONDS} s") from None
            raise
    if proc.returncode != 0:
        first = (stderr.strip().splitlines() or ["no message"])[0]
        raise BuildFailed(f"the C compiler refused the generated source: {first}")


PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int64, ctypes.c_int64)   # gdl_solve's


def load(path: Path) -> ctypes.CDLL:
    """The library with its entry points' signatures declared."""
    lib = ctypes.CDLL(str(path))
    words = ctypes.POINTER(ctypes.c_uint64)
    lib.gdl_words.restype = ctypes.c_int
    lib.gdl_move_words.restype = ctypes.c_int
    lib.gdl_legal.argtypes = [ctypes.c_char_p, words, ctypes.c_int]
    lib.gdl_legal.restype = ctypes.c_int
    lib.gdl_apply.argtypes = [ctypes.c_char_p, ctypes.c_char_p, words]
    lib.gdl_apply.restype = ctypes.c_int
    lib.gdl_perft.argtypes = [ctypes.c_char_p, ctypes.c_int]
    lib.gdl_perft.restype = ctypes.c_int64
    lib.gdl_playouts.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_uint64,
                                 ctypes.c_int64, ctypes.c_int, ctypes.POINTER(ctypes.c_int64)]
    lib.gdl_playouts.restype = ctypes.c_int
    lib.gdl_rollout.argtypes = [ctypes.c_char_p, ctypes.c_uint64, ctypes.c_int64, ctypes.c_int,
                                words]
    lib.gdl_rollout.restype = ctypes.c_int64
    lib.gdl_line.argtypes = [ctypes.c_char_p, ctypes.c_uint64, ctypes.c_int64, words]
    lib.gdl_line.restype = ctypes.c_int64
    lib.gdl_solve.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_char_p, ctypes.c_int64,
                              ctypes.c_double, ctypes.c_int64, PROGRESS, words,
                              ctypes.POINTER(ctypes.c_int64)]
    lib.gdl_solve.restype = ctypes.c_int
    lib.gdl_canon.argtypes = [ctypes.c_char_p, words]
    lib.gdl_canon.restype = ctypes.c_int
    doubles = ctypes.POINTER(ctypes.c_double)
    lib.gdl_eval_set.argtypes = [ctypes.c_int, doubles, ctypes.c_int, ctypes.c_double]
    lib.gdl_eval_set.restype = ctypes.c_int
    lib.gdl_evaluate.argtypes = [ctypes.c_char_p]
    lib.gdl_evaluate.restype = ctypes.c_double
    lib.gdl_features.argtypes = [ctypes.c_char_p, doubles]
    lib.gdl_features.restype = ctypes.c_int
    lib.gdl_search.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_double, ctypes.c_int64,
                               ctypes.c_int64, ctypes.c_int, ctypes.c_int64, ctypes.c_char_p,
                               PROGRESS, words, doubles, ctypes.POINTER(ctypes.c_int64)]
    lib.gdl_search.restype = ctypes.c_int
    longs = ctypes.POINTER(ctypes.c_int64)
    lib.gdl_mcts.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_double, ctypes.c_int64,
                             ctypes.c_int64, ctypes.c_double, ctypes.c_uint64, ctypes.c_int64,
                             ctypes.c_int, ctypes.c_char_p, PROGRESS, words, doubles, longs,
                             longs]
    lib.gdl_mcts.restype = ctypes.c_int
    return lib
