"""The command line: solving positions, starting games and refusing bad input."""

from __future__ import annotations

import json
import os
import pty
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from long_input import LONG, SHOWN, short_id

from tictactoe_tui import cli, solve_command
from tictactoe_tui.engine import EngineFailure, GameError, Position, SearchResult, Solver, Value, solve
from tictactoe_tui.engine.rules.inputs import quote
from tictactoe_tui.gomocup.client import BrainFailure
from tictactoe_tui.gomocup.controllers import SHOWN_PATH
from tictactoe_tui.gomocup.protocol import ProtocolError
from tictactoe_tui.profile.saved_games import save_game
from tictactoe_tui.session.engine_process import EngineStopped
from tictactoe_tui.session.setup import HUMAN, GameSetup, Level


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command as a user would, in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "tictactoe_tui", *args],
                          capture_output=True, text=True, timeout=120)


def test_solve_json_reports_value_moves_nodes_and_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "3x3", "--moves", "a1 b1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    expected = solve(Position.from_moves("3x3", "a1 b1"))
    assert report["value"] == "win" == expected.value.value
    assert report["best_moves"] == [expected_cell for expected_cell in
                                    (Position.empty("3x3").spec.cell_name(c) for c in expected.best_moves)]
    assert report["to_move"] == "X"
    assert report["board"] == "3x3k3"
    assert isinstance(report["nodes"], int) and report["nodes"] > 0
    assert isinstance(report["seconds"], float) and report["seconds"] >= 0


def test_solve_text_names_the_value_of_the_empty_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "3x3k3"]) == 0
    out = capsys.readouterr().out
    assert "value:      draw" in out
    assert "3x3k3 (empty board)" in out
    assert "nodes:" in out and "seconds:" in out


def test_solve_a_finished_game_reports_the_loss(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "3x3", "--moves", "a1 a2 b1 b2 c1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] == "loss"
    assert report["best_moves"] == []


def test_time_limited_solve_of_a_big_board_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "15x15k5", "--moves", "h8", "--json", "--time-limit", "0.3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] in {value.value for value in Value}
    assert len(report["best_moves"]) >= 1
    assert report["best_moves"][0] != "h8"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["solve", "3x3k4"], "k must be from 1 to 3"),
        (["solve", "banana"], "not of the form WxH"),
        (["solve", "3x3", "--moves", "b2 b2"], "move 2 (b2): b2 is already taken by X"),
        (["solve", "3x3", "--moves", "a9"], "'a9' is off the 3x3 board"),
        (["solve", "3x3", "--time-limit", "soon"], "'soon' is not a number of seconds"),
        (["solve", "3x3", "--time-limit", "-1"], "must be a positive number"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["--x", "god"], "invalid choice: 'god'"),
        (["--board", "30x30"], "width 30 is out of range"),
        (["--record", "4x4k3: b2 b2"], "b2 is already taken"),
        (["--record", "nonsense"], "does not start with a board"),
        (["--record", "3x3: a1", "--board", "4x4"], "does not match the record's board 3x3k3"),
        (["serve", "--port", "99999"], "not a port number"),
        (["serve", "--host", "a..b"], "'a..b' is not an address of this computer"),
        (["--board", "4x4", "solve", "3x3"], "--board before solve is for the game: a command's own"),
        (["--x", "perfect", "--accessible", "brain"], "--x and --accessible before brain are for the game"),
        (["--board", "4x4", "host", "--board", "3x3"], "--board before host is for the game"),
        (["solve", "3x3", "--jobs", "100000"], "'100000' is more processes than this computer's"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], says: str) -> None:
    assert says in refusal(*args)


def refusal(*args: str) -> str:
    """The one line the command prints as it refuses ``args``: exit 2, nothing on stdout, no traceback."""
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--record", f"3x3: a{LONG}"], f"'a{SHOWN[:-2]}…' is off the 3x3 board (a1 to c3)"),
        (["--record", f"{LONG}x3: a1"], f"width {SHOWN} is out of range: it must be from 1 to 26"),
        (["--record", f"3x3k{LONG}: a1"], f"k={SHOWN} cannot be played on a 3x3 board"),
        (["solve", "3x3", "--moves", f"a{LONG}"], f"'a{SHOWN[:-2]}…' is off the 3x3 board (a1 to c3)"),
        (["--board", f"{LONG}x3"], f"argument --board: width {SHOWN} is out of range"),
        (["solve", f"3x3k{LONG}"], f"argument SPEC: k={SHOWN} cannot be played"),
        (["--record", f"3x3: {'b2 ' * 3000}"], "b2 is already taken by X"),
        (["solve", "3x3", "--jobs", LONG], f"'{SHOWN}' is not a number of processes"),
        (["serve", "--port", LONG], f"'{SHOWN}' is not a port number"),
        (["solve", "3x3", "--time-limit", "x" * 5000], "is not a number of seconds"),
        (["--x", "x" * 5000], "invalid choice: 'xxxxxxxx"),
        ([LONG], f"invalid choice: '{SHOWN}'"),
        ([f"--{LONG}"], "unrecognized arguments: --9999"),
    ],
    ids=short_id,
)
def test_values_too_long_to_read_or_repeat_are_one_short_line_and_exit_2(args: list[str], says: str) -> None:
    line = refusal(*args)
    assert says in line
    assert len(line) < 300


