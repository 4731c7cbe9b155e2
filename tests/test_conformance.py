"""Conformance: every bundled game, compiled from its rules, keeps the Game protocol.

The tests run once per bundled game (`gdl.catalog.bundled_games()`, default
options), by kind. A game (`game "..."`) is checked on the positions of 200
seeded random playouts and on move sequences drawn by hypothesis:

- playouts end within MAX_PLIES without an error; a position that is not over
  has a legal move, and no move twice; a finished one has none and one payoff
  per player (summing to 0 in a zero-sum game);
- states are hashable tuples; `apply` is a pure function (same input, same
  output, the input untouched);
- every legal move round-trips through its text, and the texts of one position
  are distinct;
- `canonical` is invariant under the declared symmetries, and a position and
  its image have as many legal moves, and the same children up to symmetry.

The symmetries are the group `canonical` uses (`game.symmetries`: cell permutations
over bit indices, some with a colour swap); the first `len(game.ir.initial_planes)`
entries of a state are the piece planes they act on.

A puzzle never has to end (a random walk on a sliding puzzle need not find the
goal) and keeps its moves at the goal, so it is checked on seeded random walks
of WALK_PLIES moves: the same purity and text round trips, one payoff, the goal
as the terminal state, and every declared inverse undoing its move. Constraint
puzzles are not Games (no moves); tests/interpreter covers them.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gdl import catalog
from gdl.errors import IllegalMove
from gdl.interpreter.python.compiled import CompiledGame
from gdl.interpreter.core.ir import Symmetry
from gdl.interpreter.core.symmetry import imager
from gdl.protocol import CHANCE, CONSTRAINTS, GAME, PUZZLE, Game, SIMULTANEOUS, has_simultaneous
from tests.marks import cases


def declared_kind(name: str) -> str:
    """The kind a bundled rules file declares in its header (`game`, `puzzle`, ...),
    read without compiling it, so a broken file fails its tests, not the collection."""
    text = catalog.bundled_paths()[name].read_text(encoding="utf-8")
    for line in text.splitlines():
        words = line.split()
        if words and words[0] in (GAME, PUZZLE, CONSTRAINTS):
            return words[0]
    return "unknown"


KINDS = {name: declared_kind(name) for name, _ in catalog.bundled_games()}
GAMES = [name for name, kind in KINDS.items() if kind == GAME]
PUZZLES = [name for name, kind in KINDS.items() if kind == PUZZLE]
PLAYOUTS = 200
# games whose moves cost more (a legality filter): playouts and budgets / N
SLOW = {"backgammon": 10, "chess": 10, "shogi": 20, "three_check": 10, "xiangqi": 20}
# Marked slow (`make test-fast` leaves them out; `make test` checks every game): HEAVY, the
# games whose compilation and checks take seconds, in every check; and the cases of half a
# second or more of a check among the others.
HEAVY = {"amazons", "antichess", "backgammon", "chess", "crazyhouse", "game_2048_4x4", "go",
         "gomoku", "havannah", "lines_of_action", "nine_mens_morris", "oware", "quoridor",
         "rush_hour", "shogi", "three_check", "xiangqi", "y"}
LONG_TEXT = HEAVY | {"breakthrough", "clobber", "connect4", "draughts", "mancala",
                     "international_draughts", "peg_solitaire"}
LONG_SEQUENCES = HEAVY | {"mancala"}
WALK_PLIES = 60          # length of a puzzle's random walk
MAX_PLIES = 2_000        # a random game longer than this counts as one that never ends
TEXT_BUDGET = 120_000    # move texts written per game for round trips (a position costs n^2)
APPLY_BUDGET = 15_000    # moves applied twice per game for the purity check
DISTINCT_BUDGET = 300_000  # moves listed per game for the no-repeats check
SYMMETRY_BUDGET = 4_000  # canonical keys computed per game for the children check
NONSENSE = "zz99 no such move"

State = tuple


@functools.cache
def compiled(name: str) -> Any:
    return catalog.load(name)


@functools.cache
def playouts(name: str) -> tuple[tuple[State, ...], ...]:
    """PLAYOUTS seeded random games, each the states from the start to the end."""
    game = compiled(name)
    rng = random.Random(f"conformance {name}")
    games = []
    for index in range(PLAYOUTS // SLOW.get(name, 1)):
        state = game.initial_state()
        line = [state]
        while not game.is_terminal(state):
            if len(game.players) == 1 and len(line) > WALK_PLIES:
                break   # a one-player game (a puzzle) need not end: a walk, as for puzzles
            moves = game.legal_moves(state)
            assert moves, f"{name}: playout {index} reached a position with no move that is " \
                          f"not over:\n{game.render(state)}"
            assert len(line) <= MAX_PLIES, f"{name}: playout {index} is still going after " \
                                           f"{MAX_PLIES} plies"
            state = game.apply(state, rng.choice(moves))
            line.append(state)
        games.append(tuple(line))
    return tuple(games)


@functools.cache
def walks(name: str) -> tuple[tuple[State, ...], ...]:
    """PLAYOUTS seeded random walks of WALK_PLIES moves through a puzzle from its start."""
    puzzle = compiled(name)
    rng = random.Random(f"conformance {name}")
    out = []
    for index in range(PLAYOUTS):
        state = puzzle.initial_state()
        line = [state]
        for _ in range(WALK_PLIES):
            moves = puzzle.legal_moves(state)
            assert moves, f"{name}: walk {index} reached a position with no move:\n" \
                          f"{puzzle.render(state)}"
            state = puzzle.apply(state, rng.choice(moves))
            line.append(state)
        out.append(tuple(line))
    return tuple(out)


@functools.cache
def positions(name: str) -> tuple[State, ...]:
    """The distinct positions of the playouts (or walks) in a seeded random order, the start
    first."""
    lines = playouts(name) if KINDS[name] == GAME else walks(name)
    seen = dict.fromkeys(state for line in lines for state in line)
    start = compiled(name).initial_state()
    del seen[start]
    rest = list(seen)
    random.Random(f"order {name}").shuffle(rest)
    return (start, *rest)


def within(name: str, cost, budget: int) -> Iterator[State]:
    """Positions (in `positions` order) while their summed `cost` stays within `budget`;
    the start always."""
    spent = 0
    for i, state in enumerate(positions(name)):
        spent += cost(state)
        if i and spent > budget // SLOW.get(name, 1):
            return
        yield state


def image(game: CompiledGame, state: State, sym: Symmetry) -> State:
    """`state` with its piece planes mapped cell by cell through the symmetry (and, for a
    colour swap, players 0 and 1 exchanged: pieces, turn and result)."""
    return imager(game)(sym, state)


# --------------------------------------------------------------------------- the checks

def check_position(game: CompiledGame, state: State) -> None:
    """What holds of any position: a hashable tuple, a player to move, moves or payoffs."""
    assert isinstance(state, tuple)
    hash(state)
    mover = game.current_player(state)
    moves = game.legal_moves(state)
    if has_simultaneous(game) and not game.is_terminal(state):   # every player chooses
        assert mover == SIMULTANEOUS and moves
        return
    if mover == CHANCE:   # a chance node (issue 31): its outcomes are its moves, summing to 1
        assert game.has_chance and not game.is_terminal(state)
        outcomes = game.chance_outcomes(state)
        assert [m for m, _ in outcomes] == list(moves)
        assert math.isclose(sum(p for _, p in outcomes), 1.0) and all(p > 0 for _, p in outcomes)
        return
    assert 0 <= mover < len(game.players)
    if not game.is_terminal(state):
        assert moves, f"not over, yet no legal move:\n{game.render(state)}"
        return
    assert len(moves) == 0, f"over, yet {len(moves)} legal moves:\n{game.render(state)}"
    payoffs = game.returns(state)
    assert len(payoffs) == len(game.players)
    if game.zero_sum:
        assert math.isclose(sum(payoffs), 0.0, abs_tol=1e-9), payoffs


def check_pure(game: Game, state: State) -> None:
    """legal_moves and apply give equal results on equal inputs and leave the state as it was."""
    before = repr(state)
    moves = game.legal_moves(state)
    assert list(moves) == list(game.legal_moves(state))
    for move in moves:
        hash(move)
        after = game.apply(state, move)
        assert isinstance(after, tuple)
        hash(after)
        assert game.apply(state, move) == after
    assert repr(state) == before, "apply changed its input"


def check_texts(game: Game, state: State) -> None:
    """Every legal move's text is distinct and parses back to the move."""
    moves = list(dict.fromkeys(game.legal_moves(state)))  # see test_legal_moves_are_distinct
    texts = [game.move_text(state, m) for m in moves]
    twice = [t for t, n in Counter(texts).items() if n > 1]
    assert not twice, f"move texts {twice} stand for more than one move"
    for move, text in zip(moves, texts):
        assert game.parse_move(state, text) == move, text
    with pytest.raises(IllegalMove):
        game.parse_move(state, NONSENSE)


