"""The words and symbols of the analysis and the hint, readable without colour."""

from __future__ import annotations

from tictactoe_tui.app.annotations import (
    HINT,
    PENDING,
    STRONGEST,
    Annotation,
    analysis_annotations,
    hint_words,
    pending_annotations,
    strength_annotation,
    strengths,
    value_text,
    with_hint,
)
from tictactoe_tui.engine.solver import MoveEvaluation, SearchResult, Value


def test_known_values_count_the_moves_to_the_end() -> None:
    assert value_text(Value.WIN, 1) == "+1"
    assert value_text(Value.LOSS, 6) == "-6"
    assert value_text(Value.DRAW, 9) == "="
    assert value_text(Value.WIN, None) == "+"


def test_a_distance_that_is_only_a_bound_is_marked_as_one() -> None:
    assert value_text(Value.WIN, 9, exact=False) == "+≤9"
    assert value_text(Value.LOSS, 6, exact=False) == "-≤6"
    found = analysis_annotations([MoveEvaluation(0, Value.WIN, 8, 0, plies_exact=False),
                                  MoveEvaluation(1, Value.WIN, 6, 0)])
    assert found == {0: Annotation("+≤9", "win", "+"), 1: Annotation("+7", "win", "+")}


def test_a_moves_annotation_counts_the_move_itself() -> None:
    found = analysis_annotations([MoveEvaluation(0, Value.WIN, 0, 0), MoveEvaluation(1, Value.LOSS, 5, 0),
                                  MoveEvaluation(2, Value.DRAW, 7, 0)])
    assert found == {0: Annotation("+1", "win", "+"), 1: Annotation("-6", "loss", "-"),
                     2: Annotation("=", "draw", "=")}


def test_strengths_rank_scores_whatever_their_size() -> None:
    assert strengths([-999_999_990, -20, 5, 1_000_000]) == {-999_999_990: 0, -20: 3, 5: 6, 1_000_000: 9}
    assert strengths([3, 3, 3]) == {3: STRONGEST}
    assert strengths([1, 2]) == {1: 0, 2: 9}


def test_unsolved_moves_show_their_strength_and_its_kind() -> None:
    found = analysis_annotations([MoveEvaluation(cell, Value.UNKNOWN, None, score)
                                  for cell, score in enumerate((-500, -20, 0, 40, 90, 300))])
    assert [each.text for each in found.values()] == ["~0", "~2", "~4", "~5", "~7", "~9"]
    assert [each.kind for each in found.values()] == ["weak", "weak", "fair", "fair", "strong", "strong"]
    assert found[5].short == "9"
    assert strength_annotation(3).kind == "fair" and strength_annotation(6).kind == "fair"


def test_known_and_unknown_moves_mix() -> None:
    found = analysis_annotations([MoveEvaluation(0, Value.WIN, 0, 0),
                                  MoveEvaluation(1, Value.UNKNOWN, None, -7),
                                  MoveEvaluation(2, Value.UNKNOWN, None, 12)])
    assert [each.text for each in found.values()] == ["+1", "~0", "~9"]


def test_an_annotation_fits_its_cell_without_changing_its_meaning() -> None:
    annotation = Annotation("-12", "loss", "-")
    assert annotation.fitted(13) == "-12" and annotation.fitted(3) == "-12"
    assert annotation.fitted(1) == "-", "never '-1', which would mean another thing"
    assert Annotation("draw").fitted(2) == "dr"
    assert HINT.fitted(7) == "hint" and HINT.fitted(1) == "*"


def test_the_hint_goes_over_the_analysis_and_pending_cells_say_so() -> None:
    found = pending_annotations([0, 4])
    assert found == {0: PENDING, 4: PENDING}
    assert with_hint(found, 4) == {0: PENDING, 4: HINT}
    assert with_hint(found, None) is found


def test_the_hint_is_explained_in_words() -> None:
    def result(value: Value, plies: int | None) -> SearchResult:
        return SearchResult(value, plies, (4,), 0, 1, 0.0, 1)

    assert hint_words(result(Value.WIN, 5)) == "it wins, 5 moves to the end with best play"
    assert hint_words(result(Value.DRAW, 9)) == "it draws with best play"
    assert "holds out longest, 4 moves" in hint_words(result(Value.LOSS, 4))
    assert hint_words(result(Value.WIN, 1)) == "it wins, 1 move to the end with best play"
    assert "not solved in the time allowed" in hint_words(result(Value.UNKNOWN, None))
    bound = SearchResult(Value.WIN, 9, (4,), 0, 1, 0.0, 1, plies_exact=False)
    assert hint_words(bound) == "it wins, at most 9 moves to the end with best play"
    lost = SearchResult(Value.LOSS, 8, (4,), 0, 1, 0.0, 1, plies_exact=False)
    assert hint_words(lost) == "every move loses; the game ends in at most 8 moves"
    proven = SearchResult(Value.WIN, 19, (4,), 0, 0, 0.0, 0, plies_exact=False, from_proof=True)
    assert hint_words(proven) == "it wins, proven (the game's proof of Gomoku): at most 19 moves to the end"
    proven_lost = SearchResult(Value.LOSS, 18, (4,), 0, 9, 0.1, 2, plies_exact=False, from_proof=True)
    assert hint_words(proven_lost) == ("every move loses, proven (the game's proof of Gomoku): the game ends "
                                       "in at most 18 moves")
