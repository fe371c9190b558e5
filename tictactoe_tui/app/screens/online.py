"""The screen of a game against a friend on another computer: the board, whose turn, who is connected.

``OnlineGame`` (``session.online``) holds the game and every rule of it; this
screen passes the keys on, draws what it holds, and answers what it hears of:
a notice to show, a finished game to count, the friend's request to take back
a move (a question the player answers, y or n). Each end draws the same game,
with its own side marked as "You". A key that can do nothing now (the
friend's turn, the friend away, an answer awaited) says why, and changes
nothing. The screen closes the connection, which tells the friend, before it
leaves; the friend's end can join again after a drop (``J``: the board takes ``j`` to move down).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Cell, Mark, Outcome
from ...profile.player import Profile
from ...session.connection import Hosting, Joining, Sitting
from ...session.turns import Notice
from ..labels import connection_text, online_status_text, replay_refusal
from ..widgets.board import Board
from ..widgets.game_info import GameInfo
from ..widgets.move_list import MoveList
from ..widgets.scoreboard import Scoreboard
from ..widgets.status import StatusLine
from .board_layout import board_and_panel, fit
from .confirm import ConfirmScreen
from .game.notices import Notices
from .game.replay import Replay

ACTIONS = ("play_cursor", "undo", "again", "join_again")
"""The actions whose keys come and go as the game goes."""


class OnlineHost(Protocol):
    """What the online screen needs of the app: the player's profile, its word on a file it could not
    use, and where to go once the game is left."""

    @property
    def profile(self) -> Profile: ...

    def report(self, problem: str | None, *, timeout: float = ...) -> None: ...

    def quit_now(self) -> None: ...

    def leave_online(self) -> None: ...


class OnlineScreen(Screen[None]):
    """One game after another against the same friend, over the connection ``sitting`` holds."""

    BINDINGS = [
        Binding("enter,space", "play_cursor", "Play", key_display="⏎"),
        Binding("u", "undo", "Undo"),
        Binding("r", "again", "Next game"),
        Binding("J", "join_again", "Join again"),
        Binding("c", "copy_record", "Copy record"),
        Binding("n", "new_game", "New"),
        Binding("q", "quit", "Quit"),
        Binding("comma", "step(-1)", "Previous move", show=False),
        Binding("full_stop", "step(1)", "Next move", show=False),
        Binding("escape", "live", "Back to the game", show=False),
    ]

    board = getters.query_one("#board", Board)

    def __init__(self, sitting: Sitting, *, host: OnlineHost) -> None:
        super().__init__()
        self.sitting = sitting
        self.online = sitting.online
        self._host = host
        self.notices = Notices(self, self.redraw)
        self.replay = Replay(lambda: self.online.game, self.redraw, self._give_board_keys,
                             self.notices.refuse)
        self._question: ConfirmScreen | None = None
        """The friend's request to take back a move, while it is asked."""
        self._joining = False
        """True while the friend's end joins the host again."""
        self._left = False
        """True once the player left the game: what the connection still says is no longer shown."""
        self._keys: tuple[bool | None, ...] = ()
        self.online.watch(self._hear)

    @property
    def command(self) -> str:
        """The command the friend types to join, shown while the host waits for them."""
        return self.sitting.command if isinstance(self.sitting, Hosting) else ""

    @property
    def listening(self) -> str:
        """Where the host listens for the friend: ``0.0.0.0:7777``."""
        return self.sitting.listening if isinstance(self.sitting, Hosting) else ""

    @property
    def code(self) -> str:
        """The join code, shown beside the board while the host waits for the friend."""
        return self.sitting.server.code if isinstance(self.sitting, Hosting) else ""

    def compose(self) -> ComposeResult:
        online = self.online
        yield from board_and_panel(online.position, self.app.size, [
            GameInfo(online.game.setup, online.position, id="game-info"),
            Static(id="connection", markup=False),
            Scoreboard(id="scoreboard"),
            MoveList(online.game.history, id="moves"),
        ])
        yield StatusLine(online_status_text(online, self.command, self.listening), id="status")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        fit(self, self.online.game.shown_position, self.app.size)
        self._give_board_keys()
        self.call_later(self._heard, ())

    def on_resize(self, event: Resize) -> None:
        fit(self, self.online.game.shown_position, event.size)

    def on_unmount(self) -> None:
        """However the app ends (its own q, from over a question), the friend is told."""
        if not self._left:
            self._left = True
            self.online.quit()

    # What the game says

    def _hear(self, notices: tuple[Notice, ...]) -> None:
        """A change of the game, heard where it happened (often in a task of the connection): it is
        handled among the screen's own messages, where Textual knows which app it belongs to."""
        if not self._left:
            self.call_later(self._heard, notices)

    def _heard(self, notices: tuple[Notice, ...]) -> None:
        """After any change of the game: tell what came with it, count a finished game, ask what the
        friend asks, and draw it all."""
        if self._left or not self.is_mounted:
            return
        for notice in notices:
            self.notices.show(notice)
        self._count(self.online.newly_over())
        self._ask_if_asked()
        self.redraw()

    def _count(self, outcome: Outcome | None) -> None:
        if outcome is None:
            return
        online, host = self.online, self._host
        setup = online.game.setup
        host.report(host.profile.count_game(setup, outcome, online.competitors, online=online.mine))

    def _ask_if_asked(self) -> None:
        """Put the friend's request to take back a move to the player, or take it away once withdrawn."""
        online = self.online
        asked = online.asked is online.mine.other
        if asked and self._question is None:
            self._question = ConfirmScreen("Take back a move?", online.undo_request(), yes="Accept",
                                           no="Decline")
            self.app.push_screen(self._question, self._answered)
        elif not asked and self._question is not None:
            question, self._question = self._question, None
            question.dismiss(None)

    def _answered(self, accept: bool | None) -> None:
        self._question = None
        if accept is not None:
            self.online.answer_undo(accept)

    def redraw(self) -> None:
        """Hand the game to the widgets that draw it, and the keys that apply now to the footer."""
        if not self.is_mounted:
            return
        online = self.online
        game, position = online.game, online.position
        board = self.board
        if board.position.spec == game.shown_position.spec:
            board.position = game.shown_position
        board.keypad = self._host.profile.settings.keypad
        board.active = self._can_play()
        info = self.query_one(GameInfo)
        info.position = position
        names = online.competitors
        info.names = (names[Mark.X], names[Mark.O])
        self.query_one("#connection", Static).update(connection_text(online, self.code))
        scoreboard = self.query_one(Scoreboard)
        scoreboard.names = tuple(online.competitors.values())
        scoreboard.score = self._host.profile.session
        moves = self.query_one(MoveList)
        moves.history = game.history
        moves.shown_ply = game.shown_ply
        status = self.query_one(StatusLine)
        notice = self.notices.current()
        status.whole = notice is not None
        status.message = notice or (
            f"Joining {online.friend} again…" if self._joining
            else online_status_text(online, self.command, self.listening))
        status.set_class(position.is_over and game.shown_ply is None, "-over")
        status.set_class(game.shown_ply is not None, "-replay")
        keys = tuple(self.check_action(action, ()) for action in ACTIONS)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def _can_play(self) -> bool:
        """True when the board takes a move of the player here now."""
        online = self.online
        position = online.position
        return (online.game.shown_ply is None and online.waiting() is None and not position.is_over
                and position.to_move is online.mine)

    # Keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that work now show, keys that do nothing now are dimmed; joining again is the friend's.

        While the game waits for the friend (to join, to answer, to come back), the keys that would
        change it stay lit: pressed, they say what the game waits for.
        """
        online = self.online
        if action == "play_cursor" and not self.board.display:
            return None  # A board hidden by a terminal too small for it takes no move.
        if action in ("play_cursor", "undo", "again") and online.waiting() is not None:
            return True
        if action == "play_cursor":
            return self._can_play() or None
        if action == "undo":
            return online.undo_refusal() is None or None
        if action == "again":
            return online.again_refusal() is None or None
        if action == "join_again":
            if not isinstance(self.sitting, Joining):
                return False
            return not (online.connected or self._joining) or None
        return True

    def on_board_played(self, message: Board.Played) -> None:
        message.stop()
        self.play(message.cell)

    def on_board_refused(self, message: Board.Refused) -> None:
        message.stop()
        self.notices.tell(message.why, title="Keys")

    def action_play_cursor(self) -> None:
        self.play(self.board.cursor)

    def play(self, cell: Cell) -> bool:
        """Play ``cell`` for the player here, or refuse it with a bell and the reason."""
        game = self.online.game
        if game.shown_ply is not None:
            return self.notices.refuse(replay_refusal(game.shown_ply, len(game.history.line)))
        refusal = self.online.play(cell)
        return self.notices.refuse(refusal) if refusal is not None else True

    def action_undo(self) -> None:
        """Ask the friend to let you take back your last move."""
        refusal = self.online.ask_undo()
        if refusal is not None:
            self.notices.refuse(refusal)
        else:
            friend = self.online.friend
            self.notices.tell(f"Asked {friend} to let you take back your last move.", title="Undo")

    def action_again(self) -> None:
        """Start the next game, each side swapped, once this one is over."""
        refusal = self.online.play_again()
        if refusal is not None:
            self.notices.refuse(refusal)

    def action_join_again(self) -> None:
        """Join the host again, with the same code, and go on with the game where it was."""
        sitting = self.sitting
        if isinstance(sitting, Joining) and not (self.online.connected or self._joining):
            self._joining = True
            self.run_worker(self._rejoin(sitting), group="join")
            self.redraw()

    async def _rejoin(self, sitting: Joining) -> None:
        try:
            await sitting.rejoin()
        except OSError as error:
            self.notices.warn(f"{error}.", title="Online")
        finally:
            self._joining = False
            self.redraw()

    def action_copy_record(self) -> None:
        """Put the game's record on the clipboard, in the notation ``--record`` reads."""
        self.notices.copied(self.online.position.record)

    def action_step(self, delta: int) -> None:
        """Replay the game one move back or forward from the position shown."""
        self.replay.step(delta)

    def action_live(self) -> None:
        """Leave the replay for the live position, and give the board the keys."""
        self.replay.end()

    def on_move_list_ply_selected(self, message: MoveList.PlySelected) -> None:
        self.replay.choose(message.ply)

    def on_move_list_ply_browsed(self, message: MoveList.PlyBrowsed) -> None:
        self.replay.show(message.ply)

    def _give_board_keys(self) -> None:
        """Focus the board, where it can be seen."""
        if self.board.display:
            self.board.focus()

    # Leaving

    def action_new_game(self) -> None:
        """Leave this game (the friend is told) for the new-game screen."""
        self._leave(self._host.leave_online)

    def action_quit(self) -> None:
        """Quit (the friend is told), after asking while a game is under way."""
        self._leave(self._host.quit_now)

    def _leave(self, then: Callable[[], None]) -> None:
        online = self.online
        position = online.position

        def answered(leave: bool | None) -> None:
            if leave:
                self.run_worker(self._close_then(then), group="leave", exclusive=True)

        if not position.moves or position.is_over or not online.connected:
            answered(True)
            return
        text = f"{online.friend} is told you left, and this game ends here (c copies the record first)."
        self.app.push_screen(ConfirmScreen("Leave this game?", text, yes="Leave", no="Stay"), answered)

    async def _close_then(self, then: Callable[[], None]) -> None:
        self._left = True
        await self.sitting.close()
        then()
