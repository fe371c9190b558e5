"""The search budget: it stops at its node count, or when asked, and a part of it with it."""

from __future__ import annotations

import threading

import pytest

from tictactoe_tui.engine.budget import Budget, OutOfBudget


def test_the_budget_stops_at_its_node_count() -> None:
    budget = Budget(max_nodes=5)
    for _ in range(5):
        budget.spend()
    with pytest.raises(OutOfBudget):
        budget.spend()
    assert budget.nodes == 5 and budget.exhausted


def test_the_budget_stops_when_asked() -> None:
    stop = threading.Event()
    budget = Budget(stop=stop)
    budget.spend()
    stop.set()
    with pytest.raises(OutOfBudget):
        budget.spend()


def test_a_part_ends_with_its_whole_and_says_which_of_them_ran_out() -> None:
    whole = Budget(max_nodes=10)
    whole.nodes = 4
    part = whole.part(max_nodes=20)
    assert part.max_nodes == 6  # what the whole has left, not the 20 asked for
    for _ in range(6):
        part.spend()
    with pytest.raises(OutOfBudget):
        part.spend()
    assert whole.spent_with(part) and not whole.exhausted  # the part's nodes are not added yet
    roomy = Budget(max_nodes=10)
    own = roomy.part(max_nodes=3)
    for _ in range(3):
        own.spend()
    assert own.exhausted and not roomy.spent_with(own)
