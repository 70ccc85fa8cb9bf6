"""argparse types for numbers with a range: ``type=whole(1, 1_000_000)``,
``type=real(0, 60_000, low_open=True)``. NaN, infinities, text that is not a number and values
out of range are refused with a message that says what is accepted (argparse then prints it
and exits with status 2)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

MAX_SEED = 2**64 - 1


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """A whole number from ``lo`` to ``hi``."""

    def parse(text: str) -> int:
        raw = text.strip().replace("_", "")
        digits = raw.lstrip("+-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            raise argparse.ArgumentTypeError(
                f"{text[:40]!r} is not a whole number from {lo:,} to {hi:,}"
            )
        value = int(raw)
        if value < lo:
            raise argparse.ArgumentTypeError(f"{value:,} is too small: at least {lo:,}")
        if value > hi:
            raise argparse.ArgumentTypeError(f"{value:,} is too large: at most {hi:,}")
        return value

    parse.__name__ = "whole number"
    return parse


def real(lo: float, hi: float, *, low_open: bool = False) -> Callable[[str], float]:
    """A finite number from ``lo`` (excluded when ``low_open``) to ``hi``."""
    low = f"more than {lo:g}" if low_open else f"from {lo:g}"

    def parse(text: str) -> float:
        try:
            value = float(text.strip()) if len(text) <= 40 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(
                f"{text[:40]!r} is not a finite number ({low} to {hi:g})"
            )
        if value < lo or (low_open and value == lo):
            raise argparse.ArgumentTypeError(f"{value:g} is too small: {low}")
        if value > hi:
            raise argparse.ArgumentTypeError(f"{value:g} is too large: at most {hi:g}")
        return value

    parse.__name__ = "number"
    return parse


MAX_PLAYOUTS = 1_000_000
MAX_SEARCH_MILLIS = 600_000.0  # ten minutes a decision


def check_bot_budget(name: str) -> None:
    """ChieuError for a ``search:`` bot whose budget is beyond reason (more than
    ``MAX_PLAYOUTS`` playouts or ``MAX_SEARCH_MILLIS`` ms a decision): such a bot would not
    answer in a lifetime. Other names are left to the bot registry."""
    from chieu.bots.registry import search_budget
    from chieu.core.errors import ChieuError
    from chieu.core.registry import normalize_name

    base, sep, option = name.partition(":")
    if not sep or normalize_name(base) != "search" or not option.strip():
        return
    millis, playouts = search_budget(option)
    if playouts is not None and playouts > MAX_PLAYOUTS:
        raise ChieuError(f"bot {name!r}: at most {MAX_PLAYOUTS:,} playouts a decision")
    if millis is not None and millis > MAX_SEARCH_MILLIS:
        raise ChieuError(f"bot {name!r}: at most {MAX_SEARCH_MILLIS:,.0f} ms a decision")
