"""The native cache cannot be fooled: a library is loaded only when its bytes are those its
seal records for its source, so a truncated, empty, corrupt or swapped entry is deleted and
built again, never mapped (a truncated library mapped is a bus error); Ctrl-C during a
build ends the compiler's whole process group. And a cold start: a slow build says so on
stderr and is made unoptimised first, the optimised library built in the background.

The damaged files are copies of a cache primed by another process, so that this one never
mapped them (a library truncated under its mapping would fault at the process's exit)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.interpreter.c import background, build
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.perft import perft

from tests.interpreter.c.test_native import needs_cc

ROOT = Path(__file__).parents[3]
NOTICE = "gdl: compiling tictactoe to C (first run only) ...\n"


pytestmark = needs_cc


@pytest.fixture(scope="module")
def primed(tmp_path_factory) -> Path:
    """A cache holding tic-tac-toe's and Connect Four's libraries and indexes, built by
    `gdl perft` in another process."""
    home = tmp_path_factory.mktemp("primed")
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "XDG_CACHE_HOME": str(home),
           "PYTHONPATH": str(ROOT) if not path else str(ROOT) + os.pathsep + path}
    for name in ("tictactoe", "connect4"):
        subprocess.run([sys.executable, "-m", "gdl", "perft", name, "1"], env=env, check=True,
                       capture_output=True)
    return home


@pytest.fixture
def cache(primed, tmp_path, monkeypatch) -> Path:
    """A copy of the primed cache as XDG_CACHE_HOME (new files); the folder of its libraries."""
    shutil.copytree(primed, tmp_path, dirs_exist_ok=True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "gdl" / "native"


def library_of(name: str) -> Path:
    """The cached library of a bundled game, as `gdl perft` builds it."""
    source = NativeGame(catalog.load(name), eager=False).source
    return build.library_path(source, build.compiler(), build.optimisation(source))


def tictactoe() -> NativeGame:
    return NativeGame(catalog.load("tictactoe"), per_call=True)


def assert_rebuilt(game: NativeGame, library: Path) -> None:
    """Built anew where the damaged entry was, sealed, and counting right (72, not 7 x 7)."""
    assert game.build_info.built and Path(game.build_info.path) == library
    assert build.seal_path(library).exists()
    assert perft(game, game.initial_state(), 2) == 72


@pytest.mark.slow
def test_the_primed_entry_loads_as_it_is(cache):
    game = tictactoe()
    assert not game.build_info.built and Path(game.build_info.path) == library_of("tictactoe")
    assert perft(game, game.initial_state(), 2) == 72


@pytest.mark.slow
@pytest.mark.parametrize("damage", [
    lambda data: data[:len(data) // 2],                                     # truncated
    lambda data: b"",                                                       # empty
    lambda data: data[:4000] + bytes([data[4000] ^ 0xFF]) + data[4001:],    # one byte changed
])
def test_a_damaged_library_is_rebuilt(cache, damage):
    library = library_of("tictactoe")
    library.write_bytes(damage(library.read_bytes()))
    assert_rebuilt(tictactoe(), library)


@pytest.mark.slow
def test_another_games_library_swapped_in_is_rebuilt(cache):
    library = library_of("tictactoe")
    shutil.copyfile(library_of("connect4"), library)
    assert_rebuilt(tictactoe(), library)


@pytest.mark.slow
def test_another_games_library_with_its_seal_is_rebuilt(cache):
    library, other = library_of("tictactoe"), library_of("connect4")
    shutil.copyfile(other, library)
    shutil.copyfile(build.seal_path(other), build.seal_path(library))
    assert_rebuilt(tictactoe(), library)


@pytest.mark.slow
@pytest.mark.parametrize("seal", ["", "{not json", "[]", '{"library": "x.so"}'])
def test_a_missing_or_corrupt_seal_is_rebuilt(cache, seal):
    library = library_of("tictactoe")
    build.seal_path(library).write_text(seal)
    assert_rebuilt(tictactoe(), library)


@pytest.mark.parametrize("index", ["{not json", "", "[]", '{"library": "../../x.so"}'])
def test_a_corrupt_index_is_written_again(cache, index):
    """The source is generated again, which finds the library by its own hash."""
    for path in cache.glob("ir-*.json"):
        path.write_text(index)
    game = tictactoe()
    assert game._source is not None and Path(game.build_info.path) == library_of("tictactoe")
    assert perft(game, game.initial_state(), 2) == 72
    again = tictactoe()   # found by the index written again: no source generated
    assert again._source is None and not again.build_info.built


def test_another_games_index_copied_in_is_not_followed(cache):
    shutil.copyfile(index_of("connect4", cache), index_of("tictactoe", cache))
    game = tictactoe()
    assert game._source is not None and Path(game.build_info.path) == library_of("tictactoe")
    assert perft(game, game.initial_state(), 2) == 72


def index_of(name: str, cache: Path) -> Path:
    """The index file that names a game's library."""
    library = library_of(name).name
    return next(path for path in cache.glob("ir-*.json")
                if json.loads(path.read_text())["library"] == library)


