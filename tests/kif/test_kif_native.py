"""The C path of a KIF game agrees with the Python path: perft counts, and seeded random
games generated in C replayed move by move in Python (legal joint moves, the end, goals)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gdl.interpreter.c import build
from gdl.interpreter.kif import load_kif
from gdl.solvers.search.perft import perft

DATA = Path(__file__).resolve().parent.parent / "data" / "kif_unit"
FILES = ["tictactoe.kif", "roshambo.kif"]



def has_compiler() -> bool:
    try:
        build.compiler()
    except build.NoCompiler:
        return False
    return True


pytestmark = pytest.mark.skipif(not has_compiler(), reason="no C compiler on this machine")


@pytest.mark.slow
@pytest.mark.parametrize("name, depth", [("tictactoe.kif", 5), ("roshambo.kif", 3)])
def test_perft_in_c_equals_perft_in_python(name, depth):
    native = load_kif(DATA / name)
    python = native.on_backend("python")
    for d in range(1, depth + 1):
        assert native.library.perft(native.initial_state(), d) == \
            perft(python, python.initial_state(), d)


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_seeded_games_in_c_replay_in_python(name):
    game = load_kif(DATA / name).on_backend("python")
    library = load_kif(DATA / name).library
    for seed in range(20):
        found = library.line(game.initial_state(), seed, 200)
        assert found is not None
        line, goals = found
        state = game.initial_state()
        for joint in line:
            each = game.joint_moves(state)
            assert all(k in moves for k, moves in zip(joint, each))
            state = game.apply(state, joint)
        assert game.is_terminal(state) and game.goals(state) == goals
