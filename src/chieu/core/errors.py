"""Exceptions for programmer errors and bad input. A *lỗi* (fault) is never an exception."""


class ChieuError(ValueError):
    """Base class: every error chieu raises on bad input is a ValueError with a clear message."""


class NotationError(ChieuError):
    """Text that does not parse: names the bad token and where it is."""

    def __init__(self, message: str, *, token: str | None = None, position: int | None = None):
        super().__init__(message)
        self.token = token
        self.position = position


class IllegalActionError(ChieuError):
    """An action that is not legal in the current state (or not for this seat)."""


class RecordError(ChieuError):
    """A stored game record that cannot be read or does not replay."""


class UnknownGameError(ChieuError):
    """A game name that no registered game answers to."""
