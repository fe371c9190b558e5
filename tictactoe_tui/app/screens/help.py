"""The help screen: every key, the rules, and what each computer level does."""

from __future__ import annotations

import re
from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.levels import HARD_SLIP, MEDIUM_BEATEN, MEDIUM_SLIP, tournament_rows

RULES = """\
Two players take turns to put their mark in an empty cell, **X** first. The
first to get **k in a row** (across, up or diagonally) wins; a full board
without such a line is a **draw**. Tic-Tac-Toe is 3x3 with k=3, Gomoku is
15x15 with k=5. Cells are named like chess squares: columns are letters,
rows are numbers, and **a1** is the bottom-left cell.
"""

GAME_KEYS: tuple[tuple[str, str], ...] = (
    ("← ↑ → ↓ or h j k l", "move the cursor"),
    ("Home End", "the cursor to the first or last column of its row"),
    ("PgUp PgDn", "the cursor to the top or bottom row"),
    ("g", "go to a cell by its name, such as h8"),
    ("Enter or Space", "play at the cursor"),
    ("1 to 9", "play on 3x3, laid out like a numeric keypad (7 8 9 on top) or a phone (1 2 3 on top), "
               "as chosen on the new-game screen or with the command palette"),
    ("mouse click", "play in that cell"),
    ("u", "undo: against the computer, back to your own last move; after the end, the game reopens"),
    ("Ctrl+R or U", "redo what undo took back (U where a browser keeps Ctrl+R, as under "
                    "`tictactoe-tui serve`); a new move instead drops the moves taken back"),
    ("i", "hint: the best move for the side to move, marked on the board with the cursor on it; a win or "
          "draw against the computer after a hint (or with the analysis on) counts as assisted"),
    ("a", "analysis on or off: every empty cell shows what playing there is worth (see below)"),
    ("m", "move now: the thinking computer plays the best move it has found so far"),
    ("p", "pause or resume a game between two computers; while paused, . plays one move"),
    (", and .", "replay: step back and forward through the game's moves"),
    ("Esc", "leave the replay for the game"),
    ("Tab", "move between the board and the move list"),
    ("c", "copy the game's record to the clipboard (`tictactoe-tui --record` opens it again)"),
    ("v", "review a finished game: a ? marks each move that threw away a win or draw"),
    ("Ctrl+S", "save the game to a file (`tictactoe-tui --open FILE` opens it)"),
    ("Ctrl+O", "open a saved game, here or on the new-game screen"),
    ("s", "statistics: your record against the computer, and this session's score"),
    ("r", "play again with the same board and players"),
    ("w", "play again with the sides swapped: X's player now plays O"),
    ("n", "new game: choose the board and the players"),
    ("F2", "read out the cell under the cursor and its neighbours"),
    ("F3", "read out the last moves"),
    ("F4", "read out whose turn it is, or how the game ended"),
    ("F5", "read out the threats: every win one move away, and the forks of the side to move"),
    ("? or F1", "show or close this help"),
    ("Ctrl+P", "command palette: new game, statistics, keypad, themes and more"),
    ("q", "quit (at once, even while the computer thinks). Leaving a game in progress with r, w, n or q "
          "(once you have made a move) asks first, and a game given up against the computer counts as a "
          "loss"),
)
"""The keys of the game screen, in the words of the help screen."""

MOVE_LIST_KEYS: tuple[tuple[str, str], ...] = (
    ("↑ ↓ or ← →", "step through the moves; the board shows the game as it was then"),
    ("PgUp PgDn", "a screenful of moves at a time"),
    ("Home", "the empty board"),
    ("End", "back to the game as it is now"),
    ("Enter or click", "show that move; on the current move, back to the board"),
)
"""The keys of the move list in the side panel (when the side panel is hidden, use , and .)."""

