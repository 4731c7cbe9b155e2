"""Puzzle search over the puzzle protocol: BFS, bidirectional BFS, IDA*, A*, enumeration.
"""
