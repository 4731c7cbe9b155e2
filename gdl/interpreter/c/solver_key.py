"""The exact solver's table key in C: the canonical state packed into as few words as its
bits need (`sv_key_t`, SK words; `sv_key`), and the symmetries' images of a set of cells
by table look-up where the board fits one word.

A piece's plane (and a set-of-cells variable) holds cells of the board only, so only the
board's bits are kept, run by run (Connect Four 6x5: two planes of 30 cells and the
player to move, 61 bits, one word instead of three); numbers and counts keep their 64
bits; the player to move one bit (the solver takes two-player games only). A state with
a bit where the key keeps none (a plane off the board, a third player) is refused
(`sv_key` answers 1), never packed wrong. Of the images of a state under the symmetries,
the key is the least packed one (as `canon` takes the least of its words).
"""

from __future__ import annotations

from collections.abc import Iterator

from gdl.interpreter.core.symmetry import sources
from gdl.interpreter.c.entry import EntryC
from gdl.interpreter.c.support import CWriter

FULL = (1 << 64) - 1


def runs(mask: int) -> Iterator[tuple[int, int]]:
    """(start, length) of each run of consecutive set bits of `mask`, lowest first."""
    at = 0
    while mask >> at:
        if not mask >> at & 1:
            at += 1
            continue
        start = at
        while mask >> at & 1:
            at += 1
        yield start, at - start


def pack_lines(words: list[tuple[str, int]]) -> tuple[list[str], int]:
    """C statements that pack each (word expression, bits kept) of `words` into
    `k->k[...]`, in order, and how many bits they take."""
    lines, pos = [], 0
    for expr, mask in words:
        for start, length in runs(mask):
            while length:
                take = min(length, 64 - pos % 64)
                part = f"({expr} >> {start})" if start else expr
                if take < 64:
                    part = f"({part} & 0x{(1 << take) - 1:x}ULL)"
                if pos % 64:
                    part = f"({part} << {pos % 64})"
                lines.append(f"k->k[{pos // 64}] |= {part};")
                start, length, pos = start + take, length - take, pos + take
    return lines, pos


