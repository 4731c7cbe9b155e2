"""Constraint solving: our propagating search, plain backtracking and python-constraint.
"""
