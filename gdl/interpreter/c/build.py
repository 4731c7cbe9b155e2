"""Build a generated C source into a shared library with the system C compiler, cached.

The library is kept under `$XDG_CACHE_HOME/gdl/native` (default `~/.cache/gdl/native`)
named by a hash of the source, the gdl version and the compiler command, so a change to
the rules, to gdl or to the compiler builds anew and an unchanged game loads at once.
`CC` names the compiler (default: `cc`, else `gcc`, else `clang`). A second key, of the
game's IR (its repr: every field of the frozen IR classes), the gdl version, the text of
the code that writes the C source (every module under gdl/interpreter) and the compiler,
names an index file holding the library's name, its source's hash and its layout: a
cache hit then needs no C source generated at all.

Beside each library, its seal (`KEY.sum`: its name, its source's hash, its size and the
SHA-256 of its bytes) is written before the library is renamed into place; a library is
loaded only once its bytes are those of its seal (`checked`): a truncated, empty, corrupt
or swapped entry is deleted and built again (mapped, a truncated one is a bus error).

A slow build can be made `quick` (unoptimised) for an answer now, while a process of its
own builds the optimised library into the cache (background.py).
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
from typing import NamedTuple

import attrs

from gdl import __version__
from gdl.errors import GdlError
from gdl.interpreter.core.ir import fingerprint

FLAGS = ("-shared", "-fPIC", "-w")
LIBRARIES = ("-lm",)   # after the source: the evaluation's tanh
# characters: past it -O1, as -O2 takes minutes on chess's source (335,000). 170,000 since
# the solver's text grew every library by some 10,000: gomoku (160,000, 1.5 s at -O2) had
# crossed 150,000 and its perft fell to 0.72 at -O1
LARGE_SOURCE = 170_000
# unoptimised: chess's library in 1.4 s against 5.0 s at -O1 (shogi 2.5 s against 13), its
# perft 12 times slower
QUICK = "-O0"
BUILD_SECONDS = 300


def optimisation(source: str) -> str:
    return "-O2" if len(source) < LARGE_SOURCE else "-O1"


def slow(source: str) -> bool:
    """Whether building `source` takes seconds (chess 5 s, antichess 2 s, shogi 13 s; the
    sources below LARGE_SOURCE build in under one)."""
    return len(source) >= LARGE_SOURCE


@attrs.frozen
class BuildInfo:
    """How the library was had: built now (and how long generating and compiling took) or
    found in the cache (and how long loading took); quick: an unoptimised build, until the
    optimised one is there (NativeGame.quick_start)."""
    path: str
    built: bool
    generate_seconds: float
    build_seconds: float
    quick: bool = False


class NoCompiler(GdlError):
    """No C compiler can be run: the native back end is not available."""


class BuildFailed(GdlError):
    """The C compiler refused a generated source (a bug of the C generator)."""


class Found(NamedTuple):
    """What an index file records: the library, its layout and its source's hash."""
    library: Path
    layout: dict
    source: str


class Seal(NamedTuple):
    """A library checked against its seal: the SHA-256 of its bytes and its file's inode."""
    sha256: str
    inode: int


def compiler() -> list[str]:
    """The compiler command (`CC`, or the first of cc, gcc, clang found on the PATH).

    Raises:
        NoCompiler: `CC` names no program, or none of the usual ones is installed.
    """
    named = os.environ.get("CC")
    if named:
        try:
            command = shlex.split(named)
        except ValueError as err:   # an unclosed quote: not a command line
            raise NoCompiler(f"no C compiler: CC={named!r} cannot be read ({err})") from None
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


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()


def write_atomically(path: Path, text: str) -> None:
    """`text` into `path` by a rename: a reader sees the old file or the new one, whole."""
    with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False) as out:
        out.write(text)
    os.replace(out.name, path)


# --------------------------------------------------------------------------- the IR's index

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


def ir_key(ir: object, command: list[str]) -> str:
    """The key of a game's IR (see the module doc)."""
    return hashlib.sha256("\0".join([__version__, generator_digest(), *command, *FLAGS,
                                      *LIBRARIES, fingerprint(ir)]).encode()).hexdigest()