def _file(path: Path, content: bytes, mode: int) -> Path:
    path.write_bytes(content)
    path.chmod(mode)
    return path


def test_a_brain_that_cannot_run_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    """A file that exists is not yet a program: each is refused with its reason, as a missing one is."""
    cases = [
        (tmp_path, "is a directory, not a program"),
        (_file(tmp_path / "plain", b"#!/bin/sh\n", 0o644), "is not executable"),
        (_file(tmp_path / "hostname", b"a-host-name\n", 0o755), "is not a program"),
    ]
    for path, says in cases:
        result = run("--x", f"brain:{path}")
        assert result.returncode == 2
        lines = result.stderr.strip().splitlines()
        shown = quote(str(path), SHOWN_PATH)
        assert len(lines) == 1 and f"argument --x: brain program {shown} {says}" in lines[0], result.stderr


def test_help_lists_subcommands_and_flags() -> None:
    result = run("--help")
    assert result.returncode == 0
    for word in ("solve", "serve", "--board", "--x", "--o", "--record"):
        assert word in result.stdout


@dataclass(frozen=True)
class Started:
    """How the command line would start the app."""

    setup: GameSetup | None
    start: Position | None
    served: bool
    accessible: bool


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Started]:
    """Each app the command line starts, as what it was given; the app itself never runs."""
    calls: list[Started] = []

    class FakeApp:
        return_code = 0

        def __init__(self, setup: GameSetup | None, start: Position | None, *, served: bool = False,
                     accessible: bool = False) -> None:
            calls.append(Started(setup, start, served, accessible))

        def run(self) -> None:
            pass

    import tictactoe_tui.app

    monkeypatch.setattr(tictactoe_tui.app, "TicTacToeApp", FakeApp)
    return calls


def test_flags_build_the_game_setup(started: list[Started]) -> None:
    """The flags reach the app as a setup, and a record as the starting position."""
    assert cli.main(["--board", "4x4k3", "--x", "perfect", "--o", "human"]) == 0
    assert cli.main([]) == 0
    assert cli.main(["--record", "4x4k3: b2 a1 c3", "--o", "medium"]) == 0
    assert cli.main(["--record", "3x3k3: b2"]) == 0
    first, plain, recorded, replayed = ((call.setup, call.start) for call in started)
    assert first[0] is not None
    assert (str(first[0].spec), str(first[0].x), str(first[0].o)) == ("4x4k3", "perfect", "human")
    assert plain == (None, None)
    assert recorded[0] is not None and (str(recorded[0].spec), str(recorded[0].o)) == ("4x4k3", "medium")
    assert str(recorded[0].x) == "human"
    assert recorded[1] is not None and recorded[1].record == "4x4k3: b2 a1 c3"
    assert replayed[0] is not None and (str(replayed[0].x), str(replayed[0].o)) == ("human", "human")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--o", "brain:"], "'brain:' names no program"),
        (["--o", "brain:'unclosed"], "cannot be read as a command line"),
        (["--x", "brain:/nonexistent/pbrain-x --fast"], "brain program '/nonexistent/pbrain-x' is not found"),
        (["--x", "brainy"], "invalid choice: 'brainy'"),
        (["brain", "--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["brain", "--seed", "seven"], "argument --seed: expected a whole number, not 'seven'"),
        (["brain", "--nodes", "0"], "argument --nodes: expected a whole number of at least 1, not '0'"),
    ],
)
def test_bad_brain_controllers_are_one_clear_line_and_exit_2(args: list[str], says: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], result.stderr


@pytest.mark.parametrize("side", ["--x", "--o"])
def test_a_served_game_refuses_a_brain_before_it_starts(side: str, tmp_path: Path) -> None:
    target = tmp_path / "started"
    result = run("--served", side, f"brain:{sys.executable} -c open({str(target)!r},'w')")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "tictactoe-tui: error: a served game plays no Gomocup brain (see tictactoe-tui --help)"]
    assert not target.exists()


