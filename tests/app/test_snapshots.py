"""What the game looks like, screen by screen, at fixed terminal sizes (SVG snapshots).

Every app here is seeded, waits no time before computer moves and shows the
thinking spinner still, so the pictures are the same on every run. Update
them with ``pytest --snapshot-update`` and look at every changed SVG.
"""

from __future__ import annotations

from collections.abc import Callable

from driving import BlockingPlayer, quick_app, seeded, settled, until
from textual.pilot import Pilot

from tictactoe_tui.app.screens.new_game import NewGameScreen
from tictactoe_tui.app.widgets.choice import Choice
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.session.setup import GameSetup

Snap = Callable[..., bool]

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")


def test_new_game_screen(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(), terminal_size=(80, 24))


def test_new_game_screen_explains_an_impossible_board(snap_compare: Snap) -> None:
    async def choose_k_five(pilot: Pilot[None]) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
        pilot.app.screen.query_one("#k", Choice).value = 5
        await pilot.pause()

    assert snap_compare(quick_app(), run_before=choose_k_five, terminal_size=(80, 24))


def test_empty_3x3_board(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(GameSetup()), terminal_size=(80, 24))


def test_game_in_progress_with_the_cursor(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(PEOPLE), press=["5", "1", "up", "right", "right"], terminal_size=(80, 24))


def test_x_wins_with_the_line_highlighted(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(PEOPLE), press=["1", "2", "5", "3", "9"], terminal_size=(80, 24))


def test_draw(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(PEOPLE), press=list("514628379"), terminal_size=(80, 24))


def test_the_computer_thinking(snap_compare: Snap) -> None:
    blocking = BlockingPlayer()
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "perfect")

    async def play_and_wait(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await until(pilot, blocking.started.is_set)

    app = quick_app(setup, players=seeded(perfect=blocking))
    assert snap_compare(app, run_before=play_and_wait, terminal_size=(80, 24))


def test_4x4_board(snap_compare: Snap) -> None:
    start = Position.from_moves("4x4k3", "b2 c3 a1 c1")
    assert snap_compare(quick_app(start=start), terminal_size=(80, 24))


def test_7x6_board(snap_compare: Snap) -> None:
    start = Position.from_moves("7x6k4", "d1 d2 c1 e1 b1")
    assert snap_compare(quick_app(start=start), terminal_size=(80, 24))


def test_15x15_board(snap_compare: Snap) -> None:
    start = Position.from_moves("15x15k5", "h8 h9 g8 i8 g7 f6 i9")
    assert snap_compare(quick_app(start=start), terminal_size=(80, 24))


def test_help_screen(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(GameSetup()), press=["question_mark"], terminal_size=(80, 24))


def test_terminal_too_small(snap_compare: Snap) -> None:
    setup = GameSetup(BoardSpec(15, 15, 5), "human", "perfect")
    assert snap_compare(quick_app(setup), terminal_size=(40, 12))


def test_light_theme(snap_compare: Snap) -> None:
    async def light(pilot: Pilot[None]) -> None:
        pilot.app.theme = "textual-light"
        await pilot.pause()

    assert snap_compare(quick_app(PEOPLE), run_before=light, press=["1", "2", "5", "3", "9"],
                        terminal_size=(80, 24))


def test_analysis_overlay_on_3x3(snap_compare: Snap) -> None:
    """After X takes the centre: the corners draw for O (=) and the edges lose in six moves (-6)."""

    async def analyse(pilot: Pilot[None]) -> None:
        await pilot.press("5", "a")
        await settled(pilot)

    assert snap_compare(quick_app(PEOPLE), run_before=analyse, terminal_size=(80, 24))


def test_analysis_in_one_row_cells(snap_compare: Snap) -> None:
    """Cells one character wide keep the sign: = for the corners, - for the edges."""

    async def analyse(pilot: Pilot[None]) -> None:
        await pilot.press("5", "a")
        await settled(pilot)

    assert snap_compare(quick_app(PEOPLE), run_before=analyse, terminal_size=(24, 8))


def test_hint(snap_compare: Snap) -> None:
    """O must block at c2, the only move that does not lose: marked, under the cursor, and explained."""

    async def hint(pilot: Pilot[None]) -> None:
        await pilot.press("i")
        await settled(pilot)

    start = Position.from_moves("3x3", "b2 a1 a2")
    assert snap_compare(quick_app(start=start), run_before=hint, terminal_size=(80, 24))


def test_replay_of_a_finished_game(snap_compare: Snap) -> None:
    assert snap_compare(quick_app(PEOPLE), press=["1", "2", "5", "3", "9", "tab", "up", "up"],
                        terminal_size=(80, 24))
