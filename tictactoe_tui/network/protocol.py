"""The messages two copies of the game exchange: one JSON object a line, each checked whole.

A message is one line of UTF-8 JSON, at most ``MAX_LINE`` bytes with its line
feed: an object holding the protocol's version ``v``, the message's ``type``
and exactly the fields of that type, each of its kind and within its bounds.
``decode`` refuses anything else with a ``MessageError`` that says what was
wrong in a few words and quotes nothing long, since the other end may be
anyone; ``encode`` writes what ``decode`` reads back.

The conversation: the friend who joins sends ``hello`` (the join code and a
name); the host answers ``welcome`` (its name, the game so far, the side the
friend plays) or ``refused`` (why) and closes. Then either end sends
``move``, ``undo`` (a request to take back one's last move), ``undo-reply``,
``again`` (the next game, once this one is over), ``bye`` when it quits, and
``ping`` when it has had nothing to say for a while; the host sends ``sync``
(the whole game) after an undo and when the next game starts, and ``refused``
when a message did not fit. Whether a move fits the game is the game's
business (``session.online``): here a cell is only a short name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeAlias

from ..engine import MAX_SIDE, Mark
from ..engine.rules.inputs import quote

VERSION = 1
"""The protocol's version: both ends must speak the same one."""
MAX_LINE = 4096
"""The most bytes a message may take, its line feed included."""
MAX_NAME_CHARS = 64
"""The longest name a message may carry (it is shortened further where it is shown)."""
MAX_CODE_CHARS = 32
"""The longest join code a ``hello`` may carry: a code is a dozen characters."""
MAX_CELL_CHARS = 3
"""The longest cell name: ``z26``."""
MAX_RECORD_CHARS = 2600
"""The longest record: every cell of the largest board named, ``26x26k26: a1 … z26``."""
MAX_REASON_CHARS = 200
"""The longest reason a ``refused`` may give."""
MAX_PLY = MAX_SIDE * MAX_SIDE
"""The most moves a game has."""
MAX_GAMES = 1_000_000
"""The most games two players can play in one sitting, as far as the messages go."""


class MessageError(ValueError):
    """A line that is no message of this protocol; the text says why, in a few words."""


class VersionError(MessageError):
    """A message of another version of the protocol."""


class PeerError(MessageError):
    """A well-formed message that does not fit the game as it stands (a move out of turn, on a taken
    cell); it is refused, and the game is left as it was."""


@dataclass(frozen=True, slots=True)
class Hello:
    """The joining friend's first message: the join code, and the name to show the host."""

    TYPE: ClassVar[str] = "hello"
    code: str
    name: str


@dataclass(frozen=True, slots=True)
class Welcome:
    """The host's answer to a good ``hello``: its name, the game so far and the side the friend plays."""

    TYPE: ClassVar[str] = "welcome"
    name: str
    record: str
    you: Mark
    game: int
    """The number of the game in this sitting, from 1: the next game after a finished one is one more."""


@dataclass(frozen=True, slots=True)
class Sync:
    """The whole game again, from the host: after an undo, and when the next game starts."""

    TYPE: ClassVar[str] = "sync"
    record: str
    you: Mark
    game: int


@dataclass(frozen=True, slots=True)
class Move:
    """A move: the number of moves played before it (so a stale one shows), and its cell's name."""

    TYPE: ClassVar[str] = "move"
    ply: int
    cell: str


@dataclass(frozen=True, slots=True)
class UndoAsk:
    """A request to take back the sender's last move (and the reply after it), at move ``ply``."""

    TYPE: ClassVar[str] = "undo"
    ply: int


@dataclass(frozen=True, slots=True)
class UndoReply:
    """The answer to the request to take back a move at move ``ply``."""

    TYPE: ClassVar[str] = "undo-reply"
    ply: int
    accept: bool


@dataclass(frozen=True, slots=True)
class Again:
    """The next game, once game number ``game`` is over; the host starts it, each side swapped."""

    TYPE: ClassVar[str] = "again"
    game: int


@dataclass(frozen=True, slots=True)
class Bye:
    """The sender quits."""

    TYPE: ClassVar[str] = "bye"


@dataclass(frozen=True, slots=True)
class Ping:
    """Nothing to say: the sender is still there."""

    TYPE: ClassVar[str] = "ping"


@dataclass(frozen=True, slots=True)
class Refused:
    """The last message did not fit, or the connection is refused; ``reason`` says why."""

    TYPE: ClassVar[str] = "refused"
    reason: str


