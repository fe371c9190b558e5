"""The proof's threat searches compiled: ``threat_tree.ThreatSearches`` in C.

The prover spends most of its time in threat searches and in writing out threat trees, each a few
hundred moves played and taken back, which Python makes dear. ``compiled_threats.c`` is the same
code in C: it tries the same moves in the same order, counts the same nodes, remembers the same
wins and refutations and writes the same trees and zones, so a proof made with it is the proof
the Python searches make, only sooner (the tests hold the two to that). It takes every pattern
from this package's tables, so no rule is written twice; the checker, which trusts neither, reads
the proofs either makes.

The source is compiled on first use with the machine's C compiler into the cache directory
(``directories.cache_dir``) and loaded with ``ctypes``; where there is no compiler,
``compiled_searches`` answers None and the prover keeps to Python, and where the build or the load
fails it says why (``CompileError``), for a prover that silently ran ten times slower would hide a
broken machine. Nothing of the game needs it: only the offline prover asks for it.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import sysconfig
import tempfile
import weakref
from functools import cache
from pathlib import Path
from typing import Any

from ...directories import cache_dir
from ..bigboard import patterns
from ..bigboard.lineboard import LineBoard, O, X
from ..bigboard.linetable import pattern_table
from ..bigboard.patterns import combinations, window_levels, window_shift
from ..bigboard.threatboard import ThreatBoard
from ..budget import Budget, OutOfBudget
from ..rules.bits import bit_cells
from ..rules.lines import DIRECTIONS
from ..rules.spec import BoardSpec, Cell
from .threat_tree import THREATS, ThreatNode

SOURCE = Path(__file__).with_name("compiled_threats.c")
FLAGS = ("-O2", "-shared", "-fPIC")
REACH = 4
"""Cells looked at on either side of a cell along a line: the C searches know five in a row only."""
MAX_CELLS = 256
"""The most cells the C searches' sets hold."""
_FOUND, _NONE, _OUT_OF_NODES = 1, 0, -1
_UNLIMITED = 1 << 62

_int_p = ctypes.POINTER(ctypes.c_int)
_position: list[Any] = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_uint64, ctypes.c_int]
"""How every search takes its position: X's and O's marks, the side to move, the key, the moves."""


class CompileError(RuntimeError):
    """The compiled searches cannot be built or loaded here; the message says why."""


def _numbers() -> tuple[int, ...]:
    """What ``compiled_threats.c`` numbers as its ``#define``s, in the order its ``tt_numbers`` gives
    them, taken from the tables the Python searches read."""
    return (REACH, MAX_CELLS, patterns.EMPTY, patterns.OFF, patterns.OPEN_THREE, patterns.FOUR,
            patterns.LEVELS, patterns.MAKES_THREE, patterns.DOUBLE_THREE, patterns.MAKES_FOUR,
            patterns.FOUR_THREE, patterns.WINS_NEXT, patterns.MAKES_FIVE)


@cache
def _library() -> ctypes.CDLL | None:
    """The compiled searches, built once per version of their source, compiler and platform; None
    without a C compiler."""
    compiler = _compiler()
    if compiler is None:
        return None
    built_for = "\0".join((compiler, *FLAGS, sysconfig.get_platform(), platform.machine()))
    digest = hashlib.sha256(SOURCE.read_bytes() + built_for.encode()).hexdigest()[:16]
    target = cache_dir() / f"compiled_threats-{digest}.so"
    try:
        if not target.exists():
            _build(compiler, target)
        library = ctypes.CDLL(str(target))
    except OSError as error:
        raise CompileError(f"cannot build or load {target}: {error}") from None
    library.tt_init.restype = None
    library.tt_init.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_int16), ctypes.c_char_p,
                                ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int32),
                                ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64)]
    library.tt_memo_new.restype = ctypes.c_void_p
    library.tt_memo_free.argtypes = [ctypes.c_void_p]
    library.tt_memo_size.restype = ctypes.c_size_t
    library.tt_memo_size.argtypes = [ctypes.c_void_p]
    library.tt_vct.argtypes = [ctypes.c_void_p, *_position, ctypes.c_int, ctypes.c_longlong, _int_p,
                               ctypes.POINTER(ctypes.c_longlong)]
    library.tt_threat_tree.argtypes = [ctypes.c_void_p, *_position, ctypes.c_int, ctypes.c_longlong,
                                       ctypes.c_char_p, ctypes.POINTER(_int_p),
                                       ctypes.POINTER(ctypes.c_size_t), _int_p,
                                       ctypes.POINTER(ctypes.c_longlong)]
    library.tt_free.argtypes = [_int_p]
    library.tt_numbers.argtypes = [ctypes.POINTER(ctypes.c_int32), ctypes.c_int]
    library.tt_forced.argtypes = [*_position, _int_p]
    expected = _numbers()
    written = (ctypes.c_int32 * len(expected))()
    count = library.tt_numbers(written, len(expected))
    if count != len(expected) or tuple(written) != expected:
        raise CompileError(f"{SOURCE.name} numbers the patterns otherwise than patterns.py: "
                           f"{tuple(written)[:count]} against {expected}")
    return library


