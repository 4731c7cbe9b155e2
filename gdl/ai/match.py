"""Matches: two player specs play N games, alternating seats, seeded; a tally with confidence.

Games come in pairs that share a seeded random opening (`opening_plies` moves)
with the seats swapped, so deterministic players still play varied games and
neither spec gets the easier side of an opening. The score is (wins + draws / 2)
/ games, with a 95% Wilson interval.

>>> from tests.references.games import TicTacToe
>>> r = run_match(TicTacToe(), "random", "random", games=4, seed=1)
>>> sum(t.games for t in r.tallies)
8
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from collections.abc import Callable

import attrs

from gdl.errors import SolverError
from gdl.ai.players import make_player
from gdl.protocol import Game

Z95 = 1.959964  # the normal quantile for a two-sided 95% interval


def wilson_interval(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion `score` observed over n trials."""
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denom
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Tally:
    """One spec's results: wins/draws/losses over `games`; score in [0, 1]; low/high: the
    95% Wilson interval on the score."""

    spec: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.score, self.games)

    def to_json(self) -> dict:
        low, high = self.interval
        return {"spec": self.spec, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "score": round(self.score, 4),
                "ci95": [round(low, 4), round(high, 4)]}


@attrs.frozen
class MatchResult:
    """game: the game's name; games: the games asked for; tallies: one per spec (the
    first spec first), over the games finished; plies: moves played over all games;
    seconds: wall time; interrupted: the match was stopped before its last game (the
    tallies are then the games finished so far); cut: games ended by max_plies (draws)."""

    game: str
    games: int
    seed: int
    tallies: tuple[Tally, Tally]
    plies: int
    seconds: float
    interrupted: bool = False
    cut: int = 0

    @property
    def played(self) -> int:
        return self.tallies[0].games

    def to_json(self) -> dict:
        return {"game": self.game, "games": self.games, "seed": self.seed,
                "plies": self.plies, "seconds": round(self.seconds, 3),
                "players": [t.to_json() for t in self.tallies],
                "played": self.played, "interrupted": self.interrupted,
                "draws_by_move_limit": self.cut}


@attrs.frozen
class GameRecord:
    """One finished game, passed to the progress callback: index from 0; seat_of_first:
    the seat the first spec played; payoffs by seat."""

    index: int
    seat_of_first: int
    payoffs: tuple[float, ...]
    plies: int


def format_table(result: MatchResult) -> str:
    """The tally as an aligned text table."""
    width = max(len("player"), *(len(t.spec) for t in result.tallies))
    head = f"{'player':<{width}}  games  wins  draws  losses  score   95% CI"
    games = f"{result.played} of {result.games} games (interrupted)" if result.interrupted \
        else f"{result.games} games"
    lines = [f"{result.game}: {games}, seed {result.seed}", head]
    for t in result.tallies:
        low, high = t.interval
        lines.append(f"{t.spec:<{width}}  {t.games:>5}  {t.wins:>4}  {t.draws:>5}  {t.losses:>6}"
                     f"  {t.score:.3f}  [{low:.3f}, {high:.3f}]")
    if result.cut:
        lines.append(f"{result.cut} of them drawn by the move limit")
    return "\n".join(lines)


def run_match(game: Game, spec_a: str, spec_b: str, games: int = 10, seed: int = 0, *,
              level: str = "medium", time_per_move: float | None = None,
              opening_plies: int = 2, max_plies: int | None = None,
              progress: Callable[[GameRecord], None] | None = None,
              should_stop: Callable[[], bool] = lambda: False,
              max_nodes: int | None = None) -> MatchResult:
    """Play `games` games of spec_a against spec_b (see `gdl.ai.players.make_player`).

    Seats alternate: spec_a sits in seat 0 in even games, seat 1 in odd ones.
    In games of more than two players spec_a takes one seat and spec_b the others,
    and spec_a wins when its payoff beats every other seat's.

    Args:
        level, time_per_move: passed to make_player for specs without a level.
        opening_plies: random moves (seeded, shared by each pair of games) before
            the players take over.
        max_plies: stop a game after this many moves and count it as a draw.
        progress: called with a GameRecord after every game.
        max_nodes: bounds each MCTS player's tree (see make_player).
        should_stop: asked after every move; True (or a KeyboardInterrupt) ends the
            match at once: the game in progress is dropped, the result is
            `interrupted` and tallies the games finished.

    Raises:
        SolverError: the game is a puzzle (a match needs at least two players).
        OptionError: a bad spec or level.
    """
    if len(game.players) < 2:
        raise SolverError(f"a match needs a game of two or more players; {game.name} has one.")
    start = perf_counter()
    master = random.Random(seed)
    n_seats = len(game.players)
    a_score = [0, 0, 0]  # wins, draws, losses for spec_a
    total_plies = cut = 0
    opening_seed = 0
    interrupted = False
    for index in range(games):
        if index % 2 == 0:
            opening_seed = master.randrange(2**32)
        seat_a = index % 2 if n_seats == 2 else index % n_seats
        try:
            seats = [make_player(spec_b, game, level, master.randrange(2**32), time_per_move,
                                 max_nodes=max_nodes) for _ in range(n_seats)]
            seats[seat_a] = make_player(spec_a, game, level, master.randrange(2**32),
                                        time_per_move, max_nodes=max_nodes)
            played = _play(game, seats, random.Random(opening_seed), opening_plies, max_plies,
                           should_stop)
        except KeyboardInterrupt:
            played = None
        if played is None:
            interrupted = True
            break
        payoffs, plies, ended = played
        total_plies += plies
        cut += not ended
        mine = payoffs[seat_a]
        best_other = max(p for s, p in enumerate(payoffs) if s != seat_a)
        a_score[0 if mine > best_other else 1 if mine == best_other else 2] += 1
        if progress is not None:
            progress(GameRecord(index, seat_a, payoffs, plies))
    wins, draws, losses = a_score
    tallies = (Tally(spec_a, wins, draws, losses), Tally(spec_b, losses, draws, wins))
    return MatchResult(game.name, games, seed, tallies, total_plies, perf_counter() - start,
                       interrupted, cut)


def _play(game: Game, seats: list, opening: random.Random, opening_plies: int,
          max_plies: int | None, should_stop: Callable[[], bool]
          ) -> tuple[tuple[float, ...], int, bool] | None:
    """Play one game; (payoffs by seat, moves played, whether the rules ended it), or None
    when `should_stop` said so. A game cut at max_plies pays 0 to all."""
    state = game.initial_state()
    plies = 0
    while not game.is_terminal(state):
        if max_plies is not None and plies >= max_plies:
            return tuple(0.0 for _ in game.players), plies, False
        if plies < opening_plies:
            move = opening.choice(list(game.legal_moves(state)))
        else:
            move = seats[game.current_player(state)].choose(game, state)
        if should_stop():
            return None
        state = game.apply(state, move)
        plies += 1
    return tuple(game.returns(state)), plies, True
