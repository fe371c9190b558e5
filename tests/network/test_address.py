"""Where a friend dials: HOST[:PORT] read strictly, and the one command the host shows."""

from __future__ import annotations

import ipaddress

import pytest

from tictactoe_tui.network.address import (
    DEFAULT_PORT,
    AddressError,
    dialled,
    join_command,
    network_address,
    parse_address,
    parse_host,
)


@pytest.mark.parametrize(("text", "address"), [
    ("192.168.1.20", ("192.168.1.20", DEFAULT_PORT)),
    ("192.168.1.20:7000", ("192.168.1.20", 7000)),
    (" box.local:1 ", ("box.local", 1)),
    ("localhost:65535", ("localhost", 65535)),
    ("[::1]:7000", ("::1", 7000)),
    ("[fe80::1]", ("fe80::1", DEFAULT_PORT)),
    ("::1", ("::1", DEFAULT_PORT)),
])
def test_an_address_is_a_host_and_a_port(text: str, address: tuple[str, int]) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize(("text", "why"), [
    ("", "is not an address"),
    ("host:", "is not a port number"),
    ("host:0", "is not a port number from 1 to 65535"),
    ("host:65536", "is not a port number"),
    ("host:" + "9" * 5000, "is not a port number"),
    ("host:７７", "is not a port number"),
    ("bad host:7777", "is not an address"),
    ("-host", "is not an address"),
    ("[::1", "write [IPv6]:PORT"),
    ("[::1]7000", "write [IPv6]:PORT"),
    ("host;rm -rf:1", "is not an address"),
    ("a..b:7777", "is not an address"),
    (".x", "is not an address"),
    ("x" * 64 + ".com", "is not an address"),
    ("box-.local", "is not an address"),
    ("héllo.x", "is not an address"),
])
def test_anything_else_is_refused_in_one_short_line(text: str, why: str) -> None:
    with pytest.raises(AddressError, match=why.replace("[", r"\[")) as refusal:
        parse_address(text)
    assert len(str(refusal.value)) < 120


@pytest.mark.parametrize("host", ["a..b", ".x", "x" * 64 + ".com", "a..b."])
def test_a_host_name_the_resolver_cannot_encode_is_refused_before_any_lookup(host: str) -> None:
    with pytest.raises(UnicodeError):
        host.encode("idna")  # what the resolver would raise, not a lookup error
    with pytest.raises(AddressError, match="is not an address"):
        parse_address(host)
    with pytest.raises(AddressError, match="is not an address"):
        parse_host(host)


@pytest.mark.parametrize("host", ["localhost", "box.local.", "x" * 63 + ".com", "a-b.c-d", "10.0.0.1"])
def test_a_host_name_of_labels_the_resolver_takes_is_kept_as_written(host: str) -> None:
    host.encode("idna")
    assert parse_address(f"{host}:7000") == (host, 7000)
    assert parse_host(host) == host


def test_the_address_to_dial_is_this_computers_on_its_network_when_listening_everywhere() -> None:
    here = network_address()
    assert ipaddress.ip_address(here).version == 4
    assert dialled("0.0.0.0") == dialled("::") == here
    assert dialled("127.0.0.1") == "127.0.0.1"
    assert dialled("box.local") == "box.local"


def test_the_command_to_join_names_the_address_the_port_and_the_code() -> None:
    assert join_command("192.168.1.20", 7777, "K7QM4-XD2PA") == (
        "tictactoe-tui join 192.168.1.20:7777 --code K7QM4-XD2PA")
    assert join_command("::1", 7000, "K7QM4-XD2PA") == "tictactoe-tui join [::1]:7000 --code K7QM4-XD2PA"
    assert parse_address(join_command("::1", 7000, "X").split()[2]) == ("::1", 7000)
