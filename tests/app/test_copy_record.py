"""The game's record goes to the clipboard, in the notation ``--record`` reads back."""

from __future__ import annotations

from driving import game, notifications, quick_app, run_command

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.engine import BoardSpec, Position, parse_record
from tictactoe_tui.session.setup import GameSetup


async def test_c_copies_the_record_and_says_what_was_sent() -> None:
    app = quick_app(start=Position.from_moves("4x4k3", "b2 a1 c3"))
    copied: list[str] = []
    app.copy_to_clipboard = copied.append  # type: ignore[method-assign,assignment]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        assert copied == ["4x4k3: b2 a1 c3"]
        assert notifications(pilot) == ["4x4k3: b2 a1 c3 — sent to the clipboard"], (
            "the record is in the note, to copy by hand where the terminal keeps the clipboard to itself")


async def test_the_copied_record_opens_the_same_game_again() -> None:
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        await pilot.press("5", "1", "9", "u", "c")
        assert pilot.app.clipboard == "3x3k3: b2 a1", "moves taken back are not part of the game"
        position = game(pilot).position
    reopened = TicTacToeApp(start=parse_record(pilot.app.clipboard))
    async with reopened.run_test() as pilot:
        assert game(pilot).position == position


async def test_the_palette_copies_the_record_too() -> None:
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        await pilot.press("5")
        await run_command(pilot, "copy game record")
        assert pilot.app.clipboard == "3x3k3: b2"
