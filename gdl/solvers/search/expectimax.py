"""The value of a game with chance nodes (issue 31): expectimax, Star1, value iteration.

Values are player 0's expected payoff (`game.returns(s)[0]`): player 0 maximises, in a
two-player zero-sum game player 1 minimises, and a chance node (`current_player == CHANCE`)
averages its outcomes by `chance_outcomes`. A one-player game (2048) maximises its score.

- `expectimax`: plain, memoised on `canonical`, for a finite game without cycles.
- `star1`: the same value with Ballard's Star1 pruning: alpha-beta at the players' nodes,
  and at a chance node each outcome searched in the window that could still move the
  average out of (alpha, beta), given the payoffs' bounds [-B, B] (`payoff_bound`; no
  pruning at chance nodes when the payoffs have no known bound, as scores).
- `value_iteration`: every position reachable from the root, then Gauss-Seidel sweeps of
  the same equations until no value moves by more than `tolerance`: the value of a game
  whose graph has cycles (Pig: two 1s in a row bring a position back).
- `star2`: Star1 with Star2's probing: at a chance node whose outcomes are all one
  player's, each outcome's first move bounds it, and the node may fail high (low) at once.
`chance_value` picks: Star2, value iteration once a cycle is met.

>>> from tests.references.games import TicTacToe
>>> expectimax(TicTacToe(), TicTacToe().initial_state())
0.0
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import attrs

from gdl.errors import SolverError
from gdl.protocol import CHANCE, Game, Move, State
from gdl.solvers.budget import payoff_bound

MAX_POSITIONS = 3_000_000   # value iteration's positions at most


class Cyclic(SolverError):
    """The game graph has a cycle: expectimax has no value there (use value iteration)."""


@attrs.frozen
class ChanceResult:
    value: float                 # player 0's expected payoff
    best_move: Move | None       # the root mover's best move (None at a chance node or the end)
    method: str                  # "star2" or "value iteration"
    positions: int               # positions valued
    iterations: int = 0          # value iteration's sweeps


def _sign(game: Game, player: int) -> int:
    """+1 where the mover maximises player 0's payoff, -1 where it minimises it."""
    if player == 0:
        return 1
    if len(game.players) == 2 and getattr(game, "zero_sum", False):
        return -1
    raise SolverError(f"{game.name}: the chance solvers value one-player games and two-player "
                      f"zero-sum games only")


def _outcomes(game: Game, state: State) -> list[tuple[Move, float]]:
    return list(game.chance_outcomes(state))   # type: ignore[attr-defined]


def expectimax(game: Game, state: State) -> float:
    """Player 0's expected payoff from `state`, no pruning (raises Cyclic on a cycle)."""
    memo: dict[Hashable, float] = {}
    path: set[Hashable] = set()

    def value(s: State) -> float:
        key = game.canonical(s)
        if key in memo:
            return memo[key]
        if game.is_terminal(s):
            return game.returns(s)[0]
        if key in path:
            raise Cyclic(f"{game.name}: a position comes back; its value needs value iteration")
        path.add(key)
        player = game.current_player(s)
        if player == CHANCE:
            v = sum(p * value(game.apply(s, m)) for m, p in _outcomes(game, s))
        else:
            sign = _sign(game, player)
            v = sign * max(sign * value(game.apply(s, m)) for m in game.legal_moves(s))
        path.discard(key)
        memo[key] = v
        return v

    return value(state)


