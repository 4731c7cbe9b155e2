"""Ctrl-C during a native build ends the compiler's whole process group (its children too),
as the time-out does."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from gdl.interpreter.c import build


def has_compiler() -> bool:
    try:
        build.compiler()
    except build.NoCompiler:
        return False
    return True


pytestmark = pytest.mark.skipif(not has_compiler(), reason="no C compiler on this machine")


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
