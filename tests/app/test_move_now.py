"""Move now: a thinking computer plays the best move it has found so far, at once."""

from __future__ import annotations

import functools

from driving import HurriedPlayer, game, quick_app, seeded, status, until
from textual.pilot import Pilot
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tictactoe_tui.app import TicTacToeApp
from tictactoe_tui.engine import BoardSpec, Mark, make_player
from tictactoe_tui.session.setup import GameSetup

FOREVER = 3600.0
"""A pause and a time limit far longer than any test may run: a move that arrives was hurried."""


def footer_keys(pilot: Pilot[None]) -> list[tuple[str, bool]]:
    """Each key's description in the footer, and whether it works now (a dimmed key does not)."""
    footer = pilot.app.screen.query_one(Footer)
    return [(key.description, not key.has_class("-disabled")) for key in footer.query(FooterKey)]


async def test_move_now_plays_the_best_move_found_so_far_without_waiting() -> None:
    hurried = HurriedPlayer(found="c3")
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    app = TicTacToeApp(setup, players=seeded(medium=hurried), pause=FOREVER)
    app.animation_level = "none"
    async with app.run_test() as pilot:
        waiting = footer_keys(pilot)
        assert ("Move now", False) in waiting, "dimmed on the person's turn, in its place"
        await pilot.press("enter")
        await until(pilot, hurried.started.is_set)
        await pilot.pause()
        thinking = footer_keys(pilot)
        assert ("Move now", True) in thinking
        assert [name for name, _ in thinking] == [name for name, _ in waiting], "no key moves"
        await pilot.press("m")
        await until(pilot, lambda: len(game(pilot).position.moves) == 2)
        assert hurried.hurried.is_set()
        assert game(pilot).position.record == "3x3k3: b2 c3", "the computer's own answer, not a stand-in"
        assert not game(pilot).thinking and status(pilot).startswith("X to move")
        await pilot.pause()
        assert ("Move now", False) in footer_keys(pilot)


async def test_move_now_hurries_the_real_engine_on_a_board_it_cannot_solve() -> None:
    players = functools.partial(make_player, seed=1, time_limit=FOREVER)
    setup = GameSetup(BoardSpec(15, 15, 5), "human", "perfect")
    app = TicTacToeApp(setup, players=players, pause=0.0)
    app.animation_level = "none"
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: game(pilot).thinking)
        await pilot.press("m")
        await until(pilot, lambda: len(game(pilot).position.moves) == 2)
        position = game(pilot).position
        assert position.to_move is Mark.X and position[position.moves[1]] is Mark.O


async def test_m_does_nothing_on_a_persons_turn() -> None:
    async with quick_app(GameSetup(BoardSpec(3, 3, 3), "human", "human")).run_test() as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert game(pilot).position.moves == () and not game(pilot).thinking
