"""Any brain as a player: our own brain through BrainPlayer, and fake brains that fail in every way."""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from brains import FAKE_BRAIN, fake_brain, our_brain

from tictactoe_tui.engine import EngineFailure, GameError, Mark, Position, make_player
from tictactoe_tui.gomocup.client import BrainFailure, BrainPlayer, BrainStopped
from tictactoe_tui.gomocup.controllers import brain_problem, parse_brain_controller
from tictactoe_tui.gomocup.protocol import ProtocolError
from tictactoe_tui.session.setup import Brain, GameSetup


@pytest.fixture
def players() -> Iterator[list[BrainPlayer]]:
    """Brains made by a test, each closed afterwards; the test asserts on their processes."""
    made: list[BrainPlayer] = []
    yield made
    for player in made:
        player.close()


def assert_engine_failure(error: BaseException) -> None:
    """A brain that failed is an engine that failed, never bad input nor a malformed message of ours."""
    assert isinstance(error, EngineFailure) and isinstance(error, RuntimeError)
    assert not isinstance(error, (ValueError, GameError, ProtocolError))


def brain(players: list[BrainPlayer], argv: list[str], time_limit: float = 0.2) -> BrainPlayer:
    player = BrainPlayer(argv, time_limit=time_limit)
    players.append(player)
    return player


def play(position: Position, x: object, o: object) -> Position:
    while not position.is_over:
        mover = x if position.to_move is Mark.X else o
        position = position.play(mover.choose(position))  # type: ignore[attr-defined]
    return position


@pytest.mark.parametrize("board", ["15x15k5", "9x6k4", "3x3k3", "4x7k3"])
def test_our_brain_plays_whole_games_through_the_client(players: list[BrainPlayer], board: str) -> None:
    player = brain(players, our_brain())
    assert player.name == "pbrain-tictactoe-tui"
    end = play(Position.empty(board), player, make_player("medium", rng=random.Random(1)))
    assert player.name == "tictactoe-tui"  # from ABOUT
    assert end.is_over  # every move the brain made was legal, or play() would have refused it
    assert any(message for message in player.messages())
    assert player.messages() == []  # drained


def recorded(player: BrainPlayer) -> list[str]:
    """The command words the player writes from now on."""
    words: list[str] = []
    write = player._write

    def spy(line: str) -> None:
        words.append(line.split(" ")[0])
        write(line)

    player._write = spy  # type: ignore[method-assign]
    return words


def test_turn_extends_the_last_position_board_resends_any_other(players: list[BrainPlayer]) -> None:
    player = brain(players, our_brain())
    sent = recorded(player)
    first = Position.from_moves("4x4k3", "a1")
    reply = player.choose(first)
    assert sent[sent.index("ABOUT") + 1:] == ["TURN"]
    process = player._process
    sent.clear()
    assert player.choose(first.play(reply).play("d4")) is not None
    assert sent == ["TURN"]
    # After an undo the position is no extension of the last one: BOARD, in the same process.
    sent.clear()
    position = Position.from_moves("4x4k3", "b2 a1")
    assert position.is_legal(player.choose(position))
    assert sent[0] == "BOARD" and sent[-1] == "DONE" and len(sent) == 4
    assert player._process is process
    # The stones are told the right way round: O (to move) must block the row a1 b1 c1.
    position = Position.from_moves("4x4k3", "a1 b2 b1")
    assert position.cell_name(player.choose(position)) == "c1"
    # An empty board after stones: a fresh brain, which opens.
    sent.clear()
    assert Position.empty("4x4k3").is_legal(player.choose(Position.empty("4x4k3")))
    assert player._process is not process
    assert sent[:2] == ["INFO", "START"] and sent[-1] == "BEGIN"  # INFO k 3 goes first


def test_a_brain_that_answers_an_occupied_cell(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("occupied"))
    position = Position.from_moves("15x15k5", "h8")
    with pytest.raises(BrainFailure, match=r"^brain fake occupied played 7,7 \(h8\), which is already taken"):
        player.choose(position)
    assert player._process is None


def test_a_brain_that_sleeps_past_its_time(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("sleep"), time_limit=0.1)
    said = r"^brain fake sleep did not answer within 0.1 s per move"
    with pytest.raises(BrainFailure, match=said) as refused:
        player.choose(Position.empty("15x15k5"))
    assert player._process is None
    assert_engine_failure(refused.value)


