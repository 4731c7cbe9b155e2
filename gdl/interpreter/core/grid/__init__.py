"""Constraint grids as data: variables, domains, constraints and givens (the IR of a
`constraints` file), and the constraint kinds with their semantics.
"""
