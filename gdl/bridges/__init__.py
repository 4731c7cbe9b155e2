"""gdl games in the shapes of other tools: OpenSpiel (`gdl.bridges.openspiel`), PettingZoo
(`gdl.bridges.pettingzoo`) and Gymnasium (`gdl.bridges.gymnasium`), over one action space
(`action_space`) and one observation layout (`observation`) read from the compiled rules.
Each bridge imports its tool's package itself: importing this package needs none of them.
"""
