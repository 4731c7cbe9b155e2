"""Proof-number search for win/draw/loss questions: df-pn (Nagai 2002), depth-first, with
a transposition table of proof and disproof numbers and the 1+epsilon trick
(Pawlewicz and Lew 2007).

The question asked of a position is "does player A win?". At a node where A moves (an OR
node) one proved child proves it; where the other player moves (an AND node) every child
must be proved. A node's proof number is the least number of leaves that must still be
proved to prove it, its disproof number the least to disprove it. df-pn expands the most
proving node below the root, but only climbs back once a node's numbers pass thresholds
set by its parent, so it keeps the search depth-first and needs only the table.

Win, draw or loss for the player to move, P: first "does P win?". Proved: a win. Disproved
without a single draw met anywhere in that search: every leaf of the disproof is a loss
for P, so it proves that the other player wins: a loss. Else, second, "does the other
player win?" (on the same table): proved, a loss; disproved, a draw. Games without draws
(hex, clobber, breakthrough) are so answered in one search.

Two tables, by whether the player asked about is to move, keyed on `game.canonical`: the
answer to "does the player to move win here?" depends only on the position, whoever asks
(so both searches share entries), and a colour-swapping symmetry cannot confuse the two.

A game on the native back end is searched in C (gdl.solvers.search.native_pns: the same
search, node for node while its table holds every position). Where it pays, and where it
does not (draws; against the C alpha-beta's move order): docs/solve.md, bench/solve_pn.py.

Limits: the exact solver's (node_limit, time_limit, max_positions: SolveLimit), Ctrl-C too;
the SolveLimit says what was known when it stopped ("not a win" after the first search).
Refused: payoffs by score (a margin is not a win/loss question); a position that repeats
on the line searched (proof numbers over cycles need more than a table: use alphabeta).

>>> from tests.references.games import TicTacToe
>>> r = ProofSolver(TicTacToe()).solve()
>>> r.value, r.method
('draw', 'pn')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, cast

from gdl.errors import SolverError
from gdl.protocol import Game, Move, State
from gdl.solvers.budget import payoff_bound
from gdl.solvers.search import native_pns
from gdl.solvers.search.meter import Meter
from gdl.solvers.search.minimax import require_two_player_zero_sum
from gdl.solvers.search.solved import SolveProgress, SolveResult

INF = 1 << 60        # a proof number that can never be reached: the node is decided
PROVED, DISPROVED = (0, INF), (INF, 0)
UNKNOWN = (1, 1)     # a position never searched
Key = tuple[Hashable, bool]           # a table key, and whether the player asked about moves
Child = tuple[State, Hashable, bool]  # a child, its table key, whether it is an OR node


def widen(second: int) -> int:
    """A child's threshold from the second-best sibling's number: 1+epsilon with
    epsilon 1/4, so the search stays longer below one child (fewer switches)."""
    return second + 1 + (second >> 2)


class ProofSolver:
    """Solves positions of one two-player zero-sum win/draw/loss game by df-pn.

    Args:
        game: a two-player zero-sum game whose payoffs are wins, draws and losses.
        progress, progress_every, node_limit, time_limit, max_positions: as ExactSolver's
            (a node is a position whose moves were generated, each time it is).
        key: the table key of a state (default `game.canonical`).

    Raises:
        SolverError: not a two-player zero-sum game, or one whose payoffs are scores.
    """

    def __init__(self, game: Game, *, progress: Callable[[SolveProgress], None] | None = None,
                 progress_every: int = 100_000, node_limit: int | None = None,
                 time_limit: float | None = None, max_positions: int | None = None,
                 key: Callable[[State], Hashable] | None = None) -> None:
        require_two_player_zero_sum(game, "proof-number search")
        self.bound = payoff_bound(game)
        if self.bound == float("inf"):
            raise SolverError(f"{game.name} ends by score: proof-number search answers win, "
                              f"draw or loss; use --method alphabeta")
        self.game = game
        self.limits: dict[str, Any] = {"progress": progress, "progress_every": progress_every,
                       "node_limit": node_limit, "time_limit": time_limit,
                       "max_positions": max_positions}
        self.key = game.canonical if key is None else key
        # A game compiled to C is searched there (the same answers: tested), unless the
        # solve asks for a key of its own. Its table is bounded by memory, not by
        # max_positions: it loses entries rather than growing.
        self._native = getattr(game, "backend", None) == "native" and key is None
        # The numbers of "does the player to move win?" (tables[True]) and of "does the
        # other player win?" (tables[False]), by key.
        self.tables: tuple[dict, dict] = ({}, {})

    def solve(self, state: State | None = None) -> SolveResult:
        """Solve `state` (default: the start) with a fresh table.

        Raises:
            SolveLimit: a node, time or table limit, or Ctrl-C, came first.
            SolverError: a position repeats on the line searched.
        """
        game = self.game
        root = game.initial_state() if state is None else state
        self.tables = ({}, {})
        meter = self._meter = Meter(game.name, self._stored, **self.limits)
        mover = game.current_player(root)
        if game.is_terminal(root):
            meter.count()
            payoff = game.returns(root)[mover]
            return self._result(-1 if payoff < 0 else 1 if payoff > 0 else 0, None)
        if self._native:
            limits = {k: v for k, v in self.limits.items() if k != "max_positions"}
            answer = native_pns.native_solve(game, cast(tuple, root), bound=self.bound,
                                             **limits)
            if answer is not None:
                return answer
        try:
            if self._prove(root, mover):
                return self._result(1, self._deciding_move(root, mover, 0))
            meter.known = f"so far: not a win for {game.players[mover]}"
            if not self._draw_seen or self._prove(root, 1 - mover):
                return self._result(-1, game.legal_moves(root)[0])
            return self._result(0, self._deciding_move(root, 1 - mover, 1))
        except KeyboardInterrupt:
            meter.give_up("interrupted", "", before="before Ctrl-C")
        except RecursionError:
            raise SolverError(f"{game.name} is too deep for proof-number search (a line of "
                              f"more than about 900 moves): use --method alphabeta") from None
        raise AssertionError("unreachable")   # give_up raises

    def _result(self, sign: int, move: Move | None) -> SolveResult:
        value = ("loss", "draw", "win")[sign + 1]
        return SolveResult(value, sign * self.bound + 0.0, move, self._meter.nodes,
                           self._meter.seconds(), self._stored(), "pn")

    def _stored(self) -> int:
        return len(self.tables[0]) + len(self.tables[1])

    def _deciding_move(self, root: State, asked: int, decided: int) -> Move:
        """The root's move whose child is decided as its own number says (0: proved for
        `asked`, at an OR root; 1: disproved, at an AND root): a best move."""
        for move, child in self._children(root):
            numbers = self._numbers(child, asked)
            if numbers[decided] == 0:
                return move
        raise AssertionError("a decided root has a deciding child")

    def _children(self, state: State) -> list[tuple[Move, State]]:
        return [(m, self.game.apply(state, m)) for m in self.game.legal_moves(state)]

    def _numbers(self, state: State, asked: int) -> tuple[int, int]:
        """The (proof, disproof) numbers of "does `asked` win at `state`?" known now."""
        game = self.game
        if game.is_terminal(state):
            return PROVED if game.returns(state)[asked] > 0 else DISPROVED
        mover = game.current_player(state)
        return self.tables[mover == asked].get(self.key(state), UNKNOWN)

    def _prove(self, root: State, asked: int) -> bool:
        """Whether player `asked` wins from `root`, by df-pn (see the module doc)."""
        self._asked, self._draw_seen = asked, False
        self._path: set[Key] = set()
        or_node = self.game.current_player(root) == asked
        proof, _ = self._search(root, self.key(root), or_node, INF, INF)
        return proof == 0

    def _expand(self, state: State, or_node: bool) -> list[Child] | None:
        """The children of `state` still open, each with its key and whether it is an OR
        node; None when a child that ended the game decides the node at once. A finished
        child that cannot decide it (a loss at an OR node, a win at an AND node) is left
        out: it changes no number."""
        game, asked, key_of = self.game, self._asked, self.key
        is_terminal, returns, player = game.is_terminal, game.returns, game.current_player
        children = []
        for move in game.legal_moves(state):
            child = game.apply(state, move)
            if is_terminal(child):
                payoff = returns(child)[asked]
                if payoff == 0:
                    self._draw_seen = True
                if (payoff > 0) == or_node:
                    return None
                continue
            children.append((child, key_of(child), player(child) == asked))
        return children

    def _search(self, state: State, key: Hashable, or_node: bool, proof_limit: int,
                disproof_limit: int) -> tuple[int, int]:
        """df-pn's MID: search `state` until its proof number reaches `proof_limit` or its
        disproof number `disproof_limit`; store and return its numbers."""
        self._meter.count()
        table = self.tables[or_node]
        children = self._expand(state, or_node)
        if children is None:   # a finished child decides it
            table[key] = PROVED if or_node else DISPROVED
            return table[key]
        near_limit, far_limit = (proof_limit, disproof_limit) if or_node else \
            (disproof_limit, proof_limit)
        path, tables = self._path, self.tables
        path.add((key, or_node))
        while True:
            # As seen from here: `near` is the number to bring to 0 by one child (the proof
            # number at an OR node), `far` the sum over every child. Read from the table
            # at each turn: a transposition met below one child may have moved another.
            near, far, second, best, best_far = INF, 0, INF, 0, 0
            for i, (_, child_key, child_or) in enumerate(children):
                proof, disproof = tables[child_or].get(child_key, UNKNOWN)
                if not or_node:
                    proof, disproof = disproof, proof
                far += disproof
                if proof < near:
                    near, second, best, best_far = proof, near, i, disproof
                elif proof < second:
                    second = proof
            far = min(far, INF)
            if near >= near_limit or far >= far_limit or near == 0 or far == 0:
                break
            child, child_key, child_or = children[best]
            if (child_key, child_or) in path:
                raise native_pns.repeats(self.game.name)
            child_near = min(near_limit, widen(second))
            child_far = min(INF, far_limit - far + best_far)
            if or_node:
                self._search(child, child_key, child_or, child_near, child_far)
            else:
                self._search(child, child_key, child_or, child_far, child_near)
        path.discard((key, or_node))
        numbers = (near, far) if or_node else (far, near)
        table[key] = numbers
        return numbers


def solve(game: Game, state: State | None = None, **options) -> SolveResult:
    """Solve `state` (default: the start) of `game` by df-pn; options as for ProofSolver."""
    return ProofSolver(game, **options).solve(state)
