"""Groups and their liberties without whole-board floods, in C (issue 28).

`reach(S, Y)` is the cells of Y connected (through Y, along the board's links) to S. A plain
flood grows from all of S over the whole board till nothing changes; the rules mostly ask
less of it, and these forms are answered locally:

- Whether a flood meets a set (`here and alive own`, go's suicide test; `connects`, hex's
  win): `reach_meets(x, y, s)` grows from x and stops at the first cell of s it holds, so a
  stone placed beside an empty cell is alive before any growth.
- A `reach(S, Y)` in a move's change (go's captives, `enemy and not alive enemy`), in a game
  with a legality filter, whose S and Y the position alone gives: flooded once per position
  that keep_allowed judges (`GRP_R` from that position's `GRP_S`, `GRP_Y`: grp_memo, on the
  first candidate that asks), and a move that leaves Y as it was and only takes cells out
  of S re-floods only the groups that lost a cell of S, each stopping at the first cell of
  S it meets. A group keeps its place in the answer exactly when it still meets S (the
  groups of Y are the memo's, and a group the memo holds met the old S), so the answer is
  the flood's whatever position the memo came from: apply_move reads it too (the move
  drawn from the list just judged). Any other move floods anew. This needs links that go
  both ways (a group is then the same from any of its cells).

Go's suicide rule is judged before the move is made where it can be (alive.py). Derived from
the expressions alone, never from a game's name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gdl.interpreter.core import ir
from gdl.interpreter.core.ir import CELLS
from gdl.interpreter.c.regions import RegionsC
from gdl.interpreter.c.support import CWriter

# what keep_allowed can evaluate from the position alone (no move, no stage's locals)
_POSITIONAL = (ir.Pieces, ir.Empty, ir.Full, ir.Adjacent, ir.Shift, ir.Const, ir.PerPlayer)
_SET_OPS = ("and", "or", "not")


# bench/groups.py's reference: every `reach` a whole flood, as the generator wrote it before
# this module (a library of its own: NativeGame's cache key names it)
FLOODS_ONLY = False


def positional(e: ir.Expr) -> bool:
    """Whether `e` is a set of cells the position alone gives (pieces, empty cells, their
    neighbours, constants, and unions, meets and complements of them)."""
    return all(isinstance(n, _POSITIONAL) or (isinstance(n, ir.Op) and n.op in _SET_OPS)
               for n in ir.walk(e))


class GroupsC(RegionsC):
    if TYPE_CHECKING:   # written by the classes built on this one
        @property
        def nested_moves(self) -> bool: ...
        def unpack(self, w: CWriter, s: str) -> None: ...

    def __init__(self, game: ir.GameIR):
        super().__init__(game)
        self.kept_floods = False   # while a move's change is written: its `reach` may read the memo
        self.reach_sites: dict[tuple[Any, int], int] = {}   # (reach, player) -> its memo

    def both_ways(self) -> bool:
        """Whether every link has its reverse (a group is then the same from any cell)."""
        steps = set(self.geo.adjacent)
        return steps == {(-dx, -dy) for dx, dy in steps}

    def group_flag(self) -> None:
        self.helpers.setdefault("GRP_ON", [
            "/* keep_allowed's position GRP_AT while GRP_ON: 1, its memos to make (grp_memo, on",
            "   the first candidate that asks), 2: made */",
            "static int GRP_ON; static const state_t *GRP_AT;",
            "static void grp_memo(const state_t *s);"])

    def position_memos(self, w: CWriter, p: int) -> None:
        """In grp_memo, player p's: what else a class built on this one keeps (alive.py)."""

    def flood_helper(self) -> None:
        """`flood_meets(x, y, s, &g)`: grows g from x within y; 1 as soon as g meets s
        (g then partial), 0 when it stops growing first (g is then x's groups whole)."""
        self.reach_helper()
        if "flood_meets" in self.helpers:
            return
        grow = self.shift(self.geo.adjacent, "m")
        self.helpers["flood_meets"] = [
            "/* the floods at -O2 in a large source too (built at -O1): bb values by copy are",
            "   kept in registers there */",
            "#if defined(__GNUC__) && !defined(__clang__)",
            "#define HOT __attribute__((optimize(\"O2\")))",
            "#else",
            "#define HOT",
            "#endif",
            "HOT static int flood_meets(bb x, bb y, bb s, bb *g) {",
            "    bb m = bb_and(x, y);",
            "    for (;;) {",
            "        if (bb_any(bb_and(m, s))) { *g = m; return 1; }",
            f"        bb grown = bb_and(bb_or(m, {grow}), y);",
            "        if (bb_eq(grown, m)) { *g = m; return 0; }",
            "        m = grown;",
            "    }",
            "}",
            "static inline int reach_meets(bb x, bb y, bb s) { bb g; "
            "return flood_meets(x, y, s, &g); }",
            "/* the memo r = reach(S0, y) less the groups of `lost` (cells of S0 not in s)",
            "   that meet no cell of s: reach(s, y) when s is within S0 */",
            "HOT static bb reach_less(bb r, bb lost, bb s, bb y) {",
            "    s = bb_and(s, y);",
            "    while (bb_any(lost)) {",
            "        bb g; int c = bb_pop(&lost);",
            "        if (!flood_meets(bb_bit(c), y, s, &g)) r = bb_andnot(r, g);",
            "        lost = bb_andnot(lost, g);",
            "    }",
            "    return r;",
            "}"]

    def reach_call(self, e: ir.Reach, p: int) -> str:
        """`reach(S, Y)` as C: the memo's (kept_reach) in a move's change where it applies."""
        self.reach_helper()
        start, within = self.expr(e.start, p), self.expr(e.within, p)
        if self.kept_floods and not FLOODS_ONLY and self.game.illegal is not None \
                and not self.nested_moves \
                and self.both_ways() \
                and positional(e.start) and positional(e.within):
            return f"reach_kept{self.kept_reach(e, p)}({start}, {within})"
        return f"reach({start}, {within})"

    def kept_reach(self, e: ir.Reach, p: int) -> int:
        """The number of the memo of `e` for player p (one per expression and player)."""
        key = (e, p)
        if key not in self.reach_sites:
            k = len(self.reach_sites)
            self.reach_sites[key] = k
            self.flood_helper()
            self.group_flag()
            self.helpers[f"reach_kept{k}"] = [
                f"static bb GRP_S{k}, GRP_Y{k}, GRP_R{k}; static int GRP_OK{k};",
                f"static inline bb reach_kept{k}(bb s, bb y) {{",
                "    if (GRP_ON == 1) grp_memo(GRP_AT);",
                f"    if (!GRP_OK{k} || !bb_eq(y, GRP_Y{k}) || bb_any(bb_andnot(s, GRP_S{k})))",
                "        return reach(s, y);",
                f"    return reach_less(GRP_R{k}, bb_and(bb_andnot(GRP_S{k}, s), y), s, y);",
                "}"]
        return self.reach_sites[key]

    def keep_groups(self, w: CWriter) -> None:
        """In keep_allowed, before the moves: the position the memos are made from, on the
        first candidate that asks (`grp_memo`: each memo's S, Y and flood; the groups of
        the mover's with two liberties or more)."""
        if "GRP_ON" not in self.helpers:
            return
        w("if (n > 1) { GRP_AT = s; GRP_ON = 1; }   /* groups.py */")
        m = CWriter()
        with m.block("static void grp_memo(const state_t *s)"):
            self.unpack(m, "s")
            m(f"bb occ = {self.occ()}; (void)occ;")
            with m.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with m.block(f"case {p}:"):
                        for (e, q), k in self.reach_sites.items():
                            if q == p:
                                m(f"GRP_S{k} = {self.expr(e.start, p)};")
                                m(f"GRP_Y{k} = {self.expr(e.within, p)};")
                                m(f"GRP_R{k} = reach(GRP_S{k}, GRP_Y{k}); GRP_OK{k} = 1;")
                        self.position_memos(m, p)
                        m("break;")
            m("GRP_ON = 2;")
        self.helpers["grp_memo"] = m.lines

    def here_in_reach(self, e: ir.Op, p: int) -> str | None:
        """`here and reach(S, Y)` (go's suicide test, `here and alive own`) by one group:
        the cell is in it when the group of Y holding the cell meets S, so the flood starts
        from the cell, not from every cell of S, and stops at the first cell of S. Sound
        when links go both ways (the group of a cell is then the cells connected to it
        either way)."""
        if len(e.args) != 2 or e.type != CELLS:
            return None
        here = next((a for a in e.args if isinstance(a, ir.Here)), None)
        group = next((a for a in e.args if isinstance(a, ir.Reach)), None)
        if here is None or group is None or not self.both_ways():
            return None
        cell = self.expr(here, p)
        if FLOODS_ONLY:
            self.reach_helper()
            return (f"(bb_any(bb_and(reach({cell}, {self.expr(group.within, p)}), "
                    f"{self.expr(group.start, p)})) ? {cell} : ZERO)")
        self.flood_helper()
        return (f"(reach_meets({cell}, {self.expr(group.within, p)}, "
                f"{self.expr(group.start, p)}) ? {cell} : ZERO)")

    def reach_meeting(self, e: ir.Expr, p: int) -> str | None:
        """`reach(X, Y) and Z` asked only whether it is empty (`connects`): the flood from
        X stops at the first cell of Z. Exact on any links (a flood from X is reach's)."""
        if FLOODS_ONLY or not (isinstance(e, ir.Op) and e.op == "and" and len(e.args) == 2):
            return None
        group = next((a for a in e.args if isinstance(a, ir.Reach)), None)
        if group is None:
            return None
        other = e.args[1] if e.args[0] is group else e.args[0]
        if isinstance(other, ir.Here):   # from the cell's side: its group alone
            local = self.here_in_reach(e, p)
            return None if local is None else f"bb_any({local})"
        self.flood_helper()
        return (f"reach_meets({self.expr(group.start, p)}, {self.expr(group.within, p)}, "
                f"{self.expr(other, p)})")
