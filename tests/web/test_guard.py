"""The server's rules for a visitor's requests and messages, each alone."""

from __future__ import annotations

import json

import pytest

from tictactoe_tui.web.guard import (
    TOKEN_BYTES,
    is_loopback,
    new_token,
    read_message,
    same_origin,
    terminal_side,
    token_matches,
)
from tictactoe_tui.web.limits import MAX_MESSAGE_BYTES, MAX_TERMINAL_SIDE


def test_tokens_are_long_random_and_fit_an_address() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    for token in tokens:
        assert len(token) >= TOKEN_BYTES * 4 // 3
        assert all(character.isalnum() or character in "-_" for character in token)


@pytest.mark.parametrize(("given", "matches"), [
    ("s3cret-token", True),
    ("s3cret-toke", False),
    ("s3cret-token2", False),
    ("S3CRET-TOKEN", False),
    ("", False),
    (None, False),
    ("s3cret-tokén", False),
])
def test_only_the_token_itself_matches(given: str | None, matches: bool) -> None:
    assert token_matches(given, "s3cret-token") is matches


@pytest.mark.parametrize(("origin", "host", "same"), [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("HTTP://LOCALHOST:8000", "localhost:8000", True),
    ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
    ("http://evil.example", "127.0.0.1:8000", False),
    ("https://127.0.0.1:8000", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),
    (None, "127.0.0.1:8000", False),
    ("http://127.0.0.1:8000.evil.example", "127.0.0.1:8000", False),
    ("http://[::1]:8000", "[::1]:8000", True),
])
def test_the_origin_must_be_the_page_itself(origin: str | None, host: str, same: bool) -> None:
    assert same_origin(origin, "http", host) is same


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.8.9.1", True), ("::1", True), ("[::1]", True), ("localhost", True),
    ("0.0.0.0", False), ("::", False), ("192.168.1.4", False), ("example.com", False),
])
def test_loopback_addresses(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(("text", "side"), [
    ("80", 80), (None, 24), ("", 24), ("-5", 24), ("0", 1), ("1e9", 24), ("99999", 24),
    (str(MAX_TERMINAL_SIDE + 1), MAX_TERMINAL_SIDE), ("9" * 5000, 24), ("٣", 24),
])
def test_a_terminal_side_from_an_address_is_bounded(text: str | None, side: int) -> None:
    assert terminal_side(text, 24) == side


@pytest.mark.parametrize(("envelope", "message"), [
    (["stdin", "q"], ("stdin", "q")),
    (["resize", {"width": 120, "height": 40}], ("resize", (120, 40))),
    (["ping", "1700000000000"], ("ping", "1700000000000")),
    (["focus"], ("focus", None)),
    (["blur"], ("blur", None)),
    (["ping", "x" * 1000], ("ping", "x" * 32)),
])
def test_the_pages_own_messages_are_read(envelope: list[object], message: object) -> None:
    assert read_message(json.dumps(envelope)) == message


@pytest.mark.parametrize("text", [
    "not json", "{}", "[]", "[1, 2]", '"stdin"', json.dumps(["stdin", 5]), json.dumps(["stdin"]),
    json.dumps(["resize", {"width": 10 ** 6, "height": 40}]),
    json.dumps(["resize", {"width": True, "height": 4}]),
    json.dumps(["resize", {"width": 0, "height": 40}]), json.dumps(["resize", [80, 24]]),
    json.dumps(["open_url", {"url": "file:///etc/passwd"}]), json.dumps(["stdin", "q" * MAX_MESSAGE_BYTES]),
    "[" * 100_000,
])
def test_anything_else_is_dropped(text: str) -> None:
    assert read_message(text) is None