ANALYSIS: tuple[tuple[str, str], ...] = (
    ("+N", "wins with best play from both sides; the game ends N moves from now, this move included"),
    ("=", "draws with best play"),
    ("-N", "loses with best play; the game ends N moves from now"),
    ("+≤N or -≤N", "the same value, proven, but time ran out before the distance was: the game ends "
                   "in at most N moves"),
    ("~S", "not solved in the time allowed (a big board): the move's strength from 0 (weakest) "
            "to 9 (strongest)"),
    ("…", "still being worked out"),
)
"""What the analysis writes in a cell."""

ANALYSIS_INTRO = (
    "Each empty cell shows what playing there is worth to the side to move. Cells one character "
    "wide keep only the sign or the digit. While the computer thinks, the analysis waits for its move."
)

ACCESSIBLE_INTRO = (
    "For a screen reader or a braille display: on with `tictactoe-tui --accessible`, or from the command "
    "palette (Ctrl+P, Turn accessible mode on), which remembers it. No terminal tells a program that a "
    "screen reader is running, so the game cannot switch the mode on by itself."
)

ACCESSIBLE_MODE: tuple[tuple[str, str], ...] = (
    ("the cursor", "the terminal's own cursor is shown, on the board's cursor cell and on the focused "
                   "field of every other screen"),
    ("the status line", "says each change in one short line: X plays h8; O plays j9 — O threatens to win "
                        "at j10 (j6-j10); your turn, X; a move taken back; X wins with h4 to h8; a refused "
                        "move, a hint, the analysis's best moves, the cell the cursor reaches"),
    ("h8 then Enter", "plays h8, from anywhere on the game screen. While you type, letters and digits make "
                      "the name; a single letter then Enter does what that key does (u Enter undoes, "
                      "q Enter quits); Backspace corrects, Esc clears"),
    ("F2 to F5", "read out the cell and its neighbours, the last moves, whose turn it is, the threats"),
    ("colours", "a theme left at the default becomes high-contrast, in the Okabe-Ito colours"),
)
"""What the accessible mode changes."""

NEW_GAME_KEYS: tuple[tuple[str, str], ...] = (
    ("↑ ↓ or Tab", "move between the fields"),
    ("← →", "change the field's value (Home and End: its first and last; on the board's fields, the "
            "least and greatest that make a board)"),
    ("Enter, Space or click", "open the field's menu of values"),
    ("1 to 6", "choose a preset board"),
    ("s", "start the game"),
    ("f", "a friend on another computer: host a game on this board, or join theirs with its address "
          "and join code"),
    ("Esc", "go back to the game in progress"),
)
"""The keys of the new-game screen."""

ONLINE_KEYS: tuple[tuple[str, str], ...] = (
    ("Enter or Space or a click", "play there, on your turn; the move shows on both computers"),
    ("u", "ask your friend to let you take back your last move; they accept or decline (y or n)"),
    ("r", "the next game, once this one is over, each of you playing the other side"),
    ("J", "join the host again after the connection dropped: the game goes on where it was"),
    ("c", "copy the game record to the clipboard"),
    (", and . then Esc", "replay the moves, and return to the game"),
    ("n", "leave the game for a new one (your friend is told)"),
    ("q", "quit (your friend is told)"),
)
"""The keys of a game against a friend on another computer."""

def _one_in(rate: float, what: str = "time") -> str:
    """A rate in words, such as "one time in four", as a player reads it more easily than 25%."""
    return f"one {what} in {round(1 / rate)}"