def star1(game: Game, state: State, probe: bool = False) -> tuple[float, Move | None, int]:
    """(player 0's expected payoff, the root mover's best move, positions searched) by
    alpha-beta with Star1 pruning at chance nodes; with `probe`, Star2 (`star2`). Raises
    Cyclic on a cycle."""
    bound = payoff_bound(game)
    low, high = (-bound, bound) if bound is not None else (-math.inf, math.inf)
    table: dict[Hashable, tuple[float, float]] = {}   # key -> (lower, upper) bounds
    path: set[Hashable] = set()
    count = [0]

    def search(s: State, alpha: float, beta: float) -> float:
        if game.is_terminal(s):
            return game.returns(s)[0]
        key = game.canonical(s)
        lo, hi = table.get(key, (low, high))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if key in path:
            raise Cyclic(f"{game.name}: a position comes back; its value needs value iteration")
        alpha, beta = max(alpha, lo), min(beta, hi)
        path.add(key)
        count[0] += 1
        v = chance(s, alpha, beta) if game.current_player(s) == CHANCE else \
            decide(s, alpha, beta)[0]
        path.discard(key)
        if v <= alpha:      # fail low: an upper bound
            table[key] = (lo, min(hi, v))
        elif v >= beta:     # fail high: a lower bound
            table[key] = (max(lo, v), hi)
        else:
            table[key] = (v, v)
        return v

    def chance(s: State, alpha: float, beta: float) -> float:
        outcomes = _outcomes(game, s)
        if probe and not math.isinf(high):
            bound = probing(s, outcomes, alpha, beta)
            if bound is not None:
                return bound
        total, left = 0.0, 1.0   # the sum of p * v so far, the probability not yet searched
        for move, p in outcomes:
            rest = left - p
            if math.isinf(high):   # no bound: no window to narrow
                a, b = -math.inf, math.inf
            else:
                a = max(low, (alpha - total - high * rest) / p)
                b = min(high, (beta - total - low * rest) / p)
            v = search(game.apply(s, move), a, b)
            total, left = total + p * v, rest
            if not math.isinf(high):
                if total + high * left <= alpha:
                    return total + high * left
                if total + low * left >= beta:
                    return total + low * left
        return total

    def probing(s: State, outcomes: list[tuple[Move, float]], alpha: float,
                beta: float) -> float | None:
        """Star2's probe: when every outcome is a node of one player, each one's first move
        bounds it (from below for the maximiser, above for the minimiser); the chance node
        fails high (low) at once when the bounds' average reaches beta (alpha)."""
        children = [(game.apply(s, m), p) for m, p in outcomes]
        if any(game.is_terminal(c) for c, _ in children):
            return None
        players = {game.current_player(c) for c, _ in children}
        if len(players) != 1 or CHANCE in players:
            return None
        sign = _sign(game, players.pop())
        far = low if sign > 0 else high   # an unprobed outcome's side of the bound
        bound, left = 0.0, 1.0
        for child, p in children:
            rest = left - p
            if sign > 0:   # a value at least `need` makes the node fail high
                need = min(high, (beta - bound - far * rest) / p)
                v = search(game.apply(child, game.legal_moves(child)[0]), low, need)
                known = v if v > low else low
            else:
                need = max(low, (alpha - bound - far * rest) / p)
                v = search(game.apply(child, game.legal_moves(child)[0]), need, high)
                known = v if v < high else high
            bound, left = bound + p * known, rest
        if sign > 0 and bound >= beta:
            return bound
        if sign < 0 and bound <= alpha:
            return bound
        return None

    def decide(s: State, alpha: float, beta: float) -> tuple[float, Move | None]:
        sign = _sign(game, game.current_player(s))
        best, best_move = -math.inf, None
        for move in game.legal_moves(s):
            v = search(game.apply(s, move), alpha, beta)
            if sign * v > best:
                best, best_move = sign * v, move
            if sign > 0:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return sign * best, best_move

    if game.is_terminal(state) or game.current_player(state) == CHANCE:
        return search(state, -math.inf, math.inf), None, count[0]
    path.add(game.canonical(state))
    value, move = decide(state, -math.inf, math.inf)
    return value, move, count[0] + 1


def star2(game: Game, state: State) -> tuple[float, Move | None, int]:
    """As `star1`, with Star2's probing (Ballard 1983) at chance nodes whose outcomes are all
    one player's: the first move of each bounds the node before it is searched in full."""
    return star1(game, state, probe=True)


def value_iteration(game: Game, state: State, tolerance: float = 1e-12,
                    max_positions: int = MAX_POSITIONS) -> ChanceResult:
    """Player 0's expected payoff from `state` over a finite graph, cycles allowed: the
    positions reachable, then sweeps till no value moves by more than `tolerance`."""
    index: dict[Hashable, int] = {game.canonical(state): 0}
    states: list[State] = [state]
    kinds: list[int] = []            # 0 terminal, 1 chance, +1/-1 a player maximising/minimising
    edges: list[list[tuple[int, float]]] = []
    values: list[float] = []
    for s in states:   # grows as new positions are found
        if game.is_terminal(s):
            kinds.append(0)
            edges.append([])
            values.append(game.returns(s)[0])
            continue
        player = game.current_player(s)
        pairs = _outcomes(game, s) if player == CHANCE else \
            [(m, 1.0) for m in game.legal_moves(s)]
        kinds.append(1 if player == CHANCE else _sign(game, player) * 2)
        out = []
        for move, p in pairs:
            after = game.apply(s, move)
            key = game.canonical(after)
            if key not in index:
                if len(states) >= max_positions:
                    raise SolverError(f"{game.name}: more than {max_positions:,} positions "
                                      f"reachable; value iteration stops")
                index[key] = len(states)
                states.append(after)
            out.append((index[key], p))
        edges.append(out)
        values.append(0.0)
    order = range(len(states) - 1, -1, -1)   # the far positions first: they settle first
    sweeps = 0
    while True:
        sweeps += 1
        change = 0.0
        for i in order:
            kind = kinds[i]
            if kind == 0:
                continue
            if kind == 1:
                v = sum(p * values[j] for j, p in edges[i])
            elif kind > 0:
                v = max(values[j] for j, _p in edges[i])
            else:
                v = min(values[j] for j, _p in edges[i])
            change = max(change, abs(v - values[i]))
            values[i] = v
        if change <= tolerance or sweeps >= 100_000:
            break
    best = None
    if kinds[0] not in (0, 1):
        sign = kinds[0] // 2
        moves = list(game.legal_moves(state))
        best = max(zip(moves, edges[0]), key=lambda me: sign * values[me[1][0]])[0]
    return ChanceResult(values[0], best, "value iteration", len(states), sweeps)


def chance_value(game: Game, state: State | None = None) -> ChanceResult:
    """The value of a chance game from `state` (the start): Star2, or value iteration when
    the game graph has a cycle."""
    state = game.initial_state() if state is None else state
    try:
        value, move, positions = star2(game, state)
    except Cyclic:
        return value_iteration(game, state)
    return ChanceResult(value, move, "star2", positions)
