"""The whole C source of a game: types, tables, move generation, the state update and end
rules, and the entry points the loader binds (the twin of gdl/interpreter/python/generate.py).

`generate(game)` is pure: it returns the C source and the `Layout` the loader needs to
pack states and moves. It raises `Unsupported` naming the first construct it has no
code for; the game then runs on the Python back end.

Entry points (interpreter/c/entry.py; every state is NSW 64-bit words: the planes, W words each;
the variables, one word a number (the positions seen: how many), W a set of cells, one
word an element of an array; the player to move; the result; every move MW words: the
Python move int, then for a move of numbers its rule + 1 and its numbers):

    int gdl_legal(const uint64_t *state, uint64_t *moves, int max)   -> count, -1: error
    int gdl_apply(const uint64_t *state, const uint64_t *move, uint64_t *out)   -> 0, -1
    int64_t gdl_perft(const uint64_t *state, int depth)                      -> -1: error
    int gdl_playouts(const uint64_t *state, int64_t games, uint64_t seed,
                     int64_t max_plies, int64_t *stats)   stats: plies, then games by result
    int64_t gdl_rollout(const uint64_t *state, uint64_t seed, int64_t max_plies,
                        uint64_t *out)   -> its result code (0: cut, the state in out)
    int gdl_seen_load(const uint64_t *states, int64_t n)   the positions seen (a game
    int gdl_seen_store(uint64_t *out, int64_t from, int64_t n)   with a history: history.py)
    int gdl_solve(...)   the exact solver (interpreter/c/solver.py)
    int gdl_pns(...)     proof-number search (interpreter/c/pns_text.py)
    int gdl_search(...)   alpha-beta for the AI (interpreter/c/search.py), its evaluation
                          (interpreter/c/evaluation.py: gdl_eval_set, gdl_evaluate, gdl_features)
    int gdl_mcts(...)   UCT for the AI, its tree and rollouts native (interpreter/c/mcts.py)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import attrs

from gdl.interpreter.core import ir
from gdl.interpreter.core.reads import holders
from gdl.interpreter.core.ir import within_empty
from gdl.interpreter.c.support import PARAM_BASE
from gdl.interpreter.c.mcts import MctsC
from gdl.interpreter.c.moves import PUT_DEFINE
from gdl.interpreter.c.search import SearchC
from gdl.interpreter.c.prelude import PRELUDE
from gdl.interpreter.c.support import CWriter


@attrs.frozen
class Layout:
    """How the loader packs a state and a move into words (see the module doc)."""
    words: int            # W: words of one plane
    planes: int
    variables: tuple[int, ...]   # words of each state variable: 1 (a number), W (cells),
                                 # one per layout bit (a count per cell)
    move_words: int       # MW
    max_moves: int
    results: int          # result codes 0..results-1
    counts: tuple[bool, ...] = ()   # which variables are arrays (counts per cell, lists)
    history: int | None = None      # the variable of the positions seen (its count of them)
    key_variables: tuple[int, ...] = ()   # the variables of a position's key
    counted_history: bool = False   # a key seen n > 1 times adds (key, n)
    board_history: bool = False     # every sighting adds the board's key too
    board_move_words: int = 1       # the words of a board move (then a move of numbers')
    param_sizes: tuple[int, ...] = ()   # per rule, how many numbers its moves have
    filter_history: bool = False    # the legality filter reads the positions seen

    @property
    def state_words(self) -> int:
        return self.planes * self.words + sum(self.variables) + 2


def layout_digest(layout: Layout) -> int:
    """64 bits of a hash of the layout: the library returns the one it was generated with
    (`gdl_layout`), so that a layout read from the cache's index is never used with a
    library of another one (a damaged or edited index)."""
    text = json.dumps(attrs.asdict(layout), sort_keys=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


def ir_digest(game: ir.GameIR) -> int:
    """64 bits of a hash of the game's IR: the library returns the one it was generated
    from (`gdl_game`), so that an index naming another game's library is not followed."""
    return int.from_bytes(hashlib.sha256(ir.fingerprint(game).encode()).digest()[:8], "little")


def layout_of(recorded: dict) -> Layout | None:
    """The layout an index file records (None: not one of this version's)."""
    if not isinstance(recorded, dict):
        return None
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                              for k, v in recorded.items()}
    try:
        return Layout(**fields)
    except TypeError:
        return None


