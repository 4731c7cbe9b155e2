/* A hand-written Connect Four perft (bench/hand_perft.py's reference): bitboards of 7 columns
   of 6 cells and a guard bit each, the player to move's stones and all stones; a child that
   completes a line of four (or fills the board) ends the game and has no moves. */
#include <stdint.h>

#define COL(c) (0x3FULL << (7 * (c)))
#define FULL (COL(0) | COL(1) | COL(2) | COL(3) | COL(4) | COL(5) | COL(6))

static int four(uint64_t b) {
    static const int shifts[4] = {1, 6, 7, 8};   /* vertical, both diagonals, horizontal */
    for (int i = 0; i < 4; i++) {
        uint64_t m = b & (b >> shifts[i]);
        if (m & (m >> (2 * shifts[i]))) return 1;
    }
    return 0;
}

static int64_t perft(uint64_t mine, uint64_t all, int depth) {
    int64_t total = 0, n = 0;
    for (int c = 0; c < 7; c++) {
        uint64_t col = all & COL(c);
        if (col == COL(c)) continue;
        n++;
        if (depth == 1) continue;
        uint64_t bit = (col + (1ULL << (7 * c))) & COL(c) & ~col;   /* its lowest empty cell */
        if (four(mine | bit) || (all | bit) == FULL) continue;   /* the game is over */
        total += perft(all ^ mine, all | bit, depth - 1);
    }
    return depth == 1 ? n : total;
}

int64_t connect4_perft(int depth) { return depth == 0 ? 1 : perft(0, 0, depth); }
