"""The core: one checker and one IR for games, puzzles and constraint grids (docs/core.md).

    ir, puzzle_ir, grid/     the IR of the three kinds of rules file
    check/                   AST -> IR: `check` takes any rules file
    geometry, lines          the board as a graph of cells, its lines
    symmetry, invariants     symmetries, declared invariants and their verification
    reads, results, margin   IR analyses both back ends share
    position_text            a position as text, both ways
"""
