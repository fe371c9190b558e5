"""The game screen: the board, the side panel and the status line, wired to the game's turns.

``Turns`` holds the game and decides its flow (which engine job to start,
which keys apply, what an answer means); the screen passes keys on, does
what ``Turns`` decides, and hands the game to the widgets. The rest is done
by helpers it owns, each given only what it works with: ``ComputerWorkers``
awaits the engine's answers, ``Leaving`` asks before a game in progress is
given up, ``Scorekeeper`` counts finished games, ``Replay`` steps through the
moves played, ``GameKeys`` keeps the footer in step, ``Notices`` puts short
messages where they can be read, ``GameFiles`` saves and opens games, and
``Speech`` says every change in words in the accessible mode. The app comes in as a ``GameHost``.

The board shows the live position, or an earlier one in a replay; it never
takes a move in a replay.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import getters
from textual.app import ComposeResult
from textual.events import Key, Resize, ScreenResume
from textual.geometry import Size
from textual.screen import Screen

from ....engine import Cell, Mark, Position
from ....session.engine_process import EngineProcess
from ....session.game import Game
from ....session.history import History
from ....session.setup import GameSetup
from ....session.turns import Turns
from ...labels import game_status_text, replay_refusal, status_text
from ...widgets.board import Board
from ...widgets.game_info import GameInfo
from ...widgets.move_list import MoveList
from ...widgets.ranked_footer import RankedFooter
from ...widgets.scoreboard import Scoreboard
from ...widgets.status import StatusLine
from ..board_layout import board_and_panel, fit
from .computer import COMPUTER_PAUSE, ComputerWorkers, board_annotations
from .files import GameFiles
from .host import GameHost
from .keys import FOOTER_RANKS, GAME_BINDINGS, UNRANKED, WIDTHS, GameKeys, face_state, turn_action
from .leaving import Leaving
from .notices import Notices
from .replay import Replay
from .scorekeeping import Scorekeeper
from .speech import Speech


class GameScreen(Screen[None]):
    """One game after another with the same screen: ``start_game`` begins the next."""

    BINDINGS = GAME_BINDINGS
    HORIZONTAL_BREAKPOINTS = WIDTHS

    board = getters.query_one("#board", Board)

    def __init__(self, setup: GameSetup, start: Position | None = None, *, engine: EngineProcess,
                 host: GameHost, pause: float = COMPUTER_PAUSE) -> None:
        super().__init__()
        self._host = host
        self.turns = Turns(Game(setup, start), engine)
        """The game and its engine jobs, and every decision of the game's flow."""
        self.notices = Notices(self, self._show)
        self.computer = ComputerWorkers(self.turns, self.notices, self, pause)
        self.scores = Scorekeeper(self, self.turns, host)
        self.leaving = Leaving(self, self.turns, host, self.scores.count, self.start_game)
        self.replay = Replay(lambda: self.turns.game, self.redraw, self._give_board_keys, self.notices.refuse)
        self.keys = GameKeys(self._key_state, self.refresh_bindings)
        self.speech = Speech(self, self.turns, host, self.notices, self.play)
        self.files = GameFiles(self, self.turns, self.notices, self.leaving.then, self.start_game,
                               allowed=not host.served)
        if start is None:
            host.report(host.profile.remember_setup(setup))

    def compose(self) -> ComposeResult:
        position = self.position
        yield from board_and_panel(position, self.app.size, [
            GameInfo(self.setup, position, id="game-info"),
            Scoreboard(id="scoreboard"),
            MoveList(self.history, id="moves"),
        ])
        yield StatusLine(status_text(self.setup, position, thinking=False), id="status")
        # Every key of the game fits on one 80-column line only in the compact style, and only
        # without the palette's own key, which the help screen names instead; a narrower terminal
        # keeps the keys that matter most, and the palette's key (see FOOTER_RANKS).
        yield RankedFooter(FOOTER_RANKS, unranked=UNRANKED, compact=True)

    def on_mount(self) -> None:
        self.scores.show_score()
        self._fit(self.app.size)
        self._give_board_keys()
        self.speech.mount()
        self.changed()

    # The game

    @property
    def game(self) -> Game:
        """The game on the board."""
        return self.turns.game

    @property
    def setup(self) -> GameSetup:
        """The board and who controls each side."""
        return self.game.setup

    @property
    def history(self) -> History:
        """The game so far (and any moves taken back)."""
        return self.game.history

    @property
    def position(self) -> Position:
        """The position of the game now."""
        return self.game.position

    @property
    def thinking(self) -> bool:
        """True while a computer player works on its move."""
        return self.turns.thinking

    @property
    def busy(self) -> bool:
        """True while the computer, the analysis or a hint is at work."""
        return self.turns.jobs.busy

    @property
    def analysing(self) -> bool:
        """True while the analysis overlay is on."""
        return self.turns.analysing

    @property
    def paused(self) -> bool:
        """True while a game between two computers is paused (``.`` then plays one move)."""
        return self.turns.paused

    def start_game(self, setup: GameSetup, start: Position | None = None, *,
                   first_person: Mark = Mark.X) -> None:
        """Begin a game with ``setup``, from ``start`` or the empty board; any job is abandoned.
        ``first_person`` is the side Player 1 plays, when two people play."""
        self.turns.new_game(Game(setup, start, first_person=first_person))
        if start is None:
            self._host.report(self._host.profile.remember_setup(setup))
        if self.is_mounted:
            self.board.cursor = setup.spec.centre
        self._fit(self.app.size)
        self.changed()

    def changed(self) -> None:
        """After any move, undo, redo or new game: count a finished game, start the next turn, redraw."""
        self.scores.count(self.turns.changed())
        self.computer.next_turn()
        self.redraw()

    def redraw(self) -> None:
        """Bring the engine jobs in line with what the board shows, then hand everything to the widgets."""
        self.computer.follow_board()
        self._show()
        self.keys.refresh()

    def _show(self) -> None:
        """Hand the game to the widgets that draw it. Not while the app shuts down: it takes the
        widgets away before the screen, and a computer's answer may come in between."""
        if not self.is_mounted or not self.app.is_running:
            return
        game, turns = self.game, self.turns
        position, shown = game.position, game.shown_position
        replaying = game.shown_ply is not None
        board = self.board
        board.position = shown
        board.annotations = board_annotations(turns, shown)
        board.keypad = self._host.profile.settings.keypad
        board.active = not replaying and not position.is_over and game.setup.is_human(position.to_move)
        board.playable = bool(game.humans)
        info = self.query_one(GameInfo)
        info.setup = game.setup
        info.position = position
        moves = self.query_one(MoveList)
        moves.history = game.history
        moves.shown_ply = game.shown_ply
        moves.blunders = turns.blunders
        status = self.query_one(StatusLine)
        notice = self.notices.current()
        status.whole = notice is not None
        status.message = notice or game_status_text(
            game, paused=turns.paused, hinting=turns.hinting, thinking=turns.thinking,
            reviewing=turns.reviewing, reviewed=bool(turns.verdicts))
        status.spinning = not replaying and (turns.thinking or turns.hinting or turns.reviewing)
        status.set_class(position.is_over and not replaying, "-over")
        status.set_class(replaying, "-replay")
        self.speech.follow()

    def point(self, cell: Cell) -> None:
        """Put the board's cursor on ``cell``."""
        self.board.cursor = cell

    def _give_board_keys(self) -> None:
        """Focus the board, where it can be seen."""
        if self.board.display:
            self.board.focus()

    def on_screen_resume(self, event: ScreenResume) -> None:
        self.turns.waiting = False
        self._fit(self.app.size)
        self.computer.next_turn()
        self.redraw()

    def on_unmount(self) -> None:
        self.turns.jobs.new_game()

    # A person's move

    def action_play_cursor(self) -> None:
        """Enter or Space while the board takes no move: the bell, and the reason."""
        self.play(self.board.cursor)

    def on_board_played(self, message: Board.Played) -> None:
        message.stop()
        self.play(message.cell)

    def on_board_refused(self, message: Board.Refused) -> None:
        message.stop()
        self.notices.tell(message.why, title="Keys")

    def play(self, cell: Cell) -> bool:
        """Play ``cell`` for the person to move, or refuse it with a bell and a message saying why."""
        if self.game.shown_ply is not None:
            return self.notices.refuse(replay_refusal(self.game.shown_ply, len(self.history.line)))
        refusal = self.game.refusal(cell)
        if refusal is not None:
            return self.notices.refuse(refusal)
        self.game.play(cell)
        self.changed()
        return True

    def on_key(self, event: Key) -> None:
        """In the accessible mode a cell name can be typed anywhere on the screen (see ``Speech``)."""
        self.speech.key(event)

    # Actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that work now show, keys that do nothing now are dimmed (see ``Turns.key_state``)."""
        return self._key_state(action)

    def _key_state(self, action: str) -> bool | None:
        focused = self.focused
        refused = self.files.applies(action)
        if refused is not None:
            return refused
        # A board hidden by a terminal too small for it has no focus, but its Enter is not the screen's.
        board_focused = self.board.display and (focused is None or isinstance(focused, Board))
        state = self.turns.key_state(turn_action(action), board_focused=board_focused)
        # Resume stands in Pause's place while the game waits; a finished game has nothing to resume.
        return face_state(action, state, paused=self.paused and not self.position.is_over)

    def action_why_not(self, action: str) -> None:
        """A key that does nothing now: the bell, and the reason."""
        why = self.turns.why_not(action)
        if why is not None:
            self.notices.refuse(why.text)

    def action_quit(self) -> None:
        """Quit at once, whatever the computer is doing (after asking, if a game is in progress)."""
        self.leaving.quit()

    def action_new_game(self) -> None:
        """Show the new-game screen; the computer stops thinking at once and the game waits."""
        self.leaving.choose_new_game()

    def action_restart(self) -> None:
        """Play again with the same board and players."""
        self.leaving.then(lambda: self.start_game(self.setup, first_person=self.game.first_person))

    def action_swap_sides(self) -> None:
        """Play again with the same board, each side's player now playing the other side."""
        self.leaving.then(lambda: self.start_game(self.game.swapped(),
                                                  first_person=self.game.first_person.other))

    def action_pause(self) -> None:
        """Pause a game between two computers (the key then reads Resume)."""
        self.turns.pause(True)
        self.redraw()

    def action_resume(self) -> None:
        """Let the computers of a paused game play on (the key then reads Pause)."""
        self.turns.pause(False)
        self.computer.next_turn()
        self.redraw()

    def action_undo(self) -> None:
        """Take back a move (against the computer, back to the person's last move); a computer stops first."""
        self._take_back(self.game.undo)

    def action_redo(self) -> None:
        """Replay what undo took back."""
        self._take_back(self.game.redo)

    def _take_back(self, change: Callable[[], bool]) -> None:
        """Undo or redo on the live position, once the computer has stopped thinking."""
        self.turns.jobs.stop("move")
        self.game.show_live()
        if change():
            self.changed()
        else:
            self.computer.next_turn()
            self.redraw()

    def action_move_now(self) -> None:
        """Have the thinking computer play the best move it has found so far."""
        self.computer.move_now()

    def action_hint(self) -> None:
        """Find the best move for the side to move in the position shown, and point it out."""
        self.computer.hint()

    def action_analysis(self) -> None:
        """Switch the analysis overlay on or off."""
        self.turns.analyse(not self.analysing)
        self.redraw()

    def action_copy_record(self) -> None:
        """Put the game's record on the clipboard, in the notation ``--record`` reads."""
        self.notices.copied(self.position.record)

    def action_review(self) -> None:
        """Have the engine find the moves of the finished game that gave away a proven result."""
        self.computer.review()

    def action_save_game(self) -> None:
        """Save the game to a file, to open it again later (``ctrl+o`` or ``--open``)."""
        self.files.save()

    def action_open_game(self) -> None:
        """Open a saved game in place of this one."""
        self.files.open()

    def action_read(self, what: str) -> None:
        """Say the cell under the cursor, the last moves, whose turn it is or the threats, on demand."""
        self.speech.read(what)

    def action_statistics(self) -> None:
        """Show the record against the computer and this session's score, read afresh from disk."""
        self.scores.show_statistics()

    # The replay

    def action_step(self, delta: int) -> None:
        """Replay the game one move back or forward from the position shown; in a paused game between
        computers, ``.`` on the live position plays the next move."""
        if self.turns.plays_on(delta):
            self.computer.step()
        else:
            self.replay.step(delta)

    def action_live(self) -> None:
        """Leave the replay for the live position, and give the board the keys."""
        self.replay.end()

    def on_move_list_ply_selected(self, message: MoveList.PlySelected) -> None:
        self.replay.choose(message.ply)

    def on_move_list_ply_browsed(self, message: MoveList.PlyBrowsed) -> None:
        self.replay.show(message.ply)

    # The terminal's size

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Size the board to the terminal, or say how large the terminal must be."""
        fit(self, self.game.shown_position, size)
