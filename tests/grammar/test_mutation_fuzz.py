"""Mutated rules files never crash the compiler: each compiles, or is refused with a
located RulesError (or an OptionError). Hypothesis mutates the bundled game files."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gdl import catalog
from gdl.errors import OptionError, RulesError
from gdl.catalog import compile_text

GAMES = [path.read_text() for name, path in sorted(catalog.bundled_paths().items())
         if path.parent.name in ("line", "race", "take", "capture", "flip")]
WORDS = ["place", "step", "slide", "jump", "over", "to", "on", "then", "if", "and", "or", "not",
         "no", "in", "empty", "own", "enemy", "line", "row", "rows", "..", ",", ":", "(", ")", "[",
         "]", "=", "+=", "-", "*", "/", "%", "0", "1", "99", "a1", "z9", "here", "moves", "plies",
         "repeated", "again", "fill", "flip", "promote", "box", "slot", "count", "size", "sum",
         "\n", "#", '"', "end:", "move:", "state x = 1", "pieces pawn", "zones box: 2 x 2",
         "symmetry mirror", "swapping colours", "priority: capture", "option w = 3"]


def mutate(text: str, seed: int, edits: int) -> str:
    rng = random.Random(seed)
    tokens = text.split(" ")
    for _ in range(edits):
        i = rng.randrange(len(tokens))
        kind = rng.randrange(3)
        if kind == 0 and len(tokens) > 1:
            del tokens[i]
        elif kind == 1:
            tokens.insert(i, rng.choice(WORDS))
        else:
            tokens[i] = rng.choice(WORDS)
    return " ".join(tokens)


@pytest.mark.slow
@settings(max_examples=int(os.environ.get('GDL_FUZZ_EXAMPLES', 300)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**9), edits=st.integers(1, 4))
def test_mutated_rules_compile_or_are_refused_with_a_position(game, seed, edits):
    text = mutate(game, seed, edits)
    try:
        compiled = compile_text(text, "mutant.gdl")
    except RulesError as err:
        assert err.filename == "mutant.gdl"
        assert str(err).startswith("mutant.gdl")
        return
    except OptionError:
        return
    # The generated code runs: a few random moves, each rendered and written as text. A rule
    # may fail in play (an index or a division), which the CLI reports as such; nothing else.
    rng = random.Random(seed)
    state = compiled.initial_state()
    try:
        for _ in range(30):
            moves = compiled.legal_moves(state)
            if compiled.is_terminal(state) or not moves:
                break
            move = rng.choice(moves)
            assert compiled.parse_move(state, compiled.move_text(state, move)) == move
            state = compiled.apply(state, move)
            compiled.render(state)
            compiled.canonical(state)
    except (IndexError, ZeroDivisionError):
        pass


OTHERS = [path.read_text() for name, path in sorted(catalog.bundled_paths().items())
          if path.parent.name in ("puzzle", "grid")]
OTHER_WORDS = ["cycle", "twist", "permutation", "mod", "inverse", "goal:", "initial", "tiles",
               "blank", "slide", "tile", "into", "stacks", "of", "top", "onto", "larger", "all",
               "grid", "all different:", "rows", "columns", "boxes", "given", "cage", "sum",
               "exactly", "require:", "r1c1", "r9c9", "<", ">", "value", "+", "(", ")", "1..9",
               "\n", "x", "3", "0", "-1"]


@pytest.mark.slow
@settings(max_examples=int(os.environ.get('GDL_FUZZ_EXAMPLES', 300)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(text=st.sampled_from(OTHERS), seed=st.integers(0, 10**9), edits=st.integers(1, 4))
def test_mutated_puzzles_and_constraints_compile_or_are_refused(text, seed, edits):
    rng = random.Random(seed)
    tokens = text.split(" ")
    for _ in range(edits):
        i = rng.randrange(len(tokens))
        tokens[i] = rng.choice(OTHER_WORDS + WORDS)
    try:
        compile_text(" ".join(tokens), "mutant.gdl")
    except RulesError as err:
        assert str(err).startswith("mutant.gdl")
    except OptionError:
        pass


def test_a_symmetry_refused_at_load_is_reported_in_moves_of_a_numbered_rule():
    """Found by the fuzz above (seed 196, one edit of nim): the load-time check of a
    declared symmetry wrote its report's moves before the game knew whether it had chance
    stages, and a rule with numbers failed on it (AttributeError) instead of being refused."""
    nim = next(text for text in GAMES if text.startswith('game "Nim"'))
    text = nim.replace("sum(heap) == 0", "sum(heap) == repeated")
    assert text != nim
    rejected = compile_text(text, "mutant.gdl").rejected
    assert rejected["swapping colours"].startswith("First plays take 1 1 here and Second take")
