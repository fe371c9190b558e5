"""The host and join commands: the flags read as the README says, a game under way before any screen,
and every failure one clear line with exit status 2: bad flags, a port in use, an address nobody
answers, a wrong code."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from loopback import CODE

from tictactoe_tui import cli
from tictactoe_tui.engine import BoardSpec, Mark
from tictactoe_tui.session.connection import Hosting, Joining, Sitting, host_game


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command as a user would, in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "tictactoe_tui", *args], capture_output=True, text=True,
                          timeout=120)


def refusal(*args: str) -> str:
    """The one line the command prints as it refuses ``args``: exit 2, nothing on stdout, no traceback."""
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(("args", "says"), [
    (["host", "--port", "0"], "'0' is not a port number from 1 to 65535"),
    (["host", "--port", "http"], "'http' is not a port number"),
    (["host", "--as", "z"], "argument --as: invalid choice: 'z' (choose from x, o)"),
    (["host", "--board", "30x30"], "width 30 is out of range"),
    (["host", "--code", "hunter2"], "'hunter2' is not a join code: 8 to 20 letters and digits"),
    (["host", "--address", "my computer"], "'my computer' is not an address of this computer"),
    (["host", "--name", "x" * 65], "a name of 65 characters: at most 64"),
    (["join", "127.0.0.1"], "the following arguments are required: --code"),
    (["join", "--code", CODE], "the following arguments are required: HOST[:PORT]"),
    (["join", "a host:7777", "--code", CODE], "is not an address: write HOST or HOST:PORT"),
    (["join", "127.0.0.1:99999", "--code", CODE], "'99999' is not a port number from 1 to 65535"),
    (["join", "127.0.0.1", "--code", "K7QM4-XD2PU"], "is not a join code"),
])
def test_bad_flags_are_one_clear_line_and_exit_2(args: list[str], says: str) -> None:
    assert says in refusal(*args)


def test_a_port_in_use_is_one_line_before_any_screen() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = refusal("host", "--address", "127.0.0.1", "--port", str(port))
    assert line == (f"tictactoe-tui host: error: cannot listen on 127.0.0.1:{port}: Address already in use "
                    "(see tictactoe-tui host --help)")


def test_an_address_nobody_answers_is_one_line_before_any_screen() -> None:
    port = free_port()
    line = refusal("join", f"127.0.0.1:{port}", "--code", CODE)
    assert f"cannot reach 127.0.0.1:{port}: Connection refused" in line


@pytest.fixture
def hosted() -> Iterator[int]:
    """A game hosted with ``CODE`` in a loop of its own, on the port given."""
    loop = asyncio.new_event_loop()
    started = threading.Event()
    hosting: list[Hosting] = []

    async def host() -> None:
        hosting.append(await host_game(BoardSpec(3, 3, 3), Mark.X, CODE, address="127.0.0.1", port=0))
        started.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(host(), loop)
    assert started.wait(60)
    try:
        yield hosting[0].server.port
    finally:
        asyncio.run_coroutine_threadsafe(hosting[0].close(), loop).result(60)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(60)


def test_a_wrong_code_is_one_line_before_any_screen(hosted: int) -> None:
    line = refusal("join", f"127.0.0.1:{hosted}", "--code", "00000-00000")
    assert line == (f"tictactoe-tui join: error: 127.0.0.1:{hosted} refused to let us in: wrong join code "
                    "(see tictactoe-tui join --help)")


@dataclass
class Started:
    sitting: Sitting
    accessible: bool


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Started]:
    """Each app the command line starts, with the game it was given; the app itself never runs."""
    calls: list[Started] = []

    class FakeApp:
        return_code = 0

        def __init__(self, *, online: Sitting, accessible: bool = False) -> None:
            calls.append(Started(online, accessible))

        async def run_async(self) -> None:
            pass

    import tictactoe_tui.app

    monkeypatch.setattr(tictactoe_tui.app, "TicTacToeApp", FakeApp)
    return calls


def test_host_hosts_the_game_the_flags_describe_and_shows_the_command_to_join(
        started: list[Started], capsys: pytest.CaptureFixture[str]) -> None:
    port = free_port()
    assert cli.main(["host", "--board", "4x4k3", "--as", "o", "--address", "127.0.0.1", "--port", str(port),
                     "--code", "k7qm4xd2pa", "--name", "Ann"]) == 0
    assert capsys.readouterr().out == (f"Hosting 4x4k3 on 127.0.0.1:{port}; your friend types: "
                                       f"tictactoe-tui join 127.0.0.1:{port} --code {CODE}\n")
    (call,) = started
    assert isinstance(call.sitting, Hosting)
    online = call.sitting.online
    assert (online.spec, online.mine, online.name) == (BoardSpec(4, 4, 3), Mark.O, "Ann") and online.hosting
    assert call.sitting.command == f"tictactoe-tui join 127.0.0.1:{port} --code {CODE}"
    assert cli.build_parser().parse_args(call.sitting.command.split()[1:]).code == CODE


def test_host_makes_a_fresh_code_and_listens_everywhere_by_default(started: list[Started]) -> None:
    parsed = cli.build_parser().parse_args(["host"])
    assert (parsed.address, parsed.port, parsed.board, parsed.side) == ("0.0.0.0", 7777, BoardSpec(3, 3, 3),
                                                                        Mark.X)
    assert cli.main(["host", "--port", str(free_port())]) == 0
    (call,) = started
    assert isinstance(call.sitting, Hosting)
    assert len(call.sitting.server.code) == 11 and call.sitting.listening.startswith("0.0.0.0:")


def test_join_joins_the_game_and_plays_the_side_it_is_given(hosted: int, started: list[Started]) -> None:
    assert cli.main(["join", f"127.0.0.1:{hosted}", "--code", CODE, "--name", "Bob"]) == 0
    (call,) = started
    assert isinstance(call.sitting, Joining)
    assert (call.sitting.online.mine, call.sitting.online.spec) == (Mark.O, BoardSpec(3, 3, 3))
