"""Material classes, read off the checked IR: the measure endgame tables are built on.

A game's positions split into classes by the count of pieces of each (owner, kind) on the
board when no move can raise a count but by a promotion that turns one kind into another,
and promotions never come back round (man -> king, never king -> man). Then every move
leaves its class for a lower one or stays in it, in the order (pieces in all, then the sum
of each piece's `rank`: how many promotions it may still make), which is well founded.

State beyond the placement: a variable that only the draw ends read (a move limit's
counter, the positions seen for a repetition draw), or only assignments into such a
variable, is fixed at its initial value in every table position; the table's values are
then those of the game in which those draws never come (as draughts' and chess's endgame
databases ignore the move-limit rules). A variable that the moves or a win or loss read
(castling rights, a remembered cell, a hand) cannot be indexed, and the game is refused.

>>> from gdl.catalog import load
>>> m = material(load("draughts").ir)
>>> m.kinds, m.rank, [name for name, _ in m.fixed]
(('man', 'king'), (1, 0), ['reset', 'plies', 'seen'])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from gdl.errors import GdlError
from gdl.interpreter.core import ir

# Effects that put a piece on the board or change its owner: no count can bound them.
ADDING = (ir.Add, ir.Fill, ir.Toggle, ir.Flip, ir.Sow, ir.SetCount)


class MaterialError(GdlError):
    """A game whose positions have no material classes a table can index (one line why)."""


@attrs.frozen
class Material:
    """The classes' measure. players, kinds: the board's planes (plane p * K + k);
    rank[k]: the longest chain of promotions from kind k; fixed: (name, value) of each
    variable fixed in table positions, by variable index."""

    players: tuple[str, ...]
    kinds: tuple[str, ...]
    rank: tuple[int, ...]
    fixed: tuple[tuple[str, Any], ...]

    @property
    def planes(self) -> int:
        return len(self.players) * len(self.kinds)

    def order(self, counts: tuple[int, ...]) -> tuple[int, int]:
        """A class's place in the well-founded order: every move's class is at most it."""
        kinds = len(self.kinds)
        return sum(counts), sum(c * self.rank[i % kinds] for i, c in enumerate(counts))

    def below(self, counts: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The classes one step down from `counts`: a piece fewer, or one promoted."""
        found: list[tuple[int, ...]] = []
        kinds = len(self.kinds)
        for i, c in enumerate(counts):
            if not c:
                continue
            fewer = list(counts)
            fewer[i] -= 1
            found.append(tuple(fewer))
            owner = i - i % kinds
            for k, r in enumerate(self.rank):
                if r < self.rank[i % kinds]:
                    promoted = list(fewer)
                    promoted[owner + k] += 1
                    found.append(tuple(promoted))
        return found


def material(game: ir.GameIR) -> Material:
    """The material classes of `game`.

    Raises:
        MaterialError: no such classes (the message says which rule or variable stops them).
    """
    name = game.name
    if game.kind != "game" or len(game.players) != 2:
        raise MaterialError(f"{name}: endgame tables need a game of two players")
    if game.chances or game.simultaneous or game.hand is not None or game.neutral:
        raise MaterialError(f"{name}: endgame tables need a game without chance, "
                            f"simultaneous moves, hands or neutral pieces")
    if any(end.outcome == "score" for end in game.ends):
        raise MaterialError(f"{name}: endgame tables need wins, losses and draws, not scores")
    promotions: dict[int, set[int]] = {}
    for rule in game.rules:
        for action in _actions(rule):
            if isinstance(action, (ir.PlaceRule, ir.DropRule)):
                raise MaterialError(f"{name}: rule {action.name} puts a piece on the board, "
                                    f"so no count of pieces only goes down")
            for node in ir.walk(action):
                if isinstance(node, ADDING):
                    raise MaterialError(f"{name}: rule {action.name} adds or turns pieces "
                                        f"({type(node).__name__.lower()}), so no count of "
                                        f"pieces only goes down")
                if isinstance(node, ir.Promote):
                    kind = getattr(action, "kind", None)
                    if kind is None:
                        raise MaterialError(f"{name}: rule {action.name} promotes a piece "
                                            f"it does not move")
                    if kind != node.kind:
                        promotions.setdefault(kind, set()).add(node.kind)
    rank = tuple(_rank(k, promotions, name, ()) for k in range(len(game.pieces)))
    return Material(game.players, game.pieces, rank, _fixed(game))


def _actions(rule: Any) -> Iterable[Any]:
    """A rule and the rules of its later stages."""
    yield rule
    for stage in getattr(rule, "more", ()):
        yield from _actions(stage.action)


def _rank(kind: int, promotions: dict[int, set[int]], name: str, path: tuple[int, ...]) -> int:
    if kind in path:
        raise MaterialError(f"{name}: promotions come back round to a kind, so no count of "
                            f"pieces only goes down")
    return max((1 + _rank(k, promotions, name, (*path, kind))
                for k in promotions.get(kind, ())), default=0)


def _fixed(game: ir.GameIR) -> tuple[tuple[str, Any], ...]:
    """Every variable, with its initial value, when none is read by the play (the moves,
    the filter, a win or a loss); else MaterialError naming one that is."""
    play: set[int] = set()
    into: dict[int, set[int]] = {}   # variable -> the variables its assignments read

    def effects(items: Iterable[Any], cond: set[int]) -> None:
        for effect in items:
            if isinstance(effect, ir.Guard):
                effects((effect.effect,), cond | _reads(effect.condition, game))
            elif isinstance(effect, ir.Group):
                effects(effect.effects, cond)
            elif isinstance(effect, ir.Assign):
                reads = cond | _reads(effect.value, game) | _reads(effect.index, game)
                into.setdefault(effect.var, set()).update(reads)
            else:
                play.update(cond | _reads(effect, game))

    for rule in game.rules:
        for action in _actions(rule):
            for field in attrs.fields(type(action)):
                value = getattr(action, field.name)
                if field.name == "effects":
                    effects(value, set())
                elif field.name == "more":
                    for stage in value:
                        play.update(_reads(stage.guard, game))
                else:
                    play.update(_reads(value, game))
    effects(game.after, set())
    for end in game.ends:
        if end.outcome != "draw":
            play.update(_reads(end.condition, game))
    for node in (game.illegal, game.prefer):
        play.update(_reads(node, game))
    tainted, todo = set(play), list(play)
    while todo:
        for var in into.get(todo.pop(), ()):
            if var not in tainted:
                tainted.add(var)
                todo.append(var)
    if tainted:
        read = game.variables[min(tainted)].name
        raise MaterialError(f"{game.name}: the moves or a win read the variable {read}, "
                            f"which a table indexed by the pieces cannot hold")
    return tuple((v.name, v.initial) for v in game.variables)


def _reads(node: Any, game: ir.GameIR) -> set[int]:
    """The variables an IR node reads."""
    if node is None:
        return set()
    found: set[int] = set()
    for item in (node if isinstance(node, tuple) else (node,)):
        for sub in ir.walk(item):
            if isinstance(sub, ir.Var):
                found.add(sub.index)
            elif isinstance(sub, ir.Plies) and game.plies is not None:
                found.add(game.plies)
            elif isinstance(sub, ir.Repeated) and game.history is not None:
                found.add(game.history)
            elif isinstance(sub, ir.Streak) and game.streak is not None:
                found.add(game.streak)
    return found
