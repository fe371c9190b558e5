"""Saved games: what is saved opens again equal, and a file that is not a game is refused with its reason."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest

from tictactoe_tui.engine import BoardSpec, GameError, Position
from tictactoe_tui.profile import saved_games
from tictactoe_tui.profile.saved_games import (
    MAX_GAME_BYTES,
    SavedGame,
    game_text,
    new_game_path,
    open_game,
    parse_game,
    save_game,
)
from tictactoe_tui.session.setup import GameSetup, Level

GAME = Position.from_moves("4x4k3", "b2 a1 c3")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TICTACTOE_TUI_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("setup", [GameSetup(GAME.spec, "human", "medium"),
                                   GameSetup(GAME.spec, "perfect", "human"),
                                   GameSetup(GAME.spec, "easy", "hard")])
def test_a_saved_game_opens_with_its_moves_and_its_players(setup: GameSetup) -> None:
    path = new_game_path(str(GAME.spec))
    assert save_game(path, setup, GAME) is None
    assert open_game(path) == SavedGame(setup, GAME)
    assert path.read_text().splitlines()[-1] == GAME.record


def test_a_brain_is_saved_as_a_person_so_that_no_file_starts_a_program() -> None:
    setup = GameSetup(GAME.spec, "human", "brain:pbrain-rapfi")
    assert parse_game(game_text(setup, GAME)).setup == GameSetup(GAME.spec, "human", "human")
    with pytest.raises(GameError, match="O is played by one of"):
        parse_game("O: brain:/bin/sh -c true\n4x4k3: b2\n")


def test_a_hand_written_file_needs_only_the_record() -> None:
    people = GameSetup(BoardSpec(3, 3, 3), "human", "human")
    assert parse_game("\n  3x3k3: b2 a1  \n") == SavedGame(people, Position.from_moves("3x3", "b2 a1"))
    assert parse_game("x: perfect\n# a comment\n3x3: b2\n").setup.x == Level("perfect")


@pytest.mark.parametrize(("text", "reason"), [
    ("", "holds no game record"),
    ("X: human\nO: medium\n", "holds no game record"),
    ("X: human\nX: medium\n3x3: b2\n", "line 2: X is named twice"),
    ("X: grandmaster\n3x3: b2\n", "line 1: X is played by one of"),
    ("3x3: b2\n3x3: a1\n", "line 2: nothing may follow the record"),
    ("3x3: b2 b2\n", "b2 is already taken"),
    ("3x3: z9\n", "z9"),
    ("hello\n", "hello"),
])
def test_a_file_that_is_not_a_game_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(GameError, match=reason):
        parse_game(text)


def test_opening_names_the_file_and_what_is_wrong_with_it(home: Path) -> None:
    with pytest.raises(GameError, match="there is no file"):
        open_game(home / "missing.txt")
    big = home / "big.txt"
    big.write_text("3x3: b2\n" + "#" * MAX_GAME_BYTES)
    with pytest.raises(GameError, match=r"big.txt is not a saved game: it is larger than 64 KiB"):
        open_game(big)
    binary = home / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(GameError, match="it is not text"):
        open_game(binary)
    with pytest.raises(GameError, match="a directory"):
        open_game(home)
    fifo = home / "pipe.txt"
    os.mkfifo(fifo)
    with pytest.raises(GameError, match="a named pipe"):
        open_game(fifo)


def test_a_disk_that_refuses_is_told_not_raised(home: Path) -> None:
    blocker = home / "file"
    blocker.write_text("")
    message = save_game(blocker / "game.txt", GameSetup(), Position.empty("3x3"))
    assert message is not None and message.startswith("Could not save the game to")


def test_saved_games_are_listed_newest_first(home: Path) -> None:
    assert saved_games.saved_games() == []
    paths = [new_game_path("3x3k3", datetime(2026, 1, day)) for day in (1, 2, 3)]
    for age, path in enumerate(paths):
        save_game(path, GameSetup(), Position.empty("3x3"))
        os.utime(path, (1_000_000 + age, 1_000_000 + age))
    (paths[0].parent / "notes.md").write_text("not a game")
    assert saved_games.saved_games() == paths[::-1]
    assert paths[0].name == "3x3k3-2026-01-01-000000.txt"
