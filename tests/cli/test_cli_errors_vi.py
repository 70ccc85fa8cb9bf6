"""Every error a person meets on the command line speaks Vietnamese by default and English on
request (``--lang en``, or ``CHIEU_LANG=en`` for the commands without ``--lang``): the bots
(an unknown name, a bad search budget, an external bot's command), the arena's line-up, the
records (missing, unreadable, not JSON, too large, of an unknown format, sealed, damaged, or
not replaying: still named by file and line). Exit code 2, never a traceback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chieu.cli import i18n
from chieu.cli.main import main
from chieu.core import record as record_module

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
#: the commands that take ``--lang``; the others read ``CHIEU_LANG``
WITH_LANG = {"play", "replay", "verify", "review", "learn", "rules", "check"}


@pytest.fixture(autouse=True)
def _vietnamese(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No ``CHIEU_LANG`` from outside; ``install`` is process-wide, so put Vietnamese back."""
    monkeypatch.delenv("CHIEU_LANG", raising=False)
    yield
    i18n.install("vi")


def _fails(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The error ``chieu argv`` prints (exit code 2, no traceback), on one line."""
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    return " ".join(err.split())


def _both(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    vi: str,
    en: str,
) -> None:
    """``vi`` in the default error and ``en`` in the English one, neither in the other."""
    err = _fails(capsys, argv)
    assert vi in err and en not in err, err
    if argv[0] in WITH_LANG:
        err = _fails(capsys, [*argv, "--lang", "en"])
    else:
        monkeypatch.setenv("CHIEU_LANG", "en")
        err = _fails(capsys, argv)
        monkeypatch.delenv("CHIEU_LANG")
    assert en in err and vi not in err, err


@pytest.mark.parametrize(
    ("argv", "vi", "en"),
    [
        (
            ["play", "chan", "--bots", "minimax", "--auto"],
            "chieu: Chắn không có máy 'minimax'; các máy: random, greedy, heuristic",
            "chieu: unknown bot 'minimax' for chan; known bots: random, greedy, heuristic",
        ),
        (
            ["play", "chan", "--bots", "search:abc", "--auto"],
            "ngân sách 'abc' của máy search không hợp lệ: hãy viết như search:50ms (mili giây) "
            "hoặc search:200 (lượt chơi thử)",
            "bad search budget 'abc': use e.g. search:50ms (milliseconds) or search:200",
        ),
        (
            ["play", "chan", "--bots", "search:", "--auto"],
            "máy 'search:': sau dấu ':' chưa có gì (ví dụ search:50ms",
            "bot 'search:': nothing after ':' (e.g. search:50ms",
        ),
        (
            ["play", "chan", "--bots", "search:99999999", "--auto"],
            "search:99999999: nhiều nhất 1.000.000 lượt chơi thử mỗi nước",
            "search:99999999: at most 1,000,000 playouts a decision",
        ),
        (
            ["play", "chan", "--bots", "search:999999999ms", "--auto"],
            "search:999999999ms: nhiều nhất 600.000 ms mỗi nước",
            "search:999999999ms: at most 600,000 ms a decision",
        ),
        (
            ["play", "chan", "--bots", "ext:'python bot.py", "--auto"],
            'lệnh của máy ngoài "\'python bot.py": thiếu dấu nháy đóng',
            'external bot command "\'python bot.py": No closing quotation',
        ),
        (
            ["arena", "chan", "--bots", "heuristic,,random", "--no-records"],
            "chieu: --bots 'heuristic,,random': có một tên máy bị bỏ trống",
            "chieu: --bots 'heuristic,,random': an empty bot name",
        ),
        (
            ["arena", "chan", "--bots", "random,random", "--players", "3", "--no-records"],
            "chieu: 2 máy cho một ván Chắn 3 người: mỗi ghế cần đúng một máy",
            "chieu: 2 bots for a 3-player game of Chắn; give one bot per seat",
        ),
        (
            ["arena", "chan", "--bots", "search:abc,random", "--no-records"],
            "ngân sách 'abc' của máy search không hợp lệ",
            "bad search budget 'abc'",
        ),
        (
            ["arena", "chan", "--bots", "random,random", "--no-records", "--log", "/no/x.jsonl"],
            "--log /no/x.jsonl: không ghi vào đó được (không có tệp hay thư mục này)",
            "--log /no/x.jsonl: cannot write there (No such file or directory)",
        ),
        (
            ["bot", "serve", "search:abc"],
            "chieu: ngân sách 'abc' của máy search không hợp lệ",
            "chieu: bad search budget 'abc'",
        ),
        (
            ["bot", "serve", "alphago"],
            "chieu: không có máy 'alphago'; các máy: random",
            "chieu: unknown bot 'alphago'; known bots: random",
        ),
        (
            ["bot", "serve", "heuristic", "--game", "chan-xyz"],
            "chieu: không có trò 'chan-xyz'",
            "chieu: unknown game 'chan-xyz'",
        ),
        (
            ["bot", "tune", "chan", "--thresholds", "0,x"],
            "--thresholds '0,x': cần các số ≥ 0 (lớn nhất 100, nhiều nhất 100 số)",
            "--thresholds '0,x': numbers ≥ 0 (at most 100, at most 100 of them)",
        ),
        (
            ["bot", "tune", "chan", "--worlds", "1"],
            "chấm ngưỡng cần ít nhất 1 ván và 2 thế bài mỗi nước",
            "tuning needs at least 1 game and 2 worlds per action",
        ),
    ],
)
def test_bot_and_line_up_errors(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    vi: str,
    en: str,
) -> None:
    _both(capsys, monkeypatch, argv, vi, en)


def test_a_records_path_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    argv = ["play", "chan", "--auto", "--records", str(afile)]
    _both(
        capsys,
        monkeypatch,
        argv,
        f"--records {str(afile)!r} là một tệp, không phải thư mục",
        f"--records {str(afile)!r} is a file, not a folder",
    )


def test_a_missing_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = str(tmp_path / "missing.jsonl")
    for command in (["replay", missing], ["verify", missing], ["review", missing, "--seat", "0"]):
        _both(
            capsys,
            monkeypatch,
            command,
            f"không đọc được biên bản {missing!r}: không có tệp hay thư mục này",
            f"cannot read record {missing!r}: No such file or directory",
        )
    _both(
        capsys,
        monkeypatch,
        ["replay", str(tmp_path)],
        f"không đọc được biên bản {str(tmp_path)!r}: đây là một thư mục",
        f"cannot read record {str(tmp_path)!r}: Is a directory",
    )


@pytest.mark.parametrize(
    ("content", "vi", "en"),
    [
        (b"", ": biên bản trống", ": empty record"),
        (
            b"my-hostname\n",
            ":1: đầu biên bản không phải JSON (Expecting value: cột 1)",
            ":1: the header is not JSON (Expecting value: column 1)",
        ),
        (b"\xff\xfe\n", ":1: đầu biên bản không phải UTF-8", ":1: the header is not UTF-8"),
        (
            b'{"record": 1}\n',
            ':1: không phải biên bản của chieu (dòng đầu không có "record": "chieu")',
            ":1: not a chieu record header",
        ),
        (
            b'\n{"record": "chieu", "format": 3}\n',
            ":2: đầu biên bản ghi 'format' là 3: chieu chỉ đọc được định dạng 1 hoặc 2",
            ":2: header 'format' must be 1 or 2, not 3",
        ),
        (
            b'{"record": "chieu", "game": "chan", "rules": {}}\n',
            ":1: đầu biên bản thiếu 'seed'",
            ":1: header lacks 'seed'",
        ),
    ],
)
def test_a_record_that_cannot_be_read(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    content: bytes,
    vi: str,
    en: str,
) -> None:
    path = tmp_path / "x.jsonl"
    path.write_bytes(content)
    for command in ("replay", "verify", "review"):
        argv = [command, str(path), *(["--seat", "0"] if command == "review" else [])]
        _both(capsys, monkeypatch, argv, f"{path}{vi}", f"{path}{en}")


def test_verify_prints_its_error_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hostname"
    path.write_text("my-hostname\n", encoding="utf-8")
    assert _fails(capsys, ["verify", str(path)]) == (
        f"chieu verify: {path}:1: đầu biên bản không phải JSON (Expecting value: cột 1)"
    )
    assert _fails(capsys, ["verify", str(path), "--lang", "en"]) == (
        f"chieu verify: {path}:1: the header is not JSON (Expecting value: column 1)"
    )


def test_a_record_too_large(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"x" * 100)
    monkeypatch.setattr(record_module, "MAX_RECORD_BYTES", 10)
    _both(
        capsys,
        monkeypatch,
        ["replay", str(path)],
        f"{path}: biên bản lớn hơn 0 MiB (giới hạn)",
        f"{path}: the record is larger than 0 MiB (the limit)",
    )


def _golden(tmp_path: Path, edit: int, new: str | None = None) -> tuple[Path, int]:
    """A copy of a golden Chắn record whose ``edit``-th action line is replaced by ``new``
    (None: the discard made a chíu, which does not replay); its path and the file line."""
    lines = sorted(GOLDEN.glob("chan/*.jsonl"))[0].read_text(encoding="utf-8").splitlines()
    n = [i for i, line in enumerate(lines) if '"verb": "discard"' in line][edit]
    lines[n] = lines[n].replace('"verb": "discard"', '"verb": "chiu"') if new is None else new
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, n + 1


def test_a_record_that_does_not_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, line = _golden(tmp_path, 0)
    _both(
        capsys,
        monkeypatch,
        ["replay", str(path)],
        f"chieu: {path}:{line}: nước 1 của ghế 3 không chơi lại được: không phải một nước của "
        "trò này: {'card': 10, 'verb': 'chiu'}",
        f"chieu: {path}:{line}: move 1 by seat 3 does not replay: not an action of this game: "
        "{'card': 10, 'verb': 'chiu'}",
    )


def test_a_damaged_record_is_shown_up_to_its_last_good_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, line = _golden(tmp_path, 2, '{"type": "action", "actor": 0, "data": ')
    _both(
        capsys,
        monkeypatch,
        ["replay", str(path)],
        f"chieu: {path}:{line}: sự kiện hỏng (dòng này không phải JSON",
        f"chieu: {path}:{line}: bad event (the event is not JSON",
    )
    err = _fails(capsys, ["replay", str(path)])
    assert f"(đã xem đến dòng {line - 1})" in err


def test_a_sealed_record_and_a_resume_without_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "chan", "--auto", "--seed", "3", "--bots", "random", "--records"]
    assert main([*argv, str(tmp_path)]) == 0
    [played] = sorted(tmp_path.glob("*.jsonl"))
    sealed = tmp_path / "sealed.jsonl"  # the reveal line (the last) is not written yet
    sealed.write_text("".join(played.read_text().splitlines(True)[:-1]), encoding="utf-8")
    _both(
        capsys,
        monkeypatch,
        ["replay", str(sealed)],
        f"chieu: {sealed}: bộ bài còn niêm phong: ván chưa kết thúc (chưa có dòng công bố)",
        f"chieu: {sealed}: the deal is sealed: the game is not over (no reveal line)",
    )
    _both(
        capsys,
        monkeypatch,
        ["play", "--resume", str(sealed)],
        f"chieu: {sealed}: thiếu tệp khóa sealed.jsonl.key",
        f"chieu: {sealed}: its key file sealed.jsonl.key is missing",
    )
