"""The proof script's choices and bookkeeping: which units a run still has to prove, how it splits
them by X's moves and O's replies, and when a first reply folds.

The trees of the bookkeeping tests are stand-ins: choosing units and folding read only the
branches' moves and bounds.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import pytest
from proof_positions import QUIET
from scripts_by_path import load_script as load_script_at

from tictactoe_tui.engine.bigboard.threatboard import ThreatBoard
from tictactoe_tui.engine.proof import pn_search, store
from tictactoe_tui.engine.proof.book import BOARD, REFERENCE
from tictactoe_tui.engine.proof.campaign import CENTRE, first_replies, second_move, second_replies
from tictactoe_tui.engine.proof.checker import check_branch
from tictactoe_tui.engine.proof.progress import TABLES
from tictactoe_tui.engine.proof.prover import Defence
from tictactoe_tui.engine.proof.transpose import canonical_key
from tictactoe_tui.engine.proof.unit_search import first_defence
from tictactoe_tui.engine.rules.position import Position
from tictactoe_tui.engine.rules.symmetry import permute, symmetries

REPLY = first_replies()[0]
X_MOVE = second_move(REPLY)
UNITS = [(CENTRE, REPLY, X_MOVE, second) for second in second_replies(REPLY, X_MOVE)]


def load_script() -> ModuleType:
    return load_script_at("prove_gomoku.py", "prove_gomoku_script")


def document_with(plies: dict[tuple[int, ...], int]) -> dict[str, Any]:
    document = store.empty_document()
    for moves, bound in plies.items():
        store.add(document, moves, [moves[-1]], bound)
    return document


def no_failures() -> dict[str, Any]:
    return {"seconds": 0.0, "nodes": 0, **{table: {} for table in TABLES}}


def defence_of(first: tuple[int, ...]) -> Defence | None:
    """What a run's ``defence_of`` answers, within 35 plies, by the threat searches in Python."""
    return first_defence(first[:-1], first[-1], 35, False)


def never_countered(first: tuple[int, ...]) -> bool:
    """A probe's look for O's win by threats that finds none: the probe's other choices alone."""
    return False


def test_fours_without_deeper_splits_is_refused_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        load_script().main(["--search", "pn", "--split", "1", "--by-reply", "--fours"])
    assert exit_info.value.code == 2
    assert "--fours searches the open ends of deeper splits" in capsys.readouterr().err


def test_a_leaf_cost_below_one_is_refused_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        load_script().main(["--search", "pn", "--leaf-cost", "0"])
    assert exit_info.value.code == 2
    assert "--leaf-cost must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("memory", ["0", "-1", "nan"])
