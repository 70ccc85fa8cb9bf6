"""Exceptions for programmer errors and bad input. A *lỗi* (fault) is never an exception."""

from __future__ import annotations


class ChieuError(ValueError):
    """Base class: every error chieu raises on bad input is a ValueError with a clear message.

    The message (``str(exc)``) is English; a raiser that speaks to people may give the same
    message in Vietnamese too (``vi=``), which ``text("vi")`` returns.
    """

    def __init__(self, *args: object, vi: str | None = None) -> None:
        super().__init__(*args)
        self.vi = vi

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``vi`` or ``en``): English when no Vietnamese was given."""
        return self.vi if lang == "vi" and self.vi else str(self)


class NotationError(ChieuError):
    """Text that does not parse: names the bad token and where it is."""

    def __init__(
        self,
        message: str,
        *,
        token: str | None = None,
        position: int | None = None,
        vi: str | None = None,
    ):
        super().__init__(message, vi=vi)
        self.token = token
        self.position = position


class IllegalActionError(ChieuError):
    """An action that is not legal in the current state (or not for this seat)."""


class RecordError(ChieuError):
    """A stored game record that cannot be read or does not replay."""


class UnknownGameError(ChieuError):
    """A game name that no registered game answers to."""
