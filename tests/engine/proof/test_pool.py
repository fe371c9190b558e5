"""The workers of a proving run: a run goes on past a worker that dies or raises, and a worker
takes no more than its share of memory."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from tictactoe_tui.engine.proof import pool


def _dies_on_the_second(moves: tuple[int, ...]) -> tuple[int, ...]:
    """A worker that ends its process without a word on the second unit, as the system's
    out-of-memory killer would end it."""
    if moves == (1,):
        os._exit(1)
    return moves


def test_a_run_saves_and_goes_on_past_a_worker_that_dies(capsys: pytest.CaptureFixture[str]) -> None:
    saves: list[int] = []
    results: list[tuple[int, ...]] = []
    # Workers started afresh, as a proving run starts them.
    went_on = pool.run(_dies_on_the_second, [((0,),), ((1,),), ((2,),)], results.append,
                       lambda: saves.append(1), processes=1, minutes=5.0, start="spawn")
    assert went_on
    assert results == [(0,), (2,)]  # the unit under way when its worker died is left for a later run
    assert saves  # what was proven before is saved at once
    assert "a worker died; dropped for a later run: b1\n" in capsys.readouterr().err


def _raises_on_the_second(moves: tuple[int, ...]) -> tuple[int, ...]:
    if moves == (1,):
        raise ValueError("a bug of that unit's")
    return moves


def test_a_run_drops_a_unit_whose_worker_raises_and_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    results: list[tuple[int, ...]] = []
    saves: list[int] = []
    went_on = pool.run(_raises_on_the_second, [((0,),), ((1,),), ((2,),)], results.append,
                       lambda: saves.append(1), processes=1, minutes=5.0)
    assert went_on and results == [(0,), (2,)]
    assert not saves  # nothing broke the pool, and the run was too short for a timed save
    assert ("b1: dropped for a later run, its worker failed: ValueError: a bug of that unit's"
            in capsys.readouterr().err)


def test_a_run_out_of_time_starts_nothing() -> None:
    results: list[tuple[int, ...]] = []
    assert pool.run(_raises_on_the_second, [((0,),), ((2,),)], results.append, lambda: None,
                    processes=1, minutes=0.0)
    assert results == []


def test_a_run_skips_the_tasks_no_longer_wanted() -> None:
    results: list[tuple[int, ...]] = []
    pool.run(_raises_on_the_second, [((0,),), ((2,),), ((3,),)], results.append, lambda: None,
             processes=1, minutes=5.0, wanted=lambda task: task != ((2,),))
    assert results == [(0,), (3,)]


def _allocates(size: int) -> str:
    try:
        block = bytearray(size)
    except MemoryError:
        return "refused"
    return f"allocated {len(block)}"


def test_a_worker_may_take_only_its_share_of_memory() -> None:
    # A unit that outgrows its worker's share fails alone, as out of memory, in the worker.
    share = 256 * 2**20
    with ProcessPoolExecutor(1, initializer=pool.quiet_worker, initargs=(share,)) as workers:
        assert workers.submit(_allocates, 2 * share).result() == "refused"
        assert workers.submit(_allocates, share // 4).result() == f"allocated {share // 4}"
    one, two = pool.worker_memory(1), pool.worker_memory(2)
    assert one is None or two is not None and 0 < two < one
