"""The hint: the best move for the side to move, marked on the board with the cursor on it."""

from __future__ import annotations

import gc
import warnings

import pytest
from driving import (
    BlockingPlayer,
    GatedSolvers,
    board,
    cell_annotations,
    confirm,
    game,
    notifications,
    quick_app,
    seeded,
    settled,
    status,
    told,
    until,
)
from textual.pilot import Pilot
from textual.widgets import Footer
from textual.widgets._footer import FooterKey
from textual.widgets._toast import Toast

from tictactoe_tui.app.widgets.cell import BoardCell
from tictactoe_tui.app.widgets.status import StatusLine
from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.engine.proof.book import shipped_win
from tictactoe_tui.engine.solver import Value, solve
from tictactoe_tui.session.setup import GameSetup

PEOPLE = GameSetup(BoardSpec(3, 3, 3), "human", "human")


def hinted(pilot: Pilot[None]) -> list[str]:
    return [name for name, text in cell_annotations(pilot).items() if text == "hint"]


async def test_the_hint_wins_after_a_mistake() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("5", "2")  # X b2, O b1: an edge, which loses
        await pilot.press("i")
        await settled(pilot)
        (name,) = hinted(pilot)
        position = game(pilot).position
        cell = position.spec.parse_cell(name)
        assert solve(position.play(cell)).value is Value.LOSS, "after the hinted move O is lost"
        assert board(pilot).cursor == cell
        assert board(pilot).query_one(f"#cell-{name}", BoardCell).has_class("-annotation-hint")
        assert any(note.startswith(f"Hint for X: {name} — it wins") for note in told(pilot))
        # The cursor is on the hint, so Enter plays it; the hint then goes.
        await pilot.press("enter")
        assert game(pilot).position.moves[-1] == cell
        assert hinted(pilot) == []


async def test_the_hint_asked_for_again_is_said_again() -> None:
    """A toast still shown is not shown twice, but the words reach the status line's reader again
    (``Notices.echo``, which the accessible mode speaks through)."""
    async with quick_app(PEOPLE).run_test(size=(120, 40)) as pilot:
        heard: list[str] = []
        game(pilot).notices.echo = heard.append
        await pilot.press("5", "i")
        await settled(pilot)
        (said,) = [note for note in heard if note.startswith("Hint for O: ")]
        await pilot.press("left", "i")
        await settled(pilot)
        assert heard.count(said) == 2, "the same words again"
        (name,) = hinted(pilot)
        assert board(pilot).cursor == game(pilot).position.spec.parse_cell(name), "back on the hint"


async def test_the_hint_on_a_drawn_board_keeps_the_draw() -> None:
    async with quick_app(PEOPLE).run_test() as pilot:
        await pilot.press("5", "i")
        await settled(pilot)
        (name,) = hinted(pilot)
        assert name in {"a1", "c1", "a3", "c3"}, "only a corner holds the draw against the centre"
        assert any("it draws with best play" in note for note in told(pilot))


async def test_the_hint_works_with_the_analysis_on() -> None:
    start = Position.from_moves("4x4k3", "c1 c3 a1 b3 c2")
    async with quick_app(start=start).run_test() as pilot:
        await pilot.press("a", "i")
        await settled(pilot)
        shown = cell_annotations(pilot)
        (name,) = [cell for cell, text in shown.items() if text == "hint"]
        assert name in {"a3", "d3"}, "the fastest win"
        assert sum(text == "-2" for text in shown.values()) == 8, "the rest of the analysis stays"


def footer_key(pilot: Pilot[None], description: str) -> FooterKey:
    footer = pilot.app.screen.query_one(Footer)
    return next(key for key in footer.query(FooterKey) if key.description == description)


async def test_there_is_no_hint_while_the_computer_thinks(blocking: BlockingPlayer,
                                                         solvers: GatedSolvers) -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "medium")
    async with quick_app(setup, players=seeded(medium=blocking), solvers=solvers).run_test() as pilot:
        assert not footer_key(pilot, "Hint").has_class("-disabled")
        await pilot.press("enter")
        await until(pilot, blocking.started.is_set)
        await pilot.pause()
        assert footer_key(pilot, "Hint").has_class("-disabled")
        await pilot.press("i")
        await pilot.pause()
        assert hinted(pilot) == [] and "No hint while the computer thinks." in told(pilot)
        assert game(pilot).thinking and solvers.asked == [], "no search was started"


async def test_the_status_line_says_a_hint_is_being_looked_for() -> None:
    start = Position.from_moves("15x15k5", "h8 h9 g8 i8")
    solvers = GatedSolvers(hint="j8")
    async with quick_app(start=start, solvers=solvers).run_test() as pilot:
        await pilot.press("i")
        assert status(pilot) == "X to move — looking for the best move…"
        assert game(pilot).query_one(StatusLine).spinning
        solvers.release.set()
        await settled(pilot)
        assert hinted(pilot) == ["j8"] and board(pilot).cursor == start.spec.parse_cell("j8")
        assert "looking for the best move" not in status(pilot)
        assert not game(pilot).query_one(StatusLine).spinning
        assert any("the strongest move found; the position was not solved in the time allowed" in note
                   for note in told(pilot))


