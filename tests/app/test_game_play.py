"""Whole games through the app: by keyboard and mouse, between people, against and between computers."""

from __future__ import annotations

import random

import pytest
from driving import (
    BlockingPlayer,
    FirstCellPlayer,
    children,
    confirm,
    count_bells,
    game,
    quick_app,
    seeded,
    told,
    until,
)
from textual.pilot import Pilot

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.app.screens.game import GameScreen
from tictactoe_tui.app.screens.help import HelpScreen
from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.widgets.board import Board
from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.app.widgets.game_info import GameInfo
from tictactoe_tui.app.widgets.move_list import MoveList
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import BoardSpec, Mark, Position, Status
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")


def status(pilot: Pilot[None]) -> str:
    return pilot.app.screen.query_one(StatusLine).message


def record(pilot: Pilot[None]) -> str:
    return game(pilot).position.record


async def click(pilot: Pilot[None], name: str) -> None:
    """Click the middle of a cell."""
    cell = pilot.app.screen.query_one(f"#cell-{name}", BoardCell)
    await pilot.click(cell, offset=(cell.size.width // 2, cell.size.height // 2))


async def test_people_play_a_game_to_a_win_by_keyboard() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        assert status(pilot) == "X to move — X: Human · O: Human"
        await pilot.press("enter")                  # X b2 (the cursor starts in the centre)
        await pilot.press("h", "enter")             # O a2
        await pilot.press("k", "l", "enter")        # X b3
        await pilot.press("left", "enter")          # O a3
        await pilot.press("down", "down", "right", "space")  # X b1: b1 b2 b3
        assert record(pilot) == "3x3k3: b2 a2 b3 a3 b1"
        assert game(pilot).position.outcome.status is Status.X_WINS
        assert status(pilot).startswith("X wins!")
        board = pilot.app.screen.query_one(Board)
        winners = {widget.id for widget in board.query(BoardCell) if widget.has_class("-win")}
        assert winners == {"cell-b1", "cell-b2", "cell-b3"}
        assert not board.active
        assert "X wins" in str(pilot.app.screen.query_one(GameInfo).render())


async def test_people_play_a_game_to_a_draw_by_mouse() -> None:
    moves = ["b2", "a1", "a2", "c2", "b1", "b3", "c1", "a3", "c3"]
    async with quick_app(PEOPLE).run_test() as pilot:
        for name in moves:
            await click(pilot, name)
        assert record(pilot) == "3x3k3: " + " ".join(moves)
        assert game(pilot).position.outcome.status is Status.DRAW
        assert status(pilot).startswith("Draw!")
        assert not any(widget.has_class("-win") for widget in pilot.app.screen.query(BoardCell))


async def test_keypad_digits_play_on_3x3() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("7", "5", "3")
        assert record(pilot) == "3x3k3: a3 b2 c1"


async def test_a_taken_cell_or_a_finished_game_is_refused_with_a_bell() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        bells = count_bells(pilot)
        await pilot.press("5", "5")
        await click(pilot, "b2")
        assert record(pilot) == "3x3k3: b2"
        assert len(bells) == 2
        assert any("b2 is taken by X" in note for note in told(pilot))
        await pilot.press("1", "4", "7", "6")    # O a1, X a2, O a3, X c2: a2 b2 c2
        assert game(pilot).position.outcome.status is Status.X_WINS
        moves = record(pilot)
        await pilot.press("9")
        assert record(pilot) == moves and len(bells) == 3


async def test_play_again_keeps_the_settings() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("1", "2", "4", "5", "7")
        assert game(pilot).position.outcome.status is Status.X_WINS
        await pilot.press("r")
        assert game(pilot).position == Position.empty("3x3")
        assert game(pilot).setup == PEOPLE
        await pilot.press("5")
        assert record(pilot) == "3x3k3: b2"


async def test_a_record_opens_at_its_last_position_between_people() -> None:
    start = Position.from_moves("4x4k3", "b2 a1 c3")
    async with quick_app(start=start).run_test() as pilot:
        assert game(pilot).setup == GameSetup(start.spec, "human", "human")
        assert record(pilot) == "4x4k3: b2 a1 c3"
        assert pilot.app.screen.query_one("#cell-c3", BoardCell).mark is Mark.X
        assert status(pilot).startswith("O to move")


async def _play_against(pilot: Pilot[None], human: Mark, rng: random.Random) -> Status:
    """A person who picks random empty cells plays the perfect computer to the end."""
    screen = game(pilot)
    while not screen.position.is_over:
        position = screen.position
        if position.to_move is human:
            assert not screen.thinking
            await click(pilot, position.cell_name(rng.choice(position.legal_moves)))
        else:
            await until(pilot, lambda position=position: screen.position != position)
    return screen.position.outcome.status


@pytest.mark.slow
async def test_the_perfect_computer_never_loses_to_a_person() -> None:
    rng = random.Random(2024)
    for human in (Mark.X, Mark.O):
        setup = GameSetup(BoardSpec(3, 3, 3), "human" if human is Mark.X else "perfect",
                          "perfect" if human is Mark.X else "human")
        async with quick_app(setup).run_test() as pilot:
            for _ in range(4):
                result = await _play_against(pilot, human, rng)
                loss = Status.X_WINS if human is Mark.O else Status.O_WINS
                assert result in (Status.DRAW, loss), game(pilot).position.record
                await pilot.press("r")


async def test_the_computer_answers_a_person_and_thinks_visibly() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "perfect")
    async with quick_app(setup).run_test() as pilot:
        await click(pilot, "a1")
        await until(pilot, lambda: len(game(pilot).position.moves) == 2)
        assert game(pilot).position.cell_name(game(pilot).position.moves[1]) == "b2", "the only drawing reply"
        assert not game(pilot).thinking
        assert status(pilot).startswith("X to move")


async def test_computers_play_each_other_to_the_end() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "medium", "perfect")
    async with quick_app(setup, players=seeded(3)).run_test() as pilot:
        await until(pilot, lambda: game(pilot).position.is_over)
        assert game(pilot).position.outcome.status in (Status.DRAW, Status.O_WINS)
        assert status(pilot).startswith(("Draw!", "O wins!"))


