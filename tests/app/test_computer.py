"""The computer's turn: at least a short pause before the move shows, and nothing once stopped."""

from __future__ import annotations

import threading

from tictactoe_tui.app.computer import COMPUTER_PAUSE, computer_move, default_players
from tictactoe_tui.engine import Cell, Position


class RecordingEvent(threading.Event):
    """A stop event that records how long it was asked to wait, without waiting."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[float | None] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waits.append(timeout)
        return self.is_set()


class FixedPlayer:
    name = "fixed"

    def __init__(self, cell: Cell, stop_while_thinking: bool = False) -> None:
        self.cell = cell
        self.stop_while_thinking = stop_while_thinking

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        if self.stop_while_thinking and stop is not None:
            stop.set()
        return self.cell


def test_the_move_waits_out_the_rest_of_the_pause() -> None:
    stop = RecordingEvent()
    assert computer_move(FixedPlayer(4), Position.empty("3x3"), stop, pause=5.0) == 4
    (waited,) = stop.waits
    assert waited is not None and 4.0 < waited <= 5.0


def test_no_pause_means_no_wait() -> None:
    stop = RecordingEvent()
    assert computer_move(FixedPlayer(0), Position.empty("3x3"), stop, pause=0.0) == 0
    assert stop.waits == [0.0]


def test_a_stopped_search_yields_no_move() -> None:
    stop = RecordingEvent()
    assert computer_move(FixedPlayer(4, stop_while_thinking=True), Position.empty("3x3"), stop, 1.0) is None


def test_a_stop_during_the_pause_yields_no_move() -> None:
    stop = threading.Event()
    timer = threading.Timer(0.05, stop.set)
    timer.start()
    try:
        assert computer_move(FixedPlayer(4), Position.empty("3x3"), stop, pause=60.0) is None
    finally:
        timer.cancel()


def test_there_is_a_visible_pause_by_default() -> None:
    assert 0.2 <= COMPUTER_PAUSE <= 1.0


def test_default_players_are_the_engine_levels() -> None:
    position = Position.from_moves("3x3", "a1 b2 a2")
    for name in ("random", "easy", "medium", "perfect"):
        player = default_players(name)
        assert player.name == name
        assert position.is_legal(player.choose(position))
    assert default_players("easy").choose(position) == position.spec.parse_cell("a3")
