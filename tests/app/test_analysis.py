"""The analysis overlay: every empty cell's value for the side to move, recomputed after each move."""

from __future__ import annotations

from driving import (
    BlockingPlayer,
    GatedSolvers,
    board,
    cell_annotations,
    game,
    quick_app,
    seeded,
    settled,
    until,
)

from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")
CORNERS = {"a1", "c1", "a3", "c3"}
EDGES = {"b1", "a2", "c2", "b3"}


async def test_after_the_centre_corners_draw_and_edges_lose() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("5", "a")
        await settled(pilot)
        # O's only drawing replies are the corners; after an edge, X wins on its third move from now.
        assert cell_annotations(pilot) == {**dict.fromkeys(CORNERS, "="), **dict.fromkeys(EDGES, "-6")}
        assert board(pilot).query_one("#cell-a1", BoardCell).has_class("-annotation-draw")
        assert board(pilot).query_one("#cell-b1", BoardCell).has_class("-annotation-loss")


async def test_the_overlay_follows_every_move_and_switches_off() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("a")
        await settled(pilot)
        assert cell_annotations(pilot) == dict.fromkeys(CORNERS | EDGES | {"b2"}, "=")
        await pilot.press("5", "3")  # X b2, O c1
        await settled(pilot)
        assert set(cell_annotations(pilot).values()) == {"="}, "every reply to a corner draws for X"
        assert set(cell_annotations(pilot)) == (CORNERS | EDGES) - {"c1"}
        await pilot.press("a")
        await pilot.pause()
        assert cell_annotations(pilot) == {}
        assert not any(widget.has_class("-annotation-draw") for widget in board(pilot).query(BoardCell))


async def test_wins_are_marked_with_the_moves_to_the_end() -> None:
    start = Position.from_moves("4x4k3", "c1 c3 a1 b3 c2")
    async with quick_app(start=start).run_test() as pilot:
        await pilot.press("a")
        await settled(pilot)
        shown = cell_annotations(pilot)
        assert shown["a3"] == shown["d3"] == "+1", "O completes a3 b3 c3 or b3 c3 d3 at once"
        assert shown["b1"] == "+3"
        assert shown["d4"] == "-2", "anything else lets X complete a line"
        assert board(pilot).query_one("#cell-a3", BoardCell).has_class("-annotation-win")


async def test_a_board_too_big_to_solve_shows_strengths() -> None:
    start = Position.from_moves("15x15k5", "h8 h9 g8 i8")
    async with quick_app(start=start).run_test() as pilot:
        await pilot.press("a")
        await settled(pilot)
        shown = cell_annotations(pilot)
        assert len(shown) == 225 - 4
        assert all(text[0] in "~+-=" for text in shown.values())
        strengths = [int(text[1:]) for text in shown.values() if text.startswith("~")]
        assert strengths and max(strengths) == 9 and min(strengths) == 0
        # One-character cells show the digit alone, between the cursor's brackets if need be.
        cell = next(name for name, text in shown.items() if text == "~9")
        assert str(board(pilot).query_one(f"#cell-{cell}", BoardCell).render()).strip(" []") == "9"


async def test_a_stale_analysis_is_stopped_and_the_new_position_analysed(solvers: GatedSolvers) -> None:
    async with quick_app(PEOPLE, solvers=solvers).run_test() as pilot:
        await pilot.press("a")
        solver = solvers
        await until(pilot, lambda: len(solver.asked) == 1)
        assert set(cell_annotations(pilot).values()) == {"…"}, "the cells say the analysis is under way"
        await pilot.press("5")
        await until(pilot, lambda: len(solver.asked) == 2)
        first, second = solver.asked
        assert first.position == Position.empty("3x3") and second.position == Position.from_moves("3x3", "b2")
        assert first.stopped is True, "the engine was told to stop the stale analysis"
        assert second.stopped is None, "the wanted analysis is still running"
        solver.release.set()
        await settled(pilot)
        assert set(cell_annotations(pilot).values()) == {"="} and "b2" not in cell_annotations(pilot)


async def test_the_analysis_waits_while_the_computer_thinks(solvers: GatedSolvers,
                                                            blocking: BlockingPlayer) -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    async with quick_app(setup, players=seeded(medium=blocking), solvers=solvers).run_test() as pilot:
        solver = solvers
        solver.release.set()
        await pilot.press("a")
        await until(pilot, lambda: len(solver.asked) == 1)
        await pilot.press("enter")
        await until(pilot, blocking.started.is_set)
        for _ in range(10):
            await pilot.pause(0.01)
        assert len(solver.asked) == 1, "no analysis competes with the computer"
        assert cell_annotations(pilot) == {}
        await pilot.press("m")
        await until(pilot, lambda: len(game(pilot).position.moves) == 2)
        await settled(pilot)
        assert [ask.position.record for ask in solver.asked] == ["3x3k3:", "3x3k3: b2 a1"]
        assert set(cell_annotations(pilot)) == set(game(pilot).position.spec.cell_name(c)
                                         for c in game(pilot).position.legal_moves)


async def test_going_back_to_an_analysed_position_needs_no_new_search(solvers: GatedSolvers) -> None:
    async with quick_app(PEOPLE, solvers=solvers).run_test() as pilot:
        solver = solvers
        solver.release.set()
        await pilot.press("a")
        await settled(pilot)
        await pilot.press("5")
        await settled(pilot)
        await pilot.press("u")
        await settled(pilot)
        assert len(solver.asked) == 2
        assert len(cell_annotations(pilot)) == 9