async def test_the_computers_answer_waits_out_the_pause_unless_hurried() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "easy")
    app = TicTacToeApp(setup, players=seeded(easy=FirstCellPlayer()), pause=3600.0)
    app.animation_level = "none"
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: (job := game(pilot).turns.jobs.current("move")) is not None
                    and job.answer.done())
        for _ in range(10):
            await pilot.pause(0.01)
        assert record(pilot) == "3x3k3: b2" and game(pilot).thinking, "the answer is in, the pause not over"
        await pilot.press("m")
        await until(pilot, lambda: record(pilot) == "3x3k3: b2 a1")
        assert not game(pilot).thinking


async def test_keys_work_while_the_computer_thinks(blocking: BlockingPlayer) -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    async with quick_app(setup, players=seeded(medium=blocking)).run_test() as pilot:
        bells = count_bells(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: blocking.started.is_set())
        screen = game(pilot)
        assert screen.thinking and status(pilot).startswith("O is thinking")
        assert pilot.app.screen.query_one(StatusLine).spinning
        assert not pilot.app.screen.query_one(Board).active
        # The board takes no moves, but says so: Play is dimmed in the footer, Enter and a click are refused.
        assert not screen.query_one(Board).check_action("play_cursor", ())
        await pilot.press("left", "enter")
        assert record(pilot) == "3x3k3: b2" and len(bells) == 1
        assert "it is the computer's turn" in status(pilot)
        await click(pilot, "c3")
        assert record(pilot) == "3x3k3: b2" and len(bells) == 2
        # Help opens and closes while the search goes on.
        await pilot.press("question_mark")
        assert isinstance(pilot.app.screen, HelpScreen)
        await pilot.press("escape")
        assert pilot.app.screen is screen and screen.thinking and not blocking.stopped.is_set()
        # A new game stops the search at once; going back resumes it.
        await pilot.press("n")
        assert isinstance(pilot.app.screen, NewGameScreen)
        assert blocking.stopped.wait(5)
        assert not screen.thinking
        blocking.started.clear()
        await pilot.press("escape")
        await until(pilot, lambda: blocking.started.is_set())
        assert pilot.app.screen is screen and screen.thinking and blocking.calls == 2
        assert record(pilot) == "3x3k3: b2"


async def test_the_stopped_search_never_lands_on_the_next_game(blocking: BlockingPlayer) -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    async with quick_app(setup, players=seeded(medium=blocking)).run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: blocking.started.is_set())
        await pilot.press("n", "2", "s")
        await confirm(pilot)
        assert blocking.stopped.wait(5)
        screen = game(pilot)
        assert screen.setup.spec == BoardSpec(4, 4, 3)
        for _ in range(20):
            await pilot.pause(0.01)
        assert screen.position == Position.empty("4x4k3")
        assert not screen.thinking


async def test_restarting_while_the_computer_thinks_stops_it(blocking: BlockingPlayer) -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    async with quick_app(setup, players=seeded(medium=blocking)).run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: blocking.started.is_set())
        await pilot.press("r")
        await confirm(pilot)
        assert blocking.stopped.wait(5)
        assert game(pilot).position == Position.empty("3x3") and not game(pilot).thinking


async def test_quitting_while_the_computer_thinks_ends_its_process(blocking: BlockingPlayer) -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    app = quick_app(setup, players=seeded(medium=blocking))
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: blocking.started.is_set())
        engine = app.engine.pid
        assert engine is not None and engine in children(), "the search runs in a process of its own"
        await pilot.press("q")
        await confirm(pilot)
    assert app.return_code == 0
    assert engine not in children() and not blocking.stopped.is_set(), "killed, not asked to finish"


async def test_quitting_at_once_when_the_computer_moves_first(blocking: BlockingPlayer) -> None:
    setup = GameSetup(BoardSpec(15, 15, 5), "medium", "human")
    app = quick_app(setup, players=seeded(medium=blocking))
    async with app.run_test() as pilot:
        await until(pilot, lambda: blocking.started.is_set())
        assert isinstance(pilot.app.screen, GameScreen) and game(pilot).thinking
        engine = app.engine.pid
        await pilot.press("q")
    assert engine is not None and engine not in children()


async def test_the_side_panel_follows_the_game() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        info = pilot.app.screen.query_one(GameInfo)
        assert "▶ X Human" in str(info.render())
        await pilot.press("5", "2", "1", "9", "7", "4", "3")
        text = str(info.render())
        assert text.rstrip().endswith("X wins") and "▶" not in text
        assert info.size.height == len(text.splitlines())
        moves = pilot.app.screen.query_one(MoveList)
        assert moves.option_count == 8 and moves.highlighted == 7
        assert str(moves.get_option_at_index(7).prompt) == "7. X c1"


def test_a_record_and_a_setup_must_agree_on_the_board() -> None:
    with pytest.raises(ValueError, match="not the record's board"):
        TicTacToeApp(GameSetup(), Position.from_moves("4x4k3", "a1"))
