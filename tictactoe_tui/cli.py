"""The command line: start the game, solve a position, serve the game to a browser, or play a friend on
another computer (``host`` and ``join``).

Only the game itself imports Textual, so ``solve`` starts fast and every error
here is one line on stderr with exit status 2: bad input (``GameError``), an
engine that failed (``EngineFailure``), a malformed Gomocup message
(``ProtocolError``), a socket or file the system refused (``OSError``) and a
missing optional dependency (``MissingDependency``). Anything else is a bug,
and keeps its traceback.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, cast

from . import __version__, online_command
from .engine import BoardSpec, EngineFailure, GameError, Position, parse_record
from .engine.rules.inputs import SHOWN_CHARS, parse_int, quote, shorten
from .gomocup.controllers import BrainCommandError, brain_problem
from .gomocup.options import add_brain_arguments
from .gomocup.protocol import ProtocolError
from .session.setup import CONTROLLERS, HUMAN, Brain, Controller, GameSetup, parse_controller
from .web.limits import DEFAULT_IDLE_MINUTES, DEFAULT_MAX_SESSIONS, MAX_SESSIONS

if TYPE_CHECKING:
    from .app import TicTacToeApp

PROG = "tictactoe-tui"

MAX_NUMBER_CHARS = 24
"""The longest number of minutes read: any longer is not one a person means."""


class MissingDependency(ImportError):
    """A subcommand needs an optional dependency that is not installed; the message says how to add it."""


GAME_OPTIONS = {"--board": "game_board", "--x": "x", "--o": "o", "--record": "record", "--open": "open",
                "--accessible": "game_accessible", "--served": "served"}
"""The options of the game itself, by the name each is kept under: no command reads them, so given
before one they are refused, not silently dropped."""

REFUSED = (GameError, EngineFailure, ProtocolError, OSError, MissingDependency)
"""What the command refuses in one line: every error it expects, by cause."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        # argparse repeats a value it refuses whole (an unknown command, an unrecognized argument).
        message = _LONG_WORD.sub(lambda word: _shortened(word[0]), message)
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


_LONG_WORD = re.compile(rf"\S{{{2 * SHOWN_CHARS},}}")
"""A word no message of ours has: a value quoted whole (ours are already shortened, with room to spare
for the brackets and colons around them)."""


def _shortened(word: str) -> str:
    """A word of a message, shortened; one in quotes keeps its closing quote."""
    if word[0] in "'\"" and word.endswith(word[0]):
        return word[0] + shorten(word[1:-1]) + word[0]
    return shorten(word)


def _spec(text: str) -> BoardSpec:
    try:
        return BoardSpec.parse(text)
    except GameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _time_limit(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number of seconds") from None
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"{quote(text)} must be a positive number of seconds")
    return seconds


def _controller(text: str) -> Controller:
    """A side's controller: a person, a level, or ``brain:PATH [ARGS...]`` naming a program that exists."""
    try:
        controller = parse_controller(text)
    except BrainCommandError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    except GameError as error:
        raise argparse.ArgumentTypeError(f"invalid choice: {quote(text)} ({error})") from None
    problem = brain_problem(str(controller)) if isinstance(controller, Brain) else None
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return controller


def _jobs(text: str) -> int:
    """A number of worker processes, at most one per core: more would only share the cores, each with
    its own share of the memory, and a slip of the keyboard could start thousands."""
    count = _natural(text)
    if count is None or count < 1:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number of processes (1 or more)")
    cores = _cores()
    if count > cores:
        raise argparse.ArgumentTypeError(f"{quote(text)} is more processes than this computer's "
                                         f"{cores} {'core' if cores == 1 else 'cores'}")
    return count


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _sessions(text: str) -> int:
    count = _natural(text)
    if count is None or not 1 <= count <= MAX_SESSIONS:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number of games from 1 to {MAX_SESSIONS}")
    return count


def _minutes(text: str) -> float:
    try:
        minutes = float(text) if len(text) <= MAX_NUMBER_CHARS else math.nan
    except ValueError:
        minutes = math.nan
    if not 0 < minutes <= 24 * 60:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number of minutes above 0, up to 1440")
    return minutes


def _port(text: str) -> int:
    port = _natural(text)
    if port is None or not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a port number from 1 to 65535")
    return port


def _natural(text: str) -> int | None:
    """The number that ``text`` writes in digits alone, or None for anything else, or one too long to read."""
    if not text.isdecimal():
        return None
    try:
        return parse_int(text)
    except ValueError:
        return None


