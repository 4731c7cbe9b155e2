"""The positions seen (`repeated`) in C: the history state variable as a table of positions;
and the `streak` counts, which a position's key leaves out.

The Python back end keeps the positions seen as a frozenset of position keys (the planes, every
variable but the move counter, the history and the streak counts, the player to move), the n-th
sighting of a key adding `(key, n)`, and with `repeated board` the planes alone too
(gdl/interpreter/python/generate.py). Here the history variable is a number, n: the state's
positions seen are SEEN[0 .. n), one entry per sighting, each with a 64-bit hash of its key (and
of its board). A move writes the position it leaves into SEEN[n] and its state has n + 1; a
search that goes depth first (perft) or a playout going on from one state overwrites only
entries past its own n, so every state it holds keeps its history. `repeated` hashes the
position, then compares the whole key of each entry whose hash is equal: a hash collision costs
a comparison, never a wrong answer. The legality filter's update pushes too when the filter
reads `repeated`, as the Python back end's does: entry n, the very entry (and key) every move
from that state writes.

The loader converts at the boundary (gdl/interpreter/c/history.py): `gdl_seen_load` takes a
history as packed states (one a sighting), `gdl_seen_store` gives entries back.

The `streak` counts are the Python back end's list variable `[slot * players + player]`
(an int64_t array, so the boundary converts them as any list): after each move, before the
end rules, the mover's count of each condition grows by one when it holds, else drops to
0 (codegen.Generator.count_streaks). A position's key for repetition leaves them out.
"""

from __future__ import annotations

from gdl.interpreter.core import ir
from gdl.interpreter.c.effects import EffectsC
from gdl.interpreter.c.support import CWriter

SEEN_MAX = 16384   # entries of the table: a longer history fails the call (Python goes on)
# the body of seen_mix(x, k): one word of a key mixed with its constant (a test makes every
# hash 0, to show that equal hashes are compared whole)
MIX = "x = (x ^ k) * 0x9E3779B97F4A7C15ULL; return x ^ (x >> 31);"


def hash_constants(count: int) -> list[int]:
    """`count` odd 64-bit constants (splitmix64 from a fixed seed), one per hashed word."""
    out, x = [], 0x243F6A8885A308D3
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        out.append((z ^ (z >> 31)) | 1)
    return out


