"""CompiledPuzzle: a checked puzzle file as a Puzzle (see `gdl.protocol`), with the optional
members the puzzle solvers look for (`gdl.solvers.puzzles.pruning`, `gdl.solvers.puzzles.idastar`).

Moves are ints 0..n-1 in the order the file declares (or the form fixes) them;
`move_text` gives their names and `parse_move` reads a name, a unique prefix of
one (any case: "f" for front), or a name with a trailing "'" for its inverse.
States are immutable tuples; `state_text` / `parse_state` write and read the
form's notation (the command line's `--state`).

>>> from gdl import catalog
>>> cube = catalog.load("pocket_cube")
>>> s = cube.apply(cube.initial_state(), cube.parse_move(cube.initial_state(), "F"))
>>> cube.move_text(s, cube.inverse(0)), cube.is_goal(cube.apply(s, cube.inverse(0)))
('back', True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from gdl.errors import IllegalMove, OptionError
from gdl.interpreter.layouts import (
    permutation as puzzle_permutation, permutation_core as puzzle_permutation_core,
    stacks as puzzle_stacks, tiles as puzzle_tiles)
from gdl.interpreter.core.puzzle_ir import PermutationIR, PuzzleIR, StacksIR, State, TilesIR
from gdl.protocol import PUZZLE

FORMS = {PermutationIR: "permutation", TilesIR: "tiles", StacksIR: "stacks"}
_OPTIONAL = ("encode", "decode", "code_bound", "heuristic_distance", "symmetry_key")


def _same(state: State) -> State:
    return state


def make_engine(form: Any, name: str = "puzzle") -> Any:
    """The form's engine. A permutation form is lowered into a core game and runs on the
    layout read back from it (gdl.interpreter.layouts.permutation_core), when that is the
    file's form again; tiles and stacks run on their core game (their engines lower them)."""
    if isinstance(form, PermutationIR):
        back = puzzle_permutation_core.read_back(form, name)
        engine = puzzle_permutation.PermutationEngine(form if back is None else back)
        engine.lowered = back is not None
        return engine
    if isinstance(form, TilesIR):
        return puzzle_tiles.TilesEngine(form)
    return puzzle_stacks.StacksEngine(form)


