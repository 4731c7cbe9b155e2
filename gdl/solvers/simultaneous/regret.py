"""Regret matching (Hart and Mas-Colell, 2000) on a matrix game: the plain iterative method
the exact linear program is cross-checked against. Each player plays in proportion to its
positive cumulative regrets; the average strategies converge to an equilibrium, their
exploitability falling like 1/sqrt(iterations) (regret matching+, used here, in practice
faster: regrets floored at 0, alternating updates, later iterations weighted more)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs


@attrs.frozen
class RegretSolution:
    """The average strategies after `iterations`; `low`/`high`: what the row strategy
    guarantees and what the column strategy concedes (the value lies between)."""
    row: tuple[float, ...]
    column: tuple[float, ...]
    low: float
    high: float
    iterations: int

    @property
    def gap(self) -> float:
        """high - low: the pair's exploitability, summed over both players."""
        return self.high - self.low


def matching(regrets: list[float]) -> list[float]:
    """Regret matching: play each choice in proportion to its positive regret (uniformly
    when none is positive)."""
    positive = [max(r, 0.0) for r in regrets]
    total = sum(positive)
    return [r / total for r in positive] if total > 0 else [1 / len(regrets)] * len(regrets)


def regret_matching(payoffs: Sequence[Sequence[float]], precision: float = 1e-3,
                    max_iterations: int = 1_000_000) -> RegretSolution:
    """Regret matching+ on the row player's `payoffs`, until the average strategies are
    within `precision` of the value for both players (gap <= precision) or after
    `max_iterations`."""
    a = [[float(x) for x in row] for row in payoffs]
    m, n = len(a), len(a[0])
    row_regret, col_regret = [0.0] * m, [0.0] * n
    row_sum, col_sum = [0.0] * m, [0.0] * n
    result = None
    for t in range(1, max_iterations + 1):
        # alternating updates (the row player first, the column player answering its new
        # strategy): what makes regret matching+ fast in practice
        y = matching(col_regret)
        row_gain = [sum(a[i][j] * y[j] for j in range(n)) for i in range(m)]
        x = matching(row_regret)
        now = sum(x[i] * row_gain[i] for i in range(m))
        row_regret = [max(r + g - now, 0.0) for r, g in zip(row_regret, row_gain)]
        x = matching(row_regret)
        col_loss = [sum(a[i][j] * x[i] for i in range(m)) for j in range(n)]
        now = sum(y[j] * col_loss[j] for j in range(n))
        col_regret = [max(r + now - c, 0.0) for r, c in zip(col_regret, col_loss)]
        row_sum = [s + t * p for s, p in zip(row_sum, x)]   # linear averaging (RM+)
        col_sum = [s + t * p for s, p in zip(col_sum, y)]
        if t % 10 == 0 or t == max_iterations:
            result = _averaged(a, row_sum, col_sum, t)
            if result.gap <= precision:
                break
    assert result is not None
    return result


def _averaged(a: list[list[float]], row_sum: list[float], col_sum: list[float],
              t: int) -> RegretSolution:
    x = [s / sum(row_sum) for s in row_sum]
    y = [s / sum(col_sum) for s in col_sum]
    low = min(sum(x[i] * a[i][j] for i in range(len(a))) for j in range(len(a[0])))
    high = max(sum(y[j] * a[i][j] for j in range(len(a[0]))) for i in range(len(a)))
    return RegretSolution(tuple(x), tuple(y), low, high, t)
