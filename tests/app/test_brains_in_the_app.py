"""External Gomocup brains as players in the app: ours through the protocol, and brains that fail."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from driving import game, notifications, quick_app, status, told, until
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import BoardSpec, Mark
from tictactoe_tui.session.setup import GameSetup

HERE = Path(__file__).resolve().parent
FAKE_BRAIN = HERE.parent / "gomocup" / "fake_brain.py"
OUR_BRAIN = Path(sys.executable).parent / "pbrain-tictactoe-tui"


def fake(mode: str) -> str:
    return "brain:" + shlex.join([sys.executable, str(FAKE_BRAIN), mode])


def moves(pilot: Pilot[None]) -> int:
    return len(game(pilot).position.moves)


async def test_a_whole_game_against_our_own_brain_through_the_protocol() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", f"brain:{OUR_BRAIN}")
    async with quick_app(setup).run_test(size=(120, 40)) as pilot:
        assert "Brain (pbrain-tictactoe-tui)" in status(pilot)
        said: list[str] = []  # every message, whether a newer one has taken its place by the end or not
        notices = game(pilot).notices
        tell = notices.tell

        def heard(message: str, **how: Any) -> None:
            said.append(message)
            tell(message, **how)

        notices.tell = heard  # type: ignore[method-assign]
        while not game(pilot).position.is_over:
            position = game(pilot).position
            assert position.to_move is Mark.X
            assert game(pilot).play(position.legal_moves[0])
            await until(pilot, lambda: game(pilot).position.is_over or game(pilot).position.to_move is Mark.X)
        outcome = game(pilot).position.outcome
        assert outcome.winner is not Mark.X, "the brain is our perfect player: it never loses 3x3"
        assert game(pilot).setup.o == setup.o, "the brain played to the end"
        assert any(note.startswith("O is played by tictactoe-tui") for note in said)


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "said"), [
    ("occupied", "already taken"),
    ("sleep", "did not answer within 1 s"),
    ("exit", "exited with status 3"),
])
async def test_a_failing_brain_ends_only_its_own_turn(mode: str, said: str) -> None:
    setup = GameSetup(BoardSpec(7, 7, 4), "human", fake(mode))
    async with quick_app(setup).run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: game(pilot).setup.is_human(Mark.O)
                    and any("could not move" in note for note in told(pilot)))
        screen = game(pilot)
        (note,) = [note for note in told(pilot) if "could not move" in note]
        assert said in note and "A person plays O from now on" in note
        assert screen.position.record == "7x7k4: d4" and not screen.thinking, "the game and its record kept"
        await pilot.press("left", "enter")
        assert screen.position.record == "7x7k4: d4 c4"


async def test_a_person_takes_over_from_a_failed_brain_in_a_game_between_computers() -> None:
    setup = GameSetup(BoardSpec(7, 7, 4), "easy", fake("exit"))
    async with quick_app(setup).run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: game(pilot).setup.is_human(Mark.O))
        screen = game(pilot)
        assert len(screen.position.moves) == 1 and not screen.thinking
        await until(pilot, lambda: "Play" in [key.description for key in pilot.app.screen.query(FooterKey)])
        position = screen.position
        cell = position.legal_moves[0]
        await pilot.click(f"#cell-{position.cell_name(cell)}")
        assert screen.position.moves[1] == cell, "a click plays O's move"
        await until(pilot, lambda: screen.position.to_move is Mark.O)
        board = screen.query_one(Board)
        while board.cursor in screen.position.moves:
            await pilot.press("right")
        at = board.cursor
        await pilot.press("enter")
        assert screen.position.moves[3] == at, "Enter plays O's move at the cursor"


async def test_a_brain_that_refuses_the_board_is_reported_in_its_own_words() -> None:
    setup = GameSetup(BoardSpec(7, 7, 4), "human", fake("refuse"))
    async with quick_app(setup).run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: game(pilot).setup.is_human(Mark.O)
                    and any("could not move" in note for note in told(pilot)))
        (note,) = [note for note in told(pilot) if "could not move" in note]
        assert "refused the 7x7 board" in note
        await until(pilot, lambda: bool(pilot.app.screen.query(FooterKey)))  # the footer rebuilds itself
        footer = [key.description for key in pilot.app.screen.query(FooterKey)]
        assert "Move now" in footer, "a key of the players the game began with stays, dimmed"


async def test_a_brains_failure_in_a_small_terminal_is_told_on_the_status_line_in_full() -> None:
    setup = GameSetup(BoardSpec(15, 15, 5), "human", fake("refuse"))
    async with quick_app(setup).run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: game(pilot).setup.is_human(Mark.O))
        assert not any("could not move" in note for note in notifications(pilot)), "no toast over the board"
        line = game(pilot).query_one(StatusLine)
        assert "could not move" in status(pilot) and "refused the 15x15 board" in status(pilot)
        await until(pilot, lambda: line.size.height > 1)  # the layout follows the message's length
        assert line.size.height > 1, "the whole message, on as many rows as it needs"
        assert line.region.y >= game(pilot).query_one(Board).region.bottom, "under the board, not over it"
