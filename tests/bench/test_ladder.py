"""The ladder's openings are the 26 distinct canonical ones, its Elo is honest, and a match runs."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest
from test_atlas import _bench_module

from tictactoe_tui.engine.rules.symmetry import symmetries
from tictactoe_tui.gomocup import client

ladder = _bench_module("ladder")


def test_the_openings_are_26_distinct_central_three_stone_positions() -> None:
    openings = ladder.openings()
    assert len(openings) == 26
    table = symmetries(ladder.SPEC)
    seen = set()
    for stones in openings:
        position = ladder.opening_position(stones)
        assert len(position.moves) == 3 and not position.is_over
        assert all(abs(column - 7) <= 2 and abs(row - 7) <= 2 for column, row in stones)
        seen.add(table.canonical(position.x, position.o))
    assert len(seen) == 26, "no opening is another's mirror image"


@pytest.mark.parametrize(("scores", "sign"), [([1.0, 0.5, 0.5], 1), ([0.0, 0.5], -1), ([0.5, 0.5], 0)])
def test_the_elo_follows_the_score(scores: list[float], sign: int) -> None:
    games = [ladder.Game(0, "X", score, 30, "", "five") for score in scores]
    line = ladder.summary(games)[1]
    value = int(line.split()[5])
    assert (value > 0) - (value < 0) == sign, line


def test_a_clean_sweep_says_so_and_has_a_finite_estimate() -> None:
    line = ladder.summary([ladder.Game(n, "X", 1.0, 30, "", "five") for n in range(10)])[1]
    assert "clean sweep" in line and "inf" not in line


@pytest.mark.slow
def test_a_match_between_two_brains_plays_both_colours_to_the_end(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # What is asked is that a match plays out and is kept, not how fast a brain answers: on a machine
    # busy with other work a brain's process may start later than the manager's grace allows.
    monkeypatch.setattr(client, "ANSWER_GRACE", 30.0)
    brain = [str(Path(sys.executable).parent / "pbrain-tictactoe-tui")]
    with ladder.BrainPlayer(brain, time_limit=0.1) as a, ladder.BrainPlayer(brain, time_limit=0.1) as b:
        games = [ladder.play(0, mark, a, b) for mark in (ladder.Mark.X, ladder.Mark.O)]
    for game in games:
        assert "failed" not in game.ended, game.ended
        assert game.record.startswith("15x15k5: h8 h9 f6 ")
        assert game.plies > 3 and game.score_a in (0.0, 0.5, 1.0)
    assert {game.a_plays for game in games} == {"X", "O"}


def test_a_match_resumes_from_its_games_file_without_replaying(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    games_file = tmp_path / "games.jsonl"
    played = [ladder.Game(0, "X", 1.0, 9, "15x15k5: h8 h9 f6", "five"),
              ladder.Game(0, "O", 0.5, 225, "15x15k5: h8 h9 f6", "board full")]
    games_file.write_text("".join(json.dumps(dataclasses.asdict(game)) + "\n" for game in played))
    missing = str(tmp_path / "no-such-brain")  # Would fail the game at once if a move were asked of it.
    monkeypatch.setattr(sys, "argv", ["ladder.py", missing, missing, "--openings", "1",
                                      "--games-file", str(games_file)])
    ladder.main()
    out = capsys.readouterr().out
    assert "A: +1 =1 -0  score 75.0%" in out and "failed" not in out
    assert len(games_file.read_text().splitlines()) == 2
