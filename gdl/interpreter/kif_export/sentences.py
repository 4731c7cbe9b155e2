"""The core IR's cell sets and truths as KIF relations, for the export (gdl kif GAME).

A cell set read from a player's side becomes a relation `(NAME ?p ?x ?y)`: cell (x, y)
is in the set when player ?p reads it (`own`, `enemy` and per-player regions are ?p's).
A truth becomes `(NAME ?p)`. Each IR node gets one relation, written once
(`Relations.cells`, `Relations.truth`); a node outside the export's subset raises
`NotExported` naming it. Coordinates are columns 1..width and rows 1..height; a cell
holds `b` (empty) or a piece atom (`piece` facts give its owner and kind).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gdl.errors import GdlError
from gdl.interpreter.core.geometry import Geometry, bits
from gdl.interpreter.core.ir.expressions import (
    ANY, MOVER, OPPONENT, Const, Empty, Full, HasMoves, Line, Op, PerPlayer, Pieces, Shift)

Sentence = str


class NotExported(GdlError):
    """The game uses something the KIF export does not write (the message says what)."""


def xy(geometry: Geometry, cell: int) -> str:
    x, y = geometry.xy(cell)
    return f"{x + 1} {y + 1}"


class Relations:
    """The relations for one game's expressions, gathered in `sentences`."""

    def __init__(self, geometry: Geometry, roles: tuple[str, ...],
                 kinds: tuple[str, ...]) -> None:
        self.geometry, self.roles, self.kinds = geometry, roles, kinds
        self.sentences: list[Sentence] = []
        self.names: dict[Any, str] = {}

    def _new(self, node: Any, prefix: str, write: Callable[[str], None]) -> str:
        name = self.names.get(node)
        if name is None:
            name = self.names[node] = f"{prefix}_{len(self.names) + 1}"
            write(name)
        return name

    def _facts(self, name: str, rows: list[str]) -> None:
        self.sentences.extend(f"({name} {row})" for row in rows)

    def _owner(self, owner: Any) -> tuple[str, str]:
        """The owner term of a `piece` literal for `owner` read by ?p, and the literal that
        restricts it further ('' when none)."""
        if owner == MOVER:
            return "?p", ""
        if owner == OPPONENT:
            return "?o", " (distinct ?o ?p)"
        if owner == ANY:
            return "?o", ""
        if isinstance(owner, int):
            return self.roles[owner], ""
        raise NotExported(f"pieces of {owner!r}")

    def neighbours(self, directions: tuple[tuple[tuple[int, int], ...], ...]) -> list[str]:
        """Rows `ROLE X Y X2 Y2`: (x2, y2) is (x, y)'s neighbour along a direction of ROLE."""
        rows = []
        for role, steps in zip(self.roles, directions):
            for cell in self.geometry.cells:
                for dx, dy in steps:
                    other = self.geometry.neighbour(cell, dx, dy)
                    if other is not None:
                        rows.append(f"{role} {xy(self.geometry, cell)} {xy(self.geometry, other)}")
        return rows

    # ------------------------------------------------------------------- cell sets

    def cells(self, node: Any) -> str:
        """The relation `(NAME ?p ?x ?y)` of a cell-set expression."""
        return self._new(node, "cells", lambda name: self._write_cells(name, node))

    def _write_cells(self, name: str, node: Any) -> None:
        head, out = f"(<= ({name} ?p ?x ?y)", self.sentences
        if isinstance(node, Empty):
            out.append(f"{head} (role ?p) (true (cell ?x ?y b)))")
        elif isinstance(node, Pieces):
            kind = "?k" if node.kind is None else self.kinds[node.kind]
            who, tie = self._owner(node.owner)
            out.append(f"{head} (role ?p) (true (cell ?x ?y ?c)) (piece ?c {who} {kind}){tie})")
        elif isinstance(node, (Const, PerPlayer)):
            masks = node.values if isinstance(node, PerPlayer) else (node.value,) * len(self.roles)
            rows = [f"{role} {xy(self.geometry, c)}" for role, mask in zip(self.roles, masks)
                    for c in bits(mask & self.geometry.playable)]
            self._facts(f"{name}_at", rows or ["none 0 0"])
            out.append(f"{head} ({name}_at ?p ?x ?y))")
        elif isinstance(node, Shift):
            self._facts(f"{name}_nb", self.neighbours(node.directions) or ["none 0 0 0 0"])
            inner = self.cells(node.operand)
            out.append(f"{head} ({name}_nb ?p ?x ?y ?u ?v) ({inner} ?p ?u ?v))")
        elif isinstance(node, Op) and node.op == "and":
            parts = " ".join(f"({self.cells(a)} ?p ?x ?y)" for a in node.args)
            out.append(f"{head} {parts})")
        elif isinstance(node, Op) and node.op == "or":
            for a in node.args:
                out.append(f"{head} ({self.cells(a)} ?p ?x ?y))")
        elif isinstance(node, Op) and node.op == "not":
            inner = self.cells(node.args[0])
            out.append(f"{head} (role ?p) (square ?x ?y) (not ({inner} ?p ?x ?y)))")
        else:
            raise NotExported(f"the cell set {_what(node)}")

    # ------------------------------------------------------------------- truths

    def truth(self, node: Any) -> str:
        """The relation `(NAME ?p)` of a truth read from ?p's side (?p just moved)."""
        return self._new(node, "holds", lambda name: self._write_truth(name, node))

    def _write_truth(self, name: str, node: Any) -> None:
        head, out = f"(<= ({name} ?p)", self.sentences
        if isinstance(node, Line) and node.within is None:
            self._line(name, node)
        elif isinstance(node, Full):
            out.append("(<= open (true (cell ?x ?y b)))")
            out.append(f"{head} (role ?p) (not open))")
        elif isinstance(node, HasMoves) and node.kind is None and node.to is None:
            if node.who == OPPONENT:
                out.append(f"{head} (role ?p) (true (control ?q)) (can_move ?q))")
            elif node.who == MOVER:
                out.append(f"{head} (can_move ?p))")
            elif isinstance(node.who, int):
                out.append(f"{head} (role ?p) (can_move {self.roles[node.who]}))")
            else:
                raise NotExported(f"whether {node.who!r} can move")
        elif isinstance(node, Op) and node.op in ("in", "bool", "no"):
            inner = self.cells(node.args[0]) if node.op != "in" else \
                self.cells(Op("and", node.args, node.args[0].type))
            some = f"{inner}_some"
            out.append(f"(<= ({some} ?p) ({inner} ?p ?x ?y))")
            out.append(f"{head} (role ?p) (not ({some} ?p)))" if node.op == "no"
                       else f"{head} ({some} ?p))")
        elif isinstance(node, Op) and node.op == "not":
            out.append(f"{head} (role ?p) (not ({self.truth(node.args[0])} ?p)))")
        elif isinstance(node, Op) and node.op == "and":
            out.append(f"{head} " + " ".join(f"({self.truth(a)} ?p)" for a in node.args) + ")")
        elif isinstance(node, Op) and node.op == "or":
            for a in node.args:
                out.append(f"{head} ({self.truth(a)} ?p))")
        else:
            raise NotExported(f"the condition {_what(node)}")

    def _line(self, name: str, node: Line) -> None:
        """K pieces of the owner in a row: one fact per run of K cells, the run first (a
        grounder joining in the written order binds the cells before the pieces)."""
        geometry, k = self.geometry, node.length
        if node.owner == ANY:
            raise NotExported("a line of any owner's pieces")
        runs = [" ".join(xy(geometry, c) for c in bits(run)) for run in geometry.runs(k)]
        self._facts(f"{name}_run", runs or [" ".join(["0 0"] * k)])
        owned = self.cells(Pieces(node.owner, None))
        coords = " ".join(f"?x{i} ?y{i}" for i in range(k))
        cells = " ".join(f"({owned} ?p ?x{i} ?y{i})" for i in range(k))
        self.sentences.append(f"(<= ({name} ?p) ({name}_run {coords}) {cells})")


def _what(node: Any) -> str:
    """An IR node named for a refusal."""
    if isinstance(node, Op):
        return f"'{node.op}'"
    return type(node).__name__
