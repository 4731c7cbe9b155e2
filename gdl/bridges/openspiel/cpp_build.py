"""Building a fixed C++ source of ours against OpenSpiel's headers, linked to the pyspiel module
this process imports (the C++ bridge's game, bench/openspiel_cpp.py's loop).

The headers: OpenSpiel's source at the installed wheel's release, with the abseil-cpp and
nlohmann/json it was built with, laid out as OpenSpiel's install.sh lays them
(open_spiel/abseil-cpp, open_spiel/json). OpenSpiel's wheels ship exactly that inside the
installed package (site-packages/open_spiel/spiel.h, .../abseil-cpp, .../json), the very
headers pyspiel was built from, so that is where they are looked for first after
$OPEN_SPIEL_SRC; then gdl's cache, `~/.cache/gdl/openspiel-src`
(`$XDG_CACHE_HOME/gdl/openspiel-src`), which `gdl openspiel GAME --cpp --fetch-headers` or
`python -m gdl.bridges.openspiel.fetch_headers` (both run get_headers.sh beside this file)
fill for an install without them (one built from source elsewhere).

A library is built once per source, pyspiel file and compiler: the key of its cache entry
(`$XDG_CACHE_HOME/gdl/openspiel`) hashes all three.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

GET_HEADERS = Path(__file__).with_name("get_headers.sh")


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gdl"


def headers() -> Path | None:
    """The directory holding OpenSpiel's headers (open_spiel/spiel.h), or None: the one
    $OPEN_SPIEL_SRC names, else the installed package's own, else gdl's cache."""
    named = os.environ.get("OPEN_SPIEL_SRC")
    if named:
        places = [Path(named)]
    else:
        places = [cache_root() / "openspiel-src"]
        try:
            import open_spiel  # type: ignore[import-untyped]
            places.insert(0, Path(open_spiel.__file__).resolve().parent.parent)
        except ImportError:
            pass
    return next((p for p in places if (p / "open_spiel" / "spiel.h").exists() and
                 (p / "open_spiel" / "abseil-cpp").is_dir()), None)


def fetch_headers() -> int:
    """Run the script that fetches the headers into the cache (or $OPEN_SPIEL_SRC): its exit
    status. It needs git and the network."""
    target = os.environ.get("OPEN_SPIEL_SRC") or str(cache_root() / "openspiel-src")
    return subprocess.run(["sh", str(GET_HEADERS), target],
                          env={**os.environ, "PYTHON": sys.executable}).returncode


def compiler() -> str | None:
    """The C++ compiler ($CXX, else g++ or c++) as a resolved path, or None."""
    found = shutil.which(os.environ.get("CXX", "g++")) or shutil.which("c++")
    return None if found is None else str(Path(found).resolve())


def build_library(source: Path, stem: str) -> Path | str:
    """The shared library of `source` (cached), or why it cannot be built here: pyspiel,
    the headers or a compiler missing, or the compiler's last line of complaint."""
    try:
        import pyspiel
    except ImportError:
        return "pyspiel is not installed (pip install open-spiel)"
    src = headers()
    if src is None:
        return ("OpenSpiel's headers not found: set OPEN_SPIEL_SRC or run "
                "`python -m gdl.bridges.openspiel.fetch_headers`")
    cxx = compiler()
    if cxx is None:
        return "no C++ compiler (g++ or c++, or set CXX)"
    module = Path(pyspiel.__file__).resolve()
    key = hashlib.sha256(b"\0".join([
        source.read_bytes(), str(module).encode(), str(module.stat().st_mtime).encode(),
        cxx.encode(), str(Path(cxx).stat().st_mtime).encode()])).hexdigest()[:16]
    cache = cache_root() / "openspiel"
    library = cache / f"{stem}_{key}.so"
    if library.exists():
        return library
    cache.mkdir(parents=True, exist_ok=True)
    includes = [src, src / "open_spiel" / "abseil-cpp", src / "open_spiel" / "json" / "include"]
    partial = library.with_suffix(f".{os.getpid()}.tmp")
    command = [cxx, "-O2", "-std=c++17", "-fPIC", "-shared", *(f"-I{i}" for i in includes),
               str(source), str(module), f"-Wl,-rpath,{module.parent}", "-o", str(partial)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        lines = done.stderr.strip().splitlines() or ["(no message)"]
        first = next((line for line in lines if "error" in line), lines[-1])
        return f"{source.name} did not build: {first.strip()}"
    os.replace(partial, library)   # whole, or not there: another process may build it too
    return library
