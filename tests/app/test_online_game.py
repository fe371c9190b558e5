"""A friend on another computer, in the app: hosting or joining from the new-game screen, whose turn and
who is connected, keys while waiting, undo as a request, the next game swapped, statistics, quitting,
and joining again after a drop."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable

from driving import game, notifications, quick_app, until
from loopback import CODE, TIMING, TTT
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Static

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.confirm import ConfirmScreen
from tictactoe_tui.app.screens.friend import FriendScreen
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.screens.online import OnlineScreen
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.choice import Choice
from tictactoe_tui.app.widgets.game_info import GameInfo
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import Mark, Position
from tictactoe_tui.network.host import HostServer
from tictactoe_tui.network.link import Timing
from tictactoe_tui.profile.settings import KeypadLayout
from tictactoe_tui.profile.statistics import FRIEND_ONLINE, Tally, load_statistics
from tictactoe_tui.session.connection import Hosting, Joining, host_game, join_game
from tictactoe_tui.session.online import OnlineGame
from tictactoe_tui.session.setup import GameSetup

Snap = Callable[..., bool]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def online(pilot: Pilot[None]) -> OnlineScreen:
    screen = pilot.app.screen
    assert isinstance(screen, OnlineScreen), f"expected the online game's screen, found {screen!r}"
    return screen


def line(pilot: Pilot[None]) -> str:
    return online(pilot).query_one(StatusLine).message


def told(pilot: Pilot[None]) -> list[str]:
    """Every note the player can read now: the toasts, and the status line."""
    return [*notifications(pilot), line(pilot)]


async def hosting_app() -> tuple[TicTacToeApp, Hosting]:
    """An app on its online game's screen as the host, and the game it hosts."""
    hosting = await host_game(TTT, Mark.X, CODE, address="127.0.0.1", port=0, name="Ann", timing=TIMING)
    return quick_app(online=hosting), hosting


async def friend_form(pilot: Pilot[None]) -> FriendScreen:
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
    await pilot.press("f")
    await until(pilot, lambda: isinstance(pilot.app.screen, FriendScreen))
    screen = pilot.app.screen
    assert isinstance(screen, FriendScreen)
    return screen


async def test_a_game_hosted_from_the_new_game_screen_is_played_to_the_end_and_counted() -> None:
    port = free_port()
    async with quick_app().run_test(size=(100, 30)) as pilot:
        form = await friend_form(pilot)
        form.query_one("#port", Input).value = str(port)
        form.query_one("#name", Input).value = "Ann"
        await pilot.press("enter")  # On the first field, the role: Enter opens its menu ...
        await pilot.press("escape")  # ... which goes again; the Host button starts.
        form.query_one("#go").focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, OnlineScreen))
        screen = online(pilot)
        assert isinstance(screen.sitting, Hosting)
        code = screen.sitting.server.code
        waiting = f"Waiting for your friend on 0.0.0.0:{port}. They type: tictactoe-tui join "
        assert line(pilot).startswith(waiting)
        assert line(pilot).endswith(f":{port} --code {code}")
        assert f"Join code {code}" in str(screen.query_one("#connection", Static).render())
        await pilot.press("5")
        assert any("Waiting for your friend to join" in note for note in told(pilot)), (
            "no move before the friend is here")
        friend = await join_game("127.0.0.1", port, code, name="Bob")  # The host's form times as a player's.
        await until(pilot, lambda: line(pilot) == "Your turn (X) — Bob plays O")
        assert screen.query_one(GameInfo).names == ("You", "Bob")
        for cell, guest in (("5", None), ("", "a1"), ("4", None), ("", "c3"), ("6", None)):
            ply = len(friend.online.position.moves)
            if guest is None:
                await pilot.press(cell)
            else:
                assert friend.online.play(TTT.parse_cell(guest)) is None
            await until(pilot, lambda: len(friend.online.position.moves) > ply)  # noqa: B023
        assert friend.online.position == screen.online.position
        await until(pilot, lambda: line(pilot).startswith("You win!"))
        assert str(friend.online.position.outcome.status.value) == "X wins"
        assert load_statistics()[0].get(TTT, FRIEND_ONLINE) == Tally(wins=1, streak=1, best_streak=1)
        assert pilot.app.profile.session.wins == {"You": 1, "Bob": 0}
        await pilot.press("q")
        await until(pilot, lambda: not friend.online.connected)
        assert friend.online.gone, "quitting tells the friend"
        await friend.close()