def test_a_brain_that_exits(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("exit"))
    said = r"^brain fake exit exited with status 3 \(its last words: 'giving up'\)$"
    with pytest.raises(BrainFailure, match=said) as refused:
        player.choose(Position.empty("15x15k5"))
    assert_engine_failure(refused.value)
    # The next move starts it again (and it fails again, the same way).
    with pytest.raises(BrainFailure, match="exited with status 3"):
        player.choose(Position.empty("15x15k5"))


def test_a_brain_that_answers_garbage(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("garbage"))
    said = r"^brain fake garbage answered 'I resign, probably' instead of a move x,y$"
    with pytest.raises(BrainFailure, match=said) as refused:
        player.choose(Position.empty("15x15k5"))
    assert_engine_failure(refused.value)


def test_a_brain_that_answers_a_coordinate_too_long_to_read(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("huge"))
    with pytest.raises(BrainFailure) as refused:
        player.choose(Position.empty("15x15k5"))
    message = str(refused.value)
    assert message.startswith(f"brain fake huge answered '{'9' * 31}…' instead of a move x,y")
    assert len(message) < 100


def test_a_brain_that_refuses_the_board(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("refuse"))
    with pytest.raises(BrainFailure, match=r"refused the 7x5 board: this board is too small for my liking$"):
        player.choose(Position.empty("7x5k4"))


def test_a_brain_that_does_not_start(players: list[BrainPlayer]) -> None:
    player = brain(players, ["/nonexistent/pbrain-nothing"])
    said = r"^brain pbrain-nothing did not start: No such file or directory"
    with pytest.raises(BrainFailure, match=said) as refused:
        player.choose(Position.empty("15x15k5"))
    assert_engine_failure(refused.value)


def test_message_and_debug_lines_are_set_aside(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("chatty"))
    position = Position.empty("5x5k4")
    assert position.cell_name(player.choose(position)) == "a5"  # 0,0: the top-left cell
    assert player.messages() == ["thinking hard"]
    assert player.name == "fake chatty"


def test_a_brain_that_drops_commands_just_after_its_move_is_sent_the_next_position_in_time(
        players: list[BrainPlayer]) -> None:
    # As Rapfi: a new position sent the moment the brain has moved (a new game, or an opponent that
    # answers at once) would be dropped, and its lines read as unknown commands.
    player = brain(players, fake_brain("settling"))
    position = Position.empty("5x5k4")
    first = player.choose(position)
    other = Position.from_moves("5x5k4", "c3 b2")  # not the game it saw: the client sends BOARD
    second = player.choose(other)
    assert position.cell_name(first) == "a5" and other.cell_name(second) == "a5"
    after = other.play(second)
    assert player.choose(after.play(after.legal_moves[-1])) == after.spec.parse_cell("b5")  # then TURN


def test_an_about_answer_that_comes_late_is_no_move(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("lateabout"))
    position = Position.from_moves("5x5k4", "c3")
    assert position.cell_name(player.choose(position)) == "a5"
    assert player.name == "fake lateabout"


def test_stop_returns_at_once_and_the_late_answer_is_dropped(players: list[BrainPlayer]) -> None:
    player = brain(players, fake_brain("sleep"), time_limit=0.1)
    stop = threading.Event()
    stopper = threading.Timer(0.05, stop.set)
    stopper.start()
    with pytest.raises(BrainStopped, match="was stopped before it answered"):
        player.choose(Position.empty("15x15k5"), stop)
    stopper.join()
    # The sleeper never answers: the next move finds it still owing one and starts a fresh process,
    # which sleeps too, so that move times out.
    process = player._process
    with pytest.raises(BrainFailure, match="did not answer within"):
        player.choose(Position.from_moves("15x15k5", "h8"))
    assert process is not None and process.poll() is not None


