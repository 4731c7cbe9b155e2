"""The native back end against the Python one, its oracle: the same perft at the recorded
depths, the same legal moves (in order), states and outcomes over seeded random games,
the same solved values; and what happens without a compiler or with a construct the C
generator lacks. Tests that need a C compiler are skipped on a machine without one (the
fallback tests run everywhere)."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from gdl import catalog
from gdl.cli.main import main
from gdl.errors import GdlError
from gdl.catalog import compile_text
from gdl.interpreter.c import build
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.c.game import NativeGame
from gdl.interpreter.c.support import Unsupported, c_int
from gdl.solvers.search.exact import solve as exact_solve
from tests.interpreter.c.lockstep import lockstep
from tests.marks import cases

DATA = Path(__file__).parents[2] / "data" / "perft"
# seconds each: marked slow
LONG_PERFT = ("amazons", "chess", "crazyhouse", "pentago", "quoridor", "shogi", "xiangqi")
SUPPORTED = ("tictactoe", "connect4", "gomoku", "breakthrough", "clobber", "draughts",
             "cylinder_draughts",
             "othello", "hex", "uttt", "dots_and_boxes", "antichess", "amazons", "pentago",
             "nine_mens_morris", "mancala", "chess", "crazyhouse", "go", "lines_of_action",
             "shogi", "nim", "international_draughts", "lights_out", "peg_solitaire",
             "rush_hour", "sokoban", "y", "havannah", "oware", "xiangqi",
             "tablut", "quoridor")   # (and puzzles)
# Options a game is tested natively with: Rush Hour's whole-vehicle moves (`repeat up to 4`)
# are 240 move stages, past the native back end's bound; one-cell moves are 24.
OPTIONS = {"rush_hour": {"reach": "1"}}
# A construct the C generator lacks (a list given a value of another length, which would
# change the shape of the C state): the game runs on Python.
GROWING = """game "Growing list"
players A B
state heap = [1, 2]
move grow: heap = [1, 2, 3]
end: draw if plies >= 2
"""


def load(name: str, options: dict[str, str] | None = None):
    return catalog.load(name, options)


def has_compiler() -> bool:
    try:
        build.compiler()
    except build.NoCompiler:
        return False
    return True


needs_cc = pytest.mark.skipif(not has_compiler(), reason="no C compiler on this machine")


@functools.cache
def python_game(name: str):
    return load(name, OPTIONS.get(name))


@functools.cache
def native_game(name: str) -> NativeGame:
    game = with_backend(python_game(name), "native")
    assert isinstance(game, NativeGame), f"{name} did not build natively"
    return game


def recorded(name: str) -> list[tuple[int, int]]:
    path = DATA / f"{name}.txt"
    rows = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            depth, count = map(int, line.split())
            rows.append((depth, count))
    return rows


@needs_cc
@pytest.mark.parametrize("name", cases(sorted(p.stem for p in DATA.glob("*.txt")
                                             if p.stem in SUPPORTED), {"quoridor"}))
def test_perft_every_recorded_depth(name):
    game = native_game(name)
    for depth, count in recorded(name):
        assert game.native_perft(game.initial_state(), depth) == count, (name, depth)


@needs_cc
@pytest.mark.parametrize("name", cases(SUPPORTED, {"shogi"}))
def test_random_games_agree_move_for_move(name):
    """Seeded random games: each position's legal moves, in order, and each state after a
    move (so every outcome) are the Python back end's."""
    python, native = python_game(name), native_game(name)
    rng = random.Random(17)
    for _ in range(2):
        state = python.initial_state()
        for _ in range(120):
            moves = python.legal_moves(state)
            assert list(native.legal_moves(state)) == list(moves)
            if not moves:
                break
            move = rng.choice(moves)
            after = python.apply(state, move)
            assert native.apply(state, move) == after
            state = after
        assert native.returns(state) == python.returns(state)


@needs_cc
@pytest.mark.parametrize("name, depth", [("breakthrough", 3), ("othello", 5), ("draughts", 5),
                                         ("nine_mens_morris", 3), ("pentago", 2),
                                         ("amazons", 1)])
def test_perft_from_midgame_positions(name, depth):
    """Native perft from positions a seeded random game reaches, against Python's recursion
    over the same game."""
    from gdl.solvers.search.perft import _perft
    python, native = python_game(name), native_game(name)
    rng = random.Random(5)
    state = python.initial_state()
    for _ in range(12):
        moves = python.legal_moves(state)
        if not moves:
            break
        state = python.apply(state, rng.choice(moves))
    assert native.native_perft(state, depth) == _perft(python, state, depth)


