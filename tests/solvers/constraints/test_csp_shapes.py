"""The line and cage forms (Runs, Visible, Arithmetic) against brute force: `narrow` keeps
exactly the supported values (Runs, Arithmetic) or a sound superset (Visible), `allows`
never refuses a completable assignment, and small random CSPs built from them count the
same by every method as by enumerating every assignment."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from gdl.interpreter.core.grid.model import CSP, AllDifferent
from gdl.interpreter.core.grid.cages import Arithmetic
from gdl.interpreter.core.grid.runs import Runs, Visible
from gdl.solvers.constraints.solve import solve_csp

METHODS = ("backtrack", "propagate", "library", "library+propagate")


def plain_lengths(line: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(len(part) for part in "".join(map(str, line)).split("0") if part)


def plain_seen(line: tuple[int, ...]) -> int:
    return sum(1 for i, x in enumerate(line) if all(x > y for y in line[:i]))


def plain_cage(op: str, values: tuple[int, ...]) -> float:
    big = max(values)
    rest = list(values)
    rest.remove(big)
    return {"*": math.prod(values), "-": big - sum(rest), "/": big / math.prod(rest)}[op]


def supports(form, domains, meets) -> dict:
    """Brute force: each variable's values used by some tuple that meets the constraint."""
    used: dict = {v: set() for v in form.vars}
    for t in itertools.product(*(sorted(domains[v]) for v in form.vars)):
        if meets(t):
            for v, x in zip(form.vars, t):
                used[v].add(x)
    return used


def random_runs(rng: random.Random):
    n = rng.randint(1, 8)
    names = tuple(range(n))
    line = tuple(rng.randint(0, 1) for _ in names)
    lengths = plain_lengths(line) if rng.random() < 0.7 else tuple(
        rng.randint(1, 3) for _ in range(rng.randint(0, 3)))
    domains = {v: rng.choice([{0}, {1}, {0, 1}, {0, 1}]) for v in names}
    return Runs(names, lengths), domains, lambda t: plain_lengths(t) == lengths


def test_runs_narrow_keeps_exactly_the_supported_values():
    rng = random.Random(7)
    for _ in range(1500):
        form, domains, meets = random_runs(rng)
        want = supports(form, domains, meets)
        got = form.narrow(domains)
        if not any(want.values()):
            assert any(not s for s in got.values())
        else:
            assert {v: set(s) for v, s in got.items()} == want
        assert form.allows({}, domains) == any(want.values())


def test_arithmetic_narrow_keeps_exactly_the_supported_values():
    rng = random.Random(8)
    for _ in range(1500):
        op = rng.choice("*-/")
        names = tuple(range(rng.randint(2, 4)))
        domains = {v: set(rng.sample(range(1, 7), rng.randint(1, 4))) for v in names}
        t = tuple(rng.choice(sorted(domains[v])) for v in names)
        target = int(plain_cage(op, t)) if plain_cage(op, t) == int(plain_cage(op, t)) else 1
        form = Arithmetic(names, op, target)
        want = supports(form, domains, lambda t, op=op, target=target: plain_cage(op, t) == target)
        got = form.narrow(domains)
        assert {v: set(s) for v, s in got.items()} == want, (op, target, domains)


def test_visible_narrow_is_sound_and_exact_once_assigned():
    rng = random.Random(9)
    for _ in range(1500):
        names = tuple(range(rng.randint(1, 5)))
        domains = {v: set(rng.sample(range(1, 7), rng.randint(1, 3))) for v in names}
        count = rng.randint(1, len(names))
        form = Visible(names, count)
        want = supports(form, domains, lambda t, count=count: plain_seen(t) == count)
        got = form.narrow(domains)
        assert all(want[v] <= set(got.get(v, set())) for v in names if want[v])
        for t in itertools.product(*(sorted(domains[v]) for v in names)):
            a = dict(zip(names, t))
            assert form.holds(a) == form.allows(a, {}) == (plain_seen(t) == count)


def random_grid_csp(rng: random.Random, n: int) -> CSP:
    """An n x n latin square of 1..n with a visibility clue and two cages read off a hidden
    random latin square (so at least that one solves it)."""
    rows, symbols = rng.sample(range(n), n), rng.sample(range(1, n + 1), n)
    hidden = {(r, c): symbols[(rows[r] + c) % n] for r in range(n) for c in range(n)}
    cells = list(hidden)
    constraints: list = [AllDifferent([(r, c) for c in range(n)]) for r in range(n)]
    constraints += [AllDifferent([(r, c) for r in range(n)]) for c in range(n)]
    k = rng.randrange(n)
    line = [(k, c) for c in range(n)] if rng.random() < 0.5 else [(r, k) for r in range(n)]
    if rng.random() < 0.5:
        line.reverse()
    constraints.append(Visible(line, plain_seen(tuple(hidden[v] for v in line))))
    for op in rng.sample("*-/", 2):
        a, b = rng.sample(cells, 2)
        x, y = sorted((hidden[a], hidden[b]))
        target = {"*": x * y, "-": y - x, "/": y // x}[op] if op != "/" or y % x == 0 else 0
        if target:
            constraints.append(Arithmetic((a, b), op, target))
    return CSP("random", cells, {v: tuple(range(1, n + 1)) for v in cells}, constraints)


def brute_count(csp: CSP) -> int:
    n = 0
    for t in itertools.product(*(csp.domains[v] for v in csp.variables)):
        a = dict(zip(csp.variables, t))
        n += all(c.holds(a) for c in csp.constraints)
    return n


@pytest.mark.parametrize("seed", range(6))
def test_random_grids_count_the_same_by_every_method_as_by_brute_force(seed):
    csp = random_grid_csp(random.Random(seed), 3)
    want = brute_count(csp)
    assert want >= 1   # the hidden square
    for method in METHODS:
        assert solve_csp(csp, count=True, limit=None, method=method).count == want, method


@pytest.mark.parametrize("seed", range(4))
def test_random_nonograms_count_the_same_by_every_method_as_by_brute_force(seed):
    rng = random.Random(100 + seed)
    w, h = 3, 4
    picture = [[rng.randint(0, 1) for _ in range(w)] for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w)]
    lines = [[(r, c) for c in range(w)] for r in range(h)] + [
        [(r, c) for r in range(h)] for c in range(w)]
    constraints = [Runs(line, plain_lengths(tuple(picture[r][c] for r, c in line)))
                   for line in lines]
    csp = CSP("nonogram", cells, dict.fromkeys(cells, (0, 1)), constraints)
    want = brute_count(csp)
    assert want >= 1   # the picture itself
    for method in METHODS:
        assert solve_csp(csp, count=True, limit=None, method=method).count == want, method