def _build(compiler: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        built = Path(scratch) / target.name
        command = [*compiler.split(), *FLAGS, "-o", str(built), str(SOURCE)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise CompileError(f"{' '.join(command)} failed:\n{done.stderr.strip()}")
        os.replace(built, target)  # whole or not at all, whoever else is building it


def _compiler() -> str | None:
    """The compiler Python itself was built with where it is here (its flags suit this platform),
    else the first of the usual names on the path."""
    configured = sysconfig.get_config_var("CC")
    if isinstance(configured, str) and configured and shutil.which(configured.split()[0]):
        return configured
    return next((name for name in ("cc", "gcc", "clang") if shutil.which(name)), None)


_set_up_for: weakref.WeakKeyDictionary[ctypes.CDLL, BoardSpec] = weakref.WeakKeyDictionary()
"""The board each loaded library's tables were last set up for (each holds one at a time, and a
library built elsewhere, in another cache directory, is another copy of them)."""


def _set_up(library: ctypes.CDLL, spec: BoardSpec) -> None:
    if _set_up_for.get(library) == spec:
        return
    table = pattern_table(spec)
    steps = (*range(-REACH, 0), *range(1, REACH + 1))
    neighbours = []
    for cell in range(spec.cells):
        col, row = spec.coordinates(cell)
        for d_col, d_row in DIRECTIONS:
            for step in steps:
                other_col, other_row = col + d_col * step, row + d_row * step
                inside = 0 <= other_col < spec.width and 0 <= other_row < spec.height
                neighbours.append(spec.cell_at(other_col, other_row) if inside else -1)
    x_levels, o_levels = bytearray(1 << 16), bytearray(1 << 16)
    for code in range(1 << 16):
        # A window's eight neighbours, offsets -4..-1 and 1..4 two bits each, its own cell empty.
        window = (code & 0xFF) | (code >> 8) << window_shift(spec.k, 1)
        x_levels[code], o_levels[code] = window_levels(window, spec.k)
    kinds, worths = combinations()
    library.tt_init(spec.cells, (ctypes.c_int16 * len(neighbours))(*neighbours), bytes(x_levels),
                    bytes(o_levels), bytes(kinds), (ctypes.c_int32 * len(worths))(*worths),
                    (ctypes.c_uint64 * spec.cells)(*table.zobrist[X]),
                    (ctypes.c_uint64 * spec.cells)(*table.zobrist[O]))
    _set_up_for[library] = spec


class CompiledSearches:
    """``threat_tree.ThreatSearches`` in C for one board size, with a memo of their own that lasts as
    long as they do. Node budgets only: a deadline or a stop event belongs to play, which keeps to
    the Python searches."""

    def __init__(self, library: ctypes.CDLL, spec: BoardSpec) -> None:
        self._library = library
        self._spec = spec
        self._memo: int | None = library.tt_memo_new()
        if not self._memo:
            raise MemoryError("no memory for the threat searches' memo")
        self._bytes = (spec.cells + 7) // 8
        self._nodes = ctypes.c_longlong()

    def _position(self, board: LineBoard) -> tuple[bytes, bytes, int, int, int]:
        if board.spec != self._spec:
            raise ValueError(f"these searches are for {self._spec}, not {board.spec}")
        if not isinstance(board, ThreatBoard):  # another board orders its moves by other scores
            raise ValueError("the compiled searches read a ThreatBoard's scores")
        _set_up(self._library, self._spec)
        size = self._bytes
        x_marks, o_marks = (marks.to_bytes(size, "little") for marks in board.stones)
        return x_marks, o_marks, board.side, board.key, len(board.moves)

    def _limit(self, budget: Budget) -> int:
        if budget.deadline is not None or budget.stop is not None:
            raise ValueError("the compiled searches are bounded by nodes only")
        return _UNLIMITED if budget.max_nodes is None else max(0, budget.max_nodes - budget.nodes)

    def _settle(self, answer: int, budget: Budget) -> bool:
        """Count the nodes the call spent; whether it found what it looked for."""
        budget.nodes += self._nodes.value
        if answer == _OUT_OF_NODES:
            raise OutOfBudget
        if answer not in (_FOUND, _NONE):
            raise MemoryError("no memory for the compiled threat searches")
        return answer == _FOUND

    def win(self, board: LineBoard, budget: Budget) -> tuple[Cell, int] | None:
        result = (ctypes.c_int * 2)()
        answer = self._library.tt_vct(self._memo, *self._position(board), THREATS, self._limit(budget),
                                      result, ctypes.byref(self._nodes))
        return (result[0], result[1]) if self._settle(answer, budget) else None

    def tree(self, board: LineBoard, zone: set[int], budget: Budget) -> tuple[ThreatNode, int] | None:
        marks = sum(1 << cell for cell in zone).to_bytes(self._bytes, "little")
        zone_bytes = ctypes.create_string_buffer(marks, self._bytes)
        written, length, plies = _int_p(), ctypes.c_size_t(), ctypes.c_int()
        answer = self._library.tt_threat_tree(
            self._memo, *self._position(board), THREATS, self._limit(budget), zone_bytes,
            ctypes.byref(written), ctypes.byref(length), ctypes.byref(plies), ctypes.byref(self._nodes))
        try:
            if not self._settle(answer, budget):
                return None
            stream = written[:length.value]
        finally:
            self._library.tt_free(written)
        zone.update(bit_cells(int.from_bytes(zone_bytes.raw, "little")))
        tree, end = _read_x(stream, 0)
        assert end == len(stream), "a threat tree read short of its end"
        return tree, plies.value

    def forced(self, board: LineBoard) -> list[int] | None:
        needed = (ctypes.c_int * self._spec.cells)()
        count = self._library.tt_forced(*self._position(board), needed)
        if count < -1:
            raise MemoryError("no memory for the compiled threat searches")
        return None if count < 0 else needed[:count]

    @property
    def remembered(self) -> int:
        """How many positions the memo holds."""
        return int(self._library.tt_memo_size(self._memo))

    def __del__(self) -> None:
        memo, self._memo = getattr(self, "_memo", None), None
        if memo:
            self._library.tt_memo_free(memo)


def _read_x(stream: list[int], at: int) -> tuple[ThreatNode, int]:
    """An X node written as ``compiled_threats.c``'s tree_x says, from ``stream[at]``, and where it ends."""
    move, count = stream[at], stream[at + 1]
    at += 2
    if count < 0:
        return [move], at
    replies: list[object] = []
    for _ in range(count):
        reply = stream[at]
        node, at = _read_x(stream, at + 1)
        replies.append([reply, node])
    return [move, replies], at


def compiled_searches(spec: BoardSpec) -> CompiledSearches | None:
    """Fresh compiled searches for ``spec`` with an empty memo, or None where they cannot run (no C
    compiler, or a board they do not handle: five in a row on at most 256 cells). Raises
    ``CompileError`` where they should run and the build or the load fails."""
    if spec.k != REACH + 1 or spec.cells > MAX_CELLS:
        return None
    library = _library()
    return None if library is None else CompiledSearches(library, spec)
