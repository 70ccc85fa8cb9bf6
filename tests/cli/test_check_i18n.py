"""``chieu check`` speaks Vietnamese, or English on request (``--lang en``, ``CHIEU_LANG=en``):
its help and every game's flags, its reports, and every error (a hand that cannot be read, a
bad option, a bad rule), which still names the bad token, count or position."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from chieu.cli import check, i18n
from chieu.cli.main import main
from tests.games.chan.hands import C1

TT1 = "3V 4V 5V 6V 6V 7V 7V 8V 9V 8S 7S 6S 4S 3S 3W 4W 4W 6W 7W OL"
PHOM = "Qh 4c 7d 7s 7h 7c 6h Ad 4d Ks"
MATCHUOC = "123p 45p HP 777p 999p 8p + 8p"

#: the parser's English from before, which the Vietnamese help must not show
OLD_ENGLISH = (
    "check hands",
    "Check hands of a game",
    "the game, e.g.",
    "a hand, quoted",
    "one JSON object per hand",
    "change one house rule",
    "start from a named rule preset",
)
#: English words no Vietnamese screen shows (card codes, flags and ids aside)
ENGLISH = re.compile(
    r"\b(the|of|and|with|is|are|e\.g|one|cards?|tiles?|hand|waits?|waiting|win|points|"
    r"result|score|error|unknown|not|no|game|rule|needs?)\b",
    re.IGNORECASE,
)


@pytest.fixture(autouse=True)
def _vietnamese(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No ``CHIEU_LANG`` from outside; ``install`` is process-wide, so put Vietnamese back."""
    monkeypatch.delenv("CHIEU_LANG", raising=False)
    yield
    i18n.install("vi")


def _squeezed(text: str) -> str:
    """``text`` without any whitespace (argparse wraps the help anywhere)."""
    return "".join(text.split())


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    assert exc.value.code == 0
    return capsys.readouterr().out


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["check", *argv])
    out = capsys.readouterr().out
    assert "Traceback" not in out
    return code, out


