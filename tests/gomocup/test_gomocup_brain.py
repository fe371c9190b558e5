"""The engine as a Gomocup brain: the protocol's commands, its clock and memory, bad input of all kinds."""

from __future__ import annotations

import random
from typing import Any

import pytest
from brains import RawBrain
from long_input import LONG, SHOWN

from tictactoe_tui.engine import BoardSpec, BoardSpecError, GameError, Position
from tictactoe_tui.engine.proof.book import shipped_win
from tictactoe_tui.engine.proof.campaign import second_move
from tictactoe_tui.engine.proving.transposition import BYTES_PER_ENTRY
from tictactoe_tui.engine.solver import SearchResult, Solver
from tictactoe_tui.gomocup.brain import Brain, brain_from
from tictactoe_tui.gomocup.limits import LEAST_THINK, MOVES_AHEAD, PROCESS_MB, Limits
from tictactoe_tui.gomocup.options import command_line_parser
from tictactoe_tui.gomocup.protocol import ProtocolError, parse_cell, parse_xy


def quick_brain() -> Brain:
    """A brain that thinks for a few hundredths of a second a move."""
    brain = Brain()
    assert brain.handle("INFO timeout_turn 60") == []
    return brain


def moves(answers: list[str]) -> list[str]:
    """The answers that are not MESSAGE lines."""
    return [answer for answer in answers if not answer.startswith("MESSAGE")]


def test_a_game_on_a_rectangle_keeps_the_brain_board_in_step() -> None:
    brain = quick_brain()
    assert brain.handle("RECTSTART 9,6") == ["OK"]
    spec = BoardSpec(9, 6, 5)
    (first,) = moves(brain.handle("BEGIN"))
    position = Position.empty(spec).play(parse_cell(spec, first))
    while brain.position is not None and not brain.position.is_over:
        reply = next(cell for cell in position.legal_moves)
        position = position.play(reply)
        if position.is_over:
            break
        (answer,) = moves(brain.handle(f"TURN {','.join(map(str, _xy(spec, reply)))}"))
        position = position.play(parse_cell(spec, answer))
        assert brain.position == position
    assert position.is_over


def _xy(spec: BoardSpec, cell: int) -> tuple[int, int]:
    col, row = spec.coordinates(cell)
    return col, spec.height - 1 - row


def test_board_gives_the_stones_and_the_brain_completes_its_five() -> None:
    brain = quick_brain()
    brain.handle("START 15")
    stones = ["0,0,1", "5,5,2", "1,0,1", "6,5,2", "2,0,1", "9,9,2", "3,0,1", "12,12,2"]
    assert brain.handle("BOARD") == []
    for stone in stones:
        assert brain.handle(stone) == []
    assert moves(brain.handle("DONE")) == ["4,0"]
    assert brain.position is not None and brain.position.is_over


def test_board_in_any_order_and_the_opponent_one_stone_ahead() -> None:
    brain = quick_brain()
    brain.handle("START 15")
    for line in ["BOARD", "7,7,2", "3,3,2", "8,8,1", "DONE"]:
        answers = brain.handle(line)
    (answer,) = moves(answers)
    assert brain.position is not None and len(brain.position.moves) == 4
    assert str(brain.mark) == "O"
    assert parse_xy(answer) not in {(7, 7), (3, 3), (8, 8)}


def test_takeback_undoes_the_last_move_only() -> None:
    brain = quick_brain()
    brain.handle("START 15")
    (answer,) = moves(brain.handle("TURN 7,7"))
    assert brain.handle("TAKEBACK 7,7")[0].startswith("ERROR")
    assert brain.handle(f"TAKEBACK {answer}") == ["OK"]
    assert brain.handle("TAKEBACK 7,7") == ["OK"]
    assert brain.position == Position.empty("15x15k5")


def test_no_reply_once_the_game_is_won_and_the_board_is_left_as_it_was() -> None:
    brain = quick_brain()
    brain.handle("START 15")
    for line in ["BOARD", "0,0,1", "5,5,2", "1,0,1", "6,5,2", "2,0,1", "9,9,2", "3,0,1", "12,12,2", "DONE"]:
        brain.handle(line)
    won = brain.position
    assert won is not None and won.is_over
    assert brain.handle("TURN 8,8") == ["ERROR TURN 8,8: the game is already over (X wins)"]
    assert brain.position == won


