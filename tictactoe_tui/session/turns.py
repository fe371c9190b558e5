"""A game's turns, without a screen: whose move it is, which engine job to start, which keys apply.

The game screen keeps one ``Turns`` for its game and its ``EngineJobs``,
and asks it at every change: it starts here the job to await (the
computer's move, the analysis of the position shown, a hint), and hears
here what an answer or a failure means for the game and what to tell the
player. The screen itself only awaits the jobs, keeps the time and draws;
so every rule below runs in the tests without an app:

* the computer starts its search when it is its turn, unless a person is
  choosing a new game, the game is paused (``.`` then lets one move
  through), or its search is already under way; the analysis and the hint
  give way to it, so that they never take its processor time;
* an engine that dies under the computer's search is started afresh once a
  position; when the computer still cannot move, a person takes its side;
* a hint is for a person's turn, or for a position of a replay;
* a finished game can be reviewed; the review holds for the position it
  read, and is dropped (its search stopped) once the game changes;
* the keys that apply now show, those that do nothing now are dimmed, and
  those that never apply to the players the game began with are left out;
  a key pressed while it does nothing says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from ..engine import Cell, Mark, MoveVerdict, Outcome, Position, SearchResult
from .engine_process import ComputerMove, EngineStopped, Job, SearchFailed
from .game import Game
from .jobs import Engine, EngineJobs
from .setup import Brain

ANALYSIS_TIME = 1.0
"""Seconds the analysis of one position may take (boards with few empty cells are solved sooner)."""
HINT_TIME = 1.0
"""Seconds a hint may take."""
REVIEW_TIME = 0.5
"""Seconds the review may spend on each position of the game: small boards are solved well within
it, while a big board's game of many moves still reads in seconds rather than minutes."""

