"""Line patterns: what a mark on a cell would make along one direction, and what the four directions
make together.

Strong Gomoku programs judge a cell by the shapes a stone there would form: a five, an open four
(two ways to complete), a four, an open three (one move from an open four), and so on down. A
shape along one direction depends only on the cells within ``k - 1`` of the cell on that line, so
it is read from a table by the contents of those cells (a window of the line, ``window_levels``).
The engine's boards (``lineboard``) keep every line as one number (``line_number``), so a window is a
shift and a mask of it, and the levels of all a line's cells are one look-up (``line_levels``).

The names are those of Gomoku (k = 5): on a board with another k, a "five" is k in a row, a
"four" k - 1 marks that one move completes, and a "three" one move short of a four.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

DEAD, ONE, TWO, OPEN_TWO, THREE, OPEN_THREE, FOUR, OPEN_FOUR, FIVE = range(9)
"""What a mark makes along one line, weakest first:

* ``DEAD``: no k cells free of the opponent through the cell, so the line can never be completed;
* ``ONE``: a line that can be completed, but more than two moves from a four;
* ``TWO`` / ``OPEN_TWO``: two moves from a four / from an open four;
* ``THREE`` / ``OPEN_THREE``: one move from a four / from an open four;
* ``FOUR``: one move from a five, in one way; ``OPEN_FOUR``: in two or more, which no single
  block stops;
* ``FIVE``: k in a row.
"""

LEVELS = 9

PLACES = tuple(LEVELS ** (3 - direction) for direction in range(4))
"""What one level adds to a combination index (``combinations``), by direction: the first direction's
level is the index's highest digit, in base ``LEVELS``."""

_ONE_MOVE_SHORT = {OPEN_FOUR: OPEN_THREE, FOUR: THREE, OPEN_THREE: OPEN_TWO, THREE: TWO}
"""The level of a line one move short of a line of the key's level (lower levels are ``ONE``)."""

EMPTY, X_MARK, O_MARK, OFF = range(4)
"""What a cell holds, two bits each in a window or a line's number (``OFF``: off the board)."""

NONE, MAKES_THREE, DOUBLE_THREE, MAKES_FOUR, FOUR_THREE, WINS_NEXT, MAKES_FIVE = range(7)
"""What a mark on a cell threatens, all directions together, weakest first:

* ``MAKES_THREE``: an open three (a threat to make an open four next);
* ``DOUBLE_THREE``: two open threes at once;
* ``MAKES_FOUR``: a four, whose completion the opponent must block at once;
* ``FOUR_THREE``: a four and an open three: after the forced block, the three becomes an open four;
* ``WINS_NEXT``: an open four, or two fours at once: no single block stops both completions;
* ``MAKES_FIVE``: the win itself.
"""

LEVEL_SCORE = (0, 1, 6, 14, 24, 70, 90, 600, 100_000)
"""What one direction's level adds to a cell's score, by level."""

CLASS_BONUS = (0, 0, 500, 0, 1_500, 2_000, 0)
"""What the four directions together add beyond their levels: combinations that win by force."""


def window_shift(k: int, offset: int) -> int:
    """The bit position, in a window, of the cell ``offset`` steps along the line (``offset`` from
    ``-(k - 1)`` to ``k - 1``, 0 being the window's own cell): two bits a cell, lowest first."""
    return 2 * (offset + k - 1)


@cache
def _view_level(view: str, depth: int) -> int:
    """The level of ``view`` for the side whose marks are ``S`` (``.`` empty, ``#`` blocked), the
    middle character being the mark just placed; ``depth`` more moves are looked at (levels of
    lines further from a four come out as ``ONE``)."""
    k = (len(view) + 1) // 2
    completions: set[int] = set()
    empties: set[int] = set()
    live = False
    for start in range(k):
        window = view[start:start + k]
        if "#" in window:
            continue
        live = True
        marks = window.count("S")
        if marks == k:
            return FIVE
        if marks == k - 1:
            completions.add(start + window.index("."))
        elif depth:
            empties.update(start + index for index, cell in enumerate(window) if cell == ".")
    if not live:
        return DEAD
    if completions:
        return OPEN_FOUR if len(completions) > 1 else FOUR
    best = ONE
    for empty in sorted(empties):
        level = _ONE_MOVE_SHORT.get(_view_level(view[:empty] + "S" + view[empty + 1:], depth - 1), ONE)
        if level > best:
            best = level
            if best == OPEN_THREE:
                break
    return best


