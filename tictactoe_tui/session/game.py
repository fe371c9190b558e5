"""One game's flow, without a screen: the setup, the moves, whose turn it is, and what a person may do.

The game screen draws a ``Game`` and forwards keys to it; every rule of the
flow lives here, in plain Python the tests can drive without an app: why a
person's move is refused, what undo and redo take back against the computer,
that a game is counted once, the first time it ends, and which earlier
position a replay shows.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import Cell, Mark, Outcome, Position, Status
from ..profile.statistics import competitors, counted_game
from .history import History, human_marks
from .setup import HUMAN, GameSetup


class Game:
    """A game in progress: ``setup`` says who controls each side, ``history`` holds the moves."""

    def __init__(self, setup: GameSetup, start: Position | None = None, *,
                 first_person: Mark = Mark.X) -> None:
        if start is not None and start.spec != setup.spec:
            raise ValueError(f"the setup's board {setup.spec} is not the position's board {start.spec}")
        self.setup = setup
        self.history = History(start) if start is not None else History.start(setup.spec)
        self.opened_at = len(start.moves) if start is not None else 0
        """The moves the game was opened with (from a record): none of them was played here."""
        self.counted = start is not None and start.is_over
        """True once the game has ended and been counted (a game opened at its end counts as seen)."""
        self.shown_ply: int | None = None
        """The ply a replay shows, or None for the live position."""
        self.assisted = False
        """True once a person was helped by the engine (a hint, the analysis) before the game ended."""
        self.players_at_start = self.humans
        """The sides a person played when the game began: the keys shown stay those of these players."""
        self.first_person = first_person
        """The side Player 1 plays when two people play: the session's score follows them, not the marks."""

    @property
    def position(self) -> Position:
        """The position now."""
        return self.history.position

    @property
    def humans(self) -> frozenset[Mark]:
        """The sides a person plays."""
        return human_marks(self.setup)

    @property
    def computer_to_move(self) -> bool:
        """True when the game goes on and a computer plays the side to move."""
        position = self.position
        return not position.is_over and not self.setup.is_human(position.to_move)

    @property
    def shown_position(self) -> Position:
        """The position to draw: the live one, or an earlier one in a replay."""
        return self.position if self.shown_ply is None else self.history.at(self.shown_ply)

    def show(self, ply: int) -> None:
        """Replay the position after ``ply`` moves (moves taken back included); the live ply ends it."""
        ply = min(max(ply, 0), len(self.history.line))
        self.shown_ply = None if ply == self.history.ply else ply

    def step(self, delta: int) -> bool:
        """Replay ``delta`` moves forward (or back) from the position shown; False when there is no
        move that way (the empty board, or the last move played or taken back), and nothing changes."""
        shown = self.shown_ply
        start = self.history.ply if shown is None else shown
        self.show(start + delta)
        return self.shown_ply != shown

    def show_live(self) -> None:
        """End the replay: the live position is shown again."""
        self.shown_ply = None

    def _moved(self, history: History) -> None:
        """Take ``history`` as the game's; a replay of moves it dropped, or of the new live ply, ends."""
        self.history = history
        if self.shown_ply is not None and self.shown_ply >= history.ply:
            self.shown_ply = None

    def refusal(self, cell: Cell) -> str | None:
        """Why a person may not play ``cell`` now, or None when the move is fine."""
        position = self.position
        if position.is_over:
            return (f"The game is over ({position.outcome.status.value}): "
                    "r plays again, n starts a new game, u takes a move back.")
        if not self.setup.is_human(position.to_move):
            return f"Please wait: it is the computer's turn ({position.to_move})."
        if not position.is_legal(cell):
            return f"{position.cell_name(cell)} is taken by {position[cell]}."
        return None

    def play(self, cell: Cell) -> None:
        """Play ``cell`` for the side to move (the caller has checked ``refusal`` for a person's move)."""
        self._moved(self.history.play(cell))

    def can_undo(self) -> bool:
        return self.history.can_undo(self.humans)

    def can_redo(self) -> bool:
        return self.history.can_redo(self.humans)

    def undo(self) -> bool:
        """Take back a move (against the computer, back to the person's last move); False when none."""
        if not self.can_undo():
            return False
        self._moved(self.history.undo(self.humans))
        return True

    def redo(self) -> bool:
        """Replay what undo took back; False when there is nothing to replay."""
        if not self.can_redo():
            return False
        self._moved(self.history.redo(self.humans))
        return True

    def newly_over(self) -> Outcome | None:
        """The outcome to count, the first time the game ends; None before and after that."""
        position = self.position
        if not position.is_over or self.counted:
            return None
        self.counted = True
        return position.outcome

    def helped(self) -> None:
        """The engine helped a person (a hint, the analysis): a win or a draw from now on is assisted."""
        if self.humans and not self.position.is_over:
            self.assisted = True

    @property
    def assisted_result(self) -> bool:
        """True when the game ended in a win or a draw for the person against the computer, with the
        engine's help: the statistics keep it apart (a loss is a loss, help or not)."""
        outcome = self.position.outcome
        if not self.assisted or not outcome.is_over or len(self.humans) != 1:
            return False
        return outcome.winner is None or outcome.winner in self.humans

    @property
    def in_statistics(self) -> bool:
        """True when the game's result counts against the computer: it began on the empty board. A
        game opened from a record began where someone else left it, which no tally can be fair to:
        its win may be the record's, its loss a position handed over lost."""
        return self.opened_at == 0

    @property
    def left_out_of_statistics(self) -> bool:
        """True when the game began from a record but would otherwise count (``counted_game``: a
        person against a computer level): the end says it is not counted."""
        return not self.in_statistics and counted_game(self.setup) is not None

    @property
    def in_progress(self) -> bool:
        """True when leaving now would lose a game a person has been playing: no result yet, and a
        person has made a move of their own here (one taken back still counts).

        A computer's opening move alone is not a game the person has started: leaving then asks
        nothing and costs nothing.
        """
        humans = self.humans
        if not humans or self.position.is_over:
            return False
        return any(Mark.at_ply(ply) in humans for ply in range(self.opened_at, len(self.history.line)))

    @property
    def lost_if_left(self) -> bool:
        """True when giving the game up now counts a loss (``abandon``): a person against the computer
        in a game not counted yet (a game reopened by undo after its end was counted then)."""
        return len(self.humans) == 1 and self.in_progress and not self.counted

    @property
    def lost_in_statistics_if_left(self) -> bool:
        """True when the loss of a game given up now goes into the statistics against the computer,
        not only into the session's score: a computer level's game begun on the empty board."""
        return self.lost_if_left and self.in_statistics and counted_game(self.setup) is not None

    def abandon(self) -> Outcome | None:
        """Give the game up: against the computer it is lost, so the outcome to count (None otherwise).

        Counting it keeps restarting a losing game from protecting an unbeaten run.
        """
        if not self.lost_if_left:
            return None
        (person,) = self.humans
        self.counted = True
        computer = person.other
        return Outcome(Status.X_WINS if computer is Mark.X else Status.O_WINS, computer)

    def swapped(self) -> GameSetup:
        """The same board with the sides' controllers exchanged."""
        return replace(self.setup, x=self.setup.o, o=self.setup.x)

    @property
    def competitors(self) -> dict[Mark, str]:
        """Who plays each side, as the session's score names them."""
        return competitors(self.setup, self.first_person)

    def hand_to_person(self, mark: Mark) -> None:
        """Let a person play ``mark`` from now on (its computer could not go on)."""
        self.setup = replace(self.setup, x=HUMAN) if mark is Mark.X else replace(self.setup, o=HUMAN)
