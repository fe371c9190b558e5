"""Every command the README shows does what the README says of it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tictactoe_tui import cli, solve_command
from tictactoe_tui.engine import BoardSpec, Position

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(?:sh|console)\n(.*?)```", README, flags=re.S)
"""The README's runnable blocks (the ``text`` block is the synopsis, with its brackets)."""
PROG = cli.PROG


SEPARATORS = {"&&", "||", "|", ";"}


def _invocations(line: str) -> list[list[str]]:
    """The arguments of each ``tictactoe-tui`` run in a shell line, also behind a path or an ``&&``."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    found: list[list[str]] = []
    words: list[str] = []
    for word in [*lexer, ";"]:
        if word not in SEPARATORS:
            words.append(word)
            continue
        if words and words[0].rsplit("/", 1)[-1] == PROG:
            found.append(words[1:])
        words = []
    return found


def commands() -> list[tuple[list[str], list[str]]]:
    """Each ``tictactoe-tui`` command shown, in a block or in the text, as arguments, with the output lines
    printed under it."""
    found: list[tuple[list[str], list[str]]] = []
    for block in BLOCKS:
        lines = block.splitlines()
        for index, line in enumerate(lines):
            for args in _invocations(line.removeprefix("$ ")):
                output = []
                if line.startswith("$ "):
                    output = [text for text in lines[index + 1:] if not text.startswith("$ ")]
                found.append((args, output))
    for inline in re.findall(r"`(tictactoe-tui(?: [^`\[]+)?)`", README):
        found.extend((args, []) for args in _invocations(inline))
    return found


SOLVES = [(args, output) for args, output in commands() if args[:1] == ["solve"]]
GAMES = [args for args, _ in commands() if args[:1] != ["solve"]]


def test_the_readme_shows_commands_of_both_kinds() -> None:
    assert len(SOLVES) >= 2 and len(GAMES) >= 5
    assert [] in GAMES, "the bare command, as installing shows it"
    assert any(args[:1] == ["serve"] for args in GAMES), "serve, behind the install that enables it"


@pytest.mark.parametrize(("args", "output"), SOLVES, ids=[" ".join(args) for args, _ in SOLVES])
def test_every_solve_the_readme_shows_finishes_with_its_claim(
        args: list[str], output: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    parsed = cli.build_parser().parse_args(args)
    position = Position.from_moves(parsed.spec, parsed.moves)
    assert parsed.time_limit is not None or len(position.legal_moves) <= solve_command.SURE_TO_FINISH, (
        "a solve that may run for hours needs its --time-limit in the README")
    assert cli.main(args) == 0
    printed = capsys.readouterr().out.splitlines()
    value = next(line for line in printed if line.startswith("value:"))
    assert "unknown" not in value, "the README shows only solves that prove their value"
    for expected in output:
        if expected.startswith(("value:", "best moves:", "to move:", "position:")):
            assert expected in printed


def test_the_claim_about_7x7_with_four_in_a_row_holds(capsys: pytest.CaptureFixture[str]) -> None:
    (args,) = [args for args, _ in SOLVES if BoardSpec.parse(args[1]) == BoardSpec(7, 7, 4)]
    assert cli.main([*args, "--json"]) == 0
    answer = capsys.readouterr().out
    assert '"value": "loss"' in answer and '"plies": 10' in answer, "every O reply loses within 10 moves"


@pytest.mark.parametrize("args", GAMES, ids=[" ".join(args) or "(no arguments)" for args in GAMES])
def test_every_other_command_parses(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    if any(arg.startswith("brain:") or arg.startswith("--o=brain:") for arg in args):
        # The README's brains are examples of programs a reader installs; without them, one clear line.
        with pytest.raises(SystemExit) as exit_:
            cli.build_parser().parse_args(args)
        assert exit_.value.code == 2
        assert capsys.readouterr().err.count("\n") == 1
        return
    parsed = cli.build_parser().parse_args(args)  # Parsing only: serve would start serving.
    assert parsed.command == (args[0] if args and not args[0].startswith("-") else None)
    if parsed.command is None and args:
        assert parsed.game_board is not None or parsed.record is not None or parsed.open is not None
