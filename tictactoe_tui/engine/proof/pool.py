"""The workers of a proving run: searches side by side on every core, for hours, surviving what one
search does.

A run lasts as long as it is given, so what goes wrong in one search must not end it: a search that
raises is dropped for a later run, a worker that dies (the system's out-of-memory killer, say) takes
only the searches under way with it, and Ctrl+C or SIGTERM stops the run at once, telling its
caller so, which saves what was proven.
Each worker may take a share of the memory the system has free, so that a search that outgrows it
fails alone instead of the system killing some process of the run.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from .campaign import moves_name

SAVE_EVERY = 120.0
"""Seconds between saves during a run."""
MEMORY_SHARE = 0.8
"""The share of the system's free memory that the workers of a run may take between them; the rest
is the main process's, which holds the whole proof and writes it out at each save."""


def run(worker: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], recorded: Callable[[Any], None],
        save: Callable[[], object], *, processes: int, minutes: float, memory: int | None = None,
        start: str = "fork", wanted: Callable[[tuple[Any, ...]], bool] = lambda task: True) -> bool:
    """Run ``worker`` on every task of ``tasks`` (its first item the moves searched after) that is
    still ``wanted`` when its turn comes, on ``processes`` processes (started by the
    ``multiprocessing`` method ``start``) until ``minutes`` have passed, handing each result to
    ``recorded`` and calling ``save`` every ``SAVE_EVERY`` seconds; whether it went on to its end,
    not stopped by Ctrl+C or SIGTERM. Each worker may take ``memory`` bytes more than it starts with
    (by default, ``worker_memory``'s share).

    A task whose worker raises is dropped for a later run, and the others go on. A worker that dies
    breaks its pool: ``save`` is called, the tasks under way are dropped for a later run, and the
    rest go on in a new pool."""
    end = time.monotonic() + minutes * 60
    saved = time.monotonic()
    queue = list(reversed(tasks))
    if memory is None:
        memory = worker_memory(processes)
    while queue:
        context = multiprocessing.get_context(start)
        with ProcessPoolExecutor(processes, context, initializer=quiet_worker, initargs=(memory,)) as pool:
            running: dict[Future[Any], tuple[Any, ...]] = {}
            try:
                while queue or running:
                    while queue and len(running) < processes and time.monotonic() < end:
                        task = queue.pop()
                        if not wanted(task):
                            continue
                        try:
                            running[pool.submit(worker, *task)] = task
                        except BrokenProcessPool:
                            queue.append(task)  # never started: the next pool takes it
                            raise
                    if not running:
                        return True
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    _hand_over(done, running, recorded)
                    if time.monotonic() - saved > SAVE_EVERY:
                        save()
                        saved = time.monotonic()
            except BrokenProcessPool:
                dropped = ", ".join(moves_name(task[0]) for task in running.values())
                print(f"a worker died; dropped for a later run: {dropped}", file=sys.stderr, flush=True)
                save()
                saved = time.monotonic()
            except KeyboardInterrupt:
                print("stopping: the units proven so far are saved", file=sys.stderr)
                # The searches under way are dropped: their workers stop now, not when they end.
                for child in multiprocessing.active_children():
                    child.terminate()
                pool.shutdown(wait=False, cancel_futures=True)
                return False
    return True


def _hand_over(done: set[Future[Any]], running: dict[Future[Any], tuple[Any, ...]],
               recorded: Callable[[Any], None]) -> None:
    """Hand what each search of ``done`` answered to ``recorded`` and take it out of ``running``;
    one that raised is dropped with a word, for a later run. Those that ended well go first: one
    whose worker died raises ``BrokenProcessPool`` and stays under way."""
    for future in sorted(done, key=lambda future: future.exception() is not None):
        try:
            result = future.result()
        except BrokenProcessPool:
            raise
        except Exception as error:  # one search's, whatever it is
            failed = running.pop(future)
            print(f"{moves_name(failed[0])}: dropped for a later run, its worker failed: "
                  f"{type(error).__name__}: {error}", file=sys.stderr, flush=True)
            continue
        del running[future]
        recorded(result)


def worker_memory(processes: int) -> int | None:
    """Bytes each of ``processes`` workers may take beyond what it starts with: a share of the
    memory the system has free, so that a unit that outgrows it fails alone (as out of memory)
    instead of the system killing some process of the run; None where the system does not say."""
    try:
        lines = Path("/proc/meminfo").read_text().splitlines()
    except OSError:
        return None
    free = next((int(line.split()[1]) * 1024 for line in lines if line.startswith("MemAvailable:")), None)
    return None if free is None else int(free * MEMORY_SHARE / processes)


def stop_on_sigterm() -> None:
    """SIGTERM stops a run as Ctrl+C does: with what was proven saved."""
    signal.signal(signal.SIGTERM, _interrupt)


def _interrupt(number: int, frame: object) -> None:
    raise KeyboardInterrupt


def quiet_worker(memory: int | None) -> None:
    """A worker leaves Ctrl+C to the main process and ends at once, without a word, when it
    terminates the worker: the search under way is dropped either way. It may take ``memory`` bytes
    more than it has when it starts (what a forked worker shares with the main process counts in
    that), where the system says how much that is."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if memory is not None:
        try:
            size = int(Path("/proc/self/statm").read_text().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        except OSError:
            return
        resource.setrlimit(resource.RLIMIT_AS, (size + memory, resource.RLIM_INFINITY))
