"""What both OpenSpiel bridges (the Python game of gdl.bridges.openspiel and the C++ one of
gdl.bridges.openspiel.native) derive from a game's rules and OpenSpiel parameters: the
compiled game, its action space, GameType and GameInfo, the parameters as the game reports
them. One derivation, so that the two games cannot differ in these."""

from __future__ import annotations

from typing import Any
from collections.abc import Hashable

import attrs
import pyspiel

from gdl import catalog
from gdl.errors import GdlError
from gdl.interpreter.core.score_range import payoff_range_bound
from gdl.interpreter.python.compiled import CompiledGame
from gdl.bridges.action_space import ActionSpace, length_bound
from gdl.bridges.openspiel_parts import PartIndex
from gdl.protocol import GAME, has_simultaneous, has_chance

PREFIX = "gdl_"            # registered names: gdl_connect4, gdl_<rules file stem>
DEFAULT_MAX_PLIES = 1000   # the cap of games the rules do not bound
DERIVED = "derived"        # the `actions` parameter's default: the shape the rules allow


# --------------------------------------------------------------------------- what the rules bound

def utility_bound(game: CompiledGame) -> float:
    """The largest payoff in absolute value: 1 for wins, losses and draws; for `end: score`
    games, what the score expressions bound by themselves (backgammon's 3 points) or else
    the number of playable cells (a score counts pieces or cells on the board).

    Raises:
        GdlError: a scored game without a board whose scores read the position (nothing
        bounds them).
    """
    if not any(end.outcome == "score" for end in game.ir.ends):
        return 1.0
    bound = payoff_range_bound(game.ir.ends)
    if bound is not None:
        return float(bound)
    if not game.geometry.cells:
        raise GdlError(f"{game.name} ends with scores and has no board: the OpenSpiel bridge "
                       f"cannot bound its utilities")
    return float(len(game.geometry.cells))


def chance_ids(game: Any) -> dict[Hashable, int]:
    """A chance outcome's move (its stage's rule and values) -> its OpenSpiel action: the
    outcomes of every chance stage, numbered in order."""
    if not has_chance(game):
        return {}
    moves = [(c.rule, *values) for c in game.ir.chances for values, _p in c.outcomes]
    return {move: i for i, move in enumerate(moves)}



# --------------------------------------------------------------------------- the game's facts

def scalar_options(game: CompiledGame) -> dict[str, Any]:
    """The options OpenSpiel can carry as parameters (ints, floats, bools, strings)."""
    return {k: v for k, v in game.options.items() if isinstance(v, (int, float, bool, str))}


def load_game(source: str, options: dict[str, str]) -> CompiledGame:
    game = catalog.load(source, options)
    if not isinstance(game, CompiledGame) or game.kind != GAME:
        raise GdlError(f"{game.name} is of kind {game.kind!r}; the OpenSpiel bridge takes "
                       f"games (two or more players)")
    return game


def with_backend(game: CompiledGame, backend: str) -> Any:
    """`game` on the back end `backend` ("native": legal_moves and apply in C, per call)."""
    if backend == "python":
        return game
    from gdl.interpreter.c.backend import with_backend
    return with_backend(game, backend)


def game_type(game: CompiledGame) -> pyspiel.GameType:
    n = len(game.players)
    return pyspiel.GameType(
        short_name=PREFIX + game.name, long_name=f"{game.title} (gdl)",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if has_simultaneous(game)
        else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if game.has_chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        # a simultaneous game's state is public once a joint move is played: perfect
        # information, as OpenSpiel declares goofspiel (imp_info=false) and oshi_zumo
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        # one player (blackjack against its dealer, 2048): the payoffs sum to no constant
        utility=pyspiel.GameType.Utility.ZERO_SUM if getattr(game, "zero_sum", True)
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n, min_num_players=n,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={**scalar_options(game), "max_plies": DEFAULT_MAX_PLIES,
                                 "actions": DERIVED, "backend": "python"})


@attrs.frozen
class Derived:
    """A bridged game's facts for one set of OpenSpiel parameters."""
    compiled: Any            # the game, on the back end the `backend` parameter names
    index: ActionSpace
    parts: PartIndex | None  # a simultaneous game's own-move ids, else None
    info: pyspiel.GameInfo
    parameters: dict[str, Any]   # every parameter, as get_parameters() reports them


def derive(source: str, params: dict[str, Any] | None = None) -> Derived:
    """The facts of `source` (a bundled name or a rules-file path) under the OpenSpiel
    parameters `params` (its options, `max_plies`, `actions`, `backend`)."""
    params = dict(params or {})
    max_plies = int(params.pop("max_plies", DEFAULT_MAX_PLIES))
    shape = str(params.pop("actions", DERIVED)) or DERIVED
    backend = str(params.pop("backend", "python")) or "python"
    options = {k: str(v) for k, v in params.items()}
    compiled = with_backend(load_game(source, options), backend)
    bound, utility = length_bound(compiled), utility_bound(compiled)
    index = ActionSpace(compiled, None if shape == DERIVED else shape,
                        placements_only=bound is not None)
    parts = PartIndex(compiled) if has_simultaneous(compiled) else None
    info = pyspiel.GameInfo(
        num_distinct_actions=index.size if parts is None else parts.size,
        max_chance_outcomes=len(chance_ids(compiled)),
        num_players=len(compiled.players), min_utility=-utility, max_utility=utility,
        utility_sum=0.0 if getattr(compiled, "zero_sum", True) else None,
        max_game_length=bound if bound is not None else max_plies)
    # the options as the compiled game holds them: "5" from the command line is 5
    parameters = {**scalar_options(compiled), "max_plies": max_plies, "actions": shape,
                  "backend": backend}
    return Derived(compiled, index, parts, info, parameters)