def test_a_memory_share_that_is_no_amount_is_refused_with_a_message(
        memory: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        load_script().main(["--memory", memory])
    assert exit_info.value.code == 2
    assert "--memory must be a positive number of gigabytes" in capsys.readouterr().err


def test_a_build_of_the_compiled_searches_that_fails_leaves_the_python_ones_and_says_why(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()

    def broken(_spec: object) -> None:
        raise script.CompileError("cc: no headers here")

    monkeypatch.setattr(script, "compiled_searches", broken)
    assert script._compiled_here() is False
    assert "the Python ones will (cc: no headers here)" in capsys.readouterr().err


def test_a_unit_proven_beyond_the_limit_is_still_to_prove() -> None:
    script = load_script()
    long_unit = UNITS[1]
    document = document_with({unit: 33 if unit == long_unit else 21 for unit in UNITS[:3]})
    pending = script.pending_units(document, no_failures(), 3_000_000, 35, [REPLY])
    assert long_unit in pending  # 4 moves and 33 plies: 37 from the empty board
    assert UNITS[0] not in pending and UNITS[2] not in pending
    assert pending == [unit for unit in UNITS if unit not in (UNITS[0], UNITS[2])]
    assert long_unit not in script.pending_units(document, no_failures(), 3_000_000, 37, [REPLY])


def test_a_failed_unit_waits_for_a_bigger_budget() -> None:
    script = load_script()
    progress = no_failures()
    progress["failed"][script.moves_name(UNITS[0])] = 1_000_000
    assert UNITS[0] not in script.pending_units(store.empty_document(), progress, 1_000_000, 35, [REPLY])
    assert UNITS[0] in script.pending_units(store.empty_document(), progress, 2_000_000, 35, [REPLY])


def test_a_unit_that_fails_again_with_less_keeps_the_biggest_budget_it_failed_with() -> None:
    script = load_script()
    progress = no_failures()
    name = script.moves_name(UNITS[0])
    progress["failed_pn"][name] = 50_000_000
    script.record(store.empty_document(), progress, UNITS[0], None, 20_000_000, 1.0, 20_000_000, "failed_pn")
    assert progress["failed_pn"][name] == 50_000_000
    script.record(store.empty_document(), progress, UNITS[0], None, 80_000_000, 1.0, 80_000_000, "failed_pn")
    assert progress["failed_pn"][name] == 80_000_000


def test_a_failure_of_one_search_leaves_the_unit_to_the_other() -> None:
    script = load_script()
    progress = no_failures()
    progress["failed"][script.moves_name(UNITS[0])] = 3_000_000
    document = store.empty_document()
    assert UNITS[0] not in script.pending_units(document, progress, 3_000_000, 35, [REPLY])
    assert UNITS[0] in script.pending_units(document, progress, 3_000_000, 35, [REPLY], "failed_pn")
    script.record(document, progress, UNITS[1], None, 3_000_000, 1.0, 3_000_000, "failed_pn")
    assert progress["failed_pn"] == {script.moves_name(UNITS[1]): 3_000_000}
    assert UNITS[1] in script.pending_units(document, progress, 3_000_000, 35, [REPLY])
    assert UNITS[1] not in script.pending_units(document, progress, 3_000_000, 35, [REPLY], "failed_pn")


def test_a_first_reply_folds_only_when_every_unit_is_within_the_limit() -> None:
    script = load_script()
    over = document_with({unit: 33 if unit == UNITS[-1] else 21 for unit in UNITS})
    assert REPLY not in script.fold_all(over, 35)
    assert (CENTRE, REPLY) not in store.branches(over)
    assert REPLY in script.fold_all(over, 37)
    folded = store.branches(over)
    assert folded[(CENTRE, REPLY)]["plies"] == 2 + 33
    assert all(unit in folded for unit in UNITS)  # named by references, they stay
    assert {reply for reply, _ in folded[(CENTRE, REPLY)]["tree"][1][2]} == {unit[3] for unit in UNITS}

    missing = document_with(dict.fromkeys(UNITS[:-1], 21))
    assert REPLY not in script.fold_all(missing, 35)


def units_of(reply: int) -> list[tuple[int, ...]]:
    x_move = second_move(reply)
    return [(CENTRE, reply, x_move, second) for second in second_replies(reply, x_move)]


def same_position_pair() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two units of different first replies that are one position, turned or mirrored."""
    seen: dict[tuple[int, int], tuple[int, ...]] = {}
    for reply in first_replies():
        for unit in units_of(reply):
            key = canonical_key(unit)
            if key in seen and seen[key][1] != reply:
                return seen[key], unit
            seen.setdefault(key, unit)
    raise AssertionError("no two units are the same position")


def test_a_unit_proven_as_the_same_position_under_another_first_reply_is_not_proven_again() -> None:
    script = load_script()
    proven, same = same_position_pair()
    document = document_with({proven: 21})
    pending = script.pending_units(document, no_failures(), 3_000_000, 35, [same[1]])
    assert same not in pending and len(pending) == len(units_of(same[1])) - 1
    long = document_with({proven: 33})  # 37 plies from the empty board: proven again within 35
    assert same in script.pending_units(long, no_failures(), 3_000_000, 35, [same[1]])


def test_units_that_are_one_position_are_searched_once_and_not_after_one_failed() -> None:
    script = load_script()
    first, same = same_position_pair()
    replies = [first[1], same[1]]
    every = [*units_of(first[1]), *units_of(same[1])]
    pending = script.pending_units(store.empty_document(), no_failures(), 3_000_000, 35, replies)
    assert [unit for unit in every if unit not in pending] == [same]
    for failed in (first, same):  # whichever of them failed, the other waits with it
        progress = no_failures()
        progress["failed_pn"] = {script.moves_name(failed): 3_000_000}
        waiting = script.pending_units(store.empty_document(), progress, 3_000_000, 35, replies, "failed_pn")
        assert first not in waiting and same not in waiting and len(waiting) == len(every) - 2
        bigger = script.pending_units(store.empty_document(), progress, 6_000_000, 35, replies, "failed_pn")
        assert [unit for unit in every if unit not in bigger] == [same]
        assert first in script.pending_units(store.empty_document(), progress, 3_000_000, 35, replies)


def test_a_first_reply_folds_with_a_unit_carried_over_from_another_first_reply() -> None:
    script = load_script()
    proven, same = same_position_pair()
    reply = same[1]
    document = document_with({proven: 21} | {unit: 19 for unit in units_of(reply) if unit != same})
    assert reply in script.fold_all(document, 35)
    folded = store.branches(document)[(CENTRE, reply)]
    assert dict(folded["tree"][1][2])[same[3]] == REFERENCE
    carried = store.branches(document)[same]["tree"]
    # The stand-in tree is X's one move: carried over, it is that move turned onto the other position.
    before, after = (Position.from_moves(BOARD, list(moves)) for moves in (proven, same))
    turns = [permutation for permutation in symmetries(BOARD).permutations
             if permute(before.x, permutation) == after.x and permute(before.o, permutation) == after.o]
    assert turns and carried[0] in {permutation[proven[-1]] for permutation in turns}
    assert folded["plies"] == 2 + 21

    # A unit proven on its own keeps its tree, even when the other proof is shorter.
    both = document_with({proven: 17} | dict.fromkeys(units_of(reply), 19))
    store.add(both, same, [same[2]], 19)  # a stand-in no turn of the other's can give
    assert reply in script.fold_all(both, 35)
    kept = store.branches(both)[(CENTRE, reply)]
    assert store.branches(both)[same]["tree"] == [same[2]] and kept["plies"] == 2 + 19


def test_a_failure_is_forgotten_once_its_position_is_proven_another_way() -> None:
    script = load_script()
    proven, same = same_position_pair()
    progress = no_failures()
    other = next(unit for unit in UNITS if canonical_key(unit) != canonical_key(proven))
    names = [script.moves_name(unit) for unit in (same, other)]
    for failures in ("failed", "failed_pn"):  # each search's failures
        progress[failures] = dict.fromkeys(names, 3_000_000)
    script.forget_proven_failures(document_with({proven: 21}), progress, 35)
    assert list(progress["failed"]) == list(progress["failed_pn"]) == [names[1]]
    # Proven too long to count, the failure stays.
    progress["failed"] = dict.fromkeys(names, 3_000_000)
    script.forget_proven_failures(document_with({proven: 33}), progress, 35)
    assert list(progress["failed"]) == names


def test_a_transplant_run_keeps_what_the_checker_passes_and_offers_the_rest_again_only_with_more_donors(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    donor = tuple(BOARD.parse_cell(name) for name in ("h8", "a1", "g8", "a3", "f8", "a5"))
    taken, blocked = ((*donor[:5], BOARD.parse_cell(name)) for name in ("o15", "e8"))
    document = store.empty_document()
    store.add(document, donor, script.prove_unit(donor, 100_000, 0, 35)[1])
    progress = no_failures() | {"untransplanted": {}}
    progress["failed"][script.moves_name(taken)] = progress["failed_pn"][script.moves_name(taken)] = 3_000_000
    monkeypatch.setattr(script, "UNIT_MOVES", len(donor))
    monkeypatch.setattr(script, "pending_units", lambda *_: [taken, blocked])
    monkeypatch.setattr(script, "save", lambda *_: 0)  # the package's proof file stays as it is
    args = argparse.Namespace(processes=1, minutes=5.0, plies=35, memory=None)

    script.transplant_all(document, progress, None, args)
    assert check_branch(BOARD, list(taken), store.branches(document)[taken]["tree"])[1] == 3
    assert blocked not in store.branches(document)
    assert progress["failed"] == progress["failed_pn"] == {}  # proven now, its failures are forgotten
    assert progress["untransplanted"] == {script.moves_name(blocked): 1}
    assert "2 units to transplant" in capsys.readouterr().out

    # The unit just proven is a donor too: the other is offered again, with two donors now.
    script.transplant_all(document, progress, None, args)
    assert "2 units to transplant" in capsys.readouterr().out
    assert progress["untransplanted"] == {script.moves_name(blocked): 2}
    script.transplant_all(document, progress, None, args)
    assert "1 unit to transplant" in capsys.readouterr().out  # no donor more: only the stand-in's other


def split_args(nodes: int, split: int) -> dict[str, Any]:
    return {"processes": 1, "minutes": 5.0, "memory": None, "plies": 35, "nodes": nodes, "split": split,
            "leaf_cost": 3_000, "python": True, "probe": 1, "narrowest": 0, "open_at_most": None,
            "ends": False, "deepest_nodes": None}


def split_script(monkeypatch: pytest.MonkeyPatch, unit: tuple[int, ...]) -> ModuleType:
    """The script with ``unit`` its one open unit and the package's proof file left as it is."""
    script = load_script()
    monkeypatch.setattr(script, "pending_units", lambda *_: [unit])
    monkeypatch.setattr(script, "save", lambda *_: 0)
    return script


def test_a_split_unit_is_proven_by_its_first_move_that_wins_and_its_other_moves_are_not_searched(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script = split_script(monkeypatch, unit)
    best, second, third = script.first_moves(unit, 3)
    assert script.first_moves(unit, 3) == pn_search.x_moves(ThreatBoard(QUIET))[:3]
    document, progress = store.empty_document(), no_failures()
    script.split_all(document, progress, None, argparse.Namespace(**split_args(200_000, 3)))
    tree = store.branches(document)[unit]["tree"]
    assert tree[0] == best and check_branch(BOARD, list(unit), tree)[1] <= 35 - len(unit)
    out = capsys.readouterr().out
    assert "3 first moves to search, in 1 unit" in out
    assert f"X's first move {BOARD.cell_name(best)}: proven" in out
    assert BOARD.cell_name(second) not in out and BOARD.cell_name(third) not in out  # never searched
    assert progress["failed_first"] == {}


def test_a_split_unit_keeps_each_first_moves_failure_and_tries_it_again_only_with_more(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script = split_script(monkeypatch, unit)
    winning = script.first_moves(unit, 1)[0]
    losing, costly = (BOARD.parse_cell(name) for name in ("g5", "e6"))  # lost at once, or dear to settle
    monkeypatch.setattr(script, "first_moves", lambda *_: [losing, costly])
    document, progress = store.empty_document(), no_failures()
    name = script.moves_name(unit)
    script.split_all(document, progress, None, argparse.Namespace(**split_args(20_000, 2)))
    assert progress["failed_first"] == {name: {"g5": 20_000, "e6": 20_000}}
    assert progress["failed_pn"] == {} and unit not in store.branches(document)
    script.split_all(document, progress, None, argparse.Namespace(**split_args(20_000, 2)))
    assert "0 first moves to search, in 0 units" in capsys.readouterr().out  # none with more budget

    monkeypatch.setattr(script, "first_moves", lambda *_: [costly, winning])
    script.split_all(document, progress, None, argparse.Namespace(**split_args(40_000, 2)))
    assert check_branch(BOARD, list(unit), store.branches(document)[unit]["tree"])[1] <= 35 - len(unit)
    assert progress["failed_first"] == {}  # the unit proven, its first moves' failures are forgotten
    assert "2 first moves to search, in 1 unit" in capsys.readouterr().out


def test_a_split_of_no_moves_is_refused_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load_script().main(["--split", "0"])
    assert "--split must be at least 1" in capsys.readouterr().err


def test_a_unit_split_by_reply_keeps_each_proven_reply_and_is_written_out_whole_once_all_are(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script = split_script(monkeypatch, unit)
    monkeypatch.setattr(script, "UNIT_MOVES", len(unit))
    first = script.first_moves(unit, 1)[0]
    defence = script.first_defence(unit, first, 35, False)
    assert defence is not None and defence.head  # a quiet move: a zone and a threat, and replies inside it
    after = {(*unit, first, reply) for reply in defence.needed}
    document, progress = store.empty_document(), no_failures()
    args = split_args(500, 1) | {"by_reply": True, "deeper": 0}  # too few nodes for some of the replies
    script.split_by_reply(document, progress, None, argparse.Namespace(**args))
    proven = {moves for moves in store.branches(document) if len(moves) > len(unit)}
    failed = {script.unit_moves(name) for name in progress["failed_reply"]}
    assert proven and failed and proven | failed == after and not proven & failed
    assert unit not in store.branches(document)
    for moves in proven:
        assert check_branch(BOARD, list(moves), store.branches(document)[moves]["tree"])[1] <= 35 - len(moves)
    assert f"{len(after)} of O's replies to search, after 1 first move" in capsys.readouterr().out

    script.split_by_reply(document, progress, None, argparse.Namespace(**args))
    assert "0 of O's replies to search" in capsys.readouterr().out  # none with more budget

    def replies_proven() -> set[tuple[int, ...]]:
        return {moves for moves in store.branches(document) if len(moves) > len(unit)}

    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"nodes": 600}))
    still = {script.unit_moves(name) for name in progress["failed_reply"]}
    assert proven < replies_proven() and still < failed  # some, not all, proven with a little more
    assert replies_proven() | still == after and not replies_proven() & still
    failed = still

    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"nodes": 100_000}))
    assert f"{len(failed)} of O's replies to search" in capsys.readouterr().out  # the proven ones are kept
    assert list(store.branches(document)) == [unit]  # the replies' branches are in the unit's tree now
    branch = store.branches(document)[unit]
    assert branch["tree"][0] == first
    assert check_branch(BOARD, list(unit), branch["tree"])[1] == branch["plies"] <= 35 - len(unit)
    assert progress["failed_reply"] == {}


