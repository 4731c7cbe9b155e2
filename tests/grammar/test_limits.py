"""The documented limits of a rules file and of the command line: each a located (or
one-line) error naming the limit, never a Python traceback; and positions that agree
with the printed source line whatever line-break characters the file holds."""

from __future__ import annotations

import pytest

from gdl.cli.main import main
from gdl.errors import RulesSyntaxError, source_lines
from gdl.grammar import limits
from gdl.catalog import compile_text

HEAD = 'game "T"\nplayers A B\nstate n = 0\nmove go k in 1..1: n += k\n'


def error_of(text: str) -> RulesSyntaxError:
    with pytest.raises(RulesSyntaxError) as caught:
        compile_text(text, "t.gdl")
    return caught.value


@pytest.mark.parametrize("condition", [
    "not " * 300 + "n == 1",                        # nested `not`
    "n == " + " - ".join(["1"] * 250),              # a flat chain, left-nested when parsed
    "n == 1 and " + "n is " * 99 + "empty",         # chained `is`
    "n == " + "-" * 400 + "1",                      # nested unary minus
    "n == " + "[" * 200 + "1" + "]" * 200,          # nested lists
])
def test_deep_nesting_is_a_located_error_naming_the_limit(condition):
    err = error_of(HEAD + f"end: draw if {condition}\n")
    assert err.message == f"nested more than {limits.MAX_DEPTH} levels deep (a limit of gdl)"
    assert err.pos is not None and err.pos.line == 5 and err.pos.column > 1


def test_long_numbers_names_and_too_many_parameters_or_statements():
    err = error_of(HEAD + "end: draw if n == " + "9" * 5000 + "\n")
    assert (err.pos.line, err.pos.column) == (5, 19)
    assert err.message == "a number of 5,000 digits; numbers have at most 30 (a limit of gdl)"
    err = error_of(HEAD.replace("move go", "move " + "g" * 300) + "end: draw if n == 1\n")
    assert err.message.startswith("a name of 300 characters") and err.pos.line == 4
    params = ", ".join(f"k{i} in 1..1" for i in range(300))
    err = error_of(HEAD.replace("k in 1..1", params) + "end: draw if n == 1\n")
    assert err.message == "a move takes at most 10 parameters (a limit of gdl)"
    assert err.pos.line == 4
    many = "".join(f"move go{i} k in 1..1: n += k\n" for i in range(600))
    err = error_of(HEAD + many + "end: draw if n == 1\n")
    assert err.message == "more than 500 statements (a limit of gdl)"
    assert err.pos.line == 502   # the 501st statement
    err = error_of(HEAD + "symmetry swapping colours\n" * 30 + "end: draw if n == 1\n")
    assert err.message == "more than 20 symmetry statements (a limit of gdl)"
    assert err.pos.line == 25   # the 21st
    err = error_of(HEAD + "end: draw if n == 1\n" + "#" * (limits.MAX_CHARACTERS + 1))
    assert err.message.startswith("the file has 1,000,0")


def test_a_byte_order_mark_is_accepted():
    game = compile_text("\ufeff" + HEAD + "end: draw if n == 1\n", "t.gdl")
    assert game.title == "T"


@pytest.mark.parametrize("char", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85",
                                  "\u2028", "\u2029"])
def test_the_reported_line_is_the_printed_line_for_every_line_break(char):
    text = f'game "T{char}x"\nplayers A B  # a{char}b{char}c\nstate n = 0\n' \
           f'move go k in 1..1: n += k\nend: draw if n == zz\n'
    with pytest.raises(Exception) as caught:
        compile_text(text, "t.gdl")
    err = caught.value
    assert (err.pos.line, err.pos.column) == (5, 19)
    head, shown, caret = err.report().split("\n")
    assert head == "t.gdl:5:19: unknown name 'zz'"
    assert shown == "    end: draw if n == zz" and caret == "    " + " " * 18 + "^"
    assert source_lines(text)[4] == "end: draw if n == zz"


def test_counts_and_option_values_on_the_command_line(capsys):
    assert main(["perft", "tictactoe", "99999999999999999999999"]) == 2
    assert "expected at most 1,000,000,000 (a limit of gdl)" in capsys.readouterr().err
    assert main(["perft", "nim", "1", "--set", "heaps=" + "9" * 5000]) == 1
    err = capsys.readouterr().err
    assert err == "gdl: error: option heaps: numbers have at most 30 digits (a limit of gdl)\n"
    assert main(["perft", "nim", "1", "--set", "heaps=100000000000"]) == 1
    err = capsys.readouterr().err
    assert err == ("gdl: error: a move parameter ranges over 100,000,000,000 values in this "
                   "position, more than the limit of 1,000,000\n")


def test_a_colour_swap_before_the_board_and_enemy_in_a_solo_game():
    # Both were internal errors (an IndexError in the symmetry and in the code generator).
    text = 'game "S"\nplayers A B\nsymmetry swapping colours\nboard 3 x 3\n' \
           'move: place on empty\nend: mover wins if line 3\nend: draw if full\n'
    with pytest.raises(Exception) as caught:
        compile_text(text, "s.gdl")
    assert str(caught.value) == "s.gdl:4:1: `board` comes before any `symmetry`"
    solo = compile_text('game "Solo"\nplayers A\nboard 3 x 3\nmove: place on empty\n'
                         'end: mover wins if count enemy > 0\nend: draw if full\n', "solo.gdl")
    state = solo.initial_state()
    for _ in range(9):
        state = solo.apply(state, solo.legal_moves(state)[0])
    assert solo.is_terminal(state) and solo.returns(state) == (0.0,)


def test_constants_folded_from_written_numbers_are_bounded_too():
    from gdl.errors import RulesSemanticError
    big = " * ".join(["9" * 30] * 3)   # each number is short; their product is 90 digits
    with pytest.raises(RulesSemanticError) as caught:
        compile_text(HEAD.replace("state n = 0", f"option k = 2\nstate n = k * {big}")
                      + "end: draw if n == 1\n", "t.gdl")
    assert caught.value.message == "this folds to a number of more than 60 digits (a limit of gdl)"
    assert (caught.value.pos.line, caught.value.pos.column) == (4, 11)
    # up to the limit, folding is exact
    game = compile_text(HEAD.replace("state n = 0", f"state n = {'9' * 30} * {'9' * 30}")
                         + "end: draw if n == 1\n", "t.gdl")
    assert game.initial_state()[0] == int("9" * 30) ** 2
