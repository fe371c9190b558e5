"""bench/probe_candidates.py: the fewest replies each rule's candidates leave open, as a probe counts."""

from __future__ import annotations

import pytest
from test_atlas import _bench_module, refusal

probe_candidates = _bench_module("probe_candidates")
BOARD = probe_candidates.BOARD
POSITION = ("h8", "g7", "i7", "g9", "g8", "i8", "h6", "h9")
"""X to move, two levels into a unit of the proof that the first replies leave open, where a threat
seventh in the proof-number search's order leaves O two replies."""
NODES = 300


def defence_of(first: tuple[int, ...]) -> object:
    return probe_candidates.first_defence(first[:-1], first[-1], 35, True)


def test_each_rule_counts_the_fewest_open_of_its_candidates_searched_whole() -> None:
    moves = tuple(map(BOARD.parse_cell, POSITION))
    no_dead = {"refuted": {}, "abandoned": {}}
    _, fewest, searches, _ = probe_candidates.weigh(moves, no_dead, NODES)
    assert searches > 0 and set(fewest) == set(probe_candidates.RULES)

    def whole(rule: str) -> int | None:
        """The fewest open of the rule's candidates, each move's replies all searched."""
        narrowest = 3 if rule == "and narrowest" else 0
        threats = [move for move in probe_candidates.live_moves(no_dead, moves, 3)
                   if defence_of((*moves, move)) is not None]
        drawn = (threats if rule == "first moves"
                 else probe_candidates.candidate_moves(no_dead, moves, defence_of, 3, narrowest))
        counts = [probe_candidates.open_replies((*moves, move), defence_of((*moves, move)), NODES, 225)[0]
                  for move in drawn]
        return min((count for count in counts if count is not None), default=None)

    assert fewest == {rule: whole(rule) for rule in probe_candidates.RULES}
    assert fewest["and narrowest"] is not None and fewest["first threats"] is not None
    assert fewest["and narrowest"] < fewest["first threats"], "a narrower threat than the first three"


def test_a_dead_move_is_not_weighed() -> None:
    moves = tuple(map(BOARD.parse_cell, POSITION))
    first = probe_candidates.live_moves({"refuted": {}, "abandoned": {}}, moves, 1)[0]
    dead = {"refuted": {" ".join(POSITION): [BOARD.cell_name(first)]}, "abandoned": {}}
    assert first not in probe_candidates.live_moves(dead, moves, 3)
    assert first not in probe_candidates.candidate_moves(dead, moves, defence_of, 3, 3)


@pytest.mark.parametrize(("flags", "message"), [
    (["--nodes", "0"], "--picked, --nodes and --processes must be at least 1"),
    (["--picked", "0"], "--picked, --nodes and --processes must be at least 1"),
    (["h8"], "each position given must have X to move"), (["h8 h8"], "h8 is already taken by X"),
])
def test_bad_flags_are_refused_with_a_message(flags: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert message in refusal(probe_candidates.main, flags, capsys)
