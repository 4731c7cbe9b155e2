"""The hand-written reference games: perft, counts, symmetries, notation, protocol."""

from __future__ import annotations

import random

import pytest

from gdl.errors import IllegalMove, OptionError
from tests.references.games import ConnectFour, Nim, TicTacToe
from gdl.protocol import Game

TTT_PERFT = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
C4_PERFT = [7, 49, 343, 2401, 16807, 117649]


def perft(game, state, depth: int) -> int:
    """Positions after exactly `depth` moves; a finished game is not extended."""
    if depth == 0:
        return 1
    if game.is_terminal(state):
        return 0
    return sum(perft(game, game.apply(state, m), depth - 1) for m in game.legal_moves(state))


def reachable(game) -> set:
    """Every position reachable from the start (the start included)."""
    seen, stack = set(), [game.initial_state()]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        stack.extend(game.apply(state, m) for m in game.legal_moves(state))
    return seen


def random_states(game, count: int, seed: int):
    """Positions along seeded random playouts (terminal ones included)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.initial_state()
        out.append(state)
        while not game.is_terminal(state):
            state = game.apply(state, rng.choice(list(game.legal_moves(state))))
            out.append(state)
    return out[:count]


def square_perms(n: int) -> list[list[int]]:
    """The 8 symmetries of the n x n square as cell maps, written independently of the game."""
    def coords(cell):
        return cell % n, cell // n
    maps = [lambda x, y: (x, y), lambda x, y: (n - 1 - x, y), lambda x, y: (x, n - 1 - y),
            lambda x, y: (n - 1 - x, n - 1 - y), lambda x, y: (y, x), lambda x, y: (n - 1 - y, x),
            lambda x, y: (y, n - 1 - x), lambda x, y: (n - 1 - y, n - 1 - x)]
    out = []
    for f in maps:
        perm = []
        for cell in range(n * n):
            x, y = f(*coords(cell))
            perm.append(y * n + x)
        out.append(perm)
    return out


def permute(mask: int, perm: list[int]) -> int:
    return sum(1 << perm[c] for c in range(len(perm)) if mask >> c & 1)


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(), ConnectFour(4, 4, 4), Nim()])
def test_implements_the_protocol(game):
    assert isinstance(game, Game)
    assert game.kind == "game" and game.zero_sum and game.invariants == {}
    for state in random_states(game, 300, seed=1):
        assert hash(state) == hash(tuple(state))
        h = game.heuristic(state)
        assert len(h) == len(game.players) and all(-1 <= v <= 1 for v in h)
        if game.is_terminal(state):
            assert not game.legal_moves(state) and sum(game.returns(state)) == 0
        assert game.render(state)


@pytest.mark.slow
def test_tictactoe_perft():
    g = TicTacToe()
    assert [perft(g, g.initial_state(), d) for d in range(1, 10)] == TTT_PERFT


def test_connect_four_perft():
    g = ConnectFour()
    assert [perft(g, g.initial_state(), d) for d in range(1, 7)] == C4_PERFT


def test_tictactoe_game_and_position_counts():
    g = TicTacToe()

    def games(state) -> int:
        if g.is_terminal(state):
            return 1
        return sum(games(g.apply(state, m)) for m in g.legal_moves(state))

    assert games(g.initial_state()) == 255168
    positions = reachable(g)
    assert len(positions) == 5478
    assert len({g.canonical(s) for s in positions}) == 765
    assert sum(1 for s in positions if g.is_terminal(s)) == 958


def test_tictactoe_canonical_is_symmetry_invariant():
    g = TicTacToe()
    perms = square_perms(3)
    for s in reachable(g):
        x, o = s[0], s[1]
        images = [(permute(x, p), permute(o, p), s[2], s[3]) for p in perms]
        assert {g.canonical(t) for t in images} == {g.canonical(s)}


def test_tictactoe_moves_and_notation():
    g = TicTacToe()
    s = g.initial_state()
    assert list(g.legal_moves(s)) == list(range(9))
    assert [g.move_text(s, m) for m in range(4)] == ["a1", "b1", "c1", "a2"]
    for text, cell in (("a1", 0), ("C1", 2), (" b2 ", 4), ("c3", 8)):
        assert g.parse_move(s, text) == cell
    s = g.apply(s, 4)
    with pytest.raises(IllegalMove) as err:
        g.parse_move(s, "b2")
    assert "b2" not in err.value.legal and len(err.value.legal) == 8
    with pytest.raises(IllegalMove):
        g.parse_move(s, "z9")
    assert g.current_player(s) == 1 and g.canonical(s) == g.canonical(g.apply(g.initial_state(), 4))


def test_tictactoe_win_and_draw():
    g = TicTacToe()
    s = g.initial_state()
    for m in (0, 3, 1, 4, 2):  # X: a1 b1 c1
        s = g.apply(s, m)
    assert g.is_terminal(s) and g.returns(s) == (1.0, -1.0)
    s = g.initial_state()
    for m in (0, 1, 2, 4, 3, 5, 7, 6, 8):  # a full board, no line
        s = g.apply(s, m)
    assert g.is_terminal(s) and g.returns(s) == (0.0, 0.0)
    assert g.render(s).splitlines()[-1].split() == ["a", "b", "c"]


def test_connect_four_rules():
    g = ConnectFour()
    s = g.initial_state()
    for m in (3, 4, 3, 4, 3, 4):
        s = g.apply(s, m)
    assert not g.is_terminal(s)
    s = g.apply(s, 3)  # four in column 4
    assert g.is_terminal(s) and g.returns(s) == (1.0, -1.0)
    s = g.initial_state()
    for _ in range(6):
        s = g.apply(s, 0)
    assert 0 not in g.legal_moves(s)
    with pytest.raises(IllegalMove):
        g.parse_move(s, "1")
    assert g.parse_move(s, "2") == 1 and g.parse_move(s, "b") == 1
    assert g.move_text(s, 6) == "7"


def test_connect_four_diagonal_and_other_k():
    g = ConnectFour(4, 4, 3)
    s = g.initial_state()
    for m in (0, 1, 1, 2, 3, 2, 2):  # X at a1, b2, c3
        s = g.apply(s, m)
    assert g.is_terminal(s) and g.returns(s) == (1.0, -1.0)
    g5 = ConnectFour(9, 7, 5)
    s = g5.initial_state()
    for m in (0, 0, 1, 1, 2, 2, 3, 3):
        s = g5.apply(s, m)
    assert not g5.is_terminal(s)
    assert g5.is_terminal(g5.apply(s, 4))
    with pytest.raises(OptionError):
        ConnectFour(0, 6, 4)


def test_connect_four_canonical_mirror():
    g = ConnectFour()
    rng = random.Random(5)
    for _ in range(50):
        moves, s, t = [], g.initial_state(), g.initial_state()
        while not g.is_terminal(s) and len(moves) < 20:
            m = rng.choice(g.legal_moves(s))
            s, t = g.apply(s, m), g.apply(t, g.width - 1 - m)
            moves.append(m)
            assert g.canonical(s) == g.canonical(t)
            assert g.mirror(g.mirror(s[0])) == s[0]
    assert len({g.canonical(g.apply(g.initial_state(), m)) for m in range(7)}) == 4


def test_nim_rules():
    g = Nim((1, 2))
    s = g.initial_state()
    assert g.legal_moves(s) == [(0, 1), (1, 1), (1, 2)]
    assert g.canonical(s) == (1, 2, 0) and g.canonical(g.apply(s, (1, 1))) == (1, 1, 1)
    assert g.parse_move(s, "2:2") == (1, 2) and g.move_text(s, (1, 2)) == "2:2"
    with pytest.raises(IllegalMove) as err:
        g.parse_move(s, "1:2")
    assert err.value.legal == ("1:1", "2:1", "2:2")
    s = g.apply(g.apply(s, (1, 2)), (0, 1))  # the second player takes the last object
    assert g.is_terminal(s) and g.returns(s) == (-1.0, 1.0)
    empty = Nim((0, 0))
    assert empty.is_terminal(empty.initial_state())
    assert empty.returns(empty.initial_state()) == (-1.0, 1.0)
    with pytest.raises(OptionError):
        Nim(())


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour(), Nim((3, 4, 5))])
def test_move_texts_round_trip(game):
    for state in random_states(game, 200, seed=2):
        for m in game.legal_moves(state):
            assert game.parse_move(state, game.move_text(state, m)) == m
