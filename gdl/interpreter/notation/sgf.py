"""SGF (FF[4]), both ways, for games that declare `notation go`: a game's moves as a main
line of B[] and W[] nodes, and back.

The first player is B, the second W; a point is two letters, its column and its row
counted from the top (go_map); a pass is an empty value (or `tt`, FF[3]'s pass, on a
board of at most 19 x 19). Reading takes the first game and its main line (a
variation's first branch), checks SZ against the board, refuses setup stones (AB, AW,
AE) and a colour out of turn, and plays the moves; every refusal is one line naming
where (`SGF line 2, column 9: ...`) and carries the moves played before it.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from gdl.errors import GdlError, IllegalMove
from gdl.interpreter.core import ir
from gdl.interpreter.notation.board_map import go_map

COLOURS = ("B", "W")
SETUP = ("AB", "AW", "AE")
_PROPERTY = re.compile(r"[A-Z]+")


class SgfError(GdlError):
    """An SGF that cannot be read or played; `played` holds the moves played before the
    fault (the game's own moves, from the start)."""

    def __init__(self, message: str, played: tuple = ()):
        super().__init__(message)
        self.played = played


@attrs.frozen
class Node:
    properties: dict[str, list[str]]
    line: int
    column: int


def _where(text: str, at: int) -> tuple[int, int]:
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def main_line(text: str) -> list[Node]:
    """The nodes of the first game's main line (the first branch of each variation)."""
    at = _skip_space(text, 0)
    if not text.startswith("(", at):
        raise SgfError("SGF: no game tree (an SGF starts with '(;')")
    try:
        nodes, _ = _tree(text, at)
    except RecursionError:
        raise SgfError("SGF: variations nested too deep") from None
    return nodes


def _tree(text: str, at: int) -> tuple[list[Node], int]:
    """(the main line of the tree opening at `at`, the index after it)."""
    nodes: list[Node] = []
    at = _skip_space(text, at + 1)
    while text.startswith(";", at):
        line, column = _where(text, at)
        properties, at = _properties(text, at + 1)
        nodes.append(Node(properties, line, column))
        at = _skip_space(text, at)
    first = True
    while text.startswith("(", at):
        branch, at = _tree(text, at)
        if first:
            nodes += branch
        first = False
        at = _skip_space(text, at)
    if not text.startswith(")", at):
        if at >= len(text):
            raise SgfError("SGF: the game tree is not closed (a ')' is missing)")
        line, column = _where(text, at)
        raise SgfError(f"SGF line {line}, column {column}: unexpected {text[at]!r}")
    return nodes, at + 1


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def _properties(text: str, at: int) -> tuple[dict[str, list[str]], int]:
    properties: dict[str, list[str]] = {}
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        found = _PROPERTY.match(text, at)
        if found is None:
            return properties, at
        name, at = found.group(), found.end()
        values = properties.setdefault(name, [])
        while True:
            while at < len(text) and text[at].isspace():
                at += 1
            if at >= len(text) or text[at] != "[":
                break
            value, at = _value(text, at)
            values.append(value)
        if not values:
            line, column = _where(text, at)
            raise SgfError(f"SGF line {line}, column {column}: property {name} has no value")


def _value(text: str, at: int) -> tuple[str, int]:
    """The value opening at `at` ('['), unescaped, and the index after its ']'."""
    out, at = [], at + 1
    while at < len(text):
        char = text[at]
        if char == "\\" and at + 1 < len(text):
            out.append(text[at + 1])
            at += 2
        elif char == "]":
            return "".join(out), at + 1
        else:
            out.append(char)
            at += 1
    raise SgfError("SGF: a property value is not closed (a ']' is missing)")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


class GoNotation:
    """SGF for a compiled game with `notation go` (its board mapped by go_map)."""

    def __init__(self, game: Any):
        self.game = game
        self.map = go_map(tuple(game.ir.players), tuple(game.ir.pieces), game.ir.geometry)
        self.passes = {rule.name for rule in game.ir.rules if isinstance(rule, ir.PassRule)}

    # the adapter's side for move and position texts: SGF has none of its own
    def parse_move(self, state: Any, text: str) -> None:
        return None

    def looks_like_fen(self, text: str) -> bool:
        return False

    def size(self) -> str:
        width, height = self.map.width, self.map.height
        return str(width) if width == height else f"{width}:{height}"

    def point(self, state: Any, move: Any) -> str:
        """A move's SGF value: its point, or '' for a pass."""
        text = self.game.move_text(state, move)
        cell = self.game.ir.geometry.names.get(text)
        if cell is not None and cell in self.map.point_of:
            return self.map.point_of[cell]
        if text in self.passes:
            return ""
        raise GdlError(f"SGF records placements and passes, not {text!r}")

    def write(self, start: Any, moves: list, players: tuple[str, str],
              payoffs: tuple | None) -> str:
        """The game from the start as SGF: its root (size, players, result) and one node a
        move."""
        if start != self.game.initial_state():
            raise GdlError("SGF records a game from its start (a record from a position "
                           "has no SGF here)")
        root = (f"FF[4]GM[1]CA[UTF-8]AP[gdl]SZ[{self.size()}]PB[{_escape(players[0])}]"
                f"PW[{_escape(players[1])}]")
        if payoffs is not None:
            best = max(payoffs)
            winners = [i for i, p in enumerate(payoffs) if p == best]
            root += f"RE[{'0' if len(winners) != 1 else COLOURS[winners[0]] + '+'}]"
        nodes, state = [], start
        for move in moves:
            nodes.append(f";{COLOURS[self.game.current_player(state)]}"
                         f"[{self.point(state, move)}]")
            state = self.game.apply(state, move)
        lines = ["".join(nodes[i:i + 12]) for i in range(0, len(nodes), 12)]   # between nodes
        return f"(;{root}\n" + "\n".join(lines) + ")\n"

    def read(self, text: str) -> list:
        """The moves of the SGF's main line, played from the start.

        Raises:
            SgfError: malformed, another board size, setup stones, a colour out of turn or
                an illegal move (where, in one line; the moves played before it kept).
        """
        nodes = main_line(text)
        if not nodes:
            raise SgfError("SGF: the game tree has no node")
        size = nodes[0].properties.get("SZ", ["19"])[0]
        if size not in (self.size(), f"{self.map.width}:{self.map.height}"):
            root = nodes[0]
            raise SgfError(f"SGF line {root.line}, column {root.column}: SZ[{size}] is not "
                           f"this board ({self.size()})")
        state = self.game.initial_state()
        played: list = []
        for node in nodes:
            where = f"SGF line {node.line}, column {node.column}"
            setup = [name for name in SETUP if name in node.properties]
            if setup:
                raise SgfError(f"{where}: setup stones ({', '.join(setup)}) are not read",
                               tuple(played))
            colours = [c for c in COLOURS if c in node.properties]
            if not colours:
                continue
            state, move = self._play(state, node, colours, where, tuple(played))
            played.append(move)
        return played

    def _play(self, state: Any, node: Node, colours: list[str], where: str,
              played: tuple) -> tuple[Any, Any]:
        if len(colours) > 1:
            raise SgfError(f"{where}: B and W in one node", played)
        colour = colours[0]
        if self.game.is_terminal(state):
            raise SgfError(f"{where}: {colour} plays after the end of the game", played)
        mover = self.game.current_player(state)
        if COLOURS.index(colour) != mover:
            raise SgfError(f"{where}: {colour} plays, but {self.game.players[mover]} "
                           f"({COLOURS[mover]}) is to move", played)
        value = node.properties[colour][0]
        passing = value == "" or (value == "tt" and max(self.map.width, self.map.height) <= 19)
        if passing:
            text = next(iter(self.passes), None)
            if text is None:
                raise SgfError(f"{where}: {colour}[{value}] passes, and this game has no pass",
                               played)
        else:
            cell = self.map.cell_of.get(value)
            if cell is None:
                raise SgfError(f"{where}: {colour}[{value}] is no point of this board", played)
            text = self.game.ir.geometry.name(cell)
        try:
            move = self.game.parse_move(state, text)
        except IllegalMove:
            raise SgfError(f"{where}: {colour}[{value}] ({text}) is not a legal move",
                           played) from None
        return self.game.apply(state, move), move