async def test_the_friends_side_joins_from_the_form_and_a_wrong_code_says_so_in_it() -> None:
    hosting = await host_game(TTT, Mark.O, CODE, address="127.0.0.1", port=0, name="Ann", timing=TIMING)
    async with quick_app().run_test(size=(100, 30)) as pilot:
        form = await friend_form(pilot)
        form.query_one("#role", Choice).value = "join"
        form.query_one("#address", Input).value = f"127.0.0.1:{hosting.server.port}"
        form.query_one("#code", Input).value = "00000-00000"
        form.query_one("#name", Input).value = "Bob"
        form.query_one("#go").focus()
        await pilot.press("enter")
        note = form.query_one("#friend-note", Static)
        await until(pilot, lambda: "refused to let us in: wrong join code" in str(note.render()))
        assert pilot.app.screen is form
        form.query_one("#code", Input).value = "k7qm4 xd2pa"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, OnlineScreen))
        assert isinstance(online(pilot).sitting, Joining)
        await until(pilot, lambda: line(pilot) == "Your turn (X) — Ann plays O")
        await pilot.press("5")
        await until(pilot, lambda: hosting.online.position.record == "3x3k3: b2")
        await until(pilot, lambda: line(pilot) == "Ann's turn (O) — you play X")
        await pilot.press("1")
        assert "It is Ann's turn (O): their move comes over the network." in told(pilot)
        assert hosting.online.position.record == "3x3k3: b2", "a key while waiting changes nothing"
    await hosting.close()


async def test_bad_fields_and_a_port_in_use_are_said_under_the_form() -> None:
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        async with quick_app().run_test(size=(100, 30)) as pilot:
            form = await friend_form(pilot)
            note = form.query_one("#friend-note", Static)
            form.query_one("#port", Input).value = "77777"
            form.query_one("#go").focus()
            await pilot.press("enter")
            assert str(note.render()) == "'77777' is not a port number from 1 to 65535"
            form.query_one("#port", Input).value = str(port)
            await pilot.press("enter")
            await until(pilot, lambda: "Address already in use" in str(note.render()))
            assert str(note.render()) == f"cannot listen on 0.0.0.0:{port}: Address already in use."
            form.query_one("#role", Choice).value = "join"
            form.query_one("#address", Input).value = "not an address!"
            await pilot.press("enter")
            assert "is not an address" in str(note.render())
            await pilot.press("escape")
            assert isinstance(pilot.app.screen, NewGameScreen)


async def test_the_friends_request_to_take_back_a_move_is_a_question() -> None:
    app, hosting = await hosting_app()
    async with app.run_test(size=(100, 30)) as pilot:
        friend = await join_game("127.0.0.1", hosting.server.port, CODE, name="Bob", timing=TIMING)
        await until(pilot, lambda: hosting.online.connected)
        await pilot.press("5")
        await until(pilot, lambda: friend.online.position.moves != ())
        friend.online.play(0)
        await until(pilot, lambda: len(hosting.online.position.moves) == 2)
        assert friend.online.ask_undo() is None
        await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
        await pilot.press("n")
        await until(pilot, lambda: friend.online.asked is None)
        assert hosting.online.position.record == "3x3k3: b2 a1"
        friend.online.ask_undo()
        await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: friend.online.position.record == "3x3k3: b2")
        assert hosting.online.position.record == "3x3k3: b2"
        await pilot.press("u")
        await until(pilot, lambda: friend.online.asked is Mark.X)
        assert "Asked Bob to let you take back your last move." in told(pilot)
        await pilot.press("1")
        assert "Waiting for Bob to answer your request to take back a move." in told(pilot)
        friend.online.answer_undo(True)
        await until(pilot, lambda: hosting.online.position.record == "3x3k3:")
        await friend.close()
    await hosting.close()