def answering(answer: Callable[[tuple[Any, ...]], tuple[Any, ...]],
              searched: list[tuple[int, ...]] | None = None) -> Callable[..., bool]:
    """A run in this process in which every search still wanted gets ``answer(task)`` as its result
    (moves, tree, nodes, seconds); the moves of each search made are added to ``searched``."""

    def answered(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                 recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        for task in tasks:
            if wanted(task):
                if searched is not None:
                    searched.append(task[0])
                recorded(answer(task))
        return True

    return answered


def ending_after(spent: int) -> Callable[..., bool]:
    """A run in this process in which every search still wanted ends without a proof after
    ``spent`` nodes, fewer than its budget."""
    return answering(lambda task: (task[0], None, spent, 0.0))


def spending_all(searched: list[tuple[int, ...]]) -> Callable[..., bool]:
    """A run in this process in which every search still wanted spends its budget without a proof;
    the moves of each search made are added to ``searched``."""
    return answering(lambda task: (task[0], None, task[1], 0.0), searched)


def split_by_reply_once(monkeypatch: pytest.MonkeyPatch, unit: tuple[int, ...]
                        ) -> tuple[ModuleType, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The script with ``unit`` its one open unit, after a split run by reply with too few nodes
    for some of the replies: the script, the proof, the progress and the run's arguments."""
    script = split_script(monkeypatch, unit)
    monkeypatch.setattr(script, "UNIT_MOVES", len(unit))
    document, progress = store.empty_document(), no_failures()
    args = split_args(500, 1) | {"by_reply": True, "deeper": 0}
    script.split_by_reply(document, progress, None, argparse.Namespace(**args))
    return script, document, progress, args


def test_a_reply_that_failed_is_split_deeper_and_written_out_once_its_own_replies_are_proven(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script, document, progress, args = split_by_reply_once(monkeypatch, unit)
    failed = {script.unit_moves(name) for name in progress["failed_reply"]}
    assert failed and {len(moves) for moves in failed} == {len(unit) + 2}
    capsys.readouterr()

    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"deeper": 1}))
    out = capsys.readouterr().out
    still = {script.unit_moves(name) for name in progress["failed_reply"]}
    deeper = {moves for moves in still if len(moves) == len(unit) + 4}
    assert deeper and all(moves[:len(unit) + 2] in failed for moves in deeper)  # only the failed ones split
    settled = failed - still
    assert settled  # some failed replies proven by their own replies, each written out whole
    known = store.branches(document)
    for moves in settled:
        assert f"{script.moves_name(moves)}: proven by X's move" in out
        assert not any(len(other) > len(moves) and other[:len(moves)] == moves for other in known)
        assert check_branch(BOARD, list(moves), known[moves]["tree"])[1] <= 35 - len(moves)

    more = argparse.Namespace(**args | {"nodes": 100_000, "deeper": 1})
    script.split_by_reply(document, progress, None, more)
    assert list(store.branches(document)) == [unit]  # no branch of a split left over
    branch = store.branches(document)[unit]
    assert check_branch(BOARD, list(unit), branch["tree"])[1] == branch["plies"] <= 35 - len(unit)
    assert progress["failed_reply"] == {}


def test_a_reply_that_fails_in_a_run_is_split_deeper_in_its_next_round(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script = split_script(monkeypatch, unit)
    monkeypatch.setattr(script, "UNIT_MOVES", len(unit))
    document, progress = store.empty_document(), no_failures()
    args = split_args(500, 1) | {"by_reply": True, "deeper": 1}
    script.split_by_reply(document, progress, None, argparse.Namespace(**args))
    rounds = [line for line in capsys.readouterr().out.splitlines() if "of O's replies to search" in line]
    assert len(rounds) == 3 and rounds[-1].startswith("0 of")  # the replies, theirs, then nothing new
    failed = {script.unit_moves(name) for name in progress["failed_reply"]}
    assert {len(moves) for moves in failed} == {len(unit) + 2, len(unit) + 4}
    assert all(moves[:len(unit) + 2] in failed for moves in failed if len(moves) == len(unit) + 4)


def test_a_run_searches_a_unit_a_round_the_one_with_the_fewest_open_ends_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    near = tuple(QUIET.moves)
    turned = symmetries(BOARD).permutations[1]
    far = tuple(turned[move] for move in near)  # the same position turned: as many replies
    script = split_script(monkeypatch, far)
    monkeypatch.setattr(script, "UNIT_MOVES", len(near))
    rounds: list[set[tuple[int, ...]]] = []

    def failing(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        """Every search spends its budget without a proof; which units each round searched is kept."""
        rounds.append({task[0][:len(near)] for task in tasks})
        for task in tasks:
            recorded((task[0], None, task[1], 0.0))
        return True

    monkeypatch.setattr(script, "run", failing)
    document, progress = store.empty_document(), no_failures()
    args = split_args(500, 1) | {"by_reply": True, "deeper": 0}
    script.split_by_reply(document, progress, None, argparse.Namespace(**args))  # far's replies open
    replies = len(progress["failed_reply"])
    assert replies and rounds == [{far}]
    rounds.clear()
    capsys.readouterr()

    monkeypatch.setattr(script, "pending_units", lambda *_: [far, near])
    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"nodes": 600}))
    assert rounds == [{near}, {far}]  # the unit with no open end first, a unit a round
    out = capsys.readouterr().out
    assert f"in {script.moves_name(near)} (0 open ends)" in out
    assert f"in {script.moves_name(far)} ({replies:,} open ends)" in out


