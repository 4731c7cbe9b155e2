"""What the native back end's tests share: a rules file of tests/data/rules on both back
ends, and a seeded random game played on both in lock step."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from gdl.catalog import compile_text
from gdl.interpreter.c.game import NativeGame

RULES = Path(__file__).parents[2] / "data" / "rules"


def rules_games(name: str) -> tuple[Any, NativeGame]:
    """(the Python game, its NativeGame with moves through C) of tests/data/rules/NAME.gdl."""
    python = compile_text((RULES / f"{name}.gdl").read_text(), f"{name}.gdl")
    return python, NativeGame(python, per_call=True)


def lockstep(python: Any, native: Any, rng: random.Random, plies: int | None = None) -> list:
    """One random game (at most `plies` moves) played on both back ends; every ply's legal
    moves (in order) and the state after the move drawn are asserted equal. The states
    played through, the start first."""
    states = [python.initial_state()]
    while not python.is_terminal(states[-1]) and (plies is None or len(states) <= plies):
        state = states[-1]
        moves = list(python.legal_moves(state))
        if not moves:
            break
        assert list(native.legal_moves(state)) == moves
        move = rng.choice(moves)
        after = python.apply(state, move)
        assert native.apply(state, move) == after
        states.append(after)
    return states