async def test_the_digits_online_follow_the_keypad_chosen_and_a_change_of_it() -> None:
    app, hosting = await hosting_app()
    async with app.run_test(size=(100, 30)) as pilot:
        friend = await join_game("127.0.0.1", hosting.server.port, CODE, name="Bob", timing=TIMING)
        await until(pilot, lambda: hosting.online.connected)
        pilot.app.use_keypad(KeypadLayout.PHONE)  # 1 2 3 on top
        await pilot.press("1")
        await until(pilot, lambda: friend.online.position.moves != ())
        assert hosting.online.position.record == "3x3k3: a3"
        friend.online.play(TTT.parse_cell("b2"))
        await until(pilot, lambda: len(hosting.online.position.moves) == 2)
        pilot.app.use_keypad(KeypadLayout.CALCULATOR)  # 7 8 9 on top
        await pilot.press("3")
        await until(pilot, lambda: len(friend.online.position.moves) == 3)
        assert hosting.online.position.record == "3x3k3: a3 b2 c1"
        await friend.close()
    await hosting.close()


async def test_the_next_game_swaps_the_sides_on_both_ends() -> None:
    app, hosting = await hosting_app()
    async with app.run_test(size=(100, 30)) as pilot:
        friend = await join_game("127.0.0.1", hosting.server.port, CODE, name="Bob", timing=TIMING)
        await until(pilot, lambda: hosting.online.connected)
        assert online(pilot).check_action("again", ()) is None, "dimmed until the game is over"
        for cell, guest in (("7", None), ("", "a1"), ("8", None), ("", "a2"), ("9", None)):
            if guest is None:
                await pilot.press(cell)
            else:
                friend.online.play(TTT.parse_cell(guest))
            await until(pilot, lambda: friend.online.position == hosting.online.position)
        await until(pilot, lambda: line(pilot).startswith("You win!"))
        await pilot.press("r")
        await until(pilot, lambda: friend.online.number == 2)
        assert (hosting.online.mine, friend.online.mine) == (Mark.O, Mark.X)
        await until(pilot, lambda: line(pilot) == "Bob's turn (X) — you play O")
        assert online(pilot).query_one(GameInfo).names == ("Bob", "You")
        await friend.close()
    await hosting.close()


async def test_a_dropped_connection_is_joined_again_with_j_and_the_game_goes_on() -> None:
    hosting = await host_game(TTT, Mark.X, CODE, address="127.0.0.1", port=0, name="Ann", timing=TIMING)
    joining = await join_game("127.0.0.1", hosting.server.port, CODE, name="Bob", timing=TIMING)
    app = quick_app(online=joining)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, OnlineScreen))
        hosting.online.play(4)
        await until(pilot, lambda: joining.online.position.record == "3x3k3: b2")
        await pilot.press("J")
        assert pilot.app.screen.check_action("join_again", ()) is None, "dimmed while connected"
        await joining.guest.close()
        await until(pilot, lambda: line(pilot).startswith("Not connected to Ann: J joins again"))
        await pilot.press("1", "u", "r")
        assert hosting.online.position.record == "3x3k3: b2"
        assert "Not connected to Ann: J joins again, and the game goes on where it was." in told(pilot), (
            "a key that would change the game says why it waits")
        await pilot.press("J")
        await until(pilot, lambda: joining.online.connected and hosting.online.connected)
        await pilot.press("1")
        await until(pilot, lambda: hosting.online.position.record == "3x3k3: b2 a1")
        await pilot.press("c")
        assert "3x3k3: b2 a1 — sent to the clipboard" in told(pilot)
    await hosting.close()


