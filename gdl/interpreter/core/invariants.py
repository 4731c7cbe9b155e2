"""Verification and discovery of a compiled game's declared invariants, on sampled positions.

A symmetry T holds at a position s when T commutes with the rules there: the
children of T(s) are exactly the images of the children of s, counted with their
multiplicity. States carry the player to move and the result, so this one test
also says that T maps legal moves onto legal moves (cell by cell) and keeps
terminality and returns (exchanged, for a colour swap). A quantity holds at s
when no legal move changes it (conserved) or moves it the wrong way (monotone),
from every player's view.

Positions come from seeded random games. `gdl check` tests every declaration on
up to WORK moves' worth of them (and CHECK_SECONDS in all) and reports the first failure with a
counterexample; a game being loaded tests its symmetries on one short playout
(LOAD_WORK moves per symmetry) so that `canonical` never uses one the sample
refutes. Both are tests, not proofs: a declaration false only in positions the
sample never reaches passes.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from time import process_time
from typing import Any

import attrs

from gdl.interpreter.core import symmetry as symm
from gdl.interpreter.core.ir import Quantity, Symmetry
from gdl.interpreter.core.board_transforms import transforms as board_transforms

WORK = 20_000        # moves applied per declaration by `gdl check` (beyond the first position)
DISCOVER_WORK = 10_000   # per undeclared candidate symmetry
LOAD_WORK = 400      # per declared symmetry when a game is loaded
# Processor seconds `gdl check` spends testing and looking for invariants at most: where
# every apply is slow, the move budgets above alone can take minutes. Past it each test
# stops after its current position, and the report says so. (Processor time, not the
# clock's: on a loaded machine the same file tests the same positions.)
CHECK_SECONDS = 8.0
LOAD_SEED = 0
MAX_PLIES = 1_000    # a random game longer than this is cut
SHOWN_MOVES = 12     # legal moves listed in a counterexample
_RULE_ERRORS = (IndexError, ValueError, ZeroDivisionError, TypeError, KeyError)


@attrs.frozen
class Result:
    """What the test of one declaration found: `failure` is None when it held on all
    `positions` tested, else a one-line reason and `detail` (the counterexample)."""
    declaration: str
    pos: Any
    positions: int
    failure: str | None = None
    detail: str = ""

    @property
    def holds(self) -> bool:
        return self.failure is None


@attrs.frozen
class Verification:
    """Every declaration's result, the symmetry group the holding ones generate, the
    quantities that held, and the undeclared symmetries that held (see `discover`:
    `suggested` merge positions of the random games, `idle` merge none)."""
    games: int
    positions: int
    results: tuple[Result, ...]
    group: tuple[Symmetry, ...]
    quantities: tuple[Quantity, ...]
    suggested: tuple[tuple[Symmetry, int], ...] = ()
    idle: tuple[str, ...] = ()
    cut: bool = False   # the time bound (CHECK_SECONDS) stopped the testing early

    @property
    def ok(self) -> bool:
        return all(r.holds for r in self.results)


def declaration(item: Symmetry | Quantity) -> str:
    """The declaration as the rules file writes it (one line)."""
    if isinstance(item, Symmetry):
        return f"symmetry {item.name}"
    if item.kind == "conserved":
        return f"conserved: {item.text}"
    way = "increases" if item.direction == "nonincreasing" else "decreases"
    return f"monotone: {item.text} never {way}"


# --------------------------------------------------------------------------- sampling

def playout(game: Any, rng: random.Random, plies: int | None = None) -> Iterator[tuple]:
    """The states of one random game from the start, lazily."""
    state, limit = game.initial_state(), MAX_PLIES if plies is None else plies
    yield state
    for _ in range(limit):
        try:
            moves = game.legal_moves(state)
            if not moves:
                return
            state = game.apply(state, rng.choice(moves))
        except _RULE_ERRORS:   # rules that fail in play: `gdl check` reports them
            return
        yield state


def positions_of(lines: Iterable[Iterable[tuple]], seed: int) -> list[tuple]:
    """The distinct positions of the games, the start first, the rest in a seeded order."""
    seen = dict.fromkeys(state for line in lines for state in line)
    if not seen:
        return []
    first, *rest = seen
    random.Random(seed).shuffle(rest)
    return [first, *rest]


class Children:
    """(move, child) pairs per state, computed once; `image` maps states (see symmetry.Imager)."""

    cache: dict[tuple, list[tuple[Any, tuple]]]

    def __init__(self, game: Any, tables: bool = False):
        self.game, self.cache = game, {}
        self.image = symm.imager(game, tables)

    def __call__(self, state: tuple) -> list[tuple[Any, tuple]]:
        found = self.cache.get(state)
        if found is None:
            apply = self.game.apply
            found = self.cache[state] = [(m, apply(state, m)) for m in self.game.legal_moves(state)]
        return found


# --------------------------------------------------------------------------- symmetries

def check_symmetry(game: Any, sym: Symmetry, states: Iterable[tuple], children: Children,
                  work: int, deadline: float = math.inf) -> Result:
    """Test `sym` on `states` (in order) until `work` moves have been applied (or the
    process_time() `deadline` has passed), on one position at least."""
    image, spent, tested = children.image, 0, 0
    for s in states:
        if tested and (spent > work or process_time() > deadline):
            break
        tested += 1
        t = image(sym, s)
        try:
            mine = children(s)
        except _RULE_ERRORS as exc:
            return _fails_in_play(game, declaration(sym), sym.pos, tested, s, exc)
        try:
            theirs = children(t)
        except _RULE_ERRORS as exc:
            return _failure(game, sym, tested, s, t, f"the rules fail on the image position "
                                                     f"({type(exc).__name__}: {exc})")
        spent += len(mine) + len(theirs)
        want = Counter(image(sym, c) for _, c in mine)
        have = Counter(c for _, c in theirs)
        if want != have:
            return _failure(game, sym, tested, s, t, _mismatch(game, sym, s, t, mine, theirs))
    return Result(declaration(sym), sym.pos, tested)


def _failure(game: Any, sym: Symmetry, tested: int, s: tuple, t: tuple, why: str) -> Result:
    """The result of a failed test: the first line of `why` is the reason; the detail shows
    the position, its image, and the rest of `why`."""
    first, *rest = why.splitlines()
    detail = "\n".join([f"at this position:\n{_indent(game.render(s))}",
                        f"its image under {sym.name}:\n{_indent(game.render(t))}", *rest])
    return Result(declaration(sym), sym.pos, tested, first, detail)


def _fails_in_play(game: Any, what: str, pos: Any, tested: int, s: tuple,
                   exc: Exception) -> Result:
    why = f"the rules fail in play ({type(exc).__name__}: {exc})"
    return Result(what, pos, tested, why, f"at this position:\n{_indent(game.render(s))}")


def _mismatch(game: Any, sym: Symmetry, s: tuple, t: tuple, mine: list, theirs: list) -> str:
    """Which move shows that the children of s and of its image t do not correspond."""
    image, geometry = symm.imager(game), game.geometry
    have = Counter(c for _, c in theirs)
    texts = {game.move_text(t, m): (m, c) for m, c in theirs}
    for m, c in mine:
        expected = image(sym, c)
        if have[expected] > 0:
            have[expected] -= 1
            continue
        text = game.move_text(s, m)
        mapped = symm.map_text(text, sym, geometry, game.ir.pieces)
        who = game.players[game.current_player(s)]
        if mapped not in texts:
            return (f"{who} can play {text} here, but its image {mapped} is not a legal move "
                    f"in the image position (legal there: {_listing(texts)})")
        other = texts[mapped][1]
        them = game.players[game.current_player(t)]
        return (f"{who} plays {text} here and {them} {mapped} in the image position, but the "
                f"results are not images of each other\nexpected (the image of the result here):\n"
                f"{_indent(game.render(expected))}\ngot:\n{_indent(game.render(other))}")
    want = Counter(image(sym, c) for _, c in mine)
    back = symm.inverse(sym)
    here = [game.move_text(s, m) for m, _ in mine]
    for m, c in theirs:
        if want[c] > 0:
            want[c] -= 1
            continue
        text = game.move_text(t, m)
        who = game.players[game.current_player(t)]
        original = symm.map_text(text, back, geometry, game.ir.pieces)
        return (f"{who} can play {text} in the image position, but {original} is not a legal "
                f"move here (legal here: {_listing(here)})")
    return "the children of the two positions differ"


def held_at_load(game: Any) -> tuple[list[Symmetry], dict[str, str]]:
    """The declared symmetries one short seeded playout does not refute, and the reasons of
    those it does. A declaration the holding ones already generate is not tested again."""
    declared = game.ir.declared_symmetries
    if not declared:
        return [], {}
    states = _Replay(playout(game, random.Random(LOAD_SEED)))
    children = Children(game)
    held: list[Symmetry] = []
    group = symm.close([], game.geometry)
    rejected: dict[str, str] = {}
    for sym in declared:
        if symm.contains(group, sym):
            held.append(sym)
            continue
        result = check_symmetry(game, sym, states, children, LOAD_WORK)
        if result.holds:
            held.append(sym)
            group = symm.close(held, game.geometry)
        else:
            assert result.failure is not None   # it did not hold: the failure says why
            rejected[sym.name] = result.failure
    return held, rejected


class _Replay:
    """An iterable over an iterator's items that can be iterated again (items are kept)."""

    kept: list[Any]

    def __init__(self, items: Iterator):
        self.items, self.kept = items, []

    def __iter__(self):
        yield from self.kept
        for item in self.items:
            self.kept.append(item)
            yield item


