"""Players: human input handling, random, the AI's solver choice and levels, specs."""

from __future__ import annotations

import pytest

from gdl.errors import GdlError, OptionError, SolverError
from tests.references.games import ConnectFour, TicTacToe
from gdl.ai.players import AIPlayer, HumanPlayer, RandomPlayer, make_player
from gdl.solvers.search.alphabeta import AlphaBeta
from gdl.solvers.search.mcts import MCTS


class CountToTen:
    """Three players add 1 or 2 in turn; whoever reaches 10 wins."""

    name, title, players, kind = "count", "Count", ("a", "b", "c"), "game"
    zero_sum, invariants = True, {}

    def initial_state(self):
        return (0, 0, -1)

    def current_player(self, s):
        return s[1]

    def legal_moves(self, s):
        return [] if s[2] >= 0 else [n for n in (1, 2) if s[0] + n <= 10]

    def apply(self, s, m):
        total = s[0] + m
        return (total, (s[1] + 1) % 3, s[1] if total == 10 else -1)

    def is_terminal(self, s):
        return s[2] >= 0

    def returns(self, s):
        return tuple(1.0 if p == s[2] else -0.5 for p in range(3))


def scripted(lines):
    """An input function that replays `lines`, then signals end of input."""
    it = iter(lines)

    def read(prompt):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    return read


def test_human_asks_again_until_legal():
    g = TicTacToe()
    s = g.apply(g.initial_state(), 4)
    out = []
    human = HumanPlayer(scripted(["zz", "b2", "?", "c3"]), out.append)
    assert human.choose(g, s) == 8
    assert len(out) == 3
    assert out[0] == "'zz' is not a legal move; legal moves: a1 b1 c1 a2 c2 a3 b3 c3"
    assert "b2" in out[1] and out[2].startswith("legal moves: a1")


def test_human_end_of_input_is_a_clean_error():
    g = TicTacToe()
    with pytest.raises(GdlError, match="input ended"):
        HumanPlayer(scripted(["nonsense"]), lambda text: None).choose(g, g.initial_state())


def test_random_player_is_seeded():
    g = ConnectFour()
    s = g.initial_state()
    a = [RandomPlayer(3).choose(g, s) for _ in range(5)]
    p, q = RandomPlayer(9), RandomPlayer(9)
    assert [p.choose(g, s) for _ in range(20)] == [q.choose(g, s) for _ in range(20)]
    assert len(set(a)) == 1 and all(m in range(7) for m in a)


def test_ai_picks_its_solver_from_the_game():
    assert isinstance(AIPlayer(TicTacToe()).engine, AlphaBeta)
    assert isinstance(AIPlayer(CountToTen()).engine, MCTS)
    assert isinstance(AIPlayer(TicTacToe(), engine="mcts").engine, MCTS)
    with pytest.raises(SolverError):
        AIPlayer(CountToTen(), engine="alphabeta")


def test_other_options_of_a_game_keep_its_stored_engine_not_its_weights():
    from gdl import catalog
    from gdl.ai import fitted
    small = catalog.load("go", {"size": "5"})   # go.json was fitted on 9 x 9 and chose MCTS
    assert fitted.fitted(small) is None           # its weights are not 5 x 5's
    assert fitted.borrowed_engine(small)["choice"] == "mcts"
    assert isinstance(AIPlayer(small, seed=1).engine, MCTS)   # (on Python: catalog.load)
    assert fitted.borrowed_engine(catalog.load("go")) == {}   # 9 x 9's own file: not borrowed
    assert "engine mcts (as chosen for go.json's options)" in fitted.describe(small)


def test_ai_levels():
    g = TicTacToe()
    s = g.initial_state()
    for m in (0, 4, 8, 2):  # O threatens a3: X must block
        s = g.apply(s, m)
    hard = AIPlayer(g, "hard", seed=1, time_per_move=0.5)
    assert hard.choose(g, s) == 6 and hard.last.stats.exact
    assert hard.seconds == 0.5 and AIPlayer(g, "hard").seconds == 1.0
    medium = AIPlayer(g, "medium", time_per_move=5.0)   # a node budget: the clock is not read
    assert medium.seconds is None and medium.engine.max_nodes == 2000
    assert medium.choose(g, s) == 6
    easy = AIPlayer(g, "easy", seed=4)
    moves = [easy.choose(g, s) for _ in range(40)]
    # the easy level's noise never lets a move lose at once (gdl/ai/safety.py): it blocks
    assert easy.engine.max_nodes == 150 and set(moves) == {6}
    start = g.initial_state()   # where no move loses at once, its noise varies the moves
    assert len({easy.choose(g, start) for _ in range(40)}) > 1
    with pytest.raises(OptionError):
        AIPlayer(g, "godlike")


def test_ai_for_three_players():
    g = CountToTen()
    player = AIPlayer(g, "medium", seed=2, time_per_move=0.2)
    assert player.choose(g, (8, 0, -1)) == 2


def test_make_player_specs():
    g = TicTacToe()
    assert isinstance(make_player("human", g), HumanPlayer)
    assert isinstance(make_player("random", g, seed=1), RandomPlayer)
    p = make_player("ai", g, level="easy")
    assert isinstance(p, AIPlayer) and p.name == "ai:easy"
    p = make_player("MCTS:hard", g, time_per_move=0.1)
    assert isinstance(p.engine, MCTS) and p.name == "mcts:hard" and p.seconds == 0.1
    assert isinstance(make_player("alphabeta:medium", g).engine, AlphaBeta)
    for bad in ("robot", "random:hard", "ai:godlike"):
        with pytest.raises(OptionError):
            make_player(bad, g)
    with pytest.raises(SolverError):
        make_player("alphabeta", CountToTen())