def check_symmetries(game: CompiledGame, state: State, children: bool) -> None:
    """canonical(t(s)) == canonical(s) for every symmetry t canonical uses; t(s) has as many
    moves as s, the same player (the other one, for a colour swap) and result, and (if
    `children`) the same children up to symmetry."""
    key = game.canonical(state)
    hash(key)
    moves = game.legal_moves(state)
    below = Counter(game.canonical(game.apply(state, m)) for m in moves) if children else None
    for sym in game.symmetries:
        name, other = sym.name, image(game, state, sym)
        assert game.canonical(other) == key, f"{name} changes the canonical key"
        assert len(game.legal_moves(other)) == len(moves), f"{name} changes the move count"
        mover = game.current_player(state)
        assert game.current_player(other) == (1 - mover if sym.swap else mover)
        assert game.is_terminal(other) == game.is_terminal(state)
        if children:
            found = Counter(game.canonical(game.apply(other, m)) for m in game.legal_moves(other))
            assert found == below, f"{name}: the children differ up to symmetry"


# --------------------------------------------------------------------------- every kind

@pytest.mark.slow
def test_every_bundled_game_is_of_a_known_kind():
    for name, kind in KINDS.items():
        assert kind in (GAME, PUZZLE, CONSTRAINTS), f"{name}: no game, puzzle or constraints header"
        assert compiled(name).kind == kind, name
    assert GAMES and PUZZLES


