"""Shows what the fuzz tests fed at the end of the run."""

from __future__ import annotations

from typing import Any

from tests.fuzz._fuzz import COUNTS, LONG


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if COUNTS:
        counts = ", ".join(f"{n:,} {what}" for what, n in sorted(COUNTS.items()))
        profile = "chieu-fuzz-long" if LONG else "chieu-fuzz"
        terminalreporter.write_line(f"fuzz ({profile}): {counts}")
