"""The random move of the C playouts and rollouts (pick_move in gdl/interpreter/c/entry.py:
the legality filter judges only the candidates drawn, in a random order) against the
Python back end: every move drawn is legal, the draws are uniform over the legal moves,
and where a game has no filter the playouts are the very games of the exact draw (the
one a replay on Python makes)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from gdl import catalog
from gdl.catalog import compile_text
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.c.game import NativeGame
from tests.interpreter.test_has_moves import PRIORITY_AND_FILTER
from tests.interpreter.c.test_native import needs_cc
from tests.marks import cases

GAMES = Path(catalog.__file__).parent / "games"
# compulsory captures (a priority) and a king kept out of check (a filter) in one game
CAPTURING_CHESS = (GAMES / "board" / "antichess.gdl").read_text() + "illegal: attacked own king\n"
# a pass always legal beside a priority and a filter
PASSING = PRIORITY_AND_FILTER + "move pass: pass always\n"


def load(name: str):
    if name == "capturing chess":
        return compile_text(CAPTURING_CHESS, "capturing_chess.gdl")
    if name == "passing":
        return compile_text(PASSING, "passing.gdl")
    return catalog.load(name, {"size": "5"} if name == "go" else None)


def positions(game, count: int, seed: int) -> list[tuple]:
    """Positions of seeded random games on Python that are not over, the start first."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        state = game.initial_state()
        while not game.is_terminal(state) and len(out) < count:
            moves = game.legal_moves(state)
            if not moves:
                break
            out.append(state)
            state = game.apply(state, rng.choice(moves))
    return out


def successors(game, state: tuple) -> dict:
    return {game.apply(state, move): move for move in game.legal_moves(state)}


# a filter, or (amazons) moves of two stages drawn stage by stage
FILTERED = ["chess", "shogi", "go", "sokoban", "capturing chess", "passing", "amazons"]


@needs_cc
@pytest.mark.parametrize("name", FILTERED)
def test_every_move_drawn_is_legal(name):
    """One-ply rollouts from 40 positions, 6 seeds each: the state reached is a legal
    move's, or the move ended the game with a legal move's result."""
    python = load(name)
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame)
    drawn = 0
    for state in positions(python, 40, seed=2):
        after = successors(python, state)
        for seed in range(1, 7):
            over, reached = native.native_rollout(state, seed, 1)
            if over:
                assert reached in {python.returns(s) for s in after if python.is_terminal(s)}
            else:
                assert reached in after, (python.position_text(state), seed)
            drawn += 1
    assert drawn == 240


@needs_cc
@pytest.mark.parametrize("name", cases(["chess", "shogi", "go", "capturing chess", "passing",
                                        "amazons"], {"shogi", "amazons"}))
def test_the_draws_are_uniform_over_the_legal_moves(name):
    """From positions with 2 to 300 legal moves, 30 draws a move: the counts of the moves
    drawn against the uniform (Pearson's statistic under a bound its chi-squared law
    passes with odds of over a million to one), and every legal move drawn."""
    python = load(name)
    native = with_backend(python, "native")
    tested = 0
    for state in positions(python, 400, seed=4)[::-1]:   # the last: fewer moves
        after = successors(python, state)
        if not 2 <= len(after) <= 300 or any(python.is_terminal(s) for s in after):
            continue
        draws = 30 * len(after)
        counts = Counter(native.native_rollout(state, seed, 1)[1] for seed in range(draws))
        assert set(counts) == set(after)
        statistic = sum((counts[s] - 30) ** 2 / 30 for s in after)
        free = len(after) - 1
        assert statistic < free + 7 * (2 * free) ** 0.5 + 10, (python.position_text(state))
        tested += 1
        if tested == 6:
            break
    assert tested == 6


@needs_cc
@pytest.mark.parametrize("name", ["draughts", "othello", "antichess", "pentago"])
def test_without_a_filter_the_games_are_the_exact_draws(name):
    """No filter (draughts' and antichess' priorities, Othello's pass): the same games,
    move for move, as the draw from the whole list. Pentago's moves are drawn by stages,
    but each placing has its bound of ways on, all 8 turns: the slot drawn is the
    list's index."""
    python = catalog.load(name)
    native = with_backend(python, "native")
    state = python.initial_state()
    assert native.native_playouts(state, 30, seed=9) == native.native_playouts(
        state, 30, seed=9, exact=True)


@needs_cc
def test_filtered_playouts_end_as_often_as_the_exact_ones():
    """Chess, 400 playouts each way from a queen and king against a king: other games,
    and the share of White's wins agrees within four standard errors."""
    python = catalog.load("chess")
    native = with_backend(python, "native")
    state = python.parse_position("k......./......../.K....../......../......../......../"
                                  "......../.Q...... White rights=none ep=none reset=0 plies=0")
    lazy = native.native_playouts(state, 400, seed=1)
    exact = native.native_playouts(state, 400, seed=1, exact=True)
    assert lazy != exact   # other games, drawn another way
    share = [results.get(1, 0) / 400 for _, results in (lazy, exact)]
    assert 0.05 < share[1] < 0.95
    assert abs(share[0] - share[1]) < 4 * (2 * share[1] * (1 - share[1]) / 400) ** 0.5


def test_the_bound_of_a_first_stages_ways_on():
    """An amazon's shot from its landing cell: the longest rays of a 10 x 10 board, from
    a centre cell 9 cells along its row, 9 along its column and 5 + 4 + 4 + 4 along the
    diagonals, so 35; Pentago's 8 turns of its quadrants. Nine men's morris' removals
    after a placing (24 points, two of them: 576 ways) are past the bound: its moves are
    drawn from the whole list."""
    from gdl.interpreter.c.generate import GameC
    assert GameC(catalog.load("amazons").ir).staged == {0: 35}
    assert GameC(catalog.load("pentago").ir).staged == {0: 8}
    assert GameC(catalog.load("nine_mens_morris").ir).staged == {}


LINES = [("chess", 3, 120), ("shogi", 2, 150), ("go", 3, 80), ("capturing chess", 3, 120),
         ("amazons", 2, 100), ("passing", 4, 8)]


@needs_cc
@pytest.mark.parametrize("name, lines, plies", cases(LINES, [LINES[1]]), ids=[c[0] for c in LINES])
def test_whole_playouts_in_c_replay_on_python(name, lines, plies):
    """Seeded playouts drawn in C (gdl_line: each ply's draw after the one before, the
    list kept from the end rules' `moves` reused), replayed on Python: every move is
    legal where it is made, and a line ends short only where Python's game is over."""
    python = load(name)
    native = with_backend(python, "native")
    for seed in range(1, lines + 1):
        state = python.initial_state()
        line = native.native_line(state, seed, plies)
        assert line
        for move in line:
            assert move in python.legal_moves(state), (seed, python.position_text(state))
            state = python.apply(state, move)
        assert len(line) == plies or python.is_terminal(state)
