"""The network benchmark: every move is timed in both directions, the host's memory is read at each
stage, and every connection it opened was refused."""

from __future__ import annotations

import re
from contextlib import redirect_stdout
from io import StringIO

from test_atlas import _bench_module

latency = _bench_module("network_latency")


def test_a_short_run_times_every_move_and_counts_every_refusal() -> None:
    figures = latency.measure(moves=12, refused=8)
    assert len(figures.host_moves_ms) == len(figures.friend_moves_ms) == 6
    assert figures.latencies_ms == figures.host_moves_ms + figures.friend_moves_ms
    assert all(ms > 0 for ms in figures.latencies_ms), "a move arrives after it was played"
    assert figures.refusals == 8
    assert 0 < figures.start_mib <= figures.game_mib + 1 and figures.refused_mib > 0


def test_the_figures_are_printed_as_the_readme_quotes_them() -> None:
    printed = StringIO()
    with redirect_stdout(printed):
        assert latency.main(["--moves", "10", "--refused", "4"]) == 0
    text = printed.getvalue()
    assert re.search(r"10 moves: p50 \d+\.\d\d ms, p99 \d+\.\d\d ms "
                     r"\(target p99 within 50 ms: (met|NOT met)\)", text)
    assert re.search(r"host memory: [\d.]+ MiB at start, [\d.]+ MiB with one game, "
                     r"[\d.]+ MiB after 4 refused connections", text)


def test_the_percentile_is_the_nearest_rank() -> None:
    values = [float(value) for value in range(1, 201)]
    assert latency.percentile(values, 99) == 198.0
    assert latency.percentile(values, 50) == 100.0
    assert latency.percentile([3.0, 1.0], 99) == 3.0