@needs_cc
def test_solved_values_through_the_native_protocol():
    """Python's solver over the per-call protocol in C (a key of its own keeps the solve
    off the C solver, which tests/interpreter/c/test_native_solve.py checks)."""
    def solve(game):
        return exact_solve(game, key=game.canonical)
    native, python = solve(native_game("tictactoe")), solve(python_game("tictactoe"))
    assert (native.value, native.best_move, native.nodes) == ("draw", python.best_move,
                                                               python.nodes)
    small = {"width": "4", "height": "4"}
    connect4 = with_backend(catalog.load("connect4", small), "native")
    assert isinstance(connect4, NativeGame)
    native, python = solve(connect4), solve(catalog.load("connect4", small))
    assert (native.value, native.best_move, native.nodes) == ("draw", python.best_move,
                                                               python.nodes)
    # Nim's heaps 3, 4, 5 (a nim-sum of 2): the first player wins, taking 2 from the 3
    native, python = solve(native_game("nim")), solve(python_game("nim"))
    assert (native.value, native.best_move, native.nodes) == (python.value, python.best_move,
                                                               python.nodes)
    assert native.value == "win" and native.best_move == (0, 1, 2)


@needs_cc
def test_native_playouts_end_like_the_rules_say():
    """Every tic-tac-toe playout ends in 5 to 9 moves with a result; X wins more than O."""
    game = native_game("tictactoe")
    plies, results = game.native_playouts(game.initial_state(), 1000, seed=3)
    assert sum(results.values()) == 1000 and 0 not in results
    assert 5 * 1000 <= plies <= 9 * 1000
    x_wins, o_wins = results.get(1, 0), results.get(2, 0)
    assert x_wins > o_wins > 0


