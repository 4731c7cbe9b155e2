"""A placement under a filter `no (here and alive own)` (go's suicide rule) judged before it
is made, in C (issue 28).

The filter asks, after the move, whether the placed piece is in a group of `own` that
touches an empty cell. For a placement of one stage, of a piece of `own`'s kind, whose
other effects only set variables or take enemy pieces (so every empty cell stays empty and
every piece of `own` stays), allowed() answers from the position before the move:

- the cell has an empty neighbour: allowed (that neighbour stays empty);
- keep_allowed's positions (groups.py's memo, made on the first candidate that asks): a
  neighbour in a group of `own` with two liberties or more (`ALIVE_MULTI`): allowed, the
  group keeps a liberty besides the cell;
- and when every removal of the rule takes only enemy pieces that reach no liberty
  (`enemy and not alive enemy`, go's capture), every enemy group had a liberty before the
  move (`ENEMY_LIVE`) and each enemy neighbour's group has two or more (`ENEMY_SAFE`):
  refused. Nothing is taken (each enemy group keeps a liberty), so the placed piece's
  group is the cell and the groups of `own` beside it, each of whose only liberty was the
  cell.

Other placements are made and tested. The groups are asked only of the cells with no empty
neighbour (the others are answered by the first test).
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
            "}",
            "static inline int near_in(int t, const bb *a, const bb *but) {",
            "    uint64_t x = 0;   /* a neighbour in a and not in but (but: none) */",
            "    for (int i = 0; i < W; i++) x |= NEIGH[t].w[i] & a->w[i] & ~(but ? but->w[i] : 0);",
            "    return x != 0;",
            "}"]
        w(f"int alive = (unsigned)mp->rule < {len(table)} ? ALIVE_RULE[mp->rule] : 0;")
        w("if (alive && near_empty(s, mp->to)) return 1;   /* alive.py */")
        if not self.both_ways():
            return
        self.multi_helper()
        with w.block("if (alive && GRP_ON)"):
            w("if (GRP_ON == 1) grp_memo(s);")
            w("if (near_in(mp->to, &ALIVE_MULTI, 0)) return 1;")
            w(f"if (alive == {DEAD} && ENEMY_LIVE && !near_in(mp->to, &ENEMY_AT, &ENEMY_SAFE)) "
              "return 0;")

    def neighbour_rows(self) -> list[str]:
        """Per layout bit, the mask of its neighbours along the board's links."""
        rows = []
        for c in range(self.layout_bits + 1):
            cells = 0
            if self.geo.playable >> c & 1:
                for dx, dy in self.geo.adjacent:
                    n = self.geo.neighbour(c, dx, dy)
                    cells |= 0 if n is None else 1 << n
            rows.append(self.literal(cells))
        return rows

    def multi_helper(self) -> None:
        """`multi_liberties(y, empty)`: the cells of y's groups with two empty neighbours or
        more, of those beside an empty cell with no empty neighbour (the others are judged
        before this is asked)."""
        self.reach_helper()
        self.group_flag()
        adjacent = self.geo.adjacent
        # the cells with two empty neighbours or more, counted direction by direction
        two = [f"    e = {self.shift((step,), 'empty')}; two = bb_or(two, bb_and(one, e)); "
               "one = bb_or(one, e);" for step in adjacent]
        self.helpers["multi_liberties"] = [
            "static bb ALIVE_MULTI, ENEMY_SAFE, ENEMY_AT; static int ENEMY_LIVE;",
            "static bb multi_liberties(bb y, bb empty) {",
            f"    bb needy = bb_andnot(empty, {self.shift(adjacent, 'empty')});",
            f"    bb left = bb_and(y, {self.shift(adjacent, 'needy')});",
            "    bb one = ZERO, two = ZERO, e;",
            *two,
            "    /* the groups holding a cell with two liberties, in one flood; the rest one",
            "       by one */",
            "    bb out = reach(bb_and(y, two), y);",
            "    left = bb_andnot(left, out);",
            "    while (bb_any(left)) {",
            "        bb g = reach(bb_bit(bb_low(left)), y);",
            "        left = bb_andnot(left, g);",
            f"        if (bb_count(bb_and({self.shift(adjacent, 'g')}, empty)) >= 2)",
            "            out = bb_or(out, g);",
            "    }",
            "    return out;",
            "}"]

    def position_memos(self, w: CWriter, p: int) -> None:
        """grp_memo's part: the groups of either side with two liberties or more near the
        cells that need them, and whether every enemy group has a liberty."""
        own = placed_alive(self.game.illegal)
        if own is None or "multi_liberties" not in self.helpers:
            return
        enemy = self.expr(ir.Pieces(ir.OPPONENT, None), p)
        empty = "bb_xor(PLAYABLE, occ)"
        alive = self.shift(self.geo.adjacent, empty)
        w(f"ALIVE_MULTI = multi_liberties({self.expr(own, p)}, {empty});")
        w(f"ENEMY_AT = {enemy}; ENEMY_SAFE = multi_liberties(ENEMY_AT, {empty});")
        kept = next((k for (e, q), k in self.reach_sites.items() if q == p
                     and e.within == ir.Pieces(ir.OPPONENT, None)
                     and _alive_test(e.start, e.within)), None)
        flood = f"reach(bb_and(ENEMY_AT, {alive}), ENEMY_AT)" if kept is None else f"GRP_R{kept}"
        w(f"ENEMY_LIVE = bb_eq({flood}, ENEMY_AT);   /* every enemy group has a liberty */")
