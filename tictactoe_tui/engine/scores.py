"""The scale every search scores on, in a module of its own so the exact and the heuristic search share it
without one loading the other."""

from __future__ import annotations

MATE = 10 ** 15
"""Score of a win on the spot; a win (loss) seen n plies ahead scores ``MATE - n`` (its negation).
Far above any evaluation: the largest board holds under 3000 lines of ``WEIGHT_CAP`` each."""
