"""The proof script's advisor: another Gomocup brain asked for X's move where a probe picks one,
whose move is picked where it finds X's win within the limit, unless a search refutes it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import pytest
from proof_positions import QUIET
from test_prove_script import (
    answering,
    defence_of,
    ending_after,
    load_script,
    never_countered,
    no_failures,
    spending_all,
    split_by_reply_once,
)

from tictactoe_tui.engine.proof import store
from tictactoe_tui.engine.proof.book import BOARD
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.gomocup.client import BrainPlayer

FAKE_BRAIN = Path(__file__).resolve().parents[2] / "gomocup" / "fake_brain.py"
SCATTERED = [f"{col}{row}" for row in (1, 4, 7, 10, 13) for col in "acegikmo"]
"""Cells two columns or three rows apart: no line of marks on them is a threat."""


def after(count: int) -> tuple[int, ...]:
    return tuple(Position.from_moves(BOARD, SCATTERED[:count]).moves)


def fake_advisor(mode: str, progress: dict[str, Any]) -> Any:
    """The script's advisor running the fake brain in ``mode``; in "judging" mode it says of a
    position of n stones +Mn when n is a multiple of 3, -Mn one more, and -10n one less."""
    script = load_script()
    brain = BrainPlayer([sys.executable, str(FAKE_BRAIN), mode], time_limit=5.0)
    return script, script.Advisor(brain, 5_000, progress)


def test_the_advisors_move_is_kept_where_it_finds_xs_win_within_the_limit_and_asked_for_once() -> None:
    progress = no_failures() | {"plies": 35}
    script, advisor = fake_advisor("judging", progress)
    name = script.moves_name
    try:
        move = advisor.move(after(12))  # X to move, "+M12": X's win, 24 plies from the empty board
        assert move is not None and move not in after(12)
        assert progress["advised"][name(after(12))] == [BOARD.cell_name(move), 12, 5_000]
        assert advisor.move(after(10)) is None  # "-M10": O's win
        assert advisor.move(after(14)) is None  # a score
        assert advisor.move(after(24)) is None  # "+M24": X's win, 48 plies from the empty board
        assert progress["advised"][name(after(24))] == [None, None, 5_000]
        advisor.brain.close()
        advisor.brain = BrainPlayer([sys.executable, str(FAKE_BRAIN), "exit"])
        assert advisor.move(after(12)) == move, "an answer kept is not asked for again"
        assert advisor.move(after(24)) is None
        assert not advisor.broken
        advisor.milliseconds = 10_000  # more time than the answer kept had: asked again, and failed
        assert advisor.move(after(12)) is None and advisor.broken
    finally:
        advisor.brain.close()


def test_an_advisor_that_fails_is_said_to_and_asked_no_more(capsys: pytest.CaptureFixture[str]) -> None:
    progress = no_failures() | {"plies": 35}
    _, advisor = fake_advisor("exit", progress)
    try:
        assert advisor.move(after(12)) is None
        assert "the advisor failed (" in capsys.readouterr().out
        assert advisor.move(after(6)) is None
        assert capsys.readouterr().out == "", "not asked again"
        assert progress["advised"] == {}
    finally:
        advisor.brain.close()


@pytest.mark.parametrize(("arguments", "message"), [
    (["--advisor", "x"], "--advisor suggests X's moves to a probe: give --probe"),
    (["--deeper", "1", "--probe", "2", "--advisor", "/no/such/brain"], "--advisor names no program to run"),
    (["--deeper", "1", "--probe", "2", "--advisor", "'brain"], "--advisor names no program to run"),
    (["--deeper", "1", "--probe", "2", "--advisor", sys.executable, "--advisor-ms", "0"],
     "--advisor-ms must be at least 1"),
    (["--deeper", "1", "--repick"], "--repick weighs the narrowest threats or an advisor's moves"),
])
def test_an_advisor_that_cannot_be_asked_is_refused_with_a_message(
        arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        load_script().main(["--search", "pn", "--split", "1", "--by-reply", *arguments])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def advised_threat(script: Any, progress: dict[str, Any], position: tuple[int, ...]) -> int:
    """A move that threatens something in ``position`` and is not among the probe's candidates."""
    candidates = script.candidate_moves(progress, position, defence_of, 3, 0)
    return next(move for move in script.first_moves(position, 40)
                if move not in candidates and defence_of((*position, move)) is not None)


