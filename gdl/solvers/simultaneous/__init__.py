"""Solvers of simultaneous-move games (gdl.protocol's joint moves): the exact value of a
matrix game by linear programming (matrix.py), backward induction over the stages of a
small game with a matrix game at each node (stages.py), and regret matching, the plain
iterative method they are cross-checked against (regret.py)."""