def test_the_accessible_flag_reaches_the_app(started: list[Started]) -> None:
    assert cli.main(["--accessible", "--board", "15x15k5"]) == 0
    assert cli.main([]) == 0
    assert [call.accessible for call in started] == [True, False]


def test_a_brain_controller_reaches_the_game_setup(started: list[Started]) -> None:
    controller = f"brain:{sys.executable} -m tictactoe_tui.gomocup"
    assert cli.main(["--board", "15x15", "--o", controller]) == 0
    (setup,) = (call.setup for call in started)
    assert setup is not None and str(setup.o) == controller and str(setup.x) == "human"


def test_the_brain_subcommand_speaks_the_protocol() -> None:
    result = subprocess.run([sys.executable, "-m", "tictactoe_tui", "brain"], capture_output=True, text=True,
                            input="INFO timeout_turn 50\nSTART 7\nBEGIN\nBOGUS\nABOUT\nEND\n", timeout=120)
    assert result.returncode == 0, result.stderr
    answers = [line for line in result.stdout.splitlines() if not line.startswith("MESSAGE")]
    assert answers[0] == "OK"
    x, y = (int(part) for part in answers[1].split(","))
    assert 0 <= x < 7 and 0 <= y < 7
    assert answers[2:] == ["UNKNOWN command BOGUS is not understood", answers[3]]
    assert answers[3].startswith('name="tictactoe-tui"')
    assert result.stderr == ""


@pytest.mark.parametrize("host", ["127.0.0.1", "192.0.2.1"])
def test_serve_where_it_cannot_listen_is_one_line_before_any_banner(host: str) -> None:
    """A busy port, or an address this machine does not have (192.0.2.1 is reserved for documentation)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("serve", "--host", host, "--port", str(port))
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1, result.stderr
    assert f"cannot serve on {host}:{port}" in lines[0]
    assert "Serving" not in result.stderr and "Traceback" not in result.stderr


def test_a_port_taken_after_the_check_is_still_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another program may take the port between the check and the server's bind."""
    from tictactoe_tui.web.server import GameServer

    def taken(self: GameServer) -> None:
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(GameServer, "serve", taken)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(SystemExit) as exited:
        cli.main(["serve", "--port", str(port)])
    assert exited.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    said = f"tictactoe-tui serve: error: cannot serve on 127.0.0.1:{port}: Address already in use"
    assert lines[-1].startswith(said)


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (GameError("k=5 cannot be played on a 3x3 board"), "k=5 cannot be played on a 3x3 board"),
        (EngineStopped("the engine's process ended"), "the engine's process ended"),
        (BrainFailure("brain x exited with status 3"), "brain x exited with status 3"),
        (ProtocolError("'7;7' is not a coordinate pair x,y"), "'7;7' is not a coordinate pair x,y"),
        (OSError("cannot serve on ::1:80: Permission denied"), "cannot serve on ::1:80: Permission denied"),
        (PermissionError(13, "Permission denied", "/data/stats.json"), "Permission denied: /data/stats.json"),
        (cli.MissingDependency("serving needs textual-serve"), "serving needs textual-serve"),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, Exception) else "",
)
def test_every_kind_of_failure_expected_is_refused_in_one_line_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: Exception, says: str
) -> None:
    def failing(args: object) -> int:
        raise error

    monkeypatch.setattr(cli, "_solve", failing)
    with pytest.raises(SystemExit) as exited:
        cli.main(["solve", "3x3"])
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"tictactoe-tui solve: error: {says} (see tictactoe-tui solve --help)\n"


@pytest.mark.parametrize("error", [RuntimeError("a bug"), ValueError("a bug"), ImportError("a bug")],
                         ids=lambda error: type(error).__name__)
