"""The code meets its own bar: the whole package types under mypy --strict, and ruff finds nothing."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_passes_mypy_strict() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "tictactoe_tui"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


TEST_HELPERS = ("tests/conftest.py", "tests/app/conftest.py", "tests/app/driving.py",
                "tests/gomocup/brains.py", "tests/gomocup/fake_brain.py", "tests/loopback.py")
"""The tests' shared helpers, typed as strictly as the package (one at a time: two are called conftest)."""


@pytest.mark.parametrize("helper", TEST_HELPERS)
def test_the_tests_helpers_pass_mypy_strict(helper: str) -> None:
    assert (ROOT / helper).is_file()
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", helper],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or "ruff"
    result = subprocess.run([ruff, "check", "tictactoe_tui", "tests", "bench", "scripts"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