class SolverKey(EntryC):
    """The exact solver's key (SolverC writes the rest): `sv_key_t`, `sv_key`, and the
    symmetries' images of a state (`image_of`) and of a set of cells (`sym_image`)."""

    def key_sources(self) -> list[tuple[str, int]]:
        """Each state word the key reads, with the bits of it that it keeps."""
        board = self.game.geometry.playable
        cells = [board >> (64 * j) & FULL for j in range(self.W)]
        out = [(f"t->b[{i}].w[{j}]", cells[j]) for i in range(self.n_planes)
               for j in range(self.W)]
        for i in range(len(self.game.variables)):
            field = f"t->{self.var_field(i)}"
            if self.cell_vars[i]:
                out += [(f"{field}.w[{j}]", cells[j]) for j in range(self.W)]
            elif self.array_vars[i]:
                out += [(f"(uint64_t){field}[{j}]", FULL) for j in range(self.var_words(i))]
            else:
                out.append((f"(uint64_t){field}", FULL))
        out.append(("(uint64_t)t->pl", 1))
        return out

    def packed_key(self, w: CWriter) -> None:
        """`sv_key_t` and `sv_key(s, out)`: the least packed image of `s` (1: not packable)."""
        lines, bits = pack_lines(self.key_sources())
        words = max(1, -(-bits // 64))
        w(f"#define SK {words}")
        w("typedef struct { uint64_t k[SK]; } sv_key_t;")
        # a table entry: the key, the best move's index, the value, (flag & 3) what the
        # value is (0: an empty slot) and (flag >> 2) the probe that wrote it, the nodes its
        # search took; padded to a power of two up to a cache line, so a bucket fills one
        size = 8 * words + 8
        padded = 1 << (size - 1).bit_length() if size <= 64 else size
        pad = f" uint8_t pad[{padded - size}];" if padded > size else ""
        w("typedef struct { uint64_t k[SK]; int16_t move; int8_t value; uint8_t flag; "
          f"uint32_t work;{pad} }} sv_entry;")
        w(f"#define SV_WAYS {max(2, 64 // padded)}   /* entries a bucket */")
        with w.block("static inline void sv_pack_key(const state_t *t, sv_key_t *k)"):
            w("memset(k, 0, sizeof *k);")
            for line in lines:
                w(line)
        with w.block("static inline int sv_key_less(const sv_key_t *a, const sv_key_t *b)"):
            w("for (int i = SK - 1; i >= 0; i--) if (a->k[i] != b->k[i]) "
              "return a->k[i] < b->k[i];")
            w("return 0;")
        off = [f"(s->b[{i}].w[{j}] & ~PLAYABLE.w[{j}])" for i in range(self.n_planes)
               for j in range(self.W)]
        off += [f"(s->c[{i}].w[{j}] & ~PLAYABLE.w[{j}])"
                for i in range(len(self.game.variables)) if self.cell_vars[i]
                for j in range(self.W)]
        with w.block("static int sv_key(const state_t *s, sv_key_t *out)"):
            w(f"if ({' | '.join(off) or '0'} || (uint64_t)s->pl > 1) return 1;")
            w("sv_pack_key(s, out);")
            symmetries = self.game.symmetries[1:]
            if symmetries:
                w("state_t t; sv_key_t k;")
            for j, sym in enumerate(symmetries):
                w("t = *s;")
                self.image_of(w, j, sym)
                w("sv_pack_key(&t, &k);")
                w("if (sv_key_less(&k, out)) *out = k;")
            w("return 0;")

    def symmetry_images(self, w: CWriter) -> None:
        """SYM<j> (symmetry j's cell table) and `sym_image(x, j)`: a byte's image at a time
        from tables filled on first use when the board fits one word, else cell by cell."""
        symmetries = self.game.symmetries[1:]
        for j, sym in enumerate(symmetries):
            table = ", ".join(str(sym.perm[c]) if c < len(sym.perm) else str(c)
                              for c in range(self.layout_bits))
            w(f"static const int16_t SYM{j}[{self.layout_bits}] = {{{table}}};")
        if not symmetries:
            return
        count = len(symmetries)
        w(f"static const int16_t *const SYMS[{count}] = "
          f"{{{', '.join(f'SYM{j}' for j in range(count))}}};")
        with w.block("static inline bb sym_cells(bb x, const int16_t *perm)"):
            w("bb r = ZERO;")
            w("while (bb_any(x)) {")
            w("    int c = perm[bb_pop(&x)]; r.w[c >> 6] |= 1ULL << (c & 63);")
            w("}")
            w("return r;")
        if self.W > 1:
            w("#define sym_image(x, j) sym_cells(x, SYMS[j])")
            return
        chunks = -(-self.layout_bits // 8)
        w(f"#define LAYOUT_BITS 0x{(1 << self.layout_bits) - 1:x}ULL")
        w(f"static uint64_t SYM_BYTES[{count}][{chunks}][256]; static int SYM_FILLED;")
        with w.block("static void sym_fill(void)"):
            w(f"for (int j = 0; j < {count}; j++) for (int c = 0; c < {chunks}; c++)")
            w("    for (int v = 0; v < 256; v++) {")
            w("        bb x = ZERO; x.w[0] = (uint64_t)v << (8 * c) & LAYOUT_BITS;")
            w("        SYM_BYTES[j][c][v] = sym_cells(x, SYMS[j]).w[0];")
            w("    }")
            w("SYM_FILLED = 1;")
        with w.block("static inline bb sym_image(bb x, int j)"):
            w("if (!SYM_FILLED) sym_fill();")
            w("bb r = ZERO; uint64_t v = x.w[0];")
            w(f"for (int c = 0; c < {chunks}; c++, v >>= 8) "
              "r.w[0] |= SYM_BYTES[j][c][v & 255];")
            w("return r;")

    def image_of(self, w: CWriter, j: int, sym) -> None:
        """t = the image of s under symmetry j (as python/canonical.py's `gen_canonical`)."""
        moves = any(sym.perm[c] != c for c in range(len(sym.perm)))
        # a colour swap's planes come from the other player's, a recolouring's from the kind
        # renamed onto this one (gdl.interpreter.core.symmetry.sources)
        for i, source in enumerate(sources(sym, self.n_kinds, self.n_planes // self.n_kinds)):
            plane = f"s->b[{source}]"
            w(f"t.b[{i}] = {f'sym_image({plane}, {j})' if moves else plane};")
        for i in range(len(self.game.variables)):
            if self.cell_vars[i] and moves:
                w(f"t.c[{i}] = sym_image(s->c[{i}], {j});")
            elif self.count_vars[i] and moves:
                w(f"for (int c = 0; c < {self.layout_bits}; c++) "
                  f"t.k[{i}][SYM{j}[c]] = s->k[{i}][c];")
            elif i == self.game.hand and sym.kinds:   # the hands' counts follow the pieces
                for q, source in enumerate(sources(sym, self.n_kinds, self.n_players)):
                    if q != source:
                        w(f"t.k[{i}][{q}] = s->k[{i}][{source}];")
            elif self.game.variables[i].per_player and sym.swap:   # players 0 and 1's numbers
                w(f"t.k[{i}][0] = s->k[{i}][1]; t.k[{i}][1] = s->k[{i}][0];")
            elif i == self.game.hand and sym.swap:
                k = self.n_kinds
                w(f"for (int q = 0; q < {k}; q++) {{ t.k[{i}][q] = s->k[{i}][{k} + q]; "
                  f"t.k[{i}][{k} + q] = s->k[{i}][q]; }}")
        if sym.swap:
            w("t.pl = s->pl ^ 1; t.res = SWAPRES[s->res];")
