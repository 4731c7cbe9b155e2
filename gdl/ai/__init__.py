"""Evaluations fitted from self-play: the features' weights, their file, and the engine choice.

`gdl train GAME` plays seeded self-play games (`selfplay`), fits a logistic model of the
outcome on the features derived from the rules (`gdl.ai.features`), chooses the
engine by a short tournament (`engine`) and writes both to a weights file (`weights`).
"""