Action = Literal["play_cursor", "undo", "redo", "hint", "analysis", "move_now", "pause"]
DYNAMIC_ACTIONS: tuple[Action, ...] = get_args(Action)
"""The actions whose keys ``key_state`` shows, dims or leaves out as the game goes."""
EXPLAINED_ACTIONS: tuple[str, ...] = (*DYNAMIC_ACTIONS, "review")
"""The actions whose key, pressed while it does nothing, says why (``why_not``)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """Something to tell the player in passing: the words, a title, and whether something went wrong."""

    text: str
    title: str = ""
    warning: bool = False


REVIEW_WAITS = Notice("The review comes once the game is over.", "Review")
"""Why ``v`` does nothing before the end of the game."""


@dataclass(frozen=True, slots=True)
class Reply:
    """What follows the computer's answer, or its failure: tell ``notices`` in order; then, when
    ``again``, the same turn starts over on a fresh engine, otherwise the game has changed."""

    notices: tuple[Notice, ...] = ()
    again: bool = False


class Turns:
    """The state of play of the game on screen, and every decision of its flow; one per game screen."""

    def __init__(self, game: Game, engine: Engine) -> None:
        self.game = game
        self.jobs = EngineJobs(engine)
        """The game's jobs in the engine's process, at most one current of each kind."""
        self.waiting = False
        """True while the new-game screen is open: the game waits, the computer does not think."""
        self.paused = False
        """True while a game between two computers is paused (``.`` then plays one move)."""
        self.analysing = False
        """True while the analysis overlay is on."""
        self._step = False
        """True when ``.`` asked a paused game for one more computer move."""
        self._brain_names: dict[Mark, str] = {}
        """The names external brains gave themselves, by the side they play."""
        self._review: tuple[Position, tuple[MoveVerdict, ...]] | None = None
        """The last review finished, with the position of the game it read."""

    def new_game(self, game: Game) -> None:
        """Play ``game`` from now on: every job is stopped and forgotten, and the pause ends."""
        self.jobs.new_game()
        self._brain_names.clear()
        self._review = None
        self.game = game
        self.paused = False
        self.waiting = False

    @property
    def thinking(self) -> bool:
        """True while a computer player works on its move."""
        return self.jobs.current("move") is not None

    @property
    def hinting(self) -> bool:
        """True while a hint is sought, and the board shows the live position."""
        return self.jobs.current("hint") is not None and self.game.shown_ply is None

    def changed(self) -> Outcome | None:
        """After any move, undo, redo or new game: the outcome to count, if the game has just ended."""
        if self.analysing:
            self.game.helped()
        position = self.game.position
        if self._review is not None and self._review[0] != position:
            self._review = None
        reviewing = self.jobs.current("review")
        if reviewing is not None and reviewing.request.position != position:
            self.jobs.stop("review")
        return self.game.newly_over()

    def analyse(self, on: bool) -> None:
        """Switch the analysis overlay on or off; a person shown the analysis has been helped."""
        self.analysing = on
        if on:
            self.game.helped()

    def pause(self, on: bool) -> None:
        """Pause or resume a game between computers; a pause stops the computer's search at once."""
        self.paused = on
        if on:
            self.jobs.stop("move")

    def wait(self) -> None:
        """A person is choosing a new game: every job stops, and none starts until ``waiting`` ends."""
        self.jobs.stop_all()
        self.waiting = True

    # The computer's turn

    def next_turn(self) -> Job | None:
        """The computer's search, started now if it is the computer's turn and nothing holds it back (a
        person choosing a new game, a pause, its search already under way); the analysis and the hint
        stop for it. None when no search starts."""
        game, jobs = self.game, self.jobs
        if (self.waiting or not game.computer_to_move or self.thinking
                or (self.paused and not self._step)):
            return None
        self._step = False
        position = game.position
        jobs.stop("analyse")
        jobs.stop("hint")
        return jobs.start("move", position, controller=game.setup.controller(position.to_move))

    def plays_on(self, delta: int) -> bool:
        """True when stepping ``delta`` moves plays the next move rather than replay one: ``.`` on the
        live position of a paused game between computers."""
        game = self.game
        return delta > 0 and self.paused and game.shown_ply is None and not game.history.undone

    def step(self) -> bool:
        """Let the computer to move play one move in a paused game; True when it may (``next_turn`` then
        starts its search), False when it is no computer's turn or its search is under way."""
        if not self.game.computer_to_move or self.thinking:
            return False
        self._step = True
        return True

    def move_now(self) -> Notice | None:
        """Have the thinking computer answer at once with the best move found so far; an external brain
        cannot be hurried, and the notice says so."""
        job = self.jobs.current("move")
        if job is not None and isinstance(job.request.controller, Brain):
            # The protocol has no way to ask a brain for its move early: stopping it would lose the move.
            return Notice("A brain answers in its own time, within a second a move.")
        self.jobs.hurry("move")
        return None

    def hear(self, job: Job, move: ComputerMove) -> tuple[Notice, ...]:
        """What an external brain said with its move: its own name the first time, and its messages."""
        mark = job.request.position.to_move
        if not isinstance(self.game.setup.controller(mark), Brain):
            return ()
        notices: list[Notice] = []
        if self._brain_names.get(mark) != move.player:
            self._brain_names[mark] = move.player
            notices.append(Notice(f"{mark} is played by {move.player}.", "Brain"))
        notices.extend(Notice(f"{move.player}: {message}", "Brain") for message in move.messages)
        return tuple(notices)

    def computer_moved(self, job: Job, move: ComputerMove) -> Reply:
        """Play the answer of ``job``, a current job just finished; a taken cell is a failed search."""
        position = job.request.position
        cell = move.cell
        if not position.is_legal(cell):
            taken = SearchFailed(f"it chose {position.cell_name(cell)}, which is taken")
            return self.computer_failed(job, taken)
        self.game.play(cell)
        return Reply()

    def computer_failed(self, job: Job, error: Exception) -> Reply:
        """The computer could not move: a dead engine is started afresh once a position, else a person
        takes over its side, and the game and its record are kept."""
        position = job.request.position
        if isinstance(error, EngineStopped) and self.jobs.restart_once(position):
            words = f"The computer's engine stopped ({error}); it starts again and the game goes on."
            return Reply((Notice(words, "Engine", warning=True),), again=True)
        mark = position.to_move
        who = self.game.setup.controller(mark).label
        self.game.hand_to_person(mark)
        words = (f"{who} could not move: {error}. A person plays {mark} from now on; "
                 "the game and its record are kept.")
        return Reply((Notice(words, "Computer", warning=True),))

    # The analysis and the hint

    def follow_board(self, *, can_start: bool = True) -> Job | None:
        """Stop the analysis and the hint the position shown no longer wants; the analysis it wants,
        started now (when ``can_start``) unless the computer is thinking or known already."""
        shown = self.game.shown_position
        thinking = self.thinking
        analyse = self.analysing and not thinking and not self.waiting
        if self.jobs.follow(shown, analyse=analyse, hint=not thinking) and can_start:
            return self.jobs.start("analyse", shown, time_limit=ANALYSIS_TIME)
        return None

    def analysis_failed(self, job: Job, error: Exception) -> Notice | None:
        """The analysis could not be made: it is switched off, and the notice says why; None when the
        job was stale anyway."""
        if not self.jobs.finish(job):
            return None
        self.analysing = False
        return Notice(f"The analysis stopped: {error}. Press a to try again.", "Analysis", warning=True)

    def can_hint(self) -> bool:
        """True when a hint can be asked for the position shown: a person's turn, or a replay."""
        shown = self.game.shown_position
        if shown.is_over or self.thinking:
            return False
        return self.game.shown_ply is not None or self.game.setup.is_human(shown.to_move)

    def hint(self) -> Cell | Job | None:
        """Ask for the best move in the position shown: the cell of the hint found already, or the job
        started to find it; None when no hint can be asked now, or one is being sought."""
        if not self.can_hint():
            return None
        shown = self.game.shown_position
        self.game.helped()
        known = self.jobs.hint_for(shown)
        if known is not None:
            return known
        if self.jobs.current("hint") is not None:
            return None
        return self.jobs.start("hint", shown, time_limit=HINT_TIME)

    def hint_found(self, job: Job, result: SearchResult) -> Cell | None:
        """The cell a hint's ``result`` suggests, kept with its position; None for a stale job."""
        if not self.jobs.finish(job):
            return None
        cell = result.best_moves[0]
        self.jobs.hint = (job.request.position, cell)
        return cell

    def hint_failed(self, job: Job, error: Exception) -> Notice | None:
        """No hint could be found: the notice says why; None when the job was stale anyway."""
        if not self.jobs.finish(job):
            return None
        return Notice(f"No hint: {error}. Press i to try again.", "Hint", warning=True)

    # The review of a finished game

    @property
    def reviewing(self) -> bool:
        """True while the review of the game is sought."""
        return self.jobs.current("review") is not None

    @property
    def verdicts(self) -> tuple[MoveVerdict, ...]:
        """The review of the game as it stands, move by move; empty when it has not been reviewed."""
        review = self._review
        return review[1] if review is not None and review[0] == self.game.position else ()

    @property
    def blunders(self) -> frozenset[int]:
        """The plies of the moves the review found gave away a proven result."""
        return frozenset(verdict.ply for verdict in self.verdicts if verdict.blunder)

    def review(self) -> Job | Notice | None:
        """Ask the engine to review the finished game: the job started, the notice saying why there is
        nothing to review yet, or None while its review is under way."""
        position = self.game.position
        if not position.is_over:
            return REVIEW_WAITS
        if self.reviewing:
            return None
        return self.jobs.start("review", position, time_limit=REVIEW_TIME)

    def reviewed(self, job: Job, verdicts: tuple[MoveVerdict, ...]) -> bool:
        """Keep the review ``job`` found; False for a stale job, whose review is dropped."""
        if not self.jobs.finish(job):
            return False
        self._review = (job.request.position, verdicts)
        return True

    def review_failed(self, job: Job, error: Exception) -> Notice | None:
        """The review could not be made: the notice says why; None when the job was stale anyway."""
        if not self.jobs.finish(job):
            return None
        return Notice(f"No review: {error}. Press v to try again.", "Review", warning=True)

    # The keys

    def key_state(self, action: str, *, board_focused: bool) -> bool | None:
        """True for a key that works now, None for one dimmed, False for one left out.

        A key that never applies to the players the game began with (pausing a game a person plays,
        moving now between two people) is left out for the whole game, even once a person takes over
        a side whose computer failed, so that no key moves as the game goes; but a person who takes
        over in a game between computers gets the board's Enter, without which they could not play.
        ``board_focused`` says whether the board takes the keys (nothing else has the focus): the
        board's own Enter shows then.
        """
        game = self.game
        humans = game.humans
        began = game.players_at_start
        if action == "play_cursor":
            if not humans:
                return False
            return board_focused or None
        if action == "undo":
            return game.can_undo() or None
        if action == "redo":
            return game.can_redo() or None
        if action == "hint":
            return self.can_hint() or None  # Between computers, for a replayed position.
        if action == "analysis":
            shown = game.shown_position
            return (self.analysing or not (shown.is_over or self.thinking and not humans)) or None
        if action == "move_now":
            return (self.thinking or None) if len(began) < 2 else False
        if action == "pause":
            if began:
                return False
            return (not humans and not game.position.is_over) or None
        if action == "review":
            return game.position.is_over or None
        return True

    def why_not(self, action: str) -> Notice | None:
        """Why the key of ``action`` does nothing now (``key_state`` is not True), to say when it is
        pressed; None when it works. A dimmed key is seen to do nothing, but not why, and a key the
        footer leaves out would otherwise be pressed in silence."""
        if self.key_state(action, board_focused=True):
            return None
        game = self.game
        shown = game.shown_position
        computers = not game.humans
        if action == "play_cursor":
            if game.position.is_over:
                return Notice("The game is over: r plays again, n starts a new game.", "Play")
            if self.paused:
                return Notice("The computers play both sides, paused: . plays one move, p lets them go on.",
                              "Play")
            return Notice("The computers play both sides: p pauses them, . then plays one move.", "Play")
        if action == "undo":
            return Notice("No move to take back." if computers or not game.history.ply else
                          "No move of yours to take back yet.", "Undo")
        if action == "redo":
            return Notice("No move taken back to play again.", "Redo")
        if action == "hint":
            if shown.is_over:
                return Notice("The game is over: there is no move to suggest.", "Hint")
            if self.thinking:
                return Notice("No hint while the computer thinks.", "Hint")
            return Notice("A hint is for a person's turn, or for a position of the replay.", "Hint")
        if action == "analysis":
            if shown.is_over:
                return Notice("The game is over: there is nothing to analyse.", "Analysis")
            return Notice("The analysis waits while the computers play: p pauses them.", "Analysis")
        if action == "move_now":
            if len(game.players_at_start) == 2:
                return Notice("No computer plays in this game.", "Move now")
            if game.position.is_over:
                return Notice("The game is over: no computer is thinking.", "Move now")
            return Notice("m hurries the computer while it thinks; it is not thinking now.", "Move now")
        if action == "pause":
            if game.humans or game.players_at_start:
                return Notice("p pauses a game between two computers.", "Pause")
            return Notice("The game is over: there is nothing to pause.", "Pause")
        if action == "review":
            return REVIEW_WAITS
        return None
