"""The OpenSpiel bridge against OpenSpiel's own Connect Four, both driven through pyspiel in one
process: random games per second (legal_actions, apply_action, is_terminal, returns), the
median of RUNS runs each, the two sides taking turns; the ratio bridge / OpenSpiel.

    python bench/openspiel_bridge.py [GAME] [--peer NAME] [--seconds S] [--runs N]
                                     [--backend python|native]

Prints figures only, and the ceiling: a Python pyspiel game whose moves do nothing, driven
the same way (pyspiel's calls into Python cost what they cost, whatever the game does).
GAME defaults to connect4 against OpenSpiel's connect_four; the bridge
runs the game on the chosen back end (`native`: each legal_moves and apply in C).
"""

from __future__ import annotations

import argparse
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="connect4")
    parser.add_argument("--peer", default="connect_four")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--backend", default="python", choices=["python", "native"])
    args = parser.parse_args(argv)
    ours = openspiel.load(args.game, backend=args.backend)
    theirs = pyspiel.load_game(args.peer)
    null = pyspiel.load_game("bench_null")
    mine, peer, floor = [], [], []
    for run in range(args.runs):
        mine.append(games_per_second(ours, args.seconds, run))
        peer.append(games_per_second(theirs, args.seconds, run))
        floor.append(games_per_second(null, args.seconds, run))
    (g1, a1), (g2, a2), (_, a3) = (tuple(statistics.median(x) for x in zip(*rows))
                                   for rows in (mine, peer, floor))
    print(f"bridge gdl_{args.game} ({args.backend}): {g1:9.0f} games/s {a1:10.0f} actions/s")
    print(f"OpenSpiel {args.peer}: {g2:13.0f} games/s {a2:10.0f} actions/s")
    print(f"ratio bridge / OpenSpiel: {g1 / g2:.2f}x games/s, {a1 / a2:.2f}x actions/s")
    print(f"a Python pyspiel game that only counts: {a3:10.0f} actions/s, "
          f"{a3 / a2:.2f}x OpenSpiel's (the most a Python game can reach through pyspiel)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