def test_the_brain_blocks_a_four() -> None:
    brain = quick_brain()
    brain.handle("START 15")
    for line in ["BOARD", "0,0,2", "0,5,1", "1,0,2", "6,5,1", "2,0,2", "9,9,1", "3,0,2", "12,12,1", "14,0,2",
                 "DONE"]:
        answers = brain.handle(line)
    assert moves(answers) == ["4,0"]


def test_a_turn_that_ends_the_game_is_refused_and_not_played() -> None:
    brain = quick_brain()
    assert brain.handle("INFO k 3") == []
    brain.handle("START 3")
    # The opponent threatens both 2,0 and 0,2; the brain can stop one only.
    for line in ["BOARD", "0,0,2", "1,1,1", "1,0,2", "1,2,1", "0,1,2", "2,1,1", "DONE"]:
        answers = brain.handle(line)
    (answer,) = moves(answers)
    position = brain.position
    winning = next(cell for cell in ("2,0", "0,2") if cell != answer)
    refused = f"ERROR TURN {winning} ends the game (O wins): there is no reply"
    assert brain.handle(f"TURN {winning}") == [refused]
    assert brain.position == position


def test_turn_out_of_turn_after_a_takeback() -> None:
    brain = quick_brain()
    brain.handle("START 15")
    (answer,) = moves(brain.handle("TURN 7,7"))
    assert brain.handle(f"TAKEBACK {answer}") == ["OK"]
    position = brain.position
    assert brain.handle("TURN 3,3") == ["ERROR TURN 3,3: it is the brain's own turn, not the opponent's"]
    assert brain.position == position


def test_k_from_info_before_start_or_on_an_empty_board() -> None:
    brain = quick_brain()
    assert brain.handle("START 3")[0].startswith("ERROR k=5 cannot be played on a 3x3 board")
    assert brain.handle("INFO k 3") == []
    assert brain.handle("START 3") == ["OK"]
    assert brain.position is not None and brain.position.spec == BoardSpec(3, 3, 3)
    brain.handle("RECTSTART 8,4")
    assert brain.handle("INFO k 4") == []
    assert brain.position.spec == BoardSpec(8, 4, 4)
    brain.handle("BEGIN")
    assert brain.handle("INFO k 2")[0].startswith("ERROR INFO k 2: the game has begun")
    assert brain.position.spec.k == 4


@pytest.mark.parametrize(("command", "says"), [
    ("START 3", "ERROR k=5 cannot be played on a 3x3 board: k must be from 1 to 3 (the longer side) "
                "(send INFO k with a smaller k first)"),
    ("START 0", "ERROR width 0 is out of range: it must be from 1 to 26"),
    ("RECTSTART 0,0", "ERROR width 0 is out of range: it must be from 1 to 26"),
    ("RECTSTART 15,27", "ERROR height 27 is out of range: it must be from 1 to 26"),
    ("RECTSTART 3",
     "ERROR RECTSTART takes width,height, such as RECTSTART 20,15; use START for a square board"),
])
def test_a_board_the_brain_cannot_play_is_refused_with_the_fix_that_applies(command: str, says: str) -> None:
    brain = quick_brain()
    assert brain.handle(command) == [says]
    assert brain.position is None


def test_unplayed_rules_refuse_to_move_until_freestyle_returns() -> None:
    brain = quick_brain()
    brain.handle("START 15")
    for rule in ("1", "2", "4", "8", "5"):
        assert brain.handle(f"INFO rule {rule}")[0].startswith(f"ERROR rule {rule} is not played")
        assert brain.handle("BEGIN")[0].startswith("ERROR")
        assert brain.position == Position.empty("15x15k5")
    assert brain.handle("INFO rule 0") == []
    assert len(moves(brain.handle("BEGIN"))) == 1


def test_unknown_info_keys_are_ignored_silently() -> None:
    brain = quick_brain()
    for line in ("INFO folder C:\\brains", "INFO thread_num 4", "INFO evaluate 7,7", "INFO game_type 2",
                 "INFO caution_factor 1"):
        assert brain.handle(line) == []


def test_think_time_stays_inside_the_turn_and_the_match_clock() -> None:
    limits = Limits(timeout_turn=1000)
    # Nearly all of the turn, less a margin for answering through the pipes.
    assert 0.9 <= limits.think_time(10.0, 10.0) <= 0.95
    # Time spent in the pipe counts.
    assert limits.think_time(10.0, 10.3) == pytest.approx(limits.think_time(10.0, 10.0) - 0.3)
    limits.timeout_match, limits.time_left = 180_000, 3_000
    assert limits.think_time(0.0, 0.0) <= 3.0 / MOVES_AHEAD
    limits.time_left = 0
    assert limits.think_time(0.0, 0.0) == LEAST_THINK
    assert Limits(timeout_turn=0).think_time(0.0, 0.0) == LEAST_THINK


