"""Endgame tables by retrograde analysis (docs/solve.md): classes indexed by a perfect hash
(`index`), built by iterated passes (`build`, spread by `workers`), stored with a checksum
(`store`), probed by the exact solver, the AI and `gdl play` (`probe`)."""
