"""The statements that lay out a game: board, links, pieces, directions, regions, setup, zones.

Each reads constants only (Context(CONST)) and fills the scope and the initial planes.
Mixed into `game._Checker`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.expressions import Lowerer
from gdl.interpreter.core.check.scope import CONST, Context, constant, error, expect, unknown
from gdl.interpreter.core.geometry import (
    HEX_SHAPES, MAX_HEIGHT, MAX_WIDTH, Geometry, hex_size, link_step, union)
from gdl.interpreter.core.ir import CELLS, INT


class DeclarationChecks:
    """The checker's statements about the board and what stands on it."""

    scope: Any   # a `Scope`; as Any since the checker reads its (optional) geometry unchecked
    lower: Lowerer
    planes: list[int]
    symmetries: list[ir.Symmetry]
    declared: list[ast.Ident]

    def _board(self, node: ast.Board) -> None:
        if self.symmetries:   # they were built on no board at all
            raise error("`board` comes before any `symmetry`", node)
        if node.hex_shape is not None:
            if node.wrap is not None:
                raise error("only a square grid wraps round (`board 8 x 8 wrap columns`); "
                            "a hex board does not", node.wrap)
            self.scope.geometry = self._hex_board(node)
        else:
            assert node.height is not None   # only a hex board has no height
            size = []
            for expr, what, limit in ((node.width, "width", MAX_WIDTH),
                                      (node.height, "height", MAX_HEIGHT)):
                size.append(self._board_number(expr, f"the board {what}", limit))
            self.scope.geometry = Geometry.rectangle(*size)
            if node.links:
                self.scope.geometry = self._points_board(node, *size)
        if node.cells is not None:
            subset = expect(self.lower.lower(node.cells, Context(CONST)), CELLS, node.cells,
                            "the playable cells")
            mask = constant(subset, node.cells, "the playable cells")
            if not mask:
                raise error("no cell is playable", node.cells)
            self.scope.geometry = Geometry(size[0], size[1], mask)
        if node.wrap is not None:
            self.scope.geometry = attrs.evolve(self.scope.geometry,
                                               wrap=self._wrap(node.wrap, *size))
        for ident in self.declared:
            if ident.text in self.scope.geometry.names:
                raise error(f"'{ident.text}' is also the name of a cell on the "
                            f"{self.scope.geometry.description}; choose another name", ident)
        self._size_planes()

    def _wrap(self, node: ast.Wrap, width: int, height: int) -> tuple[bool, bool]:
        """`wrap columns` (the columns go round: h is a's west neighbour, a cylinder), `wrap
        rows`, or `wrap` / `wrap rows columns` (a torus): which of (x, y) wrap."""
        words = [ident.text for ident in node.axes] or ["rows", "columns"]
        for ident in node.axes:
            if ident.text not in ("rows", "columns"):
                raise error(f"'wrap' is followed by 'rows', 'columns' or nothing (both), "
                            f"not '{ident.text}'", ident)
            if words.count(ident.text) > 1:
                raise error(f"'{ident.text}' is named twice after 'wrap'", ident)
        x, y = "columns" in words, "rows" in words
        for wraps, cells, what in ((x, width, "row"), (y, height, "column")):
            if wraps and cells < 3:
                raise error(f"a {what} that wraps round needs 3 cells or more, not {cells}",
                            node)
        return x, y

    def _links(self, node: ast.Links) -> None:
        """`links DIRS`: groups connect along these directions (the same for every player)
        instead of the board's own links (a square board's n s e w)."""
        geometry = self.scope.geometry
        if geometry is None:
            raise error("declare the board first (`board W x H`)", node)
        if geometry.shape == "points":
            raise error("a board of points is linked by its chains; `links` is for grids", node)
        if geometry.link_steps:
            raise error("'links' is declared twice", node)
        steps = self._directions(node.directions)
        if any(set(other) != set(steps[0]) for other in steps[1:]):
            raise error("the links of groups are the same for every player: use directions "
                        "that do not depend on the player", node)
        self.scope.geometry = attrs.evolve(geometry, link_steps=steps[0])

    def _size_planes(self) -> None:
        """One plane per (owner, kind); neutral pieces add an owner after the players."""
        owners = len(self.scope.players) + (1 if self.scope.neutral else 0)
        self.planes = [0] * (owners * len(self.scope.pieces))

    def _neutral(self, node: ast.Neutral) -> None:
        if not self.scope.pieces_declared:
            raise error("declare the players' pieces first (`pieces A B`), then the neutral ones",
                        node)
        if any(self.planes):
            raise error("declare the neutral pieces before the setup", node)
        for ident in node.names:
            self._declare(ident)
            if ident.text in self.scope.pieces:
                raise error(f"piece '{ident.text}' is named twice", ident)
            self.scope.neutral.append(len(self.scope.pieces))
            self.scope.pieces.append(ident.text)
        if self.scope.geometry is not None:
            self._size_planes()

    def _board_number(self, expr: ast.Expr, what: str, limit: int) -> int:
        value = constant(expect(self.lower.lower(expr, Context(CONST)), INT, expr, what), expr,
                         what)
        if not 1 <= value <= limit:
            raise error(f"{what} must be 1..{limit}, not {value}", expr)
        return value

    def _hex_board(self, node: ast.Board) -> Geometry:
        """`board hex SHAPE N`: the shape's bounding rectangle must fit the column letters."""
        shape = node.hex_shape
        assert shape is not None   # `_board` asks for a hex board only
        if shape.text not in HEX_SHAPES:
            raise unknown("hex board shape", shape, list(HEX_SHAPES))
        limit = next(n for n in range(MAX_WIDTH, 0, -1) if hex_size(shape.text, n)[0] <= MAX_WIDTH)
        size = self._board_number(node.width, f"a hex {shape.text}'s size", limit)
        return Geometry.hex(shape.text, size)

    def _points_board(self, node: ast.Board, width: int, height: int) -> Geometry:
        """`board W x H links a1-d1-g1, ...`: each chain's points are cells of the grid, each
        link runs along one compass step, and no point has two links along the same step."""
        grid = Geometry.rectangle(width, height)
        chains: list[tuple[int, ...]]
        seen: dict[tuple[int, tuple[int, int]], int]
        wraps: list[tuple[int, int, tuple[int, int]]] = []   # a ring's closing link, going round
        chains, seen = [], {}   # seen: (point, step) -> the point it links to
        for chain in node.links:
            cells = []
            for ident in chain:
                if ident.text not in grid.names:
                    raise error(f"'{ident.text}' is not a point of the {width} x {height} grid",
                                ident)
                cells.append(grid.names[ident.text])
            ring = len(cells) > 3 and cells[0] == cells[-1]   # a closed chain: a1-b1-b2-a2-a1
            if len(set(cells)) < len(cells) - ring:
                raise error("a chain of links passes through a point twice (only a ring may "
                            "end where it starts)", chain[0])
            for (a, b), ident in zip(zip(cells, cells[1:]), chain[1:]):
                step = link_step(grid.xy(a), grid.xy(b))
                before = link_step(grid.xy(cells[-3]), grid.xy(a)) if len(cells) > 2 else None
                if ring and b == cells[0] and step is not None and before is not None \
                        and step == (-before[0], -before[1]):
                    step = before   # a1-b1-c1-d1-a1: d1-a1 goes on east, round the board
                    wraps.append((a, b, step))
                if step is None:
                    raise error(f"a link runs along a row, a column or a diagonal; "
                                f"{grid.name(a)}-{ident.text} does not", ident)
                for start, end, along in ((a, b, step), (b, a, (-step[0], -step[1]))):
                    other = seen.setdefault((start, along), end)
                    if other != end:
                        raise error(f"point {grid.name(start)} already has a link that way "
                                    f"(to {grid.name(other)})", ident)
            chains.append(tuple(cells))
        return attrs.evolve(Geometry.points(width, height, tuple(chains)), wrap_links=tuple(wraps))

    def _pieces(self, node: ast.Pieces) -> None:
        self.scope.pieces.clear()
        for ident in node.names:
            self._declare(ident, twin=True)
            if ident.text in self.scope.pieces:
                raise error(f"piece '{ident.text}' is named twice", ident)
            if ident.text.endswith("~") and ident.text[:-1] not in self.scope.pieces:
                raise error(f"'{ident.text}' is a promoted {ident.text[:-1]}, moving as one: "
                            f"name '{ident.text[:-1]}' before it in `pieces`", ident)
            self.scope.pieces.append(ident.text)
        self.scope.pieces_declared = True
        if self.scope.geometry is not None:
            self._size_planes()

    def _player_index(self, ident: ast.Ident) -> int:
        if ident.text not in self.scope.players:
            raise unknown("player", ident, self.scope.players)
        return self.scope.players.index(ident.text)

    def _direction(self, node: ast.Direction) -> None:
        self._declare(node.name)
        if node.name.text in self.scope.geometry.directions:
            kind = "a hex" if self.scope.geometry.shape == "hex" else "a compass"
            raise error(f"'{node.name.text}' is {kind} direction and cannot be redefined",
                        node.name)
        players = self.scope.players
        per_player: list[list[tuple[int, int]] | None] = [None] * len(players)
        for part in node.parts:
            if isinstance(part[0], ast.Ident) and part[0].text in players:
                owner, words = self._player_index(part[0]), part[1:]
                if not words:
                    raise error(f"name {part[0].text}'s directions after the player", part[0])
                targets = [owner]
            else:
                if (len(node.parts) > 1 and isinstance(part[0], ast.Ident)
                        and not self._is_direction(part[0].text)):
                    raise unknown("player", part[0], players)
                words, targets = part, list(range(len(players)))
            for p in targets:
                if per_player[p] is not None:
                    raise error(f"player {players[p]} already has this direction", part[0])
                steps: list[tuple[int, int]] = []
                for word in words:
                    steps.extend(self.lower.direction(word)[p])
                per_player[p] = steps
        missing = [players[p] for p, steps in enumerate(per_player) if steps is None]
        if missing:
            raise error(f"direction '{node.name.text}' is not given for {', '.join(missing)}",
                        node.name)
        self.scope.directions[node.name.text] = tuple(tuple(s) for s in per_player
                                                      if s is not None)   # (none is missing)

    def _is_direction(self, text: str) -> bool:
        return text in self.scope.directions or text in self.scope.geometry.directions

    def _region(self, node: ast.Region) -> None:
        self._declare(node.name)
        ctx = Context(CONST)
        if node.shared is not None:
            value = expect(self.lower.lower(node.shared, ctx), CELLS, node.shared, "a region")
            constant(value, node.shared, "a region")
            self.scope.regions[node.name.text] = value
            return
        values: list[int | None] = [None] * len(self.scope.players)
        for ident, expr in node.per_player:
            p = self._player_index(ident)
            if values[p] is not None:
                raise error(f"region '{node.name.text}' is given twice for {ident.text}", ident)
            values[p] = constant(expect(self.lower.lower(expr, ctx), CELLS, expr, "a region"), expr,
                                 "a region")
        missing = [self.scope.players[p] for p, v in enumerate(values) if v is None]
        if missing:
            raise error(f"region '{node.name.text}' is not given for {', '.join(missing)}",
                        node.name)
        self.scope.regions[node.name.text] = ir.PerPlayer(tuple(values), CELLS)

    def _piece_index(self, ident: ast.Ident | None, node: Any) -> int:
        pieces = self.scope.pieces
        if ident is None:
            owned = [k for k in range(len(pieces)) if k not in self.scope.neutral]
            if len(owned) > 1:
                raise error(f"say which piece: one of {', '.join(pieces[k] for k in owned)}", node)
            return owned[0]
        if not self.scope.pieces_declared:
            raise error(f"unknown piece '{ident.text}': the game declares no pieces "
                        f"(add `pieces {ident.text}`)", ident)
        if ident.text not in pieces:
            raise unknown("piece", ident, pieces)
        return pieces.index(ident.text)

    def _setup(self, node: ast.Setup) -> None:
        k = self._piece_index(node.piece, node.player)
        if node.player.text == "neutral":
            if k not in self.scope.neutral:
                raise error(f"'{self.scope.pieces[k]}' is not a neutral piece",
                            node.piece or node.player)
            p = len(self.scope.players)
        else:
            p = self._player_index(node.player)
            if k in self.scope.neutral:
                raise error(f"'{self.scope.pieces[k]}' is a neutral piece: `setup neutral "
                            f"{self.scope.pieces[k]}: ...`", node.piece or node.player)
        value = expect(self.lower.lower(node.cells, Context(CONST)), CELLS, node.cells, "a setup")
        mask = constant(value, node.cells, "a setup")
        if mask & (taken := union(self.planes)):
            cell = self.scope.geometry.name((mask & taken).bit_length() - 1)
            raise error(f"cell {cell} is set up twice", node.cells)
        self.planes[p * len(self.scope.pieces) + k] |= mask

    def _zones(self, node: ast.Zones) -> None:
        self._declare(node.name)
        geo = self.scope.geometry
        size = []
        for expr, what, total in ((node.width, "width", geo.width),
                                  (node.height, "height", geo.height)):
            value = constant(expect(self.lower.lower(expr, Context(CONST)), INT, expr,
                                    f"a block {what}"),
                             expr, f"a block {what}")
            if value < 1 or total % value:
                raise error(f"blocks {value} cells in {what} do not tile the board's {what} "
                            f"of {total}", expr)
            size.append(value)
        w, h = size
        blocks = tuple(geo.mask(lambda x, y, bx=bx, by=by: bx <= x < bx + w and by <= y < by + h)
                       for by in range(0, geo.height, h) for bx in range(0, geo.width, w))
        self.scope.zones.append(ir.ZoneFamily(node.name.text, w, h, blocks))

    if TYPE_CHECKING:   # provided by the checker and `MoveChecks`, mixed in beside this
        def _declare(self, ident: ast.Ident, option: bool = False, twin: bool = False) -> None: ...
        def _directions(self, words: tuple[ast.Dir, ...]) -> tuple[ir.Offsets, ...]: ...