def test_max_memory_caps_the_solver_table() -> None:
    brain = quick_brain()
    brain.handle(f"INFO max_memory {100 * 2**20}")
    brain.handle("START 15")
    brain.handle("BEGIN")
    solver = brain._solver
    assert solver is not None
    table_mb = solver.table.capacity * BYTES_PER_ENTRY / 2**20
    assert table_mb <= (100 - PROCESS_MB) / 2 + 1
    brain.handle(f"INFO max_memory {2 * 2**20}")  # too little for anything but the smallest table
    brain.handle("TURN 0,0")
    assert brain._solver is not solver and brain._solver is not None
    assert brain._solver.table.capacity * BYTES_PER_ENTRY <= 2**20 + BYTES_PER_ENTRY


def test_a_node_limit_reaches_every_search_and_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int | None] = []
    solve = Solver.solve

    def spy(self: Solver, position: Position, **limits: Any) -> SearchResult:
        asked.append(limits.get("max_nodes"))
        return solve(self, position, **limits)

    monkeypatch.setattr(Solver, "solve", spy)
    brain = Brain(max_nodes=1_500)
    brain.handle("START 15")
    moves(brain.handle("TURN 7,7"))
    moves(brain.handle("TURN 9,9"))
    assert asked == [1_500, 1_500]
    parser = command_line_parser()
    assert brain_from(parser.parse_args(["--nodes", "2500", "--seed", "3"])).max_nodes == 2_500
    assert brain_from(parser.parse_args([])).max_nodes is None


def test_about_names_the_brain() -> None:
    (about,) = Brain().handle("ABOUT")
    assert about.startswith('name="tictactoe-tui", version="')


BEFORE_START = ["TURN 7,7", "BEGIN", "TAKEBACK 7,7", "RESTART", ["BOARD", "7,7,1", "DONE"]]
"""Moves and resets before any START."""

AFTER_START: list[tuple[list[str], str | list[str], str]] = [
    ([], "FOO", "UNKNOWN"),
    ([], "", "UNKNOWN"),
    ([], "   ", "UNKNOWN"),
    ([], "PLAY 7,7", "UNKNOWN"),
    ([], "SWAP2BOARD", "UNKNOWN"),
    ([], "START", "ERROR"),
    ([], "START fifteen", "ERROR"),
    ([], "START 0", "ERROR"),
    ([], "START 99", "ERROR"),
    ([], "START 20,15", "ERROR"),
    ([], "RECTSTART 20,x", "ERROR"),
    ([], "RECTSTART 30,10", "ERROR"),
    ([], "TURN", "ERROR"),
    ([], "TURN 7", "ERROR"),
    ([], "TURN a,b", "ERROR"),
    ([], "TURN 15,0", "ERROR"),
    ([], "TURN -1,3", "ERROR"),
    ([], "TURN 7,7,1", "ERROR"),
    (["TURN 7,7"], "TURN 7,7", "ERROR"),
    (["TURN 7,7"], "BEGIN", "ERROR"),
    (["TURN 7,7"], "TAKEBACK 3,3", "ERROR"),
    ([], "TAKEBACK x", "ERROR"),
    ([], "INFO", "ERROR"),
    ([], "INFO timeout_turn soon", "ERROR"),
    ([], "INFO max_memory -5", "ERROR"),
    ([], "INFO rule 4", "ERROR"),
    ([], "INFO k 0", "ERROR"),
    (["TURN 7,7"], "INFO k 3", "ERROR"),
    ([], ["BOARD", "7,7", "DONE"], "ERROR"),
    ([], ["BOARD", "7,7,3", "DONE"], "ERROR"),
    ([], ["BOARD", "7,7,4", "DONE"], "ERROR"),
    ([], ["BOARD", "7,7,1", "7,7,2", "DONE"], "ERROR"),
    ([], ["BOARD", "15,7,1", "DONE"], "ERROR"),
    ([], ["BOARD", "7,7,1", "8,8,1", "DONE"], "ERROR"),
    ([], ["BOARD", *(f"{x},0,1" for x in range(5)), *(f"{x},9,2" for x in range(0, 10, 2)), "DONE"], "ERROR"),
    ([], f"START {'9' * 5000}", "ERROR"),
    ([], f"TURN {'9' * 5000},1", "ERROR"),
    ([], ["BOARD", f"7,{'9' * 5000},1", "DONE"], "ERROR"),
    ([], f"INFO timeout_turn {'9' * 5000}", "ERROR"),
]
"""(setup after START 15, bad input, the word it must get): at least 25 ways to get the protocol wrong."""


