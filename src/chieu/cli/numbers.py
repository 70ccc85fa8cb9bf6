"""argparse types for numbers with a range: ``type=whole(1, 1_000_000)``,
``type=real(0, 60_000, low_open=True)``. NaN, infinities, text that is not a number and values
out of range are refused with a message that says what is accepted (argparse then prints it
and exits with status 2)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from chieu.cli.i18n import current, tr

MAX_SEED = 2**64 - 1


def _n(value: float) -> str:
    """A number as the current language writes it (vi: 1.000.000; en: 1,000,000)."""
    text = f"{value:,}" if isinstance(value, int) else f"{value:g}"
    return text.replace(",", ".") if current() == "vi" and isinstance(value, int) else text


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """A whole number from ``lo`` to ``hi``."""

    def parse(text: str) -> int:
        raw = text.strip().replace("_", "")
        digits = raw.lstrip("+-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            raise argparse.ArgumentTypeError(
                tr(
                    f"{text[:40]!r} không phải số nguyên từ {_n(lo)} đến {_n(hi)}",
                    f"{text[:40]!r} is not a whole number from {_n(lo)} to {_n(hi)}",
                )
            )
        value = int(raw)
        if value < lo:
            raise argparse.ArgumentTypeError(
                tr(
                    f"{_n(value)} nhỏ quá: ít nhất {_n(lo)}",
                    f"{_n(value)} is too small: at least {_n(lo)}",
                )
            )
        if value > hi:
            raise argparse.ArgumentTypeError(
                tr(
                    f"{_n(value)} lớn quá: nhiều nhất {_n(hi)}",
                    f"{_n(value)} is too large: at most {_n(hi)}",
                )
            )
        return value

    parse.__name__ = "whole number"
    return parse


def real(lo: float, hi: float, *, low_open: bool = False) -> Callable[[str], float]:
    """A finite number from ``lo`` (excluded when ``low_open``) to ``hi``."""

    def low() -> str:
        if low_open:
            return tr(f"lớn hơn {lo:g}", f"more than {lo:g}")
        return tr(f"từ {lo:g}", f"from {lo:g}")

    def parse(text: str) -> float:
        try:
            value = float(text.strip()) if len(text) <= 40 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(
                tr(
                    f"{text[:40]!r} không phải số hữu hạn ({low()} đến {hi:g})",
                    f"{text[:40]!r} is not a finite number ({low()} to {hi:g})",
                )
            )
        if value < lo or (low_open and value == lo):
            raise argparse.ArgumentTypeError(
                tr(f"{value:g} nhỏ quá: {low()}", f"{value:g} is too small: {low()}")
            )
        if value > hi:
            raise argparse.ArgumentTypeError(
                tr(
                    f"{value:g} lớn quá: nhiều nhất {hi:g}",
                    f"{value:g} is too large: at most {hi:g}",
                )
            )
        return value

    parse.__name__ = "number"
    return parse


def check_bot_budget(name: str) -> None:
    """ChieuError for a ``search:`` bot whose budget is malformed or beyond reason (the bounds
    live in ``chieu.bots.registry.search_budget``), before any game starts. Other names are
    left to the bot registry."""
    from chieu.bots.registry import search_budget
    from chieu.core.registry import normalize_name

    base, sep, option = name.partition(":")
    if sep and normalize_name(base) == "search" and option.strip():
        search_budget(option)
