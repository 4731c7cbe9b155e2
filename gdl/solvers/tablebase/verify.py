"""Check a table against search: the value of sampled positions by the exact solver
(gdl.solvers.search.exact, an independent forward search), and each sampled position's
distance against its children's (a win one ply more than its quickest winning child, a
loss one ply more than its slowest child), every child read through the Game protocol.

The exact solver plays the table's game: `Fixed` keeps the variables at the table's fixed
values after every move (docs/solve.md: the draws that read them never come), and it
scores a repetition on its line as a draw, which is the retrograde value of a cycle.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

import attrs

from gdl.solvers.search.exact import solve
from gdl.solvers.tablebase import codes
from gdl.solvers.tablebase.probe import payoff_probe, table_move
from gdl.solvers.search.solved import SolveLimit


class Fixed:
    """The Game protocol of `placement.game` with the variables fixed after every move."""

    def __init__(self, placement: Any) -> None:
        game = placement.game
        self._game, self._fixed = game, placement.fixed
        self.name, self.title, self.kind = game.name, game.title, game.kind
        self.players, self.zero_sum = game.players, True
        self.invariants: dict = {}
        self.payoff_bound = 1.0
        self.legal_moves, self.is_terminal = game.legal_moves, game.is_terminal
        self.returns, self.current_player = game.returns, game.current_player
        self.move_text, self.parse_move, self.render = game.move_text, game.parse_move, game.render

    def initial_state(self) -> tuple:
        return self._fixed(self._game.initial_state())

    def apply(self, state: Any, move: Any) -> Any:
        return self._fixed(self._game.apply(state, move))

    def canonical(self, state: Any) -> Hashable:
        return state


@attrs.frozen
class Checked:
    """A class checked: positions sampled, how many the solver agreed with (value, and
    distance against the children), how many it could not solve within its node limit
    (their distance still checked), the nodes it searched, and the first disagreements
    (index, table's code, what search found)."""
    counts: tuple[int, ...]
    positions: int
    agreed: int
    unsolved: int
    nodes: int
    wrong: tuple[tuple[int, int, str], ...]


def expected_code(tables: Any, state: tuple) -> int:
    """The code the children of `state` give it (one ply of negamax over the tables)."""
    game = tables.placement.game
    if game.is_terminal(state):
        return codes.terminal_code(game.returns(state)[state[-2]])
    if not game.legal_moves(state):
        return 0   # no move, not over: not a position of play (gdl.solvers.tablebase.build)
    chosen = table_move(tables, state)
    if chosen is None:
        raise ValueError(f"a child of a position of class {tables.placement.counts(state)} "
                         f"is not on disk")
    return chosen[1]


def check(tables: Any, counts: tuple[int, ...], samples: int, seed: int = 0,
          node_limit: int = 20_000) -> Checked:
    """Check `samples` random positions of a class (all when it has fewer). The solver reads
    the lower classes' tables, never this class's."""
    index = tables.index(counts)
    found = tables.get(counts)
    if found is None:
        raise ValueError(f"class {list(counts)} is not on disk")
    values = found[1]
    rng = random.Random(f"gdl-tablebase:{seed}:{counts}")
    picks: Sequence[int] = range(index.size) if index.size <= samples else \
        sorted(rng.sample(range(index.size), samples))
    fixed = Fixed(tables.placement)
    wrong: list[tuple[int, int, str]] = []
    nodes = unsolved = 0
    known = payoff_probe(tables, skip=counts)
    for i in picks:
        board, player = index.unrank(i)
        state = tables.placement.state(board, player)
        have = int(values[i])
        local = expected_code(tables, state)
        value = codes.decode(have)[0]
        if not fixed.is_terminal(state) and fixed.legal_moves(state):
            try:
                result = solve(fixed, state, node_limit=node_limit, tables=known)
                nodes += result.nodes
                value = result.value
            except SolveLimit as stop:
                nodes += stop.nodes
                unsolved += 1
        if local != have or codes.decode(have)[0] != value:
            wrong.append((i, have, f"search {value}, children {codes.decode(local)}"))
    return Checked(counts, len(picks), len(picks) - len(wrong), unsolved, nodes,
                   tuple(wrong[:5]))