def build_parser() -> argparse.ArgumentParser:
    """The parser for every subcommand and flag."""
    choices = ", ".join(map(str, CONTROLLERS))
    parser = _Parser(
        prog=PROG,
        description="Tic-Tac-Toe and every m,n,k game in the terminal. "
        "With no subcommand, starts the game.",
        epilog="Examples: tictactoe-tui --board 4x4k3 --x human --o perfect | "
        "tictactoe-tui solve 4x4k3 --moves 'b2 a1' --json",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    # The game's --board and --accessible keep names apart from host's and join's own, which would
    # overwrite them: given before a command, they are refused rather than lost (see GAME_OPTIONS).
    parser.add_argument("--board", type=_spec, metavar="WxHkK", dest="game_board",
                        help="start a game on this board at once, e.g. 3x3, 4x4k3, 15x15k5 "
                        "(k defaults to min(width, height, 5))")
    parser.add_argument("--x", type=_controller, metavar="WHO",
                        help=f"who plays X: {choices} or brain:PATH (default human)")
    parser.add_argument("--o", type=_controller, metavar="WHO",
                        help=f"who plays O: {choices} or brain:PATH, a Gomocup brain "
                        "with optional arguments, e.g. 'brain:pbrain-rapfi' (default medium)")
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--record", metavar="RECORD",
                       help="open a game record such as '4x4k3: b2 a1 c3' at its last position, "
                       "between two people unless --x or --o names a computer")
    start.add_argument("--open", metavar="FILE",
                       help="open a game saved with Ctrl+S at its last position, with the players it "
                       "was saved with unless --x or --o names others")
    parser.add_argument("--accessible", action="store_true", dest="game_accessible",
                        help="play with a screen reader or braille display: the terminal's cursor on the "
                        "board's cursor, every change said in words, moves typed as cell names "
                        "(also a setting, in the command palette)")
    # Passed by ``serve`` to the app it runs for each page: no brains, nothing of the player's.
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)
    _add_commands(parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser))
    return parser


def _add_commands(commands: argparse._SubParsersAction[_Parser]) -> None:
    """The subcommands: ``solve``, ``serve``, ``host``, ``join`` and ``brain``."""
    solver = commands.add_parser("solve", help="print the value and best moves of a position",
                                 description="Solve a position: its value for the side to move, "
                                 "the best moves, the nodes searched and the seconds taken.")
    solver.add_argument("spec", type=_spec, metavar="SPEC", help="the board, e.g. 4x4k3")
    solver.add_argument("--moves", default="", help="moves played so far, e.g. 'b2 a1'")
    solver.add_argument("--json", action="store_true", help="print one JSON object")
    solver.add_argument("--time-limit", type=_time_limit, default=None, metavar="S",
                        help="prove for at most S seconds (the value is then 'unknown' unless proven)")
    solver.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                        help="processes sharing a long proof (default: one per core; 1: this process alone)")

    server = commands.add_parser("serve", help="serve the game to a web browser",
                                 description="Serve the game over HTTP with textual-serve, at an address "
                                 "with a secret token that only pages of this server can use.")
    server.add_argument("--host", type=online_command.listen_address, default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1)")
    server.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    server.add_argument("--max-sessions", type=_sessions, default=DEFAULT_MAX_SESSIONS, metavar="N",
                        help=f"games at once (default {DEFAULT_MAX_SESSIONS})")
    server.add_argument("--idle-minutes", type=_minutes, default=DEFAULT_IDLE_MINUTES, metavar="M",
                        help=f"end a game whose page sent nothing for M minutes "
                        f"(default {DEFAULT_IDLE_MINUTES:g})")

    online_command.add_commands(commands, spec=_spec, port=_port)
    add_brain_arguments(commands.add_parser(
        "brain", help="play as a Gomocup brain on stdin/stdout (as pbrain-tictactoe-tui)",
        description="Answer the Gomocup (Piskvork) brain protocol on stdin and stdout, for a Gomoku "
        "manager. INFO k K plays K in a row instead of five."))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tictactoe-tui`` command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    ignored = [option for option, name in GAME_OPTIONS.items() if getattr(args, name) not in (None, False)]
    if args.command is not None and ignored:
        parser.error(f"{' and '.join(ignored)} before {args.command} {'is' if len(ignored) == 1 else 'are'} "
                     f"for the game: a command's own options go after it")
    try:
        if args.command == "solve":
            return _solve(args)
        if args.command == "serve":
            return _serve(args)
        if args.command in ("host", "join"):
            return online_command.run(args, _app_class())
        if args.command == "brain":
            from .gomocup.brain import brain_from, run

            run(brain_from(args))
        return _play(args)
    except REFUSED as error:
        _command_parser(parser, args.command).error(_said(error))
    except KeyboardInterrupt:
        return 130


