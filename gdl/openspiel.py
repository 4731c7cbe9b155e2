"""The OpenSpiel bridge: a compiled gdl game as a pyspiel game.

    >>> import pyspiel
    >>> from gdl import openspiel
    >>> name = openspiel.register("tictactoe")
    >>> name
    'gdl_tictactoe'
    >>> game = pyspiel.load_game(name)
    >>> state = game.new_initial_state()
    >>> state.action_to_string(state.current_player(), state.legal_actions()[4])
    'b2'

Every bundled game of kind `game` (and any rules file of that kind) bridges; the
game's scalar options become OpenSpiel parameters (`gdl_connect4(width=5)`), and
`max_plies` caps games whose rules do not bound their length.

Action ids. OpenSpiel wants a dense action index fixed before play. A gdl board
move is an int `to | from << S | rule << 2S | captured << ...` (see
gdl.interpreter.codegen); its id is `offset[rule] + dense(from) * C + dense(to)`
(C playable cells; a placement uses `to` alone, a pass one id), so an id means
the same (rule, from, to) in every position. A capture chain (draughts) is one
gdl move and one id: the position fixes which pieces the chain takes. When one
position has several chains with the same rule, start and end (they take
different pieces), they are ordered by their gdl move value and the k-th gets a
variant block `k` (up to VARIANTS per triple) - a pure function of the position.
A parameterised move (nim's `take 2 3`) is the tuple `(rule, a, b..)`; those get
ids from a table filled at registration by a breadth-first walk of up to
SEED_STATES positions (sorted, so every process numbers them alike), then
extended on first sight up to EXTRA_PARAM_IDS more.

A game ends where its rules end it, or after `max_plies` moves as a draw (all
payoffs 0) when the rules do not bound its length; `max_game_length` is the
rules' bound when every move fills an empty cell (tic-tac-toe, Connect Four,
gomoku, ultimate tic-tac-toe), else `max_plies`.
"""

from __future__ import annotations

from collections import deque
from typing import Any
from collections.abc import Hashable

import pyspiel

from gdl import catalog
from gdl.errors import GdlError
from gdl.interpreter import ir
from gdl.interpreter.codegen import RULE_BITS
from gdl.interpreter.compiled import CompiledGame
from gdl.openspiel_observer import BoardObserver
from gdl.protocol import GAME

PREFIX = "gdl_"            # registered names: gdl_connect4, gdl_<rules file stem>
DEFAULT_MAX_PLIES = 1000   # the cap of games the rules do not bound
VARIANTS = 4               # capture chains per (rule, from, to) in one position
SEED_STATES = 2000         # positions walked to number parameterised moves
EXTRA_PARAM_IDS = 256      # parameterised moves numbered after registration, on first sight


# --------------------------------------------------------------------------- the action index

def _fills_a_cell(rule: ir.Rule) -> bool:
    """A placement that needs an empty cell (so each one fills a cell for good)."""
    if not isinstance(rule, ir.PlaceRule):
        return False
    where = rule.where
    terms = where.args if isinstance(where, ir.Op) and where.op == "and" else (where,)
    return any(isinstance(t, ir.Empty) for t in terms)


def length_bound(game: CompiledGame) -> int | None:
    """The most moves a game can last by its rules, when that is easy to see: every move
    fills an empty cell. None otherwise."""
    if game.ir.rules and all(_fills_a_cell(r) for r in game.ir.rules):
        return len(game.geometry.cells)
    return None


def utility_bound(game: CompiledGame) -> float:
    """The largest payoff in absolute value: 1 for wins, losses and draws; for `end: score`
    games, the number of playable cells (a score counts pieces or cells on the board).

    Raises:
        GdlError: a scored game without a board (nothing bounds its scores).
    """
    if not any(end.outcome == "score" for end in game.ir.ends):
        return 1.0
    if not game.geometry.cells:
        raise GdlError(f"{game.name} ends with scores and has no board: the OpenSpiel bridge "
                       f"cannot bound its utilities")
    return float(len(game.geometry.cells))