async def test_a_move_before_the_hint_arrives_drops_it(solvers: GatedSolvers) -> None:
    async with quick_app(PEOPLE, solvers=solvers).run_test() as pilot:
        await pilot.press("i")
        solver = solvers
        await until(pilot, lambda: len(solver.asked) == 1)
        await pilot.press("5")
        await until(pilot, lambda: solver.asked[0].stopped is not None)
        (ask,) = solver.asked
        assert ask.stopped is True, "the engine was told to stop the stale hint"
        solver.release.set()
        await settled(pilot)
        assert hinted(pilot) == [] and not any(note.startswith("Hint") for note in told(pilot))


async def test_inside_the_shipped_gomoku_proof_the_hint_and_the_analysis_say_it_is_proven() -> None:
    # h8 a1 i9 c2 is a position the proof that ships with the package wins for X.
    start = Position.from_moves("15x15k5", "h8 a1 i9 c2")
    proven = shipped_win(start)
    assert proven is not None and proven.move is not None
    name = start.cell_name(proven.move)
    async with quick_app(start=start).run_test(size=(120, 50)) as pilot:
        await pilot.press("i")
        await settled(pilot)
        assert hinted(pilot) == [name]
        assert any(note.startswith(f"Hint for X: {name} — it wins, proven (the game's proof of Gomoku): "
                                   f"at most {proven.plies} moves") for note in told(pilot))
        await pilot.press("enter", "a")  # X plays the hint; on O's turn every move loses, by the proof
        await settled(pilot)
        shown = cell_annotations(pilot)
        assert len(shown) == len(game(pilot).position.legal_moves)
        assert set(shown.values()) == {f"-≤{proven.plies - 1}"}


async def test_a_worker_cancelled_before_it_starts_leaves_nothing_to_warn_about_at_exit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Quitting can cancel a worker before it starts: what it was handed must not be a coroutine never
    awaited, which Python reports on the terminal once the app has gone."""
    async with quick_app(PEOPLE).run_test() as pilot:
        screen = game(pilot)
        dropped: list[str] = []
        monkeypatch.setattr(screen, "run_worker", lambda work, *, group: dropped.append(group))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            screen.computer.hint()
            screen.action_analysis()
            gc.collect()
        assert dropped == ["hint", "analysis"]
        assert [str(warning.message) for warning in caught] == []


def toasts(pilot: Pilot[None]) -> list[str]:
    """The text of every toast standing on the screen now."""
    return [str(toast.render()) for toast in pilot.app.screen.query(Toast)]


@pytest.mark.parametrize("change", ["a move", "an undo", "a new game"])
async def test_the_hint_s_words_go_when_its_position_does(change: str) -> None:
    async with quick_app(PEOPLE).run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("5", "i")
        await settled(pilot)
        await pilot.press("c")  # a notice about something else, which stays
        await until(pilot, lambda: len(toasts(pilot)) == 2)
        assert [note.startswith("Hint for O: ") for note in notifications(pilot)] == [True, False]
        if change == "a move":
            await pilot.press("1")
        elif change == "an undo":
            await pilot.press("u")
        else:
            await pilot.press("r")
            await confirm(pilot)
        await until(pilot, lambda: len(toasts(pilot)) == 1, rounds=100)  # long before the hint times out
        assert notifications(pilot) == ["3x3k3: b2 — sent to the clipboard"]
        assert "sent to the clipboard" in toasts(pilot)[0] and "Hint" not in toasts(pilot)[0]


async def test_the_hint_s_words_stay_while_its_position_does() -> None:
    async with quick_app(PEOPLE).run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("5", "i")
        await settled(pilot)
        await pilot.press("left", "a")  # the cursor moves and the analysis comes: the position is the same
        await settled(pilot)
        assert [note for note in notifications(pilot) if note.startswith("Hint for O: ")]
        assert any("Hint" in toast for toast in toasts(pilot))


async def test_the_hint_s_words_leave_the_status_line_when_its_position_goes() -> None:
    start = Position.from_moves("15x15k5", "h8 h9 g8 i8")
    solvers = GatedSolvers(hint="j8")
    solvers.release.set()
    async with quick_app(start=start, solvers=solvers).run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("i")
        await settled(pilot)
        assert board(pilot).display and notifications(pilot) == [], "a toast would cover the board"
        assert status(pilot).startswith("Hint for X: j8 — ")
        await pilot.press("enter")  # the cursor is on the hint
        assert game(pilot).position.record == "15x15k5: h8 h9 g8 i8 j8"
        assert status(pilot).startswith("O to move")
