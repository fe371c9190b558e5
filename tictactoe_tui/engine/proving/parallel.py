"""Worker processes that prove the defender's replies to a root's move side by side.

Python runs one thread of a process at a time, so another core helps a search
only from another process. The zone prover's work divides most evenly at the
defender's replies to the root's moves: each reply needs a proof of its own,
and on a board such as 9x4k4 the hardest take minutes each. A worker proves the
positions it is sent with a ``ZoneProver`` of its own, whose tables stay with
it from one position to the next; the parent hands out the replies best first,
narrows them by the zones that come back as the prover would, and combines the
results into the defender node's.

Workers start with ``spawn``, the same on every platform and safe from a
process with threads, and only when a proof first needs them. Ctrl+C reaches
every process of the terminal's foreground group, so they ignore it: the
parent decides, through its budget, when their work stops.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any

from ..budget import Budget, OutOfBudget
from ..rules.position import Mark
from ..rules.spec import BoardSpec
from .node import Node
from .tables import tables_for
from .zones import ZoneProver

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.synchronize import Event

WAIT_SECONDS = 0.05
"""How long the parent waits for a worker's answer before it looks at its budget and reports progress."""


Reply = tuple[int, Node]
"""A defender's reply: its cell, and the attacker's node after it (in the prover's keys)."""


@dataclass(slots=True)
class _Worker:
    process: BaseProcess
    connection: Connection
    cancel: Event
    """Set by the parent to stop the position the worker is proving."""
    nodes: Any
    """The worker's count of positions visited (a shared ``c_longlong``), kept current as it works."""
    replies: list[Reply] | None = None
    """The replies whose positions the worker is proving, the same position up to symmetry, the one
    sent first; None when it is idle."""
    counted: int = 0
    """How many of its positions the parent has counted so far."""


class ProverPool:
    """``processes`` workers proving positions of ``spec``, each with the zone prover's tables of a
    transposition table of ``capacity`` entries (``zones.TABLE_SHARE``); a ``zones.Pool``.

    The workers start when a proof first needs them, and ``close`` ends them until the next.
    """

    def __init__(self, spec: BoardSpec, processes: int, capacity: int) -> None:
        self.spec = spec
        self.processes = processes
        self.capacity = capacity
        self._workers: list[_Worker] = []

    def defend(self, prover: ZoneProver, side: int, budget: Budget, node: Node) -> int:
        """The result of the defender's ``node`` (a node of ``prover``'s; the attacker, who just moved,
        is ``side``) with its replies proven by the workers.

        The replies go out in ``prover.defender``'s order and are narrowed by the zones that come
        back as it narrows them, except that a reply sent out before an earlier one's zone ruled
        it out is proven all the same. Replies leading to the same position up to a symmetry of
        the board (on 9x4k4 after the centre, most have a mirror image) are proven once: in one
        process the second would be a table hit, but each worker has a table of its own. Raises
        ``OutOfBudget`` once ``budget`` runs out, the workers' positions counted in it.
        """
        self._start()
        tables = prover.tables
        empty = tables.full ^ (node.me | node.opp)
        alike: dict[int, list[Reply]] = {}
        for cell in tables.ranked(node.me, node.opp, node.my_live | node.opp_live):
            after = tables.child(node, cell)
            alike.setdefault(min(after.keys), []).append((cell, after))
        waiting = list(alike.values())
        candidates = unexamined = empty
        won = longest = 0
        while True:
            for worker in self._workers:
                if worker.replies:
                    continue
                replies = next((alike for alike in waiting
                                if any(candidates >> cell & 1 for cell, _ in alike)), None)
                if replies is None:
                    break
                waiting.remove(replies)
                first = next(reply for reply in replies if candidates >> reply[0] & 1)
                attacker, defender = first[1].me, first[1].opp
                x, o = (attacker, defender) if side == Mark.X.index else (defender, attacker)
                worker.connection.send(((x, o), side))
                worker.replies = [first, *(reply for reply in replies if reply != first)]
            done, found = self._answer(prover, budget)
            if done is None:
                return prover.defended(won, longest, unexamined, empty)
            (sent, sent_node), *images = done
            for cell, after in [(sent, sent_node), *images]:
                if cell != sent and not candidates >> cell & 1:
                    continue  # ruled out by a zone already
                result = found if cell == sent else prover.carried(found, sent_node.keys, after.keys)
                bit = 1 << cell
                if result >= 0:
                    self._cancel(budget)
                    return result | bit
                zone, plies = prover.win_of(result)
                won |= zone | bit
                longest = max(longest, plies)
                candidates &= zone
                unexamined &= ~bit

    def _answer(self, prover: ZoneProver, budget: Budget) -> tuple[list[Reply] | None, int]:
        """The replies of the next worker to finish and its result, or None when none is working."""
        while True:
            working = {worker.connection: worker for worker in self._workers if worker.replies}
            if not working:
                return None, 0
            ready = wait(list(working), timeout=WAIT_SECONDS)
            self._count(budget)
            if prover.on_poll is not None:
                prover.on_poll(budget)
            if ready:
                worker = working[ready[0]]  # type: ignore[index]
                found = worker.connection.recv()
                replies, worker.replies = worker.replies, None
                self._count(budget)
                return replies, found
            if budget.exhausted:
                self._cancel(budget)
                raise OutOfBudget

    def _cancel(self, budget: Budget) -> None:
        """Stop every worker's position and wait until each has said so."""
        for worker in self._workers:
            if worker.replies:
                worker.cancel.set()
        for worker in self._workers:
            if worker.replies:
                worker.connection.recv()
                worker.replies = None
            worker.cancel.clear()
        self._count(budget)

    def _count(self, budget: Budget) -> None:
        for worker in self._workers:
            nodes = worker.nodes.value
            budget.nodes += nodes - worker.counted
            worker.counted = nodes

    def _start(self) -> None:
        if self._workers:
            return
        context = multiprocessing.get_context("spawn")
        for _ in range(self.processes):
            mine, theirs = context.Pipe()
            cancel = context.Event()
            nodes = context.RawValue(ctypes.c_longlong, 0)
            arguments = (theirs, cancel, nodes, str(self.spec), self.capacity, os.getpid())
            process = context.Process(target=_serve, args=arguments, name="zone prover", daemon=True)
            process.start()
            theirs.close()
            self._workers.append(_Worker(process, mine, cancel, nodes))

    def close(self) -> None:
        """End the workers (they start again when next needed)."""
        for worker in self._workers:
            worker.connection.close()
            worker.process.terminate()
        for worker in self._workers:
            worker.process.join()
        self._workers.clear()


def _serve(connection: Connection, cancel: Event, nodes: Any, spec: str, capacity: int, parent: int) -> None:
    """A worker: proves each position it receives, ``((x, o), side to move)``, until the parent hangs up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    tables = tables_for(BoardSpec.parse(spec))

    def count(_: Budget | None = None) -> None:
        nodes.value = prover.nodes
        if os.getppid() != parent:  # the parent was killed, with no chance to end its workers
            os._exit(1)

    prover = ZoneProver(tables, capacity, on_poll=count)
    while True:
        try:
            (x, o), side = connection.recv()
        except EOFError:
            return
        try:
            found: int | None = prover.prove(tables.node_at(x, o, side), Budget(stop=cancel))
        except OutOfBudget:
            found = None
        count()
        connection.send(found)
