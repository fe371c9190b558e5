"""The scale every search scores on, in a module of its own so the exact and the heuristic search share it
without one loading the other."""

from __future__ import annotations

MATE = 10 ** 15
"""Score of a win on the spot; a win (loss) seen n plies ahead scores ``MATE - n`` (its negation).
Far above any evaluation: the largest board holds under 3000 lines of ``WEIGHT_CAP`` each."""


def known_score(sign: int, plies: int) -> int:
    """The score of a proven value, beyond any heuristic score: a win (``sign`` > 0) in ``plies``
    scores ``MATE - plies``, a loss (``sign`` < 0) its negation, so nearer wins score higher and
    nearer losses lower; a draw (``sign`` 0) scores 0."""
    if sign > 0:
        return MATE - plies
    if sign < 0:
        return plies - MATE
    return 0