@pytest.mark.slow
@needs_cc
def test_cache_hit_and_rebuild(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = NativeGame(python_game("tictactoe"))
    assert first.build_info.built
    assert Path(first.build_info.path).parent == tmp_path / "gdl" / "native"
    again = NativeGame(python_game("tictactoe"))
    assert not again.build_info.built and again.build_info.path == first.build_info.path
    other = NativeGame(catalog.load("connect4", {"width": "5"}))
    assert other.build_info.built and other.build_info.path != first.build_info.path


@pytest.mark.slow
@needs_cc
def test_a_cache_hit_by_the_ir_generates_no_source(tmp_path, monkeypatch):
    """Found by its IR's index, a library loads without the C source being generated; a
    game of another IR (an option changed) or an unreadable index generates it again."""
    from gdl.interpreter.c import game as native_module, instances
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = NativeGame(python_game("connect4"))
    assert first.build_info.built
    instances.forget()
    generated = []
    real = native_module.generate
    monkeypatch.setattr(native_module, "generate",
                        lambda ir, *rest: generated.append(ir) or real(ir, *rest))
    again = NativeGame(python_game("connect4"))
    assert not again.build_info.built and not generated
    assert again.native_perft(again.initial_state(), 4) == 2401 and again.layout == first.layout
    NativeGame(catalog.load("connect4", {"width": "6"}))
    assert len(generated) == 1
    for index in tmp_path.glob("gdl/native/ir-*.json"):
        index.write_text("{not json")
    NativeGame(python_game("connect4"))
    assert len(generated) == 2


def test_a_missing_construct_falls_back_with_its_name(capsys):
    game = compile_text(GROWING, "growing.gdl")
    assert with_backend(game, "native") is game
    assert "a list of 2 numbers given 3" in capsys.readouterr().err


@needs_cc
def test_too_many_move_stages_fall_back_with_their_count(capsys):
    game = load("rush_hour")   # reach 4: each vehicle's 1..4-cell slides are rules of stages
    assert with_backend(game, "native") is game
    assert "240 move stages in all" in capsys.readouterr().err


def test_without_a_compiler_auto_falls_back_and_native_refuses(monkeypatch, capsys):
    monkeypatch.setenv("CC", "/nonexistent/cc")
    auto = with_backend(python_game("tictactoe"), "auto")
    assert auto.native_perft(auto.initial_state(), 3) is None
    assert capsys.readouterr().err.count("no C compiler") == 1
    assert main(["perft", "tictactoe", "3", "--backend", "auto"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "504"
    assert err.count("no C compiler") == 1
    assert main(["perft", "tictactoe", "3"]) == 0   # the default falls back without a word
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "504" and err == ""
    with pytest.raises(GdlError, match="no C compiler"):
        with_backend(python_game("tictactoe"), "native")
    assert main(["perft", "tictactoe", "2", "--backend", "native"]) == 1


@pytest.mark.parametrize("cc", ['"', "'cc", "   "])
def test_an_unreadable_cc_is_no_compiler(monkeypatch, capsys, cc):
    """CC that is no command line (an unclosed quote, blanks) is said so in one line:
    `auto` counts on Python, `native` is a refusal, never an internal error."""
    monkeypatch.setenv("CC", cc)
    assert main(["perft", "tictactoe", "3", "--backend", "auto"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "504" and err.count("no C compiler") == 1
    assert main(["perft", "tictactoe", "2", "--backend", "native"]) == 1
    assert "no C compiler" in capsys.readouterr().err


def test_python_backend_is_the_game_itself():
    game = python_game("tictactoe")
    assert with_backend(game, "python") is game
    with pytest.raises(GdlError, match="unknown back end"):
        with_backend(game, "fast")


def test_numbers_are_range_checked_before_c():
    assert c_int(5) == "5" and c_int(-(2**40)) == f"{-(2**40)}LL"
    with pytest.raises(Unsupported, match="outside 64 bits"):
        c_int(2**64)
    with pytest.raises(Unsupported):
        c_int(1.5)


@needs_cc
def test_chess_perft_of_the_classic_positions():
    """Native chess perft from the chessprogramming wiki's positions (kiwipete and the rest,
    tests/data/perft/chess_positions.json): castling, en passant, promotions, pins."""
    import json
    import sys
    sys.path.insert(0, str(DATA.parents[2]))   # tools/ (the FEN reader) from this checkout
    from tools.oracles.chess import fen_position
    native = native_game("chess")
    for case in json.loads((DATA / "chess_positions.json").read_text()):
        state = native.parse_position(fen_position(case["fen"]))
        for depth, count in enumerate(case["perft"], 1):
            assert native.native_perft(state, depth) == count, (case["name"], depth)


@needs_cc
def test_mcts_with_native_rollouts_finds_the_win():
    """MCTS on `--backend native` rolls out in C: from a tic-tac-toe position where X wins
    at once (c1) or loses next move, it plays the win."""
    from gdl.solvers.search.mcts import MCTS
    game = native_game("tictactoe")
    assert game.native_rollout is not None
    state = game.moves_after(["a1", "a2", "b1", "b2"])
    result = MCTS(game, seed=1, iterations=400).search(state)
    assert game.move_text(state, result.best_move) == "c1"


ORACLE = DATA.parent / "oracle"


@needs_cc
# (draughts: OpenSpiel's rules, --set openspiel=1, whose king chains are kept by path)
@pytest.mark.parametrize("path", cases(
    sorted(p for p in ORACLE.glob("*.json") if p.stem in SUPPORTED),
    [ORACLE / f"{name}.json" for name in LONG_PERFT]), ids=lambda p: p.stem)
def test_perft_equals_openspiels_recorded_counts(path):
    """Native perft from the start and from the recorded positions against OpenSpiel's
    counts (tests/data/oracle, recorded from pyspiel): an oracle independent of gdl."""
    import json
    data = json.loads(path.read_text())
    game = with_backend(load(path.stem, {k: str(v) for k, v in data["options"].items()}),
                        "native")
    start = game.initial_state()
    assert [game.native_perft(start, d) for d in range(1, len(data["perft"]) + 1)] \
        == data["perft"]
    for position in data["positions"]:
        state = game.moves_after(position["moves"])
        counts = [game.native_perft(state, d) for d in range(1, len(position["perft"]) + 1)]
        assert counts == position["perft"], position["moves"]


@needs_cc
def test_a_loop_kept_by_path_is_one_move_per_order_in_c_too():
    from tests.interpreter.test_core_constructs import LOOP
    python = compile_text(LOOP.format(paths=" by path"))
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame)
    start = python.initial_state()
    moves = list(native.legal_moves(start))
    assert moves == list(python.legal_moves(start)) and len(moves) == 2
    assert sorted(python.move_text(start, m) for m in moves) == [
        "d2xb4xd6xf4xd2", "d2xf4xd6xb4xd2"]
    assert [native.apply(start, m) for m in moves] == [python.apply(start, m) for m in moves]
    assert native.native_perft(start, 1) == 2


@needs_cc
def test_openspiels_draughts_agrees_move_for_move_in_c():
    """King chains kept by path (each order of a loop its own move), over seeded random
    games long enough for kings: the native moves, in order, and states are Python's."""
    python = load("draughts", {"openspiel": "1"})
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame)
    rng, kings = random.Random(5), 0
    for _ in range(30):
        states = lockstep(python, native, rng)
        kings += sum("K" in python.position_text(state).split()[0].upper().replace("M", "")
                     for state in states[1:])
        assert native.returns(states[-1]) == python.returns(states[-1])
    assert kings > 100   # positions with kings were played through