def test_stop_with_our_brain_then_the_next_move_is_played(players: list[BrainPlayer]) -> None:
    player = brain(players, our_brain(), time_limit=0.5)
    position = Position.from_moves("15x15k5", "h8")
    stop = threading.Event()
    stop.set()
    player.choose(Position.empty("15x15k5"))  # started, and one move in
    with pytest.raises(BrainStopped):
        player.choose(Position.from_moves("15x15k5", "h8 a1"), stop)
    process, sent = player._process, recorded(player)
    cell = player.choose(position.play("a1").play("b1"))  # the late answer is read and dropped first
    assert position.play("a1").play("b1").is_legal(cell)
    assert player._process is process and sent[0] == "BOARD"


def test_close_ends_the_process_and_leaves_no_zombie(players: list[BrainPlayer]) -> None:
    for argv in (our_brain(), fake_brain("sleep")):
        player = brain(players, argv, time_limit=0.1)
        with contextlib.suppress(BrainFailure):
            player.choose(Position.empty("7x7k4"))
        process = player._process
        player.close()
        player.close()  # twice is harmless
        assert process is None or process.returncode is not None
        if process is not None:
            with pytest.raises(ChildProcessError):
                os.waitpid(process.pid, os.WNOHANG)  # reaped: no zombie left


def test_a_finished_game_has_no_move(players: list[BrainPlayer]) -> None:
    player = brain(players, our_brain())
    with pytest.raises(GameError, match="the game is over"):
        player.choose(Position.from_moves("3x3k3", "a1 b1 a2 b2 a3"))
    assert player._process is None


@pytest.mark.parametrize(
    ("controller", "argv"),
    [
        ("brain:pbrain-rapfi", ["pbrain-rapfi"]),
        ("brain:/opt/brains/pbrain-x --threads 2", ["/opt/brains/pbrain-x", "--threads", "2"]),
        (f"brain:python '{FAKE_BRAIN}' sleep", ["python", str(FAKE_BRAIN), "sleep"]),
    ],
)
def test_brain_controllers_split_like_a_shell(controller: str, argv: list[str]) -> None:
    assert parse_brain_controller(controller) == argv
    brain = GameSetup(o=controller).o
    assert isinstance(brain, Brain) and str(brain) == controller and brain.argv == argv
    assert BrainPlayer.from_controller(controller).argv == tuple(argv)


def test_our_own_brain_is_found_by_name_without_its_folder_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", os.defpath)
    assert brain_problem("brain:pbrain-rapfi") is not None, "other brains need PATH or a path"
    assert brain_problem("brain:pbrain-tictactoe-tui") is None
    program, *rest = parse_brain_controller("brain:pbrain-tictactoe-tui --quiet")
    assert os.path.dirname(program) == os.path.dirname(sys.executable) and rest == ["--quiet"]
    assert os.path.basename(program).startswith("pbrain-tictactoe-tui")


@pytest.mark.parametrize(("controller", "says"), [("brain:", "names no program"),
                                                   ("brain:'open", "cannot be read as a command line"),
                                                   ("perfect", "does not name a brain")])
def test_bad_brain_controllers(controller: str, says: str) -> None:
    with pytest.raises(GameError, match=says):
        parse_brain_controller(controller)


def test_game_setup_refuses_what_no_one_can_play() -> None:
    with pytest.raises(GameError, match=r"^'brain:' cannot play O: 'brain:' names no program"):
        GameSetup(o="brain:")
    with pytest.raises(GameError, match=r"^'god' cannot play X: choose from human, .* or brain:PATH"):
        GameSetup(x="god")


def test_a_player_never_closed_leaves_the_interpreter_to_exit_cleanly(tmp_path: Path) -> None:
    # At exit the reader thread is frozen inside a read of the brain's output: closing that stream
    # then would abort the interpreter ("could not acquire lock ... at interpreter shutdown").
    script = tmp_path / "left_open.py"
    script.write_text(
        "import sys\n"
        "from tictactoe_tui.engine import Position\n"
        "from tictactoe_tui.gomocup.client import BrainPlayer\n"
        "player = BrainPlayer(sys.argv[1:], time_limit=30.0)\n"
        "player.choose(Position.empty('3x3'))\n"
        "print(player._process.pid, flush=True)\n")
    for argv in (our_brain(), fake_brain("chatty")):
        done = subprocess.run([sys.executable, str(script), *argv], capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0 and "Fatal Python error" not in done.stderr, done.stderr
        pid = int(done.stdout)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
