"""The CSP model: constraint forms, validation, conflicts among givens, text."""

from __future__ import annotations

import pytest

from gdl.errors import GdlError
from gdl.interpreter.core.grid.builders import queens_csp, sudoku_csp
from gdl.interpreter.core.grid.model import (
    CSP,
    AllDifferent,
    AllDifferentOffset,
    Compare,
    Count,
    InSet,
    SumCompare,
    SumEquals,
    check_solution,
    given_conflicts,
    range_allows,
)
from gdl.interpreter.core.grid.text import grid_rows, grid_string, parse_symbol, render, symbol


def test_holds_needs_every_variable_and_the_relation():
    a = {"x": 1, "y": 2, "z": 2}
    assert AllDifferent(["x", "y"]).holds(a)
    assert not AllDifferent(["x", "y", "z"]).holds(a)
    assert not AllDifferent(["x", "w"]).holds(a)  # w missing
    assert AllDifferentOffset(["x", "y"], [1, 0]).holds({"x": 1, "y": 3})
    assert not AllDifferentOffset(["x", "y"], [1, 0]).holds({"x": 1, "y": 2})
    assert SumEquals(["x", "y", "z"], 5).holds(a)
    assert SumCompare(["x", "y"], "<", 4).holds(a) and not SumCompare(["x", "y"], ">", 3).holds(a)
    assert Compare("x", "<", "y").holds(a) and not Compare("y", "!=", "z").holds(a)
    assert Count(["x", "y", "z"], 2, "==", 2).holds(a)
    assert not Count(["x", "y", "z"], 2, "<=", 1).holds(a)
    assert InSet("x", {1, 3}).holds(a) and not InSet("y", {1, 3}).holds(a)


def test_allows_is_false_only_without_any_completion():
    doms = {"x": (1, 2, 3), "y": (1, 2, 3), "z": (4, 5)}
    assert SumEquals(["x", "y"], 5).allows({"x": 2}, doms)       # y = 3
    assert not SumEquals(["x", "y"], 5).allows({"x": 1}, doms)   # y would be 4
    assert not SumCompare(["x", "z"], "<=", 4).allows({}, doms)  # least sum 5
    assert Compare("x", ">", "z").allows({}, doms)
    assert not Compare("x", ">", "z").allows({"x": 3}, doms)
    assert not Count(["x", "y"], 3, ">=", 2).allows({"x": 1}, doms)
    assert Count(["x", "y"], 3, "!=", 1).allows({"x": 3}, doms)  # y = 3 makes 2
    assert not AllDifferent(["x", "y"]).allows({"x": 2, "y": 2}, doms)


@pytest.mark.parametrize("lo,hi,op,k,expected", [
    (0, 3, "<", 1, True), (1, 3, "<", 1, False), (0, 3, ">", 3, False), (0, 3, ">=", 3, True),
    (2, 2, "!=", 2, False), (2, 3, "!=", 2, True), (0, 3, "==", 4, False), (3, 2, "==", 2, False),
])
def test_range_allows(lo, hi, op, k, expected):
    assert range_allows(lo, hi, op, k) is expected


def test_unknown_operator_and_bad_models_are_refused():
    with pytest.raises(ValueError):
        Compare("x", "=<", "y")
    with pytest.raises(ValueError):
        CSP("bad", ["x"], {"x": (1,)}, [AllDifferent(["x", "y"])])
    with pytest.raises(ValueError):
        CSP("bad", ["x"], {}, [])
    with pytest.raises(ValueError):
        AllDifferentOffset(["x", "y"], [0])


def test_check_solution_names_every_broken_constraint():
    csp = CSP("tiny", ["x", "y"], {"x": (1, 2), "y": (1, 2)},
              [AllDifferent(["x", "y"]), Compare("x", "<", "y")], {"y": 2})
    assert check_solution(csp, {"x": 1, "y": 2}) == []
    bad = check_solution(csp, {"x": 2, "y": 2})
    assert AllDifferent(["x", "y"]) in bad and Compare("x", "<", "y") in bad
    assert check_solution(csp, {"x": 3, "y": 1})[:2] == [InSet("x", (1, 2)), InSet("y", (2,))]


def test_given_conflicts_find_two_equal_givens_in_a_row():
    csp = sudoku_csp("55" + "." * 79)
    assert AllDifferent([(0, c) for c in range(9)]) in given_conflicts(csp)
    assert given_conflicts(sudoku_csp("5" + "." * 80)) == []
    out_of_range = CSP("t", ["x"], {"x": (1, 2)}, [], {"x": 7})
    assert given_conflicts(out_of_range) == [InSet("x", (1, 2))]


def test_symbols_go_past_nine_with_letters():
    assert [symbol(v) for v in (None, 0, 9, 10, 16)] == [".", "0", "9", "A", "G"]
    assert [parse_symbol(ch) for ch in [".", "9", "A", "g"]] == [None, 9, 10, 16]
    assert parse_symbol("0") == 0
    with pytest.raises(ValueError):
        parse_symbol("?")


def test_sudoku_builder_and_text():
    csp = sudoku_csp("1.3.\n3..2\n.1..\n...1", box=2)
    assert csp.shape == (4, 4) and csp.givens == {(0, 0): 1, (0, 2): 3, (1, 0): 3, (1, 3): 2,
                                                  (2, 1): 1, (3, 3): 1}
    assert len(csp.constraints) == 12 and csp.domains[(2, 2)] == (1, 2, 3, 4)
    assert grid_rows(csp, csp.givens) == ["1.3.", "3..2", ".1..", "...1"]
    assert grid_string(csp, csp.givens) == "1.3.3..2.1.....1"
    assert render(csp, csp.givens) == "1.3.\n3..2\n.1..\n...1"
    assert sudoku_csp("0" * 81).givens == {}
    assert len(sudoku_csp("." * 36, box=(2, 3)).constraints) == 18


@pytest.mark.parametrize("givens", ["123", "x" + "." * 80, "A" + "." * 80])
def test_bad_givens_are_a_user_error(givens):
    with pytest.raises(GdlError):
        sudoku_csp(givens)


def test_queens_model_and_render():
    csp = queens_csp(4)
    assert csp.variables == (0, 1, 2, 3) and csp.shape is None
    answer = {0: 2, 1: 4, 2: 1, 3: 3}
    assert check_solution(csp, answer) == []
    assert check_solution(csp, {0: 1, 1: 2, 2: 3, 3: 4})  # all on one diagonal
    assert render(csp, answer).splitlines()[0] == "0 = 2"


def test_a_time_limit_holds_outside_the_main_thread_too():
    # A web server solves in a worker thread, where no timer signal arrives: our own
    # search reads the thread's deadline instead. Counting 26-queens takes hours.
    import threading

    from gdl import catalog
    from gdl.solvers.constraints.solve import solve_csp
    csp = catalog.load("queens", {"n": "26"}).csp(None)
    out = {}
    worker = threading.Thread(target=lambda: out.update(
        result=solve_csp(csp, count=True, limit=None, time_limit=0.2)))
    worker.start()
    worker.join(timeout=120)
    assert not worker.is_alive()
    assert out["result"].stopped == "time" and out["result"].count > 0