# --------------------------------------------------------------------------- games and puzzles

@pytest.mark.parametrize("name", cases(GAMES + PUZZLES, HEAVY))
def test_legal_moves_are_distinct(name):
    game = compiled(name)
    for state in within(name, lambda s: len(game.legal_moves(s)), DISTINCT_BUDGET):
        moves = game.legal_moves(state)
        twice = [game.move_text(state, m) for m, n in Counter(moves).items() if n > 1]
        assert not twice, f"moves listed twice: {twice} in {state}:\n{game.render(state)}"


@pytest.mark.parametrize("name", cases(GAMES + PUZZLES, HEAVY))
def test_apply_is_pure(name):
    game = compiled(name)
    for state in within(name, lambda s: len(game.legal_moves(s)), APPLY_BUDGET):
        check_pure(game, state)


@pytest.mark.parametrize("name", cases(GAMES + PUZZLES, LONG_TEXT))
def test_moves_round_trip_through_their_text(name):
    game = compiled(name)
    for state in within(name, lambda s: len(game.legal_moves(s)) ** 2, TEXT_BUDGET):
        check_texts(game, state)


# --------------------------------------------------------------------------- games

@pytest.mark.parametrize("name", cases(GAMES, HEAVY))
def test_random_playouts_end_and_keep_the_protocol(name):
    game = compiled(name)
    lines = playouts(name)
    assert len(lines) == PLAYOUTS // SLOW.get(name, 1)
    for line in lines:
        assert line[0] == game.initial_state()
        assert game.is_terminal(line[-1]) or len(game.players) == 1 and len(line) > WALK_PLIES
        for state in line:
            check_position(game, state)


