"""The command line in Vietnamese (the default) or English (``--lang en`` or
``CHIEU_LANG=en``): argparse's own words included, so that ``chieu play --help`` and its
errors are in one language."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

VI = {
    "usage: ": "cách dùng: ",
    "positional arguments": "tham số",
    "options": "tuỳ chọn",
    "show this help message and exit": "hiện trợ giúp này rồi thoát",
    "show program's version number and exit": "in số phiên bản rồi thoát",
    "%(prog)s: error: %(message)s\n": "%(prog)s: lỗi: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "tham số %(argument_name)s: %(message)s",
    "the following arguments are required: %s": "thiếu tham số bắt buộc: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "lựa chọn không hợp lệ: %(value)r (chọn một trong %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "giá trị %(type)s không hợp lệ: %(value)r",
    "unrecognized arguments: %s": "không hiểu tham số: %s",
    "expected one argument": "cần một giá trị",
    "expected at least one argument": "cần ít nhất một giá trị",
    "expected at most one argument": "cần nhiều nhất một giá trị",
    "ambiguous option: %(option)s could match %(matches)s": (
        "tuỳ chọn chưa rõ: %(option)s có thể là %(matches)s"
    ),
    "not allowed with argument %s": "không dùng cùng tham số %s",
    "one of the arguments %s is required": "cần một trong các tham số %s",
    "ignored explicit argument %r": "bỏ qua giá trị %r",
    "can't open '%(filename)s': %(error)s": "không mở được '%(filename)s': %(error)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "không có lệnh %(parser_name)r (các lệnh: %(choices)s)"
    ),
}
VI_PLURAL = {
    "expected %s argument": "cần %s giá trị",
    "conflicting option string: %s": "tuỳ chọn trùng: %s",
}


def lang_from(argv: Sequence[str]) -> str:
    """``en`` when the command line or ``CHIEU_LANG`` asks for English, else ``vi``."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return "en" if argv[i + 1] == "en" else "vi"
        if arg.startswith("--lang="):
            return "en" if arg.split("=", 1)[1] == "en" else "vi"
    return "en" if os.environ.get("CHIEU_LANG", "") == "en" else "vi"


_current = ["vi"]


def current() -> str:
    """The language the command line was started in (``install`` sets it)."""
    return _current[0]


def tr(vi: str, en: str) -> str:
    """The words in the current language."""
    return en if _current[0] == "en" else vi


def argparse_text(text: str) -> str:
    """One of argparse's own phrases (a key of ``VI``) in the current language: for the few
    it does not translate itself (``--version``'s help before Python 3.13)."""
    return VI.get(text, text) if _current[0] == "vi" else text


def install(lang: str) -> None:
    """Make argparse (and ``tr``) speak ``lang``."""
    _current[0] = "en" if lang == "en" else "vi"
    if lang == "en":
        argparse._ = lambda text: text  # type: ignore[attr-defined]
        argparse.ngettext = lambda one, many, n: one if n == 1 else many  # type: ignore[attr-defined]
        return
    argparse._ = lambda text: VI.get(text, text)  # type: ignore[attr-defined]
    argparse.ngettext = lambda one, many, n: VI_PLURAL.get(one, one if n == 1 else many)  # type: ignore[attr-defined]