def index_path(key: str, folder: Path) -> Path:
    return folder / f"ir-{key[:32]}.json"


def find_by_ir(ir: object) -> Found | None:
    """What the index of this IR records, when the cache has it and its library, else None
    (and None without a compiler: the key names it; the source is then generated, so that a
    construct the generator lacks is said before the compiler). The library's bytes are
    checked when it is loaded."""
    try:
        key = ir_key(ir, compiler())
        entry = json.loads(index_path(key, cache_dir()).read_text())
        name, layout, source = entry["library"], entry["layout"], entry["source"]
        library = cache_dir() / name
        if entry["ir"] != key or Path(name).name != name or not isinstance(layout, dict) \
                or not library.exists():   # another IR's index copied here, ...
            return None
    except (NoCompiler, OSError, ValueError, KeyError, TypeError):   # none, unreadable: a miss
        return None
    return Found(library, layout, str(source))


def remember_ir(ir: object, library: Path, layout: dict, source: str) -> None:
    """Record the library, layout and source hash of an IR (see `remember`)."""
    if library.parent == cache_dir():   # else built in a private folder: nothing to index
        remember(ir_key(ir, compiler()), library, layout, source)


def remember(key: str, library: Path, layout: dict, source: str) -> None:
    """Write the index of the IR key `key` beside the library, atomically (an unwritable
    cache records nothing)."""
    with contextlib.suppress(OSError):
        write_atomically(index_path(key, library.parent), json.dumps({
            "ir": key, "library": library.name, "layout": layout, "source": source}))


# --------------------------------------------------------------------------- seals

def seal_path(library: Path) -> Path:
    return library.with_suffix(".sum")


def seal(library: Path, built: Path, source: str) -> None:
    """Write the seal of `library`, the file `built` that is to be renamed there."""
    with open(built, "rb") as f:
        digest = hashlib.file_digest(f, "sha256").hexdigest()
    write_atomically(seal_path(library), json.dumps({
        "library": library.name, "source": source, "size": built.stat().st_size,
        "sha256": digest}))


def _names(recorded: object, library: Path, source: str, size: int) -> bool:
    return isinstance(recorded, dict) and recorded.get("library") == library.name \
        and recorded.get("source") == source and recorded.get("size") == size


def sealed(library: Path, source: str) -> bool:
    """Whether `library` is there with a seal that names it, its size and the source hash
    `source` (its bytes are checked when it is loaded: `checked`)."""
    try:
        recorded = json.loads(seal_path(library).read_text())
        return _names(recorded, library, source, library.stat().st_size)
    except (OSError, ValueError):
        return False


def checked(library: Path, source: str) -> Seal | None:
    """The library's seal when its bytes are those the seal records for the source hash
    `source`; else None, and the entry is deleted. The hash costs about 0.6 ms a MB (chess's
    0.2 MB library 0.13 ms, shogi's 0.5 MB 0.27 ms; a cache hit took 1.4 ms before it)."""
    try:
        recorded = json.loads(seal_path(library).read_text())
        with open(library, "rb") as f:
            stat = os.fstat(f.fileno())
            good = _names(recorded, library, source, stat.st_size) and \
                hashlib.file_digest(f, "sha256").hexdigest() == recorded["sha256"]
    except (OSError, ValueError, KeyError):
        good = False
    if not good:
        discard(library)
        return None
    return Seal(recorded["sha256"], stat.st_ino)


def discard(library: Path) -> None:
    """Delete a library and its seal (a damaged or spent entry; a folder in its place too)."""
    for path in (library, seal_path(library)):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        with contextlib.suppress(OSError):
            path.unlink()


# --------------------------------------------------------------------------- building

def library_path(source: str, command: list[str], level: str) -> Path:
    key = hashlib.sha256("\0".join([__version__, *command, level, *FLAGS,
                                    source]).encode()).hexdigest()
    return cache_dir() / f"{key[:32]}.so"


def cached(source: str) -> bool:
    """Whether the optimised library of `source` is in the cache (no compiler: False)."""
    try:
        target = library_path(source, compiler(), optimisation(source))
    except NoCompiler:
        return False
    return sealed(target, source_digest(source))


