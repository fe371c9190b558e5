"""A third-party Gomocup client (pygomo-lib) drives pbrain-tictactoe-tui through whole games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from brains import HERE, our_brain
from pygomo import BoardPosition, CommandContext, CommandResult, EngineClient, Move
from pygomo.command.handlers.base import BaseCommandHandler

from tictactoe_tui.engine import BoardSpec, Cell, Mark, Position, make_player
from tictactoe_tui.gomocup.protocol import from_protocol, to_protocol

WAIT = 60.0
"""pygomo's per-command wait: a hang guard only; the brain is told 100 ms a move."""


class RectStart(BaseCommandHandler):
    """RECTSTART w,h, which pygomo does not send itself: answered with OK like START."""

    @property
    def command_name(self) -> str:
        return "RECTSTART"

    def execute(self, context: CommandContext) -> CommandResult:
        width, height = context.args
        self.send_command(context, f"{width},{height}")
        if self.receive_ok(context):
            return CommandResult.success()
        return CommandResult.error("RECTSTART failed")


@pytest.fixture
def client() -> Iterator[EngineClient]:
    engine = EngineClient(our_brain()[0], working_directory=HERE.anchor)
    engine.registry.register(RectStart())
    engine.connect()
    try:
        yield engine
    finally:
        engine.quit()


def start(client: EngineClient, spec: BoardSpec) -> None:
    if spec.width == spec.height:
        assert client.start(spec.width, timeout=WAIT)
    else:
        assert client.execute("RECTSTART", spec.width, spec.height, timeout=WAIT).is_success
    client.set_time(turn_time_ms=100)


def move_of(spec: BoardSpec, cell: Cell) -> Move:
    return Move(to_protocol(spec, cell))


def cell_of(spec: BoardSpec, move: Move) -> Cell:
    return from_protocol(spec, move.col, move.row)


def play_out(client: EngineClient, position: Position, brain: Mark, seed: int) -> Position:
    """Play ``position`` to its end: the brain through pygomo, the other side the engine's medium level."""
    opponent = make_player("medium", rng=random.Random(seed))
    spec = position.spec
    while not position.is_over:
        if position.to_move is brain:
            if position.moves:
                result = client.turn(move_of(spec, position.moves[-1]), timeout=WAIT)
            else:
                result = client.begin(timeout=WAIT)
            assert result is not None, "the brain gave no move"
            cell = cell_of(spec, result.move)
            assert position.is_legal(cell), result.move
            position = position.play(cell)
        else:
            position = position.play(opponent.choose(position))
    return position


@pytest.mark.parametrize(("board", "brain"), [("15x15k5", Mark.X), ("15x15k5", Mark.O), ("11x7k5", Mark.X),
                                              ("7x12k5", Mark.O)])
def test_complete_games_on_square_and_rectangular_boards(client: EngineClient, board: str,
                                                         brain: Mark) -> None:
    spec = BoardSpec.parse(board)
    start(client, spec)
    about = client.about(timeout=WAIT)
    assert about is not None and 'name="tictactoe-tui"' in about
    position = play_out(client, Position.empty(spec), brain, seed=7)
    assert position.is_over
    brain_moves = position.moves[0 if brain is Mark.X else 1::2]
    assert len(brain_moves) >= 4  # every one of them legal, checked as it was played


def test_board_positions_and_takeback_then_the_game_goes_on(client: EngineClient) -> None:
    spec = BoardSpec.parse("15x15k5")
    start(client, spec)
    # The opponent (O) has four on row 8, h8 to k8, closed by X's g8: the brain (X) must take l8.
    position = Position.from_moves(spec, "d4 h8 g8 i8 d12 j8 a1 k8")
    setup = BoardPosition()
    for index, cell in enumerate(position.moves):
        setup.add_move(move_of(spec, cell), BoardPosition.SELF if index % 2 == 0 else BoardPosition.OPPONENT)
    result = client.board(setup, timeout=WAIT)
    assert result is not None
    block = cell_of(spec, result.move)
    assert spec.cell_name(block) == "l8"
    position = position.play(block)
    # Take back the brain's answer and the opponent's last stone, then play on with TURN from there.
    assert client.takeback(move_of(spec, block), timeout=WAIT)
    assert client.takeback(move_of(spec, position.moves[-2]), timeout=WAIT)
    position = position.undo(2)
    position = position.play("a15")
    result = client.turn(move_of(spec, position.moves[-1]), timeout=WAIT)
    assert result is not None
    position = position.play(cell_of(spec, result.move))
    position = play_out(client, position.play(make_player("medium", seed=3).choose(position)), Mark.X, seed=3)
    assert position.is_over


def test_a_board_where_the_brain_wins_at_once(client: EngineClient) -> None:
    spec = BoardSpec.parse("9x6k5")
    start(client, spec)
    position = Position.from_moves(spec, "a1 a6 b1 c6 c1 e6 d1 g6")
    setup = BoardPosition()
    for index, cell in enumerate(position.moves):
        setup.add_move(move_of(spec, cell), BoardPosition.SELF if index % 2 == 0 else BoardPosition.OPPONENT)
    result = client.board(setup, timeout=WAIT)
    assert result is not None
    assert spec.cell_name(cell_of(spec, result.move)) == "e1"
    assert position.play(cell_of(spec, result.move)).outcome.winner is Mark.X
