"""The game said in words, one short line at a time, for a player who hears or feels the screen.

A screen reader or a braille display cannot see a mark appear or a cell
light up; it reads text. Everything a sighted player notices on the board
(a move, a move taken back, a threat, the end, where the cursor is) is put
here into a sentence short enough to be announced at once, and so is the
review of a finished game, which the move list marks with signs. The threats are
the engine's own scans (``engine.scans``), not a second opinion, so the
words never disagree with what the computer plays against.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine import Cell, Mark, MoveVerdict, Position, Status, Value
from ..engine.rules.lines import win_lines
from ..engine.rules.scans import fork_cells, winning_cells
from ..session.setup import GameSetup

RECENT_MOVES = 4
"""How many moves the read-out of the last moves names."""
MOST_CELLS_NAMED = 6
"""Past this many cells a list is cut short with a count, so a line stays short enough to hear."""
ANALYSED_MOVES = 3
"""How many of the best moves an analysis names."""


def _names(position: Position, cells: tuple[Cell, ...] | list[Cell]) -> str:
    """``a1``, ``a1 and b2``, ``a1, b2 and c3``; a long list ends with how many more there are."""
    names = [position.cell_name(cell) for cell in cells[:MOST_CELLS_NAMED]]
    if len(cells) > MOST_CELLS_NAMED:
        names.append(f"{len(cells) - MOST_CELLS_NAMED} more")
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _bitboards(position: Position, mark: Mark) -> tuple[int, int]:
    return (position.x, position.o) if mark is Mark.X else (position.o, position.x)


def threats(position: Position, mark: Mark) -> tuple[Cell, ...]:
    """The empty cells where ``mark`` would complete a line on its next move."""
    if position.is_over:
        return ()
    return winning_cells(position.spec, *_bitboards(position, mark))


def threat_words(position: Position, mark: Mark) -> str | None:
    """``O threatens to win at j5 (j5-j9)``: each cell named with the line it would complete."""
    cells = threats(position, mark)
    if not cells:
        return None
    mine = _bitboards(position, mark)[0]
    lines = win_lines(position.spec)
    spans = []
    for cell in cells[:MOST_CELLS_NAMED]:
        line = next(mask for mask in lines.through[cell] if (mask & mine).bit_count() == position.spec.k - 1)
        ends = lines.cells_of(line)
        first, last = ends[0], ends[-1]
        spans.append(f"{position.cell_name(cell)} ({position.cell_name(first)}-{position.cell_name(last)})")
    more = f" and {len(cells) - MOST_CELLS_NAMED} more" if len(cells) > MOST_CELLS_NAMED else ""
    return f"{mark} threatens to win at {', '.join(spans)}{more}"


def outcome_words(position: Position) -> str:
    """``X wins with h4 to h8``, or the draw; empty while the game goes on."""
    outcome = position.outcome
    if outcome.status is Status.DRAW:
        return "Draw: the board is full"
    if outcome.winner is None:
        return ""
    first, last = outcome.line[0], outcome.line[-1]
    return f"{outcome.winner} wins with {position.cell_name(first)} to {position.cell_name(last)}"


def move_words(before: Position, cell: Cell) -> str:
    """``X plays h8``, with the threat or the end the move makes."""
    mark = before.to_move
    after = before.play(cell)
    words = f"{mark} plays {before.cell_name(cell)}"
    extra = outcome_words(after) if after.is_over else threat_words(after, mark)
    return f"{words} — {extra}" if extra else words


def turn_words(setup: GameSetup, position: Position) -> str:
    """``your turn`` when the one person of a game against the computer is to move, else whose turn."""
    if position.is_over:
        return outcome_words(position)
    mark = position.to_move
    people = [side for side in Mark if setup.is_human(side)]
    if people == [mark]:
        return f"your turn, {mark}"
    return f"{mark} to move" if setup.is_human(mark) else f"the computer plays {mark}"


def change_words(before: Position, after: Position) -> str:
    """What happened between two positions of one game: the moves played, or the moves taken back.

    Any other change (another board, another game) is said as the new game it is.
    """
    played, taken = after.moves, before.moves
    if before.spec == after.spec and played[:len(taken)] == taken and len(played) > len(taken):
        position = before
        said = []
        for cell in played[len(taken):]:
            said.append(move_words(position, cell))
            position = position.play(cell)
        return "; ".join(said)
    if before.spec == after.spec and taken[:len(played)] == played and len(taken) > len(played):
        back = [f"{mark_of(before, ply)} {before.cell_name(taken[ply])}"
                for ply in reversed(range(len(played), len(taken)))]
        return f"Taken back: {', '.join(back)}"
    return new_game_words(after)


def mark_of(position: Position, ply: int) -> Mark:
    """The side that made the move at ``ply`` (0 for the first) in ``position``'s game."""
    return Mark.at_ply(ply)