Message: TypeAlias = Hello | Welcome | Sync | Move | UndoAsk | UndoReply | Again | Bye | Ping | Refused
Field = Callable[[object], object]
"""A field's reader: the value as the message holds it, or a ``MessageError`` saying what is wrong."""


def _text(limit: int) -> Field:
    def read(value: object) -> str:
        if not isinstance(value, str):
            raise MessageError(f"{quote(value)} is not text")
        if len(value) > limit:
            raise MessageError(f"text of {len(value)} characters, over the {limit} allowed")
        return value
    return read


def _count(low: int, high: int) -> Field:
    def read(value: object) -> int:
        if type(value) is not int or not low <= value <= high:
            raise MessageError(f"{quote(value)} is not a number from {low} to {high}")
        return value
    return read


def _mark(value: object) -> Mark:
    if value not in ("X", "O"):
        raise MessageError(f"{quote(value)} is not X or O")
    return Mark(value)


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise MessageError(f"{quote(value)} is not true or false")
    return value


_PLY = _count(0, MAX_PLY)
_GAME = _count(1, MAX_GAMES)
_RECORD = _text(MAX_RECORD_CHARS)

SCHEMA: Mapping[str, tuple[type[Message], Mapping[str, Field]]] = {
    Hello.TYPE: (Hello, {"code": _text(MAX_CODE_CHARS), "name": _text(MAX_NAME_CHARS)}),
    Welcome.TYPE: (Welcome, {"name": _text(MAX_NAME_CHARS), "record": _RECORD, "you": _mark, "game": _GAME}),
    Sync.TYPE: (Sync, {"record": _RECORD, "you": _mark, "game": _GAME}),
    Move.TYPE: (Move, {"ply": _PLY, "cell": _text(MAX_CELL_CHARS)}),
    UndoAsk.TYPE: (UndoAsk, {"ply": _PLY}),
    UndoReply.TYPE: (UndoReply, {"ply": _PLY, "accept": _flag}),
    Again.TYPE: (Again, {"game": _GAME}),
    Bye.TYPE: (Bye, {}),
    Ping.TYPE: (Ping, {}),
    Refused.TYPE: (Refused, {"reason": _text(MAX_REASON_CHARS)}),
}
"""Every type of message: its class, and the reader of each of its fields."""


def encode(message: Message) -> bytes:
    """The line that carries ``message``, line feed included."""
    document: dict[str, Any] = {"v": VERSION, "type": message.TYPE}
    for field in fields(message):
        value = getattr(message, field.name)
        document[field.name] = value.value if isinstance(value, Mark) else value
    line = json.dumps(document, separators=(",", ":")).encode("ascii") + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError(f"a {message.TYPE} message of {len(line)} bytes is over the protocol's {MAX_LINE}")
    return line


def decode(line: bytes) -> Message:
    """The message ``line`` carries (with or without its line feed), or a ``MessageError`` saying why
    it carries none."""
    if len(line) > MAX_LINE:
        raise MessageError(f"a line of more than {MAX_LINE} bytes")
    try:
        document = json.loads(line.decode("utf-8"), parse_constant=_no_constant, object_pairs_hook=_object)
    except UnicodeDecodeError:
        raise MessageError("a line that is not UTF-8 text") from None
    except (ValueError, RecursionError):
        raise MessageError("a line that is not JSON") from None
    if not isinstance(document, dict):
        raise MessageError("JSON that is not an object")
    if "v" not in document:
        raise VersionError(f"a message with no protocol version: this game speaks version {VERSION}")
    version = document["v"]
    if version != VERSION or type(version) is not int:
        raise VersionError(f"a message of protocol version {quote(version)}: "
                           f"this game speaks version {VERSION}")
    kind = document.get("type")
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise MessageError(f"an unknown type of message, {quote(kind)}")
    cls, readers = SCHEMA[kind]
    names = set(document) - {"v", "type"}
    if names != set(readers):
        odd = sorted(names ^ set(readers))
        raise MessageError(f"a {kind} message with the wrong fields ({quote(', '.join(odd))})")
    values: dict[str, Any] = {}
    for name, read in readers.items():
        try:
            values[name] = read(document[name])
        except MessageError as error:
            raise MessageError(f"a {kind} message whose {name} is {error}") from None
    return cls(**values)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document = dict(pairs)
    if len(document) != len(pairs):
        raise ValueError("a name given twice")
    return document
