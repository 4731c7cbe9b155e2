"""Game-tree search over the Game protocol: minimax, alpha-beta, MCTS, exact solving, perft;
the C searches of a game on the native back end behind the same APIs.
"""