async def test_a_board_hidden_by_a_terminal_too_small_takes_no_move_online() -> None:
    app, hosting = await hosting_app()
    async with app.run_test(size=(100, 30)) as pilot:
        friend = await join_game("127.0.0.1", hosting.server.port, CODE, name="Bob", timing=TIMING)
        await until(pilot, lambda: hosting.online.connected)
        await pilot.press("left")  # the cursor on the empty a2
        await pilot.resize_terminal(10, 5)
        await pilot.pause()
        assert not online(pilot).board.display
        await pilot.press("enter", "space")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert hosting.online.position.moves == (), "no move on the board nobody could see"
        await pilot.press("enter")
        await until(pilot, lambda: friend.online.position.record == "3x3k3: a2")
        await friend.close()
    await hosting.close()


async def test_a_game_served_to_a_browser_offers_no_friend_online() -> None:
    async with quick_app(served=True).run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
        assert not pilot.app.screen.query("#friend")
        await pilot.press("f")
        assert isinstance(pilot.app.screen, NewGameScreen)


def test_the_online_screens_keys_leave_the_boards_alone() -> None:
    def keys(cls: type[Screen[None]] | type[Board]) -> set[str]:
        bindings = [binding for binding in cls.BINDINGS if isinstance(binding, Binding)]
        return {key for binding in bindings for key in binding.key.split(",")}

    assert keys(OnlineScreen) & keys(Board) == {"enter", "space"}, "the same meaning on both: play there"


def sitting_still(start: Position | None = None, *, friend: str = "") -> Hosting:
    """A host's game that no connection changes: drawn the same on every run."""
    online = OnlineGame(TTT, Mark.X, hosting=True, name="Ann", start=start)
    if friend:
        online.joined(friend, lambda message: None)
    return Hosting(online, HostServer(online, CODE), "tictactoe-tui join 192.168.1.20:7777 --code " + CODE,
                   "0.0.0.0:7777")


def test_snapshot_of_the_host_waiting_for_the_friend(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(online=sitting_still()), terminal_size=(80, 24))


def test_snapshot_of_a_game_against_a_friend_online(snap_compare: Snap) -> None:
    start = Position.from_moves(TTT, "b2 a1 c3")
    assert snap_compare(quick_app(online=sitting_still(start, friend="Bob")), terminal_size=(80, 24))


async def test_leaving_a_game_online_from_a_game_here_comes_back_to_choose_the_next() -> None:
    port = free_port()
    async with quick_app(GameSetup(TTT, "human", "human")).run_test(size=(100, 30)) as pilot:
        await pilot.press("5", "n")
        form = await friend_form(pilot)
        form.query_one("#port", Input).value = str(port)
        form.query_one("#go").focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, OnlineScreen))
        friend = await join_game("127.0.0.1", port, online(pilot).code, name="Bob")
        await until(pilot, lambda: online(pilot).online.connected)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
        await until(pilot, lambda: friend.online.gone and not friend.online.connected)
        await pilot.press("escape")
        assert game(pilot).position.record == "3x3k3: b2", "the game here waited, and goes on"
        await friend.close()


async def test_the_form_waits_for_a_host_that_does_not_answer_and_then_says_why() -> None:
    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()  # Never answers: the hello goes unanswered until the friend gives up.
        writer.close()

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    app = quick_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
        # Long enough a wait that escape, pressed just after enter, comes while it lasts on a busy machine.
        form = FriendScreen(TTT, timing=Timing(heartbeat=0.1, silence=4.0, handshake=2.0))
        pilot.app.push_screen(form)
        await pilot.pause()
        form.query_one("#role", Choice).value = "join"
        form.query_one("#address", Input).value = f"127.0.0.1:{port}"
        form.query_one("#code", Input).value = CODE
        form.query_one("#go").focus()
        await pilot.press("enter", "escape")
        assert pilot.app.screen is form, "no going back while the host is being reached"
        note = form.query_one("#friend-note", Static)
        await until(pilot, lambda: "did not welcome us" in str(note.render()))
        assert str(note.render()) == (f"127.0.0.1:{port} did not welcome us: nothing came for 2 seconds.")
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, NewGameScreen)
    server.close()
