"""A game against a friend on another computer, without a screen or a socket: whose turn it is, who
is connected, undo as a request the other side answers, the next game with the sides swapped.

Each computer keeps one ``OnlineGame``. The host's is the authority: the host's
moves are played at once and sent, and the friend's are checked against the
game and played and sent back, or refused with a ``PeerError`` that leaves the
game as it was. The friend's mirrors it: its own moves are sent and played
only when the host sends them back, and every message of the host is checked
against the game too. Nothing changes the game while the friend is away:
each key then says why, and the game is kept for when they come back.

The network layer (``network.host``, ``network.join``) hands it the other
end's messages and says when it joins and leaves, with the function that
sends to it; the screen calls the player's actions, draws what it holds, and
hears of every change through ``watch``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import BoardSpec, Cell, GameError, Mark, Outcome, Position, parse_record
from ..engine.rules.inputs import printable
from ..network.protocol import (
    Again,
    Bye,
    Message,
    Move,
    PeerError,
    Ping,
    Refused,
    Sync,
    UndoAsk,
    UndoReply,
    Welcome,
)
from ..profile.statistics import YOU
from .game import Game
from .names import FRIEND, shown_name
from .setup import HUMAN, GameSetup
from .turns import Notice

Send = Callable[[Message], None]
"""Sends a message to the other end."""
Listener = Callable[[tuple[Notice, ...]], None]
"""Hears of every change of the game, with what to tell the player about it."""


class OnlineGame:
    """One end of a game against a friend on another computer: ``hosting`` for the host's, the authority."""

    def __init__(self, spec: BoardSpec, mine: Mark, *, hosting: bool, name: str = "",
                 start: Position | None = None, number: int = 1) -> None:
        self.hosting = hosting
        self.name = name
        """This player's name, as sent to the friend."""
        self.mine = mine
        """The side played here."""
        self.number = number
        """The number of this game in the sitting; the next game has the next number."""
        self.game = Game(GameSetup(spec, HUMAN, HUMAN), start)
        """The moves, and the position a replay shows."""
        self.friend = FRIEND
        """The friend's name, as shown."""
        self.connected = False
        """True while the friend is connected."""
        self.gone = False
        """True once the friend said they quit."""
        self.met = False
        """True once the friend has joined."""
        self.asked: Mark | None = None
        """The side waiting for an answer to its request to take back a move, if any."""
        self.sent: Cell | None = None
        """The friend's own move sent to the host and not yet back (on the friend's side only)."""
        self._send: Send | None = None
        self._listeners: list[Listener] = []
        self._counted = number if start is not None and start.is_over else 0
        """The number of the last game counted once over."""

    @classmethod
    def joining(cls, welcome: Welcome, name: str = "") -> OnlineGame:
        """The friend's end of the game a host welcomed them to; a ``PeerError`` when the welcome does not
        hold a game."""
        position = _position(welcome.record)
        online = cls(position.spec, welcome.you, hosting=False, name=name, start=position,
                     number=welcome.game)
        online.friend = shown_name(welcome.name)
        return online

    def watch(self, listener: Listener) -> None:
        """Have ``listener`` hear of every change from now on."""
        self._listeners.append(listener)

    def _changed(self, *notices: Notice) -> None:
        for listener in self._listeners:
            listener(notices)

    def _tell(self, message: Message) -> None:
        if self._send is not None:
            self._send(message)

    # What the game holds

    @property
    def spec(self) -> BoardSpec:
        return self.game.setup.spec

    @property
    def position(self) -> Position:
        """The position now."""
        return self.game.position

    @property
    def competitors(self) -> dict[Mark, str]:
        """The two players as the session's score names them: you, and the friend by name."""
        return {self.mine: YOU, self.mine.other: self.friend}

    def newly_over(self) -> Outcome | None:
        """The outcome to count, the first time this game ends; None before and after that."""
        position = self.position
        if not position.is_over or self._counted == self.number:
            return None
        self._counted = self.number
        return position.outcome

    def waiting(self) -> str | None:
        """Why nothing can change the game now, or None when it can."""
        if not self.connected:
            if self.gone:
                return f"{self.friend} has left the game: n starts a new game, q quits."
            if not self.hosting:
                return f"Not connected to {self.friend}: J joins again, and the game goes on where it was."
            if self.met:
                return f"{self.friend} is not connected: the game waits for them to join again."
            return "Waiting for your friend to join: nothing changes the game until they are here."
        if self.asked is self.mine:
            return f"Waiting for {self.friend} to answer your request to take back a move."
        if self.asked is not None:
            return f"{self.friend} asks to take back a move: answer first (y or n)."
        if self.sent is not None:
            return f"Your move {self.spec.cell_name(self.sent)} is on its way to {self.friend}."
        return None

    def refusal(self, cell: Cell) -> str | None:
        """Why the player here may not play ``cell`` now, or None when the move is fine."""
        waiting = self.waiting()
        if waiting is not None:
            return waiting
        position = self.position
        if position.is_over:
            return f"The game is over ({position.outcome.status.value}): r plays the next one, sides swapped."
        if position.to_move is not self.mine:
            return f"It is {self.friend}'s turn ({position.to_move}): their move comes over the network."
        if not position.is_legal(cell):
            return f"{position.cell_name(cell)} is taken by {position[cell]}."
        return None

    # The player's actions: each returns why it cannot be done, or None once done

    def play(self, cell: Cell) -> str | None:
        """Play ``cell`` here: at once on the host, on its way to the host on the friend's side."""
        refusal = self.refusal(cell)
        if refusal is not None:
            return refusal
        move = Move(len(self.position.moves), self.spec.cell_name(cell))
        if self.hosting:
            self.game.play(cell)
        else:
            self.sent = cell
        self._tell(move)
        self._changed()
        return None

    def undo_refusal(self) -> str | None:
        """Why this side cannot ask to take back its last move now, or None when it can."""
        refusal = self.waiting()
        if refusal is None and not self.game.history.can_undo({self.mine}):
            refusal = "You have no move of this game to take back."
        return refusal

    def ask_undo(self) -> str | None:
        """Ask the friend to let this side take back its last move (and the friend's reply after it)."""
        refusal = self.undo_refusal()
        if refusal is not None:
            return refusal
        self.asked = self.mine
        self._tell(UndoAsk(len(self.position.moves)))
        self._changed()
        return None

    def answer_undo(self, accept: bool) -> None:
        """Answer the friend's request to take back their move; on the host, an accepted one is done here."""
        if self.asked is not self.mine.other or not self.connected:
            return
        self.asked = None
        self._tell(UndoReply(len(self.position.moves), accept))
        if accept and self.hosting:
            self._take_back(self.mine.other)
        self._changed()

    def again_refusal(self) -> str | None:
        """Why the next game cannot start now, or None when it can."""
        refusal = self.waiting()
        if refusal is None and not self.position.is_over:
            refusal = "The game is still on: the next game starts once it is over."
        return refusal

    def play_again(self) -> str | None:
        """Start the next game once this one is over, each side swapped: at once on the host, through it
        on the friend's side."""
        refusal = self.again_refusal()
        if refusal is not None:
            return refusal
        if self.hosting:
            self._next_game()
        else:
            self._tell(Again(self.number))
        return None

    def quit(self) -> None:
        """Tell the friend this player quits."""
        self._tell(Bye())

    # The connection

    def welcome(self) -> Welcome:
        """The host's welcome to the friend: its name, the game so far and the friend's side."""
        return Welcome(self.name, self.position.record, self.mine.other, self.number)

    def joined(self, name: str, send: Send) -> None:
        """The friend took the seat (the host's end; they get the game so far), or the friend's end
        reached the host again with ``name`` the host's."""
        self.friend = shown_name(name)
        again = self.met or bool(self.position.moves)
        self._send = send
        self.connected, self.gone, self.met = True, False, True
        self.asked = self.sent = None
        if self.hosting:
            send(self.welcome())
            words = (f"{self.friend} is back: the game goes on." if again
                     else f"{self.friend} joined: you play {self.mine}.")
        else:
            words = (f"Back in {self.friend}'s game: it goes on." if again
                     else f"You joined {self.friend}'s game: you play {self.mine}.")
        self._changed(Notice(words, "Online"))

    def rejoined(self, welcome: Welcome) -> None:
        """The host welcomed the friend's end back: the game as the host has it now."""
        self._sync(welcome.record, welcome.you, welcome.game)

    def disconnected(self, why: str) -> None:
        """The connection to the friend ended: the game stays, and waits for them."""
        if not self.connected and self._send is None:
            return
        self.connected = False
        self._send = None
        self.asked = self.sent = None
        if self.gone:
            self._changed()
            return
        then = " The game waits for them to join again." if self.hosting else " J joins again."
        self._changed(Notice(f"{self.friend} is not connected: {why}.{then}", "Online", warning=True))

    def refused(self, why: str) -> None:
        """A message from the friend was refused (the game is unchanged): the player hears why."""
        self._changed(Notice(f"A message from {self.friend} was refused: {why}", "Online", warning=True))

    def received(self, message: Message) -> None:
        """Act on a message from the other end; a ``PeerError`` when it does not fit the game."""
        if isinstance(message, Move):
            self._moved(message)
        elif isinstance(message, UndoAsk):
            self._asked_undo(message)
        elif isinstance(message, UndoReply):
            self._undo_answered(message)
        elif isinstance(message, Again) and self.hosting:
            if message.game != self.number or not self.position.is_over:
                raise PeerError("the next game was asked for before this one is over")
            self._next_game()
        elif isinstance(message, Sync) and not self.hosting:
            self._sync(message.record, message.you, message.game)
        elif isinstance(message, Bye):
            self.gone = True
            self._changed(Notice(f"{self.friend} quits the game.", "Online"))
        elif isinstance(message, Refused):
            self.sent = None
            if self.asked is self.mine:
                self.asked = None
            reason = printable(message.reason, 120)
            self._changed(Notice(f"{self.friend} refused a message: {reason}", "Online", warning=True))
        elif not isinstance(message, Ping):
            raise PeerError(f"a message of type {message.TYPE}, which has no place in a game under way")

    def _moved(self, message: Move) -> None:
        position = self.position
        if self.asked is not None:
            raise PeerError("a move while a request to take back a move waits for its answer")
        if message.ply != len(position.moves):
            raise PeerError(f"a move for move {message.ply + 1}, while the game is at move "
                            f"{len(position.moves) + 1}")
        try:
            cell = self.spec.parse_cell(message.cell)
        except GameError as error:
            raise PeerError(str(error)) from None
        if position.is_over:
            raise PeerError("a move after the game ended")
        if not position.is_legal(cell):
            raise PeerError(f"{position.cell_name(cell)} is taken")
        ours = position.to_move is self.mine
        if ours and (self.hosting or cell != self.sent):
            raise PeerError(f"a move out of turn: it is {position.to_move}'s turn")
        self.game.play(cell)
        self.sent = None
        if self.hosting:
            self._tell(message)
        self._changed()

    def _asked_undo(self, message: UndoAsk) -> None:
        if self.asked is not None or self.sent is not None:
            raise PeerError("a request to take back a move while another change waits")
        if message.ply != len(self.position.moves):
            raise PeerError("a request to take back a move at a move already past")
        if not self.game.history.can_undo({self.mine.other}):
            raise PeerError("a request to take back a move, with no move to take back")
        self.asked = self.mine.other
        self._changed(Notice(self.undo_request(), "Online"))

    def undo_request(self) -> str:
        """The friend's request to take back a move, in words: their move goes with the reply made
        here after it, if there is one, and the player must know what they agree to lose."""
        position = self.position
        if position.to_move is self.mine:
            return f"{self.friend} asks to take back their last move."
        reply = position.cell_name(position.moves[-1])
        return f"{self.friend} asks to take back their last move, and with it your reply {reply}."

    def _undo_answered(self, message: UndoReply) -> None:
        if self.asked is not self.mine or message.ply != len(self.position.moves):
            raise PeerError("an answer to a request to take back a move that nobody made")
        self.asked = None
        if message.accept and self.hosting:
            self._take_back(self.mine)
        words = "agrees: your move is taken back" if message.accept else "declines: the move stays"
        self._changed(Notice(f"{self.friend} {words}.", "Online"))

    def _take_back(self, mark: Mark) -> None:
        """Take back ``mark``'s last move and the reply after it (the host's end), and send the game."""
        position = self.game.history.undo({mark}).position
        self.game = Game(self.game.setup, position)
        self._tell(Sync(position.record, self.mine.other, self.number))

    def _next_game(self) -> None:
        """The host's end: the next game, on an empty board with each side swapped, sent to the friend."""
        self.number += 1
        self.mine = self.mine.other
        self.game = Game(self.game.setup)
        self.asked = None
        self._tell(Sync(self.position.record, self.mine.other, self.number))
        self._changed(Notice(f"Game {self.number}: you play {self.mine}.", "Online"))

    def _sync(self, record: str, you: Mark, number: int) -> None:
        """The friend's end: the game as the host sends it, after checking it is one."""
        position = _position(record)
        if position.spec != self.spec:
            raise PeerError(f"a game on a {position.spec} board, while this one is on {self.spec}")
        if number < self.number:
            raise PeerError(f"game {number}, while this is game {self.number}")
        next_game = number > self.number
        self.game = Game(self.game.setup, position)
        self.mine, self.number = you, number
        self.asked = self.sent = None
        self._changed(*([Notice(f"Game {number}: you play {you}.", "Online")] if next_game else []))


def _position(record: str) -> Position:
    """The position of a record the host sent; a ``PeerError`` saying why when it holds none."""
    try:
        return parse_record(record)
    except GameError as error:
        raise PeerError(f"a game that cannot be read: {error}") from None
