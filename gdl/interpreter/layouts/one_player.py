"""A one-player game as a puzzle: what `gdl solve` hands the puzzle searches.

A `game` file with one player and an end rule that makes it win (`end: solver wins
if COND`, or the sugar `goal: COND`) is a puzzle on the general core: boards,
pieces, move programs and effects. The goal is the predicate "the game is over
and the player won"; a position where the game ended otherwise (a loss, a draw)
is a dead end. The searches see the protocol only (`gdl.solvers.puzzles.choose`):

- `canonical` is the game's own, under its declared symmetries (`symmetry ...`),
  which the breadth-first and A* searches key their tables on;
- `heuristic_distance` is the file's `heuristic: EXPR` (a lower bound on the
  moves left, read from the player's view), when it declares one, else the bound
  derived from the rules where one is proved (gdl.interpreter.layouts.bounds);
  `heuristic_source` says which ("declared: ...", "derived: ...", "none");
- `parse_state` / `state_text` are the game's position text (`--position`);
- `every move commutes, undoes itself` give `commutes` and `inverse` (tested on
  seeded random positions here: a false law is an error with its counterexample);
  with "undoes itself" the moves are reversible, and when the goal is `no own` on a
  game without variables its one goal state (the empty board) is known, so the
  bidirectional search runs backward from it.

>>> from gdl import catalog
>>> pegs = OnePlayerPuzzle(catalog.load("peg_solitaire"))
>>> pegs.kind, len(pegs.legal_moves(pegs.initial_state()))
('puzzle', 4)
"""

from __future__ import annotations

from typing import Any

import random

from gdl.errors import GdlError
from gdl.interpreter.layouts.bounds import derive_bound, heuristic_text
from gdl.protocol import GAME, PUZZLE, Move

State = tuple   # a compiled game's state: (planes.., variables.., player, result)

LAW_WALKS, LAW_PLIES = 4, 12   # random walks that test the declared move laws


def is_one_player_game(game: Any) -> bool:
    """True for a compiled `game` file with a single player."""
    return getattr(game, "kind", None) == GAME and len(getattr(game, "players", ())) == 1


