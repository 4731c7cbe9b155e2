"""Every CSP method against brute force on small random CSPs using every constraint form
(negative values included, for the library's sum lowering), and propagation soundness."""

from __future__ import annotations

import itertools
import random

import pytest

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
)
from gdl.solvers.constraints.backtrack import backtrack
from gdl.solvers.constraints.library import library_search
from gdl.solvers.constraints.propagate import propagate, propagate_search
from gdl.solvers.constraints.solve import solve_csp

OPS = ("<", "<=", ">", ">=", "==", "!=")
VALUES = range(-2, 4)


def random_csp(seed: int) -> CSP:
    rnd = random.Random(seed)
    names = "abcde"[: rnd.randint(3, 5)]
    domains = {v: tuple(sorted(rnd.sample(VALUES, rnd.randint(2, 5)))) for v in names}

    def some() -> list[str]:
        return rnd.sample(names, rnd.randint(2, min(3, len(names))))

    makers = [
        lambda: AllDifferent(some()),
        lambda: AllDifferentOffset(vs := some(), [rnd.randint(-2, 2) for _ in vs]),
        lambda: SumEquals(some(), rnd.randint(-2, 6)),
        lambda: SumCompare(some(), rnd.choice(OPS), rnd.randint(-2, 6)),
        lambda: Compare((ab := rnd.sample(names, 2))[0], rnd.choice(OPS), ab[1]),
        lambda: Count(some(), rnd.choice(VALUES), rnd.choice(OPS), rnd.randint(0, 2)),
        lambda: InSet(rnd.choice(names), rnd.sample(VALUES, 3)),
    ]
    constraints = [rnd.choice(makers)() for _ in range(rnd.randint(1, 3))]
    givens = {}
    if rnd.random() < 0.3:
        v = rnd.choice(names)
        givens[v] = rnd.choice(domains[v] if rnd.random() < 0.8 else VALUES)
    return CSP(f"random {seed}", names, domains, constraints, givens)


def brute_force(csp: CSP) -> set[tuple[int, ...]]:
    found = set()
    for values in itertools.product(*(csp.domains[v] for v in csp.variables)):
        if not check_solution(csp, dict(zip(csp.variables, values))):
            found.add(values)
    return found


def as_tuples(csp: CSP, solutions) -> set[tuple[int, ...]]:
    return {tuple(s[v] for v in csp.variables) for s in solutions}


@pytest.mark.parametrize("seed", range(150))
def test_every_method_finds_exactly_the_brute_force_solutions(seed):
    csp = random_csp(seed)
    expected = brute_force(csp)
    assert as_tuples(csp, backtrack(csp, limit=None).solutions) == expected
    assert as_tuples(csp, propagate_search(csp, limit=None).solutions) == expected
    for singles in (False, True):
        assert as_tuples(csp, library_search(csp, None, singles=singles).solutions) == expected
    for method in ("auto", "backtrack", "propagate", "library", "library+propagate"):
        r = solve_csp(csp, count=True, limit=None, method=method)
        assert r.count == len(expected) and r.exact
        assert r.solution is None or not check_solution(csp, r.solution)


@pytest.mark.parametrize("seed", range(150))
def test_propagation_removes_no_solution(seed):
    csp = random_csp(seed)
    expected = brute_force(csp)
    narrowed = propagate(csp)
    if narrowed is None:
        assert not expected
        return
    for values in expected:
        assert all(x in narrowed[v] for v, x in zip(csp.variables, values))