def test_the_brain_answers_every_bad_input_and_still_plays() -> None:
    """One process takes every bad input in turn, answering each, then answers valid commands at once."""
    assert len(BEFORE_START) + len(AFTER_START) >= 25
    brain = RawBrain()
    try:
        assert brain.ask("INFO timeout_turn 50", "ABOUT").startswith('name="tictactoe-tui"')
        for bad in BEFORE_START:
            lines = bad if isinstance(bad, list) else [bad]
            assert brain.ask(*lines).startswith("ERROR"), bad
            assert brain.ask("ABOUT").startswith("name="), bad
        for setup, bad, word in AFTER_START:
            assert brain.ask("START 15") == "OK"
            for line in setup:
                x, y = parse_xy(brain.ask(line))
                assert 0 <= x < 15 and 0 <= y < 15
            lines = bad if isinstance(bad, list) else [bad]
            answer = brain.ask(*lines)
            assert answer.split(" ")[0] == word, (bad, answer)
            # INFO rule 0 undoes INFO rule 4, which by design holds until freestyle is asked for again.
            assert brain.ask("INFO rule 0", "RECTSTART 9,7") == "OK", bad
            x, y = parse_xy(brain.ask("BEGIN"))
            assert 0 <= x < 9 and 0 <= y < 7, bad
        assert brain.process.poll() is None
        brain.send("END")
        assert brain.process.wait(60) == 0
    finally:
        brain.kill()


TOO_LONG: list[tuple[list[str], str]] = [
    ([f"START {LONG}"], f"ERROR width {SHOWN} is out of range: it must be from 1 to 26"),
    ([f"RECTSTART 15,{LONG}"], f"ERROR height {SHOWN} is out of range: it must be from 1 to 26"),
    ([f"TURN {LONG},1"], f"ERROR coordinate {SHOWN} is out of range"),
    ([f"TURN 7,-{LONG}"], f"ERROR coordinate -{'9' * 30}… is out of range"),
    ([f"TAKEBACK 1,{LONG}"], f"ERROR coordinate {SHOWN} is out of range"),
    (["BOARD", f"{LONG},1,1", "DONE"], f"ERROR BOARD: coordinate {SHOWN} is out of range"),
    (["BOARD", f"1,1,{LONG}", "DONE"], f"ERROR BOARD: field {SHOWN} is out of range"),
    ([f"INFO k {LONG}"], f"ERROR INFO k {SHOWN}: the value is out of range"),
    ([f"INFO max_memory {LONG}"], f"ERROR INFO max_memory {SHOWN}: the value is out of range"),
    ([f"INFO timeout_turn {'x' * 5000}"],
     f"ERROR INFO timeout_turn '{'x' * 31}…': the value must be a whole number"),
    ([f"{'X' * 5000} 1"], f"UNKNOWN command {'X' * 31}… is not understood"),
]
"""(lines, the one answer): numbers too long to convert, and values too long to repeat."""


def test_numbers_too_long_to_read_get_a_plain_reason_and_the_brain_plays_on() -> None:
    brain = quick_brain()
    for lines, said in TOO_LONG:
        assert brain.handle("START 15") == ["OK"]
        answers = [answer for line in lines for answer in brain.handle(line)]
        assert answers == [said], lines
        assert brain.position is not None and not brain.position.moves, lines
        (x, y) = parse_xy(moves(brain.handle("TURN 7,7"))[0])
        assert 0 <= x < 15 and 0 <= y < 15 and (x, y) != (7, 7), lines


CAUSES: list[tuple[list[str], str, type[Exception]]] = [
    ([], "BEGIN", ProtocolError),
    (["START 15"], "START 20,15", ProtocolError),
    (["START 15"], "TURN a,b", ProtocolError),
    (["START 15"], "TURN 15,0", ProtocolError),
    (["START 15"], f"TURN {LONG},1", ProtocolError),
    (["START 15"], "INFO", ProtocolError),
    (["START 15"], "INFO timeout_turn soon", ProtocolError),
    (["START 15", "BOARD", "7,7"], "DONE", ProtocolError),
    (["START 15", "BOARD", "7,7,3"], "DONE", ProtocolError),
    (["START 15", "TURN 7,7"], "INFO k 3", ProtocolError),
    ([], "START 99", BoardSpecError),
    (["START 15", "TURN 7,7"], "TURN 7,7", GameError),
    (["START 15"], "INFO rule 4", GameError),
    (["START 15"], "INFO k 0", GameError),
    (["START 15", "BOARD", "7,7,1", "8,8,1"], "DONE", GameError),
]
"""(lines before, the line at fault, what it raises): the protocol broken, then a game the rules refuse."""