def line_level(view: str) -> int:
    """The level of a line written out as text: ``S`` the side's marks, ``.`` empty, ``#`` the other
    side's marks or the board's edge, ``2k - 1`` characters centred on the mark just placed."""
    if len(view) % 2 == 0 or view[len(view) // 2] != "S" or set(view) - set("S.#"):
        raise ValueError(f"not a line view: {view!r}")
    return _view_level(view, 2)


def window_levels(window: int, k: int) -> tuple[int, int]:
    """The levels a mark of X and a mark of O would make on a cell whose neighbourhood along one
    line is ``window``: the ``2k - 1`` cells centred on it (see ``window_shift``), its own empty."""
    cells = [(window >> window_shift(k, offset)) & 3 for offset in range(-(k - 1), k)]
    if cells[k - 1] != EMPTY:
        raise ValueError(f"the window's own cell is taken: {window:#x}")
    for_x = "".join(".S##"[cell] for cell in cells)
    for_o = "".join(".#S#"[cell] for cell in cells)
    middle = k - 1
    return (_view_level(for_x[:middle] + "S" + for_x[middle + 1:], 2),
            _view_level(for_o[:middle] + "S" + for_o[middle + 1:], 2))


WEAKEST_THREAT = OPEN_THREE
"""The weakest level ``cell_class`` counts: a change between weaker levels leaves a class as it was."""


def line_number(contents: Sequence[int]) -> int:
    """A line's number: what each of its cells holds (``EMPTY`` … ``OFF``), two bits a cell from the
    lowest, and a 1 above the last, so that lines of different lengths never share a number. A
    board pads each line with ``k - 1`` cells off the board at either end, so that every cell's
    window lies within the number."""
    number = sum(held << 2 * slot for slot, held in enumerate(contents))
    return number | 1 << 2 * len(contents)


LINES_KEPT = 1 << 16
"""How many lines ``line_table`` keeps before it starts again, which bounds its memory (a search of
400,000 positions on 15x15 meets under 10,000)."""


@cache
def line_table(k: int) -> dict[int, tuple[tuple[int, int], ...]]:
    """The lines of ``k`` met so far: number -> ``line_levels``."""
    return {}


@cache
def _window_table(k: int) -> dict[int, tuple[int, int]]:
    """Window -> ``window_levels``, filled as windows are met."""
    return {}


def line_levels(number: int, k: int) -> tuple[tuple[int, int], ...]:
    """X's and O's levels for each cell of a padded line (see ``line_number``), ``(DEAD, DEAD)``
    for a filled cell, which has none."""
    lines = line_table(k)
    found = lines.get(number)
    if found is None:
        windows, mask = _window_table(k), (1 << window_shift(k, k)) - 1
        levels = []
        for at in range((number.bit_length() - 1) // 2 - 2 * (k - 1)):
            window = (number >> 2 * at) & mask
            if (window >> window_shift(k, 0)) & 3 != EMPTY:
                levels.append((DEAD, DEAD))
            else:
                if window not in windows:
                    windows[window] = window_levels(window, k)
                levels.append(windows[window])
        if len(lines) >= LINES_KEPT:
            lines.clear()
        found = lines[number] = tuple(levels)
    return found


def cell_class(levels: tuple[int, ...]) -> int:
    """What a mark making these levels along the four directions threatens (``NONE`` … ``MAKES_FIVE``)."""
    if FIVE in levels:
        return MAKES_FIVE
    fours = levels.count(FOUR)
    threes = levels.count(OPEN_THREE)
    if OPEN_FOUR in levels or fours > 1:
        return WINS_NEXT
    if fours:
        return FOUR_THREE if threes else MAKES_FOUR
    if threes:
        return DOUBLE_THREE if threes > 1 else MAKES_THREE
    return NONE


@cache
def combinations() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Class and score of a cell for every combination of four levels, indexed by
    ``((l0 * 9 + l1) * 9 + l2) * 9 + l3``: the tables the boards read a cell's worth from."""
    classes = []
    scores = []
    for index in range(LEVELS ** 4):
        levels = (index // LEVELS ** 3, index // LEVELS ** 2 % LEVELS, index // LEVELS % LEVELS,
                  index % LEVELS)
        kind = cell_class(levels)
        classes.append(kind)
        scores.append(sum(LEVEL_SCORE[level] for level in levels) + CLASS_BONUS[kind])
    return tuple(classes), tuple(scores)
