"""International draughts (gdl/games/capture/international_draughts.gdl) and the constructs it
needs (`prefer: most count taken`, flying jumps, jumped pieces kept till the chain ends)
against a plain generator written apart from gdl (international_draughts_rules.py), on both
back ends: perft from the start on two board sizes, perft from the 30 seeded positions of
tests/data/oracle/international_draughts.json (recorded by the plain generator:
`python -m tests.games.test_international_draughts`), and random games ply by ply.

The published perft of the start (1049442 at depth 7) is in tests/data/perft."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from gdl import catalog
from gdl.interpreter.c.backend import with_backend
from gdl.solvers.search.perft import perft
from tests.games.international_draughts_rules import Game, Rules, from_position_text
from tests.interpreter.c.test_native import needs_cc

TESTS = Path(__file__).parents[1]
RECORD = TESTS / "data" / "oracle" / "international_draughts.json"
GAME = "international_draughts"
# tests/data/rules files and the plain generator's switches that make the same rules
CONSTRUCTS = {"majority": {"flying": False}, "flying": {"majority": False},
              "removal_at_end": {"kings": True}}
# the switch whose rules differ in the positions drawn (the file tests that construct)
WITHOUT = {"majority": {"majority": False}, "flying": {"flying": False},
           "removal_at_end": {"keep_taken": False}}


@functools.cache
def python_game(name: str, size: int) -> Any:
    path = GAME if name == GAME else str(TESTS / "data" / "rules" / f"{name}.gdl")
    return catalog.load(path, {"size": str(size)})


@functools.cache
def native_game(name: str, size: int) -> Any:
    game = with_backend(python_game(name, size), "native")
    assert game.backend == "native"
    return game


def plain_perft(rules: Rules, game: Any, state: Any, depth: int) -> int:
    letters = {letter: (owner, game.ir.pieces[kind] == "king")
               for (owner, kind), letter in game.letters().items()}
    board, player = from_position_text(game.position_text(state), rules.size, letters)
    return rules.perft(board, player, depth)


def random_states(game: Any, seed: int, count: int, plies: int) -> list[Any]:
    """`count` positions of seeded random games, each after up to `plies` plies."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(2, plies)):
            moves = game.legal_moves(state)
            if game.is_terminal(state) or not moves:
                break
            state = game.apply(state, rng.choice(list(moves)))
        if not game.is_terminal(state):
            out.append(state)
    return out


def placed_states(game: Any, size: int, seed: int, count: int) -> list[Any]:
    """`count` positions of 4 to 9 pieces of any kind and owner on random dark cells, either
    player to move (where a king's long chains meet the pieces they jumped)."""
    rng, out = random.Random(seed), []
    cells = [(x, y) for y in range(size) for x in range(size) if (x + y) % 2 == 0]
    letters = sorted(game.letters().values())
    while len(out) < count:
        board = {c: rng.choice(letters) for c in rng.sample(cells, rng.randrange(4, 10))}
        rows = ["".join(board.get((x, y), ".") for x in range(y % 2, size, 2))
                for y in reversed(range(size))]
        state = game.parse_position("/".join(rows) + " " + rng.choice(["White", "Black"]))
        if not game.is_terminal(state):
            out.append(state)
    return out


@pytest.mark.parametrize("size, depth", [(8, 5), (10, 5)])
def test_perft_from_the_start_equals_the_plain_generators(size, depth):
    rules, game = Rules(size=size), python_game(GAME, size)
    counts = [perft(game, game.initial_state(), d) for d in range(1, depth + 1)]
    assert counts == [rules.perft(rules.start(), 0, d) for d in range(1, depth + 1)]


@needs_cc
@pytest.mark.parametrize("size", [8, 10])
def test_the_native_back_end_counts_the_same_deeper(size):
    python, native = python_game(GAME, size), native_game(GAME, size)
    start = python.initial_state()
    assert native.native_perft(start, 6) == perft(python, start, 6)


@pytest.mark.parametrize("name", sorted(CONSTRUCTS))
@pytest.mark.parametrize("size", [6, 8])
def test_each_construct_against_the_plain_generator(name, size):
    """Perft 3 from the start, and 2 from 12 positions of random games and 40 of random
    pieces, on both back ends; in some of those positions the rules without the construct
    count otherwise (it is exercised)."""
    rules = Rules(size=size, **CONSTRUCTS[name])
    without = rules._replace(**WITHOUT[name])
    game = python_game(name, size)
    backends = [game, native_game(name, size)]
    start = game.initial_state()
    for g in backends:
        assert [perft(g, start, d) for d in (1, 2, 3)] == \
            [rules.perft(rules.start(), 0, d) for d in (1, 2, 3)]
    differs = False
    for state in random_states(game, size, 12, 60) + placed_states(game, size, 0, 40):
        expected = plain_perft(rules, game, state, 2)
        assert [perft(g, state, 2) for g in backends] == [expected] * 2, \
            game.position_text(state)
        differs |= plain_perft(without, game, state, 2) != expected
    assert differs