class HistoryC(EffectsC):
    def __init__(self, game: ir.GameIR):
        super().__init__(game)
        self.history = game.history
        nodes = [n for n in ir.walk(game) if isinstance(n, ir.Repeated)]
        # the filter reads the positions seen: a move list depends on them (memo_guard)
        self.filter_repeats = game.illegal is not None and any(
            isinstance(n, ir.Repeated) for n in ir.walk(game.illegal))
        self.board_history = any(n.board for n in nodes)
        self.counted_history = any(n.times > 2 for n in nodes)
        skip = {game.plies, game.history, game.streak}   # the hidden counters
        self.key_variables = tuple(i for i in range(len(game.variables)) if i not in skip)

    # ---- what the state update and the ends call
    def push_seen(self, w: CWriter, p: int) -> None:
        """The position the move leaves (the locals before its change) joins the history."""
        self.seen_helpers()
        w(f"seen_push({self.locals()}{p});")
        w(f"v{self.history} += 1;")

    def repeated(self, e: ir.Repeated, p: int) -> str:
        self.seen_helpers()
        if e.board and e.times > 2:   # Python's history counts no board: never so
            return "0"
        if e.board:
            planes = "".join(f"b{i}, " for i in range(self.n_planes))
            return f"seen_board({planes}v{self.history})"
        return f"seen_times({self.locals()}{self.next_player(p)}, {e.times - 1})"

    def count_streaks(self, w: CWriter, p: int) -> None:
        """Player p's count of each `streak` condition after p's move: one more when the
        condition holds on the position the move left, else 0. Every condition is judged
        before any count changes (the Python back end builds its new tuple from the old)."""
        if self.game.streak is None:
            return
        n, var = self.n_players, f"v{self.game.streak}"
        held = [f"held{slot}" for slot in range(len(self.game.streaks))]
        for name, condition in zip(held, self.game.streaks):
            w(f"int {name} = {self.truth(condition, p)};")
        for slot, name in enumerate(held):
            i = slot * n + p
            w(f"{var}[{i}] = {name} ? {var}[{i}] + 1 : 0;   /* streak {slot} */")

    def streak(self, e: ir.Streak, p: int) -> str:
        """The count of `who` (the mover, or the next player) for the condition's slot."""
        who = str(p) if e.who == ir.MOVER else self.next_player(p)
        return f"v{self.game.streak}[{e.slot * self.n_players} + {who}]"

    # ---- the table and its functions
    def key_words(self, e: str) -> list[str]:
        """The words of a position's key, read from the locals (e = '') or from the state
        `e` points to: the planes, the key's variables, the player to move."""
        out = [f"{e}b[{i}].w[{j}]" if e else f"b{i}.w[{j}]"
               for i in range(self.n_planes) for j in range(self.W)]
        for i in self.key_variables:
            if self.cell_vars[i]:
                out += [f"{e}c[{i}].w[{j}]" if e else f"v{i}.w[{j}]" for j in range(self.W)]
            elif self.array_vars[i]:
                out += [f"{e}k[{i}][{j}]" if e else f"v{i}[{j}]" for j in range(self.array_len(i))]
            else:
                out.append(f"{e}v[{i}]" if e else f"v{i}")
        return [*out, f"{e}pl" if e else "pl"]

    def seen_helpers(self) -> None:
        if "seen" in self.helpers:
            return
        assert self.history is not None   # only a game with a history reads it
        key = self.key_words("")
        board = key[:self.n_planes * self.W]
        constants = hash_constants(len(key))
        planes = ", ".join(f"bb b{i}" for i in range(self.n_planes))
        params = f"{self.local_params()}int64_t pl"
        h = f"v{self.history}"

        def hashing(words: list[str]) -> list[str]:
            return ["    uint64_t h = 0;",
                    *(f"    h += seen_mix((uint64_t)({x}), 0x{k:x}ULL);"
                      for x, k in zip(words, constants)),
                    "    return h;"]

        same = " && ".join(f"{a} == {b}" for a, b in zip(self.key_words("e->"), key))
        same_board = " && ".join(f"{a} == {b}" for a, b in
                                 zip(self.key_words("e->")[:len(board)], board)) or "1"
        stores = [f"    {a} = {b};" for a, b in zip(self.key_words("e->"), key)]
        lines = [
            f"#define SEEN_MAX {SEEN_MAX}",
            "static state_t SEEN[SEEN_MAX];   /* a state's positions seen: SEEN[0 .. n) */",
            "static uint64_t SEEN_H[SEEN_MAX], SEEN_B[SEEN_MAX];   /* hashes: key, board */",
            f"static inline uint64_t seen_mix(uint64_t x, uint64_t k) {{ {MIX} }}",
            f"static inline uint64_t key_hash({params}) {{", *hashing(key), "}",
            f"static inline uint64_t board_hash({planes}) {{", *hashing(board), "}",
            f"static void seen_push({params}) {{",
            f"    int64_t n = {h};",
            "    if (n < 0 || n >= SEEN_MAX) { gdl_error = 6; return; }   /* past the table */",
            *self.memo_guard(),
            "    state_t *e = &SEEN[n];", *stores,
            f"    SEEN_H[n] = key_hash({self.locals()}pl);",
            f"    SEEN_B[n] = board_hash({', '.join(f'b{i}' for i in range(self.n_planes))});",
            "}",
            "/* whether the key occurs `need` times among the positions seen */",
            f"static int seen_times({params}, int64_t need) {{",
            f"    uint64_t h = key_hash({self.locals()}pl); int64_t found = 0;",
            f"    for (int64_t i = 0; i < {h}; i++) {{",
            "        const state_t *e = &SEEN[i];",
            f"        if (SEEN_H[i] == h && {same} && ++found >= need) return 1;",
            "    }",
            "    return 0;",
            "}",
            f"static int seen_board({planes}{', ' if planes else ''}int64_t n) {{",
            f"    uint64_t h = board_hash({', '.join(f'b{i}' for i in range(self.n_planes))});",
            "    for (int64_t i = 0; i < n; i++) {",
            "        const state_t *e = &SEEN[i];",
            f"        if (SEEN_B[i] == h && {same_board}) return 1;",
            "    }",
            "    return 0;",
            "}"]
        self.helpers["seen"] = lines

    def memo_guard(self) -> list[str]:
        """With `repeated` in the filter a move list depends on the positions seen, not only
        on their count: the memo of a listing (entry.py's MEMO, on the state's fields) is
        dropped when an entry it read is written again (its state had more than n)."""
        if not self.filter_repeats:
            return []
        return [f"    if (MEMO_N >= 0 && n < MEMO_S.v[{self.history}]) MEMO_N = -1;"]

    def seen_entry_points(self, w: CWriter) -> None:
        """`gdl_seen_load(in, n)`: the history of n sightings, each a packed state (its key's
        fields; the rest ignored); `gdl_seen_store(out, from, n)`: entries from..from+n-1."""
        self.seen_helpers()
        w(f"int64_t gdl_seen_max(void) {{ return {SEEN_MAX}; }}")
        with w.block("int gdl_seen_load(const uint64_t *in, int64_t n)"):
            w("if (n < 0 || n > SEEN_MAX) return -1;")
            w("gdl_error = 0;")
            if self.filter_repeats:
                w("MEMO_N = -1;   /* its listing read the positions seen before these */")
            with w.block("for (int64_t i = 0; i < n; i++)"):
                w("state_t t; load_state(in + i * NSW, &t); const state_t *s = &t;")
                self.unpack(w, "s")
                w("int64_t pl = s->pl;")
                w(f"v{self.history} = i;")
                w(f"seen_push({self.locals()}pl);")
            w("return gdl_error ? -1 : 0;")
        with w.block("int gdl_seen_store(uint64_t *out, int64_t from, int64_t n)"):
            w("if (from < 0 || n < 0 || from + n > SEEN_MAX) return -1;")
            w("for (int64_t i = 0; i < n; i++) store_state(&SEEN[from + i], out + i * NSW);")
            w("return 0;")
