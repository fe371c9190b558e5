"""The game's flow on screen, without a screen: which job starts when, what an answer or a failure does."""

from __future__ import annotations

from engine_standin import SPEC, StandInEngine, cell

from tictactoe_tui.engine import Mark, Position, SearchResult, Value
from tictactoe_tui.session.engine_process import ComputerMove, EngineStopped, Job, SearchFailed
from tictactoe_tui.session.game import Game
from tictactoe_tui.session.setup import HUMAN, GameSetup, Level
from tictactoe_tui.session.turns import ANALYSIS_TIME, HINT_TIME, Turns

AGAINST_MEDIUM = GameSetup(SPEC, "human", "medium")
COMPUTERS = GameSetup(SPEC, "easy", "perfect")
PEOPLE = GameSetup(SPEC, "human", "human")
BRAIN = "brain:pbrain-rapfi"


def turns_of(setup: GameSetup, *moves: str) -> tuple[Turns, StandInEngine]:
    engine = StandInEngine()
    turns = Turns(Game(setup), engine)
    for name in moves:
        turns.game.play(cell(name))
    return turns, engine


def draw_at(name: str) -> SearchResult:
    """A solver's answer: ``name`` draws with best play."""
    return SearchResult(Value.DRAW, 8, (cell(name),), 0, nodes=1, seconds=0.0, depth=8)


def started(job: Job | None, kind: str) -> Job:
    assert job is not None, f"a {kind} job starts"
    assert job.request.kind == kind
    return job


def test_the_computer_starts_on_its_turn_and_only_once() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM)
    assert turns.next_turn() is None, "the person's turn"
    turns.game.play(cell("b2"))
    job = started(turns.next_turn(), "move")
    assert job.request.position == turns.game.position and job.request.controller == Level("medium")
    assert turns.thinking and turns.next_turn() is None, "its search is under way"


def test_the_computers_turn_stops_the_analysis_and_the_hint() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM)
    turns.analyse(True)
    analysis = started(turns.follow_board(), "analyse")
    hint = started(turns.hint(), "hint")
    turns.game.play(cell("b2"))
    started(turns.next_turn(), "move")
    assert analysis.stopped and hint.stopped
    assert turns.jobs.current("analyse") is None and turns.jobs.current("hint") is None
    assert turns.follow_board() is None, "no analysis competes with the computer"


def test_nothing_starts_while_a_new_game_is_chosen() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM, "b2")
    move = started(turns.next_turn(), "move")
    turns.analyse(True)
    turns.wait()
    assert move.stopped and not turns.jobs.busy
    assert turns.next_turn() is None and turns.follow_board() is None
    turns.waiting = False
    started(turns.next_turn(), "move")


def test_a_paused_game_plays_one_move_a_step() -> None:
    turns, _ = turns_of(COMPUTERS)
    first = started(turns.next_turn(), "move")
    turns.pause(True)
    assert first.stopped and not turns.thinking, "a pause stops the computer at once"
    assert turns.next_turn() is None
    assert turns.plays_on(1) and not turns.plays_on(-1)
    assert turns.step()
    step = started(turns.next_turn(), "move")
    assert not turns.step(), "one move at a time"
    assert turns.jobs.finish(step)
    turns.computer_moved(step, ComputerMove(step.request.position.legal_moves[0], "easy"))
    assert turns.paused and turns.next_turn() is None, "then the game waits again"
    turns.pause(False)
    started(turns.next_turn(), "move")


def test_stepping_forward_replays_unless_the_live_position_of_a_paused_game() -> None:
    turns, _ = turns_of(COMPUTERS, "a1", "b2")
    assert not turns.plays_on(1), "not paused"
    turns.pause(True)
    assert turns.plays_on(1)
    turns.game.show(1)
    assert not turns.plays_on(1), "a replay steps through the moves"
    turns.game.show_live()
    turns.game.undo()
    assert not turns.plays_on(1), "moves taken back are replayed first"


def test_move_now_hurries_the_engine_but_not_a_brain() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM, "b2")
    job = started(turns.next_turn(), "move")
    assert turns.move_now() is None
    assert job.stopped and turns.jobs.current("move") is job, "its answer is still wanted"

    turns, _ = turns_of(GameSetup(SPEC, "human", BRAIN), "b2")
    job = started(turns.next_turn(), "move")
    notice = turns.move_now()
    assert notice is not None and "in its own time" in notice.text
    assert not job.stopped, "stopping a brain would lose its move"


def test_the_computers_answer_is_played() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM, "b2")
    job = started(turns.next_turn(), "move")
    assert turns.jobs.finish(job)
    reply = turns.computer_moved(job, ComputerMove(cell("a1"), "medium"))
    assert reply.notices == () and not reply.again
    assert turns.game.position.moves == (cell("b2"), cell("a1"))


def test_a_computer_that_chooses_a_taken_cell_hands_its_side_to_a_person() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM, "b2")
    job = started(turns.next_turn(), "move")
    assert turns.jobs.finish(job)
    reply = turns.computer_moved(job, ComputerMove(cell("b2"), "medium"))
    assert not reply.again and [notice.title for notice in reply.notices] == ["Computer"]
    (notice,) = reply.notices
    assert notice.warning
    assert notice.text.startswith("Computer (medium) could not move: it chose b2, which is taken")
    assert turns.game.setup.o == HUMAN and turns.game.position.moves == (cell("b2"),)
    assert turns.next_turn() is None, "a person plays O now"


