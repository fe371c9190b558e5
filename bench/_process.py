"""What the benchmark scripts read of a process they run: its resident memory."""

from __future__ import annotations

from pathlib import Path


def resident_mib(pid: int) -> float:
    """The resident memory of process ``pid``, in MiB, as Linux reports it."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")