# --------------------------------------------------------------------------- quantities

def check_quantity(game: Any, index: int, states: Iterable[tuple], children: Children,
                  work: int, deadline: float = math.inf) -> Result:
    """Test declared quantity number `index` on `states` until `work` moves were applied
    (or the `deadline` has passed), on one position at least."""
    q = game.ir.quantities[index]
    values: Callable = game.quantity_values
    spent, tested = 0, 0
    for s in states:
        if tested and (spent > work or process_time() > deadline):
            break
        tested += 1
        try:
            before, mine = values(s)[index], children(s)
            afters = [values(c)[index] for _, c in mine]
        except _RULE_ERRORS as exc:
            return _fails_in_play(game, declaration(q), q.pos, tested, s, exc)
        spent += len(mine)
        for (m, c), after in zip(mine, afters):
            for view, (a, b) in enumerate(zip(before, after)):
                wrong = q.kind == "conserved" or (b > a) == (q.direction == "nonincreasing")
                if a != b and wrong:
                    whose = f" for {game.players[view]}" if q.per_player else ""
                    why = (f"{game.players[game.current_player(s)]} plays {game.move_text(s, m)} "
                           f"and {q.text}{whose} goes from {_show(a)} to {_show(b)}")
                    detail = (f"at this position:\n{_indent(game.render(s))}\n{why}:\n"
                              f"{_indent(game.render(c))}")
                    return Result(declaration(q), q.pos, tested, why, detail)
    return Result(declaration(q), q.pos, tested)


