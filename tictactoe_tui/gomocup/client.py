"""Any Gomocup brain as a computer player: a subprocess spoken to in the brain protocol.

``BrainPlayer`` fits the engine's ``Player`` protocol, so a side of a game can
be an external engine (``brain:PATH`` as a controller). It starts the brain on
its first move, tells it the board (``START``, or ``RECTSTART`` when the board
is not square), the time per move and k, then sends each position: ``BEGIN``
on the empty board, ``TURN x,y`` when the position extends the last one the
brain saw by the opponent's move, and ``BOARD`` otherwise (after an undo, a
loaded record, a stopped search).

A thread reads the brain's stdout line by line into a queue, so waiting for an
answer is a queue read with a deadline, and a brain that prints ``MESSAGE``
lines, stalls or dies cannot block the caller. Every failure is a
``BrainFailure`` (an ``EngineFailure``, not a ``ValueError``: the brain failed,
not the caller's input) whose message is one sentence naming the brain; an
answer that is no message of the protocol (``ProtocolError``) is such a
failure too. Afterwards the process is gone and the next ``choose`` starts it
afresh.
"""

from __future__ import annotations

import collections
import contextlib
import math
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import IO

from ..engine import BoardSpec, Cell, EngineFailure, GameError, Position
from ..engine.players import DEFAULT_TIME_LIMIT
from ..engine.rules.inputs import quote
from .controllers import parse_brain_controller
from .protocol import (
    DEFAULT_K,
    K_KEY,
    ProtocolError,
    about_name,
    format_cell,
    from_protocol,
    parse_command,
    parse_xy,
    to_protocol,
)

START_TIMEOUT = 10.0
"""Seconds a brain may take to answer ``START`` (some load large tables or networks first)."""
ANSWER_GRACE = 1.0
"""Seconds beyond the time per move before a brain counts as too slow (process start, pipes)."""
ABOUT_TIMEOUT = 2.0
"""Seconds to wait for ``ABOUT``'s answer; a brain that gives none keeps its file name."""
END_GRACE = 0.5
"""Seconds a brain has to exit after ``END`` before it is killed."""
POLL = 0.05
"""How often a wait looks at the stop event."""
SETTLE = 0.03
"""Seconds a brain is left after its move before it is sent the next position: some brains (Rapfi)
are still winding their search down when they print the move and drop what comes meanwhile, so a
``BOARD`` sent at once was lost and its lines read as unknown commands."""


class BrainFailure(EngineFailure):
    """An external brain failed: it did not start, answered garbage or an illegal move, was slow or died."""


class BrainStopped(BrainFailure):
    """``choose`` was stopped before the brain answered; the brain's late answer is dropped."""