def test_a_reply_to_pick_a_move_in_again_is_probed_before_the_nearest_unit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    near = tuple(QUIET.moves)
    far = tuple(symmetries(BOARD).permutations[1][move] for move in near)
    script = split_script(monkeypatch, near)
    monkeypatch.setattr(script, "UNIT_MOVES", len(near))
    monkeypatch.setattr(script, "pending_units", lambda *_: [far, near])
    first = script.first_moves(far, 1)[0]
    defence = script.first_defence(far, first, 35, False)
    again = (*far, first, defence.needed[0])  # a failed reply whose picked move was refuted
    name = script.moves_name
    document, progress = store.empty_document(), no_failures()
    progress["failed_reply"] = {name((*far, first, reply)): 500 for reply in defence.needed}
    progress["refuted"] = {name(again): [BOARD.cell_name(script.first_moves(again, 1)[0])]}
    runs: list[set[tuple[int, ...]]] = []

    def failing(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        """Every search spends its budget without a proof; where each run's searches lie is kept."""
        runs.append({task[0][:len(again)] for task in tasks})
        for task in tasks:
            if wanted(task):
                recorded((task[0], None, task[1], 0.0))
        return True

    monkeypatch.setattr(script, "run", failing)
    args = split_args(500, 1) | {"by_reply": True, "deeper": 1, "probe": 2}
    script.split_by_reply(document, progress, None, argparse.Namespace(**args))
    assert runs[0] == {again}  # before the nearest unit's, which has no open end
    assert {moves[:len(near)] for moves in runs[1]} == {near}
    assert name(again) in progress["picked"]


def test_the_threat_trees_a_run_builds_in_its_own_process_count_as_computing_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    script = load_script()
    clock = iter([100.0, 107.5])
    built: list[tuple[int, ...]] = []

    def first_defence(position: tuple[int, ...], move: int, plies: int, compiled: bool) -> None:
        built.append((*position, move))

    monkeypatch.setattr(script, "time", argparse.Namespace(monotonic=lambda: next(clock)))
    monkeypatch.setattr(script, "first_defence", first_defence)
    progress = no_failures()
    splits = script.ReplySplits(store.empty_document(), progress, None, argparse.Namespace(plies=35), False,
                                started=0.0)
    first = (*QUIET.moves, script.first_moves(tuple(QUIET.moves), 1)[0])
    assert splits.defence_of(first) is None and splits.defence_of(first) is None
    assert built == [first]
    assert progress["seconds"] == 7.5


def test_with_ends_a_reply_split_already_is_searched_only_through_the_replies_below_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    unit = tuple(QUIET.moves)
    script, document, progress, args = split_by_reply_once(monkeypatch, unit)
    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"deeper": 1}))
    failed = {script.unit_moves(name) for name in progress["failed_reply"]}
    split = {moves for moves in failed if len(moves) == len(unit) + 2}
    below = {moves for moves in failed if len(moves) == len(unit) + 4}
    assert split and below and all(moves[:len(unit) + 2] in split for moves in below)
    searched: list[set[tuple[int, ...]]] = []

    def searches(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                 recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        searched.append({task[0] for task in tasks})
        return False

    monkeypatch.setattr(script, "run", searches)
    more = args | {"deeper": 1, "nodes": 100_000}
    script.split_by_reply(document, progress, None, argparse.Namespace(**more))
    assert searched[-1] & failed == split  # without: each split reply whole again, before its split
    script.split_by_reply(document, progress, None, argparse.Namespace(**more | {"ends": True}))
    assert searched[-1] & failed == below  # with: the ends below them alone


def test_a_reply_at_the_deepest_level_that_failed_is_searched_again_within_the_deepest_budget(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script, document, progress, args = split_by_reply_once(monkeypatch, unit)
    failed = {script.unit_moves(name) for name in progress["failed_reply"]}
    assert failed
    real_run = script.run
    queued: list[dict[tuple[int, ...], int]] = []

    def searches(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                 recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        queued.append({task[0]: task[1] for task in tasks})
        return False

    monkeypatch.setattr(script, "run", searches)
    script.split_by_reply(document, progress, None, argparse.Namespace(**args))
    assert queued == []  # no level left to split them by: open for good
    assert "0 of O's replies to search" in capsys.readouterr().out
    deepest = args | {"deepest_nodes": 100_000}
    script.split_by_reply(document, progress, None, argparse.Namespace(**deepest))
    assert queued == [dict.fromkeys(failed, 100_000)]
    assert f"{len(failed)} of O's replies to search ({len(failed)} again within 100,000 nodes)" \
        in capsys.readouterr().out

    monkeypatch.setattr(script, "run", real_run)
    script.split_by_reply(document, progress, None, argparse.Namespace(**deepest))
    still = {script.unit_moves(name): budget for name, budget in progress["failed_reply"].items()}
    assert set(still) < failed  # some proven
    assert set(still.values()) <= {100_000}  # the others kept as failed within the bigger budget
    known = store.branches(document)
    assert all(moves in known or moves in still or unit in known for moves in failed)


def test_a_search_within_the_deepest_budget_that_ends_without_a_proof_refutes_the_move_above(
        monkeypatch: pytest.MonkeyPatch) -> None:
    unit = tuple(QUIET.moves)
    script, document, progress, args = split_by_reply_once(monkeypatch, unit)
    first = min(script.unit_moves(name) for name in progress["failed_reply"])[:-1]
    # More nodes than the split's budget, fewer than the deepest one's.
    monkeypatch.setattr(script, "run", ending_after(1_000))
    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"deepest_nodes": 100_000}))
    assert progress["refuted"] == {script.moves_name(first[:-1]): [BOARD.cell_name(first[-1])]}
    assert not any(name.startswith(script.moves_name(first)) for name in progress["failed_reply"])


def test_the_deepest_budget_needs_splits_by_reply_and_more_than_the_budget(
        capsys: pytest.CaptureFixture[str]) -> None:
    for flags in (["--split", "1", "--deepest-nodes", "30000000"],
                  ["--split", "1", "--by-reply", "--deepest-nodes", "3000000"]):
        with pytest.raises(SystemExit):
            load_script().main(flags)
        assert "--deepest-nodes searches again" in capsys.readouterr().err


