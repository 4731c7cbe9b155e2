"""The positions seen (`repeated`) on the native back end against the Python one: whole
random games in C against a replay of them on Python (the same generator, splitmix64, and
the same move lists, so the same games), with games that end by repetition; perft where
the positions seen decide leaves; a forced hash collision on every position; the table
kept between per-call moves; a history longer than the C table."""

from __future__ import annotations

from collections import Counter

import pytest

from gdl import catalog
from gdl.interpreter.c import seen as emit_history
from gdl.interpreter.c.backend import with_backend
from gdl.interpreter.c.game import NativeGame
from gdl.solvers.search.perft import _perft
from tests.interpreter.c.test_native import needs_cc

MASK = 2**64 - 1


def splitmix64(seed: int) -> tuple[int, int]:
    """(the next seed, the next number): the generator of the C playouts (prelude.py)."""
    seed = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return seed, z ^ (z >> 31)


def position_key(game, state: tuple, board: bool) -> tuple:
    """What a repetition compares, written here from the rules' description: the planes,
    then (unless the board alone counts) every variable but the move counter, the
    history and the streak counts, and the player to move."""
    ir = game.ir
    planes = len(ir.initial_planes)
    if board:
        return state[:planes]
    skip = {ir.plies, ir.history, ir.streak}
    return (*state[:planes], *(state[planes + i] for i in range(len(ir.variables))
                               if i not in skip), state[-2])


def replay(game, state: tuple, games: int, seed: int, times: int, board: bool):
    """gdl_playouts on Python: (plies, games by result, games drawn at a position seen
    `times` times: ended by repetition)."""
    draw = 1 + 2 * len(game.players)
    plies, results, repeated = 0, Counter(), 0
    for _ in range(games):
        s, seen = state, Counter([position_key(game, state, board)])
        while not s[-1]:
            moves = game.legal_moves(s)
            if not moves:
                break
            seed, r = splitmix64(seed)
            s = game.apply(s, moves[r % len(moves)])
            plies += 1
            seen[position_key(game, s, board)] += 1
        results[s[-1]] += 1
        repeated += s[-1] == draw and seen[position_key(game, s, board)] >= times
    return plies, dict(results), repeated


CHESS_CORNERS = "k......./p......./P......./......../......../......../.......p/.......K " \
                "White rights=none ep=none reset=0 plies=0"
CASES = [   # game, options, start (None: the game's), games, times (2 with board: superko)
    ("draughts", None, "K..K/..../..../..../..../..../..../k..k Black reset=0 plies=0", 40, 3),
    ("chess", None, CHESS_CORNERS, 40, 3),
    ("antichess", None, "b......./......../......../......../......../......../......../"
                        "B....... White ep=none reset=0 plies=0", 40, 3),
    ("go", {"size": "5"}, None, 40, 2),
    ("lines_of_action", None, None, 12, 2),
]


def start(game, text: str | None) -> tuple:
    return game.initial_state() if text is None else game.parse_position(text)


@pytest.mark.slow
@needs_cc
@pytest.mark.parametrize("name, options, text, games, times", CASES, ids=[c[0] for c in CASES])
def test_random_games_in_c_are_the_python_games(name, options, text, games, times):
    python = catalog.load(name, options)
    native = with_backend(python, "native")
    assert isinstance(native, NativeGame)
    board = any(n.board for n in _repeated(python))
    state = start(python, text)
    plies, results, repeated = replay(python, state, games, 11, times, board)
    assert native.native_playouts(state, games, seed=11, exact=True) == (plies, results)
    assert repeated   # some games end by repetition


def _repeated(game):
    from gdl.interpreter.core import ir
    return [n for n in ir.walk(game.ir) if isinstance(n, ir.Repeated)]


KINGS = "K.../..../..../..../..../..../..../...k Black reset=0 plies=0"   # b8 and g1
SHUFFLE = "b8-c7 g1-h2 c7-b8 h2-g1"


