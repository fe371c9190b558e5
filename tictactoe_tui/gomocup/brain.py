"""The engine as a Gomocup brain: commands on stdin, answers on stdout, for any Gomoku manager.

``Brain`` holds one game's state and answers one line at a time, so it can be
tested without pipes; ``main`` runs it over stdin and stdout. A thread reads
stdin while the main thread thinks, so ``END`` stops a search at once and the
time a command waited in the pipe counts against the move's clock.

One ``Solver`` serves the whole game, so each reply starts from what earlier
moves proved; ``max_memory`` caps its table. Whatever a line holds, the brain
answers (``ERROR``/``UNKNOWN`` for what it cannot do) and keeps going; only
``END`` and the end of stdin stop it, with exit status 0. A line that breaks
the protocol (malformed, out of order: ``ProtocolError``) and a well-formed one
the rules refuse (an occupied cell, a board or k no game has: ``GameError``)
are both answered ``ERROR`` with the reason.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import BinaryIO, NoReturn, TextIO

from ..engine import (
    BoardSpec,
    BoardSpecError,
    GameError,
    IllegalMoveError,
    Mark,
    Position,
    SearchResult,
    Solver,
    Value,
)
from ..engine.errors import NotationError, NumberTooLongError
from ..engine.players import pick
from ..engine.rules.inputs import parse_int, quote, shorten
from .limits import Limits
from .options import command_line_parser
from .protocol import (
    DEFAULT_K,
    K_KEY,
    ProtocolError,
    format_cell,
    parse_board_line,
    parse_cell,
    parse_command,
    parse_size,
)

NAME = "tictactoe-tui"

SUPPORTED_RULES = frozenset({0})
"""``INFO rule`` values played: 0, freestyle (a line of five or more wins).