def _command_parser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    """The parser of ``command``, whose help its refusal points to, or the game's own."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            return cast(argparse.ArgumentParser, action.choices[command])
    return parser


def _said(error: Exception) -> str:
    """An error in words: its message, or for the system's own ``OSError`` its reason and file."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}" if error.filename is not None else error.strerror
    return str(error)


def _solve(args: argparse.Namespace) -> int:
    from . import solve_command

    position = Position.from_moves(args.spec, args.moves)
    processes = _cores() if args.jobs is None else args.jobs
    return solve_command.run(position, args.time_limit, as_json=args.json, processes=processes)


def _play(args: argparse.Namespace) -> int:
    start: Position | None = None
    saved: GameSetup | None = None
    if args.open is not None:
        if args.served:
            raise GameError("a served game opens no file")
        from .profile.saved_games import open_game

        game = open_game(Path(args.open).expanduser())
        start, saved = game.position, game.setup
    elif args.record is not None:
        start = parse_record(args.record)
    if start is not None and args.game_board is not None and args.game_board != start.spec:
        raise GameError(f"--board {args.game_board} does not match the record's board {start.spec}")
    if args.served and any(isinstance(side, Brain) for side in (args.x, args.o)):
        raise GameError("a served game plays no Gomocup brain")
    spec = start.spec if start is not None else args.game_board
    setup = None
    if spec is not None or args.x is not None or args.o is not None:
        # A record is continued or replayed by people unless the flags name a computer; a saved game
        # by the players it was saved with.
        defaults = saved or (GameSetup(start.spec, HUMAN, HUMAN) if start is not None else GameSetup())
        setup = GameSetup(spec or defaults.spec, args.x or defaults.x, args.o or defaults.o)
    app = _app_class()(setup=setup, start=start, served=args.served, accessible=args.game_accessible)
    app.run()
    return app.return_code or 0


def _app_class() -> type[TicTacToeApp]:
    """The app, loaded now: Textual loads only when a game starts."""
    # What the imports make lives as long as the program: collecting while they run finds nothing to
    # free, and walking their objects again later would only delay the first screen. Measured with
    # bench/ui_latency.py's machine: the app's imports take about 215 ms of processor time this way
    # against 270 ms with the collector on.
    gc.disable()
    from .app import TicTacToeApp

    gc.freeze()
    gc.enable()
    return TicTacToeApp


def _serve(args: argparse.Namespace) -> int:
    try:
        from .web.server import GameServer
    except ImportError:
        raise MissingDependency("serving needs textual-serve: pip install 'tictactoe-tui[web]'") from None
    _check_listen(args.host, args.port)
    server = GameServer(args.host, args.port, max_sessions=args.max_sessions,
                        idle_seconds=args.idle_minutes * 60)
    try:
        server.serve()
    except OSError as error:  # Taken between the check and the server's own bind.
        raise OSError(f"cannot serve on {args.host}:{args.port}: {error.strerror or error}") from None
    return 0


def _check_listen(host: str, port: int) -> None:
    """Bind every address ``host`` names, as the server will, so a busy port fails before the banner."""
    import socket  # Only for serve: about 30 ms that the game and solve, which never listen, do not pay.

    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise OSError(f"cannot serve on {host}: {error.strerror}") from None
    for family, kind, protocol, _, address in addresses:
        try:
            with socket.socket(family, kind, protocol) as probe:
                # As the server binds: a port left in TIME_WAIT by a previous run is free to reuse.
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind(address)
        except OSError as error:
            raise OSError(f"cannot serve on {host}:{port}: {error.strerror or error}") from None


def run() -> NoReturn:
    """The ``tictactoe-tui`` command: ``main``, then an exit that skips the interpreter's teardown.

    Every setting and statistic is on disk the moment it changes, and the engine's process is gone
    when the app returns: tearing down the thousands of objects a game's widgets leave behind would
    only keep the player waiting for the shell prompt.
    """
    status = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        status = status or 1
    os._exit(status)


if __name__ == "__main__":
    run()
