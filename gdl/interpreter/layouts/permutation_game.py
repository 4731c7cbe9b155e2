"""A one-player game whose moves only rearrange its board, solved in the permutation layout.

`gdl.interpreter.layouts.layout` reads such a game's moves back as pieces and turns (a
sticker cube's corners and twists). This puzzle runs on that layout: the tabulated
engine of a permutation puzzle (`CompiledPuzzle`), with its inverses (proved: each move
is a group element, and one undoes another exactly when both leave the goal as it was),
conserved quantities and pattern databases. The position text, the board picture and
`--position` stay the game's own; the states convert at that boundary only.

>>> from gdl import catalog
>>> cube = as_puzzle(catalog.load("pocket_cube_stickers"))
>>> cube.form, [c.name for c in cube.ir.form.components]
('permutation', ['pieces1', 'turns1'])
"""

from __future__ import annotations

from typing import Any

import attrs

from gdl.errors import OptionError
from gdl.errors import PositionError
from gdl.interpreter.layouts import layout as puzzle_layout
from gdl.interpreter.layouts.compiled import CompiledPuzzle
from gdl.interpreter.core.puzzle_ir import PuzzleIR, State
from gdl.interpreter.layouts.permutation import PermutationEngine
from gdl.interpreter.layouts.one_player import OnePlayerPuzzle, is_one_player_game


def as_puzzle(game: Any) -> Any:
    """The one-player game `game` as a puzzle: in the permutation layout when its rules
    have that shape (see gdl.interpreter.layouts.layout), else on its own states (and a
    game of more players is refused there, saying so)."""
    found = searched(game)
    return found if found is not game else OnePlayerPuzzle(game)


def searched(game: Any) -> Any:
    """The game as `gdl perft` and `gdl bench` search it: a one-player game of
    rearrangements in its permutation layout (as `gdl solve` has it), any other as it is."""
    if is_one_player_game(game):
        layout = puzzle_layout.derive(game.ir)
        if layout is not None:
            return PermutationGame(game, layout)
    return game


class PermutationGame(CompiledPuzzle):
    """A one-player game of rearrangements, held in its permutation layout."""

    def __init__(self, game: Any, layout: puzzle_layout.Layout):
        self.game, self.layout = game, layout
        form = layout.form
        moves = range(len(form.moves))
        engine = PermutationEngine(form)   # the form came from the core game: no lowering
        engine.lowered = True
        super().__init__(PuzzleIR(game.name, game.title, tuple(game.options.items()), form),
                         engine)
        # the inverses are proved (group elements), so they count as declared
        pairs = tuple((a, b) for a in moves if (b := self._inverse[a]) is not None and a <= b)
        self.ir = attrs.evolve(self.ir, form=attrs.evolve(form, declared_inverses=pairs))
        self.invariants = self._invariants()
        self.invariants["layout"] = puzzle_layout.layout_text(form)
        self.form = "permutation"

    def board(self, state: State) -> State:
        """The game's own state (planes, player, result) of a layout state."""
        planes = self.layout.planes_of(self._unpack(state), len(self.game.ir.pieces))
        return self.game._settle((*planes, 0, 0))

    def render(self, state: State) -> str:
        return self.game.render(self.board(state))

    def state_text(self, state: State) -> str:
        return self.game.position_text(self.board(state))

    def parse_state(self, text: str) -> State:
        """A position in the game's text (`--position`), the layout's notation, or moves
        played from the goal.

        Raises:
            OptionError: the text is none of these.
        """
        try:
            planes = self.game.parse_position(text)[:len(self.game.ir.pieces)]
        except PositionError as err:
            if "/" in text:   # rows of a board: a position text, and a wrong one
                raise OptionError(f"cannot read the position {text!r}: {err}") from None
            return super().parse_state(text)   # the layout's notation, or moves
        try:
            return self._pack(self.layout.values_of(planes))
        except ValueError as err:
            raise OptionError(f"cannot read the position {text!r}: {err}") from None
