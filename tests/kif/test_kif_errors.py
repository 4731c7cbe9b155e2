"""KIF text that is wrong is refused with a located error: `file:line:col: message`, the
source line and a caret under the offending term."""

from __future__ import annotations

import pytest

from gdl.errors import RulesError, RulesSemanticError, RulesSyntaxError
from gdl.grammar.ast.kif import Compound, Var
from gdl.grammar.kif import parse_kif
from gdl.interpreter.kif import load_kif_text

FRAME = "(role a)\n(init (p 1))\n(<= (legal a go) (true (p 1)))\n"   # lines 1-3


def error_of(text: str) -> RulesError:
    with pytest.raises(RulesError) as info:
        load_kif_text(text, "bad.kif")
    return info.value


def test_nodes_carry_their_line_and_column():
    rules = parse_kif("; a comment\n(ROLE White)\n(<= (Legal ?P noop)\n    (role ?p))\n").rules
    assert [r.pos for r in rules] == [r.pos for r in rules]
    head = rules[1].head
    assert isinstance(head, Compound) and head.name == "legal"
    assert (head.pos.line, head.pos.column) == (3, 5)
    var = head.args[0]
    assert isinstance(var, Var) and var.name == "?p"
    assert (var.pos.line, var.pos.column) == (3, 12)
    assert rules[0].head.args[0].name == "white"   # case folded


@pytest.mark.parametrize("text, where, message", [
    ("(role a)\n(init (p 1)\n", "bad.kif:2:1:", "unbalanced parentheses: this '(' is never closed"),
    ("(role a))\n", "bad.kif:1:9:", "unbalanced parentheses: this ')' closes nothing"),
    ("(role a)\n(<= ?x (role a))\n", "bad.kif:2:5:", "a rule's head is a relation"),
    ("(role a)\n(not (role a) (role b))\n", "bad.kif:2:2:", "'not' cannot be used inside a term"),
])
def test_syntax_errors_are_located(text, where, message):
    err = error_of(text)
    assert isinstance(err, RulesSyntaxError)
    assert str(err).startswith(where) and message in str(err)


@pytest.mark.parametrize("extra, where, message", [
    ("(<= (q ?x) (role ?y))\n", "4:8", "unsafe rule: the variable ?x of the head"),
    ("(<= (q ?x) (true (p ?x)) (not (r ?y)))\n(r 1)\n", "4:34",
     "unsafe rule: the variable ?y of a 'not'"),
    ("(<= (q ?x) (true (p ?x)) (distinct ?x ?z))\n", "4:39",
     "unsafe rule: the variable ?z of a 'distinct'"),
    ("(<= (q ?x) (true (p ?x)) (not (q ?x)))\n", "4:31",
     "unstratified negation: 'q' depends on itself through this 'not'"),
    ("(<= (q ?x) (true (p ?x)) (zz ?x))\n", "4:26",
     "unknown relation 'zz' (1 argument): no fact or rule defines it"),
    ("(<= (q ?x) (q ?x))\n(<= terminal (q 1))\n", "4:5",
     "recursion without a base: every rule of 'q' needs itself"),
    ("(<= (q ?x) (r ?x))\n(<= (r ?x) (q ?x))\n", "4:5",
     "recursion without a base: every rule of 'q', 'r' needs another of them"),
    ("(s 1)\n(s 1 2)\n", "5:1", "'s' is used with 2 arguments here but with 1 at 4:1"),
    ("(<= (true (p 2)) (true (p 1)))\n", "4:5", "'true' cannot be a rule's head"),
    ("(<= (q 1) (next (p 1)))\n", "4:11", "'next' may appear only in a rule's head"),
    ("(<= (legal a stop) (does a go))\n", "4:20", "'legal' may not depend on 'does'"),
    ("(<= (role b) (true (p 1)))\n", "4:14", "'role' may not depend on"),
    ("(<= (goal a) (true (p 1)))\n", "4:5", "'goal' takes 2 arguments, got 1"),
])
def test_checker_errors_point_at_the_term(extra, where, message):
    err = error_of(FRAME + extra)
    assert isinstance(err, RulesSemanticError)
    assert str(err).startswith(f"bad.kif:{where}: {message}"), str(err)


def test_the_report_shows_the_line_and_a_caret():
    err = error_of(FRAME + "(<= (q ?x) (true (p ?x)) (zz ?x))\n")
    assert err.report().splitlines()[1:] == [
        "    (<= (q ?x) (true (p ?x)) (zz ?x))",
        "                             ^"]
