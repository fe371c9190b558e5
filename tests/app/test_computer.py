"""The computer's turn: a short pause before the move shows, none when hurried, and nothing once cancelled."""

from __future__ import annotations

import threading

from tictactoe_tui.app.computer import Turn, computer_move, default_players
from tictactoe_tui.engine import Cell, Position


class RecordingEvent(threading.Event):
    """A stop event that records how long it was asked to wait, without waiting."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[float | None] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waits.append(timeout)
        return self.is_set()


def recording_turn() -> tuple[Turn, RecordingEvent]:
    hurry = RecordingEvent()
    return Turn(hurry=hurry), hurry


class FixedPlayer:
    """Answers ``cell``; may press one of the turn's buttons while thinking, as a person would."""

    name = "fixed"

    def __init__(self, cell: Cell, while_thinking: str = "") -> None:
        self.cell = cell
        self.while_thinking = while_thinking
        self.turn: Turn | None = None
        self.stops: list[threading.Event | None] = []

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        self.stops.append(stop)
        if self.turn is not None and self.while_thinking:
            getattr(self.turn, self.while_thinking)()
        return self.cell


def test_the_move_waits_out_the_rest_of_the_pause() -> None:
    turn, hurry = recording_turn()
    assert computer_move(FixedPlayer(4), Position.empty("3x3"), turn, pause=5.0) == 4
    (waited,) = hurry.waits
    assert waited is not None and 0.0 < waited <= 5.0


def test_no_pause_means_no_wait() -> None:
    turn, hurry = recording_turn()
    assert computer_move(FixedPlayer(0), Position.empty("3x3"), turn, pause=0.0) == 0
    assert hurry.waits == [0.0]


def test_the_engine_is_stopped_through_the_hurry_event() -> None:
    player = FixedPlayer(4)
    turn = Turn()
    computer_move(player, Position.empty("3x3"), turn, pause=0.0)
    assert player.stops == [turn.hurry]


def test_a_cancelled_turn_yields_no_move() -> None:
    player = FixedPlayer(4, while_thinking="cancel")
    player.turn = turn = Turn()
    assert computer_move(player, Position.empty("3x3"), turn, pause=1.0) is None


def test_move_now_keeps_the_answer_and_skips_the_pause() -> None:
    player = FixedPlayer(7, while_thinking="move_now")
    player.turn = turn = Turn()
    # The pause is far longer than any test may take: returning at all shows it was skipped.
    assert computer_move(player, Position.empty("3x3"), turn, pause=3600.0) == 7
    assert turn.hurry.is_set() and not turn.cancelled.is_set()


def test_a_cancel_during_the_pause_yields_no_move() -> None:
    turn = Turn()
    timer = threading.Timer(0.05, turn.cancel)
    timer.start()
    try:
        assert computer_move(FixedPlayer(4), Position.empty("3x3"), turn, pause=60.0) is None
    finally:
        timer.cancel()


def test_default_players_are_the_engine_levels() -> None:
    position = Position.from_moves("3x3", "a1 b2 a2")
    for name in ("random", "easy", "medium", "perfect"):
        player = default_players(name)
        assert player.name == name
        assert position.is_legal(player.choose(position))
    assert default_players("easy").choose(position) == position.spec.parse_cell("a3")
