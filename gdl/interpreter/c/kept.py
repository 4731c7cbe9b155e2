"""The legality filter's `attacked` tests kept from the position before the moves, in C.

A filter's `attacked X` whose cells the position alone gives (`attacked own king`) is
tested once per position, before its candidates are judged (keep_allowed), with what a
candidate must leave alone for that answer to stand; only the others are tested anew:

- REACH (`attack_reach`): every cell the test reads: the cell itself, the cells a step
  back, either side of a jump, and back along each slide's ray up to its first piece. A
  move that changes none of them, and leaves X and the variables the test reads as they
  were, keeps the answer.
- When X holds only the mover's pieces and was not attacked: a piece of the mover's come
  onto a cell only blocks, an enemy piece gone only attacks less. What could make an
  attack is a cell emptied on a LINE (a ray back from X along a direction an enemy
  piece slides, with such a piece standing on it, anywhere: the pinned pieces and
  x-rays), an enemy piece come onto REACH or onto a slide's whole ray back (FULL), or any
  change of a STRICT cell (a jump's landing cells, read by the rules' own expressions). A
  move that does none of these leaves X not attacked: en passant, which empties two
  cells of one line, castling, which moves a rook, and a move of the piece on X change
  one of these and are tested anew.

All of it is derived from the rules, and only where each rule's expressions that the test
reads are the cells' own (pieces, empty, constants, zones, variables holding cells), so
that a change elsewhere cannot matter; otherwise every candidate is tested anew.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.interpreter.core import ir
from gdl.interpreter.python.attacks import counted

from gdl.interpreter.c.attacks import AttacksC
from gdl.interpreter.c.quiet import Quiet, quiet_rules
from gdl.interpreter.c.support import CWriter


class KeptAttacksC(AttacksC):
    _quiet: tuple[int, Quiet | None] | None = None   # quiet()'s answer, by kept sites
    if TYPE_CHECKING:   # written by the classes built on this one
        def locals(self) -> str: ...

    def attack_reach(self) -> str | None:
        """`attack_reach(x, occ)`: every cell `attacked` reads to test the cells x: each
        cell, the cells a step back, both sides of a jump (the table REACH), and back along
        each slide's ray up to its first piece. None (no helper) when a rule's
        expression it reads there is not the cell's own (pieces, empty, constants, zones and
        variables holding cells, combined by and, or, not), so that a change elsewhere
        could matter. A step landing on empty cells only is left out: the tested cell
        always holds a piece (a phantom where it is empty)."""
        if "attack_reach" in self.helpers:
            return "REACH" if self.helpers["attack_reach"] else None
        if not self.attacks_directly() or any(map(counted, self.game.rules)):
            # the general form reads every rule's stages; a counted travel reads its line
            self.helpers["attack_reach"] = []
            return None
        geo = self.geo
        at_cell: list[ir.Expr | None] = []   # read on the tested cell itself
        elsewhere: list[ir.Expr | None] = []   # read on other cells (a mover's, a landing)
        # offsets back from the tested cell
        steps: set[tuple[int, int]] = set()
        slides: set[tuple[int, int]] = set()
        jumps: set[tuple[int, int]] = set()
        for rule in self.game.rules:
            if isinstance(rule, ir.StepRule) and rule.kind is not None:
                if ir.within_empty(rule.to):
                    continue   # it lands on none: the tested cell holds a piece, or a phantom
                at_cell.append(rule.to)
                elsewhere.append(rule.origin)
                (slides if rule.slide else steps).update(d for ds in rule.directions for d in ds)
            elif isinstance(rule, ir.JumpRule):
                at_cell.append(rule.over)
                elsewhere += [rule.to, rule.origin]
                jumps.update((s * dx, s * dy) for ds in rule.directions for dx, dy in ds
                             for s in (1, -1))
            elif isinstance(rule, ir.PlaceRule) and not ir.within_empty(rule.where):
                at_cell.append(rule.where)
        if not all(e is None or _cell_own(e) for e in at_cell + elsewhere):
            self.helpers["attack_reach"] = []
            return None
        # the variables it reads (a set of cells, such as en passant's): read on other cells,
        # the same, or test anew; read on the tested cells only, the same there
        def variables(exprs: list[ir.Expr | None]) -> set[int]:
            return {n.index for e in exprs if e is not None for n in ir.walk(e)
                    if isinstance(n, ir.Var)}
        self.attack_vars = sorted(variables(elsewhere))
        self.attack_vars_at = sorted(variables(at_cell) - variables(elsewhere))
        def table(name: str, offsets: set[tuple[int, int]]) -> None:
            rows = []
            for c in range(self.layout_bits + 1):
                cells = 0
                if geo.playable >> c & 1:
                    cells = 1 << c
                    for dx, dy in offsets:
                        cell = geo.neighbour(c, -dx, -dy)
                        cells |= 0 if cell is None else 1 << cell
                rows.append(self.literal(cells))
            self.tables.append(f"static const bb {name}[] = {{{', '.join(rows)}}};")
        # REACH: the cell, a step back and either side of a jump; STRICT: the cells whose
        # every change counts (the cell itself and a jump's landing cells, read by rules'
        # own expressions); the others are read for enemy pieces and for blockers only
        table("REACH", steps | jumps)
        table("STRICT", jumps)
        w = CWriter()
        w("static int ATK_ON;   /* set by keep_allowed: the kept attacks are this position's */")
        w("static bb ATK_OCC;   /* and the cells occupied before the move */")
        with w.block("static bb attack_reach(bb x, bb occ)"):
            w("bb r = ZERO; int d;")
            with w.block("while (bb_any(x))"):
                w("int c = bb_pop(&x); r = bb_or(r, REACH[c]);")
                # a slide's ray back from the cell, up to the first piece on it (which a
                # move must change, or one of the empty cells before it, to matter)
                for dx, dy in sorted(slides):
                    w("d = c;")
                    with self.walk_cell(w, "d", -dx, -dy):
                        w("if (d == c) break;   /* round a ring */")
                        w("r = bb_or(r, bb_bit(d)); if (bb_test(occ, d)) break;")
            w("return r;")
        with w.block("static bb attack_strict(bb x)"):
            w("bb r = ZERO; while (bb_any(x)) r = bb_or(r, STRICT[bb_pop(&x)]); return r;")
        self.helpers["attack_reach"] = w.lines
        return "REACH"

    def kept_attack(self, e: ir.Attacked, p: int) -> int | None:
        """The number of a filter's `attacked` whose cells the position alone gives (no
        `here`, `origin` or numbers of the move), when the reach table applies; its
        helper `attacked_keptK` answers the test made once before the moves when the move
        changed no cell it reads and left the cells the same, and tests anew otherwise."""
        if any(isinstance(n, (ir.Here, ir.Origin, ir.Param, ir.Captured))
               for n in ir.walk(e.cells)) or self.attack_reach() is None:
            return None
        k = len(self.kept_sites)
        self.kept_sites.append((e, p))
        planes = " ".join(f"ch = bb_or(ch, bb_xor(b{i}, s->b[{i}]));"
                          for i in range(self.n_planes))
        same = "".join(f" && bb_eq(v{i}, s->c[{i}])" if self.cell_vars[i] else
                       f" && v{i} == s->v[{i}]" for i in self.attack_vars)
        same += "".join(f" && !bb_any(bb_and(bb_xor(v{i}, s->c[{i}]), x))"
                        for i in self.attack_vars_at)
        head = [f"static bb ATK_X{k}, ATK_R{k}, ATK_S{k}; static int ATK_V{k};",
                f"static inline int attacked_kept{k}({self.local_params()}const state_t *s, "
                "int mover, bb x) {",
                f"    if (ATK_ON && bb_eq(x, ATK_X{k}){same}) {{",
                f"        bb ch = ZERO; {planes}",
                f"        if (!bb_any(bb_and(ch, ATK_R{k}))) return ATK_V{k};"]
        # the shortcut for cells not attacked before holds for the mover's own pieces only:
        # on an enemy's (`attacked enemy king`) a piece of the mover's come is an attacker
        unattacked: list[str] = []
        if _mover_cells(e.cells):
            come = " ".join(f"come = bb_or(come, bb_andnot(b{i}, s->b[{i}]));"
                            for i in range(self.n_planes) if i // self.n_kinds != p)
            head[0] += f" static bb ATK_P{k}, ATK_F{k};"
            unattacked = [
                "        /* not attacked before: see kept.py; a cell emptied on a line, an",
                "           enemy piece come near or onto a ray, a strict cell changed: anew */",
                f"        if (!ATK_V{k} && !bb_any(bb_and(ch, ATK_S{k}))) {{",
                f"            bb gone = bb_andnot(ATK_OCC, {self.occ()}), come = ZERO; "
                f"{come}",
                f"            if (!bb_any(bb_and(gone, ATK_P{k})) && "
                f"!bb_any(bb_and(come, ATK_F{k}))) return 0;",
                "        }"]
        self.helpers[f"attacked_kept{k}"] = [
            *head, *unattacked, "    }",
            f"    return attacked({self.locals()}mover, x);",
            "}"]
        return k

    def keep_attacks(self, w: CWriter) -> None:
        """In keep_allowed, before the moves: each kept attack's cells, test and reach."""
        if not self.kept_sites:
            return
        with w.block("if (n > 1)"):
            self.unpack(w, "s")
            w(f"bb occ = {self.occ()};")
            w("ATK_OCC = occ;   /* once per position, for the candidates' attacked_kept */")
            with w.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with w.block(f"case {p}:"):
                        for k, (e, q) in enumerate(self.kept_sites):
                            if q != p:
                                continue
                            w(f"ATK_X{k} = {self.expr(e.cells, p)};")
                            w(f"ATK_V{k} = attacked({self.locals()}{p}, ATK_X{k});")
                            w(f"ATK_R{k} = attack_reach(ATK_X{k}, occ);")
                            w(f"ATK_S{k} = attack_strict(ATK_X{k});")
                            if _mover_cells(e.cells):
                                self.lines_open(w, k, p)
                        self.quiet_position(w, p)
                        w("break;")
            w("ATK_ON = 1;")

    def quiet(self) -> Quiet | None:
        """The filter's quiet rules (interpreter/c/quiet.py), once the filter is written;
        analysed once (each player's position code asks again)."""
        if not self.kept_sites:   # (then attack_reach is written already)
            return None
        key = len(self.kept_sites)
        if self._quiet is None or self._quiet[0] != key:
            self._quiet = (key, self._quiet_rules())
        return self._quiet[1]

    def _quiet_rules(self) -> Quiet | None:
        def kept(e: ir.Attacked) -> bool:
            return not any(isinstance(n, (ir.Here, ir.Origin, ir.Param, ir.Captured))
                           for n in ir.walk(e.cells))
        return quiet_rules(self.game, kept, set(self.attack_vars), set(self.attack_vars_at))

    def quiet_locals(self, w: CWriter) -> str | None:
        """Before keep_attacks: the locals it sets for the quiet moves; the test of a
        candidate `out[i]` that the filter allows unmade (None: no rule is quiet)."""
        quiet = self.quiet()
        if quiet is None:
            return None
        numbers = [self.board_number[i] for i in quiet.rules]
        table = [0] * (max(numbers) + 1)
        for b in numbers:
            table[b] = 1
        w(f"static const unsigned char QUIET_RULE[] = {{{', '.join(map(str, table))}}};")
        w("int quiet = 0; bb qfrom = ZERO, qto = ZERO;   /* kept.py, quiet.py */")
        return (f"(quiet && (unsigned)out[i].rule < {len(table)} && "
                "QUIET_RULE[out[i].rule] && !bb_test(qfrom, out[i].from) && "
                "!bb_test(qto, out[i].to))")

    def quiet_position(self, w: CWriter, p: int) -> None:
        """In keep_attacks, player p's: whether quiet moves may skip the filter here (every
        kept site not attacked, the constants the rules give its variables leave its cells
        as they are), and the cells a quiet move may not leave (on a line, strict) or land
        on (strict, or the tested cells)."""
        quiet = self.quiet()
        if quiet is None:
            return
        sites = [k for k, (e, q) in enumerate(self.kept_sites) if q == p and e in quiet.sites]
        if {self.kept_sites[k][0] for k in sites} != set(quiet.sites):
            return   # (each is kept for every player: never so)
        conditions = [f"!ATK_V{k}" for k in sites]
        conditions += [f"!bb_any(bb_and(bb_xor({self.expr(value, p)}, v{var}), ATK_X{k}))"
                       for var, value in quiet.constants for k in sites]
        conditions += [f"!bb_any({self.expr(g, p)})" if g.type == ir.CELLS
                       else f"!({self.truth(g, p)})" for g in quiet.checked]
        w(f"quiet = {' && '.join(conditions)};")
        w(f"qfrom = {self.union([f'bb_or(ATK_P{k}, ATK_S{k})' for k in sites])};")
        w(f"qto = {self.union([f'bb_or(ATK_S{k}, ATK_X{k})' for k in sites])};")

    def lines_open(self, w: CWriter, k: int, p: int) -> None:
        """ATK_F{k}: REACH and every enemy slide's whole ray back from the cells; ATK_P{k}:
        the rays on which an enemy piece that slides that way stands (a cell emptied there
        may open the line)."""
        sliders: dict[tuple[int, int], list[str]] = {}
        for rule in self.game.rules:
            if (isinstance(rule, ir.StepRule) and rule.kind is not None and rule.slide
                    and not ir.within_empty(rule.to)):
                for q in range(self.n_players):
                    if q != p:
                        for d in rule.directions[q]:
                            sliders.setdefault(d, []).append(self.movers(rule, q))
        w(f"ATK_P{k} = ZERO; ATK_F{k} = ATK_R{k};")
        if not sliders:
            return
        with w.block(f"for (bb xs = ATK_X{k}; bb_any(xs);)"):
            w("int c = bb_pop(&xs), d; bb ray; (void)d;")
            for (dx, dy), movers in sorted(sliders.items()):
                if len(self.geo.shifts(-dx, -dy)) == 1:   # a lattice's ray: its table
                    w(f"ray = {self.ray_table(-dx, -dy)}[c];")
                else:
                    w("ray = ZERO; d = c;")
                    with self.walk_cell(w, "d", -dx, -dy):
                        w("if (d == c) break;   /* round a ring */")
                        w("ray = bb_or(ray, bb_bit(d));")
                w(f"ATK_F{k} = bb_or(ATK_F{k}, ray);")
                w(f"if (bb_any(bb_and(ray, {self.union(sorted(set(movers)))}))) "
                  f"ATK_P{k} = bb_or(ATK_P{k}, ray);")


def _mover_cells(e: ir.Expr) -> bool:
    """Whether a set of cells holds only the mover's pieces (`own king`, `own and zone`)."""
    if isinstance(e, ir.Pieces):
        return e.owner == ir.MOVER
    if isinstance(e, ir.Op) and e.op == "and" and e.type == ir.CELLS:
        return any(_mover_cells(a) for a in e.args)
    return False


def _cell_own(e: ir.Expr) -> bool:
    """Whether a set of cells is read cell by cell: each cell's part is that cell's own."""
    if isinstance(e, (ir.Pieces, ir.Empty)):
        return True
    if isinstance(e, (ir.Const, ir.PerPlayer)):
        return True
    if isinstance(e, ir.Var):   # a set of cells held in the state: its value is compared
        return e.type == ir.CELLS
    if isinstance(e, ir.Zone):
        return isinstance(e.arg, ir.Const)
    if isinstance(e, ir.Op) and e.op in ("and", "or", "not") and e.type == ir.CELLS:
        return all(_cell_own(a) for a in e.args)
    return False
