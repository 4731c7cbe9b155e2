"""`canonical(s)` in the generated Python: the least image of a position under the game's
symmetries (docs/core.md), its planes moved by tables of cells, its variables with them.

Mixed into `Generator` (python/generate.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.core.symmetry import sources
from gdl.interpreter.core.results import swapped_results
from gdl.interpreter.python.support import CHUNK_BITS, TABLE_BITS, SourceWriter


class CanonicalCode:
    """`canonical(s)`, and the images of the planes, counts and hands under a symmetry."""

    # What it uses of `ExpressionCode`, the class it is mixed with.
    game: ir.GameIR
    globals: dict[str, Any]
    n_players: int
    n_kinds: int
    n_planes: int
    layout_bits: int
    playable: int
    if TYPE_CHECKING:
        @property
        def scores(self) -> bool: ...
        def unpack(self, w: SourceWriter) -> None: ...
        def table(self, name: str, value: Any) -> str: ...

    def gen_canonical(self, w: SourceWriter) -> None:
        w("def canonical(s):")
        with w.indent():
            symmetries = self.game.symmetries[1:]
            if not symmetries:
                w("return s")
                return
            self.unpack(w)
            w("best = s")
            for j, sym in enumerate(symmetries):
                # A remembered cell (a set-of-cells variable) moves with the board.
                exchanges = sym.swap or bool(sym.kinds)
                variables = [self.image(j, sym.perm, f"v{i}") if v.type == ir.CELLS
                             else self.count_image(j, sym.perm, f"v{i}") if v.type == ir.COUNTS
                             else self.hand_image(sym, f"v{i}") if i == self.game.hand and exchanges
                             else f"(v{i}[1], v{i}[0], *v{i}[2:])" if v.per_player and sym.swap
                             else f"v{i}" for i, v in enumerate(self.game.variables)]
                # A colour swap: player 0's planes come from player 1's and back, the turn
                # and the result change hands. A recolouring takes each kind's plane from
                # the kind renamed onto it.
                planes = sources(sym, self.n_kinds, self.n_planes // self.n_kinds) \
                    if exchanges else range(self.n_planes)
                images = [self.image(j, sym.perm, f"b{i}") for i in planes]
                if sym.swap:
                    self.globals["SWAPRES"] = swapped_results(self.n_players)
                swapped = "(res[::-1] if res.__class__ is tuple else SWAPRES[res])" \
                    if self.scores else "SWAPRES[res]"
                turn = ["pl ^ 1", swapped] if sym.swap else ["pl", "res"]
                w(f"t = ({', '.join(images + variables + turn)})")
                w("if t < best:")
                with w.indent():
                    w("best = t")
            w("return best")

    def hand_image(self, sym: ir.Symmetry, name: str) -> str:
        """The hands with players 0 and 1 exchanged (a colour swap) and their kinds renamed
        (a recolouring), as the pieces on the board are."""
        k = self.n_kinds
        if not sym.kinds:
            return f"({name}[{k}:{2 * k}] + {name}[:{k}] + {name}[{2 * k}:])"
        return "(" + "".join(f"{name}[{i}], " for i in sources(sym, k, self.n_players)) + ")"

    def count_image(self, j: int, perm: tuple[int, ...], name: str) -> str:
        """A count per cell moved by a symmetry: the new cell c holds the old cell's count."""
        inverse = [0] * len(perm)
        for old, new in enumerate(perm):
            inverse[new] = old
        return f"tuple({name}[x] for x in {self.table(f'COUNTSYM{j}', tuple(inverse))})"

    def image(self, j: int, perm: tuple[int, ...], plane: str) -> str:
        if all(perm[c] == c for c in range(len(perm))):
            return plane
        width = self.layout_bits if self.layout_bits <= TABLE_BITS else CHUNK_BITS
        parts = []
        for c in range(0, self.layout_bits, width):
            chunk_cells = [x for x in range(c, min(c + width, self.layout_bits))
                           if self.playable >> x & 1]
            if not chunk_cells:
                continue
            name = f"SYM{j}_{c}"
            self.globals[name] = tuple(
                sum(1 << perm[c + b] for b in range(width) if v >> b & 1 and c + b < len(perm))
                for v in range(1 << width))
            source = (f"{plane} >> {c} & {(1 << width) - 1}" if c
                      else f"{plane} & {(1 << width) - 1}")
            parts.append(f"{name}[{source}]")
        return " | ".join(parts)