@pytest.mark.parametrize("backend", ["python", "native"])
def test_a_jumped_piece_blocks_the_way_back(backend):
    """The Turkish strike: White's king on e5 takes d4 (landing on c3, b2 or a1) or i9; were
    d4 gone at once, it could turn back through d4 to take i9 as well, and must."""
    rules = Rules()
    board = {(4, 4): (0, True), (3, 3): (1, False), (8, 8): (1, False)}
    game = with_backend(python_game(GAME, 10), backend)
    state = game.parse_position(text(rules, board) + " White")
    moves = sorted(game.move_text(state, m) for m in game.legal_moves(state))
    assert moves == ["e5xa1", "e5xb2", "e5xc3", "e5xj10"]
    assert len(rules.moves(board, 0)) == 4
    assert all(len(m[2]) == 2 for m in rules._replace(keep_taken=False).moves(board, 0))


@pytest.mark.parametrize("backend", ["python", "native"])
def test_the_draws(backend):
    """A position occurring a third time; 50 plies (25 moves each) of kings' moves without a
    capture (a man's move starts the count again)."""
    game = with_backend(python_game(GAME, 10), backend)
    kings = text(Rules(), {(0, 2): (0, True), (9, 9): (1, True), (5, 1): (0, False)})
    state = game.parse_position(f"{kings} White reset=0 plies=0")
    shuffle = ["a3-b4", "j10-i9", "b4-a3", "i9-j10"]
    for ply, move in enumerate(shuffle * 2):
        assert not game.is_terminal(state), ply
        state = game.apply(state, game.parse_move(state, move))
    assert game.is_terminal(state) and tuple(game.returns(state)) == (0.0, 0.0)
    near = game.parse_position(f"{kings} White reset=0 plies=49")
    drawn = game.apply(near, game.parse_move(near, "a3-b4"))
    assert game.is_terminal(drawn) and tuple(game.returns(drawn)) == (0.0, 0.0)
    assert not game.is_terminal(game.apply(near, game.parse_move(near, "f2-g3")))


def test_the_recorded_positions_count_alike_on_both_back_ends():
    data = json.loads(RECORD.read_text())
    python = python_game(GAME, 10)
    native = native_game(GAME, 10)
    start = python.initial_state()
    assert [perft(native, start, d) for d in range(1, len(data["perft"]) + 1)] == data["perft"]
    assert len(data["positions"]) >= 30
    for position in data["positions"]:
        state = python.moves_after(position["moves"])
        depths = range(1, len(position["perft"]) + 1)
        assert [perft(python, state, d) for d in depths] == position["perft"], position["moves"]
        assert [native.native_perft(state, d) for d in depths] == position["perft"]


def test_the_plain_generator_made_the_record():
    data = json.loads(RECORD.read_text())
    rules, game = Rules(), python_game(GAME, 10)
    for position in data["positions"][:10]:
        state = game.moves_after(position["moves"])
        assert [plain_perft(rules, game, state, d) for d in (1, 2)] == position["perft"][:2]


@pytest.mark.parametrize("seed", range(6))
def test_random_games_agree_with_the_plain_generator_ply_by_ply(seed):
    """Every legal move's position and each ply's end, to the end of the game (or 300
    plies): the draws by repetition and by 50 plies of kings' moves included."""
    rules, game = Rules(), native_game(GAME, 10)
    plain, state, rng = Game(rules), game.initial_state(), random.Random(seed)
    for _ in range(300):
        ours = game.legal_moves(state) if not game.is_terminal(state) else []
        after = {game.position_text(game.apply(state, m)).split()[0]: m for m in ours}
        theirs = {text(rules, rules.play(plain.board, plain.player, m)): m
                  for m in plain.moves()}
        assert sorted(after) == sorted(theirs), game.position_text(state)
        if not theirs:
            break
        key = rng.choice(sorted(after))
        state = game.apply(state, after[key])
        plain.play(theirs[key])
    assert game.is_terminal(state) == (plain.over is not None)
    if plain.over is not None:
        expected = (0.0, 0.0) if plain.over < 0 else (1.0, -1.0) if plain.over == 0 \
            else (-1.0, 1.0)
        assert tuple(game.returns(state)) == expected


def text(rules: Rules, board: dict) -> str:
    """The board part of gdl's position text (see from_position_text)."""
    rows = []
    for y in reversed(range(rules.size)):
        row = ""
        for x in range(y % 2, rules.size, 2):
            owner, king = board.get((x, y), (None, False))
            letter = "." if owner is None else "k" if king else "m"
            row += letter.upper() if owner == 0 else letter
        rows.append(row)
    return "/".join(rows)


def record() -> dict:
    """Perft of the start (depths 1..6) and of 30 positions of seeded random games (depths
    1..3, the moves in gdl's notation), counted by the plain generator."""
    rules, game = Rules(), python_game(GAME, 10)
    data: dict = {"game": GAME, "oracle": "tests/games/international_draughts_rules.py",
                  "params": {}, "options": {},
                  "perft": [rules.perft(rules.start(), 0, d) for d in range(1, 7)],
                  "positions": []}
    rng = random.Random(1)
    while len(data["positions"]) < 30:
        state, texts = game.initial_state(), []
        for _ in range(rng.randrange(2, 60)):
            if game.is_terminal(state):
                break
            move = rng.choice(list(game.legal_moves(state)))
            texts.append(game.move_text(state, move))
            state = game.apply(state, move)
        if not game.is_terminal(state):
            data["positions"].append({"moves": texts, "perft": [
                plain_perft(rules, game, state, d) for d in (1, 2, 3)]})
    return data


if __name__ == "__main__":
    RECORD.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"{RECORD.name} written")
