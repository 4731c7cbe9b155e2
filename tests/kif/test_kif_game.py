"""KIF games through the Game protocol: turn-taking tic-tac-toe counts as gdl's own,
a simultaneous game gives joint moves, goals become returns, moves read and print."""

from __future__ import annotations

from pathlib import Path

import pytest

import gdl
from gdl import catalog
from gdl.cli.main import main
from gdl.errors import IllegalMove
from gdl.interpreter.kif import load_kif
from gdl.protocol import SIMULTANEOUS
from gdl.solvers.search.perft import perft

DATA = Path(__file__).resolve().parent.parent / "data" / "kif_unit"


@pytest.fixture(scope="module")
def ttt():
    return load_kif(DATA / "tictactoe.kif").on_backend("python")


@pytest.fixture(scope="module")
def rps():
    return load_kif(DATA / "roshambo.kif").on_backend("python")


def test_tictactoe_perft_is_tictactoes(ttt):
    assert [perft(ttt, ttt.initial_state(), d) for d in range(1, 5)] == [9, 72, 504, 3024]


@pytest.mark.slow
def test_tictactoe_perft_equals_the_bundled_game_to_depth_6():
    ttt = load_kif(DATA / "tictactoe.kif")   # perft in C where a compiler is found
    bundled = catalog.load("tictactoe")
    for depth in range(1, 7):
        assert perft(ttt, ttt.initial_state(), depth) == \
            perft(bundled, bundled.initial_state(), depth)


def test_tictactoe_is_a_turn_game_with_zero_sum_returns(ttt):
    s = ttt.initial_state()
    assert ttt.players == ("x", "o") and not ttt.has_simultaneous and ttt.zero_sum
    assert ttt.current_player(s) == 0
    for text in ["(play 1 1)", "(play 2 1)", "(play 1 2)", "(play 2 2)"]:
        s = ttt.apply(s, ttt.parse_move(s, text))
    assert ttt.current_player(s) == 0 and not ttt.is_terminal(s)
    s = ttt.apply(s, ttt.parse_move(s, " ( PLAY 1  3 ) "))
    assert ttt.is_terminal(s) and ttt.goals(s) == (100, 0) and ttt.returns(s) == (1.0, -1.0)
    assert ttt.render(s).splitlines()[0] == "x x x"


def test_an_illegal_move_lists_the_legal_ones(ttt):
    s = ttt.initial_state()
    s = ttt.apply(s, ttt.parse_move(s, "(play 2 2)"))
    with pytest.raises(IllegalMove) as info:
        ttt.parse_move(s, "(play 2 2)")
    assert "'(play 2 2)' is not a legal move of o" in str(info.value)
    assert len(info.value.legal) == 8 and "(play 1 1)" in info.value.legal
    assert ttt.move_text(s, ttt.legal_moves(s)[0]) == "(play 1 1)"
    for broken in ["(play 1 1", "(play 1 1))", "", "(play 1 1) (play 1 2)"]:
        with pytest.raises(IllegalMove) as info:    # not one term: refused, nothing played
            ttt.parse_move(s, broken)
        assert len(info.value.legal) == 8
    # a move is read as a term, so spacing and case inside it do not matter
    assert ttt.parse_move(s, "(PLAY\t1\n 1)") == ttt.parse_move(s, "(play 1 1)")


def test_roshambo_has_joint_moves(rps):
    s = rps.initial_state()
    assert rps.has_simultaneous and rps.current_player(s) == SIMULTANEOUS
    assert [[rps.action_text[k] for k in moves] for moves in rps.joint_moves(s)] == \
        [["(throw rock)", "(throw paper)", "(throw scissors)"]] * 2
    assert [perft(rps, s, d) for d in range(1, 4)] == [9, 81, 729]
    assert perft(rps, s, 4) == 0   # over after three rounds
    for text in ["(throw rock) | (throw scissors)", "(throw rock) | (throw paper)",
                 "(throw paper)|(throw paper)"]:
        s = rps.apply(s, rps.parse_move(s, text))
    assert rps.is_terminal(s) and rps.goals(s) == (50, 50) and rps.returns(s) == (0.0, 0.0)


def test_roshambo_refuses_half_a_joint_move(rps):
    with pytest.raises(IllegalMove) as info:
        rps.parse_move(rps.initial_state(), "(throw rock)")
    assert "one action per role" in str(info.value)
    assert "(throw rock) | (throw paper)" in info.value.legal


def test_gdl_load_and_the_command_line_read_kif(capsys):
    game = gdl.load(str(DATA / "tictactoe.kif"))
    assert game.players == ("x", "o")
    assert main(["perft", str(DATA / "roshambo.kif"), "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "81"
    assert main(["check", str(DATA / "tictactoe.kif"), "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert "roles: x, o" in out and "ground rules: 535" in out and "in turns" in out


def race_perft(count: int, depth: int) -> int:
    """The race of race3.kif counted by plain Python (an independent count)."""
    if depth == 0:
        return 1
    if count > 4:
        return 0
    return sum(race_perft(count + step, depth - 1) for step in (1, 2))


def test_three_roles_with_scores_and_a_recursive_relation():
    game = load_kif(DATA / "race3.kif").on_backend("python")
    s = game.initial_state()
    assert game.players == ("a", "b", "c") and not game.zero_sum and game.payoff_bound == 100
    assert [perft(game, s, d) for d in range(1, 7)] == [race_perft(0, d) for d in range(1, 7)]
    for text in ["(add 2)", "(add 2)", "(add 1)"]:   # a, b, c: the count reaches 5
        assert not game.is_terminal(s)
        s = game.apply(s, game.parse_move(s, text))
    assert game.is_terminal(s) and game.goals(s) == (50, 0, 100)
    assert game.returns(s) == (50.0, 0.0, 100.0)


def test_a_negated_atom_waits_for_all_its_variables():
    """`(not (blocked ?y ?x))` is decided after `(wall ?y)` binds ?y, though ?x is bound first."""
    game = gdl.interpreter.kif.load_kif_text("""
        (role r) (spot 1) (spot 2) (wall 7) (blocked 7 1)
        (<= (free ?x) (spot ?x) (not (blocked ?y ?x)) (wall ?y))
        (<= (legal r (go ?x)) (free ?x) (true on))
        (init on)
        (<= terminal (not (true on)))
        (goal r 100)""", "walls.kif")
    s = game.initial_state()
    assert [game.move_text(s, m) for m in game.legal_moves(s)] == ["(go 2)"]


@pytest.mark.slow
def test_gdl_solve_solves_kif_games(capsys):
    assert main(["solve", str(DATA / "tictactoe.kif")]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "value: draw"
    assert main(["solve", str(DATA / "roshambo.kif")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "value: 0 (for left; zero-sum)"
    assert out[1] == "left: (throw rock) 1/3 (0.3333), (throw paper) 1/3 (0.3333), " \
        "(throw scissors) 1/3 (0.3333)"
