"""A placement under a filter `no (here and alive own)` (go's suicide rule) judged before it
is made, in C (issue 28).

The filter asks, after the move, whether the placed piece is in a group of `own` that
touches an empty cell. For a placement of one stage, of a piece of `own`'s kind, whose
other effects only set variables or take enemy pieces (so every empty cell stays empty and
every piece of `own` stays), allowed() answers from the position before the move:

- the cell has an empty neighbour: allowed (that neighbour stays empty);
- in keep_allowed's positions (groups.py's memo, made on the first candidate that asks:
  each side's pieces with an empty neighbour, with two): a group of `own` beside the cell
  that keeps a liberty besides it: allowed. The groups beside the cell grow from it till
  they meet a piece with an empty neighbour not beside the cell, or with two, so most stop
  at once (`groups_keep`);
- and when every removal of the rule takes only enemy pieces that reach no liberty
  (`enemy and not alive enemy`, go's capture), every enemy group had a liberty before the
  move (`ENEMY_LIVE`) and each enemy group beside the cell keeps one besides it: refused.
  Nothing is taken, so the placed piece's group is the cell and the groups of `own` beside
  it, whose only liberty was the cell.

Other placements are made and tested.
"""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.c import groups
from gdl.interpreter.c.groups import GroupsC
from gdl.interpreter.c.support import CWriter

ALIVE, DEAD = 1, 2   # ALIVE_RULE's entries: allowed early; refused early too


def _enemy_only(e: ir.Expr) -> bool:
    """Whether the cells of `e` can only hold the opponents' pieces."""
    if isinstance(e, ir.Pieces):
        return e.owner == ir.OPPONENT
    return isinstance(e, ir.Op) and e.op == "and" and any(_enemy_only(a) for a in e.args)


def _effects(effect: ir.Effect) -> list[ir.Effect]:
    return _effects(effect.effect) if isinstance(effect, ir.Guard) else [effect]


def _empties_only(effect: ir.Effect) -> bool:
    """Whether `effect` leaves every empty cell empty and the mover's pieces in place (it
    sets variables, or removes enemy pieces)."""
    return all(isinstance(e, ir.Assign) or (isinstance(e, ir.Remove) and _enemy_only(e.cells))
               for e in _effects(effect))


def _alive_test(start: ir.Expr, within: ir.Expr) -> bool:
    """Whether reach(start, within) is `alive within`: start = within and adjacent empty."""
    return isinstance(start, ir.Op) and start.op == "and" and len(start.args) == 2 \
        and within in start.args and ir.Adjacent(ir.Empty()) in start.args


def _takes_dead_only(cells: ir.Expr) -> bool:
    """Whether `cells` is `enemy and not alive enemy` (with more terms and-ed): only the
    enemy pieces that reach no liberty."""
    if not (isinstance(cells, ir.Op) and cells.op == "and"):
        return False
    enemy = ir.Pieces(ir.OPPONENT, None)
    return any(isinstance(a, ir.Op) and a.op == "not" and isinstance(a.args[0], ir.Reach)
               and a.args[0].within == enemy and _alive_test(a.args[0].start, enemy)
               for a in cells.args)


def placed_alive(illegal: ir.Expr | None) -> ir.Pieces | None:
    """The mover's pieces P when the filter is `no (here and alive P)`."""
    if not (isinstance(illegal, ir.Op) and illegal.op == "no"):
        return None
    inner = illegal.args[0]
    if not (isinstance(inner, ir.Op) and inner.op == "and" and len(inner.args) == 2):
        return None
    group = next((a for a in inner.args if isinstance(a, ir.Reach)), None)
    if group is None or not any(isinstance(a, ir.Here) for a in inner.args):
        return None
    own = group.within
    if isinstance(own, ir.Pieces) and own.owner == ir.MOVER and _alive_test(group.start, own):
        return own
    return None


def rule_shortcut(rule: ir.Rule, own: ir.Pieces) -> int:
    """ALIVE, DEAD (ALIVE and refused early too) or 0 for a rule under the filter."""
    if not (isinstance(rule, ir.PlaceRule) and not rule.more and own.kind in (None, rule.kind)
            and all(map(_empties_only, rule.effects))):
        return 0
    removals = [e for effect in rule.effects for e in _effects(effect) if isinstance(e, ir.Remove)]
    return DEAD if all(_takes_dead_only(e.cells) for e in removals) else ALIVE