def test_ends_need_deeper_splits(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load_script().main(["--split", "1", "--by-reply", "--ends"])
    assert "--ends searches the open ends of deeper splits: give --deeper" in capsys.readouterr().err


def test_a_move_whose_reply_a_search_ends_without_proving_is_refuted_and_the_split_takes_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    unit = tuple(QUIET.moves)
    script, document, progress, args = split_by_reply_once(monkeypatch, unit)
    searched: list[tuple[int, ...]] = []

    def ended_first(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                    recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        """The run in this process, the first search ending without a proof before its budget."""
        for task in tasks:
            if wanted(task):
                searched.append(task[0])
                recorded((task[0], None, 10, 0.0) if len(searched) == 1 else worker(*task))
        return True

    real_run = script.run
    monkeypatch.setattr(script, "run", ended_first)
    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"deeper": 1}))
    first = searched[0][:-1]
    position, move = script.moves_name(first[:-1]), BOARD.cell_name(first[-1])
    assert progress["refuted"] == {position: [move]}
    assert not any(moves[:len(first)] == first for moves in searched[1:])  # its other replies skipped
    assert not any(moves[:len(first)] == first for moves in store.branches(document))
    assert not any(name.startswith(script.moves_name(first)) for name in progress["failed_reply"])

    monkeypatch.setattr(script, "run", real_run)
    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"deeper": 1}))
    following = script.first_moves(first[:-1], 2)[1]
    after = (*first[:-1], following)
    assert any(moves[:len(after)] == after for moves in store.branches(document))  # its replies proven


def test_a_probe_picks_the_move_whose_replies_it_leaves_fewest_open_and_splits_by_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script, document, progress, args = split_by_reply_once(monkeypatch, unit)
    failed = sorted(script.unit_moves(name) for name in progress["failed_reply"])
    monkeypatch.setattr(script, "PROBE_NODES", 300)
    capsys.readouterr()
    probing = argparse.Namespace(**args | {"deeper": 1, "probe": 3})
    script.split_by_reply(document, progress, None, probing)
    out = capsys.readouterr().out
    assert (f"of 300 nodes to pick X's move in {len(failed)} of the failed replies, among X's first 3 "
            "threats") in out
    assert progress["picked"] and set(progress["picked"]) <= {script.moves_name(moves) for moves in failed}
    known = store.branches(document)

    def open_after(position: tuple[int, ...], move: int) -> int:
        """The replies to ``move`` that a search of 300 nodes leaves open, searched here again."""
        defence = script.first_defence(position, move, 35, False)
        assert defence is not None
        return sum(script.prove_unit((*position, move, reply), 300, script.QUIET, 35, "pn", 3_000,
                                     False)[1] is None for reply in defence.needed)

    name, move = next(iter(progress["picked"].items()))
    position, best = script.unit_moves(name), BOARD.parse_cell(move)
    others = [other for other in script.candidate_moves(progress, position, defence_of, 3, 0)
              if other != best]
    assert others  # a pick among more than one move
    least = open_after(position, best)
    assert all(least <= open_after(position, other) for other in others)
    for moves, branch in known.items():
        if len(moves) > len(position) and moves[:len(position)] == position:
            assert moves[len(position)] == best  # nothing of the moves not picked kept
            assert check_branch(BOARD, list(moves), branch["tree"])[1] <= 35 - len(moves)

    script.split_by_reply(document, progress, None, probing)
    assert "to pick X's move" not in capsys.readouterr().out  # picked once, kept
    script.split_by_reply(document, progress, None, argparse.Namespace(**vars(probing) | {"nodes": 100_000}))
    assert list(store.branches(document)) == [unit]
    branch = store.branches(document)[unit]
    assert check_branch(BOARD, list(unit), branch["tree"])[1] == branch["plies"] <= 35 - len(unit)
    assert progress["failed_reply"] == {} and progress["picked"] == {}


def test_a_probe_weighs_the_first_threats_and_the_threats_that_leave_o_fewest_replies() -> None:
    script = load_script()
    position = tuple(QUIET.moves)
    order = script.first_moves(position, script.SCANNED_MOVES + 1)
    assert len(order) > script.SCANNED_MOVES

    def widening(first: tuple[int, ...]) -> Defence | None:
        """No threat from X's first and third moves; each later move's leaves O fewer replies."""
        rank = order.index(first[-1])
        return None if rank in (0, 2) else Defence(list(range(30 - rank)), 0, [])

    progress = no_failures()
    assert script.candidate_moves(progress, position, widening, 3, 0) == [order[1], order[3], order[4]]
    scanned_last = order[script.SCANNED_MOVES - 1]
    assert script.candidate_moves(progress, position, widening, 2, 2) == [
        order[1], order[3], scanned_last, order[script.SCANNED_MOVES - 2]]  # none beyond those scanned
    progress["refuted"] = {script.moves_name(position): [BOARD.cell_name(scanned_last)]}
    assert script.candidate_moves(progress, position, widening, 2, 1) == [order[1], order[3], order[-1]]


def test_a_probe_with_the_narrowest_threats_searches_the_narrowest_first_and_can_pick_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    failed = sorted(script.unit_moves(name) for name in progress["failed_reply"])
    searched: list[tuple[int, ...]] = []
    monkeypatch.setattr(script, "run", spending_all(searched))
    weighing = argparse.Namespace(**args | {"deeper": 1, "probe": 2, "narrowest": 1})
    assert script.probe(document, progress, failed, defence_of, never_countered, weighing, False)
    added = 0
    for position in failed:
        first, narrow = (script.candidate_moves(progress, position, defence_of, 2, narrowest)
                         for narrowest in (0, 1))
        assert narrow[:2] == first and len(narrow) <= 3
        replies = {move: len(cast(Defence, defence_of((*position, move))).needed) for move in narrow}
        fewest = min(narrow, key=lambda move: replies[move])
        own = [moves for moves in searched if moves[:len(position)] == position]
        assert own[0][len(position)] == fewest  # the fewest replies are searched first, all failing
        assert progress["picked"][script.moves_name(position)] == BOARD.cell_name(fewest)
        added += fewest not in first
    assert added, "in some position the move picked is one that only --narrowest weighs"


def test_a_repick_replaces_a_move_picked_before_by_a_threat_that_leaves_fewer_replies_open(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    failed = sorted(script.unit_moves(name) for name in progress["failed_reply"])
    searched: list[tuple[int, ...]] = []
    monkeypatch.setattr(script, "run", spending_all(searched))  # every reply left open
    probing = args | {"deeper": 1, "probe": 2}
    repicking = argparse.Namespace(**probing | {"narrowest": 3, "repick": True})
    assert script.probe(document, progress, failed, defence_of, never_countered,
                        argparse.Namespace(**probing), False)
    before = dict(progress["picked"])
    assert set(before) == {script.moves_name(position) for position in failed}

    def replies(position: tuple[int, ...], move: int) -> int:
        return len(cast(Defence, defence_of((*position, move))).needed)

    searched.clear()
    capsys.readouterr()
    script.repick_all(document, progress, None, repicking)
    out = capsys.readouterr().out
    assert f"level 1: {len(failed)} positions to probe again" in out
    replaced = 0
    for position in failed:
        name = script.moves_name(position)
        old = BOARD.parse_cell(before[name])
        weighed = [old, *(move for move in script.candidate_moves(progress, position, defence_of, 2, 3)
                          if move != old)]
        best = min(weighed, key=lambda move: replies(position, move))  # the move picked before on a tie
        assert progress["picked"][name] == BOARD.cell_name(best)
        assert progress["repicked"][name] == 3
        assert not any(moves[:len(position) + 1] == (*position, old) for moves in searched), \
            "the move picked before has its open replies counted, not searched"
        below_old = [key for key in progress["failed_reply"] if key.startswith(f"{name} {before[name]} ")]
        if best != old:
            replaced += 1
            assert f"{name}: X's move {BOARD.cell_name(best)} picked in place of {before[name]}" in out
            assert below_old == [], "what lay below the move replaced goes"
        else:
            assert len(below_old) == replies(position, old)
    assert replaced, "some move picked before leaves more replies open than a narrower threat"

    searched.clear()
    script.repick_all(document, progress, None, repicking)
    assert searched == [] and "level 1: 0 positions to probe again" in capsys.readouterr().out


def test_a_run_stopped_while_it_probes_searches_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    runs: list[list[Any]] = []

    def stopped(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        runs.append(tasks)
        return False

    monkeypatch.setattr(script, "run", stopped)
    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"deeper": 1, "probe": 2}))
    assert len(runs) == 1 and {task[1] for task in runs[0]} == {script.PROBE_NODES}  # the probe's only
    assert progress["picked"] == {}