def build(source: str, quick: bool = False) -> tuple[Path, bool]:
    """(the library built from `source`, whether it was built now rather than found cached);
    quick: unoptimised. Check it before loading it (`checked`).

    Raises:
        NoCompiler, BuildFailed.
    """
    command = compiler()
    level = QUICK if quick else optimisation(source)
    target = library_path(source, command, level)
    if sealed(target, source_digest(source)):
        return target, False
    discard(target)   # whatever stands there unsealed (a folder, half a file)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError:   # no writable cache: a private folder for this run
        target = Path(tempfile.mkdtemp(prefix="gdl-native-")) / target.name
    compile_into(target, [*command, level], source)
    return target, True


def compile_into(target: Path, command: list[str], source: str) -> None:
    """Build `source` with `command` (the compiler and its level), seal it, and rename it to
    `target`: a parallel build or load never sees half a library, nor one without its seal."""
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        c_file, out = Path(work) / "game.c", Path(work) / "game.so"
        c_file.write_text(source)
        run_compiler([*command, *FLAGS, "-o", str(out), str(c_file), *LIBRARIES])
        seal(target, out, source_digest(source))
        os.replace(out, target)


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


# --------------------------------------------------------------------------- loading

PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int64, ctypes.c_int64)   # gdl_solve's
_TEXT, _INT, _I64, _U64, _REAL = (ctypes.c_char_p, ctypes.c_int, ctypes.c_int64, ctypes.c_uint64,
                                  ctypes.c_double)
_WORDS, _REALS, _LONGS = (ctypes.POINTER(t) for t in (ctypes.c_uint64, ctypes.c_double,
                                                       ctypes.c_int64))
SIGNATURES = {   # each entry point's (result, arguments); None: no arguments declared
    "gdl_words": (_INT, None), "gdl_move_words": (_INT, None), "gdl_layout": (_U64, None),
    "gdl_game": (_U64, None),
    "gdl_legal": (_INT, [_TEXT, _WORDS, _INT]),
    "gdl_apply": (_INT, [_TEXT, _TEXT, _WORDS]),
    "gdl_perft": (_I64, [_TEXT, _INT]),
    "gdl_playouts": (_INT, [_TEXT, _I64, _U64, _I64, _INT, _LONGS]),
    "gdl_rollout": (_I64, [_TEXT, _U64, _I64, _INT, _WORDS]),
    "gdl_line": (_I64, [_TEXT, _U64, _I64, _WORDS]),
    "gdl_solve": (_INT, [_TEXT, _I64, _TEXT, _I64, _REAL, _I64, PROGRESS, _WORDS, _LONGS]),
    "gdl_solve_options": (_INT, [_INT]),
    "gdl_pns": (_INT, [_TEXT, _I64, _TEXT, _INT, _I64, _REAL, _I64, PROGRESS, _WORDS, _LONGS]),
    "gdl_canon": (_INT, [_TEXT, _WORDS]),
    "gdl_eval_set": (_INT, [_INT, _REALS, _INT, _REAL]),
    "gdl_eval_squares": (_INT, [ctypes.POINTER(ctypes.c_int32), _INT, _INT]),
    "gdl_evaluate": (_REAL, [_TEXT]),
    "gdl_features": (_INT, [_TEXT, _REALS]),
    "gdl_search": (_INT, [_TEXT, _INT, _REAL, _I64, _I64, _INT, _I64, _TEXT, PROGRESS, _WORDS,
                          _REALS, _LONGS]),
    "gdl_search_plan": (_INT, [_REAL]),
    "gdl_mcts": (_INT, [_TEXT, _I64, _REAL, _I64, _I64, _U64, _U64, _I64, _INT, _REALS, _TEXT,
                        PROGRESS, _WORDS, _REALS, _LONGS, _LONGS]),
}


def load(path: Path) -> ctypes.CDLL:
    """The library with its entry points' signatures declared (check it first: `checked`)."""
    lib = ctypes.CDLL(str(path))
    for name, (result, arguments) in SIGNATURES.items():
        function = getattr(lib, name)
        function.restype = result
        if arguments is not None:
            function.argtypes = arguments
    return lib