class OnePlayerPuzzle:
    """`game` (a one-player CompiledGame) seen as a puzzle whose goal is the player's win."""

    kind = PUZZLE
    zero_sum = False

    def __init__(self, game: Any):
        if not is_one_player_game(game):
            raise GdlError(f"{game.name} is not a one-player game")
        self.game = game
        self.name, self.title, self.players = game.name, game.title, game.players
        self.options = dict(getattr(game, "options", {}))
        self.invariants = dict(game.invariants)
        self.form = "board"
        legal, returns = game.legal_moves, game.returns
        self.apply = game.apply
        self.canonical = game.canonical
        if len(game.symmetries) > 1:   # the declared ones that held (they keep the outcome)
            self.symmetry_key = game.canonical
            self.invariants["symmetry classes"] = len(game.symmetries)
        self.laws = tuple(game.ir.move_laws)
        # Reversible moves: a won position still has its moves (the backward search's root).
        self.legal_moves = (lambda s: legal(s[:-1] + (0,)) if s[-1] else legal(s)) \
            if "undoes itself" in self.laws else (lambda s: () if s[-1] else legal(s))
        self.is_goal = lambda s: bool(s[-1]) and returns(s)[0] > 0
        # an end by score: `gdl solve` finds the best score (solvers/puzzles/best_score.py)
        self.scored = any(end.outcome == "score" for end in game.ir.ends)
        self._moves = tuple(sorted(legal(game.initial_state()), key=repr))
        if self.laws:
            _test_laws(self)
        if "undoes itself" in self.laws:
            self.invariants["moves"] = self._texts()
            self.invariants["declared_inverses"] = [[t, t] for t in self._texts()]
            goal = self._empty_goal()
            if goal is not None:
                self.goal_state = lambda: goal
        if "commutes" in self.laws:
            self.commutes = lambda a, b: True
        declared = getattr(game, "heuristic_value", None)
        derived = derive_bound(game.ir) if declared is None else None
        if declared is not None:
            self.heuristic_distance = declared
        elif derived is not None:
            self.heuristic_distance = derived.function
        self.heuristic_source = heuristic_text(game.ir)
        self.invariants["heuristic"] = self.heuristic_source

    def cost_bound(self, rule: str) -> tuple[str, Any] | None:
        """(its text, the function) of a bound on the moves of the rule named `rule` left,
        the others free (`gdl solve --cost RULE`), when one is proved; else None."""
        bound = derive_bound(self.game.ir, frozenset({rule}))
        return None if bound is None else (bound.text, bound.function)

    # ---- the Game protocol
    def initial_state(self) -> State:
        return self.game.initial_state()

    def current_player(self, state: State) -> int:
        return 0

    def is_terminal(self, state: State) -> bool:
        return state[-1] != 0

    def returns(self, state: State) -> tuple[float, ...]:
        return self.game.returns(state)

    def rule_name(self, move: Move) -> str | None:
        return self.game.rule_name(move)

    def move_text(self, state: State, move: Move) -> str:
        return self.game.move_text(state, move)

    def parse_move(self, state: State, text: str) -> Move:
        return self.game.parse_move(state, text)

    def render(self, state: State) -> str:
        return self.game.render(state)

    # ---- puzzles
    def inverse(self, move: Move) -> Move | None:
        """The move itself under `every move undoes itself`; else None (a board move names
        its cells: no inverse is known in general)."""
        return move if "undoes itself" in self.laws else None

    def moves(self) -> tuple[Move, ...]:
        """The moves legal at the start, in a fixed order (the pruning's canonical order)."""
        return self._moves

    def _texts(self) -> list[str]:
        start = self.initial_state()
        return [self.game.move_text(start, m) for m in self._moves]

    def _empty_goal(self) -> State | None:
        """The goal state when the goal is `no own` on a game without variables: the empty
        board (the one position that meets it), else None."""
        game = self.game
        wins = [e for e in game.ir.ends if e.outcome == "wins"]
        if game.ir.variables or len(wins) != 1 or len(game.ir.ends) != 1:
            return None
        cond = wins[0].condition
        if not (getattr(cond, "op", None) == "no" and
                type(cond.args[0]).__name__ == "Pieces" and cond.args[0].kind is None):
            return None
        empty = game.parse_position(game.position_text(game.initial_state()))
        goal = game._settle((0,) * (len(empty) - 2) + (0, 0))
        return goal if self.is_goal(goal) else None

    # ---- notation
    def state_text(self, state: State) -> str:
        return self.game.position_text(state)

    def parse_state(self, text: str) -> State:
        return self.game.parse_position(text)

    def parse_position(self, text: str) -> State:
        return self.game.parse_position(text)


def _test_laws(puzzle: OnePlayerPuzzle) -> None:
    """Test the declared move laws on seeded random walks; raise GdlError at the first
    counterexample (a law that fails is never used)."""
    rng = random.Random(0)
    apply, legal = puzzle.apply, puzzle.game.legal_moves
    for _ in range(LAW_WALKS):
        state = puzzle.initial_state()
        for _ in range(LAW_PLIES):
            moves = list(legal(state))
            if not moves:
                break
            a, b = rng.choice(moves), rng.choice(moves)
            after = apply(state, a)
            position = puzzle.game.position_text(state)
            if "undoes itself" in puzzle.laws and _board(apply(after, a)) != _board(state):
                raise GdlError(f"{puzzle.name}: 'every move undoes itself' is false: "
                               f"{puzzle.move_text(state, a)} twice from {position} "
                               f"does not restore it")
            if "commutes" in puzzle.laws and b in legal(after) and a in legal(apply(state, b)) \
                    and _board(apply(after, b)) != _board(apply(apply(state, b), a)):
                raise GdlError(f"{puzzle.name}: 'every move commutes' is false: "
                               f"{puzzle.move_text(state, a)} and {puzzle.move_text(state, b)} "
                               f"from {position} reach different positions")
            state = after


def _board(state: State) -> State:
    """The position without its result code (a won position is the same board)."""
    return state[:-1]
