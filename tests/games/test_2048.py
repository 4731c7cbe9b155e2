"""2048 on 2 x 2 (gdl/games/dice/game_2048.gdl, issue 31) against a plain hand-written model:
perft (a slide, the new tile's cell, its face: three plies) on both back ends, the chance
outcomes and their probabilities along seeded games, and the expected score of best play by
expectimax, equal to the model's own."""

from __future__ import annotations

import functools
import random

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.protocol import CHANCE
from gdl.solvers.search.expectimax import chance_value, expectimax, value_iteration
from gdl.solvers.search.perft import perft

# each way's two pairs (the cell tiles go to, the cell they come from): left, right, down, up
PAIRS = {1: ((1, 2), (3, 4)), 2: ((2, 1), (4, 3)), 3: ((1, 3), (2, 4)), 4: ((3, 1), (4, 2))}
FACES = ((2, 0.9), (4, 0.1))
START = (2, 0, 0, 0)


def slide(board, k):
    """(the board after sliding way k, the score gained), None when nothing changes."""
    b, gain = list(board), 0
    for i, j in PAIRS[k]:
        i, j = i - 1, j - 1
        if b[i] and b[i] == b[j]:
            b[i], b[j], gain = 2 * b[i], 0, gain + 2 * b[i]
        elif not b[i]:
            b[i], b[j] = b[j], 0
    return None if tuple(b) == tuple(board) else (tuple(b), gain)


def spawns(board):
    """The new tile's (cell, face, probability) on a board after a slide."""
    empty = [c for c in range(4) if board[c] == 0]
    return [(c, face, p / len(empty)) for c in empty for face, p in FACES]


@functools.cache
def best(board):
    """The expected score still to come under best play."""
    values = []
    for k in PAIRS:
        moved = slide(board, k)
        if moved is not None:
            after, gain = moved
            values.append(gain + sum(p * best(tuple(face if i == c else t
                                                    for i, t in enumerate(after)))
                                     for c, face, p in spawns(after)))
    return max(values, default=0.0)


def reference_perft(board, depth):
    """Plies: a slide, then the cell, then the face (the model's three steps)."""
    if depth == 0:
        return 1
    total = 0
    for k in PAIRS:
        moved = slide(board, k)
        if moved is None:
            continue
        after = moved[0]
        empty = [c for c in range(4) if after[c] == 0]
        if depth == 1:
            total += 1
        elif depth == 2:
            total += len(empty)
        else:
            total += sum(reference_perft(tuple(f if i == c else t for i, t in enumerate(after)),
                                         depth - 3) for c in empty for f, _ in FACES)
    return total


@pytest.mark.parametrize("backend", ["python", "native"])
def test_perft_equals_the_model(backend):
    game = with_backend(catalog.load("game_2048"), backend)
    start = game.initial_state()
    for depth in range(1, 10):
        assert perft(game, start, depth) == reference_perft(START, depth), depth


def test_chance_outcomes_along_seeded_games():
    game = catalog.load("game_2048")
    rng = random.Random(2048)
    for _ in range(20):
        s = game.initial_state()
        while not game.is_terminal(s):
            board = tuple(game.position_text(s).split()[1].split("=")[1].split(","))
            board = tuple(map(int, board))
            if game.current_player(s) != CHANCE:
                texts = [game.move_text(s, m) for m in game.legal_moves(s)]
                assert texts == [f"slide {k}" for k in PAIRS if slide(board, k) is not None]
            else:
                outcomes = game.chance_outcomes(s)
                assert sum(p for _, p in outcomes) == pytest.approx(1)
                text = game.move_text(s, outcomes[0][0])
                if text.startswith("spot="):   # the empty cells, alike
                    assert sorted(int(game.move_text(s, m)[5:]) for m, _ in outcomes) == \
                        [c + 1 for c in range(4) if board[c] == 0]
                    assert {round(p, 12) for _, p in outcomes} == {round(1 / len(outcomes), 12)}
                else:
                    assert sorted((game.move_text(s, m), p) for m, p in outcomes) == \
                        [("face=2", 0.9), ("face=4", 0.1)]
            s = game.apply(s, rng.choice(game.legal_moves(s)))
        assert game.returns(s)[0] == int(game.position_text(s).split("total=")[1].split()[0])


def test_expectimax_equals_the_model():
    game = catalog.load("game_2048")
    start = game.initial_state()
    result = chance_value(game)
    assert result.method == "star2"
    assert result.value == pytest.approx(best(START), abs=1e-9)
    assert round(result.value, 4) == 67.3272
    assert expectimax(game, start) == pytest.approx(result.value, abs=1e-9)
    assert value_iteration(game, start).value == pytest.approx(result.value, abs=1e-6)
    assert game.move_text(start, result.best_move) in ("slide 2", "slide 4")   # equal by symmetry