@pytest.mark.slow
def test_a_library_rebuilt_under_a_path_loaded_before_is_loaded_anew(cache):
    """In one process: the loader would give back the library it mapped from the path
    before; the rebuilt file is loaded by a name of its own."""
    first = tictactoe()
    library = Path(first.build_info.path)
    broken = library.with_suffix(".broken")
    broken.write_bytes(library.read_bytes()[:1000])
    os.replace(broken, library)   # a new file: the mapping of the old one stays whole
    again = tictactoe()
    assert_rebuilt(again, library)
    assert again.lib._handle != first.lib._handle
    assert perft(first, first.initial_state(), 2) == 72


# --------------------------------------------------------------------------- Ctrl-C

def running(pid: int) -> bool:
    """Whether the process is alive (a zombie is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_during_a_build_ends_the_compiler_and_its_children(tmp_path, monkeypatch):
    pids = tmp_path / "pids"
    fake = tmp_path / "cc"   # a compiler whose child outlives it unless its group is ended
    fake.write_text(f"#!/bin/sh\nsleep 120 &\necho $$ $! > {pids}.tmp\nmv {pids}.tmp {pids}\n"
                    "wait\n")
    fake.chmod(0o755)
    monkeypatch.setenv("CC", str(fake))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def pressed(self, *args, **kwargs):   # Ctrl-C once the compiler runs
        for _ in range(3000):
            if pids.exists():
                break
            time.sleep(0.01)
        raise KeyboardInterrupt

    monkeypatch.setattr(subprocess.Popen, "communicate", pressed)
    with pytest.raises(KeyboardInterrupt):
        build.build("int gdl_words(void) { return 1; }")
    shell, child = map(int, pids.read_text().split())
    for _ in range(500):   # SIGKILL is delivered at once; the child is reaped by its parent
        if not running(shell) and not running(child):
            break
        time.sleep(0.01)
    assert not running(shell) and not running(child)
    assert not list((tmp_path / "cache" / "gdl" / "native").glob("*.so"))


# --------------------------------------------------------------------------- a cold start

@pytest.fixture
def slow(tmp_path, monkeypatch) -> Path:
    """An empty cache, where tic-tac-toe's build counts as slow (as chess's)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(build, "LARGE_SOURCE", 0)
    yield tmp_path / "gdl" / "native"
    background.settle(timeout=300)


@pytest.mark.slow
def test_a_cold_perft_says_it_compiles_and_counts_right(slow, capsys):
    assert main(["perft", "tictactoe", "3"]) == 0
    out, err = capsys.readouterr()
    assert err == NOTICE
    assert [line.split("  ")[0] for line in out.splitlines()] == \
        ["depth 1: 9", "depth 2: 72", "depth 3: 504", "504"]
    background.settle(timeout=300)
    assert main(["perft", "tictactoe", "3"]) == 0   # the next run finds the optimised library
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[-1] == "504"


