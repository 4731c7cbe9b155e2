"""The Python back end: the core IR -> generated Python (`generate`), run as a CompiledGame.
"""