class AliveC(GroupsC):
    def alive_rules(self) -> dict[int, int]:
        """Board number -> ALIVE or DEAD, for the rules the filter may judge early."""
        own = placed_alive(self.game.illegal)
        if own is None:
            return {}
        found = {self.board_number[i]: rule_shortcut(rule, own)
                 for i, rule in enumerate(self.game.rules) if i in self.board_number}
        return {b: kind for b, kind in found.items() if kind}

    def alive_shortcut(self, w: CWriter) -> None:
        """In allowed(), before the move is made (see the module doc)."""
        rules = self.alive_rules()
        if not rules or groups.FLOODS_ONLY:
            return
        table = [0] * (max(rules) + 1)
        for b, kind in rules.items():
            table[b] = kind
        # word by word through pointers: gcc keeps these in registers at -O1 too (a large
        # source's level), where bb values by copy went through the stack
        self.helpers["NEIGH"] = [
            f"static const bb NEIGH[] = {{{', '.join(self.neighbour_rows())}}};",
            f"static const unsigned char ALIVE_RULE[] = {{{', '.join(map(str, table))}}};",
            "static inline int near_empty(const state_t *s, int t) {   /* an empty neighbour */",
            "    uint64_t x = 0;",
            "    for (int i = 0; i < W; i++) {",
            f"        uint64_t o = 0; for (int p = 0; p < {self.n_planes}; p++) o |= s->b[p].w[i];",
            "        x |= NEIGH[t].w[i] & ~o;",
            "    }",
            "    return x != 0;",
            "}"]
        w(f"int alive = (unsigned)mp->rule < {len(table)} ? ALIVE_RULE[mp->rule] : 0;")
        w("if (alive && near_empty(s, mp->to)) return 1;   /* alive.py */")
        if not self.both_ways():
            return
        self.liberty_helper()
        with w.block("if (alive && GRP_ON)"):
            w("if (GRP_ON == 1) grp_memo(s);")
            w("if (groups_keep(mp->to, &OWN_AT, &OWN_FREE, &OWN_TWO, 1)) return 1;")
            w(f"if (alive == {DEAD} && ENEMY_LIVE && "
              "groups_keep(mp->to, &ENEMY_AT, &ENEMY_FREE, &ENEMY_TWO, 0)) return 0;")

    def neighbour_rows(self) -> list[str]:
        """Per layout bit, the mask of its neighbours along the board's links."""
        return [self.literal(m) for m in self.geo.adjacent_masks[:self.layout_bits + 1]]

    def liberty_helper(self) -> None:
        """`groups_keep(t, y, free, two, any)`: whether the groups of y beside the cell t
        keep a liberty besides t (any: one of them; else: each). A group grows till it
        meets a cell with an empty neighbour not beside t (free) or with two (two)."""
        self.flood_helper()
        self.group_flag()
        self.helpers["groups_keep"] = [
            "/* grp_memo's, per side: its pieces, those with an empty neighbour, with two */",
            "static bb OWN_AT, OWN_FREE, OWN_TWO, ENEMY_AT, ENEMY_FREE, ENEMY_TWO;",
            "static int ENEMY_LIVE;   /* every enemy group has a liberty */",
            "HOT static int groups_keep(int t, const bb *y, const bb *free, const bb *two, "
            "int any) {",
            "    bb s, x, g;",
            "    for (int i = 0; i < W; i++) {",
            "        s.w[i] = (free->w[i] & ~NEIGH[t].w[i]) | two->w[i];",
            "        x.w[i] = NEIGH[t].w[i] & y->w[i];",
            "    }",
            "    if (any) return bb_any(x) && flood_meets(x, *y, s, &g);",
            "    while (bb_any(x)) {",
            "        if (!flood_meets(bb_bit(bb_pop(&x)), *y, s, &g)) return 0;",
            "        x = bb_andnot(x, g);",
            "    }",
            "    return 1;",
            "}"]

    def position_memos(self, w: CWriter, p: int) -> None:
        """grp_memo's part: either side's pieces with one empty neighbour or more, with
        two or more, and whether every enemy group has a liberty."""
        own = placed_alive(self.game.illegal)
        if own is None or "groups_keep" not in self.helpers:
            return
        w("bb empty = bb_xor(PLAYABLE, occ), one = ZERO, two = ZERO, e;")
        for step in self.geo.adjacent:   # the empty neighbours counted direction by direction
            w(f"e = {self.shift((step,), 'empty')}; two = bb_or(two, bb_and(one, e)); "
              "one = bb_or(one, e);")
        for side, pieces in (("OWN", own), ("ENEMY", ir.Pieces(ir.OPPONENT, None))):
            w(f"{side}_AT = {self.expr(pieces, p)}; {side}_FREE = bb_and({side}_AT, one); "
              f"{side}_TWO = bb_and({side}_AT, two);")
        kept = next((k for (e, q), k in self.reach_sites.items() if q == p
                     and e.within == ir.Pieces(ir.OPPONENT, None)
                     and _alive_test(e.start, e.within)), None)
        flood = "reach(ENEMY_FREE, ENEMY_AT)" if kept is None else f"GRP_R{kept}"
        w(f"ENEMY_LIVE = bb_eq({flood}, ENEMY_AT);")