def test_a_probe_stops_searching_a_move_once_it_cannot_be_picked(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Every search fails within its budget: each move leaves all its replies open, so each is beaten
    # once it leaves as many open as the move with the fewest replies, which is searched first.
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    failed = sorted(script.unit_moves(name) for name in progress["failed_reply"])
    searched: list[tuple[int, ...]] = []

    monkeypatch.setattr(script, "run", spending_all(searched))
    capsys.readouterr()
    probing = argparse.Namespace(**args | {"probe": 3})
    assert script.probe(document, progress, failed, defence_of, never_countered, probing, False)
    out = capsys.readouterr().out
    cut_short = queued = reordered = 0
    for position in failed:
        moves = script.candidate_moves(progress, position, defence_of, 3, 0)
        replies = [len(defence_of((*position, move)).needed) for move in moves]
        done = [sum(moves_searched[:len(position) + 1] == (*position, move) for moves_searched in searched)
                for move in moves]
        # The first of the fewest is searched first, all of it; another stops at as many open, or
        # one more if it comes before that one and would be picked on a tie.
        first = replies.index(min(replies))
        assert done == [count if rank == first else min(count, replies[first] + (rank < first))
                        for rank, count in enumerate(replies)]
        own = [moves_searched for moves_searched in searched if moves_searched[:len(position)] == position]
        assert own[0][len(position)] == moves[first]
        reordered += first > 0
        best = moves[first]  # the first of the fewest
        assert progress["picked"][script.moves_name(position)] == BOARD.cell_name(best)
        cut_short += sum(count < total for count, total in zip(done, replies, strict=True))
        queued += sum(replies)
    assert cut_short and "at least" in out  # some move was beaten before all its replies were searched
    assert reordered  # and some position's first move was not the one searched first
    assert f"the probe skipped {queued - len(searched):,} searches of {queued:,} that could not" in out


@pytest.mark.parametrize("most", [0, 1])
def test_a_probe_bounded_in_the_replies_left_open_picks_only_a_move_within_the_bound(
        most: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The probe's last candidate leaves one reply open, every other move all of theirs.
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    position = min(script.unit_moves(name) for name in progress["failed_reply"])
    moves = script.candidate_moves(progress, position, defence_of, 3, 0)
    narrow = moves[-1]
    hard = defence_of((*position, narrow)).needed[0]
    assert all(len(defence_of((*position, move)).needed) > most + 1 for move in moves[:-1])
    searched: list[tuple[int, ...]] = []

    def one_open(task: tuple[Any, ...]) -> tuple[Any, ...]:
        """Every search spends its budget without a proof, but those of the narrow move's replies
        other than ``hard``, which are proven (by stand-in trees)."""
        proven = task[0][:-1] == (*position, narrow) and task[0][-1] != hard
        return task[0], [0] if proven else None, task[1], 0.0

    monkeypatch.setattr(script, "run", answering(one_open, searched))
    capsys.readouterr()
    bounded = argparse.Namespace(**args | {"deeper": 1, "probe": 3, "open_at_most": most})
    assert script.probe(document, progress, [position], defence_of, never_countered, bounded, False)
    out = capsys.readouterr().out
    for move in moves[:-1]:  # each stopped once it left more open than the bound
        assert sum(found[:-1] == (*position, move) for found in searched) == most + 1
    picked = progress["picked"].get(script.moves_name(position))
    if most:
        assert picked == BOARD.cell_name(narrow)
        assert f"X's move {picked} picked, the probe left 1 of its" in out
    else:
        assert picked is None
        assert f"{script.moves_name(position)}: no move to split by among X's first 3 threats, leaving at " \
               "most 0 replies open" in out


def test_a_bound_on_the_replies_left_open_needs_a_probe(capsys: pytest.CaptureFixture[str]) -> None:
    split = ["--split", "1", "--by-reply", "--deeper", "1"]
    for flags in ([*split, "--open-at-most", "1"], [*split, "--probe", "2", "--open-at-most", "-1"]):
        with pytest.raises(SystemExit):
            load_script().main(flags)
        assert "--open-at-most bounds the replies a probe's pick leaves open" in capsys.readouterr().err


def test_a_reply_with_no_move_to_split_by_abandons_the_move_above_it_and_its_reply_is_probed_again(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(QUIET.moves)
    script = split_script(monkeypatch, unit)
    monkeypatch.setattr(script, "UNIT_MOVES", len(unit))

    first = script.first_moves(unit, 1)[0]
    reply = defence_of((*unit, first)).needed[0]
    above = (*unit, first, reply)  # a failed first-level reply, split by a picked move
    move = next(move for move in script.first_moves(above, 5) if defence_of((*above, move)) is not None)
    replies = defence_of((*above, move)).needed
    assert len(replies) > 2
    end, beside = ((*above, move, reply) for reply in replies[:2])  # failed replies below the picked move
    name = script.moves_name
    document, progress = store.empty_document(), no_failures()
    progress["failed_reply"] = {name(above): 500, name(end): 500, name(beside): 500}
    progress["picked"] = {name(above): BOARD.cell_name(move)}
    store.add(document, (*above, move, replies[2]), [0])  # a stand-in for a reply proven below the move
    monkeypatch.setattr(script, "run", ending_after(1))  # each of X's moves probed is refuted
    args = split_args(500, 1) | {"by_reply": True, "deeper": 2, "probe": 3}
    assert script.probe(document, progress, [end, beside], defence_of, never_countered,
                        argparse.Namespace(**args), False)
    out = capsys.readouterr().out
    assert f"{name(end)}: no move to split by among X's first 3 threats" in out
    assert name(beside) not in out  # below the move abandoned: its searches are skipped, nothing kept
    assert progress["abandoned"] == {name(above): [BOARD.cell_name(move)]}
    assert progress["picked"] == {} and list(progress["failed_reply"]) == [name(above)]
    assert not any(key.startswith(name((*above, move))) for key in progress["refuted"])  # taken out below it
    assert store.branches(document) == {}
    assert script.live_moves(progress, above, 3) == [other for other in script.first_moves(above, 4)
                                                     if other != move][:3]

    probed: list[tuple[int, ...]] = []

    def failing(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
        """Every search spends its budget without a proof; the probe's are kept."""
        probed.extend(task[0] for task in tasks if task[1] == script.PROBE_NODES)
        for task in tasks:
            if wanted(task):
                recorded((task[0], None, task[1], 0.0))
        return True

    monkeypatch.setattr(script, "run", failing)
    script.split_by_reply(document, progress, None, argparse.Namespace(**args))
    again = {moves[len(above)] for moves in probed if moves[:len(above)] == above}
    assert again and move not in again  # the reply above is probed again, for another move
    assert progress["picked"][name(above)] != BOARD.cell_name(move)

    monkeypatch.setattr(script, "run", ending_after(1))
    progress = no_failures() | {"failed_reply": {name(above): 500}}
    capsys.readouterr()
    assert script.probe(document, progress, [above], defence_of, never_countered, argparse.Namespace(**args),
                        False)
    assert f"{name(above)}: no move to split by" in capsys.readouterr().out
    assert progress["abandoned"] == {}  # a unit's first move is not abandoned


def test_a_probe_out_of_time_leaves_its_positions_to_a_later_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    failed = [script.unit_moves(name) for name in progress["failed_reply"]]
    capsys.readouterr()
    looked: list[tuple[int, ...]] = []

    def looking(first: tuple[int, ...]) -> Defence | None:
        looked.append(first)
        return defence_of(first)

    out_of_time = argparse.Namespace(**args | {"deeper": 1, "probe": 2, "minutes": 0})
    assert script.probe(document, progress, failed, looking, never_countered, out_of_time, False)
    assert "0 searches of 500,000 nodes to pick X's move in 0 of the failed" in capsys.readouterr().out
    assert looked == [] and progress["picked"] == {}


def test_a_probe_needs_deeper_splits_and_a_move(capsys: pytest.CaptureFixture[str]) -> None:
    for flags in (["--split", "1", "--by-reply", "--probe", "2"],
                  ["--split", "1", "--by-reply", "--deeper", "1", "--probe", "0"]):
        with pytest.raises(SystemExit):
            load_script().main(flags)
        assert "--probe picks the move" in capsys.readouterr().err


def test_the_narrowest_moves_are_weighed_only_in_a_probe(capsys: pytest.CaptureFixture[str]) -> None:
    for flags in (["--split", "1", "--by-reply", "--deeper", "1", "--narrowest", "2"],
                  ["--split", "1", "--by-reply", "--deeper", "1", "--probe", "2", "--narrowest", "-1"]):
        with pytest.raises(SystemExit):
            load_script().main(flags)
        assert "--narrowest adds moves to a probe's" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        load_script().main(["--split", "1", "--by-reply", "--deeper", "1", "--probe", "2", "--repick"])
    assert "--repick weighs the narrowest threats" in capsys.readouterr().err


def test_deeper_splits_need_the_replies_of_a_split_by_reply(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load_script().main(["--split", "1", "--deeper", "1"])
    assert "give --by-reply" in capsys.readouterr().err


def test_a_split_by_reply_needs_the_first_moves_to_split_by(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load_script().main(["--by-reply"])
    assert "give --split too" in capsys.readouterr().err


def test_the_open_ends_are_the_failed_replies_not_split_further_and_not_under_a_proof() -> None:
    script = load_script()
    progress = no_failures() | {
        "failed_reply": {"h8 h7 g8 h9 i8 f8": 100_000_000, "h8 h7 g8 h9 i8 f8 i7 i9": 3_000_000,
                         "h8 h7 g8 h9 i8 f8 i7 i9 g9 j6 g7 g6": 3_000_000, "h8 h7 g8 h9 i8 j8": 3_000_000,
                         "h8 h7 g8 f8 g7 i8 g6 g9": 3_000_000, "h8 h7 g8 f8 g7 i8 g6 e5 e6 d6": 30_000_000},
        "picked": {"h8 h7 g8 h9 i8 f8": "i7", "h8 h7 g8 h9 i8 f8 i7 i9": "g9"},
        "refuted": {"h8 h7 g8 h9 i8 f8": ["g7", "j6"]}, "abandoned": {"h8 h7 g8 h9 i8 f8": ["h6"]}}
    proven = {script.unit_moves("h8 h7 g8 f8 g7 i8 g6 g9"): {}}  # its own failure is an old one
    report = script.open_report(proven, progress).splitlines()
    assert report == [
        "h8 h7 g8 f8, split by X's g7: 1 open reply, 1 open end (level 3: 1)",
        "  i8: 1 open end (level 3: 1)",
        "h8 h7 g8 h9, split by X's i8: 2 open replies, 2 open ends (level 1: 1, level 4: 1)",
        "  f8, split by i7: 1 open end (level 4: 1)",
        "  j8: 1 open end (level 1: 1)",
        "2 units open, 3 first-level replies open, 3 open ends (level 1: 1, level 3: 1, level 4: 1); "
        "failed 2 within 3,000,000 nodes, 1 within 30,000,000 nodes; 2 replies split by a picked move; "
        "of X's moves, 2 refuted and 1 abandoned"]
    proven[script.unit_moves("h8 h7 g8 h9 i8 f8 i7 i9")] = {}  # a split position proven: its ends go
    assert "2 units open, 2 first-level replies open, 2 open ends" in script.open_report(proven, progress)
    proven.update({script.unit_moves(name): {} for name in ("h8 h7 g8 h9", "h8 h7 g8 f8")})
    assert script.open_report(proven, progress).startswith("no open ends")


def test_a_run_stopped_between_two_rounds_saves_what_it_has(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    document, progress = document_with({UNITS[0]: 20}), no_failures()
    saved: list[tuple[Any, Any]] = []

    def stopped(*_: Any) -> None:
        raise KeyboardInterrupt  # as SIGTERM raises it while the run works out its next round

    monkeypatch.setattr(script.store, "read", lambda: document)
    monkeypatch.setattr(script, "read_progress", lambda plies: progress)
    monkeypatch.setattr(script.pool, "stop_on_sigterm", lambda: None)
    monkeypatch.setattr(script, "search_all", stopped)
    monkeypatch.setattr(script, "save", lambda document, progress: saved.append((document, progress)) or 0)
    assert script.main(["--minutes", "1"]) == 0
    assert saved == [(document, progress)]
    assert "stopping: what was proven so far is saved" in capsys.readouterr().err


def test_a_run_within_another_limit_keeps_its_failures_apart(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    script = load_script()
    monkeypatch.setattr(script, "PROGRESS", tmp_path / "gomoku_proof.json")
    monkeypatch.setattr(script.store, "write", lambda document: 0)
    within_35 = script.read_progress()
    within_35["failed_reply"]["h8 h7 g8 h9 i8 f8"] = 100_000_000
    script.save(store.empty_document(), within_35)
    within_45 = script.read_progress(45)
    assert within_45["failed_reply"] == {} and within_45["plies"] == 45  # no failure within 45 plies
    within_45["refuted"]["h8 h7 g8 h9 i8 f8 i7 i9 g9 j6"] = ["g7"]
    script.save(store.empty_document(), within_45)
    assert script.read_progress()["failed_reply"] == {"h8 h7 g8 h9 i8 f8": 100_000_000}
    assert script.read_progress()["refuted"] == {}
    assert script.read_progress(45)["refuted"] == {"h8 h7 g8 h9 i8 f8 i7 i9 g9 j6": ["g7"]}
    assert sorted(path.name for path in tmp_path.iterdir()) == ["gomoku_proof.json",
                                                                 "gomoku_proof_within_45.json"]


def test_a_move_after_which_o_wins_by_threats_is_refuted_before_a_probe_searches_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    position = sorted(script.unit_moves(name) for name in progress["failed_reply"])[0]
    name = script.moves_name
    doomed = script.live_moves(progress, position, 1)[0]
    threat = BOARD.parse_cell("a1")
    monkeypatch.setattr(script, "counter_threat",
                        lambda first: threat if first == (*position, doomed) else None)
    searched: list[tuple[int, ...]] = []

    def countered(first: tuple[int, ...]) -> bool:
        return script.refuted_by_threats(document, progress, first)

    monkeypatch.setattr(script, "run", spending_all(searched))
    capsys.readouterr()
    assert script.probe(document, progress, [position], defence_of, countered,
                        argparse.Namespace(**args | {"deeper": 1, "probe": 3}), False)
    assert f"{name(position)}: X's move {BOARD.cell_name(doomed)} refuted, O wins by threats from a1" \
        in capsys.readouterr().out
    assert progress["refuted"][name(position)] == [BOARD.cell_name(doomed)]
    # The three candidates are the three after it, and none of the doomed move's replies is searched.
    candidates = {move for move in script.first_moves(position, 4)[1:]
                  if defence_of((*position, move)) is not None}
    assert {moves[len(position)] for moves in searched} == candidates
    assert BOARD.cell_name(doomed) != progress["picked"][name(position)]


def test_a_move_picked_before_is_refuted_once_o_is_found_to_win_by_threats_after_it_and_probed_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    script, document, progress, args = split_by_reply_once(monkeypatch, tuple(QUIET.moves))
    position = sorted(script.unit_moves(name) for name in progress["failed_reply"])[0]
    name = script.moves_name
    old = next(move for move in script.first_moves(position, 5)
               if script.first_defence(position, move, 35, False) is not None)
    progress["picked"][name(position)] = BOARD.cell_name(old)
    below = (*position, old, script.first_defence(position, old, 35, False).needed[0])
    progress["failed_reply"][name(below)] = 500  # an open end below the old pick
    monkeypatch.setattr(script, "counter_threat", lambda first: 0 if first == (*position, old) else None)
    searched: list[tuple[int, ...]] = []

    monkeypatch.setattr(script, "run", spending_all(searched))
    script.split_by_reply(document, progress, None, argparse.Namespace(**args | {"deeper": 1, "probe": 2}))
    assert progress["refuted"][name(position)] == [BOARD.cell_name(old)]
    assert name(below) not in progress["failed_reply"]  # what lay below the old pick went with it
    assert not any(moves[:len(position) + 1] == (*position, old) for moves in searched)
    assert progress["picked"][name(position)] != BOARD.cell_name(old)  # probed again, another move picked


def test_a_look_that_found_no_win_of_os_is_kept_and_not_made_again_within_as_much(
        monkeypatch: pytest.MonkeyPatch) -> None:
    script = load_script()
    document, progress = store.empty_document(), no_failures()
    first = (*QUIET.moves, script.first_moves(tuple(QUIET.moves), 1)[0])
    looks: list[tuple[int, ...]] = []

    def counter_threat(moves: tuple[int, ...]) -> None:
        looks.append(moves)

    monkeypatch.setattr(script, "counter_threat", counter_threat)
    assert not script.refuted_by_threats(document, progress, first)
    assert not script.refuted_by_threats(document, progress, first)
    assert looks == [first]  # the second answer is the progress file's
    assert progress["counter_looked"] == {
        script.moves_name(first): [script.COUNTER_NODES, script.COUNTER_THREATS]}
    monkeypatch.setattr(script, "COUNTER_THREATS", script.COUNTER_THREATS + 1)
    assert not script.refuted_by_threats(document, progress, first)
    assert looks == [first, first]  # a look with more threats may find what one with fewer did not


CLOSED_THREE = "j8 e7 i11 g6 h9 a1 f2 e2 g2 o15 h2 o14"
"""QUIET's marks with X's f2-h2 closed at e2: after X's first move and any reply, X's four i2 (or
j2) and O's block leave a position proven in a few hundred nodes."""


def in_process(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
               recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
    """A run whose searches are made here, one after the other, each as the workers would."""
    for task in tasks:
        if wanted(task):
            recorded(worker(*task))
    return True


def all_at_once(document: dict[str, Any], progress: dict[str, Any], worker: Any, tasks: list[Any],
                recorded: Any, args: argparse.Namespace, start: str, wanted: Any) -> bool:
    """A run that hands out every search before any answer comes back, as workers may still be
    searching below a position the answer before proved."""
    for result in [worker(*task) for task in tasks if wanted(task)]:
        recorded(result)
    return True


def fours_args() -> argparse.Namespace:
    flags = {"by_reply": True, "deeper": 2, "ends": True, "fours": True}
    return argparse.Namespace(**split_args(500, 1) | flags)


@pytest.mark.parametrize("searches", [in_process, all_at_once])
def test_a_four_that_wins_in_a_split_position_proves_it_and_the_unit_its_replies_then_prove(
        searches: Callable[..., bool], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(Position.from_moves(BOARD, CLOSED_THREE).moves)
    script = split_script(monkeypatch, unit)
    monkeypatch.setattr(script, "UNIT_MOVES", len(unit))
    monkeypatch.setattr(script, "run", searches)
    first = script.first_moves(unit, 1)[0]
    end, *others = ((*unit, first, reply) for reply in script.first_defence(unit, first, 35, False).needed)
    name = script.moves_name
    document, progress = store.empty_document(), no_failures()
    # A failed reply split by a picked move, one reply below it proven (a stand-in), one open.
    move = next(move for move in script.first_moves(end, 5) if script.first_defence(end, move, 35, False))
    replies = script.first_defence(end, move, 35, False).needed
    proven, still_open = ((*end, move, reply) for reply in replies[:2])
    progress["failed_reply"] = {name(end): 500, name(still_open): 500}
    progress["picked"] = {name(end): BOARD.cell_name(move)}
    store.add(document, proven, [0], 1)
    for moves in others:  # the unit's other replies proven, as a split run leaves them
        _, tree, _, _ = script.prove_unit(moves, 100_000, 2, 35, "pn", 3_000, False)
        store.add(document, moves, tree)
    script.fours_all(document, progress, None, fours_args())
    out = capsys.readouterr().out
    assert f"{name(end)}: proven by X's move i2 and its replies" in out
    assert f"{name(unit)}: proven by X's first move {BOARD.cell_name(first)}" in out
    branches = store.branches(document)
    assert list(branches) == [unit]  # the replies' went into the unit's tree, the picked move's went
    tree = branches[unit]["tree"]
    assert check_branch(BOARD, list(unit), tree)[1] == branches[unit]["plies"]
    assert progress["failed_reply"] == {} and progress["picked"] == {} and progress["fours_tried"] == {}


def test_positions_whose_fours_all_fail_are_kept_and_not_searched_again(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    unit = tuple(Position.from_moves(BOARD, CLOSED_THREE).moves)
    script = split_script(monkeypatch, unit)
    monkeypatch.setattr(script, "UNIT_MOVES", len(unit))
    searched: list[tuple[int, ...]] = []
    monkeypatch.setattr(script, "run", spending_all(searched))
    first = script.first_moves(unit, 1)[0]
    end, above = ((*unit, first, reply) for reply in script.first_defence(unit, first, 35, False).needed[:2])
    move = next(move for move in script.first_moves(above, 5) if script.first_defence(above, move, 35, False))
    below = (*above, move, script.first_defence(above, move, 35, False).needed[0])
    name = script.moves_name
    document, progress = store.empty_document(), no_failures()
    # An open end, and a failed reply split by a picked move with an open end of its own below it.
    progress["failed_reply"] = {name(end): 500, name(above): 500, name(below): 500}
    progress["picked"] = {name(above): BOARD.cell_name(move)}
    script.fours_all(document, progress, None, fours_args())
    fours = {moves[:-2]: moves[-2] for moves in searched}
    assert set(fours) == {end, above, below}
    assert all(four in dict(script.fours_and_blocks(position)) for position, four in fours.items())
    assert progress["fours_tried"] == {name(end): 500_000, name(above): 500_000, name(below): 500_000}
    searched.clear()
    capsys.readouterr()
    script.fours_all(document, progress, None, fours_args())
    assert searched == []
    assert "0 searches of 500,000 nodes after X's fours, in 0 positions" in capsys.readouterr().out