@needs_cc
def test_perft_where_the_positions_seen_decide():
    """Draughts' two kings seven plies into shuffling twice (h2-g1 would bring back the
    start a third time): a perft line through a position seen twice before ends there.
    Native perft equals Python's at every depth, and differs from that of the same
    position without its history."""
    python = catalog.load("draughts")
    native = with_backend(python, "native")
    state = python.parse_position(KINGS)
    for text in f"{SHUFFLE} {SHUFFLE}".split()[:7]:
        state = python.apply(state, python.parse_move(state, text))
    fresh = python.parse_position(python.position_text(state))
    assert not python.is_terminal(state)
    differs = False
    for depth in range(1, 9):
        count = native.native_perft(state, depth)
        assert count == _perft(python, state, depth), depth
        differs |= count != native.native_perft(fresh, depth)
    assert differs


@pytest.mark.slow
@needs_cc
def test_a_hash_collision_on_every_position_changes_nothing(monkeypatch, tmp_path):
    """Every position hashed to 0: each entry of the table is compared whole, and the
    games are the Python back end's still."""
    monkeypatch.setattr(emit_history, "MIX", "return 0;")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))   # a library built from this source
    python = catalog.load("draughts")
    native = NativeGame(python, per_call=True)
    assert native.build_info.built and "return 0;" in native.source
    name, options, text, games, times = CASES[0]
    state = start(python, text)
    plies, results, repeated = replay(python, state, 20, 3, times, False)
    assert repeated and native.native_playouts(state, 20, seed=3, exact=True) == (plies, results)


@needs_cc
def test_a_line_played_on_native_states_keeps_its_history():
    """Moves applied to the states the native back end returns (its table kept between the
    calls, not loaded again) make the Python back end's states, history included, up to a
    draw by repetition."""
    python = catalog.load("draughts")
    native = with_backend(python, "native")
    ours = theirs = python.parse_position(KINGS)
    for text in 2 * SHUFFLE.split():
        for state in (ours, theirs):
            assert not python.is_terminal(state)
        move = python.parse_move(theirs, text)
        assert native.legal_moves(ours) == python.legal_moves(theirs)
        ours, theirs = native.apply(ours, move), python.apply(theirs, move)
        assert ours == theirs
    assert python.is_terminal(ours) and tuple(python.returns(ours)) == (0.0, 0.0)


@needs_cc
def test_a_history_longer_than_the_table_runs_on_python():
    """A history of as many sightings as the C table holds loads, but the next move cannot
    join it (the call fails and Python makes the move); one more does not load at all."""
    python = catalog.load("draughts")
    native = with_backend(python, "native")
    state = start(python, CASES[0][2])
    ir = python.ir
    planes = len(ir.initial_planes)
    at = planes + ir.history

    assert [v.name for v in ir.variables] == ["reset", "plies", "seen"]
    key = position_key(python, state, False)   # (planes, reset, player)

    def with_history(n: int) -> tuple:   # n distinct keys: their `reset` counters differ
        keys = frozenset((*key[:planes], i + 1, key[-1]) for i in range(n))
        return (*state[:at], keys, *state[at + 1:])

    full = with_history(emit_history.SEEN_MAX)
    move = python.legal_moves(full)[0]
    assert native.native_perft(full, 1) == len(python.legal_moves(full))
    assert native.native_perft(full, 2) is None
    assert native.apply(full, move) == python.apply(full, move)
    assert native.native_perft(with_history(emit_history.SEEN_MAX + 1), 1) is None


@needs_cc
def test_a_rollout_cut_short_returns_the_python_state_with_its_history():
    """MCTS's rollout in C, cut after 30 plies: the state it gives back (the positions seen
    made again from the C table) is the state Python reaches by the same moves."""
    python = catalog.load("draughts")
    native = with_backend(python, "native")
    start_state = python.parse_position(KINGS)
    for seed in (1, 2, 3):
        result = native.native_rollout(start_state, seed, 30, exact=True)
        state, s = start_state, seed
        for _ in range(30):
            if state[-1]:
                break
            moves = python.legal_moves(state)
            s, r = splitmix64(s)
            state = python.apply(state, moves[r % len(moves)])
        if state[-1]:
            assert result == (True, python.returns(state))
        else:
            assert result == (False, state)
