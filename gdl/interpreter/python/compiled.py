"""CompiledGame: the Game protocol over the generated functions of one rules file.

The hot methods (`legal_moves`, `apply`, `canonical`) are the generated
functions themselves, stored on the instance so a call costs no method
binding; the rest (notation, drawing) is plain Python over the geometry.
"""

from __future__ import annotations

import functools
import linecache
import operator
from collections.abc import Callable, Hashable, Sequence
from typing import Any, cast

import attrs

from gdl.errors import IllegalMove
from gdl.interpreter.python import hands_picture, picture
from gdl.interpreter.python.chance import ChanceTable
from gdl.interpreter.core import invariants, ir, picture_style, position_text as position
from gdl.interpreter.python.flying import flying_path
from gdl.interpreter.python.generate import generate
from gdl.interpreter.core.playout_eyes import PLAYOUT_EYES, eye_rule, keep_eyes, sides
from gdl.interpreter.core.symmetry import close
from gdl.interpreter import notation

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
    backend = "python"   # gdl.interpreter.c wraps it for the C back end
    has_chance = False   # chance stages (issue 31): see gdl.interpreter.python.chance
    has_simultaneous = False   # SimultaneousGame: joint moves (gdl.protocol)

    def __init__(self, game: ir.GameIR):
        self.ir = game
        self.name, self.title, self.kind = game.name, game.title, game.kind
        self.players = game.players
        # a puzzle on the core (gdl.interpreter.layouts.one_player): payoffs win or lose
        if len(game.players) == 1:
            self.zero_sum = False
        # `end: score` payoffs are the margin, of no known size (see budget.payoff_bound).
        self.payoff_bound = None if any(e.outcome == "score" for e in game.ends) else 1.0
        self.options = dict(game.options)
        self.geometry = notation.named_geometry(game)   # the cells' names people meet
        namespace = self._compile(game)
        self._returns = namespace["RETURNS"]
        self._cell_bits = game.geometry.size_bits
        self._letters: dict | None = None   # piece letters of position texts, made when first asked
        self._style: picture_style.Style | None = None   # how it is drawn, made when first asked
        self._board_rules = [r for r in game.rules if not isinstance(r, ir.ParamRule)]
        # where a board move keeps its captures (see codegen_moves.Encoding)
        S = game.geometry.size_bits
        self._captures = 2 * S + game.rule_bits + 2 * S * game.stage_slots
        self._promoted = {n.kind for r in game.rules for n in ir.walk(r)
                          if isinstance(n, ir.Promote)}
        self._eyes = eye_rule(game)   # a game that captures by surround keeps its eyes
        self.playout_eyes = PLAYOUT_EYES if self._eyes else 0   # (in random playouts)
        self._initial = self._settle((*game.initial_planes,
                                      *(v.initial for v in game.variables), 0, 0))
        self.move_generator = namespace["moves"]   # either side's moves (features' mobility)
        # set by compile_rules: the digest fitted weights are checked against (made when
        # first asked for: with options set, it compiles the file's defaults again)
        self.digest_of_rules: Callable[[], str] = lambda: ""
        self._rules_hash: str | None = None
        # before the load-time symmetry check, whose report of a mismatch writes moves
        self.chance: ChanceTable | None = None
        self._keep_held_symmetries()
        if game.chances:   # the chance player's nodes (gdl.protocol.CHANCE)
            self.chance = ChanceTable(game, self.legal_moves)
            self.has_chance = True
            self.current_player = self.chance.current_player   # type: ignore[method-assign]
            self.chance_outcomes = self.chance.chance_outcomes
        self.invariants: dict[str, Any] = {
            "symmetries": [sym.name for sym in self.ir.symmetries],
            "quantities": [invariants.declaration(q) for q in game.quantities],
            "rejected": dict(self.rejected),
        }

    @property
    def rules_hash(self) -> str:
        """The digest of the rules (gdl.interpreter.game_digest) fitted weights name."""
        if self._rules_hash is None:
            self._rules_hash = self.digest_of_rules()
        return self._rules_hash

    def _keep_held_symmetries(self) -> None:
        """Test the declared symmetries on a short seeded playout; when one fails, rebuild
        `canonical` from the group of those that held (`rejected` says why the others failed).
        `gdl check` tests them, and the quantities, much further."""
        held, self.rejected = invariants.held_at_load(self)
        if not self.rejected:
            return
        self.ir = attrs.evolve(self.ir, symmetries=close(held, self.ir.geometry, self.ir.pieces))
        self._compile(self.ir)

    def _compile(self, game: ir.GameIR) -> dict[str, Any]:
        """Generate and compile the game's code; the hot functions become attributes."""
        self.source, namespace = generate(game)
        compile_source(game.name, self.source, namespace)
        self.legal_moves, self.apply = namespace["legal_moves"], namespace["apply"]
        self.canonical, self._settle = namespace["canonical"], namespace["settle"]
        self.quantity_values = namespace.get("quantities")   # see invariants.check_quantity
        self.margin_value = namespace.get("margin")   # see heuristics_margin
        self.attacked = namespace.get("attacked")   # check marks of chess notation
        # `heuristic: EXPR` (see gdl.interpreter.layouts.one_player)
        if "heuristic_value" in namespace:
            self.heuristic_value = namespace["heuristic_value"]
        return namespace

    @property
    def symmetries(self) -> tuple[ir.Symmetry, ...]:
        """The group `canonical` uses (identity first): the declared symmetries that held."""
        return self.ir.symmetries

    # ---- the protocol
    def initial_state(self) -> State:
        return self._initial

    def current_player(self, state: State) -> int:
        return state[-2]

    def playout_moves(self, state: State, mode: int | None = None) -> list:
        """The moves a random playout draws from (gdl.protocol): the legal ones, less the
        mover's eyes and the pass where the rules capture by surround (core/playout_eyes.py;
        mode: its mode, the game's by default)."""
        moves = self.legal_moves(state)
        mode = self.playout_eyes if mode is None else mode
        if self._eyes is None or not mode or not moves or state[-2] not in (0, 1):
            return list(moves)
        own, enemy = sides(state, len(self.ir.pieces), state[-2])
        return keep_eyes(self._eyes, own, enemy, moves, mode)

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
        """A move in the game's notation: `a1` (a placement), `e2-e4` (a piece's travel),
        `a3xc5xe7` (a jump chain), the rule's name (a pass, a move with parameters), and
        a further stage's part after a `/` (`d1-d7/g7`)."""
        if isinstance(move, tuple):
            outcome = self.chance and self.chance.text(move)   # `d=4`
            if outcome:
                return outcome
            rule = self.ir.rules[move[0]]
            return " ".join([rule.name, *map(str, move[1:])])
        move = cast(int, move)   # a board move
        S, cell_mask = self._cell_bits, (1 << self._cell_bits) - 1
        board_rules = self._board_rules
        rule = board_rules[move >> 2 * S & (1 << self.ir.rule_bits) - 1]
        if isinstance(rule, ir.PassRule):
            return rule.name
        player = state[-2]
        occupied = functools.reduce(operator.or_, state[:len(self.ir.initial_planes)], 0)
        parts = [self._stage_text(rule, move & cell_mask, move >> S & cell_mask,
                                  move >> self._captures, player, board_rules, occupied=occupied)
                 + self._promotion_text(rule, move & cell_mask, player)]
        for k, stage in enumerate(rule.more, 1):
            field = move >> 2 * S + self.ir.rule_bits + 2 * S * (k - 1)
            if field & cell_mask:   # 0: a conditional stage that was skipped
                parts.append(self._stage_text(stage.action, (field & cell_mask) - 1,
                                              field >> S & cell_mask, 0, player, (), later=True))
        return "/".join(parts)

    def _promotion_text(self, rule: ir.BoardRule, to: int, player: int) -> str:
        """`=Q` when the move's piece is promoted on landing, in a game whose rules promote to
        several kinds (the moves then differ only by it: e7-e8=Q, e7-e8=N); else nothing."""
        if len(self._promoted) < 2:
            return ""
        for effect in rule.effects:
            if not isinstance(effect, ir.Promote):
                continue
            where = effect.where
            cells = where.value if isinstance(where, ir.Const) else \
                where.values[player] if isinstance(where, ir.PerPlayer) else 0
            if cells >> to & 1:
                return "=" + self.letters()[(0, effect.kind)]
        return ""

    def _stage_text(self, rule: ir.BoardRule, to: int, start: int, captured: int, player: int,
                    board_rules, later: bool = False, occupied: int = 0) -> str:
        name = self.geometry.name
        if isinstance(rule, ir.DropRule):   # the piece's letter, then where: P*e5
            return f"{self.letters()[(player, start)]}*{name(to)}"
        if isinstance(rule, ir.SelectRule):   # its numbers
            return ",".join(map(str, (to, start)[:len(rule.ranges)]))
        if isinstance(rule, (ir.PlaceRule, ir.ChooseRule)):
            several = sum(isinstance(r, ir.PlaceRule) for r in board_rules) > 1
            if isinstance(rule, ir.PlaceRule) and len(self.ir.pieces) > 1 and several:
                return f"{self.ir.pieces[rule.kind]} {name(to)}"   # which piece goes down
            return name(to)
        if isinstance(rule, ir.JumpRule) and not rule.takes:   # a hop: where it went
            return f"{name(start)}-{name(to)}"
        if isinstance(rule, ir.JumpRule) and rule.by_path:
            return "x".join(name(c) for c in
                            self._walked_path(start, captured, rule.directions[player]))
        if isinstance(rule, ir.JumpRule) and rule.far:
            path = flying_path(self.geometry, occupied, start, to, captured,
                               rule.directions[player]) or [start, to]
            return "x".join(name(c) for c in path)
        if isinstance(rule, ir.JumpRule):
            path = self._jump_path(start, to, captured, rule.directions[player])
            return "x".join(name(c) for c in path)
        assert isinstance(rule, ir.StepRule)   # passes are named by `move_text`, never later
        if later and (rule.kind is None or isinstance(rule.origin, ir.Here)):
            return name(to)   # it goes on from where the stage before ended
        return f"{name(start)}-{name(to)}"

    def rule_name(self, move: Move) -> str | None:
        """The name of the rule that made `move` (`move push: ...` gives "push"), or None."""
        if isinstance(move, tuple):
            return self.ir.rules[move[0]].name
        rule = cast(int, move) >> 2 * self._cell_bits & (1 << self.ir.rule_bits) - 1
        return getattr(self._board_rules[rule], "name", None)

    def letters(self) -> dict[tuple[int, int], str]:
        """(owner, kind) -> the piece's letter in positions and notation (made once)."""
        if self._letters is None:
            self._letters = position.letters(self.ir)
        return self._letters

    def position_text(self, state: State) -> str:
        """The position as text (see gdl.interpreter.core.position_text): what `--position`
        reads."""
        return position.position_text(self.ir, state, self.letters(), self.geometry)

    def parse_position(self, text: str) -> State:
        """The state a position text describes, with its result judged by the end rules.

        Raises:
            PositionError: the text is not a position of this game (what is wrong is said).
        """
        standard = notation.adapter(self)
        if standard is not None and standard.looks_like_fen(text):   # `notation chess`: a FEN
            return self._settle(standard.parse_fen(text))
        return self._settle(position.parse_position(self.ir, text, self.geometry))

    def _walked_path(self, start: int, captured: int, directions) -> list[int]:
        """The landing cells a by-path chain keeps in its move (see codegen_moves.jump_paths)."""
        geo = self.geometry
        layout = geo.height * geo.stride
        steps = [step for dx, dy in directions for step in geo.jumps(dx, dy)]
        width = len(steps).bit_length()
        path, taken = captured >> layout, []
        while path:
            taken.append(path & ((1 << width) - 1))
            path >>= width
        cells = [start]
        for number in reversed(taken):
            cells.append(cells[-1] + steps[number - 1][1])
        return cells

    def _jump_path(self, start: int, to: int, captured: int, directions) -> list[int]:
        """The landing cells of a jump chain from `start` to `to` taking exactly `captured`."""
        geo = self.geometry

        def walk(cell: int, left: int) -> list[int] | None:
            if not left:
                return [cell] if cell == to else None
            for dx, dy in directions:
                over = geo.neighbour(cell, dx, dy)
                land = None if over is None else geo.neighbour(over, dx, dy)
                if over is not None and land is not None and left >> over & 1:
                    rest = walk(land, left & ~(1 << over))
                    if rest:
                        return [cell] + rest
            return None
        return walk(start, captured) or [start, to]

    def parse_move(self, state: State, text: str) -> Move:
        """The legal move written `text`: its exact text, in a game with a `notation` its
        standard forms (SAN, UCI), or a unique beginning of one (in Connect Four `d` is the
        one legal move in column d).

        Raises:
            IllegalMove: no legal move reads so; the legal ones are listed.
        """
        standard, refused = notation.adapter(self), None   # `notation chess`: SAN or UCI first
        try:
            found = None if standard is None or not getattr(standard, "typed", True) \
                else standard.parse_move(state, text)
        except IllegalMove as err:   # kept till the game's own texts and beginnings are tried
            found, refused = None, err
        if found is not None:
            return found
        legal = {self.move_text(state, m).lower(): m for m in self.legal_moves(state)}
        word = " ".join(text.lower().split())
        if word in legal:
            return legal[word]
        starts = [m for t, m in legal.items() if word and t.startswith(word)]
        if len(starts) == 1:
            return starts[0]
        if refused is not None:   # refused as SAN or UCI: the legal moves in that form
            raise refused
        if not legal:
            raise IllegalMove(f"no move is legal: the game is over (got {text!r})")
        reason = "is ambiguous" if starts else "is not a legal move"
        raise IllegalMove(f"{text!r} {reason}",
                          tuple(self.move_text(state, m) for m in self.legal_moves(state)))

    def glyph(self, player: int, kind: int) -> str:
        """The piece's letter in the terminal picture (see gdl.interpreter.core.picture_style):
        one kind shows its owner's initial; several show distinct letters (knight N, king K),
        upper case for the first player; shogi shows ` P` and `+P` (a promoted pawn)."""
        if hands_picture.promotes(self.ir) and player < len(self.players):
            return hands_picture.glyph(self.ir, self.letters(), player, kind)
        return self.style().letters.get((player, kind), "?")

    def style(self) -> picture_style.Style:
        """How the game is drawn (made once)."""
        if self._style is None:
            self._style = picture_style.style(self.ir, self.geometry)
        return self._style

    def render(self, state: State, details: bool = False) -> str:
        """The position as a picture for people: the board, hands, who is to move (or the
        result); `details` adds the state's variables (plies, castling rights, ko, ...)."""
        return picture.render(self, state, details)

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
