"""The independent GDL reasoner of the KIF tests (tests/kif_reasoner: its own s-expression
reader, a KIF-to-ASP translation, clingo): known counts and values, its refusals, and that
tests/data/kif/recorded.json is what it says now (a sample of the corpus; the peers mark:
these run clingo live). Skipped where clingo is not installed (the test extra has it)."""

from __future__ import annotations

import doctest
import functools
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("clingo", reason="clingo (the test extra) runs the independent reasoner")

from tests.kif_reasoner import asp, play, reasoner, sexpr  # noqa: E402
from tests.kif_reasoner.play import perft  # noqa: E402
from tests.kif_reasoner.reasoner import Reasoner, ReasonerError  # noqa: E402
from tests.kif_reasoner.sexpr import KifSyntaxError, read_kif  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "kif"


def corpus(name: str) -> Reasoner:
    return Reasoner((CORPUS / name).read_text())


@pytest.mark.parametrize("module", [sexpr, asp, reasoner, play])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_the_docs_example(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / "kif_corpus.md"), module_relative=False)
    assert result.attempted == 11 and result.failed == 0   # the reasoner 4, the grounder 7


def test_reading_drops_comments_and_folds_case():
    assert read_kif("; c\n(ROLE White) ;x\n(<= (P ?X)\n (q ?x))") == \
        [("role", "white"), ("<=", ("p", "?x"), ("q", "?x"))]


@pytest.mark.parametrize("text", ["(role a", "(role a))", "()"])
def test_unbalanced_text_is_refused(text):
    with pytest.raises(KifSyntaxError):
        read_kif(text)


def test_or_becomes_one_rule_per_disjunct_and_not_distinct_an_equality():
    rule = read_kif("(<= (p ?x) (q ?x ?y) (or (r ?x) (not (s ?y)) (not (distinct ?x ?y))))")[0]
    assert asp.rule_text(rule).splitlines() == [
        'r_p(V_x) :- r_q(V_x,V_y), r_r(V_x).',
        'r_p(V_x) :- r_q(V_x,V_y), not r_s(V_y).',
        'r_p(V_x) :- r_q(V_x,V_y), V_x = V_y.']


def test_names_outside_clingo_syntax_are_escaped_one_way():
    assert asp.predicate("a-b") != asp.predicate("a_b")
    assert asp.term_text("+") == '"+"'


def test_unstratified_negation_is_refused():
    rules = Reasoner("(role a) (<= p (not q)) (<= q (not p)) (<= (init ?x) p (r ?x)) (r s)")
    with pytest.raises(ReasonerError, match="stable models"):
        rules.initial()


def test_tictactoe_perft_to_depth_2():
    game = corpus("tictactoe.kif")
    assert game.roles == ("xplayer", "oplayer")
    assert [perft(game, game.initial(), d) for d in (0, 1, 2)] == [1, 9, 72]


@pytest.mark.slow
def test_tictactoe_perft_3():
    game = corpus("tictactoe.kif")
    assert perft(game, game.initial(), 3) == 504


def value(game: Reasoner, role: str) -> int:
    """`role`'s goal under perfect play of a game of turns (each mover maximises its goal)."""
    @functools.cache
    def solve(state: Any) -> dict[str, int]:
        if game.terminal(state):
            return game.goals(state)
        legal = game.legal(state)
        mover = next(r for r in game.roles if legal[r] != ["noop"])
        outcomes = []
        for move in legal[mover]:
            joint = {r: (move if r == mover else legal[r][0]) for r in game.roles}
            outcomes.append(solve(game.next(state, joint)))
        return max(outcomes, key=lambda goals: goals[mover])
    return solve(game.initial())[role]


def test_misere_subtraction_from_9_is_lost_for_the_first_player():
    # Take 1..3, taking the last loses: the player to move loses exactly at 1 mod 4.
    assert value(corpus("nim_single.kif"), "alice") == 0


@pytest.mark.slow
def test_nim_1_3_4_is_won_for_the_first_player():
    # Normal play: 1 xor 3 xor 4 = 6 is not 0, so the first player wins.
    assert value(corpus("nim_heaps.kif"), "first") == 100


def test_chicken_pays_its_table():
    game = corpus("chicken.kif")
    start = game.initial()
    assert game.legal(start) == {"row": ["straight", "swerve"], "column": ["straight", "swerve"]}
    after = game.next(start, {"row": "straight", "column": "swerve"})
    assert game.terminal(after) and game.goals(after) == {"row": 100, "column": 20}


SAMPLE = ["nim_single.kif", "chicken.kif", "river_crossing.kif", "roshambo_scores.kif",
          "minority_6p.kif", "nested_terms.kif"]


@pytest.mark.peers
@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLE)
def test_recorded_figures_are_the_reasoners_now(name):
    from tools.record_kif import record
    recorded = json.loads((CORPUS / "recorded.json").read_text())
    assert record(CORPUS / name) == recorded[name]
