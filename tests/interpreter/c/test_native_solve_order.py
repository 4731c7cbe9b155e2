"""The C exact solver's search (interpreter/c/solver_text.py) against its oracles: Connect
Four's value on each board size equal to Pascal Pons' solver's (recorded in
tests/data/solved/connect4.json by bench/solve_connect4.py), and each of its options (the
threat order, the enhanced transposition cutoffs) off and on giving Python's solver's
values on games with symmetries, extra turns, captures and connections, and on a board
past one word (its packed key two words, its mirror images cell by cell)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.exact import solve

from tests.interpreter.c.test_native import needs_cc
from tests.interpreter.c.test_native_solve import pair, positions
from tests.marks import cases

PONS = json.loads((Path(__file__).parents[2] / "data" / "solved" / "connect4.json").read_text())
FAST = {"4x4", "5x4"}   # built by test_native_solve.py too, solved in a tenth of a second
THREATS, ETC = 1, 2   # gdl_solve_options' bits (solver_text.py)
GAMES = [("tictactoe", {}), ("connect4", {"width": "4", "height": "4"}),
         ("dots_and_boxes", {}), ("breakthrough", {"width": "4", "height": "4"}),
         ("clobber", {"width": "4", "height": "3"}), ("hex", {"size": "3"}), ("nim", {})]


def connect4(board: str) -> NativeGame:
    width, height = board.split("x")
    game = with_backend(catalog.load("connect4", {"width": width, "height": height}), "native")
    assert isinstance(game, NativeGame) and game.ready()
    return game


@needs_cc
@pytest.mark.parametrize("board", cases([b for b in PONS["boards"] if b != "7x5"],
                                        set(PONS["boards"]) - FAST))
def test_connect4_values_are_pons(board):
    """From the empty board: the first player's value, as Pons' solver gives it."""
    result = solve(connect4(board))
    assert result.backend == "native"
    assert result.score == PONS["boards"][board]["value"], board


@pytest.fixture
def options():
    """Sets gdl_solve_options in a game's library for the test, then puts it back."""
    touched: list[tuple[NativeGame, int]] = []

    def set_options(game: NativeGame, bits: int) -> None:
        touched.append((game, game.lib.gdl_solve_options(bits)))
    yield set_options
    for game, bits in reversed(touched):
        game.lib.gdl_solve_options(bits)


@needs_cc
@pytest.mark.parametrize("bits", [0, THREATS, ETC, THREATS | ETC])
@pytest.mark.parametrize("name, game_options", cases(GAMES, [GAMES[3]]),
                         ids=lambda x: x if isinstance(x, str) else "-".join(x.values()))
def test_each_option_keeps_pythons_values(name, game_options, bits, options):
    python, native = pair(name, game_options)
    options(native, bits)
    for state in positions(python, 4, seed=7 + bits):
        c, py = solve(native, state), solve(python, state)
        assert c.backend == "native"
        assert (c.value, c.score) == (py.value, py.score), (name, bits, state)


def nodes_by_option(board: str, set_options) -> dict[int, int]:
    game = connect4(board)
    nodes = {}
    for bits in (0, THREATS, ETC, THREATS | ETC):
        set_options(game, bits)
        nodes[bits] = solve(game).nodes
    return nodes


@needs_cc
def test_the_cutoffs_save_nodes(options):
    """Connect Four 5x4 (7 December 2026): 99,091 nodes with neither option, 68,359
    with the cutoffs, 69,326 with both (the threat order pays on larger boards)."""
    nodes = nodes_by_option("5x4", options)
    assert nodes[ETC] < 0.8 * nodes[0] and nodes[THREATS | ETC] < 0.8 * nodes[0]


@pytest.mark.slow
@needs_cc
def test_the_threat_order_saves_nodes(options):
    """Connect Four 5x5: 1,264,408 nodes with neither option, 1,092,471 with the threat
    order, 850,187 with the cutoffs, 758,067 with both."""
    nodes = nodes_by_option("5x5", options)
    assert nodes[THREATS] < nodes[0] and nodes[THREATS | ETC] < nodes[ETC] < nodes[0]


# Connect Four 9x7 (70 layout bits: two words a plane, the mirror's images cell by cell):
# positions of seeded random play that avoid ending the game, each a few hundred nodes for
# Python's solver
WIDE = ["c1 f1 b1 i1 h1 a1 c2 e1 e2 h2 f2 f3 c3 a2 f4 c4 b2 d1 e3 d2",
        "c1 d1 c2 i1 d2 b1 b2 i2 d3 g1 i3 c3 f1 d4 a1 a2 d5 i4 i5 e1 f2 g2 d6 h1 f3 e2 h2 "
        "g3 d7 f4 g4 g5 i6 h3 c4 c5 h4 h5 g6 f5 h6 g7 b3 i7 a3 f6 c6 c7",
        "f1 i1 a1 b1 g1 h1 c1 a2 b2 c2 d1 e1 e2 f2 e3 d2 c3",
        "i1 f1 h1 c1 d1 g1 a1 i2 g2 f2 d2 i3 c2 f3 b1 b2 i4 d3 b3 g3 d4 b4 c3 a2"]


@needs_cc
@pytest.mark.parametrize("line", WIDE, ids=range(len(WIDE)))
def test_a_board_past_one_word_keeps_pythons_values(line):
    python = catalog.load("connect4", {"width": "9", "height": "7"})
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame) and native.ready() and native.layout.words == 2
    state = python.initial_state()
    for text in line.split():
        state = python.apply(state, python.parse_move(state, text))
    c, py = solve(native, state), solve(python, state)
    assert c.backend == "native" and (c.value, c.score) == (py.value, py.score)
    assert c.best_move in python.legal_moves(state)