Exactly five (1), continuous games (2), renju (4) and caro (8) are refused with ``ERROR``:
the engine counts an overline as a win, so it would play them wrongly."""

_BOARD_FIELDS = {1: "own", 2: "opponent"}
_COMMANDS = frozenset({"START", "RECTSTART", "RESTART", "BEGIN", "TURN", "BOARD", "INFO", "END", "ABOUT",
                       "TAKEBACK"})


@dataclass
class Brain:
    """One brain's game: the board, whose stones are whose, and the limits it plays within.

    ``handle`` takes one line and returns the lines to answer with; ``finished`` turns true
    after ``END``.
    """

    limits: Limits = field(default_factory=Limits)
    k: int = DEFAULT_K
    rule: int = 0
    position: Position | None = None
    mark: Mark | None = None
    """The brain's own mark, once a move or a BOARD has said which it is."""
    finished: bool = False
    stop: threading.Event = field(default_factory=threading.Event)
    """Set by whoever reads stdin when END arrives mid-search, so the search answers at once."""
    clock: Callable[[], float] = time.perf_counter
    rng: random.Random = field(default_factory=random.Random)
    """Picks among the moves the search rates equally good, so that games differ (seed it to replay
    a match move for move)."""
    max_nodes: int | None = None
    """The most positions a move's search visits, besides the turn's time (None: the time alone)."""
    _solver: Solver | None = None
    _solver_mb: int = 0
    _board: list[tuple[int, int, int]] | None = None
    """The stones of a BOARD command still being read, or None outside one."""
    _board_error: str | None = None

    def handle(self, line: str, received: float | None = None) -> list[str]:
        """The answers to one line from the manager (often none, at most a few)."""
        received = self.clock() if received is None else received
        try:
            return self._handle(line, received)
        except (GameError, ProtocolError) as error:
            return [f"ERROR {error}"]
        except Exception as error:  # the brain answers and keeps running, whatever happens
            return [f"ERROR internal error: {type(error).__name__}: {error}"]

    def _handle(self, line: str, received: float) -> list[str]:
        command = parse_command(line)
        if self._board is not None:
            if command.word == "DONE":
                return self._board_done(received)
            if command.word not in _COMMANDS:
                self._board_line(line)
                return []
            # A command inside BOARD means DONE never came: the BOARD is dropped, the command runs.
            self._board = None
            dropped = "ERROR BOARD ended without DONE; the position is unchanged"
            return [dropped, *self._handle(line, received)]
        if not command.word:
            return ["UNKNOWN empty line"]
        handler = _HANDLERS.get(command.word)
        if handler is None:
            return [f"UNKNOWN command {shorten(command.word)} is not understood"]
        return handler(self, command.argument, received)

    # Starting a game

    def _start(self, argument: str, received: float) -> list[str]:
        width, height = parse_size(argument)
        if width != height:
            raise ProtocolError(f"START takes one size; use RECTSTART {width},{height} for a rectangle")
        return self._new_game(width, height)

    def _rectstart(self, argument: str, received: float) -> list[str]:
        if "," not in argument:
            raise ProtocolError("RECTSTART takes width,height, such as RECTSTART 20,15; "
                                "use START for a square board")
        return self._new_game(*parse_size(argument))

    def _new_game(self, width: int, height: int) -> list[str]:
        try:
            spec = BoardSpec(width, height, self.k)
        except BoardSpecError as error:
            hint = f" (send INFO {K_KEY} with a smaller k first)" if error.field == K_KEY else ""
            raise BoardSpecError(f"{error}{hint}", error.field) from None
        self.position, self.mark = Position.empty(spec), None
        return ["OK"]

    def _restart(self, argument: str, received: float) -> list[str]:
        position = self._game("RESTART")
        self.position, self.mark = Position.empty(position.spec), None
        return ["OK"]

    def _game(self, command: str) -> Position:
        if self.position is None:
            raise ProtocolError(f"{command} before START: send START size or RECTSTART width,height first")
        return self.position

    # Moves

    def _begin(self, argument: str, received: float) -> list[str]:
        position = self._game("BEGIN")
        if position.moves:
            raise ProtocolError("BEGIN on a board with stones: send TURN x,y or BOARD")
        self.mark = Mark.X
        return self._move(position, received)

    def _turn(self, argument: str, received: float) -> list[str]:
        position = self._game("TURN")
        cell = parse_cell(position.spec, argument)
        turn = f"TURN {format_cell(position.spec, cell)}"
        if position.is_over:
            raise GameError(f"{turn}: the game is already over ({position.outcome.status.value})")
        if position.occupied >> cell & 1:
            raise GameError(f"{turn}: that cell is already taken")
        mark = self.mark if self.mark is not None else position.to_move.other
        if position.to_move is mark:
            raise GameError(f"{turn}: it is the brain's own turn, not the opponent's")
        after = position.play(cell)
        if after.is_over:
            status = after.outcome.status.value
            raise GameError(f"{turn} ends the game ({status}): there is no reply")
        self.mark = mark
        return self._move(after, received)

    def _takeback(self, argument: str, received: float) -> list[str]:
        position = self._game("TAKEBACK")
        cell = parse_cell(position.spec, argument)
        if not position.moves or position.moves[-1] != cell:
            last = format_cell(position.spec, position.moves[-1]) if position.moves else "none"
            taken = format_cell(position.spec, cell)
            raise GameError(f"TAKEBACK {taken}: only the last move can be taken back (the last is {last})")
        self.position = position.undo()
        return ["OK"]

    def _board_start(self, argument: str, received: float) -> list[str]:
        # Even before START the stones are read up to DONE, so that one ERROR answers the whole command.
        self._board, self._board_error = [], None
        return []

    def _board_line(self, line: str) -> None:
        if self._board_error is not None or self._board is None:
            return
        try:
            self._board.append(parse_board_line(line))
        except ProtocolError as error:
            self._board_error = str(error)

    def _board_done(self, received: float) -> list[str]:
        stones, self._board = self._board or [], None
        if self._board_error is not None:
            raise ProtocolError(f"BOARD: {self._board_error}")
        position = self._game("BOARD")
        spec = position.spec
        sides: dict[int, list[int]] = {1: [], 2: []}
        taken: set[int] = set()
        for x, y, owner in stones:
            if owner == 3:
                raise ProtocolError("BOARD: field 3 belongs to continuous games, which are not played")
            if owner not in _BOARD_FIELDS:
                raise ProtocolError(f"BOARD: field {owner} of {x},{y} is not 1 (own) or 2 (opponent)")
            cell = parse_cell(spec, f"{x},{y}")
            if cell in taken:
                raise ProtocolError(f"BOARD: {x},{y} is given twice")
            taken.add(cell)
            sides[owner].append(cell)
        own, theirs = sides[1], sides[2]
        if len(own) == len(theirs):
            mark, first, second = Mark.X, own, theirs
        elif len(theirs) == len(own) + 1:
            mark, first, second = Mark.O, theirs, own
        else:
            raise GameError(f"BOARD: {len(own)} own and {len(theirs)} opponent stones "
                            "cannot be the brain's turn")
        moves = [cell for pair in zip_longest(first, second) for cell in pair if cell is not None]
        try:
            board = Position.from_moves(spec, moves)
        except IllegalMoveError:
            board = None
        if board is None or board.is_over:
            raise GameError("BOARD: the position is already over (a line is complete or the board is full)")
        self.position, self.mark = board, mark
        return self._move(board, received)

    def _move(self, position: Position, received: float) -> list[str]:
        """Think, play the move on the brain's board and answer it (a MESSAGE first when proven)."""
        if self.rule not in SUPPORTED_RULES:
            raise GameError(f"rule {self.rule} is not played here: only freestyle (rule 0)")
        solver = self._solver_for_limits()
        think = self.limits.think_time(received, self.clock())
        result = solver.solve(position, time_limit=think, stop=self.stop, max_nodes=self.max_nodes)
        cell = pick(position, result, self.rng)
        self.position = position.play(cell)
        message = _message(result)
        return [f"MESSAGE {message}", format_cell(position.spec, cell)] if message else [
            format_cell(position.spec, cell)]

    def _solver_for_limits(self) -> Solver:
        megabytes = self.limits.memory_limit_mb
        if self._solver is None or megabytes != self._solver_mb:
            self._solver, self._solver_mb = Solver(memory_limit_mb=megabytes), megabytes
        return self._solver

    # Settings and questions

    def _info(self, argument: str, received: float) -> list[str]:
        key, _, value = argument.partition(" ")
        key, value = key.lower(), value.strip()
        if not key:
            raise ProtocolError("INFO needs a key and a value, such as INFO timeout_turn 1000")
        if key in {"timeout_turn", "timeout_match", "time_left", "max_memory", "game_type", "rule", K_KEY}:
            number = _integer(key, value)
            if key == "time_left":
                self.limits.time_left = number
            elif number < 0:
                raise ProtocolError(f"INFO {key} {number}: it cannot be negative")
            elif key == "rule":
                self.rule = number
                if number not in SUPPORTED_RULES:
                    raise GameError(f"rule {number} is not played here: only freestyle (rule 0), "
                                    "where a line of five or more wins")
            elif key == K_KEY:
                return self._set_k(number)
            elif key != "game_type":
                setattr(self.limits, key, number)
        return []  # other keys (folder, evaluate, thread_num...) are none of this brain's business

    def _set_k(self, k: int) -> list[str]:
        if not 1 <= k <= 26:
            raise GameError(f"INFO k {k}: k must be from 1 to 26")
        position = self.position
        if position is not None and not position.moves:
            spec = position.spec
            self.position = Position.empty(BoardSpec(spec.width, spec.height, k))
        elif position is not None:
            raise ProtocolError(f"INFO k {k}: the game has begun; it applies from the next START")
        self.k = k
        return []

    def _about(self, argument: str, received: float) -> list[str]:
        from .. import __version__

        return [f'name="{NAME}", version="{__version__}"']

    def _end(self, argument: str, received: float) -> list[str]:
        self.finished = True
        return []