class CompiledPuzzle:
    """One puzzle: the protocol's members, its search hints and its notation."""

    players = ("solver",)
    kind = PUZZLE
    zero_sum = False

    def __init__(self, ir: PuzzleIR, engine: Any = None):
        """`engine`: the form's engine when the caller has it (a layout read back from a
        core game needs no lowering again), else `make_engine`'s."""
        self.ir, self.name, self.title = ir, ir.name, ir.title
        self.options = dict(ir.options)
        self.form = FORMS[type(ir.form)]
        engine = self.engine = engine or make_engine(ir.form, ir.name)
        self.lowered = getattr(engine, "lowered", True)   # False: a form run as written
        # A permutation engine holds tabulated components as indices: pack/unpack convert.
        self._pack = getattr(engine, "pack", _same)
        self._unpack = getattr(engine, "unpack", _same)
        self._start, self._goal = self._pack(ir.form.start), self._pack(ir.form.goal)
        self._names = engine.names
        self._lower = [n.lower() for n in engine.names]
        self._inverse: list[int | None] = list(engine.inverse)
        self._commuting: set[tuple[int, int]] = set(engine.commuting)
        # The hot members are the engine's closures themselves: no extra call per move.
        self.legal_moves: Callable[[State], Sequence[int]] = engine.legal_moves
        self.apply: Callable[[State, int], State] = engine.apply
        for member in _OPTIONAL:   # present only where the form makes them cheap
            if hasattr(engine, member):
                setattr(self, member, getattr(engine, member))
        if hasattr(engine, "abstractions"):
            self.abstractions = lambda: dict(engine.abstractions)
        self.invariants = self._invariants()

    # ---- the Game protocol
    def initial_state(self) -> State:
        return self._start

    def current_player(self, state: State) -> int:
        return 0

    def is_terminal(self, state: State) -> bool:
        return state == self._goal

    def returns(self, state: State) -> tuple[float, ...]:
        return (1.0,) if state == self._goal else (0.0,)

    def canonical(self, state: State) -> Hashable:
        return state

    def move_text(self, state: State, move: int) -> str:
        return self._names[move]

    def parse_move(self, state: State, text: str) -> int:
        """A move from its name, a unique prefix, or NAME' (the inverse of NAME).

        Raises:
            IllegalMove: unreadable, ambiguous, or not legal in `state` (lists the legal moves).
        """
        move = self._read_move(text)
        if move is None or move not in self.legal_moves(state):
            legal = tuple(self._names[m] for m in self.legal_moves(state))
            raise IllegalMove(f"{text!r} is not a legal move", legal)
        return move

    def render(self, state: State) -> str:
        form = self.ir.form
        if isinstance(form, PermutationIR):
            return puzzle_permutation.render(form.components, self._unpack(state))
        if isinstance(form, TilesIR):
            return puzzle_tiles.render(form.rows, form.cols, self._unpack(state))
        return puzzle_stacks.render(self._unpack(state))

    # ---- puzzles
    def is_goal(self, state: State) -> bool:
        return state == self._goal

    def goal_state(self) -> State:
        return self._goal

    def inverse(self, move: int) -> int | None:
        return self._inverse[move]

    def commutes(self, a: int, b: int) -> bool:
        return (a, b) in self._commuting

    def quantities(self) -> dict[str, Callable[[State], Hashable]]:
        return dict(self.engine.quantities)

    def moves(self) -> tuple[int, ...]:
        return tuple(range(len(self._names)))

    # ---- notation
    def state_text(self, state: State) -> str:
        """The state in the form's notation (what `parse_state` reads)."""
        form = self.ir.form
        if isinstance(form, PermutationIR):
            return puzzle_permutation.format_state(form.components, self._unpack(state))
        if isinstance(form, TilesIR):
            return puzzle_tiles.format_state(form.rows, form.cols, self._unpack(state))
        return puzzle_stacks.format_state(self._unpack(state))

    def parse_state(self, text: str) -> State:
        """A position from the form's notation; a permutation puzzle also takes a sequence of
        moves, played from the goal ("R U F'").

        Raises:
            OptionError: the text is not a position of this puzzle.
            IllegalMove: a word of a move sequence is not a move.
        """
        form = self.ir.form
        try:
            if isinstance(form, PermutationIR):
                first = text.split()[0] if text.split() else ""
                if first not in {c.name for c in form.components}:
                    return self.play(self._goal, text)
                return self._pack(puzzle_permutation.parse_state(form.components, text))
            if isinstance(form, TilesIR):
                return self._pack(puzzle_tiles.parse_state(form.rows, form.cols, text))
            return self._pack(puzzle_stacks.parse_state(form.count, form.items, form.rule, text))
        except ValueError as err:
            raise OptionError(f"cannot read the position {text!r}: {err}") from None

    def parse_position(self, text: str) -> State:
        """`parse_state`, under the name the commands' `--position` looks for."""
        return self.parse_state(text)

    def play(self, state: State, text: str) -> State:
        """`state` after the moves of `text` (space-separated)."""
        for word in text.split():
            state = self.apply(state, self.parse_move(state, word))
        return state

    # ---- helpers
    def _read_move(self, text: str) -> int | None:
        word = text.strip().lower()
        if word.endswith("'"):
            base = self._read_move(word[:-1])
            return None if base is None else self._inverse[base]
        if word in self._lower:
            return self._lower.index(word)
        if isinstance(self.ir.form, StacksIR) and len(word) == 2 and word.isdigit():
            return self._read_move(f"{word[0]}-{word[1]}")
        starts = [k for k, name in enumerate(self._lower) if word and name.startswith(word)]
        return starts[0] if len(starts) == 1 else None

    def _invariants(self) -> dict[str, Any]:
        """The search metadata: inverse pairs, commuting pairs, conserved quantities."""
        names, inverse = self._names, self._inverse
        pairs = sorted({tuple(sorted((a, b))) for a, b in enumerate(inverse) if b is not None})
        declared = getattr(self.ir.form, "declared_inverses", ())
        heuristic = None
        if hasattr(self, "heuristic_distance"):
            heuristic = "Manhattan distance plus linear conflicts"
        elif hasattr(self, "abstractions"):
            heuristic = "pattern databases: " + ", ".join(self.engine.abstractions)
        return {
            "form": self.form,
            "moves": list(names),
            "inverses": [[names[a], names[b]] for a, b in pairs],
            "declared_inverses": [[names[a], names[b]] for a, b in declared],
            "commuting": [[names[a], names[b]] for a, b in sorted(self._commuting) if a < b],
            "conserved": list(self.engine.quantities),
            "heuristic": heuristic,
        }
