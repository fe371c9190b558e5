"""The ``host`` and ``join`` commands: a game against a friend on another computer.

The connection is made before the app starts, in the event loop the app then
runs in: a port in use, a host nobody answers or a wrong code is one line on
stderr with exit status 2 (the command line's ``OSError``), and no screen is
shown for a game that cannot be played. The network modules load only here
and when a flag of these commands is read, so ``solve`` never pays for them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .engine import BoardSpec, Mark
from .engine.rules.inputs import quote

if TYPE_CHECKING:
    from .app import TicTacToeApp

DEFAULT_LISTEN = "0.0.0.0"
"""Every IPv4 address of this computer: a friend on the same network reaches it."""


def add_commands(commands: argparse._SubParsersAction[Any], *, spec: Callable[[str], BoardSpec],
                 port: Callable[[str], int]) -> None:
    """Add ``host`` and ``join``; ``spec`` and ``port`` read a board and a port as the other commands do."""
    from .network.address import DEFAULT_PORT

    host = commands.add_parser("host", help="host a game for a friend on another computer",
                               description="Wait for a friend on another computer, and play them. The "
                               "screen shows the one command they type, with the join code.")
    host.add_argument("--board", type=spec, default=BoardSpec(3, 3, 3), metavar="WxHkK",
                      help="the board (default 3x3)")
    host.add_argument("--as", dest="side", type=_mark, default=Mark.X, metavar="x|o",
                      help="the side you play (default x, who moves first)")
    host.add_argument("--address", type=listen_address, default=DEFAULT_LISTEN,
                      help=f"the address to listen on (default {DEFAULT_LISTEN}: every address of this "
                      "computer)")
    host.add_argument("--port", type=port, default=DEFAULT_PORT,
                      help=f"the port to listen on (default {DEFAULT_PORT})")
    host.add_argument("--code", type=_code, default=None,
                      help="the join code (default: a new random one, such as K7QM4-XD2PA)")
    joiner = commands.add_parser("join", help="join a friend's game on another computer",
                                 description="Join the game a friend hosts with 'tictactoe-tui host'.")
    joiner.add_argument("address", type=_address, metavar="HOST[:PORT]",
                        help=f"the host's address, as its screen shows it (port {DEFAULT_PORT} unless given)")
    joiner.add_argument("--code", type=_code, required=True, help="the join code the host's screen shows")
    for command in (host, joiner):
        command.add_argument("--name", type=_name, default=None,
                             help="your name, as your friend sees it (default: your login name)")
        command.add_argument("--accessible", action="store_true", help=argparse.SUPPRESS)


def run(args: argparse.Namespace, app: type[TicTacToeApp]) -> int:
    """Host or join as ``args`` say, then play in ``app``; its exit status."""
    import asyncio

    return asyncio.run(_play(args, app))


async def _play(args: argparse.Namespace, app_class: type[TicTacToeApp]) -> int:
    from .network.code import new_code
    from .session.connection import Sitting, host_game, join_game
    from .session.names import login_name

    name = login_name() if args.name is None else args.name
    sitting: Sitting
    if args.command == "host":
        sitting = await host_game(args.board, args.side, args.code or new_code(), address=args.address,
                                  port=args.port, name=name)
        # Said before the game's screen, and still there in the terminal once it is gone.
        print(f"Hosting {args.board} on {sitting.listening}; your friend types: {sitting.command}",
              flush=True)
    else:
        host, port = args.address
        sitting = await join_game(host, port, args.code, name=name)
    app = app_class(online=sitting, accessible=args.accessible)
    try:
        await app.run_async()
    finally:
        await sitting.close()
    return app.return_code or 0


def _code(text: str) -> str:
    from .network.code import CodeError, parse_code

    try:
        return parse_code(text)
    except CodeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _address(text: str) -> tuple[str, int]:
    """``HOST[:PORT]``, where a friend's game is joined."""
    from .network.address import AddressError, parse_address

    try:
        return parse_address(text)
    except AddressError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def listen_address(text: str) -> str:
    """An address of this computer to listen on: a host alone, its port given apart."""
    from .network.address import AddressError, parse_host

    try:
        return parse_host(text)
    except AddressError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _mark(text: str) -> Mark:
    if text.upper() not in ("X", "O"):
        raise argparse.ArgumentTypeError(f"invalid choice: {quote(text)} (choose from x, o)")
    return Mark(text.upper())


def _name(text: str) -> str:
    from .network.protocol import MAX_NAME_CHARS

    if len(text) > MAX_NAME_CHARS:
        raise argparse.ArgumentTypeError(f"a name of {len(text)} characters: at most {MAX_NAME_CHARS}")
    return text
