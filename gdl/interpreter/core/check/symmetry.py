"""`symmetry` statements -> declared `ir.Symmetry` values (docs/language.md, symmetry).

A statement names square transforms, or maps cells (`swap a1 c1`, `cycle a1 c1 c3 a3`),
or is the colour swap alone; `recolouring white green red, ...` adds a renaming of piece
kinds and `swapping colours` the colour swap to each symmetry it declares. Mixed into
`game._Checker`.
"""

from __future__ import annotations

from typing import Any

from gdl.grammar import ast
from gdl.interpreter.core import ir
from gdl.interpreter.core.check.scope import error, unknown
from gdl.interpreter.core.geometry import HEX_ROTATIONS, SQUARE_TRANSFORMS, Geometry
from gdl.interpreter.core.board_transforms import transforms as board_transforms
from gdl.interpreter.core.symmetry import RECOLOUR_WORD, SWAP_WORDS, identity

SYMMETRY_GROUPS = {   # each keeps the transforms that fit the board
    "dihedral": (*SQUARE_TRANSFORMS, *HEX_ROTATIONS),
    "rotations": ("rotate90", "rotate180", "rotate270", *HEX_ROTATIONS),
}
SINGLE_SYMMETRIES = (*SQUARE_TRANSFORMS, *HEX_ROTATIONS)


class SymmetryChecks:
    scope: Any   # a `Scope`; as Any since the checker reads its (optional) geometry unchecked
    symmetries: list[ir.Symmetry]

    def _symmetry(self, node: ast.Symmetry) -> None:
        """Each named transform (or the cell map, or the colour swap alone) becomes one
        declared symmetry; a recolouring and `swapping colours` are added to each."""
        if node.swap and len(self.scope.players) != 2:
            raise error(f"a colour swap exchanges two players; this game has "
                        f"{len(self.scope.players)}", node)
        kinds, words = self._recolouring(node) if node.kinds else ((), "")
        suffix = words + (f" {SWAP_WORDS}" if node.swap else "")

        def declared(name: str, perm: tuple[int, ...], pos: Any) -> ir.Symmetry:
            return ir.Symmetry(name + suffix, perm, node.swap, kinds, pos)
        if node.cells:
            perm, cell_words = self._cell_map(node)
            self.symmetries.append(declared(cell_words, perm, node.pos))
            return
        if not node.names:
            geometry = self.scope.geometry or Geometry(0, 0, 0)
            self.symmetries.append(ir.Symmetry(SWAP_WORDS, identity(geometry).perm, True,
                                               pos=node.pos))
            return
        transforms = board_transforms(self.scope.geometry)
        for ident in node.names:
            if ident.text in SYMMETRY_GROUPS:
                names = [t for t in SYMMETRY_GROUPS[ident.text] if transforms[t]]
            elif ident.text in SINGLE_SYMMETRIES:
                if transforms[ident.text] is None:
                    g = self.scope.geometry
                    raise error(f"{ident.text} does not map the {g.description} onto itself", ident)
                names = [ident.text]
            elif ident.text in ("recolouring", "recoloring"):
                raise error("a recolouring follows the cells it moves (`symmetry mirror "
                            "recolouring left right`)", ident)
            else:
                raise unknown("symmetry", ident, [*SYMMETRY_GROUPS, *SINGLE_SYMMETRIES])
            self.symmetries += [declared(name, fitting, ident.pos) for name in names
                                if (fitting := transforms[name]) is not None]

    def _cell_map(self, node: ast.Symmetry) -> tuple[tuple[int, ...], str]:
        """`swap a1 c1, a2 c2` or `cycle a1 c1 c3 a3`: the permutation and its words."""
        geometry = self.scope.geometry
        perm = list(identity(geometry).perm)
        seen: set[str] = set()
        for group in node.cells:
            if node.cell_map == "swap" and len(group) != 2:
                raise error(f"'swap' exchanges two cells, not {len(group)} (use 'cycle' to move "
                            f"more round)", group[0])
            cells = []
            for ident in group:
                cell = geometry.names.get(ident.text)
                if cell is None or not geometry.playable >> cell & 1:
                    raise error(f"'{ident.text}' is not a playable cell of the "
                                f"{geometry.description}", ident)
                if ident.text in seen:
                    raise error(f"cell {ident.text} is moved twice by this symmetry", ident)
                seen.add(ident.text)
                cells.append(cell)
            for a, b in zip(cells, cells[1:] + cells[:1]):
                perm[a] = b
        words = ", ".join(" ".join(i.text for i in group) for group in node.cells)
        return tuple(perm), f"{node.cell_map} {words}"

    def _recolouring(self, node: ast.Symmetry) -> tuple[tuple[int, ...], str]:
        """`recolouring white green red, left right`: kind k -> kinds[k] for every owner, and
        the words (" recolouring ..." as written). A neutral kind renames only to neutral
        ones: their pieces have no player to keep."""
        pieces, neutral = self.scope.pieces, self.scope.neutral
        kinds = list(range(len(pieces)))
        seen: set[str] = set()
        for group in node.kinds:
            if len(group) == 1:
                raise error(f"a recolouring group is a cycle of two kinds or more, not "
                            f"'{group[0].text}' alone", group[0])
            found = []
            for ident in group:
                if not self.scope.pieces_declared:
                    raise error(f"unknown piece '{ident.text}': the game declares no pieces "
                                f"(add `pieces {ident.text} ...` before the symmetry)", ident)
                if ident.text not in pieces:
                    raise unknown("piece", ident, pieces, listed=True)
                if ident.text in seen:
                    raise error(f"piece {ident.text} is renamed twice by this symmetry", ident)
                seen.add(ident.text)
                found.append(pieces.index(ident.text))
                if (found[-1] in neutral) != (found[0] in neutral):
                    raise error(f"'{ident.text}' and '{group[0].text}' are not both neutral: a "
                                f"recolouring keeps neutral pieces neutral", ident)
            for a, b in zip(found, found[1:] + found[:1]):
                kinds[a] = b
        words = ", ".join(" ".join(i.text for i in group) for group in node.kinds)
        return tuple(kinds), f" {RECOLOUR_WORD} {words}"
