"""gdl games in the shapes of other tools: OpenSpiel (`gdl.bridges.openspiel`).
"""
