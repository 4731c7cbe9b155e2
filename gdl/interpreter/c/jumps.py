"""Jumps and jump chains in C (the twin of `jump_moves` and `jump_chains` of
gdl/interpreter/python/travels.py): a single jump is a test per step; a chain (`repeatedly`)
is an explicit stack of (cell, captures so far), each maximal chain a move, in any stage of
a move (with `at will`, every chain); a hop takes nothing, and its chain lists each cell it
reaches once. A move is its ends and its captures, so a circuit of four or more captures run
both ways is listed once; `by path` keeps each chain's jumps in the move's `path` word instead,
each order its own move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gdl.interpreter.core import ir
from gdl.interpreter.c.flying import FlyingC
from gdl.interpreter.c.lists import ListsC
from gdl.interpreter.c.support import CWriter

STACK = 4096   # pending jumps of one chain search (refused past it, never overrun)
PATH_BITS = 64   # a by-path chain's jumps, a few bits each (a longer chain: refused)


class JumpsC(FlyingC, ListsC):
    if TYPE_CHECKING:   # written by MovesC, the class built on this one
        stage_k: int | None
        by_path: bool
        def movers(self, rule: ir.StepRule | ir.JumpRule, p: int) -> str: ...

    def jump_moves(self, w: CWriter, rule: ir.JumpRule, tag: int, p: int) -> None:
        steps = [step for dx, dy in rule.directions[p] for step in self.geo.jumps(dx, dy)]
        w(f"bb over = {self.expr(rule.over, p)};")
        w(f"bb land = {self.expr(rule.to, p)};")
        w(f"bb m = {self.movers(rule, p)};")
        with w.block("while (bb_any(m))"):
            w("int f = bb_pop(&m);")
            if rule.far:
                self.flying_jumps(w, rule, tag, p, STACK)
                return
            if not rule.repeat:
                for off, land, mask in steps:
                    taken = f"bb_bit(f + ({off}))" if rule.takes else "ZERO"
                    w(f"if (bb_test({self.mask(mask)}, f) && bb_test(over, f + ({off})) "
                      f"&& bb_test(land, f + ({land}))) "
                      + self.add(f"f + ({land})", "f", tag, taken))
                return
            if not rule.takes:
                self.hop_chains(w, steps, tag)
                return
            self.jump_chains(w, rule, steps, tag, ir.shortest_circuit(rule.directions[p]))

    def hop_chains(self, w: CWriter, steps: list[tuple[int, int, int]], tag: int) -> None:
        """Every cell a chain of hops from the piece on `f` reaches, each once, in the order
        the Python back end finds them (its list of cells to go on from is this stack)."""
        w("bb free = bb_or(land, bb_bit(f));   /* the hopping piece has left its cell */")
        w("bb seen = bb_bit(f), hover = bb_andnot(over, bb_bit(f));   /* not over itself */")
        w(f"int sp = 0; static int st_c[{STACK}];")
        w("st_c[sp++] = f;")
        with w.block("while (sp)"):
            w("int c = st_c[--sp];")
            for off, land, mask in steps:
                with w.block(f"if (bb_test({self.mask(mask)}, c) && bb_test(hover, c + ({off})) "
                             f"&& bb_test(free, c + ({land})) && !bb_test(seen, c + ({land})))"):
                    w(f"seen = bb_or(seen, bb_bit(c + ({land})));")
                    w(f"if (sp >= {STACK}) {{ gdl_error = 1; return n; }}")
                    w(f"st_c[sp++] = c + ({land});")
                    w(self.add(f"c + ({land})", "f", tag))

    def jump_chains(self, w: CWriter, rule: ir.JumpRule, steps: list[tuple[int, int, int]],
                    tag: int, circuit: int = 4) -> None:
        """Every maximal chain of the piece on `f`, depth first as the Python back end
        walks them (its list of pending jumps is this stack)."""
        w("bb free = bb_or(land, bb_bit(f));   /* the jumping piece has left its cell */")
        w(f"int sp = 0; static int st_c[{STACK}]; static bb st_cap[{STACK}];")
        # by path: each jump's number + 1 in `width` bits, the first highest (Python's)
        width = len(steps).bit_length()
        if rule.by_path:
            w(f"static uint64_t st_path[{STACK}]; st_path[sp] = 0;")
        w("st_c[sp] = f; st_cap[sp] = ZERO; sp++;")
        with w.block("while (sp)"):
            w("sp--; int c = st_c[sp]; bb cap = st_cap[sp]; int grown = 0;")
            if rule.by_path:
                w("uint64_t path = st_path[sp];")
            for i, (off, land, mask) in enumerate(steps):
                with w.block(f"if (bb_test({self.mask(mask)}, c) && bb_test(over, c + ({off})) "
                             f"&& !bb_test(cap, c + ({off})) && bb_test(free, c + ({land})))"):
                    w(f"if (sp >= {STACK}) {{ gdl_error = 1; return n; }}")
                    if rule.by_path:
                        w(f"if (path >> {PATH_BITS - width}) {{ gdl_error = 1; return n; }}")
                        w(f"st_path[sp] = path << {width} | {i + 1};")
                    w(f"st_c[sp] = c + ({land}); st_cap[sp] = bb_or(cap, bb_bit(c + ({off}))); "
                      "sp++; grown = 1;")
            with w.block("if (bb_any(cap))" if rule.stops else "if (bb_any(cap) && !grown)"):
                self.chain_end(w, rule, tag, circuit)

    def chain_end(self, w: CWriter, rule: ir.JumpRule, tag: int, circuit: int = 4) -> None:
        """A chain that can grow no more is a move (in a later stage, the move so far `mv`
        with this stage's fields, its captures joined to the earlier ones')."""
        arr, count = self.target
        if rule.by_path:   # each order its own move
            path = "path" if self.stage_k is None else f"{arr}[{count} - 1].path | path"
            w(f"{{ {self.add('c', 'f', tag, 'cap')} {arr}[{count} - 1].path = {path}; }}")
            return
        # a circuit of `circuit` or more captures run both ways is one move; a flying chain
        # may end alike by two paths of any length
        short = "" if rule.far else f"bb_count(cap) < {circuit} || "
        if not rule.far:
            w(f"/* a circuit of {'four' if circuit == 4 else circuit} or more captures run "
              "both ways is one move */")
        if self.stage_k is None:
            w(f"if ({short}!listed({arr}, {count}, c, f, {tag}, cap)) "
              + self.add("c", "f", tag, "cap"))
            return
        k = self.stage_k - 1
        path = " || o->path != m->path" if self.by_path else ""
        self.helpers.setdefault("listed_move", [
            "static inline int listed_move(const move_t *out, int n, const move_t *m) {",
            "    for (int i = 0; i < n; i++) {   /* the same move: every field alike */",
            "        const move_t *o = &out[i];",
            "        if (o->to != m->to || o->from != m->from || o->rule != m->rule || "
            f"!bb_eq(o->cap, m->cap){path}) continue;",
            "        if (!memcmp(o->sto, m->sto, sizeof o->sto) && "
            "!memcmp(o->sfrom, m->sfrom, sizeof o->sfrom)) return 1;",
            "    }",
            "    return 0;",
            "}"])
        with w.block(""):
            w(f"move_t x = mv; x.sto[{k}] = c + 1; x.sfrom[{k}] = f; x.cap = bb_or(mv.cap, cap);")
            w(f"if ({short}!listed_move({arr}, {count}, &x)) "
              f"PUTM({arr}, {count}, x);")
