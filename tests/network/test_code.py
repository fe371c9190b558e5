"""Join codes: random, at least 40 bits, easy to read and type, compared as typed; wrong guesses slowed."""

from __future__ import annotations

import asyncio
import math

import pytest

from tictactoe_tui.network.code import (
    ALPHABET,
    FREE_TRIES,
    MAX_DELAY,
    CodeError,
    CodeGate,
    code_matches,
    new_code,
    parse_code,
)


def test_a_new_code_holds_at_least_40_random_bits_in_two_groups() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        first, second = code.split("-")
        symbols = first + second
        assert len(first) == len(second) == 5 and set(symbols) <= set(ALPHABET)
        assert len(symbols) * math.log2(len(ALPHABET)) >= 40
    assert set("".join(codes)).isdisjoint("ILOU"), "no symbol to mistake for another"


@pytest.mark.parametrize(("typed", "code"), [
    ("K7QM4-XD2PA", "K7QM4-XD2PA"),
    ("k7qm4xd2pa", "K7QM4-XD2PA"),
    (" K7QM4 XD2PA ", "K7QM4-XD2PA"),
    ("k7qm4-xd2pa-", "K7QM4-XD2PA"),
    ("1O0LI-ABCDE", "10011-ABCDE"),
])
def test_a_code_is_read_as_typed_whatever_the_case_blanks_and_lookalikes(typed: str, code: str) -> None:
    assert parse_code(typed) == code
    assert code_matches(typed, code)


@pytest.mark.parametrize("typed", ["", "ABCD", "K7QM4-XD2PU", "K7QM4-XD2P!", "A" * 21, "κ7QM4-XD2PA"])
def test_text_that_is_no_code_says_what_a_code_is(typed: str) -> None:
    with pytest.raises(CodeError, match="is not a join code: 8 to 20 letters and digits"):
        parse_code(typed)


def test_a_wrong_code_does_not_match() -> None:
    assert not code_matches("K7QM4-XD2PB", "K7QM4-XD2PA")
    assert not code_matches("K7QM4", "K7QM4-XD2PA")
    assert not code_matches("\udcff" * 10, "K7QM4-XD2PA")


async def test_after_a_few_wrong_codes_each_check_waits_longer_up_to_a_limit() -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    gate = CodeGate("K7QM4-XD2PA", sleep=sleep)
    for _ in range(FREE_TRIES + 6):
        assert not await gate.admits("00000-00000")
    assert waits[0] > 0 and len(waits) == 6
    assert waits == sorted(waits) and waits[-1] == MAX_DELAY
    assert await gate.admits("k7qm4 xd2pa")
    assert len(waits) == 7, "the right code waits its turn too: a guess can never skip the wait"


async def test_checks_through_one_gate_take_turns() -> None:
    order: list[str] = []
    release = asyncio.Event()

    async def sleep(seconds: float) -> None:
        order.append("waiting")
        await release.wait()

    gate = CodeGate("K7QM4-XD2PA", sleep=sleep)
    gate.wrong = FREE_TRIES
    guesses = [asyncio.create_task(gate.admits("00000-00000")) for _ in range(3)]
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert order == ["waiting"], "one check at a time: the others queue behind it"
    release.set()
    assert await asyncio.gather(*guesses) == [False, False, False]
    assert order == ["waiting"] * 3
