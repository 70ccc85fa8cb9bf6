"""Exceptions for programmer errors and bad input. A *lỗi* (fault) is never an exception."""

from __future__ import annotations

import errno


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

    @classmethod
    def at(cls, where: object, en: str, vi: str | None = None) -> RecordError:
        """``where: en``, where ``where`` is the file (and the line: ``path:3``), and
        ``where: vi`` in Vietnamese: the one shape of a record's error."""
        return cls(f"{where}: {en}", vi=None if vi is None else f"{where}: {vi}")


#: an operating system's reason (``OSError.errno``) as a Vietnamese player reads it
_OS_VI = {
    errno.ENOENT: "không có tệp hay thư mục này",
    errno.EACCES: "không có quyền",
    errno.EPERM: "không được phép",
    errno.EISDIR: "đây là một thư mục",
    errno.ENOTDIR: "một phần của đường dẫn không phải thư mục",
    errno.ENOSPC: "hết chỗ trên đĩa",
    errno.EROFS: "ổ đĩa chỉ đọc",
    errno.EEXIST: "đã có rồi",
    errno.ENAMETOOLONG: "tên quá dài",
}


def os_reason(exc: OSError, lang: str = "en") -> str:
    """Why an operation on a file failed, in ``lang`` (the system's words when ``vi`` has no
    translation for them)."""
    said = exc.strerror or str(exc)
    return _OS_VI.get(exc.errno or 0, said) if lang == "vi" else said


class UnknownGameError(ChieuError):
    """A game name that no registered game answers to."""