def test_a_probe_picks_the_advisors_move_whatever_the_others_leave_open_and_searches_it_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    position = min(script.unit_moves(name) for name in progress["failed_reply"])
    advised = advised_threat(script, progress, position)
    others = script.candidate_moves(progress, position, defence_of, 3, 0)
    searched: list[tuple[int, ...]] = []

    def advised_open(task: tuple[Any, ...]) -> tuple[Any, ...]:
        """The advisor's move leaves every reply open; every other move's replies are proven."""
        return task[0], [0] if task[0][len(position)] != advised else None, task[1], 0.0

    monkeypatch.setattr(script, "run", answering(advised_open, searched))
    capsys.readouterr()
    probing = argparse.Namespace(**args | {"deeper": 1, "probe": 3})
    assert script.probe(document, progress, [position], defence_of, never_countered, probing, False,
                        lambda moves: advised if moves == position else None)
    name = script.moves_name(position)
    assert progress["picked"][name] == BOARD.cell_name(advised)
    replies = defence_of((*position, advised)).needed
    assert searched == [(*position, advised, reply) for reply in replies], \
        "the advisor's move searched first, the others' searches skipped once it is done"
    assert f"{name}: X's move {BOARD.cell_name(advised)} picked, the advisor's, the probe left " \
        f"{len(replies)} of its {len(replies)} replies open" in capsys.readouterr().out
    assert all(not any(moves[:len(position) + 1] == (*position, other) for moves in store.branches(document))
               for other in others)


def test_a_probe_whose_advised_move_is_refuted_picks_among_the_others(
        monkeypatch: pytest.MonkeyPatch) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    position = min(script.unit_moves(name) for name in progress["failed_reply"])
    advised = advised_threat(script, progress, position)
    searched: list[tuple[int, ...]] = []
    ended, spent = ending_after(10), spending_all(searched)

    def refuting(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                 recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        """The advisor's move's searches end without a proof; the others' spend their budget."""
        mine = [task for task in tasks if task[0][len(position)] == advised]
        ended(document, progress, worker, mine, recorded, args, start, wanted)
        return spent(document, progress, worker, [task for task in tasks if task not in mine], recorded,
                     args, start, wanted)

    monkeypatch.setattr(script, "run", refuting)
    probing = argparse.Namespace(**args | {"deeper": 1, "probe": 3})
    assert script.probe(document, progress, [position], defence_of, never_countered, probing, False,
                        lambda moves: advised)
    name = script.moves_name(position)
    assert BOARD.cell_name(advised) in progress["refuted"][name]
    assert progress["picked"][name] in {BOARD.cell_name(move) for move in
                                        script.candidate_moves(progress, position, defence_of, 3, 0)}
    assert {moves[len(position)] for moves in searched} == set(
        script.candidate_moves(progress, position, defence_of, 3, 0)), "the others weighed as without advice"


def test_a_repick_with_an_advisor_replaces_only_the_moves_it_finds_another_win_for(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    failed = sorted(script.unit_moves(name) for name in progress["failed_reply"])
    searched: list[tuple[int, ...]] = []
    monkeypatch.setattr(script, "run", spending_all(searched))
    probing = args | {"deeper": 1, "probe": 2}
    assert script.probe(document, progress, failed, defence_of, never_countered,
                        argparse.Namespace(**probing), False)
    name = script.moves_name
    before = dict(progress["picked"])
    changed, kept = failed[0], failed[1]
    advised = advised_threat(script, progress, changed)
    asked: list[tuple[int, ...]] = []

    def advice(moves: tuple[int, ...]) -> int | None:
        asked.append(moves)
        if moves == changed:
            return advised
        return BOARD.parse_cell(before[name(moves)]) if moves == kept else None

    searched.clear()
    capsys.readouterr()
    script.repick_all(document, progress, None, argparse.Namespace(**probing | {"repick": True}), advice)
    out = capsys.readouterr().out
    assert "level 1: 1 position to probe again" in out
    assert set(asked) >= set(failed)
    assert progress["picked"][name(changed)] == BOARD.cell_name(advised)
    old = before[name(changed)]
    assert f"X's move {BOARD.cell_name(advised)} picked in place of {old}, the advisor's" in out
    assert {moves[:len(changed) + 1] for moves in searched} == {(*changed, advised)}
    assert not [key for key in progress["failed_reply"] if key.startswith(f"{name(changed)} {old} ")], \
        "what lay below the move replaced goes"
    assert {key: move for key, move in progress["picked"].items() if key != name(changed)} == \
        {key: move for key, move in before.items() if key != name(changed)}