_Handler = Callable[[Brain, str, float], list[str]]
_HANDLERS: dict[str, _Handler] = {
    "START": Brain._start,
    "RECTSTART": Brain._rectstart,
    "RESTART": Brain._restart,
    "BEGIN": Brain._begin,
    "TURN": Brain._turn,
    "TAKEBACK": Brain._takeback,
    "BOARD": Brain._board_start,
    "INFO": Brain._info,
    "ABOUT": Brain._about,
    "END": Brain._end,
}


def _integer(key: str, value: str) -> int:
    try:
        return parse_int(value)
    except NumberTooLongError:
        raise ProtocolError(f"INFO {key} {shorten(value)}: the value is out of range") from None
    except NotationError:
        raise ProtocolError(f"INFO {key} {quote(value)}: the value must be a whole number") from None


def _message(result: SearchResult) -> str:
    """A line for the manager's user when the search proved something; nothing otherwise."""
    plies = result.plies
    within = "in" if result.plies_exact else "in at most"
    if result.value is Value.WIN and plies is not None:
        return f"a forced win {within} {(plies + 1) // 2} own move{'s' if plies > 2 else ''}"
    if result.value is Value.LOSS and plies is not None:
        return f"lost against best play, {within} {plies // 2} more opponent move{'s' if plies > 3 else ''}"
    if result.value is Value.DRAW:
        return "a draw with best play"
    return ""


def _read_lines(stream: BinaryIO, lines: queue.Queue[tuple[str, float] | None], brain: Brain) -> None:
    """Queue each line with its arrival time; END (or the end of the stream) also stops a search."""
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        if parse_command(line).word == "END":
            brain.stop.set()
        lines.put((line, brain.clock()))
    lines.put(None)


def serve(brain: Brain, stdin: BinaryIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` on ``stdout`` until END or the end of input; 0 when done."""
    lines: queue.Queue[tuple[str, float] | None] = queue.Queue()
    threading.Thread(target=_read_lines, args=(stdin, lines, brain), daemon=True).start()
    while not brain.finished:
        item = lines.get()
        if item is None:
            break
        _write(stdout, brain.handle(*item))
    return 0


def _write(stdout: TextIO, answers: Iterable[str]) -> None:
    for answer in answers:
        stdout.write(answer + "\n")
    stdout.flush()


def brain_from(args: argparse.Namespace) -> Brain:
    """The brain the options of ``options.add_brain_arguments`` ask for, read from either command line."""
    return Brain(rng=random.Random(args.seed), max_nodes=args.nodes)


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Entry point of ``pbrain-tictactoe-tui``: exits with status 0."""
    run(brain_from(command_line_parser().parse_args(argv)))


def run(brain: Brain) -> NoReturn:
    """Answer the manager on stdin and stdout until END or the end of input, then exit with status 0
    (``pbrain-tictactoe-tui`` and ``tictactoe-tui brain``)."""
    try:
        serve(brain, sys.stdin.buffer, sys.stdout)
        sys.stdout.flush()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
    # After END the reader thread may still be blocked reading stdin; a normal interpreter shutdown
    # would wait on it (or abort), so the process leaves at once, as the protocol asks.
    os._exit(0)
