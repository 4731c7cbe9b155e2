"""The constructs the native back end once refused (an end by score, `swap`, `cycle`,
`lowest`, `repeated` in the legality filter, jump chains in a later stage, counts and
lists in a move of several stages, lists in every operation, turns of any region) run in
C, with the Python back end's counts; and every rules example of the docs and the tests
generates C but for the refusals listed here (docs/native.md, "Supported constructs").

Each construct has a small rules file under tests/data/rules, which
test_native_correctness.py also walks move for move on both back ends."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from gdl.ai.equip import evaluation_specs
from gdl.catalog import compile_text
from gdl.errors import GdlError
from gdl.interpreter.c.generate import generate
from gdl.interpreter.c.support import Unsupported
from gdl.interpreter.core.results import result_codes
from gdl.solvers.search.mcts import MCTS
from gdl.solvers.search.perft import perft

from tests.interpreter.c.lockstep import lockstep, rules_games
from tests.interpreter.c.test_native import needs_cc
from tests.test_docs import DOC_FILES, read_blocks

TESTS = Path(__file__).parents[2]
RULES = TESTS / "data" / "rules"
# perft at depths 1..4, recorded from the Python back end (the native one must agree).
EXPECTED = {
    "cycle": [4, 14, 44, 129],                 # cycle A B C ..., moves of no number
    "later_chain": [6, 59, 251, 2102],         # a jump chain in a later stage
    "later_loop": [2, 4, 4, 12],               # ... a circuit of four captures, listed once
    "later_loop_by_path": [3, 6, 6, 18],       # ... each order its own move
    "lists": [7, 36, 130, 332],                # list operations, a whole list assigned
    "lowest": [3, 10, 35, 124],                # lowest X
    "repeated_filter": [2, 4, 12, 30],         # repeated 3 in the legality filter
    "stage_counts": [16, 192, 1705, 11241],    # counts and a list in a move of two stages
    "superko": [10, 91, 748, 5453],            # repeated board in the legality filter
    "swap": [7, 49, 343, 2401],                # swap X with Y
    "three_scores": [9, 50, 150, 216],         # end: score, three players
    "turn_anywhere": [12, 135, 1422, 14013],   # rotate and reflect without zones
}
# The rules examples whose C is refused on purpose, by file and the construct named:
EXPECTED_REFUSALS = {
    # test_native.py's fallback test: a list given a value of another length (its C
    # array, and the packed state, have the length of its first value)
    ("test_native.py", "a list of 2 numbers given 3 (its length in C is fixed)"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_construct_generates_c(name):
    python = compile_text((RULES / f"{name}.gdl").read_text(), f"{name}.gdl")
    source, _ = generate(python.ir, evaluation_specs(python))
    assert "gdl_perft" in source


@needs_cc
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_construct_counts_the_recorded_perft_in_c(name):
    python, native = rules_games(name)
    start = python.initial_state()
    for depth, count in enumerate(EXPECTED[name], 1):
        assert perft(python, start, depth) == count, (name, depth)
        assert native.native_perft(start, depth) == count, (name, depth)   # not None: C's
        if depth <= 3:   # per call: legal_moves and apply across the boundary
            assert perft(native, start, depth) == count, (name, depth)


@needs_cc
def test_repetitions_in_the_filter_count_the_same_deeper():
    """Ten plies reach positions seen twice before, which the filter refuses."""
    python, native = rules_games("repeated_filter")
    start = python.initial_state()
    assert perft(python, start, 10) == native.native_perft(start, 10) == 4722
    assert perft(native, start, 8) == 1044   # each call loads the history it reads


@needs_cc
def test_a_game_over_by_score_has_pythons_payoffs():
    """A move that ends the game by score is made by the Python back end (its payoff tuple
    is no result word); the playouts count such games under their own code; the C
    searches leave a game with scores to Python."""
    python, native = rules_games("three_scores")
    rng = random.Random(7)
    for _ in range(10):
        state = lockstep(python, native, rng)[-1]
        assert isinstance(state[-1], tuple) and sum(state[-1]) == 0
    # a state over by score stays on Python's side (its payoffs cross as no words)
    assert perft(native, state, 0) == 1 and perft(native, state, 2) == 0
    result = MCTS(native, seed=1, iterations=200).search(python.initial_state())
    assert result.stats.iterations == 200   # rollouts that reach such states, scored
    scored = len(result_codes(3)) + 1
    plies, games_by_code = native.native_playouts(python.initial_state(), 50, seed=3)
    assert games_by_code == {scored: 50} and plies > 0
    assert native.native_rollout(python.initial_state(), 1, 100) is None   # Python's
    assert "#define SEARCHABLE 0" in native.source and "#define SOLVABLE 0" in native.source


def rules_examples() -> list[tuple[str, str]]:
    """(label, text) of every rules example: the docs' complete ones, every rules file under
    tests/ (but the bad ones) and the `game "..."` strings of the tests."""
    out = [(f"{doc}:{b.line}", b.text) for doc in DOC_FILES for b in read_blocks(doc)
           if b.info in ("gdl", "gdl-fails")]
    out += [(str(p.relative_to(TESTS)), p.read_text()) for p in sorted(TESTS.rglob("*.gdl"))
            if "bad" not in p.parts]
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.lstrip().startswith('game "'):
                out.append((f"{path.name}:{node.lineno}", node.value))
    return out


@pytest.mark.slow
def test_every_rules_example_generates_c():
    """Every example that compiles to a game of the core IR (puzzles and constraint grids
    of their own engines have none) has C code, but the refusals listed above."""
    refused, generated = set(), 0
    for label, text in rules_examples():
        try:
            game = compile_text(text, "example.gdl")
        except (GdlError, ValueError):   # an example of an error, or a fragment
            continue
        if not hasattr(game, "ir"):
            continue
        try:
            generate(game.ir, evaluation_specs(game))
            generated += 1
        except Unsupported as err:
            refused.add((label.split(":")[0], str(err)))
    assert refused == EXPECTED_REFUSALS
    assert generated >= 100