class BrainPlayer:
    """An external Gomocup brain playing one side of one game at a time.

    ``BrainPlayer(argv, time_limit=1.0)`` runs ``argv`` (a program and its arguments, as
    ``parse_brain_controller`` gives) when ``choose`` is first called. ``name`` is the file
    name of the program until the brain's ``ABOUT`` answer names it. ``choose(position, stop)``
    returns the brain's move as an engine cell, or raises ``BrainFailure`` (the process is then
    ended, and the next ``choose`` starts it again). ``messages()`` returns and forgets the
    brain's ``MESSAGE`` lines so far. ``close()`` ends the brain (``END``, then a kill after
    ``END_GRACE`` seconds); it is also a context manager.

    Setting ``stop`` while the brain thinks makes ``choose`` raise ``BrainStopped`` within
    ``POLL`` seconds. The brain is left running: its late answer is read and dropped at the
    start of the next ``choose`` (which then sends ``BOARD``); if it has not come by the end of
    the brain's time, the process is restarted instead.

    One thread at a time may use a player; ``stop`` may be set from any thread.
    """

    def __init__(self, argv: Sequence[str], *, time_limit: float = DEFAULT_TIME_LIMIT,
                 cwd: str | None = None) -> None:
        if not argv:
            raise GameError("a brain needs a program to run")
        self.argv: tuple[str, ...] = tuple(argv)
        self.time_limit = time_limit
        self.cwd = cwd
        self.name: str = os.path.basename(self.argv[0]) or self.argv[0]
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=5)
        self._stderr_reader: threading.Thread | None = None
        self._messages: list[str] = []
        self._lock = threading.Lock()
        self._told: Position | None = None
        """The position the running brain believes in: the last one it was sent, or played into."""
        self._spec: BoardSpec | None = None
        self._owes_move = False
        """True while waiting for a move, when an ABOUT answer is read and passed over."""
        self._late_until: float | None = None
        """While set, the brain owes an answer to a stopped ``choose``, due by this time."""
        self._answered = -math.inf
        """When the brain's last move came (``time.monotonic``)."""

    @classmethod
    def from_controller(cls, controller: str, *, time_limit: float = DEFAULT_TIME_LIMIT) -> BrainPlayer:
        """The player for a ``brain:PATH [ARGS...]`` controller."""
        return cls(parse_brain_controller(controller), time_limit=time_limit)

    # The Player protocol

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        """The brain's move in ``position``; ``BrainFailure`` when it fails, ``BrainStopped`` when stopped."""
        if position.is_over:
            raise GameError(f"no move to choose: the game is over ({position.outcome.status.value})")
        try:
            self._drop_late_answer(stop)
            told = self._told
            if told is None or self._spec != position.spec or (told.moves and not position.moves):
                self._start(position.spec, stop)
            self._send_position(position)
            cell = self._await_move(position, stop)
        except BrainStopped:
            raise
        except BrainFailure:
            self._kill()
            raise
        self._told = position.play(cell)
        return cell

    def messages(self) -> list[str]:
        """The ``MESSAGE`` lines the brain printed since the last call (without the word MESSAGE)."""
        with self._lock:
            messages, self._messages = self._messages, []
        return messages

    def close(self) -> None:
        """End the brain: ``END``, a short grace to exit, then a kill; no process is left behind."""
        process = self._process
        if process is None:
            return
        with contextlib.suppress(BrainFailure):
            self._write("END")  # a brain that is already gone cannot be told
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(END_GRACE)
        self._kill()

    def __del__(self) -> None:
        # A player dropped without close() leaves no process behind. At the interpreter's exit its
        # daemon threads are frozen, the reader of the brain's output inside a read that holds that
        # stream's lock, and closing the stream would abort the interpreter: the process alone is ended.
        with contextlib.suppress(Exception):
            self._kill(close_streams=not sys.is_finalizing())

    def __enter__(self) -> BrainPlayer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # Starting

    def _start(self, spec: BoardSpec, stop: threading.Event | None) -> None:
        self._kill()
        try:
            self._launch(spec, stop)
        except BrainStopped:
            self._kill()  # half started: its answers would arrive out of turn
            raise

    def _launch(self, spec: BoardSpec, stop: threading.Event | None) -> None:
        try:
            process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, cwd=self.cwd)
        except OSError as error:
            reason = error.strerror or str(error)
            raise BrainFailure(f"brain {self.name} did not start: {reason} ({self.argv[0]})") from None
        self._process, self._lines = process, queue.Queue()
        self._stderr.clear()
        assert process.stdout is not None and process.stderr is not None
        threading.Thread(target=_read_lines, args=(process.stdout, self._lines), daemon=True).start()
        reader = threading.Thread(target=_keep_tail, args=(process.stderr, self._stderr), daemon=True)
        self._stderr_reader = reader
        reader.start()
        if spec.k != DEFAULT_K:
            self._write(f"INFO {K_KEY} {spec.k}")  # before START, so that START can check k against the board
        if spec.width == spec.height:
            self._write(f"START {spec.width}")
        else:
            self._write(f"RECTSTART {spec.width},{spec.height}")
        answer = self._next_line(time.monotonic() + START_TIMEOUT, stop)
        if answer is None:
            raise BrainFailure(f"brain {self.name} did not answer START within {START_TIMEOUT:g} s")
        command = parse_command(answer)
        if command.word == "ERROR":
            raise BrainFailure(f"brain {self.name} refused the {spec.width}x{spec.height} board: "
                               f"{command.argument or 'no reason given'}")
        if command.word != "OK":
            raise BrainFailure(f"brain {self.name} answered {quote(answer)} to START instead of OK")
        self._spec, self._told = spec, Position.empty(spec)
        self._write(f"INFO timeout_turn {round(self.time_limit * 1000)}")
        self._write("INFO timeout_match 0")
        self._write("INFO game_type 1")
        self._write("INFO rule 0")
        self._write("ABOUT")
        deadline = time.monotonic() + ABOUT_TIMEOUT
        while (line := self._next_line(deadline, stop)) is not None:
            # ERROR or UNKNOWN answer an INFO or ABOUT the brain did not like, which is harmless;
            # anything else is ABOUT's answer, which _next_line has read the name from.
            if parse_command(line).word not in {"ERROR", "UNKNOWN"}:
                break

    # Talking

    def _send_position(self, position: Position) -> None:
        told, spec = self._told, position.spec
        time.sleep(max(0.0, self._answered + SETTLE - time.monotonic()))
        if not position.moves:
            self._write("BEGIN")  # the brain was (re)started for an empty board
        elif told is not None and position.moves[:-1] == told.moves:
            self._write(f"TURN {format_cell(spec, position.moves[-1])}")
        else:
            own = len(position.moves) % 2  # the parity of the side to move's stones
            self._write("BOARD")
            for index, cell in enumerate(position.moves):
                x, y = to_protocol(spec, cell)
                self._write(f"{x},{y},{1 if index % 2 == own else 2}")
            self._write("DONE")
        self._told = position

    def _await_move(self, position: Position, stop: threading.Event | None) -> Cell:
        deadline = time.monotonic() + self.time_limit + ANSWER_GRACE
        self._owes_move = True
        try:
            answer = self._await_line(deadline, stop, f"{self.time_limit:g} s per move "
                                      f"(and {ANSWER_GRACE:g} s of grace)")
        except BrainStopped:
            self._late_until = deadline
            raise
        finally:
            self._owes_move = False
        self._answered = time.monotonic()
        spec = position.spec
        try:
            x, y = parse_xy(answer)
        except ProtocolError:
            raise BrainFailure(f"brain {self.name} answered {quote(answer)} instead of a move x,y") from None
        if not (0 <= x < spec.width and 0 <= y < spec.height):
            raise BrainFailure(f"brain {self.name} played {x},{y}, "
                               f"which is off the {spec.width}x{spec.height} board")
        cell = from_protocol(spec, x, y)
        if not position.is_legal(cell):
            raise BrainFailure(f"brain {self.name} played {x},{y} ({spec.cell_name(cell)}), "
                               "which is already taken")
        return cell

    def _await_line(self, deadline: float, stop: threading.Event | None, limit: str) -> str:
        """The brain's next answer (MESSAGE, DEBUG and the like are set aside); ERROR/UNKNOWN raise."""
        line = self._next_line(deadline, stop)
        if line is None:
            raise BrainFailure(f"brain {self.name} did not answer within {limit}")
        command = parse_command(line)
        if command.word == "ERROR":
            reason = command.argument or "no reason given"
            raise BrainFailure(f"brain {self.name} reported an error: {reason}")
        if command.word == "UNKNOWN":
            raise BrainFailure(f"brain {self.name} did not understand a command: {command.argument or line}")
        return line

    def _next_line(self, deadline: float, stop: threading.Event | None) -> str | None:
        """The next line that is an answer, or None at the deadline; raises when stopped or the brain died."""
        while True:
            if stop is not None and stop.is_set():
                raise BrainStopped(f"brain {self.name} was stopped before it answered")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                line = self._lines.get(timeout=min(POLL, remaining))
            except queue.Empty:
                continue
            if line is None:
                self._lines.put(None)  # later reads see the end too
                raise BrainFailure(f"brain {self.name} {self._exit_description()}")
            command = parse_command(line)
            if command.word == "MESSAGE":
                with self._lock:
                    self._messages.append(command.argument)
            elif command.word in {"DEBUG", "SUGGEST"} or not line.strip():
                continue
            elif (name := about_name(line)) is not None:
                self.name = name  # ABOUT's answer, however late it comes, is no move
                if not self._owes_move:
                    return line.strip()
            else:
                return line.strip()

    def _drop_late_answer(self, stop: threading.Event | None) -> None:
        """Read and drop the answer a stopped ``choose`` left owing; restart a brain that never gives it."""
        until, self._late_until = self._late_until, None
        if until is None or self._process is None or self._told is None:
            return
        self._owes_move = True
        try:
            line = self._next_line(until, stop)
        except BrainStopped:
            self._late_until = until
            raise
        except BrainFailure:
            self._kill()
            return
        finally:
            self._owes_move = False
        if line is None:
            self._kill()
            return
        try:
            x, y = parse_xy(line)
            self._told = self._told.play(from_protocol(self._told.spec, x, y))
        except (ProtocolError, GameError):
            self._kill()  # a garbled late answer: start afresh rather than guess what the brain believes

    def _exit_description(self) -> str:
        process = self._process
        status = None
        if process is not None:
            try:
                status = process.wait(END_GRACE)
            except subprocess.TimeoutExpired:
                status = None
        if status is not None and self._stderr_reader is not None:
            self._stderr_reader.join(END_GRACE)  # its stderr ends with it: read its last words first
        said = f" (its last words: {quote(self._stderr[-1], 80)})" if self._stderr else ""
        if status is None:
            return f"closed its output and stopped answering{said}"
        if status < 0:
            return f"was killed by signal {-status}{said}"
        return f"exited with status {status}{said}"

    def _write(self, line: str) -> None:
        process = self._process
        if process is None or process.stdin is None:
            raise BrainFailure(f"brain {self.name} is not running")
        try:
            process.stdin.write(line.encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BrainFailure(f"brain {self.name} {self._exit_description()}") from None

    def _kill(self, *, close_streams: bool = True) -> None:
        """End the process now and reap it, so that no zombie is left."""
        process, self._process, self._told, self._late_until = self._process, None, None, None
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(OSError):
                process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(END_GRACE)
        if not close_streams:
            return
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def _read_lines(stream: IO[bytes], lines: queue.Queue[str | None]) -> None:
    """Queue each line of the brain's stdout, then None at its end."""
    with contextlib.suppress(OSError, ValueError):
        for raw in iter(stream.readline, b""):
            lines.put(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
    lines.put(None)


def _keep_tail(stream: IO[bytes], tail: collections.deque[str]) -> None:
    """Keep the last lines of the brain's stderr, to quote when it dies."""
    with contextlib.suppress(OSError, ValueError):
        for raw in iter(stream.readline, b""):
            text = raw.decode("utf-8", errors="replace").strip()
            if text:
                tail.append(text)
