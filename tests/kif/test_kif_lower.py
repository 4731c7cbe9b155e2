"""The lowered path (gdl.interpreter.kif.lower): KIF board games of the subset run on gdl's
core with the propnet game's roles, moves and goals; perft equals the propnet's and the
bundled game's; what is outside the subset, or lowered wrongly, stays on the propnet with
its reason."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import attrs
import pytest

import gdl
from gdl import catalog
from gdl.cli.main import main
from gdl.errors import GdlError, IllegalMove
from gdl.interpreter.kif import load_kif, path_line
from gdl.interpreter.kif.lower import LoweredGame, NotLowered, lower
from gdl.solvers.search.perft import perft
from tests.marks import cases

DATA = Path(__file__).resolve().parent.parent / "data"
SUBSET = ["kif_bench/tictactoe.kif", "kif_bench/connect4.kif", "kif_unit/tictactoe.kif",
          "kif_lower/four_on_five.kif", "kif_lower/drop_from_above.kif",
          "kif_bench/breakthrough.kif", "kif_lower/words_board.kif",
          "kif_lower/clock_three.kif"]
CORPUS = DATA / "kif"   # h-kifref's corpus, once merged


@functools.cache
def loaded(name: str, path: str = "auto"):
    return load_kif(DATA / name, path).on_backend("python")


SLOW = {"kif_bench/connect4.kif", "kif_bench/breakthrough.kif"}   # a second to load


@pytest.mark.parametrize("name", cases(SUBSET, SLOW))
def test_files_of_the_subset_are_lowered(name):
    game = loaded(name)
    assert isinstance(game, LoweredGame) and game.path == "lowered"
    assert path_line(game).startswith("lowered into gdl's core")
    assert "node by node and 10 random games agree" in path_line(game)


@pytest.mark.parametrize("name", cases(SUBSET, SLOW))
def test_seeded_games_agree_ply_by_ply_with_the_propnet(name):
    low, net = loaded(name), loaded(name, "propnet")
    rng = random.Random(7)
    for _ in range(20):
        a, b = net.initial_state(), low.initial_state()
        while not net.is_terminal(a):
            assert not low.is_terminal(b)
            assert low.current_player(b) == net.current_player(a)
            texts = [net.move_text(a, m) for m in net.legal_moves(a)]
            assert [low.move_text(b, m) for m in low.legal_moves(b)] == texts
            assert low.joint_moves(b) == net.joint_moves(a)
            text = rng.choice(texts)
            a, b = net.apply(a, net.parse_move(a, text)), low.apply(b, low.parse_move(b, text))
        assert low.is_terminal(b) and low.goals(b) == net.goals(a)
        assert low.returns(b) == net.returns(a)


def test_tictactoe_perft_on_both_paths_and_the_bundled_game():
    low, net = loaded("kif_bench/tictactoe.kif"), loaded("kif_bench/tictactoe.kif", "propnet")
    bundled = catalog.load("tictactoe")
    for depth in range(1, 6):
        counts = {perft(g, g.initial_state(), depth) for g in (low, net, bundled)}
        assert len(counts) == 1, (depth, counts)


@pytest.mark.slow
@pytest.mark.parametrize("name, bundled, depth", [("connect4", "connect4", 5),
                                                  ("breakthrough", "breakthrough", 4)])
def test_perft_in_c_equals_the_propnet_and_the_bundled_game(name, bundled, depth):
    low = load_kif(DATA / f"kif_bench/{name}.kif").on_backend("auto")   # C where it can
    net = load_kif(DATA / f"kif_bench/{name}.kif", "propnet")
    twin = catalog.load(bundled)
    for d in range(1, depth + 1):
        assert perft(low, low.initial_state(), d) == perft(net, net.initial_state(), d) \
            == perft(twin, twin.initial_state(), d)


@pytest.mark.parametrize("name, reason", [
    ("kif_bench/roshambo.kif", "no single turn fluent (control ROLE) in the state"),
    ("kif_lower/misere_tictactoe.kif", "rank the roles otherwise than gdl's end rules"),
])
def test_outside_the_subset_stays_on_the_propnet_with_its_reason(name, reason):
    game = loaded(name)
    assert game.path == "propnet" and not isinstance(game, LoweredGame)
    assert reason in game.path_reason and path_line(game).startswith("propnet (not lowered: ")


def test_a_path_can_be_forced():
    assert loaded("kif_bench/tictactoe.kif", "propnet").path == "propnet"
    with pytest.raises(GdlError, match="not lowered into gdl's core: no single turn fluent"):
        load_kif(DATA / "kif_bench/roshambo.kif", "lowered")
    with pytest.raises(GdlError, match="unknown KIF path 'fast'"):
        load_kif(DATA / "kif_bench/tictactoe.kif", "fast")


def _swap_two_moves(lowering):
    moves = dict(lowering.moves)
    role = lowering.turn[0]
    moves[(role, "a1")], moves[(role, "b1")] = moves[(role, "b1")], moves[(role, "a1")]
    return attrs.evolve(lowering, moves=moves)


@pytest.mark.parametrize("corrupt, name", [
    (lambda low: attrs.evolve(low, k=low.k + 1), "kif_lower/four_on_five.kif"),
    (lambda low: attrs.evolve(low, k=low.k - 1), "kif_bench/connect4.kif"),
    (lambda low: attrs.evolve(low, kind="place"), "kif_bench/connect4.kif"),
    (_swap_two_moves, "kif_lower/four_on_five.kif"),
    (lambda low: attrs.evolve(low, limit=low.limit + 2), "kif_lower/clock_three.kif"),
    pytest.param(lambda low: attrs.evolve(low, wipeout=False), "kif_bench/breakthrough.kif",
                 marks=pytest.mark.slow),
    pytest.param(lambda low: attrs.evolve(low, steps=(("not own", low.steps[0][1]),
                                                      low.steps[1])),
                 "kif_bench/breakthrough.kif", marks=pytest.mark.slow),
])
def test_a_wrong_lowering_is_caught_by_validation(corrupt, name):
    net = loaded(name, "propnet")
    lower(net)   # the true lowering passes
    with pytest.raises(NotLowered, match="the lowered game differs from the propnet's"):
        lower(net, corrupt=corrupt)


def test_moves_read_and_print_as_kif_terms_with_the_lowered_symmetries():
    game = loaded("kif_unit/tictactoe.kif")
    s = game.initial_state()
    corner = game.apply(s, game.parse_move(s, " ( PLAY 1  1 ) "))
    other = game.apply(s, game.parse_move(s, "(play 3 3)"))
    assert game.canonical(corner) == game.canonical(other) and corner != other
    waiting, moving = game.joint_moves(corner)
    assert [game.move_text(corner, m) for m in waiting] == ["noop"] and len(moving) == 8
    with pytest.raises(IllegalMove) as info:
        game.parse_move(corner, "(play 1 1)")
    assert "'(play 1 1)' is not a legal move of o" in str(info.value)
    assert len(info.value.legal) == 8 and "(play 1 1)" not in info.value.legal
    assert game.render(corner) == loaded("kif_unit/tictactoe.kif", "propnet").render(
        game.kif_state(corner))


@pytest.mark.slow
def test_gdl_check_says_which_path(capsys):
    assert main(["check", str(DATA / "kif_lower/four_on_five.kif"), "--games", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == ("  path: lowered into gdl's core (5 x 5, place on empty, line 4, full "
                      "board draws); perft to depth 2 node by node and 10 random games "
                      "agree, and so do positions with a role's pieces taken off")


RECORDED = DATA / "kif_lower" / "corpus_paths.json"   # file -> "lowered", or the reason


def _corpus() -> list[str]:
    return sorted(name for name in json.loads(RECORDED.read_text()) if (CORPUS / name).exists())


@pytest.mark.slow
@pytest.mark.skipif(not _corpus(), reason="the KIF corpus (tests/data/kif) is not merged yet")
@pytest.mark.parametrize("name", _corpus() or ["-"])
def test_the_corpus_takes_the_path_recorded(name):
    recorded = json.loads(RECORDED.read_text())
    game = load_kif(CORPUS / name).on_backend("python")
    assert (game.path_reason if game.path == "propnet" else "lowered") == recorded[name]
    if game.path == "lowered":
        net = load_kif(CORPUS / name, "propnet").on_backend("python")
        for depth in (1, 2, 3):
            assert perft(game, game.initial_state(), depth) == \
                perft(net, net.initial_state(), depth)


def test_the_ai_plays_a_lowered_game_with_the_derived_evaluation():
    game = catalog.load(str(DATA / "kif_bench/tictactoe.kif"))   # as gdl.load and gdl play
    assert isinstance(game, LoweredGame)
    s = game.apply(game.initial_state(), game.parse_move(game.initial_state(), "(play 2 2)"))
    own = game.compiled.heuristic(s)
    assert game.heuristic(s) == tuple(own[game.turn.index(r)] for r in range(2))
    found = gdl.ai_move(game, moves=["(play 1 1)", "(play 2 1)", "(play 1 2)"], level="easy",
                        seed=1, backend="python")
    assert found.move == "(play 1 3)"   # x wins at once: a search of any depth finds it
