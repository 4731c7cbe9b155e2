"""The `gdl` command: one module per command, the parser in `parser`, the entry in `main`.
"""
