"""The fixed C text every generated game starts with: multiword bitboards of W words.

A set of cells is `bb`, a struct of W 64-bit words (bit c of the layout is bit c % 64 of
word c / 64), passed by value: with W known when the source is compiled, gcc unrolls
every loop below and keeps a small board in registers.
"""

from __future__ import annotations

PRELUDE = r"""
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint64_t w[W]; } bb;
/* inlined at -O1 too (a large source's level): called, they cost more than they do */
#define BB_INLINE static inline __attribute__((always_inline))
/* without the popcnt instruction gcc calls a library routine: a few shifts are quicker */
#if defined(__POPCNT__) || defined(__aarch64__)
#define POPCOUNT(x) __builtin_popcountll(x)
#else
static inline int POPCOUNT(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

BB_INLINE bb bb_and(bb a, bb b) { for (int i = 0; i < W; i++) a.w[i] &= b.w[i]; return a; }
BB_INLINE bb bb_or(bb a, bb b) { for (int i = 0; i < W; i++) a.w[i] |= b.w[i]; return a; }
BB_INLINE bb bb_xor(bb a, bb b) { for (int i = 0; i < W; i++) a.w[i] ^= b.w[i]; return a; }
BB_INLINE bb bb_andnot(bb a, bb b) { for (int i = 0; i < W; i++) a.w[i] &= ~b.w[i]; return a; }
BB_INLINE int bb_any(bb a) {
    uint64_t x = 0; for (int i = 0; i < W; i++) x |= a.w[i]; return x != 0;
}
BB_INLINE int bb_eq(bb a, bb b) {
    uint64_t x = 0; for (int i = 0; i < W; i++) x |= a.w[i] ^ b.w[i]; return x == 0;
}
static inline int bb_count(bb a) {
    int n = 0; for (int i = 0; i < W; i++) n += POPCOUNT(a.w[i]); return n;
}
BB_INLINE int bb_test(bb a, int c) { return (int)((a.w[c >> 6] >> (c & 63)) & 1u); }
BB_INLINE bb bb_bit(int c) { bb r = {{0}}; r.w[c >> 6] = 1ULL << (c & 63); return r; }
static inline int bb_low(bb a) {   /* the lowest cell, -1 for none */
    for (int i = 0; i < W; i++) if (a.w[i]) return i * 64 + __builtin_ctzll(a.w[i]);
    return -1;
}
static inline int bb_pop(bb *a) {   /* takes the lowest cell out of a non-empty set */
    for (int i = 0; i < W; i++) if (a->w[i]) {
        int c = __builtin_ctzll(a->w[i]); a->w[i] &= a->w[i] - 1; return i * 64 + c;
    }
    return -1;
}
BB_INLINE bb bb_shl(bb a, int n) {
    bb r = {{0}}; int q = n >> 6, s = n & 63;
    for (int i = W - 1; i >= q; i--) {
        uint64_t v = a.w[i - q] << s;
        if (s && i - q - 1 >= 0) v |= a.w[i - q - 1] >> (64 - s);
        r.w[i] = v;
    }
    return r;
}
BB_INLINE bb bb_shr(bb a, int n) {
    bb r = {{0}}; int q = n >> 6, s = n & 63;
    for (int i = 0; i + q < W; i++) {
        uint64_t v = a.w[i + q] >> s;
        if (s && i + q + 1 < W) v |= a.w[i + q + 1] << (64 - s);
        r.w[i] = v;
    }
    return r;
}
static inline int64_t floordiv(int64_t a, int64_t b, int *err) {
    if (b == 0) { *err = 1; return 0; }
    if (b == -1 && a == INT64_MIN) { *err = 3; return 0; }   /* past 64 bits */
    int64_t q = a / b; if ((a % b != 0) && ((a < 0) != (b < 0))) q--; return q;
}
static inline int64_t floormod(int64_t a, int64_t b, int *err) {
    if (b == 0) { *err = 1; return 0; }
    if (b == -1) return 0;   /* (INT64_MIN % -1 traps) */
    int64_t r = a % b; if (r != 0 && ((r < 0) != (b < 0))) r += b; return r;
}
static inline uint64_t rng_next(uint64_t *s) {   /* splitmix64 */
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static int gdl_error;   /* set when a call cannot finish (a full move list, a bad index) */
/* Exact numbers: a result past 64 bits sets the error flag (code 3), so the call fails and
   the Python back end, whose numbers have no bound, makes it. */
static inline int64_t ck_add(int64_t a, int64_t b) {
    int64_t r; if (__builtin_add_overflow(a, b, &r)) gdl_error = 3; return r;
}
static inline int64_t ck_sub(int64_t a, int64_t b) {
    int64_t r; if (__builtin_sub_overflow(a, b, &r)) gdl_error = 3; return r;
}
static inline int64_t ck_mul(int64_t a, int64_t b) {
    int64_t r; if (__builtin_mul_overflow(a, b, &r)) gdl_error = 3; return r;
}
"""
