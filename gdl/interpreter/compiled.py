"""CompiledGame: the Game protocol over the generated functions of one rules file.

The hot methods (`legal_moves`, `apply`, `canonical`) are the generated
functions themselves, stored on the instance so a call costs no method
binding; the rest (notation, drawing) is plain Python over the geometry.
"""

from __future__ import annotations

import linecache
from typing import Any, Hashable, Sequence

import attrs

from gdl.errors import IllegalMove
from gdl.interpreter import invariants, ir
from gdl.interpreter.codegen import RULE_BITS, generate
from gdl.interpreter.heuristics import derive
from gdl.interpreter.geometry import bits
from gdl.interpreter.symmetry import close

State = tuple
Move = Hashable


def compile_source(name: str, source: str, namespace: dict[str, Any]) -> dict[str, Any]:
    """Run generated source in a private namespace, under a filename tracebacks can show."""
    filename = f"<gdl {name}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)  # the source comes from the checked IR only
    return namespace


class CompiledGame:
    """A game compiled from rules; see `gdl.protocol.Game` for the members.

    A state is `(plane.., variable.., player, result)`: one bitmask per (player,
    piece kind), then the state variables, the player to move and a result code
    (0 while the game goes on). Moves are ints (board moves) or tuples
    (parameterised moves); read and write them with `move_text`/`parse_move`.
    """

    zero_sum = True

    def __init__(self, game: ir.GameIR):
        self.ir = game
        self.name, self.title, self.kind = game.name, game.title, game.kind
        self.players = game.players
        # `end: score` payoffs are the margin, of no known size (see budget.payoff_bound).
        self.payoff_bound = None if any(e.outcome == "score" for e in game.ends) else 1.0
        self.options = dict(game.options)
        self.geometry = game.geometry
        self.source, namespace = generate(game)
        compile_source(game.name, self.source, namespace)
        self.legal_moves = namespace["legal_moves"]
        self.apply = namespace["apply"]
        self.canonical = namespace["canonical"]
        self._returns = namespace["RETURNS"]
        self._cell_bits = game.geometry.size_bits
        self._initial = namespace["start"]((*game.initial_planes, *(v.initial for v in game.variables), 0, 0))
        heuristic = derive(game, namespace["moves"])
        if heuristic is not None:   # solvers look for this attribute (see solvers.evaluation)
            self.heuristic = heuristic
        self.quantity_values = namespace.get("quantities")   # see invariants.check_quantity
        self._keep_held_symmetries()
        self.invariants: dict[str, Any] = {
            "symmetries": [sym.name for sym in self.ir.symmetries],
            "quantities": [invariants.declaration(q) for q in game.quantities],
            "rejected": dict(self.rejected),
        }

    def _keep_held_symmetries(self) -> None:
        """Test the declared symmetries on a short seeded playout; when one fails, rebuild
        `canonical` from the group of those that held (`rejected` says why the others failed).
        `gdl check` tests them, and the quantities, much further."""
        held, self.rejected = invariants.held_at_load(self)
        if not self.rejected:
            return
        self.ir = attrs.evolve(self.ir, symmetries=close(held, self.geometry))
        self.source, namespace = generate(self.ir)
        compile_source(self.name, self.source, namespace)
        self.legal_moves, self.apply = namespace["legal_moves"], namespace["apply"]
        self.canonical = namespace["canonical"]
        self.quantity_values = namespace.get("quantities")

    @property
    def symmetries(self) -> tuple[ir.Symmetry, ...]:
        """The group `canonical` uses (identity first): the declared symmetries that held."""
        return self.ir.symmetries

    # ---- the protocol
    def initial_state(self) -> State:
        return self._initial

    def current_player(self, state: State) -> int:
        return state[-2]

    def is_terminal(self, state: State) -> bool:
        return state[-1] != 0

    def returns(self, state: State) -> tuple[float, ...]:
        result = state[-1]   # a result code, or the payoffs themselves after `end: score`
        return result if result.__class__ is tuple else self._returns[result]

    def winner(self, state: State) -> int | None:
        """The winning player of a finished two-player game, None for a draw or no result."""
        payoffs = self.returns(state)
        best = max(payoffs)
        return payoffs.index(best) if best > 0 else None

    # ---- notation
    def move_text(self, state: State, move: Move) -> str:
        if isinstance(move, tuple):
            rule = self.ir.rules[move[0]]
            return " ".join([rule.name, *map(str, move[1:])])
        cell_mask = (1 << self._cell_bits) - 1
        board_rules = [r for r in self.ir.rules if not isinstance(r, ir.ParamRule)]
        rule = board_rules[move >> 2 * self._cell_bits & (1 << RULE_BITS) - 1]
        to, start = move & cell_mask, move >> self._cell_bits & cell_mask
        if isinstance(rule, ir.PassRule):
            return rule.name
        if isinstance(rule, ir.PlaceRule):
            if len(self.ir.pieces) > 1 and sum(isinstance(r, ir.PlaceRule) for r in board_rules) > 1:
                return f"{self.ir.pieces[rule.kind]} {self.geometry.name(to)}"   # which piece goes down
            return self.geometry.name(to)
        if isinstance(rule, ir.JumpRule):
            captured = move >> 2 * self._cell_bits + RULE_BITS
            path = self._jump_path(start, to, captured, rule.directions[state[-2]])
            return "x".join(self.geometry.name(c) for c in path)
        return f"{self.geometry.name(start)}-{self.geometry.name(to)}"

    def _jump_path(self, start: int, to: int, captured: int, directions) -> list[int]:
        """The landing cells of a jump chain from `start` to `to` taking exactly `captured`."""
        geo = self.geometry

        def walk(cell: int, left: int) -> list[int] | None:
            if not left:
                return [cell] if cell == to else None
            x, y = geo.xy(cell)
            for dx, dy in directions:
                over, land = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
                if geo.on_board(*land) and left >> geo.cell(*over) & 1:
                    rest = walk(geo.cell(*land), left & ~(1 << geo.cell(*over)))
                    if rest:
                        return [cell] + rest
            return None
        return walk(start, captured) or [start, to]

    def parse_move(self, state: State, text: str) -> Move:
        """The legal move written `text`: its exact text, or a unique beginning of one
        (in Connect Four `d` is the one legal move in column d).

        Raises:
            IllegalMove: no legal move reads so; the legal ones are listed.
        """
        legal = {self.move_text(state, m).lower(): m for m in self.legal_moves(state)}
        word = " ".join(text.lower().split())
        if word in legal:
            return legal[word]
        starts = [m for t, m in legal.items() if word and t.startswith(word)]
        if len(starts) == 1:
            return starts[0]
        if not legal:
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        reason = "is ambiguous" if starts else "is not a legal move"
        raise IllegalMove(f"{text!r} {reason}", tuple(self.move_text(state, m) for m in self.legal_moves(state)))

    def glyph(self, player: int, kind: int) -> str:
        """One letter for a piece: the first kind shows its owner's initial (a digit beyond
        two players); other kinds show their own initial, upper case for the first player."""
        if kind == 0:
            return self.players[player][0].upper() if len(self.players) <= 2 else str(player + 1)
        letter = self.ir.pieces[kind][0]
        return letter.upper() if player == 0 else letter.lower()

    def render(self, state: State) -> str:
        geo = self.geometry
        planes = len(self.ir.initial_planes)
        marks = {}
        for index in range(planes):
            player, kind = divmod(index, len(self.ir.pieces))
            for cell in bits(state[index]):
                marks[cell] = self.glyph(player, kind)
        rows = []
        for y in range(geo.height - 1, -1, -1):  # no rows at all for a game without a board
            cells = []
            for x in range(geo.width):
                cell = geo.cell(x, y)
                cells.append(marks.get(cell, "." if geo.playable >> cell & 1 else " "))
            rows.append(f"{y + 1:>2} {' '.join(cells)}")
        if geo.width:
            rows.append("   " + " ".join(chr(ord("a") + x) for x in range(geo.width)))
        for variable, value in zip(self.ir.variables, state[planes:]):
            if variable.type == ir.HISTORY:
                continue
            if variable.type == ir.CELLS:   # a remembered cell: its names
                value = " ".join(self.geometry.name(c) for c in bits(value)) or "none"
            rows.append(f"{variable.name}: {value}")
        if state[-1]:
            rows.append(self.outcome_text(state))
        else:
            rows.append(f"{self.players[state[-2]]} to move")
        return "\n".join(rows)

    def outcome_text(self, state: State) -> str:
        payoffs = self.returns(state)
        if not any(payoffs):
            return "draw"
        if len(payoffs) == 1:
            return f"{self.players[0]} {'won' if payoffs[0] > 0 else 'lost'}"
        winners = [self.players[p] for p, v in enumerate(payoffs) if v == max(payoffs)]
        return " and ".join(winners) + " won"

    def moves_after(self, texts: Sequence[str]) -> State:
        """The state after playing `texts` from the start (each parsed in turn)."""
        state = self.initial_state()
        for text in texts:
            state = self.apply(state, self.parse_move(state, text))
        return state