def new_game_words(position: Position) -> str:
    """The board of a game that starts, and where it stands if it opens part-way through."""
    spec = position.spec
    words = f"New game: {spec.width} by {spec.height} board, {spec.k} in a row wins"
    if position.moves:
        words += f", {len(position.moves)} moves played"
    return words


def cell_words(position: Position, cell: Cell, annotation: str = "") -> str:
    """The cell and its neighbours: ``h8 empty; around it X at g9, O at h9; 6 empty``, with what the
    analysis or the hint writes in it (``h8 empty, marked +3; ...``)."""
    spec = position.spec
    col, row = spec.coordinates(cell)
    around: dict[Mark, list[Cell]] = {Mark.X: [], Mark.O: []}
    empty = 0
    for dy in (1, 0, -1):
        for dx in (-1, 0, 1):
            c, r = col + dx, row + dy
            if (dx or dy) and 0 <= c < spec.width and 0 <= r < spec.height:
                neighbour = spec.cell_at(c, r)
                mark = position[neighbour]
                if mark is None:
                    empty += 1
                else:
                    around[mark].append(neighbour)
    mark = position[cell]
    words = f"{spec.cell_name(cell)} {'empty' if mark is None else mark}"
    if annotation:
        words += f", marked {annotation}"
    marks = [f"{side} at {_names(position, cells)}" for side, cells in around.items() if cells]
    if marks:
        words += f"; around it {', '.join(marks)}"
    return f"{words}; {empty} empty around" if marks else f"{words}; all {empty} around empty"


def recent_words(position: Position, count: int = RECENT_MOVES) -> str:
    """The last moves, oldest first, each with its number and side."""
    moves = position.moves
    if not moves:
        return "No moves yet"
    start = max(len(moves) - count, 0)
    said = [f"{ply + 1} {mark_of(position, ply)} {position.cell_name(moves[ply])}"
            for ply in range(start, len(moves))]
    return f"Last moves: {', '.join(said)}"


def board_threat_words(position: Position) -> str:
    """Every side's wins in one move, and the forks of the side to move."""
    if position.is_over:
        return outcome_words(position)
    said = [words for mark in (position.to_move, position.to_move.other)
            if (words := threat_words(position, mark)) is not None]
    mine, theirs = _bitboards(position, position.to_move)
    forks = fork_cells(position.spec, mine, theirs) if position.spec.k > 2 else ()
    if forks:
        said.append(f"{position.to_move} can make two threats at once at {_names(position, list(forks))}")
    return "; ".join(said) if said else "No threats on the board"


def _rank(text: str) -> tuple[int, float]:
    """Best first: wins soonest, draws, unsolved by strength, losses latest."""
    digits = "".join(ch for ch in text if ch.isdigit())
    number = float(digits) if digits else 0.0
    if text.startswith("+"):
        return 0, number
    if text.startswith("="):
        return 1, 0.0
    if text.startswith("~"):
        return 2, -number
    return 3, -number


def analysis_words(position: Position, values: Mapping[Cell, str], count: int = ANALYSED_MOVES) -> str:
    """The best moves of an analysis by the values the board shows (``+3``, ``=``, ``~7``, ``-2``)."""
    known = {cell: text for cell, text in values.items() if text[:1] in "+=~-"}
    if not known:
        return "Analysis: working"
    best = sorted(known, key=lambda cell: (_rank(known[cell]), cell))[:count]
    return "Analysis, best first: " + ", ".join(f"{position.cell_name(cell)} {known[cell]}" for cell in best)


GIVEN_AWAY = {Value.WIN: "the win", Value.DRAW: "the draw"}
"""What a blunder threw away, by what its player held before it."""


def review_words(verdicts: Sequence[MoveVerdict]) -> str:
    """The review of a game in one line: each move that gave away a proven result, by its side and cell
    (``O's b1 gave away the draw``), and how many moves went unproven, where the board was too big."""
    blunders = [verdict for verdict in verdicts if verdict.blunder]
    said = [f"{mark_of_ply(verdict.ply)}'s {verdict.move_name} gave away {GIVEN_AWAY[verdict.before]}"
            for verdict in blunders[:MOST_CELLS_NAMED]]
    if len(blunders) > MOST_CELLS_NAMED:
        said.append(f"{len(blunders) - MOST_CELLS_NAMED} more")
    if not said:
        words = "Review: no move gave away a proven result"
    elif len(said) == 1:
        words = f"Review: {said[0]}"
    else:
        words = f"Review: {len(blunders)} blunders: {', '.join(said[:-1])} and {said[-1]}"
    unproven = sum(Value.UNKNOWN in (verdict.before, verdict.after) for verdict in verdicts)
    if unproven:
        words += (f"; the board is too big to review fully: {unproven} of {len(verdicts)} moves "
                  "could not be judged")
    return words + "."


def mark_of_ply(ply: int) -> Mark:
    """The side that made the move numbered ``ply``, from 1."""
    return Mark.at_ply(ply - 1)
