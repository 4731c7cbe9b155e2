"""Hand-written Python games and puzzles: the references the compiled ones are checked and
benchmarked against.
"""