def test_a_dead_engine_is_started_again_once_a_position() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM, "b2")
    job = started(turns.next_turn(), "move")
    assert turns.jobs.finish(job)
    reply = turns.computer_failed(job, EngineStopped("killed"))
    assert reply.again and reply.notices[0].title == "Engine" and "(killed)" in reply.notices[0].text
    assert turns.game.setup.o == Level("medium")
    again = started(turns.next_turn(), "move")
    assert again.request.position == job.request.position
    assert turns.jobs.finish(again)
    reply = turns.computer_failed(again, EngineStopped("killed"))
    assert not reply.again and reply.notices[0].title == "Computer"
    assert turns.game.setup.o == HUMAN


def test_a_failed_search_hands_over_at_once() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM, "b2")
    job = started(turns.next_turn(), "move")
    assert turns.jobs.finish(job)
    reply = turns.computer_failed(job, SearchFailed("out of memory"))
    assert not reply.again and "could not move: out of memory" in reply.notices[0].text
    assert turns.game.setup.o == HUMAN


def test_a_brain_is_heard_by_name_once_and_its_messages_every_time() -> None:
    turns, _ = turns_of(GameSetup(SPEC, "human", BRAIN), "b2")
    job = started(turns.next_turn(), "move")
    first = turns.hear(job, ComputerMove(cell("a1"), "Rapfi", ("depth 9",)))
    assert [notice.text for notice in first] == ["O is played by Rapfi.", "Rapfi: depth 9"]
    assert [notice.text for notice in turns.hear(job, ComputerMove(cell("a1"), "Rapfi"))] == []
    turns.new_game(Game(GameSetup(SPEC, "human", BRAIN)))
    heard = turns.hear(job, ComputerMove(cell("a1"), "Rapfi"))
    assert [notice.text for notice in heard] == ["O is played by Rapfi."]
    engine_player, _ = turns_of(AGAINST_MEDIUM, "b2")
    assert engine_player.hear(job, ComputerMove(cell("a1"), "medium", ("said",))) == ()


def test_a_hint_is_for_a_persons_turn_or_a_replay() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM)
    assert turns.can_hint()
    turns.game.play(cell("b2"))
    started(turns.next_turn(), "move")
    assert not turns.can_hint() and turns.hint() is None, "not while the computer thinks"

    computers, _ = turns_of(COMPUTERS, "a1", "b2")
    assert not computers.can_hint()
    computers.game.show(1)
    assert computers.can_hint(), "a position of the replay"

    over, _ = turns_of(PEOPLE, "a1", "b1", "a2", "b2", "a3")
    assert not over.can_hint()


def test_a_hint_is_sought_once_then_pointed_at() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM, "b2", "a1")
    job = started(turns.hint(), "hint")
    assert job.request.position == turns.game.position and job.request.time_limit == HINT_TIME
    assert turns.game.assisted, "a hint helps the person"
    assert turns.hinting and turns.hint() is None, "sought already"
    assert turns.hint_found(job, draw_at("c3")) == cell("c3")
    assert turns.hint() == cell("c3"), "known: pointed at without a search"
    assert not turns.jobs.busy


def test_a_stale_answer_changes_nothing() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM)
    hint = started(turns.hint(), "hint")
    turns.game.play(cell("b2"))
    started(turns.next_turn(), "move")
    assert turns.hint_found(hint, draw_at("a1")) is None
    assert turns.hint_failed(hint, SearchFailed("late")) is None
    assert turns.jobs.hint is None


def test_a_failed_hint_says_so_and_a_failed_analysis_switches_it_off() -> None:
    turns, _ = turns_of(AGAINST_MEDIUM)
    hint = started(turns.hint(), "hint")
    notice = turns.hint_failed(hint, SearchFailed("no memory"))
    assert notice is not None and notice.warning
    assert notice.text == "No hint: no memory. Press i to try again."
    turns.analyse(True)
    analysis = started(turns.follow_board(), "analyse")
    notice = turns.analysis_failed(analysis, EngineStopped("killed"))
    assert notice is not None and notice.title == "Analysis" and "Press a to try again" in notice.text
    assert not turns.analysing and turns.follow_board() is None


def test_the_analysis_follows_the_position_shown() -> None:
    turns, _ = turns_of(PEOPLE, "b2", "a1")
    assert turns.follow_board() is None, "off"
    turns.analyse(True)
    assert turns.follow_board(can_start=False) is None, "not before the screen can await it"
    live = started(turns.follow_board(), "analyse")
    assert live.request.position == turns.game.position and live.request.time_limit == ANALYSIS_TIME
    assert turns.follow_board() is None, "under way"
    turns.game.show(1)
    replayed = started(turns.follow_board(), "analyse")
    assert live.stopped and replayed.request.position == turns.game.shown_position
    replayed.answer.set_result(())
    assert turns.jobs.finish(replayed)
    assert turns.follow_board() is None, "known already"


def test_a_finished_game_is_counted_once_and_the_analysis_helps() -> None:
    turns, _ = turns_of(GameSetup(SPEC, "human", "medium"))
    turns.analyse(True)
    assert turns.game.assisted
    turns, _ = turns_of(PEOPLE, "a1", "b1", "a2", "b2")
    assert turns.changed() is None
    turns.game.play(cell("a3"))
    outcome = turns.changed()
    assert outcome is not None and outcome.winner is Mark.X
    assert turns.changed() is None


def test_a_new_game_forgets_the_old_one() -> None:
    turns, engine = turns_of(COMPUTERS)
    move = started(turns.next_turn(), "move")
    old = turns.jobs.game
    turns.pause(True)
    turns.wait()
    turns.new_game(Game(AGAINST_MEDIUM, Position.from_moves("3x3", "b2")))
    assert move.stopped and engine.forgotten == [old] and turns.jobs.game != old
    assert not turns.paused and not turns.waiting
    assert started(turns.next_turn(), "move").request.controller == Level("medium")
