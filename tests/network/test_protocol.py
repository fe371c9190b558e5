"""The protocol's messages: every one written is read back the same, and anything else is refused with a
short reason, however large, deep, odd or old."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe_tui.engine import MAX_SIDE, BoardSpec, Mark
from tictactoe_tui.engine.rules.inputs import SHOWN_CHARS
from tictactoe_tui.network.protocol import (
    MAX_LINE,
    MAX_NAME_CHARS,
    MAX_RECORD_CHARS,
    SCHEMA,
    VERSION,
    Again,
    Bye,
    Hello,
    Message,
    MessageError,
    Move,
    Ping,
    Refused,
    Sync,
    UndoAsk,
    UndoReply,
    VersionError,
    Welcome,
    decode,
    encode,
)

SPEC = BoardSpec(MAX_SIDE, MAX_SIDE, MAX_SIDE)
LONGEST_RECORD = f"{SPEC}: " + " ".join(SPEC.cell_name(cell) for cell in range(SPEC.cells))
"""As long as a record can be: every cell of the largest board named."""

EVERY_KIND: list[Message] = [
    Hello("K7QM4-XD2PA", "Ann"),
    Welcome("Ann", "3x3k3: b2 a1", Mark.O, 1),
    Sync("3x3k3:", Mark.X, 2),
    Move(0, "b2"),
    UndoAsk(3),
    UndoReply(3, False),
    Again(1),
    Bye(),
    Ping(),
    Refused("wrong join code"),
]


def test_every_kind_of_message_is_listed_once() -> None:
    assert sorted(type(message).TYPE for message in EVERY_KIND) == sorted(SCHEMA)


@pytest.mark.parametrize("message", EVERY_KIND, ids=lambda message: type(message).TYPE)
def test_every_message_is_one_line_that_reads_back_the_same(message: Message) -> None:
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line)["v"] == VERSION
    assert decode(line) == message


def test_the_largest_messages_fit_in_a_line() -> None:
    assert len(LONGEST_RECORD) <= MAX_RECORD_CHARS
    widest = "\U0001f600" * MAX_NAME_CHARS  # Each character written as two escapes of six bytes.
    assert len(encode(Welcome(widest, LONGEST_RECORD, Mark.X, 1_000_000))) <= MAX_LINE
    assert decode(encode(Welcome(widest, LONGEST_RECORD, Mark.X, 1))).record == LONGEST_RECORD


@given(st.text(max_size=MAX_NAME_CHARS), st.text(max_size=200))
def test_any_name_and_reason_cross_unchanged(name: str, reason: str) -> None:
    assert decode(encode(Hello("K7QM4-XD2PA", name))) == Hello("K7QM4-XD2PA", name)
    assert decode(encode(Refused(reason))) == Refused(reason)


def line(**fields: object) -> bytes:
    return json.dumps(fields).encode()


REFUSED_LINES: list[tuple[bytes, str]] = [
    (b"hello there", "not JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"", "not JSON"),
    (b"[1, 2]", "not an object"),
    (b'"hello"', "not an object"),
    (b"42", "not an object"),
    (b"null", "not an object"),
    (b"[" * 3000 + b"]" * 3000, "more than 4096 bytes"),
    (b"[" * 2000 + b"]" * 2000, "not JSON"),
    (b'{"v": 1, "type": "move", "ply": NaN, "cell": "a1"}', "not JSON"),
    (b'{"v": 1, "type": "move", "ply": Infinity, "cell": "a1"}', "not JSON"),
    (b'{"v": 1, "v": 1, "type": "ping"}', "not JSON"),
    (b'{"v": 1, "type": "ping"', "not JSON"),
    (line(type="ping"), "no protocol version"),
    (line(v=2, type="ping"), "protocol version 2"),
    (line(v="1", type="ping"), "protocol version '1'"),
    (line(v=True, type="ping"), "protocol version True"),
    (line(v=1.0, type="ping"), "protocol version 1.0"),
    (line(v=1), "unknown type of message, None"),
    (line(v=1, type="shutdown"), "unknown type of message, 'shutdown'"),
    (line(v=1, type=["move"]), "unknown type of message"),
    (line(v=1, type="move", ply=0), "wrong fields ('cell')"),
    (line(v=1, type="move", ply=0, cell="a1", admin=True), "wrong fields ('admin')"),
    (line(v=1, type="move", ply=-1, cell="a1"), "ply is -1 is not a number from 0 to 676"),
    (line(v=1, type="move", ply=677, cell="a1"), "not a number from 0 to 676"),
    (line(v=1, type="move", ply=True, cell="a1"), "ply is True"),
    (line(v=1, type="move", ply=1.5, cell="a1"), "ply is 1.5"),
    (line(v=1, type="move", ply=10 ** 40, cell="a1"), "not a number from 0 to 676"),
    (line(v=1, type="move", ply=0, cell=4), "cell is 4 is not text"),
    (line(v=1, type="move", ply=0, cell="a100"), "4 characters, over the 3 allowed"),
    (line(v=1, type="move", ply=0, cell={"x": 1}), "cell is {'x': 1} is not text"),
    (line(v=1, type="hello", code="K7QM4-XD2PA", name="x" * 65), "over the 64 allowed"),
    (line(v=1, type="hello", code=None, name="Ann"), "code is None is not text"),
    (line(v=1, type="welcome", name="Ann", record="3x3k3:", you="Z", game=1), "you is 'Z' is not X or O"),
    (line(v=1, type="welcome", name="Ann", record="3x3k3:", you="X", game=0), "not a number from 1"),
    (line(v=1, type="undo-reply", ply=0, accept="yes"), "accept is 'yes' is not true or false"),
    (line(v=1, type="undo-reply", ply=0, accept=1), "accept is 1 is not true or false"),
    (line(v=1, type="refused", reason="x" * 201), "over the 200 allowed"),
    (line(v=1, type="sync", record="r" * 2601, you="X", game=1), "over the 2600 allowed"),
]


@pytest.mark.parametrize(("text", "why"), REFUSED_LINES, ids=[why for _, why in REFUSED_LINES])
def test_anything_else_is_refused_with_a_short_reason(text: bytes, why: str) -> None:
    with pytest.raises(MessageError) as refusal:
        decode(text)
    assert why in str(refusal.value)
    assert len(str(refusal.value)) < 100 + 2 * SHOWN_CHARS, "a reason never repeats a long value"


def test_a_message_of_another_version_says_which_versions() -> None:
    with pytest.raises(VersionError, match="protocol version 2: this game speaks version 1"):
        decode(line(v=2, type="hello", code="x", name="y", avatar="z"))


def test_a_message_too_long_to_send_is_never_written() -> None:
    with pytest.raises(ValueError, match="over the protocol's 4096"):
        encode(Refused("x" * MAX_LINE))
