"""Puzzle state layouts read back from the IR: permutations with orientations, sliding
tiles, stacks; the tabulated engines that run them, and one-player games as puzzles.
"""
