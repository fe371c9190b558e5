"""The profile keeps settings and statistics in step with their files, and says when a file failed."""

from __future__ import annotations

from tictactoe_tui.engine import BoardSpec, Position
from tictactoe_tui.profile.player import Profile
from tictactoe_tui.profile.settings import KeypadLayout, Settings, load_settings, settings_path
from tictactoe_tui.profile.statistics import SessionScore, Tally, load_statistics
from tictactoe_tui.session.setup import GameSetup

X_WINS = Position.from_moves("3x3", "a1 b1 b2 c1 c3").outcome
DRAW = Position.from_moves("3x3", "b2 a1 a2 c2 b1 b3 c1 a3 c3").outcome


def test_the_first_run_loads_defaults_without_a_word() -> None:
    profile, problems = Profile.load()
    assert problems == [] and profile.settings == Settings() and not profile.statistics
    assert profile.session == SessionScore()


def test_settings_are_saved_when_they_change_and_only_then() -> None:
    profile, _ = Profile.load()
    assert profile.remember_setup(GameSetup()) is None
    assert not settings_path().exists(), "nothing changed, nothing written"
    setup = GameSetup(BoardSpec(7, 6, 4), "human", "medium")
    assert profile.remember_setup(setup) is None
    assert profile.remember_theme("high-contrast") is None
    assert profile.remember_keypad(KeypadLayout.PHONE) is None
    assert load_settings() == (Settings(setup, "high-contrast", KeypadLayout.PHONE), None)
    assert Profile.load()[0].settings == profile.settings


def test_finished_games_count_in_the_session_and_against_the_computer_on_disk() -> None:
    profile, _ = Profile.load()
    assert profile.count_game(GameSetup(BoardSpec(3, 3, 3), "human", "easy"), X_WINS) is None
    assert profile.count_game(GameSetup(BoardSpec(3, 3, 3), "human", "human"), DRAW) is None
    assert profile.session == SessionScore({"You": 1, "Computer": 0, "Player 1": 0, "Player 2": 0}, draws=1)
    assert profile.statistics.get(BoardSpec(3, 3, 3), "easy") == Tally(wins=1, streak=1, best_streak=1)
    assert load_statistics()[0] == profile.statistics
    assert profile.reset_statistics() is None
    assert not profile.statistics and not load_statistics()[0]
    assert profile.session.played == 2, "the session's score stays"


def test_a_game_kept_out_of_the_statistics_counts_in_the_session_only() -> None:
    profile, _ = Profile.load()
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "easy")
    assert profile.count_game(setup, X_WINS, in_statistics=False) is None
    assert profile.session.played == 1
    assert not profile.statistics and not load_statistics()[0]


def test_reloading_picks_up_games_saved_by_another_copy_of_the_game() -> None:
    mine, _ = Profile.load()
    other, _ = Profile.load()
    other.count_game(GameSetup(BoardSpec(3, 3, 3), "perfect", "human"), DRAW)
    assert not mine.statistics
    assert mine.reload_statistics() is None
    assert mine.statistics.get(BoardSpec(3, 3, 3), "perfect").draws == 1


def test_a_file_that_cannot_be_written_is_reported() -> None:
    profile, _ = Profile.load()
    config = settings_path().parent
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("a file where the folder should be", encoding="utf-8")
    problem = profile.remember_theme("textual-light")
    assert problem is not None and problem.startswith("Could not save the settings")
    assert profile.settings.theme == "textual-light", "the running game still uses it"
