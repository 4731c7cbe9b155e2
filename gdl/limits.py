"""The documented limits of the command line: defaults that bound every long search, and
the largest counts a command accepts. A limit reached is said in one line that names it.

Defaults (each has an option):
    SOLVE_NODES       `gdl solve` on a game: nodes searched (--max-nodes); NATIVE_SOLVE_NODES
                      when it is solved in C (about the same minutes of search)
    SOLVE_POSITIONS   `gdl solve` on a game: table entries (see tables.BYTES_PER_ENTRY)
    SEARCH_NODES      BFS and enumeration states kept in memory (an MCTS tree has its
                      own bound, mcts.MAX_TREE_NODES)
    MAX_PLIES         `gdl play` and `gdl match`: moves before a game is called a draw
                      by the move limit (--max-plies)
Counts on the command line (depths, games, scrambles, ...) above MAX_COUNT are refused:
no run that long could finish. A move parameter ranges over at most PARAMETER_VALUES
values in a position (`move take n in 1..heap[h]` with a heap of 10**11 is refused when
its moves are listed, instead of listing them).
"""

from __future__ import annotations

from gdl.errors import LimitError

SOLVE_NODES = 50_000_000
NATIVE_SOLVE_NODES = 1_000_000_000
SOLVE_POSITIONS = 3_000_000
SEARCH_NODES = 1_000_000
MAX_PLIES = 500
MAX_COUNT = 10**9
PARAMETER_VALUES = 1_000_000
EXIT_LIMIT = 3   # the exit status of a command stopped by a limit before its answer


def solve_limits(max_nodes: int | None, native: bool = False) -> dict:
    """The ExactSolver limits for `gdl solve --max-nodes N` (None: the defaults), on the
    native solver (its table is bounded by memory, not by max_positions) or Python's."""
    if native:
        return {"node_limit": NATIVE_SOLVE_NODES if max_nodes is None else max_nodes}
    nodes = SOLVE_NODES if max_nodes is None else max_nodes
    return {"node_limit": nodes, "max_positions": min(SOLVE_POSITIONS, nodes)}


def puzzle_nodes(method: str, max_nodes: int | None) -> int | None:
    """The expansion limit of a puzzle search: --max-nodes, else SEARCH_NODES for the
    searches that keep every state (bfs, bidirectional); IDA* keeps only its path."""
    if max_nodes is not None:
        return max_nodes
    return None if method == "idastar" else SEARCH_NODES


def span(low: int, high: int) -> range:
    """range(low, high + 1) for a move parameter, refused past PARAMETER_VALUES values
    (called by the generated move generator)."""
    if high - low >= PARAMETER_VALUES:
        raise LimitError(f"a move parameter ranges over {high - low + 1:,} values in this "
                         f"position, more than the limit of {PARAMETER_VALUES:,}")
    return range(low, high + 1)


def count(value: int) -> int:
    """A count from the command line, refused above MAX_COUNT (argparse's error type)."""
    if value > MAX_COUNT:
        import argparse   # only the command line calls this
        got = f"{value:,}" if value < 10**40 else f"a number of {len(str(value))} digits"
        raise argparse.ArgumentTypeError(f"expected at most {MAX_COUNT:,} (a limit of gdl), "
                                         f"got {got}")
    return value


# Stanford GDL (KIF) descriptions are ground before they are played (gdl.interpreter.kif):
# the facts derived while grounding, and the ground rules kept, are bounded.
KIF_GROUND_FACTS = 2_000_000
KIF_GROUND_RULES = 1_000_000
