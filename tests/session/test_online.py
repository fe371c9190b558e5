"""An online game's rules, both ends wired together in memory: turns, undo by request, the next game
swapped, the friend away and back, and every message that does not fit refused with the game unchanged."""

from __future__ import annotations

from collections import deque

import pytest

from tictactoe_tui.engine import BoardSpec, Mark, Position
from tictactoe_tui.network.protocol import (
    Again,
    Bye,
    Hello,
    Message,
    Move,
    PeerError,
    Refused,
    Sync,
    UndoAsk,
    UndoReply,
    Welcome,
    decode,
    encode,
)
from tictactoe_tui.session.names import FRIEND
from tictactoe_tui.session.online import OnlineGame
from tictactoe_tui.session.turns import Notice

TTT = BoardSpec(3, 3, 3)


class Wire:
    """Two ends of a game joined in memory: each message crosses as the bytes of its line."""

    def __init__(self, host: OnlineGame, *, guest_name: str = "Bob") -> None:
        self.host = host
        self._to_guest: deque[Message] = deque()
        self._to_host: deque[Message] = deque()
        host.joined(guest_name, self._to_guest.append)
        welcome = self._to_guest.popleft()
        assert isinstance(welcome, Welcome)
        self.guest = OnlineGame.joining(_crossed(welcome), guest_name)
        self.guest.joined(welcome.name, self._to_host.append)
        self.heard: dict[str, list[Notice]] = {"host": [], "guest": []}
        host.watch(self.heard["host"].extend)
        self.guest.watch(self.heard["guest"].extend)

    def deliver(self) -> int:
        """Hand every message on its way to its end, until none is left; how many crossed."""
        crossed = 0
        while self._to_guest or self._to_host:
            if self._to_host:
                self.host.received(_crossed(self._to_host.popleft()))
            else:
                self.guest.received(_crossed(self._to_guest.popleft()))
            crossed += 1
        return crossed

    def to_host(self) -> list[Message]:
        """The messages on their way to the host, taken off the wire."""
        taken = list(self._to_host)
        self._to_host.clear()
        return taken


def _crossed(message: Message) -> Message:
    return decode(encode(message))


def ann(spec: BoardSpec = TTT, mine: Mark = Mark.X, start: Position | None = None) -> OnlineGame:
    return OnlineGame(spec, mine, hosting=True, name="Ann", start=start)


def play(wire: Wire, *names: str) -> None:
    """Play the moves ``names`` in turn, each by the end whose side is to move, each delivered."""
    for name in names:
        end = wire.host if wire.host.position.to_move is wire.host.mine else wire.guest
        assert end.play(end.spec.parse_cell(name)) is None
        wire.deliver()


def test_both_ends_play_a_whole_game_and_see_the_same_one() -> None:
    wire = Wire(ann())
    assert (wire.guest.mine, wire.guest.friend, wire.host.friend) == (Mark.O, "Ann", "Bob")
    play(wire, "b2", "a1", "b1", "c3", "b3")
    for end in (wire.host, wire.guest):
        assert end.position.record == "3x3k3: b2 a1 b1 c3 b3"
        assert end.position.outcome.winner is Mark.X
        assert end.newly_over() == end.position.outcome
        assert end.newly_over() is None, "a game is counted once"
    assert wire.host.competitors == {Mark.X: "You", Mark.O: "Bob"}
    assert wire.guest.competitors == {Mark.O: "You", Mark.X: "Ann"}


def test_the_friends_move_is_played_when_the_host_sends_it_back() -> None:
    wire = Wire(ann())
    play(wire, "b2")
    guest = wire.guest
    assert guest.play(TTT.parse_cell("a1")) is None
    assert guest.position.moves == (TTT.parse_cell("b2"),) and guest.sent == TTT.parse_cell("a1")
    assert guest.play(TTT.parse_cell("c1")) == "Your move a1 is on its way to Ann."
    wire.deliver()
    assert guest.position.record == wire.host.position.record == "3x3k3: b2 a1"
    assert guest.sent is None


def test_moves_out_of_turn_or_on_a_taken_cell_are_refused_with_the_reason() -> None:
    wire = Wire(ann())
    assert wire.guest.play(0) == "It is Ann's turn (X): their move comes over the network."
    play(wire, "b2")
    assert wire.host.play(0) == "It is Bob's turn (O): their move comes over the network."
    assert wire.guest.play(TTT.parse_cell("b2")) == "b2 is taken by X."
    assert wire.deliver() == 0, "nothing was sent"


def test_an_undo_the_friend_accepts_takes_back_the_move_on_both_ends() -> None:
    wire = Wire(ann())
    play(wire, "b2", "a1", "c3")
    assert wire.host.ask_undo() is None
    wire.deliver()
    assert wire.guest.asked is Mark.X
    assert wire.heard["guest"][-1].text == "Ann asks to take back their last move."
    assert wire.guest.play(TTT.parse_cell("c1")) == "Ann asks to take back a move: answer first (y or n)."
    wire.guest.answer_undo(True)
    wire.deliver()
    for end in (wire.host, wire.guest):
        assert end.position.record == "3x3k3: b2 a1"
        assert end.asked is None
    assert wire.heard["host"][-1].text == "Bob agrees: your move is taken back."


