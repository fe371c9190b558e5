"""Statistics: which games count, how tallies and streaks grow, and the statistics file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from long_input import LONG, SHOWN

from tictactoe_tui.directories import HOME_ENV
from tictactoe_tui.engine import BoardSpec, Mark, Position
from tictactoe_tui.profile.statistics import (
    FRIEND_ONLINE,
    STATISTICS_VERSION,
    Result,
    SessionScore,
    Statistics,
    Tally,
    add_result,
    competitors,
    count_game,
    counted_game,
    decode_statistics,
    load_statistics,
    reset_statistics,
    result_for,
    save_finished_game,
    save_statistics,
    statistics_path,
)
from tictactoe_tui.session.setup import GameSetup

TTT = BoardSpec(3, 3, 3)
GOMOKU = BoardSpec(15, 15, 5)
X_WINS = Position.from_moves(TTT, "a1 a2 b1 b2 c1").outcome
O_WINS = Position.from_moves(TTT, "a1 a2 b1 b2 a3 c2").outcome
DRAW = Position.from_moves(TTT, "b2 a1 c1 a3 a2 c2 b1 b3 c3").outcome


def test_the_example_games_end_as_named() -> None:
    assert (X_WINS.winner, O_WINS.winner, DRAW.winner) == (Mark.X, Mark.O, None)
    assert X_WINS.is_over and O_WINS.is_over and DRAW.is_over


def test_a_draw_keeps_the_streak_and_a_loss_ends_it() -> None:
    tally = Tally()
    for result in (Result.WIN, Result.DRAW, Result.DRAW, Result.LOSS, Result.DRAW):
        tally = tally.add(result)
    assert tally == Tally(wins=1, draws=3, losses=1, streak=1, best_streak=3)
    assert tally.played == 5


@given(st.lists(st.sampled_from(Result)))
def test_tallies_agree_with_the_results_they_count(results: list[Result]) -> None:
    tally = Tally()
    for result in results:
        tally = tally.add(result)
    assert (tally.wins, tally.draws, tally.losses, tally.assisted) == (
        results.count(Result.WIN), results.count(Result.DRAW), results.count(Result.LOSS),
        results.count(Result.ASSISTED))
    # An assisted game is neither part of a run nor the end of one.
    runs = "".join("L" if result is Result.LOSS else "n" for result in results
                   if result is not Result.ASSISTED).split("L")
    assert tally.streak == len(runs[-1])
    assert tally.best_streak == max(len(run) for run in runs)


def test_add_result_counts_per_board_and_opponent_without_mutating() -> None:
    empty = Statistics()
    one = add_result(empty, TTT, "perfect", Result.DRAW)
    two = add_result(one, GOMOKU, "perfect", Result.LOSS)
    three = add_result(two, TTT, "easy", Result.WIN)
    assert not empty and empty.get(TTT, "perfect") == Tally()
    assert one.get(TTT, "perfect") == Tally(draws=1, streak=1, best_streak=1)
    assert three.get(GOMOKU, "perfect") == Tally(losses=1)
    assert three.get(TTT, "easy") == Tally(wins=1, streak=1, best_streak=1)
    assert three.get(TTT, "perfect") == one.get(TTT, "perfect")
    assert len(three.tallies) == 3 and len(two.tallies) == 2


def test_only_computer_levels_and_a_friend_online_are_opponents() -> None:
    with pytest.raises(ValueError, match="friend"):
        add_result(Statistics(), TTT, "friend", Result.WIN)
    assert add_result(Statistics(), TTT, FRIEND_ONLINE, Result.WIN).get(TTT, FRIEND_ONLINE).wins == 1


def test_rows_list_small_boards_first_then_weakest_opponent_first() -> None:
    stats = Statistics()
    for spec, opponent in ((GOMOKU, "easy"), (TTT, FRIEND_ONLINE), (TTT, "perfect"),
                           (BoardSpec(4, 4, 3), "random"), (TTT, "easy")):
        stats = add_result(stats, spec, opponent, Result.WIN)
    assert [(str(spec), opponent) for spec, opponent, _ in stats.rows()] == [
        ("3x3k3", "easy"), ("3x3k3", "perfect"), ("3x3k3", FRIEND_ONLINE), ("4x4k3", "random"),
        ("15x15k5", "easy")]


@pytest.mark.parametrize(
    ("setup", "counted"),
    [
        (GameSetup(TTT, "human", "perfect"), (Mark.X, "perfect")),
        (GameSetup(TTT, "medium", "human"), (Mark.O, "medium")),
        (GameSetup(TTT, "human", "human"), None),
        (GameSetup(TTT, "easy", "perfect"), None),
    ],
)
def test_only_a_person_against_the_computer_counts(
    setup: GameSetup, counted: tuple[Mark, str] | None
) -> None:
    assert counted_game(setup) == counted


def test_results_are_from_the_persons_side() -> None:
    assert result_for(X_WINS, Mark.X) is Result.WIN
    assert result_for(X_WINS, Mark.O) is Result.LOSS
    assert result_for(O_WINS, Mark.O) is Result.WIN
    assert result_for(DRAW, Mark.X) is Result.DRAW
    with pytest.raises(ValueError):
        result_for(Position.empty(TTT).outcome, Mark.X)


def test_a_game_against_a_friend_online_counts_for_the_side_played_here() -> None:
    people = GameSetup(TTT, "human", "human")
    assert counted_game(people, Mark.O) == (Mark.O, FRIEND_ONLINE)
    stats = count_game(Statistics(), people, X_WINS, online=Mark.O)
    stats = count_game(stats, people, DRAW, online=Mark.X)
    assert stats.get(TTT, FRIEND_ONLINE) == Tally(draws=1, losses=1, streak=1, best_streak=1)
    assert dict(stats.tallies) == {(TTT, FRIEND_ONLINE): stats.get(TTT, FRIEND_ONLINE)}


def test_a_game_against_a_friend_online_is_kept_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    stats, problem = save_finished_game(GameSetup(TTT, "human", "human"), O_WINS, path, online=Mark.O)
    assert problem is None
    assert load_statistics(path) == (stats, None)
    assert stats.get(TTT, FRIEND_ONLINE).wins == 1


def test_count_game_files_the_result_under_the_computer_level() -> None:
    stats = count_game(Statistics(), GameSetup(TTT, "easy", "human"), X_WINS)
    stats = count_game(stats, GameSetup(TTT, "human", "easy"), X_WINS)
    assert stats.get(TTT, "easy") == Tally(wins=1, losses=1, streak=1, best_streak=1)
    assert count_game(stats, GameSetup(TTT, "human", "human"), X_WINS) is stats


def test_the_session_score_counts_by_player_whatever_side_each_plays() -> None:
    against = GameSetup(TTT, "human", "easy")
    swapped = GameSetup(TTT, "easy", "human")
    score = SessionScore()
    for setup, outcome in ((against, X_WINS), (swapped, X_WINS), (swapped, DRAW), (against, O_WINS)):
        score = score.add(outcome, competitors(setup))
    assert score == SessionScore({"You": 1, "Computer": 2}, draws=1)
    assert list(score.wins) == ["You", "Computer"] and score.played == 4
    with pytest.raises(ValueError):
        score.add(Position.empty(TTT).outcome, competitors(against))


def test_a_win_or_draw_with_help_counts_apart_and_a_loss_stays_a_loss() -> None:
    against = GameSetup(TTT, "human", "perfect")
    stats = count_game(Statistics(), against, X_WINS, assisted=True)
    stats = count_game(stats, against, DRAW, assisted=True)
    assert stats.get(TTT, "perfect") == Tally(assisted=2)
    stats = count_game(stats, against, O_WINS, assisted=True)
    stats = count_game(stats, against, X_WINS)
    assert stats.get(TTT, "perfect") == Tally(wins=1, losses=1, streak=1, best_streak=1, assisted=2)
    assert stats.get(TTT, "perfect").played == 4


def test_two_people_keep_their_names_when_they_swap_sides() -> None:
    people = GameSetup(TTT, "human", "human")
    assert competitors(people) == {Mark.X: "Player 1", Mark.O: "Player 2"}
    assert competitors(people, first_person=Mark.O) == {Mark.O: "Player 1", Mark.X: "Player 2"}
    assert competitors(GameSetup(TTT, "easy", "perfect")) == {Mark.X: "easy", Mark.O: "perfect"}
    assert set(competitors(GameSetup(TTT, "easy", "easy")).values()) == {"easy as X", "easy as O"}


def _sample() -> Statistics:
    stats = Statistics()
    for spec, opponent, result in ((TTT, "perfect", Result.DRAW), (TTT, "perfect", Result.LOSS),
                                   (GOMOKU, "medium", Result.WIN)):
        stats = add_result(stats, spec, opponent, result)
    return stats


def test_statistics_round_trip_through_versioned_json(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    assert save_statistics(_sample(), path) is None
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["version"] == STATISTICS_VERSION
    assert list(document) == ["version", "tallies"]
    assert document["tallies"][0] == {"board": "3x3k3", "opponent": "perfect", "wins": 0, "draws": 1,
                                      "losses": 1, "streak": 0, "best_streak": 1, "assisted": 0}
    assert load_statistics(path) == (_sample(), None)


def test_a_version_1_file_with_records_loads_whole_and_is_saved_with_tallies(tmp_path: Path) -> None:
    """Version 1 named the list of tallies "records": nothing in it is lost, nothing is set aside."""
    path = tmp_path / "statistics.json"
    counts = {"wins": 0, "draws": 1, "losses": 1, "streak": 0, "best_streak": 1, "assisted": 0}
    written_by_version_1 = {"version": 1, "records": [
        {"board": "3x3k3", "opponent": "perfect", **counts},
        {"board": "15x15k5", "opponent": "medium", "wins": 1, "streak": 1, "best_streak": 1},
    ]}
    path.write_text(json.dumps(written_by_version_1), encoding="utf-8")
    assert load_statistics(path) == (_sample(), None)
    assert list(tmp_path.glob("statistics.json.corrupt-*")) == []
    setup = GameSetup(TTT, "human", "perfect")
    stats, message = save_finished_game(setup, DRAW, path)
    assert message is None and stats == count_game(_sample(), setup, DRAW)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["version"] == STATISTICS_VERSION == 2 and "records" not in document
    assert [(tally["board"], tally["opponent"]) for tally in document["tallies"]] == [
        ("3x3k3", "perfect"), ("15x15k5", "medium")]
    assert load_statistics(path) == (stats, None)


def test_a_version_1_file_with_a_bad_entry_keeps_the_rest_and_is_saved_as_version_2(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    original = json.dumps({"version": 1, "records": [
        {"board": "3x3k3", "opponent": "easy", "wins": 2, "streak": 2, "best_streak": 2},
        {"board": "3x3k3", "opponent": "friend"},
    ]})
    path.write_text(original, encoding="utf-8")
    stats, message = load_statistics(path)
    assert stats.get(TTT, "easy") == Tally(wins=2, streak=2, best_streak=2) and len(stats.tallies) == 1
    assert message is not None and "tally 2 was dropped (opponent 'friend'" in message
    (aside,) = tmp_path.glob("statistics.json.corrupt-*")
    assert aside.read_text(encoding="utf-8") == original
    repaired = json.loads(path.read_text(encoding="utf-8"))
    assert repaired["version"] == 2 and "records" not in repaired and len(repaired["tallies"]) == 1


def test_a_file_from_before_assisted_games_reads_with_none() -> None:
    document = {"tallies": [{"board": "3x3k3", "opponent": "easy", "wins": 2, "streak": 2, "best_streak": 2}]}
    stats, problems = decode_statistics(document)
    assert problems == [] and stats.get(TTT, "easy") == Tally(wins=2, streak=2, best_streak=2)


def test_the_first_run_has_no_statistics(tmp_path: Path) -> None:
    assert load_statistics(tmp_path / "statistics.json") == (Statistics(), None)


def test_the_default_path_follows_the_home_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert statistics_path() == tmp_path / "data" / "statistics.json"
    assert save_statistics(_sample()) is None
    assert load_statistics() == (_sample(), None)


@pytest.mark.parametrize(
    "bad",
    [
        "a tally",
        {"board": "3x3", "opponent": "friend", "wins": 1},
        {"board": "0x3", "opponent": "easy"},
        {"board": 33, "opponent": "easy"},
        {"board": "3x3", "opponent": "easy", "wins": -1},
        {"board": "3x3", "opponent": "easy", "draws": 1.5},
        {"board": "3x3", "opponent": "easy", "losses": True},
        {"board": "3x3", "opponent": "easy", "wins": 1, "streak": 2, "best_streak": 2},
    ],
)
def test_a_bad_tally_is_dropped_and_the_others_kept(tmp_path: Path, bad: object) -> None:
    path = tmp_path / "statistics.json"
    save_statistics(_sample(), path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["tallies"].insert(1, bad)
    path.write_text(json.dumps(document), encoding="utf-8")
    stats, message = load_statistics(path)
    assert stats == _sample()
    assert message is not None and "tally 2 was dropped" in message
    (aside,) = tmp_path.glob("statistics.json.corrupt-*")
    assert bad in json.loads(aside.read_text(encoding="utf-8"))["tallies"]
    assert load_statistics(path) == (_sample(), None)


def test_long_values_in_a_tally_are_quoted_short(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    save_statistics(_sample(), path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["tallies"][1:1] = [{"board": f"3x{LONG}", "opponent": "easy"},
                                {"board": "3x3", "opponent": "o" * 5000}]
    path.write_text(json.dumps(document), encoding="utf-8")
    stats, message = load_statistics(path)
    assert stats == _sample()
    assert message is not None
    assert f"tally 2 was dropped (height {SHOWN} is out of range" in message
    assert f"tally 3 was dropped (opponent '{'o' * 31}…' is not one of" in message
    assert len(message.replace(str(path), "")) < 400


def test_a_count_too_long_to_read_gives_empty_statistics_and_a_note(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    save_statistics(_sample(), path)
    content = path.read_text(encoding="utf-8").replace('"wins": 0', f'"wins": {LONG}', 1)
    assert LONG in content
    path.write_text(content, encoding="utf-8")
    stats, message = load_statistics(path)
    assert stats == Statistics()
    (aside,) = tmp_path.glob("statistics.json.corrupt-*")
    assert message is not None and f"it holds a number of more than 18 digits ({SHOWN})" in message
    assert len(message.replace(str(path), "").replace(aside.name, "")) < 200


def test_a_second_tally_for_the_same_game_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    save_statistics(_sample(), path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["tallies"].append({"board": "15x15", "opponent": "medium", "wins": 9})
    path.write_text(json.dumps(document), encoding="utf-8")
    stats, message = load_statistics(path)
    assert stats == _sample()
    assert message is not None and "tally 3 was dropped (a second tally for 15x15k5" in message


@pytest.mark.parametrize("content", ["{}", '{"version": 1, "records": {}}', '{"version": 2, "tallies": {}}',
                                     '{"version": 99, "tallies": []}'])
def test_a_file_with_no_usable_tallies_gives_empty_statistics(tmp_path: Path, content: str) -> None:
    path = tmp_path / "statistics.json"
    path.write_text(content, encoding="utf-8")
    stats, message = load_statistics(path)
    assert stats == Statistics()
    assert message is not None and "statistics" in message
    assert len(list(tmp_path.glob("statistics.json.corrupt-*"))) == 1


def test_reset_forgets_every_tally_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    save_statistics(_sample(), path)
    stats, message = reset_statistics(path)
    assert (stats, message) == (Statistics(), None)
    assert load_statistics(path) == (Statistics(), None)


def test_a_finished_game_adds_to_what_is_on_disk_not_to_a_stale_copy(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    setup = GameSetup(TTT, "human", "perfect")
    stale = Statistics()
    save_statistics(_sample(), path)  # another game, running at the same time, saved first
    stats, message = save_finished_game(setup, DRAW, path)
    assert message is None
    assert stats == count_game(_sample(), setup, DRAW) != count_game(stale, setup, DRAW)
    assert load_statistics(path) == (stats, None)


def test_a_game_that_does_not_count_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    stats, message = save_finished_game(GameSetup(TTT, "human", "human"), X_WINS, path)
    assert (stats, message) == (Statistics(), None)
    assert not path.exists()


def test_a_finished_game_is_counted_even_when_the_old_file_was_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_text("{broken", encoding="utf-8")
    stats, message = save_finished_game(GameSetup(TTT, "easy", "human"), O_WINS, path)
    assert stats.get(TTT, "easy") == Tally(wins=1, streak=1, best_streak=1)
    assert message is not None and "not valid JSON" in message
    assert load_statistics(path) == (stats, None)


def test_a_finished_game_that_cannot_be_saved_says_so(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a directory", encoding="utf-8")
    stats, message = save_finished_game(GameSetup(TTT, "human", "easy"), X_WINS, tmp_path / "data" / "s.json")
    assert stats.get(TTT, "easy").wins == 1
    assert message is not None and "Could not save the statistics" in message