class ActionIndex:
    """gdl moves <-> dense OpenSpiel action ids for one compiled game (see the module doc)."""

    def __init__(self, game: CompiledGame) -> None:
        self.game = game
        self.bits = game.geometry.size_bits
        self.dense = {cell: i for i, cell in enumerate(game.geometry.cells)}
        cells = len(self.dense)
        board_rules = [r for r in game.ir.rules if not isinstance(r, ir.ParamRule)]
        self.kinds = ["pass" if isinstance(r, ir.PassRule) else "place"
                      if isinstance(r, ir.PlaceRule) else "move" for r in board_rules]
        self.offsets: list[int] = []   # board rule index -> its first id
        size = 0
        for kind in self.kinds:
            self.offsets.append(size)
            size += {"pass": 1, "place": cells, "move": cells * cells}[kind]
        # Capture chains that may share (rule, from, to) get variant blocks of their own.
        chains = [i for i, r in enumerate(board_rules) if isinstance(r, ir.JumpRule) and r.repeat]
        self.variant_base = {rule: size + n * (VARIANTS - 1) * cells * cells
                             for n, rule in enumerate(chains)}
        size += len(chains) * (VARIANTS - 1) * cells * cells
        self.param_base = size
        self.param_ids: dict[Hashable, int] = {}
        if any(isinstance(r, ir.ParamRule) for r in game.ir.rules):
            for move in sorted(_param_moves(game)):   # tuples of ints: numeric order
                self.param_ids[move] = len(self.param_ids)
            size += len(self.param_ids) + EXTRA_PARAM_IDS
        self.size = size

    def _triple(self, move: int) -> tuple[int, int]:
        """(board rule index, the id of (rule, from, to) before variants)."""
        mask = (1 << self.bits) - 1
        rule = move >> 2 * self.bits & (1 << RULE_BITS) - 1
        to, start = self.dense.get(move & mask, 0), self.dense.get(move >> self.bits & mask, 0)
        kind = self.kinds[rule]
        local = 0 if kind == "pass" else to if kind == "place" else start * len(self.dense) + to
        return rule, self.offsets[rule] + local

    def _param_id(self, move: Hashable) -> int:
        found = self.param_ids.get(move)
        if found is None:
            if len(self.param_ids) >= self.size - self.param_base:
                raise GdlError(f"{self.game.name}: more parameterised moves than the "
                               f"{self.size - self.param_base} action ids set aside")
            found = self.param_ids[move] = len(self.param_ids)
        return self.param_base + found

    def actions(self, moves: list[Any]) -> dict[int, Hashable]:
        """Action id -> move for the legal `moves` of one position."""
        out: dict[int, Hashable] = {}
        seen: dict[int, int] = {}   # triple id -> chains with it so far
        for move in sorted(moves, key=lambda m: (isinstance(m, tuple), m)):
            if isinstance(move, tuple):
                out[self._param_id(move)] = move
                continue
            rule, triple = self._triple(move)
            k = seen[triple] = seen.get(triple, -1) + 1
            if k == 0:
                out[triple] = move
            elif rule in self.variant_base and k < VARIANTS:
                cells = len(self.dense)
                out[self.variant_base[rule] + (k - 1) * cells * cells
                    + triple - self.offsets[rule]] = move
            else:
                raise GdlError(f"{self.game.name}: {k + 1} moves of one position share rule, "
                               f"start and end; the OpenSpiel bridge numbers at most {VARIANTS}")
        return out


def _param_moves(game: CompiledGame) -> set[tuple[int, ...]]:
    """The parameterised moves of the first SEED_STATES positions reached breadth-first."""
    start = game.initial_state()
    seen, queue = {start}, deque([start])
    found: set[tuple[int, ...]] = set()
    while queue and len(seen) < SEED_STATES:
        state = queue.popleft()
        if game.is_terminal(state):
            continue
        for move in game.legal_moves(state):
            if isinstance(move, tuple):
                found.add(move)
            after = game.apply(state, move)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return found


# --------------------------------------------------------------------------- game and state

def _scalar_options(game: CompiledGame) -> dict[str, Any]:
    """The options OpenSpiel can carry as parameters (ints, floats, bools, strings)."""
    return {k: v for k, v in game.options.items() if isinstance(v, (int, float, bool, str))}


class BridgedGame(pyspiel.Game):
    """A compiled gdl game as a pyspiel.Game. `register` makes a subclass per rules file,
    with its `source`, and registers the class itself: pyspiel aborts at exit when the
    factory is a closure."""

    source = ""   # a bundled name or a rules-file path

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        max_plies = int(params.pop("max_plies", DEFAULT_MAX_PLIES))
        options = {k: str(v) for k, v in params.items()}
        compiled = _load_game(self.source, options)
        index = ActionIndex(compiled)
        bound, utility = length_bound(compiled), utility_bound(compiled)
        info = pyspiel.GameInfo(
            num_distinct_actions=index.size, max_chance_outcomes=0,
            num_players=len(compiled.players), min_utility=-utility, max_utility=utility,
            utility_sum=0.0, max_game_length=bound if bound is not None else max_plies)
        # pybind11 drops attributes set before the base class is initialised.
        typed = {k: compiled.options[k] for k in params}   # "5" from the command line is 5
        super().__init__(_game_type(compiled), info,
                         {**_scalar_options(compiled), **typed, "max_plies": max_plies})
        self.compiled, self.index = compiled, index
        self.max_plies = info.max_game_length

    def new_initial_state(self) -> BridgedState:
        return BridgedState(self, self.compiled.initial_state(), 0)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoardObserver:
        return BoardObserver(self.compiled, self.index.dense)