@pytest.mark.parametrize("name", cases(GAMES, HEAVY))
def test_finished_games_have_no_moves_and_reject_any(name):
    game = compiled(name)
    for line in playouts(name):
        end = line[-1]
        if not game.is_terminal(end):
            continue   # a one-player game's walk, cut (see `playouts`)
        assert len(game.legal_moves(end)) == 0
        with pytest.raises(IllegalMove):
            game.parse_move(end, NONSENSE)


@pytest.mark.parametrize("name", cases(GAMES, HEAVY))
def test_symmetries_permute_the_cells(name):
    game = compiled(name)
    names = [s.name for s in game.symmetries]
    assert names[0] == "identity" and len(set(names)) == len(names)
    assert not game.rejected, f"a declared symmetry fails at load: {game.rejected}"
    cells = sorted(game.geometry.cells)
    for sym in game.symmetries:
        assert sorted(sym.perm[c] for c in cells) == cells, \
            f"{sym.name} is not a permutation of the cells"
    assert len({(s.perm, s.swap) for s in game.symmetries}) == len(names)


@pytest.mark.parametrize("name", cases(GAMES, HEAVY))
def test_canonical_is_invariant_under_the_symmetries(name):
    game = compiled(name)
    group = len(game.symmetries)
    for state in positions(name)[:400]:
        check_symmetries(game, state, children=False)

    def cost(state: State) -> int:  # canonical keys for the children of state and its images
        return (len(game.legal_moves(state)) + 1) * group

    for state in within(name, cost, SYMMETRY_BUDGET):
        check_symmetries(game, state, children=True)


@pytest.mark.parametrize("name", cases(GAMES, LONG_SEQUENCES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.lists(st.integers(min_value=0, max_value=1 << 16), max_size=40))
def test_random_move_sequences(name, choices):
    """Along a line of play picked by `choices` (the move at index choice % count), every
    position keeps the protocol, the move played round-trips, and canonical keys are
    invariant; hypothesis shrinks a failure to a short line."""
    game = compiled(name)
    state = game.initial_state()
    for choice in choices:
        check_position(game, state)
        check_symmetries(game, state, children=False)
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[choice % len(moves)]
        assert game.parse_move(state, game.move_text(state, move)) == move
        after = game.apply(state, move)
        assert game.apply(state, move) == after
        state = after
    check_position(game, state)
    check_pure(game, state)


# --------------------------------------------------------------------------- puzzles

@pytest.mark.parametrize("name", PUZZLES)
def test_puzzle_random_walks_keep_the_protocol(name):
    puzzle = compiled(name)
    goal = puzzle.goal_state()
    if goal is not None:
        assert puzzle.is_goal(goal) and puzzle.is_terminal(goal)
    for line in walks(name):
        assert line[0] == puzzle.initial_state()
        for state in line:
            assert isinstance(state, tuple)
            hash(state)
            hash(puzzle.canonical(state))
            assert puzzle.current_player(state) == 0
            assert puzzle.is_terminal(state) == puzzle.is_goal(state)
            assert len(puzzle.returns(state)) == len(puzzle.players) == 1


@pytest.mark.parametrize("name", PUZZLES)
def test_puzzle_inverses_undo_their_moves(name):
    puzzle = compiled(name)
    for state in positions(name)[:500]:
        for move in puzzle.legal_moves(state):
            back = puzzle.inverse(move)
            if back is None:
                continue
            after = puzzle.apply(state, move)
            assert back in puzzle.legal_moves(after), puzzle.move_text(state, move)
            assert puzzle.apply(after, back) == state, puzzle.move_text(state, move)
