"""``chieu verify RECORD``: check a game record, line by line, and say what was checked.

The header (its keys, the version, the game and its rules), the commitment to the deal (format
2: the SHA-256 of the seed, the nonce and the deck, published before the first card), the seed
against the deal (a deck the seed does not deal is a forgery), every event against a replay
(the first line that differs is named), the end of the game and the reveal's digest. A record
cut short is read up to its last good line. Exit codes: 0 verified and the game is over, 1 does
not check out (tampered or damaged), 2 unreadable or bad usage, 3 valid so far but unfinished
(``docs/records.md``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

from chieu.cli.common import Subparsers
from chieu.cli.i18n import current, tr
from chieu.core.commitment import Check, Report, check
from chieu.core.errors import RecordError
from chieu.core.record import MAX_RECORD_BYTES, GameRecord

_HEX = re.compile(r"[0-9a-fA-F]{16,64}")
MARKS = {True: "✓", False: "✗", None: "·"}


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "verify",
        help=tr("kiểm tra một biên bản (bộ bài, cam kết, từng dòng)", "check a game record"),
        description=tr(
            "Kiểm tra biên bản: đầu biên bản, cam kết bộ bài, seed với bộ bài, từng sự kiện "
            "khi chơi lại. Mã thoát: 0 hợp lệ và ván đã xong, 1 không khớp (bị sửa hay hỏng), "
            "2 không đọc được, 3 hợp lệ nhưng ván chưa xong.",
            "Check a record: the header, the commitment to the deal, the seed against the "
            "deal, every event against a replay. Exit codes: 0 verified and finished, 1 does "
            "not check out (tampered or damaged), 2 unreadable, 3 valid but unfinished.",
        ),
    )
    p.add_argument("record", help=tr("tệp biên bản (.jsonl)", "the record file (.jsonl)"))
    p.add_argument(
        "--fingerprint",
        default=None,
        metavar="HEX",
        help=tr(
            "dấu vân tay đã thấy khi ván kết thúc (ít nhất 16 chữ số hex) để so",
            "the fingerprint shown when the game ended (16 hex digits or more), to compare",
        ),
    )
    p.add_argument("--json", action="store_true", help=tr("in dạng JSON", "print JSON"))
    p.add_argument("--lang", choices=("vi", "en"), default="vi", help=tr("ngôn ngữ", "language"))
    p.set_defaults(run=run)


def fingerprint(path: Path) -> str:
    """SHA-256 of the whole file (at most the loader's limit is read)."""
    with path.open("rb") as f:
        return hashlib.sha256(f.read(MAX_RECORD_BYTES + 1)).hexdigest()


def verify_file(path: Path, expected: str | None = None) -> tuple[GameRecord, Report, str]:
    """Load ``path`` leniently and check it; RecordError when it cannot be read at all."""
    record = GameRecord.load(path, lenient=True)
    report = check(record)
    print_ = fingerprint(path)
    if expected is not None:
        if print_.startswith(expected.lower()):
            report.add(
                True,
                "Dấu vân tay khớp với dấu đã cho.",
                "The fingerprint matches the one given.",
            )
        else:
            report.add(
                False,
                "Dấu vân tay KHÔNG khớp với dấu đã cho: tệp đã đổi.",
                "The fingerprint does NOT match the one given: the file changed.",
            )
    return record, report, print_


def _text(c: Check, lang: str) -> str:
    return c.en if lang == "en" else c.vi


def run(args: argparse.Namespace) -> int:
    lang = "en" if args.lang == "en" or current() == "en" else "vi"
    if args.fingerprint is not None and not _HEX.fullmatch(args.fingerprint):
        print(
            tr(
                "chieu verify: --fingerprint cần 16 đến 64 chữ số hex",
                "chieu verify: --fingerprint takes 16 to 64 hex digits",
            ),
            file=sys.stderr,
        )
        return 2
    path = Path(args.record)
    try:
        record, report, print_ = verify_file(path, args.fingerprint)
    except RecordError as exc:
        print(f"chieu verify: {exc.text(current())}", file=sys.stderr)
        return 2
    if args.json:
        data = {
            "record": str(path),
            "status": report.status,
            "code": report.code,
            "format": record.format,
            "fingerprint": print_,
            "checks": [{"ok": c.ok, "line": c.line, "text": _text(c, lang)} for c in report.items],
        }
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return report.code
    line = "dòng" if lang == "vi" else "line"
    print(f"{'Kiểm tra biên bản' if lang == 'vi' else 'Checking the record'} {path}")
    for c in report.items:
        where = f"{line} {c.line}: " if c.line is not None else ""
        print(f"  {MARKS[c.ok]} {where}{_text(c, lang)}")
    print(
        ("  Dấu vân tay (SHA-256 của cả tệp): " if lang == "vi" else "  Fingerprint (SHA-256 ")
        + ("" if lang == "vi" else "of the whole file): ")
        + print_
    )
    verdict = {
        "verified": ("HỢP LỆ: ván đã kết thúc", "VERIFIED: the game is over"),
        "tampered": (
            "KHÔNG KHỚP: biên bản bị sửa hay hỏng",
            "DOES NOT CHECK OUT: edited or damaged",
        ),
        "unfinished": ("HỢP LỆ ĐẾN ĐÂY nhưng ván CHƯA KẾT THÚC", "VALID SO FAR but UNFINISHED"),
    }[report.status]
    word = "Kết luận" if lang == "vi" else "Verdict"
    print(f"{word}: {verdict[1] if lang == 'en' else verdict[0]} ({report.code})")
    return report.code