def test_an_undo_asked_after_the_friend_replied_says_the_reply_goes_too() -> None:
    wire = Wire(ann())
    play(wire, "b2", "a1")
    assert wire.host.ask_undo() is None
    wire.deliver()
    assert wire.heard["guest"][-1].text == "Ann asks to take back their last move, and with it your reply a1."
    wire.guest.answer_undo(True)
    wire.deliver()
    assert wire.host.position.record == wire.guest.position.record == "3x3k3:"


def test_an_undo_the_friend_declines_leaves_the_game_as_it_was() -> None:
    wire = Wire(ann())
    play(wire, "b2", "a1")
    assert wire.guest.ask_undo() is None
    assert wire.guest.play(0) == "Waiting for Ann to answer your request to take back a move."
    wire.deliver()
    assert wire.host.play(TTT.parse_cell("c3")) == (
        "Bob asks to take back a move: answer first (y or n).")
    wire.host.answer_undo(False)
    wire.deliver()
    assert wire.guest.position.record == wire.host.position.record == "3x3k3: b2 a1"
    assert wire.heard["guest"][-1].text == "Ann declines: the move stays."
    assert wire.guest.asked is None


def test_the_friends_undo_accepted_by_the_host_goes_back_to_the_friends_move() -> None:
    wire = Wire(ann())
    play(wire, "b2", "a1", "c3")
    assert wire.guest.ask_undo() is None
    wire.deliver()
    wire.host.answer_undo(True)
    wire.deliver()
    assert wire.guest.position.record == wire.host.position.record == "3x3k3: b2"


def test_only_a_player_with_a_move_of_their_own_can_ask_to_take_one_back() -> None:
    wire = Wire(ann())
    assert wire.host.ask_undo() == "You have no move of this game to take back."
    play(wire, "b2")
    assert wire.guest.ask_undo() == "You have no move of this game to take back."


def test_the_next_game_swaps_the_sides_and_counts_again() -> None:
    wire = Wire(ann())
    assert wire.guest.play_again() == "The game is still on: the next game starts once it is over."
    play(wire, "b2", "a1", "b1", "c3", "b3")
    assert wire.host.newly_over() is not None and wire.guest.newly_over() is not None
    assert wire.guest.play_again() is None
    wire.deliver()
    for end, side in ((wire.host, Mark.O), (wire.guest, Mark.X)):
        assert (end.mine, end.number, end.position.moves) == (side, 2, ())
    assert wire.heard["guest"][-1].text == "Game 2: you play X."
    play(wire, "a1", "b2", "a2", "b3", "a3")
    assert wire.guest.newly_over() is not None and wire.host.newly_over() is not None


def test_a_finished_game_taken_back_and_finished_again_counts_once() -> None:
    wire = Wire(ann())
    play(wire, "b2", "a1", "b1", "c3", "b3")
    assert wire.host.newly_over() is not None
    wire.host.ask_undo()
    wire.deliver()
    wire.guest.answer_undo(True)
    wire.deliver()
    assert not wire.host.position.is_over
    play(wire, "b3")
    assert wire.host.newly_over() is None


def test_while_the_friend_is_away_nothing_changes_and_the_game_waits() -> None:
    wire = Wire(ann())
    play(wire, "b2")
    wire.host.disconnected("nothing came for 6 seconds")
    wire.guest.disconnected("nothing came for 6 seconds")
    assert wire.heard["host"][-1] == Notice(
        "Bob is not connected: nothing came for 6 seconds. The game waits for them to join again.",
        "Online", warning=True)
    assert wire.guest.play(0) == "Not connected to Ann: J joins again, and the game goes on where it was."
    assert wire.host.play_again() == "Bob is not connected: the game waits for them to join again."
    assert wire.host.position.record == wire.guest.position.record == "3x3k3: b2"


def test_the_friend_joins_again_and_the_game_goes_on_where_it_was() -> None:
    wire = Wire(ann())
    play(wire, "b2", "a1")
    wire.host.disconnected("it closed the connection")
    guest = wire.guest
    guest.disconnected("it closed the connection")
    to_guest: list[Message] = []
    wire.host.joined("Bob", to_guest.append)
    (welcome,) = to_guest
    assert isinstance(welcome, Welcome)
    guest.rejoined(_crossed(welcome))
    guest.joined("Ann", wire.to_host().append)
    assert guest.connected and guest.position.record == "3x3k3: b2 a1"
    assert wire.heard["host"][-1].text == "Bob is back: the game goes on."
    assert wire.heard["guest"][-1].text == "Back in Ann's game: it goes on."


def test_a_friend_who_quits_says_so_and_the_game_stays() -> None:
    wire = Wire(ann())
    play(wire, "b2")
    wire.guest.quit()
    wire.deliver()
    assert wire.host.gone and wire.heard["host"][-1].text == "Bob quits the game."
    wire.host.disconnected("it closed the connection")
    assert wire.host.play(0) == "Bob has left the game: n starts a new game, q quits."
    assert wire.host.position.record == "3x3k3: b2"