LEVELS: tuple[tuple[str, str], ...] = (
    ("random", "any empty cell, by chance"),
    ("easy", "wins when it can and blocks your winning move; otherwise plays by chance"),
    ("medium", "also makes and blocks forks (two threats at once), and prefers the cells on the most "
               f"open lines; but it overlooks a fork on the board {_one_in(MEDIUM_SLIP)}, as people do: "
               f"on 3x3 an X who plays well wins {_one_in(MEDIUM_BEATEN, 'game')} against it"),
    ("hard", f"plays the perfect level's move, except {_one_in(HARD_SLIP, 'move')} a medium one: strong, "
             "yet beaten now and then on small boards, and on big ones a little weaker than perfect"),
    ("perfect", "exact where the board can be solved: it searches the game to its end, so there it "
                "never loses a game that can be saved. On big boards (Gomoku, 7x7 and up) it is a strong "
                "search, not perfect: it plays the best move it finds in about a second. 7x7 with k=4 is a "
                "first-player win (X wins in 11 moves from d4), and so is open Gomoku: its losses below "
                "are on those two boards, nearly all as O"),
)
"""The computer's levels, weakest first."""


TOURNAMENT_INTRO = (
    "How the levels fared: every pair played 100 games on each board, half with each colour. Each "
    "cell is the first-named level's wins-draws-losses."
)


def _items(pairs: tuple[tuple[str, str], ...]) -> str:
    return "\n".join(f"- **{name}**: {what}" for name, what in pairs)


def markdown_table(rows: Sequence[Sequence[str]]) -> str:
    """``rows`` (the header first) as a Markdown table, as the README prints it."""
    header, *body = rows
    return "\n".join("| " + " | ".join(row) + " |" for row in (header, ["---"] * len(header), *body))


def _table(block: str) -> str:
    """A Markdown table as columns of text, the header in bold, without the rule under it."""
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in block.splitlines()]
    rows = [row for row in rows if set("".join(row)) != {"-"}]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = ["  ".join(escape(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
             for row in rows]
    return "\n".join([f"[b]{lines[0]}[/b]", *lines[1:]])


def help_markdown() -> str:
    """The help text as Markdown."""
    return "\n\n".join([
        "# How to play", RULES,
        "## Keys", _items(GAME_KEYS),
        "## In the move list", _items(MOVE_LIST_KEYS),
        "## Analysis", ANALYSIS_INTRO,
        _items(ANALYSIS),
        "## On the new-game screen", _items(NEW_GAME_KEYS),
        "## Against a friend on another computer", _items(ONLINE_KEYS),
        "## Accessible mode: screen readers and braille", ACCESSIBLE_INTRO, _items(ACCESSIBLE_MODE),
        "## The computer's levels", _items(LEVELS),
        TOURNAMENT_INTRO, markdown_table(tournament_rows()),
    ])


def _inline(text: str) -> str:
    """Markdown's bold and code spans as Textual markup, everything else escaped."""
    markup = re.sub(r"\*\*(.+?)\*\*", r"[b]\1[/b]", escape(text))
    return re.sub(r"`(.+?)`", r"[b $accent]\1[/]", markup)


def help_content() -> Content:
    """The help text, drawn in the theme's colours: headings, paragraphs and lists of ``help_markdown``."""
    blocks = []
    for block in filter(None, (block.strip() for block in help_markdown().split("\n\n"))):
        if block.startswith("#"):
            blocks.append(f"[b $primary]{escape(block.lstrip('# '))}[/]")
        elif block.startswith("|"):
            blocks.append(_table(block))
        elif block.startswith("- "):
            blocks.append("\n".join("• " + _inline(line[2:]) for line in block.splitlines()))
        else:
            blocks.append(_inline(" ".join(block.split())))
    return Content.from_markup("\n\n".join(blocks))


class HelpScreen(ModalScreen[None]):
    """The keys, rules and levels over the game, which goes on underneath.

    The text is one Static, not Textual's Markdown widget with a widget per
    block, and the app keeps one help screen for its whole run: it opens and
    closes at once, whatever the computer is doing.
    """

    BINDINGS = [Binding("escape,question_mark,f1", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help") as help_box:
            help_box.border_title = "Help"
            help_box.border_subtitle = "Esc closes"
            yield Static(help_content(), id="help-text")

    def action_close(self) -> None:
        """Back to where help was opened."""
        self.dismiss()
