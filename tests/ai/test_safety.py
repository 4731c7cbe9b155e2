"""The AI never plays a move that loses at once when another does not (gdl/ai/safety.py),
whatever its engine and level: checked over seeded positions of Connect Four and
breakthrough, against a search too small to see it on its own."""

from __future__ import annotations

import random

import pytest

from gdl import catalog
from gdl.ai.players import AIPlayer
from gdl.ai.safety import loses_at_once, safe_choice


def positions(game, seed: int, count: int):
    rng, out = random.Random(seed), []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(4, 70)):
            if game.is_terminal(state):
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if not game.is_terminal(state):
            out.append(state)
    return out


@pytest.mark.parametrize("name, spec", [("connect4", "mcts"), ("breakthrough", "mcts"),
                                        ("connect4", "alphabeta")])
def test_a_move_that_loses_at_once_is_played_only_when_all_do(name, spec):
    game = catalog.load(name)
    avoided = 0
    for i, state in enumerate(positions(game, 3, 40)):
        mover = game.current_player(state)
        ai = AIPlayer(game, "2" if spec == "mcts" else "1", seed=i, engine=spec)
        chosen = ai.choose(game, state)
        doomed = [m for m in game.legal_moves(state)
                  if loses_at_once(game, state, m, mover, [10**9])]
        if len(doomed) < len(game.legal_moves(state)):
            assert chosen not in doomed, (name, i, game.move_text(state, chosen))
            avoided += bool(doomed)
    assert avoided >= 5   # positions where some move lost at once: the check mattered


def test_the_first_safe_move_of_the_ranking_replaces_a_losing_one():
    game = catalog.load("connect4")
    state = game.initial_state()
    for text in ("a1", "d1", "a2", "d2", "b1", "d3"):   # O threatens d4
        state = game.apply(state, game.parse_move(state, text))
    moves = game.legal_moves(state)
    block = game.parse_move(state, "d4")
    assert safe_choice(game, state, game.parse_move(state, "g1"), moves) == block
    assert safe_choice(game, state, block, moves) == block
