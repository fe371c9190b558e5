"""What the analysis and the hint write into the board's cells (annotations), and say about a move in words.

Every annotation carries its meaning in its text, so it reads the same in any
theme and without colour; its ``kind`` only adds the colour. A move's value
is for the player who would make it:

* ``+N`` wins and ``-N`` loses with best play from both sides, the game
  ending ``N`` moves from now, this move included (so ``+1`` wins at once);
  ``+≤N`` and ``-≤N`` when time ran out before the distance was pinned
  down: the value is proven, and the game ends in at most ``N`` moves;
* ``=`` draws;
* ``~S`` where the position was not solved in the time allowed (a big
  board): a strength from 0 (the weakest of the moves) to 9 (the
  strongest), ranked by the engine's heuristic score; its
  kind (``strong``, ``fair`` or ``weak``) lets the stylesheet fade the many
  moves that are not worth a look, so the few that are stand out.

A cell one character wide keeps only the sign (``+``, ``=``, ``-``) or the
strength digit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..engine import Cell
from ..engine.solver import MoveEvaluation, SearchResult, Value


@dataclass(frozen=True, slots=True)
class Annotation:
    """What one empty cell says, such as a move's value in an analysis.

    ``kind`` becomes the CSS class ``-annotation-<kind>`` so a stylesheet can colour
    annotations by meaning; the text itself must carry that meaning too, so
    the annotation reads the same without colour. ``short`` is what a cell too narrow
    for ``text`` shows instead (the start of ``text`` when empty), so that an
    annotation is never cut into something that means another thing.
    """

    text: str
    kind: str = "plain"
    short: str = ""

    def fitted(self, width: int) -> str:
        """The text to show in ``width`` columns."""
        if len(self.text) <= width:
            return self.text
        return (self.short or self.text)[:width]


Annotations = Mapping[Cell, Annotation]
"""The annotations of a board, by cell."""

NO_ANNOTATIONS: Annotations = MappingProxyType({})

STRONGEST = 9
"""The strength of the best-scored moves on a board too big to solve."""
STRONG = 7
"""The least strength of a ``strong`` move."""
FAIR = 3
"""The least strength of a ``fair`` move; below it a move is ``weak``."""

PENDING = Annotation("…", "pending")
"""Shown in every empty cell while the analysis of the position is still running."""

HINT = Annotation("hint", "hint", short="*")
"""The cell of the move the hint suggests."""


def value_text(value: Value, moves: int | None, exact: bool = True) -> str:
    """``+N``, ``=`` or ``-N`` for a proven value, the game ending in ``moves`` (just the sign if unknown);
    ``+≤N`` or ``-≤N`` when ``moves`` is only an upper bound."""
    if value is Value.DRAW:
        return "="
    sign = "+" if value is Value.WIN else "-"
    if moves is None:
        return sign
    return f"{sign}{moves}" if exact else f"{sign}≤{moves}"


def strengths(scores: Iterable[int]) -> dict[int, int]:
    """Each distinct score's strength from 0 to ``STRONGEST``, by its rank among the distinct scores.

    Ranks rather than the scores themselves, because heuristic scores span
    many orders of magnitude (a near-win is worth millions, a quiet move
    tens) and only their order means anything. A single score is the
    strongest: every move is then as good as the best.
    """
    ranked = sorted(set(scores))
    if len(ranked) == 1:
        return {ranked[0]: STRONGEST}
    return {score: round(STRONGEST * index / (len(ranked) - 1)) for index, score in enumerate(ranked)}


def analysis_annotations(evaluations: Iterable[MoveEvaluation]) -> dict[Cell, Annotation]:
    """The annotation of every evaluated move, keyed by its cell."""
    evaluations = list(evaluations)
    strength = strengths(e.score for e in evaluations if e.value is Value.UNKNOWN)
    annotations: dict[Cell, Annotation] = {}
    for evaluation in evaluations:
        value = evaluation.value
        if value is Value.UNKNOWN:
            annotations[evaluation.cell] = strength_annotation(strength[evaluation.score])
            continue
        moves = None if evaluation.plies is None else evaluation.plies + 1
        text = value_text(value, moves, evaluation.plies_exact)
        annotations[evaluation.cell] = Annotation(text, value.value, short=text[0])
    return annotations


def strength_annotation(strength: int) -> Annotation:
    """The annotation of a move of ``strength`` (0 to ``STRONGEST``) whose value is unknown."""
    kind = "strong" if strength >= STRONG else "fair" if strength >= FAIR else "weak"
    return Annotation(f"~{strength}", kind, short=str(strength))


def pending_annotations(cells: Iterable[Cell]) -> dict[Cell, Annotation]:
    """The placeholder annotation in each of ``cells``."""
    return dict.fromkeys(cells, PENDING)


def with_hint(annotations: Annotations, hint: Cell | None) -> Annotations:
    """``annotations`` with the hint's annotation over whatever ``hint``'s cell said."""
    if hint is None:
        return annotations
    return {**annotations, hint: HINT}


def hint_words(result: SearchResult) -> str:
    """What the suggested move is worth, for the notification that comes with a hint."""
    within = "" if result.plies_exact else "at most "
    if result.from_proof and result.value is Value.WIN:
        return f"it wins, proven (the game's proof of Gomoku): at most {_moves(result.plies)} to the end"
    if result.from_proof and result.value is Value.LOSS:
        return (f"every move loses, proven (the game's proof of Gomoku): the game ends in at most "
                f"{_moves(result.plies)}")
    if result.value is Value.WIN:
        return f"it wins, {within}{_moves(result.plies)} to the end with best play"
    if result.value is Value.LOSS:
        if not result.plies_exact:
            return f"every move loses; the game ends in at most {_moves(result.plies)}"
        return f"every move loses; this one holds out longest, {_moves(result.plies)} to the end"
    if result.value is Value.DRAW:
        return "it draws with best play"
    return "the strongest move found; the position was not solved in the time allowed"


def _moves(count: int | None) -> str:
    if count is None:
        return "some moves"
    return f"{count} move" if count == 1 else f"{count} moves"