@pytest.mark.parametrize(("name", "shown"), [
    ("[bold red]Eve[/]", "[bold red]Eve[/]"),
    ("Eve\x1b[2J\x1b]0;pwned\x07", "Eve[2J]0;pwned"),
    ("E\u202eve\u200b", "Eve"),
    ("Eve\n\nthe great", "Eve the great"),
    ("\x00\x01\x02", FRIEND),
    ("", FRIEND),
    ("Bartholomew-the-very-long-named", "Bartholomew-the-ver…"),
])
def test_a_name_from_the_other_end_is_shown_as_plain_short_text(name: str, shown: str) -> None:
    wire = Wire(OnlineGame(TTT, Mark.X, hosting=True, name=name), guest_name=name)
    assert wire.host.friend == wire.guest.friend == shown


def refused(end: OnlineGame, message: Message) -> str:
    """Why ``end`` refuses ``message``; the test fails if it plays it."""
    before = (end.position, end.mine, end.number, end.asked)
    with pytest.raises(PeerError) as refusal:
        end.received(_crossed(message))
    assert (end.position, end.mine, end.number, end.asked) == before
    return str(refusal.value)


@pytest.mark.parametrize(("before", "message", "why"), [
    ("b2 a1", Move(2, "c1"), "out of turn"),
    ("b2", Move(1, "b2"), "b2 is taken"),
    ("b2", Move(1, "d4"), "off the 3x3 board"),
    ("b2", Move(1, "a0"), "off the 3x3 board"),
    ("b2", Move(1, "zz"), "not a cell name"),
    ("b2", Move(0, "a1"), "a move for move 1, while the game is at move 2"),
    ("b2", Move(2, "a1"), "a move for move 3"),
    ("b2", UndoReply(1, True), "nobody made"),
    ("b2", UndoAsk(1), "no move to take back"),
    ("b2 a1", UndoAsk(1), "already past"),
    ("b2", Again(1), "before this one is over"),
    ("b2", Sync("3x3k3:", Mark.X, 5), "type sync"),
    ("b2", Welcome("Eve", "3x3k3:", Mark.X, 1), "type welcome"),
    ("", Hello("K7QM4-XD2PA", "Eve"), "type hello"),
])
def test_the_host_refuses_what_does_not_fit_and_keeps_its_game(
        before: str, message: Message, why: str) -> None:
    wire = Wire(ann())
    play(wire, *before.split())
    assert why in refused(wire.host, message)


def test_the_host_refuses_a_move_while_its_own_undo_request_waits() -> None:
    wire = Wire(ann())
    play(wire, "b2")
    wire.host.ask_undo()
    assert "waits for its answer" in refused(wire.host, Move(1, "a1"))


def test_the_host_refuses_a_move_after_the_game_ended() -> None:
    host = ann(start=Position.from_moves(TTT, "b2 a1 b1 c3 b3"))
    Wire(host)
    assert "after the game ended" in refused(host, Move(5, "a2"))


@pytest.mark.parametrize(("message", "why"), [
    (Move(1, "a1"), "out of turn"),
    (Move(0, "a1"), "a move for move 1"),
    (Move(1, "b2"), "b2 is taken"),
    (Sync("4x4k3:", Mark.O, 1), "on a 4x4k3 board"),
    (Sync("3x3k3: b2 b2", Mark.O, 1), "cannot be read"),
    (Welcome("Ann", "3x3k3:", Mark.O, 1), "type welcome"),
    (UndoReply(1, True), "nobody made"),
])
def test_the_friends_end_refuses_what_the_host_sends_that_does_not_fit(message: Message, why: str) -> None:
    wire = Wire(ann())
    play(wire, "b2")
    assert why in refused(wire.guest, message)
    assert wire.guest.position.record == "3x3k3: b2"


def test_a_sync_of_an_earlier_game_is_refused() -> None:
    wire = Wire(ann())
    play(wire, "b2", "a1", "b1", "c3", "b3")
    wire.guest.play_again()
    wire.deliver()
    assert "game 1, while this is game 2" in refused(wire.guest, Sync("3x3k3: b2", Mark.O, 1))


def test_a_refusal_from_the_host_is_told_and_frees_the_move_on_its_way() -> None:
    wire = Wire(ann())
    play(wire, "b2")
    wire.guest.play(0)
    wire.to_host()
    wire.guest.received(_crossed(Refused("a [b]move[/b]\x1b[31m out of turn")))
    assert wire.guest.sent is None
    assert wire.heard["guest"][-1].text == "Ann refused a message: a [b]move[/b][31m out of turn"
    assert wire.guest.play(0) is None, "the move can be sent again"


def test_a_bye_is_heard_by_the_host() -> None:
    wire = Wire(ann())
    wire.host.received(_crossed(Bye()))
    assert wire.host.gone