# --------------------------------------------------------------------------- the whole test

def verify(game: Any, lines: list[list[tuple]], seed: int = 0, work: int = WORK,
           discover_work: int = DISCOVER_WORK,
           seconds: float = CHECK_SECONDS) -> Verification:
    """Test every declaration of `game` on the positions of `lines` (random games), and
    look for undeclared board symmetries and colour swaps that hold, within `seconds`
    (each declaration still on one position at least; the search for undeclared ones
    stops)."""
    deadline = process_time() + seconds
    states = positions_of(lines, seed)
    children = Children(game, tables=True)
    results = [check_symmetry(game, sym, states, children, work, deadline)
               for sym in game.ir.declared_symmetries]
    held = [sym for sym, r in zip(game.ir.declared_symmetries, results) if r.holds]
    q_results = [check_quantity(game, i, states, children, work, deadline)
                 for i in range(len(game.ir.quantities))]
    quantities = tuple(q for q, r in zip(game.ir.quantities, q_results) if r.holds)
    suggested, idle = discover(game, held, states, children, discover_work, deadline) \
        if discover_work else ((), ())
    group = symm.close(held, game.geometry, game.ir.pieces)
    return Verification(len(lines), len(states), tuple(results + q_results), group, quantities,
                        suggested, idle, process_time() > deadline)


def candidates(game: Any) -> list[Symmetry]:
    """The square transforms that fit the board, then (two players) the colour swap alone and
    with each of them."""
    geometry, out = game.geometry, []
    transforms = board_transforms(geometry) if geometry.cells else {}
    for name in symm.SQUARE:
        if (perm := transforms.get(name)) is not None:
            out.append(Symmetry(name, perm))
    if len(game.players) == 2:
        out.append(Symmetry(symm.SWAP_WORDS, symm.identity(geometry).perm, True))
        for name in ("rotate180", "flip", "mirror", "transpose", "antitranspose", "rotate90",
                     "rotate270"):
            if (perm := transforms.get(name)) is not None:
                out.append(Symmetry(f"{name} {symm.SWAP_WORDS}", perm, True))
    return out


def discover(game: Any, held: list[Symmetry], states: list[tuple], children: Children,
             work: int, deadline: float = math.inf
             ) -> tuple[tuple[tuple[Symmetry, int], ...], tuple[str, ...]]:
    """Undeclared candidates that held on every position tested. Suggested, with the
    positions tested: those that also map some position of the random games onto another
    (so they merge positions that play reaches), each not generated by the declared ones
    and those before it. Named only: those that held but merged none (a colour swap in a
    game where the pieces on the board tell whose turn it is; a transform that moves the
    start), fewest first."""
    geometry = game.geometry
    group = symm.close(held, geometry)
    suggested: list[tuple[Symmetry, int]] = []
    idle: list[Symmetry] = []
    for cand in candidates(game):
        if process_time() > deadline:
            break
        if symm.contains(group, cand):
            continue
        result = check_symmetry(game, cand, states, children, work, deadline)
        if not result.holds:
            continue
        if _merges(children.image, cand, states[:result.positions]):
            suggested.append((cand, result.positions))
            group = symm.close([*held, *(s for s, _ in suggested)], geometry)
        else:
            idle.append(cand)
    named: list[str] = []
    for cand in idle:
        if not symm.contains(group, cand):
            named.append(cand.name)
            group = symm.close([*group, cand], geometry)
    return tuple(suggested), tuple(named)


def _merges(image: Callable, sym: Symmetry, states: list[tuple]) -> bool:
    """Whether the symmetry maps one of `states` onto another one of them."""
    seen = set(states)
    return any(t != s and t in seen for s in states for t in (image(sym, s),))


# --------------------------------------------------------------------------- text helpers

def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def _listing(texts: Iterable[str]) -> str:
    texts = list(texts)
    shown = " ".join(texts[:SHOWN_MOVES])
    return (shown + f" ... ({len(texts)} in all)" if len(texts) > SHOWN_MOVES else shown) or "none"


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
