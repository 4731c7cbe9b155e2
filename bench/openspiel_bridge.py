"""The OpenSpiel bridges against OpenSpiel's own games, all driven through pyspiel from Python in
one process: random games per second (legal_actions, apply_action, is_terminal, returns), the
median of RUNS runs each, the sides taking turns in every run; the ratios to OpenSpiel's.

    python bench/openspiel_bridge.py [GAME ...] [--seconds S] [--runs N]
                                     [--backend python|native]

The sides: the C++ game (gdl.bridges.openspiel.native: `load(name, cpp=True)`; it needs
OpenSpiel's headers, see docs/openspiel.md), the Python bridge on the chosen back end
(`native`: each legal_moves and apply in C), and OpenSpiel's own game of the same rules
(PEERS). Prints figures only, and the ceiling of a game registered from Python: a Python
pyspiel game whose moves do nothing, driven the same way.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pyspiel  # noqa: E402

from gdl.bridges import openspiel  # noqa: E402


# ---- the floor: a Python pyspiel game that does nothing but count (seven actions, 21 moves)
_NULL_TYPE = pyspiel.GameType(
    short_name="bench_null", long_name="bench null", dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2, min_num_players=2, provides_information_state_string=False,
    provides_information_state_tensor=False, provides_observation_string=False,
    provides_observation_tensor=False, parameter_specification={})
_ACTIONS = list(range(7))


class NullGame(pyspiel.Game):
    def __init__(self, params=None):
        super().__init__(_NULL_TYPE, pyspiel.GameInfo(
            num_distinct_actions=7, max_chance_outcomes=0, num_players=2, min_utility=-1.0,
            max_utility=1.0, utility_sum=0.0, max_game_length=21), params or {})

    def new_initial_state(self):
        return NullState(self)


class NullState(pyspiel.State):
    def __init__(self, game):
        super().__init__(game)
        self.moves = 0

    def current_player(self):
        return pyspiel.PlayerId.TERMINAL if self.moves >= 21 else self.moves % 2

    def _legal_actions(self, player):
        return _ACTIONS

    def _apply_action(self, action):
        self.moves += 1

    def is_terminal(self):
        return self.moves >= 21

    def returns(self):
        return [0.0, 0.0]


pyspiel.register_game(_NULL_TYPE, NullGame)


def games_per_second(game, seconds: float, seed: int) -> tuple[float, float]:
    """(random games per second, actions per second) over `seconds`."""
    rng = random.Random(seed)
    start, games, actions = perf_counter(), 0, 0
    while games == 0 or perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        state.returns()
        games += 1
    elapsed = perf_counter() - start
    return games / elapsed, actions / elapsed


# gdl's game -> OpenSpiel's own game of the same rules
PEERS = {"connect4": "connect_four", "tictactoe": "tic_tac_toe", "breakthrough": "breakthrough",
         "othello": "othello", "hex": "hex(board_size=11)", "chess": "chess"}
DEFAULT_GAMES = ("connect4", "tictactoe", "breakthrough", "othello")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"from: {', '.join(PEERS)}")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--backend", default="native", choices=["python", "native"],
                        help="the Python bridge's back end")
    args = parser.parse_args(argv)
    null = pyspiel.load_game("bench_null")
    print(f"== random games through pyspiel: medians of {args.runs} interleaved runs of "
          f"{args.seconds:g} s; load {os.getloadavg()[0]:.1f}")
    print(f"{'game':<13} {'C++ games/s':>11} {'Py games/s':>11} {'OpenSpiel':>10} "
          f"{'C++/OS':>7} {'Py/OS':>6} {'C++ actions/s':>14} {'OS actions/s':>13}")
    floor, peers = [], []
    for name in args.games or DEFAULT_GAMES:
        cpp = openspiel.load(name, cpp=True)
        if not cpp.get_type().short_name.endswith("_cpp"):
            print(f"{name}: no C++ game here (the line above says why)")
            return 1
        sides = [cpp, openspiel.load(name, backend=args.backend), pyspiel.load_game(PEERS[name])]
        rows: list[list[tuple[float, float]]] = [[], [], []]
        for run in range(args.runs):
            for side, row in zip(sides, rows):
                row.append(games_per_second(side, args.seconds, run))
            floor.append(games_per_second(null, args.seconds, run))
        (g1, a1), (g2, _), (g3, a3) = (tuple(statistics.median(x) for x in zip(*row))
                                       for row in rows)
        peers.append(a3)
        print(f"{name:<13} {g1:>11,.0f} {g2:>11,.0f} {g3:>10,.0f} {g1 / g3:>6.2f}x "
              f"{g2 / g3:>5.2f}x {a1:>14,.0f} {a3:>13,.0f}", flush=True)
    a0 = statistics.median(a for _, a in floor)
    print(f"a Python pyspiel game that only counts: {a0:,.0f} actions/s (the most a game "
          f"registered from Python can reach through pyspiel)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