def test_an_error_of_no_expected_kind_is_a_bug_and_keeps_its_traceback(
    monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    """Only the roots are refused: a plain ``RuntimeError`` is no ``EngineFailure``, nor a ``ValueError`` a
    ``GameError``."""
    def failing(args: object) -> int:
        raise error

    monkeypatch.setattr(cli, "_solve", failing)
    with pytest.raises(type(error)) as raised:
        cli.main(["solve", "3x3"])
    assert raised.value is error


def test_serve_without_textual_serve_says_how_to_add_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tictactoe_tui.web.server", None)  # As if textual-serve were missing.
    with pytest.raises(cli.MissingDependency) as missing:
        cli._serve(cli.build_parser().parse_args(["serve"]))
    assert isinstance(missing.value, ImportError) and not isinstance(missing.value, GameError)
    with pytest.raises(SystemExit) as exited:
        cli.main(["serve"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "tictactoe-tui serve: error: serving needs textual-serve: pip install 'tictactoe-tui[web]' "
        "(see tictactoe-tui serve --help)"]


def test_a_port_that_cannot_be_listened_on_is_a_socket_failure_not_bad_input() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(OSError, match=f"^cannot serve on 127.0.0.1:{port}: ") as refused:
            cli._check_listen("127.0.0.1", port)
    assert not isinstance(refused.value, (GameError, EngineFailure))


def test_solve_on_a_finished_game_says_how_it_ended(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "3x3", "--moves", "a1 b1 a2 b2 a3"]) == 0
    out = capsys.readouterr().out
    assert "value:      the game is over: X won (a1 a2 a3)" in out and "0 more moves" not in out
    assert cli.main(["solve", "3x3", "--moves", "a1 b2 c3 b1 b3 a3 c1 c2 a2"]) == 0
    assert "the game is over: a draw" in capsys.readouterr().out


def test_solve_names_a_few_moves_when_all_are_equal(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "26x26k1", "--time-limit", "5"]) == 0
    best = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("best moves:"))
    assert best == "best moves: all 676 moves are as good (a1 b1 c1 d1 e1 f1 g1 h1 …)"
    assert cli.main(["solve", "26x26k1", "--time-limit", "5", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["best_moves"]) == 676, "the JSON keeps them all"


def test_solve_warns_up_front_when_it_may_run_for_hours(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli.main(["solve", "7x7k4", "--moves", "d4", "--time-limit", "0.1"]) == 0
    assert capsys.readouterr().err == "", "a limit bounds it: nothing to warn of"
    asked: list[float | None] = []

    class CutShort(Solver):
        """The solve the warning is about, cut short."""

        def prove(self, position: Position, *, time_limit: float | None = None,
                  **rest: Any) -> SearchResult:
            asked.append(time_limit)
            return super().prove(position, time_limit=0.05, **rest)

    monkeypatch.setattr(solve_command, "Solver", CutShort)
    assert cli.main(["solve", "8x8k5"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "64 empty cells" in err and "--time-limit" in err, "said first"
    assert cli.main(["solve", "9x4k4", "--moves", "e2", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["board"] == "9x4k4", "stdout is the JSON object alone"
    assert "35 empty cells" in captured.err and captured.err.count("\n") == 1
    assert asked == [None, None], "no limit given, none imposed"


def test_solve_does_not_warn_of_hours_where_the_atlas_proves_the_board_in_a_minute(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    class CutShort(Solver):
        def prove(self, position: Position, *, time_limit: float | None = None,
                  **rest: Any) -> SearchResult:
            return super().prove(position, time_limit=0.05, **rest)

    monkeypatch.setattr(solve_command, "Solver", CutShort)
    for board in ("7x7k5", "4x8k4"):
        assert cli.main(["solve", board]) == 0
        assert "hours" not in capsys.readouterr().err, board


def test_ctrl_c_prints_the_best_answer_so_far_and_exits_130() -> None:
    # 8x8k5 is far from proven in a minute, so only Ctrl+C can end this solve before the timeout.
    solving = subprocess.Popen([sys.executable, "-m", "tictactoe_tui", "solve", "8x8k5"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_as_from_a_terminal)
    assert solving.stderr is not None
    assert "64 empty cells" in solving.stderr.readline()  # it has started proving
    solving.send_signal(signal.SIGINT)
    out, err = solving.communicate(timeout=60)
    assert solving.returncode == 130, (out, err)
    assert "value:      unknown" in out and "best moves: " in out
    assert "stopped by Ctrl+C" in err and "Traceback" not in err


def test_ctrl_c_ends_the_worker_processes_too() -> None:
    solving, workers = _proving_with_workers()
    solving.send_signal(signal.SIGINT)
    out, err = solving.communicate(timeout=60)
    assert solving.returncode == 130, (out, err)
    assert "value:      unknown" in out and "Traceback" not in err
    assert not any(Path(f"/proc/{worker}").exists() for worker in workers), "no worker left behind"


def test_workers_end_when_their_parent_is_killed() -> None:
    solving, workers = _proving_with_workers()
    solving.kill()  # no chance to end them itself
    solving.communicate(timeout=60)
    for _ in range(600):
        if not any(_command_line(worker) for worker in workers):
            break
        time.sleep(0.1)
    else:
        pytest.fail("the workers outlived their parent")


def _as_from_a_terminal() -> None:
    """Let Ctrl+C reach the command as it does from a terminal, even when the tests themselves run
    with SIGINT ignored (a shell's background job does that, and children inherit it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _proving_with_workers() -> tuple[subprocess.Popen[str], set[int]]:
    """``solve 9x4k4 --jobs 2`` running, once the zone prover has handed its replies to two workers
    (within seconds), and the workers' process ids."""
    solving = subprocess.Popen([sys.executable, "-m", "tictactoe_tui", "solve", "9x4k4", "--jobs", "2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_as_from_a_terminal)
    for _ in range(1200):
        assert solving.poll() is None, "still proving"
        time.sleep(0.1)
        workers = {child for child in _children(solving.pid) if b"spawn_main" in _command_line(child)}
        if len(workers) == 2:
            return solving, workers
    solving.kill()
    pytest.fail("no worker processes started")


def test_jobs_must_be_a_count_of_processes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["solve", "3x3", "--jobs", "0"])
    assert exited.value.code == 2
    assert "'0' is not a number of processes (1 or more)" in capsys.readouterr().err
    assert cli.main(["solve", "4x4k3", "--moves", "b2 a1", "--jobs", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["value"] == "win"


def _children(pid: int) -> set[int]:
    """The processes any thread of ``pid`` has started and not yet reaped (from Linux's /proc)."""
    children: set[int] = set()
    for listing in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            children |= {int(child) for child in listing.read_text().split()}
        except OSError:
            continue
    return children


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def test_progress_shows_on_a_terminal_and_stays_off_json(tmp_path: Path) -> None:
    shown = _on_a_terminal(["solve", "7x7k5", "--time-limit", "1.5"])
    assert "nodes," in shown and "/s" in shown, "the progress line"
    assert "value:      unknown (stopped before a proof; so far: no forced win for X within" in shown
    as_json = _on_a_terminal(["solve", "7x7k5", "--time-limit", "0.5", "--json"])
    assert json.loads(as_json)["value"] == "unknown", "nothing but the object"


def _on_a_terminal(args: list[str]) -> str:
    """What the command writes on a pseudo-terminal (stdout and stderr both), until it exits."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-m", "tictactoe_tui", *args])
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.waitpid(pid, 0)
    os.close(fd)
    return b"".join(chunks).decode(errors="replace")


def test_a_distance_not_proven_shortest_reads_as_at_most(capsys: pytest.CaptureFixture[str]) -> None:
    position = Position.from_moves("7x7k4", "c6 e4 f3")
    bound = SearchResult(Value.WIN, 9, (0,), 0, 10, 0.1, 0, plies_exact=False)
    assert "value:      win in at most 9 more moves" in solve_command.as_text(position, bound)
    assert solve_command.as_dict(position, bound)["plies_exact"] is False
    assert cli.main(["solve", "7x7k4", "--moves", "c6 e4 f3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["value"], report["plies"], report["plies_exact"]) == ("win", 7, True)


def saved(tmp_path: Path) -> Path:
    position = Position.from_moves("4x4k3", "b2 a1 c3")
    path = tmp_path / "game.txt"
    assert save_game(path, GameSetup(position.spec, HUMAN, Level("hard")), position) is None
    return path


def test_open_starts_the_saved_game_with_its_players(started: list[Started], tmp_path: Path) -> None:
    path = saved(tmp_path)
    assert cli.main(["--open", str(path)]) == 0
    assert cli.main(["--open", str(path), "--x", "easy"]) == 0
    plain, overridden = started
    assert plain.start is not None and plain.start.record == "4x4k3: b2 a1 c3"
    assert plain.setup == GameSetup(plain.start.spec, HUMAN, Level("hard"))
    assert overridden.setup == GameSetup(plain.start.spec, Level("easy"), Level("hard"))


def test_a_file_that_holds_no_game_is_refused_in_one_line(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.txt"
    corrupt.write_text("# A game of tictactoe-tui\nX: wizard\n3x3: b2\n")
    assert "line 2: X is played by one of" in refusal("--open", str(corrupt))
    assert "there is no file" in refusal("--open", str(tmp_path / "missing.txt"))


def test_open_and_record_are_one_or_the_other(tmp_path: Path) -> None:
    line = refusal("--open", str(saved(tmp_path)), "--record", "3x3: b2")
    assert "not allowed with argument" in line
    assert "does not match the record's board 4x4k3" in refusal("--open", str(saved(tmp_path)),
                                                                "--board", "3x3")


def test_a_seeded_brain_answers_the_protocol() -> None:
    result = subprocess.run([sys.executable, "-m", "tictactoe_tui", "brain", "--seed", "7"],
                            input="START 15\nINFO timeout_turn 200\nBEGIN\nEND\n", capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["OK", "7,7"]