class BridgedState(pyspiel.State):
    """A position: the gdl state, and the moves played (for the `max_plies` cap)."""

    def __init__(self, game: BridgedGame, state: tuple, plies: int) -> None:
        super().__init__(game)
        self.state, self.plies = state, plies
        self._actions: dict[int, Hashable] | None = None

    @property
    def bridge(self) -> BridgedGame:
        # Not an attribute: OpenSpiel clones a state by deep-copying its attributes, and a
        # copied game would lose its compiled rules.
        return self.get_game()

    def _legal(self) -> dict[int, Hashable]:
        if self._actions is None:
            moves = [] if self.is_terminal() else list(self.bridge.compiled.legal_moves(self.state))
            self._actions = self.bridge.index.actions(moves)
        return self._actions

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.bridge.compiled.current_player(self.state)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal())

    def _apply_action(self, action: int) -> None:
        move = self._legal()[action]
        self.state = self.bridge.compiled.apply(self.state, move)
        self.plies += 1
        self._actions = None

    def _action_to_string(self, player: int, action: int) -> str:
        move = self._legal().get(action)
        if move is None:
            return f"action {action}"   # not legal here: no gdl notation to give
        return self.bridge.compiled.move_text(self.state, move)

    def is_terminal(self) -> bool:
        return self.bridge.compiled.is_terminal(self.state) or self.plies >= self.bridge.max_plies

    def returns(self) -> list[float]:
        if self.bridge.compiled.is_terminal(self.state):
            return list(self.bridge.compiled.returns(self.state))
        return [0.0] * len(self.bridge.compiled.players)   # under way, or cut at max_plies

    def __str__(self) -> str:
        return self.bridge.compiled.render(self.state)


# --------------------------------------------------------------------------- registration

def _load_game(source: str, options: dict[str, str]) -> CompiledGame:
    game = catalog.load(source, options)
    if not isinstance(game, CompiledGame) or game.kind != GAME:
        raise GdlError(f"{game.name} is of kind {game.kind!r}; the OpenSpiel bridge takes "
                       f"games (two or more players)")
    return game


def _game_type(game: CompiledGame) -> pyspiel.GameType:
    n = len(game.players)
    return pyspiel.GameType(
        short_name=PREFIX + game.name, long_name=f"{game.title} (gdl)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n, min_num_players=n,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={**_scalar_options(game), "max_plies": DEFAULT_MAX_PLIES})


_CLASSES: dict[str, type[BridgedGame]] = {}   # registered name -> its game class


def register(source: str) -> str:
    """Register the game `source` (a bundled name or a rules-file path) with OpenSpiel;
    its registered name (`gdl_` and the game's name). Registering twice is harmless.

    Raises:
        UnknownGame, RulesError: as `gdl.catalog.load`.
        GdlError: the rules describe a puzzle or a constraint problem, not a game.
    """
    compiled = _load_game(source, {})
    name = PREFIX + compiled.name
    known = _CLASSES.get(name)
    if known is not None and known.source != source:
        raise GdlError(f"{name} is already registered from {known.source!r}; rename the game "
                       f"to register {source!r} beside it")
    if name not in pyspiel.registered_names():
        bridged = type(f"Bridged_{compiled.name}", (BridgedGame,), {"source": source})
        _CLASSES[name] = bridged
        pyspiel.register_game(_game_type(compiled), bridged)
    return name


def register_bundled() -> list[str]:
    """Register every bundled game of kind `game`; their registered names.

    >>> "gdl_draughts" in register_bundled()
    True
    """
    return [register(name) for name, _ in catalog.bundled_games() if catalog.kind(name) == GAME]


def describe(game: BridgedGame) -> dict[str, Any]:
    """What `gdl openspiel` prints: the registered name and the game's GameInfo."""
    kind = game.get_type()
    return {"name": kind.short_name, "title": kind.long_name,
            "players": game.num_players(), "distinct_actions": game.num_distinct_actions(),
            "max_game_length": game.max_game_length(),
            "length_bound_by_rules": length_bound(game.compiled) is not None,
            "min_utility": game.min_utility(), "max_utility": game.max_utility(),
            "utility_sum": game.utility_sum(), "parameters": game.get_parameters()}


def load(source: str, **params: Any) -> BridgedGame:
    """The bridged game `source` with OpenSpiel parameters (its options, `max_plies`).

    >>> load("connect4", width=5).num_distinct_actions()
    30
    """
    return _CLASSES[register(source)](params)