def _brain_after(lines: list[str]) -> Brain:
    brain = quick_brain()
    for line in lines:
        assert not any(answer.startswith(("ERROR", "UNKNOWN")) for answer in brain.handle(line)), line
    return brain


@pytest.mark.parametrize(("before", "line", "cause"), CAUSES)
def test_a_broken_message_is_a_protocol_error_and_a_refused_game_a_game_error(
    before: list[str], line: str, cause: type[Exception]
) -> None:
    with pytest.raises(cause) as refused:
        _brain_after(before)._handle(line, 0.0)
    assert isinstance(refused.value, ProtocolError) is (cause is ProtocolError)
    assert isinstance(refused.value, GameError) is (cause is not ProtocolError)
    answers = _brain_after(before).handle(line)
    assert answers == [f"ERROR {refused.value}"], "answered with the reason, never as an internal error"


def test_a_board_left_without_done_is_dropped_and_the_next_command_runs() -> None:
    brain = RawBrain()
    try:
        assert brain.ask("START 15") == "OK"
        dropped = brain.ask("BOARD", "7,7,1", "START 10")
        assert dropped == "ERROR BOARD ended without DONE; the position is unchanged"
        assert brain.answer() == "OK"
        assert brain.ask("BEGIN") != ""
    finally:
        brain.kill()


def test_crlf_commands_and_closed_stdin() -> None:
    """A manager's CR LF lines are read; the answers end in one line feed; closing stdin ends it with 0."""
    brain = RawBrain(newline=b"\r\n")
    try:
        brain.send("INFO timeout_turn 50", "START 15")
        assert brain.line() == "OK\n"
        x, y = parse_xy(brain.ask("TURN 7,7"))
        assert (x, y) != (7, 7)
        assert brain.close_stdin() == 0
    finally:
        brain.kill()


def test_commands_after_the_end_of_input_are_still_answered() -> None:
    """A manager that writes its commands and closes stdin gets every answer before the brain exits."""
    brain = RawBrain()
    try:
        brain.send("INFO timeout_turn 50", "START 15", "BEGIN", "ABOUT")
        assert brain.close_stdin() == 0
        assert brain.answer() == "OK"
        parse_xy(brain.answer())
        assert brain.answer().startswith("name=")
    finally:
        brain.kill()


def test_end_during_a_search_ends_the_brain_with_status_0() -> None:
    brain = RawBrain()
    try:
        brain.send("INFO timeout_turn 600000", "START 20", "BEGIN", "END")
        assert brain.process.wait(60) == 0
    finally:
        brain.kill()


def test_as_first_player_the_brain_steers_into_the_shipped_proof_and_follows_it() -> None:
    # X opens in the centre and answers a1 with the second move the proof fixed for it; once O's
    # second reply is one the proof covers, every move of the brain is the proof's, and X wins
    # within the bound the proof gave when the game entered it.
    spec = BoardSpec(15, 15, 5)
    brain = quick_brain()
    assert brain.handle("START 15") == ["OK"]
    (first,) = moves(brain.handle("BEGIN"))
    position = Position.empty(spec).play(parse_cell(spec, first))
    assert position.moves == (spec.centre,)
    o_moves = [spec.parse_cell("a1"), spec.parse_cell("c2")]
    rng = random.Random(23)
    bound = None
    while not position.is_over:
        reply = o_moves.pop(0) if o_moves else rng.choice(position.legal_moves)
        position = position.play(reply)
        if position.is_over:
            break
        proven = shipped_win(position)
        (answer,) = moves(brain.handle(f"TURN {','.join(map(str, _xy(spec, reply)))}"))
        if len(position.moves) == 2:
            assert parse_cell(spec, answer) == second_move(spec.parse_cell("a1"))
        else:
            assert proven is not None and proven.move == parse_cell(spec, answer)
            bound = proven.plies + len(position.moves) if bound is None else bound
        position = position.play(parse_cell(spec, answer))
    assert position.outcome.winner is not None and str(position.outcome.winner) == "X"
    assert bound is not None and len(position.moves) <= bound
