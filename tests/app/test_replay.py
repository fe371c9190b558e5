"""Replay: the board shows the game as it was at any move, and returns to it with Esc."""

from __future__ import annotations

from driving import (
    FirstCellPlayer,
    board,
    cell_annotations,
    count_bells,
    game,
    quick_app,
    seeded,
    settled,
    status,
    told,
    until,
)
from textual.pilot import Pilot

from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.app.widgets.move_list import MoveList
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")
WON = ("1", "2", "5", "3", "9")
"""X a1, O b1, X b2, O c1, X c3: X wins on the diagonal."""


def shown_moves(pilot: Pilot[None]) -> str:
    return board(pilot).position.record


def move_list(pilot: Pilot[None]) -> MoveList:
    return game(pilot).query_one(MoveList)


async def test_selecting_a_move_shows_the_board_as_it_was_then() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press(*WON)
        # The list's border is one row, then "start": row 4 is move 3.
        assert await pilot.click(MoveList, offset=(4, 4))
        assert shown_moves(pilot) == "3x3k3: a1 b1 b2"
        assert status(pilot) == "Replay: move 3 of 5 — Esc returns to the game"
        assert move_list(pilot).highlighted == 3
        assert not any(widget.has_class("-win") for widget in board(pilot).query(BoardCell))
        assert game(pilot).position.record == "3x3k3: a1 b1 b2 c1 c3", "the game itself is unchanged"


async def test_the_arrow_keys_step_through_the_game_and_escape_returns() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press(*WON, "tab")
        assert move_list(pilot).has_focus
        await pilot.press("up")
        assert shown_moves(pilot) == "3x3k3: a1 b1 b2 c1"
        await pilot.press("left", "left")
        assert shown_moves(pilot) == "3x3k3: a1 b1"
        await pilot.press("down")
        assert shown_moves(pilot) == "3x3k3: a1 b1 b2"
        await pilot.press("right")
        assert status(pilot) == "Replay: move 4 of 5 — Esc returns to the game"
        await pilot.press("home")
        assert shown_moves(pilot) == "3x3k3:"
        assert status(pilot).startswith("Replay: the empty board (5 moves)")
        await pilot.press("up")
        assert shown_moves(pilot) == "3x3k3:", "the steps stop at the start rather than wrap around"
        await pilot.press("escape")
        assert shown_moves(pilot) == "3x3k3: a1 b1 b2 c1 c3"
        assert status(pilot).startswith("X wins!") and board(pilot).has_focus


async def test_end_returns_to_the_game_and_enter_on_it_gives_the_board_the_keys() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("5", "1", "9", "tab", "up", "up")
        assert shown_moves(pilot) == "3x3k3: b2"
        await pilot.press("end")
        assert shown_moves(pilot) == "3x3k3: b2 a1 c3" and status(pilot).startswith("O to move")
        assert move_list(pilot).has_focus
        await pilot.press("enter")
        assert board(pilot).has_focus
        await pilot.press("3")
        assert game(pilot).position.record == "3x3k3: b2 a1 c3 c1"


async def test_the_board_takes_no_moves_in_a_replay() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        bells: list[None] = []
        pilot.app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
        await pilot.press("5", "1", "comma")
        assert shown_moves(pilot) == "3x3k3: b2"
        await pilot.press("9")
        await pilot.click("#cell-c1")
        assert game(pilot).position.record == "3x3k3: b2 a1" and len(bells) == 2
        assert not board(pilot).active
        assert any("Esc returns to the game, where moves are played" in note for note in told(pilot))
        await pilot.press("escape", "9")
        assert game(pilot).position.record == "3x3k3: b2 a1 c3"


async def test_comma_and_full_stop_replay_where_the_side_panel_is_hidden() -> None:
    async with quick_app(PEOPLE).run_test(size=(40, 16)) as pilot:
        assert not game(pilot).query_one("#side").display
        await pilot.press(*WON, "comma", "comma")
        assert shown_moves(pilot) == "3x3k3: a1 b1 b2"
        assert status(pilot) == "Replay: move 3 of 5 — Esc returns to the game"
        await pilot.press("full_stop")
        assert shown_moves(pilot) == "3x3k3: a1 b1 b2 c1"
        await pilot.press("full_stop")
        assert game(pilot).game.shown_ply is None and status(pilot).startswith("X wins!")
        await pilot.press("full_stop")
        assert game(pilot).game.shown_ply is None, "there is nothing after the game"
        assert "This is the game as it stands: , steps back through its moves." in told(pilot)


async def test_each_end_of_the_replay_says_why_nothing_moves() -> None:
    async with quick_app(PEOPLE).run_test(size=(120, 40)) as pilot:
        bells = count_bells(pilot)
        await pilot.press("comma")
        assert "No move has been played yet: there is nothing to replay." in told(pilot)
        await pilot.press("5", "1", "9", "u", "full_stop")
        assert shown_moves(pilot) == "3x3k3: b2 a1 c3"
        assert bells == [None]
        await pilot.press("full_stop")
        assert "This is the last move taken back: , steps back, Esc returns to the game." in told(pilot)
        await pilot.press(*["comma"] * 3)
        assert shown_moves(pilot) == "3x3k3:"
        assert bells == [None, None]
        await pilot.press("comma")
        assert shown_moves(pilot) == "3x3k3:" and len(bells) == 3
        assert "This is the empty board, where the game began: . steps forward." in told(pilot)


async def test_replaying_the_moves_taken_back() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("5", "1", "9", "u", "u", "full_stop")
        assert shown_moves(pilot) == "3x3k3: b2 a1"
        assert game(pilot).position.record == "3x3k3: b2"
        await pilot.press("full_stop")
        assert shown_moves(pilot) == "3x3k3: b2 a1 c3"


async def test_the_game_goes_on_under_a_replay() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "easy")
    async with quick_app(setup, players=seeded(easy=FirstCellPlayer())).run_test() as pilot:
        await pilot.press("5")
        await until(pilot, lambda: len(game(pilot).position.moves) == 2)
        await pilot.press("9", "comma", "comma")
        await until(pilot, lambda: len(game(pilot).position.moves) == 4)
        assert shown_moves(pilot) == "3x3k3: b2 a1"
        assert status(pilot) == "Replay: move 2 of 4 — Esc returns to the game"


async def test_the_analysis_follows_the_replay() -> None:
    async with quick_app(start=Position.from_moves("3x3", "b2 b1")).run_test() as pilot:
        await pilot.press("a")
        await settled(pilot)
        # After the edge reply, X wins with every move but b3, which lets O draw.
        winning = dict.fromkeys(("a1", "c1", "a2", "c2", "a3", "c3"), "+5")
        assert cell_annotations(pilot) == {**winning, "b3": "="}
        await pilot.press("comma")
        await settled(pilot)
        assert cell_annotations(pilot) == {name: "=" if name in {"a1", "c1", "a3", "c3"} else "-6"
                                for name in ("a1", "c1", "a3", "c3", "b1", "a2", "c2", "b3")}