@pytest.mark.slow
def test_a_quick_start_moves_to_the_optimised_library(slow):
    game = NativeGame(catalog.load("tictactoe"), eager=False)
    assert game.quick_start() and game.build_info.built and game.build_info.quick
    assert perft(game, game.initial_state(), 2) == 72
    background.settle(timeout=300)
    assert perft(game, game.initial_state(), 3) == 504 and not game.build_info.quick
    assert game.build_info.path == str(library_of("tictactoe"))
    assert sorted(p.suffix for p in slow.iterdir()) == [".json", ".so", ".sum"]   # quick gone
    again = NativeGame(catalog.load("tictactoe"), eager=False)
    assert again.quick_start() and not again.build_info.built and not again.build_info.quick


@pytest.mark.slow
def test_a_library_handed_out_by_ready_is_kept(slow):
    """A caller of `ready` may keep state in the library: no move after it."""
    game = NativeGame(catalog.load("tictactoe"), eager=False)
    assert game.quick_start() and game.ready()
    background.settle(timeout=300)
    assert perft(game, game.initial_state(), 3) == 504 and game.build_info.quick


@pytest.mark.slow
def test_a_fast_build_says_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert main(["perft", "tictactoe", "2"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.splitlines()[-1] == "72"


@pytest.mark.slow
def test_a_folder_in_the_librarys_place_is_replaced(cache):
    library = library_of("tictactoe")
    library.unlink()
    library.mkdir()
    (library / "inside").write_text("x")
    assert_rebuilt(tictactoe(), library)


@pytest.mark.parametrize("field,value", [("words", 10 ** 12), ("words", -1), ("planes", "two"),
                                          ("max_moves", 0), ("variables", [10 ** 9]),
                                          ("move_words", None)])
def test_bad_layout_values_in_the_index_are_not_used(cache, field, value):
    """An index whose layout is not the library's: the source is generated again and the
    count is right (never a MemoryError, a TypeError or a wrong layout used)."""
    path = index_of("tictactoe", cache)
    entry = json.loads(path.read_text())
    entry["layout"][field] = value
    path.write_text(json.dumps(entry))
    game = tictactoe()
    assert perft(game, game.initial_state(), 3) == 504
    assert list(game.legal_moves(game.initial_state())) == list(range(9)) or \
        len(game.legal_moves(game.initial_state())) == 9


def test_an_index_naming_another_games_library_in_full_is_not_followed(cache):
    """Tic-tac-toe's index given connect4's library, source hash and layout (each
    consistent with the other's seal): the library says which game it is, and it is not
    this one (tic-tac-toe once counted 343, connect4's 7 x 7 x 7, at depth 3)."""
    mine, theirs = index_of("tictactoe", cache), index_of("connect4", cache)
    entry = json.loads(mine.read_text())
    other = json.loads(theirs.read_text())
    entry.update(library=other["library"], source=other["source"], layout=other["layout"])
    mine.write_text(json.dumps(entry))
    game = tictactoe()
    assert perft(game, game.initial_state(), 3) == 504


@pytest.mark.slow
def test_a_changed_evaluation_is_built_anew(cache):
    """The library holds the evaluation's tables, derived in gdl.ai, outside the code the
    index key hashes: the key holds them, so a change to them is a new library, not the
    primed one with the old tables."""
    game = tictactoe()
    assert not game.build_info.built
    python = catalog.load("tictactoe")
    derived, features = python.evaluation_specs()
    fewer = tuple(("lines", spec[1][:-1]) if spec and spec[0] == "lines" else spec
                  for spec in derived)
    assert fewer != derived
    python.evaluation_specs = lambda: (fewer, features)
    other = NativeGame(python, per_call=True)
    assert other.build_info.built and other.build_info.path != game.build_info.path
    assert perft(other, other.initial_state(), 2) == 72
    again = catalog.load("tictactoe")   # the unchanged evaluation: the primed library
    assert NativeGame(again, per_call=True).build_info.path == game.build_info.path