def _usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main(["check", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return " ".join(err.split())


def _no_english(text: str) -> None:
    found = ENGLISH.search(text)
    assert found is None, text[max(0, found.start() - 80) : found.end() + 80]


# -- the help ---------------------------------------------------------------------------------


def test_help_is_vietnamese_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(capsys, "check", "--help")
    squeezed = _squeezed(out)
    for words in (
        "Kiểm tra bài của một trò: các nhóm, chờ quân nào, ù được chưa, cước và điểm.",
        "tên trò, ví dụ chan (hay chắn)",
        "một tay bài, đặt trong dấu nháy",
        "in mỗi tay bài thành một đối tượng JSON, mỗi dòng một",
        "bắt đầu từ một bộ luật có sẵn",
        "--lang {vi,en}",
        "ngôn ngữ",
    ):
        assert _squeezed(words) in squeezed, words
    for english in OLD_ENGLISH:
        assert _squeezed(english) not in squeezed, english
    options = [opt for spec in check.CHECKERS.values() for opt in spec.options]
    assert {o.name for o in options} >= {"mat", "source", "call", "lung", "eaten", "seat", "melds"}
    for opt in options:
        assert _squeezed(opt.help) in squeezed, opt.name
        assert _squeezed(opt.help_en) not in squeezed, opt.name
    # the help's words (the usage, the flags, their metavars and choices stay as they are)
    words = re.sub(r"--?[\w-]+|\b[A-Z_=]{2,}\b|\{[^}]*\}", " ", out.split("tuỳ chọn:")[1])
    _no_english(words)
    assert "--seat SEAT" in out and "--source {nocc,self,discard}" in out  # the contract


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_help_in_english_on_request(
    how: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if how == "flag":
        out = _help(capsys, "check", "--help", "--lang", "en")
    else:
        monkeypatch.setenv("CHIEU_LANG", "en")
        out = _help(capsys, "check", "--help")
    squeezed = _squeezed(out)
    for english in OLD_ENGLISH[1:]:
        assert _squeezed(english) in squeezed, english
    for spec in check.CHECKERS.values():
        for opt in spec.options:
            assert _squeezed(opt.help_en) in squeezed, opt.name
            assert _squeezed(opt.help) not in squeezed, opt.name
    assert "usage: chieu check" in out and "tay bài" not in out and "ngôn ngữ" not in out


def test_the_command_list_and_the_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert i18n.VI["show program's version number and exit"] == "in số phiên bản rồi thoát"
    out = " ".join(_help(capsys, "--help").split())
    assert "kiểm tra bài: chờ gì, ù chưa, cước và điểm" in out
    assert "--version in số phiên bản rồi thoát" in out and "show program's" not in out
    out = " ".join(_help(capsys, "--help", "--lang", "en").split())
    assert "check hands: waits, win, cước and score" in out
    assert "--version show program's version number and exit" in out


# -- a hand that cannot be read ---------------------------------------------------------------

#: (game, hand, the Vietnamese error, the English one): each names the count
BAD_HANDS = [
    (
        "chan",
        "2V 2V 4S",
        "bài Chắn ghi 19 quân (xem chờ gì), 20 quân (xem ù chưa) hoặc 19 quân + quân ù; "
        "ở đây có 3 quân",
        "a Chắn hand lists 19 cards (waits), 20 cards (a win) or 19 cards + the winning card; "
        "got 3 cards",
    ),
    (
        "totom",
        "1V",
        "bài Tổ tôm ghi 20 quân (xem chờ gì), 21 quân (xem ù chưa: quân cuối là quân ù) hoặc "
        "20 quân + quân ù; ở đây có 1 quân",
        "a Tổ tôm hand lists 20 cards (waits), 21 cards (a win: the last card is the winning "
        "card) or 20 cards + the winning card; got 1 cards",
    ),
    (
        "phom",
        "As 2s 3s",
        "bài Phỏm có từ 9 đến 11 quân (kể cả quân đã ăn); ở đây có 3 quân",
        "a Phỏm hand lists 9 to 11 cards (eaten cards included); got 3 cards",
    ),
    (
        "matchuoc",
        "123m",
        "3 quân trên tay với 0 phu đã hạ: bài có 13 quân (đang chờ) hoặc 14 quân (đã đủ)",
        "3 concealed tiles with 0 exposed phu: a hand has 13 (waiting) or 14 (finished)",
    ),
]


@pytest.mark.parametrize(("game", "hand", "vi", "en"), BAD_HANDS)
def test_a_bad_hand_is_told_in_vietnamese_by_default(
    game: str, hand: str, vi: str, en: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _check(capsys, game, hand)
    assert code == 2
    assert f"Lỗi: {vi}" in " ".join(out.split())
    _no_english(out.replace(hand, ""))
    code, out = _check(capsys, game, hand, "--json")
    assert code == 2 and json.loads(out) == {"input": hand, "error": vi}


@pytest.mark.parametrize(("game", "hand", "vi", "en"), BAD_HANDS)
def test_a_bad_hand_is_told_in_english_on_request(
    game: str,
    hand: str,
    vi: str,
    en: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out = _check(capsys, "--lang", "en", game, hand)
    assert code == 2 and f"Error: {en}" in " ".join(out.split()) and "Lỗi" not in out
    code, out = _check(capsys, game, hand, "--json", "--lang", "en")
    assert code == 2 and json.loads(out)["error"] == en
    monkeypatch.setenv("CHIEU_LANG", "en")
    code, out = _check(capsys, game, hand, "--json")
    assert code == 2 and json.loads(out)["error"] == en
    code, out = _check(capsys, game, hand, "--json", "--lang", "vi")  # the flag wins
    assert code == 2 and json.loads(out)["error"] == vi


@pytest.mark.parametrize(
    ("argv", "vi", "en"),
    [
        (
            ["chan", "2V2V van"],
            "Không hiểu 'van': viết 'vạn' (V) hay 'văn' (W), hoặc mã như 2V / 2W (vị trí 5)",
            "'van' is ambiguous: write 'vạn' (V) or 'văn' (W), or a code like 2V / 2W (position 5)",
        ),
        (
            ["chan", "2V 2X"],
            "Không hiểu '2X': gõ mã quân như 9W hoặc tên như 'cửu văn' (vị trí 3)",
            "unknown card '2X' at position 3",
        ),
        (
            ["totom", TT1[:-2] + "9X"],
            "không rõ quân '9X': gõ mã quân như 9W, CC hoặc tên như 'cửu văn', 'ông lão' "
            "(vị trí 57)",
            "unknown card '9X' at position 57",
        ),
        (
            ["totom", "CC CC CC CC CC " + TT1[:44]],
            "5 quân CC (Chi chi): cả bộ bài chỉ có 4",
            "5 copies of CC (Chi chi): the deck has only 4",
        ),
        (
            ["phom", "Kh 7s 2c 3c 4c 5c 6c 7c Zz"],
            "không rõ quân 'Zz' ở vị trí 24",
            "unknown card 'Zz' at position 24",
        ),
        (
            ["phom", "Kh Kh 2c 3c 4c 5c 6c 7c 8c"],
            "Kh (K cơ) có hai lần trong bài",
            "Kh (K cơ) appears twice in the hand",
        ),
        (
            ["matchuoc", "123m 456p 789s 11z 2zz"],
            "không đọc được quân '2zz' ở vị trí 19",
            "cannot read tile(s) '2zz' at position 19",
        ),
        (
            ["matchuoc", "1111m 1m 234p 567p 789p 5z + 5z"],
            "5 × 1m (Nhất Vạn): bộ 160 quân chỉ có 4",
            "5 × 1m (Nhất Vạn): the 160 set has only 4",
        ),
    ],
)
def test_cards_that_cannot_be_read(
    argv: list[str], vi: str, en: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The card errors ``chieu play`` already words in Vietnamese, with the token's position."""
    code, out = _check(capsys, *argv, "--json")
    assert code == 2 and vi in json.loads(out)["error"]
    code, out = _check(capsys, *argv, "--json", "--lang", "en")
    assert code == 2 and en in json.loads(out)["error"]


# -- a bad option value -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "vi", "en"),
    [
        (
            ["chan", C1, "--mat", "5V"],
            "nhóm dưới chiếu '5V' có 1 quân; nhóm đã ăn phải có 2 quân (một chắn hoặc một cạ)",
            "mat group '5V' has 1 cards; an eaten group is 2 cards (a chắn or a cạ)",
        ),
        (
            ["chan", C1, "--mat", "zz"],
            "Không hiểu 'zz'",
            "unknown card 'zz' at position 0",
        ),
        (
            ["chan", C1, "--chiu-count", "2"],
            "chiu-count 2 không khớp với --chiu (0 quân)",
            "chiu-count 2 disagrees with --chiu (0 kind(s))",
        ),
        (
            ["totom", TT1, "--call", "xyz"],
            "không có cước 'xyz' để hô; các cước: Thông, Có tôm",
            "unknown call 'xyz'; known: Thông, Có tôm",
        ),
        (
            ["phom", PHOM, "--eaten", "Qs"],
            "quân đã ăn Qs (Q bích) không có trong bài",
            "eaten card Qs (Q bích) is not in the hand",
        ),
        (
            ["phom", PHOM, "--table", "Js Qh Kd"],
            "'Js Qh Kd' trên bàn không phải phỏm",
            "table phỏm 'Js Qh Kd' is not a phỏm",
        ),
        (
            ["matchuoc", MATCHUOC, "--seat", "9"],
            "không có --seat 9: cửa là 1 (Đông) .. 4 (Bắc)",
            "--seat 9 is impossible: a cửa is 1 (Đông) .. 4 (Bắc)",
        ),
        (
            ["matchuoc", MATCHUOC, "--melds", "zz"],
            "không đọc được quân 'zz' ở vị trí 0",
            "cannot read tile(s) 'zz' at position 0",
        ),
        (
            ["matchuoc", "123m 456p 789s 11z + 2z", "--melds", "5m5m TH"],
            "phu '5m5m TH': khung TH (Khung Thùng) không thay được 5m: ngoài phạm vi của nó",
            "phu '5m5m TH': khung TH (Khung Thùng) cannot stand for 5m: out of its range",
        ),
        (
            ["matchuoc", MATCHUOC, "--self-draw", "--from", "3"],
            "--self-draw và --from 3 trái nhau: ai đưa quân ù?",
            "--self-draw and --from 3 contradict: who gave the tile?",
        ),
    ],
)
def test_bad_option_values(
    argv: list[str], vi: str, en: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _check(capsys, *argv)
    text = " ".join(out.split())
    assert code == 2 and f"Lỗi: {vi}" in text
    _no_english(text.replace(argv[1], ""))
    code, out = _check(capsys, *argv, "--lang", "en")
    assert code == 2 and f"Error: {en}" in " ".join(out.split())


@pytest.mark.parametrize(
    ("argv", "vi", "en"),
    [
        (["chan", C1, "--seat", "2"], "lỗi: --seat không dùng cho Chắn", "error: --seat does not"),
        (["tiến lên", C1], "lỗi: không có trò 'tiến lên'; các trò: ", "error: unknown game"),
        (
            ["chan", C1, "--rules", "nope=1"],
            "lỗi: Chắn không có luật 'nope'; các luật: ",
            "error: unknown Chắn rule 'nope'",
        ),
        (
            ["chan", C1, "--rules", "strict_xuong=maybe"],
            "lỗi: luật strict_xuong=maybe: cần true hoặc false",
            "error: rule strict_xuong=maybe: expected true or false",
        ),
        (
            ["chan", C1, "--rules", "chi_rong"],
            "lỗi: --rules cần dạng KEY=VALUE",
            "error: --rules expects KEY=VALUE",
        ),
        (
            ["chan", C1, "--preset", "nope"],
            "lỗi: Chắn không có bộ luật 'nope'",
            "error: unknown preset 'nope' for Chắn",
        ),
    ],
)
def test_usage_errors(
    argv: list[str], vi: str, en: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert vi in _usage_error(capsys, *argv)
    assert en in _usage_error(capsys, *argv, "--lang", "en")


# -- the reports ------------------------------------------------------------------------------

#: (argv, Vietnamese words of its view, English words of its view)
VIEWS = [
    (["chan", C1], ("Chờ 6S (bạch thủ)", "Kết quả", "= 4 điểm"), ("Waiting on 6S", "Result")),
    (
        ["chan", C1 + " + 6S", "--source", "discard"],
        ("Không ù", "Phạm luật", "ù láo (lỗi 11): chỉ được ù quân bốc từ nọc"),
        ("No win", "Fault", "ù láo (fault 11): only a card drawn from the nọc may be won on"),
    ),
    (
        ["totom", TT1 + " + CC", "--call", "chi nẩy"],
        ("Không ù: ù nhỏ hô to: hô Chi nẩy, nhiều hơn bài có (chèo đò)", "Cách đọc lưng"),
        ("No win: ù nhỏ hô to: called Chi nẩy, more than the hand holds", "Lưng reading"),
    ),
    (["totom", TT1], ("Chờ", "điểm", "Bài"), ("Waits", "points", "Hand")),
    (
        ["phom", PHOM, "--table", "8h 9h Th Jh"],
        ("Gửi", "Rác", "9 điểm"),
        ("Send", "Deadwood", "9 points"),
    ),
    (
        ["matchuoc", MATCHUOC, "--flowers", "1f", "--from", "3"],
        ("Quân ù", "Chung", "người ù được"),
        ("Winning tile", "Payments", "the winner gets"),
    ),
    (["matchuoc", "123m 555p 789s 9p", "--melds", "111z"], ("Chờ",), ("Waits",)),
]


@pytest.mark.parametrize(("argv", "vi", "en"), VIEWS)
def test_the_reports_follow_the_language(
    argv: list[str], vi: tuple[str, ...], en: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _check(capsys, *argv)
    text = " ".join(out.split())
    assert code == 0 and all(words in text for words in vi), text
    _no_english(text.replace(argv[1], ""))
    code, out = _check(capsys, *argv, "--lang", "en")
    text = " ".join(out.split())
    assert code == 0 and all(words in text for words in en), text
    for vietnamese in ("Kết quả", "điểm", "Chờ", "Không ù", "Quân", "Bài"):
        assert vietnamese not in text


def test_the_json_keys_stay_and_its_sentences_follow_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["chan", C1 + " + 6S", "--source", "discard", "--json"]
    _, vi = _check(capsys, *argv)
    _, en = _check(capsys, *argv, "--lang", "en")
    vi_report, en_report = json.loads(vi), json.loads(en)
    assert vi_report.keys() == en_report.keys()
    assert str(vi_report["illegal"]).startswith("ù láo (lỗi 11)")
    assert str(en_report["illegal"]).startswith("ù láo (fault 11)")
    assert {k: v for k, v in vi_report.items() if k != "illegal"} == {
        k: v for k, v in en_report.items() if k != "illegal"
    }