class GameC(SearchC, MctsC):
    def __init__(self, game: ir.GameIR, evaluation: tuple = (None, None)):
        super().__init__(game)
        self.evaluation = evaluation

    # ---- the state update
    def gen_apply(self, w: CWriter) -> None:
        with w.block("static void apply_move(const state_t *s, const move_t *mp, state_t *o)"):
            self.unpack(w, "s")
            self.stage_locals(w)
            w("(void)occ;")
            with w.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with w.block(f"case {p}:"):
                        self.kept_floods = True   # as in allowed() (groups.py)
                        with w.block("switch (mp->rule)"):
                            self.rule_cases(w, p)
                        self.kept_floods = False
                        self.ends(w, p)
                        w("break;")

    def gen_allowed(self, w: CWriter) -> None:
        """`allowed(s, m)`: the move's change of the position, then the legality filter on
        it from the mover's side (as codegen.Generator's `allowed`)."""
        if self.game.illegal is None:
            return
        with w.block("__attribute__((noinline)) static int allowed(const state_t *s, "
                     "const move_t *mp)"):
            self.alive_shortcut(w)   # (from s itself: alive.py)
            self.unpack(w, "s")
            self.stage_locals(w)
            w("(void)occ;")
            self.kept_floods = True   # its floods may start from the memo's (groups.py)
            with w.block("switch (s->pl)"):
                for p in range(self.n_players):
                    with w.block(f"case {p}:"):
                        with w.block("switch (mp->rule)"):
                            self.rule_cases(w, p, judge=True)
                        w(f"occ = {self.occ()};")
                        self.judging = True
                        w(f"return !{self.truth(self.game.illegal, p)};")
                        self.judging = False
            self.kept_floods = False
            w("return 0;")
        w("")
        # the filter's own `moves` (a nested listing) must not take the memo's list, which
        # a draw or an early answer may be reading
        depth_in = " HM_DEPTH++;" if self.nested_moves else ""
        depth_out = "HM_DEPTH--; " if self.nested_moves else ""
        with w.block("static int keep_allowed(const state_t *s, move_t *out, int n)"):
            quiet = self.quiet_locals(w)   # allowed unmade (kept.py)
            self.keep_attacks(w)
            self.keep_groups(w)
            w(f"int kept = 0;{depth_in}")
            test = "allowed(s, &out[i])" if quiet is None else f"{quiet} || allowed(s, &out[i])"
            w(f"for (int i = 0; i < n; i++) if ({test}) out[kept++] = out[i];")
            if self.kept_sites:
                w("ATK_ON = 0;")
            if "GRP_ON" in self.helpers:
                w("GRP_ON = 0;")
            w(f"{depth_out}return kept;")
        w("")
        self.lazy_filter(w)

    def lazy_filter(self, w: CWriter) -> None:
        """The filter asked of few moves (an early answer, a random playout's move): with
        no attacks made before the moves, which cost a whole position's test."""
        off = "int on = ATK_ON; ATK_ON = 0;" if self.kept_sites else ""
        back = "ATK_ON = on;" if self.kept_sites else ""
        if self.nested_moves:
            off, back = f"{off} HM_DEPTH++;", f"HM_DEPTH--; {back}"
        if "GRP_ON" in self.helpers:   # groups.py's memo of s, made if a candidate asks
            off, back = f"{off} GRP_AT = s; GRP_ON = 1;", f"GRP_ON = 0; {back}"
        with w.block("static int first_allowed(const state_t *s, const move_t *out, int n)"):
            w(f"/* the first allowed of out[0..n), -1: none */ {off}")
            w("int i = 0; while (i < n && !allowed(s, &out[i])) i++;")
            w(f"{back} return i < n ? i : -1;")
        with w.block("static int draw_allowed(const state_t *s, move_t *out, int n, int known, "
                     "int also, uint64_t *seed)"):
            w("/* a uniform draw from the allowed of out[0..n) (known and also: allowed already,")
            w("   or -1): an index, or -1 when none is; the refused are dropped from out */")
            w(f"int at = -1; {off}")
            with w.block("while (n > 0)"):
                w("int i = (int)(rng_next(seed) % (uint64_t)n);")
                w("if (i == known || i == also || allowed(s, &out[i])) { at = i; break; }")
                w("out[i] = out[--n];")
                w("if (known == n) known = i;")
                w("if (also == n) also = i;")
            w(f"{back} return at;")

    def rule_cases(self, w: CWriter, p: int, judge: bool = False) -> None:
        """One case per rule; rules whose updates are the same code share it (antichess's
        many slides), which keeps the source short and its compile quick."""
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, rule in enumerate(self.game.rules):
            part = CWriter()
            part.depth = w.depth + 1
            self.apply_rule(part, rule, p, judge)
            groups.setdefault(tuple(part.lines), []).append(i)
        for lines, members in groups.items():
            labels = " ".join(f"case {self.board_number.get(i, PARAM_BASE + i)}:"
                              for i in members)
            w(f"{labels} {{   /* rules {', '.join(map(str, members))} */")
            w.lines += list(lines)
            w.depth += 1
            w("break;")
            w.depth -= 1
            w("}")

    def apply_rule(self, w: CWriter, rule: ir.Rule, p: int, judge: bool = False) -> None:
        if self.extra_turns:
            w(f"nxt = {(p + 1) % self.n_players};")
        # The legality filter reads the position: the counter only when it reads variables.
        reads = {type(n) for n in ir.walk(self.game.illegal)} if judge else set()
        if self.game.plies is not None and (not judge or reads & {ir.Plies, ir.Var}):
            w(f"v{self.game.plies} += 1;")
        # the position the move leaves is seen: in the filter too when it reads `repeated`
        # (entry n, the same for every move from this state)
        if self.history is not None and (not judge or self.filter_repeats):
            self.push_seen(w, p)
        self.stage_change(w, rule, p, 0)
        for k, stage in enumerate(getattr(rule, "more", ()), 1):
            w(f"occ = {self.occ()};")
            if stage.guard is None:
                self.stage_change(w, stage.action, p, k)
                continue
            with w.block(f"if (mp->sto[{k - 1}])   /* the stage was made */"):
                self.stage_change(w, stage.action, p, k)

    def stage_change(self, w: CWriter, rule, p: int, k: int) -> None:
        """Stage k of the move `m` (0: the first) changes the position, then its effects
        run: `t` and `bit` are its cell (`here`), `org` the cell its piece left."""
        to, start = ("mp->to", "mp->from") if k == 0 else (f"(mp->sto[{k - 1}] - 1)",
                                                         f"mp->sfrom[{k - 1}]")
        if isinstance(rule, ir.ParamRule):   # its numbers
            for i in range(len(rule.ranges)):
                w(f"a{i} = mp->a[{i}];")
        elif isinstance(rule, ir.SelectRule):   # its numbers; `here` stays the earlier stage's
            w(f"a{rule.first} = {to};")
            if len(rule.ranges) > 1:
                w(f"a{rule.first + 1} = {start};")
        elif not isinstance(rule, ir.PassRule):
            w(f"t = {to}; bit = bb_bit(t);")
        if isinstance(rule, ir.DropRule):
            self.drop(w, rule, p, start)
        elif isinstance(rule, ir.PlaceRule):
            if not within_empty(rule.where):   # placing on a piece replaces it
                self.take_into_hand(w, rule, p)
                self.take(w, "bit")
            owner = self.n_players if rule.kind in self.game.neutral else p
            w(f"{self.plane(owner, rule.kind)} = bb_or({self.plane(owner, rule.kind)}, bit);")
        elif isinstance(rule, (ir.StepRule, ir.JumpRule)):
            w(f"org = bb_bit({start});")
            if rule.kind is not None:
                mine = self.plane(p, rule.kind)
                self.take_into_hand(w, rule, p)
                w(f"{mine} = bb_xor({mine}, org);")
                if isinstance(rule, ir.JumpRule):
                    self.take(w, "bb_or(bit, mp->cap)")
                elif not within_empty(rule.to):   # a step onto an empty cell takes nothing
                    self.take(w, "bit", holders(rule.to, p, self.planes_of, self.n_planes))
                w(f"{mine} = bb_or({mine}, bit);")
        w(f"occ = {self.occ()};")
        for effect in getattr(rule, "effects", ()):
            self.effect(w, effect, rule, p)

    def ends(self, w: CWriter, p: int) -> None:
        nxt = (p + 1) % self.n_players
        turn = "nxt" if self.extra_turns else str(nxt)
        w(f"occ = {self.occ()};")
        for effect in self.game.after:   # `after every move`: on the position the move left
            self.effect(w, effect, ir.PassRule("after"), p)
        self.count_streaks(w, p)   # before the end rules read them
        w("o->res = 0;")
        for i in range(self.n_planes):
            w(f"o->b[{i}] = b{i};")
        for i in range(len(self.game.variables)):
            self.copy_var(w, f"o->{self.var_field(i)}", i)
        w(f"o->pl = {turn};")
        winners: dict[ir.Owner | None, int | None] = {ir.MOVER: p, ir.OPPONENT: nxt, None: None}
        for n, end in enumerate(self.game.ends):
            w(f"/* end {n}: {end.outcome} */")
            if end.outcome == "score":
                self.score_end(w, end, p)
                continue
            who = winners.get(end.who, end.who)
            code = self.codes[(end.outcome, who)]   # type: ignore[index]
            w(f"if ({self.truth(end.condition, p)}) {{ o->res = {code}; break; }}")

    # ---- the whole source
    def generate(self) -> tuple[str, Layout]:
        body = CWriter()
        self.gen_moves(body)
        body("")
        self.gen_apply(body)
        body("")
        self.gen_allowed(body)
        var_words = tuple(self.var_words(i) for i in range(len(self.game.variables)))
        layout = Layout(self.W, self.n_planes, var_words, self.move_words,
                        self.max_moves, self.result_count, self.array_vars, self.history,
                        self.key_variables, self.counted_history, self.board_history,
                        self.board_move_words,
                        tuple(len(r.ranges) if isinstance(r, ir.ParamRule) else 0
                              for r in self.game.rules), self.filter_repeats)
        head = CWriter()
        head(f"/* Generated by gdl from the checked rules of game {self.comment(self.game.name)}; "
             "do not edit. */")
        head(f"#define W {self.W}")
        head(PRELUDE)
        head(f"#define NP {max(1, self.n_planes)}")
        head(f"#define NV {max(1, len(self.game.variables))}")
        head(f"#define NSW {layout.state_words}")
        head(f"#define MW {self.move_words}")
        head(f"#define MAXM {self.max_moves}")
        head(f"#define NCLASS {self.n_classes}")
        head(f"#define NRES {layout.results}")
        head(f"#define LC {self.array_max}")
        head("typedef struct { bb b[NP]; int64_t v[NV]; bb c[NV]; int64_t k[NV][LC]; "
             f"int64_t pl, res;{self.score_fields()} }} state_t;")
        head(f"#define SL {max(1, self.game.stage_slots)}")
        numbers = f" int64_t a[{self.param_slots()}];" if self.param_slots() else ""
        path = " uint64_t path;" if self.by_path else ""
        head("typedef struct { int to, from, rule; int sto[SL], sfrom[SL]; bb cap;"
             f"{path}{numbers} }} move_t;")
        head("static const bb ZERO = {{0}};")
        head(f"static const bb PLAYABLE = {self.literal(self.geo.playable)};")
        head("static const move_t NOMOVE;")
        head("/* a first stage's move; a further stage K's, made from the move so far `mv`; a */")
        head("/* whole move: each into ARR[CNT], refused past MAXM (a C bound, never overrun) */")
        head(PUT_DEFINE)
        head("#define PUTS(ARR, CNT, K, TO, FROM, CAP) do { if ((CNT) >= MAXM) "
             "{ gdl_error = 1; return n; } ARR[CNT] = mv; ARR[CNT].sto[K] = (TO) + 1; "
             "ARR[CNT].sfrom[K] = (FROM); ARR[CNT].cap = bb_or(mv.cap, CAP); (CNT)++; } while (0)")
        head("#define PUTM(ARR, CNT, MV) do { if ((CNT) >= MAXM) { gdl_error = 1; return n; } "
             "ARR[(CNT)++] = (MV); } while (0)")
        head("static inline int listed(const move_t *out, int n, int to, int from, int rule, "
             "bb cap) {")
        head("    for (int i = 0; i < n; i++) if (out[i].to == to && out[i].from == from && "
             "out[i].rule == rule && bb_eq(out[i].cap, cap)) return 1;")
        head("    return 0;")
        head("}")
        head("static int gen_moves(const state_t *s, move_t *out);")
        head("static int candidates(const state_t *s, move_t *out, int cls, int firsts);")
        if self.staged:
            head("static int complete(const state_t *s, const move_t *mv, move_t *out);")
        if self.game.illegal is not None:
            head("static int keep_allowed(const state_t *s, move_t *out, int n);")
            head("static int first_allowed(const state_t *s, const move_t *out, int n);")
            head("static int draw_allowed(const state_t *s, move_t *out, int n, int known, "
                 "int also, uint64_t *seed);")
        for name in self.stage_functions:
            head(f"static int {name}({self.local_params()}move_t mv, move_t *out, int n);")
        self.has_moves_helper(head)
        self.common_helpers(head)
        head.lines += self.tables
        for lines in self.helpers.values():
            head.lines += lines
        for lines in self.stage_functions.values():
            body("")
            body.lines += lines
        tail = CWriter()
        tail(f"uint64_t gdl_layout(void) {{ return {layout_digest(layout)}ULL; }}")
        tail(f"uint64_t gdl_game(void) {{ return {ir_digest(self.game)}ULL; }}")
        self.entry_points(tail)
        tail("")
        self.solver(tail)
        tail("")
        self.eval_source(tail)
        tail("")
        self.search_source(tail)
        tail("")
        self.mcts_source(tail)
        return "\n".join(head.lines + [""] + body.lines + [""] + tail.lines) + "\n", layout


def generate(game: ir.GameIR, evaluation: tuple = (None, None)) -> tuple[str, Layout]:
    """The C source of `game` and its layout. Raises Unsupported (naming the construct).
    evaluation: the specs of the derived heuristic's signals and of the features
    (gdl.solvers.search.native_alphabeta.evaluation_specs), for the search's evaluation in C."""
    return GameC(game, evaluation).generate()
