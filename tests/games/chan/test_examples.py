"""The worked examples C1–C16 of shared/rules/chan_totom.md A7, through ``check_hand`` and
through the command line (``chieu check chan --json``), plus the checker's input contract.

Note on C7: the doc says a win on 3S or 3W is "Xuông", but the 19 cards already hold 3V, 3S
and 7W, so Tôm (counted on all 20 cards, A5.2) is present on every wait: 4 points.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from typing import Any

import pytest

from chieu.cli import main as cli_main
from chieu.core.errors import NotationError
from chieu.games.chan.checker import CHECK_OPTIONS, check_hand
from chieu.games.chan.rules import PRESETS, Rules
from tests.games.chan.hands import C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C16

C15_HAND = C1 + " + 6S"

SELF = {"source": "self"}
ALLOW_CHI = {"chi_rong": "allow_if_unchanged"}

# (label, hand, check options, rule changes, expected subset of the report).
# "cuoc" is compared as {id: count}; "illegal" by its beginning.
EXAMPLES: list[tuple[str, str, dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    ("C1 waits", C1, {}, {},
     {"win": False, "waits": ["6S"], "wait_kind": "bach_thu", "chan": 5, "ca": 4,
      "que": ["6S"], "distance": 0, "wins_on": {"6S": 4}}),
    ("C1 self-drawn", C1 + " + 6S", SELF, {},
     {"win": True, "wait_kind": "bach_thu", "cuoc": {"chi": 1, "bach_thu": 1}, "score": 5}),
    ("C1 passed by the neighbour", C1 + " + 6S", {}, {},
     {"win": True, "cuoc": {"bach_thu": 1}, "score": 4}),
    ("C1 on 6V (only a cạ)", C1 + " + 6V", {}, {},
     {"win": False, "complete": False, "wait_kind": None, "score": None, "illegal": None}),
    ("C2 waits", C2, {}, {},
     {"waits": ["5V", "5S", "5W"], "wait_kind": "rong", "wins_on": {"5V": 2, "5S": 2, "5W": 2}}),
    ("C2 on 5S", C2 + " + 5S", {}, {},
     {"win": True, "wait_kind": "rong", "cuoc": {"xuong": 1}, "score": 2, "chan": 6, "ca": 4}),
    ("C2 on 5S self-drawn", C2 + " + 5S", SELF, {}, {"cuoc": {"chi": 1}, "score": 3}),
    ("C2 on 5W", C2 + " + 5W", {}, {}, {"win": True, "chan": 7, "ca": 3, "score": 2}),
    ("C2 on 5V", C2 + " + 5V", {}, {}, {"win": True, "chan": 6, "ca": 4, "score": 2}),
    ("C3 waits", C3, {}, {},
     {"waits": ["9V", "9S", "9W"], "wait_kind": "rong", "chan": 5, "ca": 3,
      "que": ["9V", "9S", "9W"]}),
    ("C3 on 9W", C3 + " + 9W", {}, {},
     {"win": True, "chan": 6, "ca": 4, "cuoc": {"xuong": 1}, "score": 2}),
    ("C3 on 9W self-drawn", C3 + " + 9W", SELF, {}, {"cuoc": {"chi": 1}, "score": 3}),
    ("C4 waits", C4, {}, {}, {"waits": ["CC"], "wait_kind": "bach_thu_chi"}),
    ("C4 on CC self-drawn", C4 + " + CC", SELF, {},
     {"win": True, "wait_kind": "bach_thu_chi", "cuoc": {"chi": 1, "bach_thu_chi": 1},
      "score": 7}),
    ("C5 chờ chi rộng", C5, {}, {},
     {"waits": [], "wait_kind": None, "chi_rong": True, "illegal": "chờ chi rộng"}),
    ("C5 ù chi rộng", C5 + " + CC", {}, {},
     {"win": False, "complete": True, "illegal": "ù chi rộng", "score": None}),
    ("C5 allowed variant", C5, {}, ALLOW_CHI,
     {"waits": ["CC"], "wait_kind": "rong", "chi_rong": True, "illegal": None}),
    ("C5 allowed variant on CC", C5 + " + CC", {}, ALLOW_CHI,
     {"win": True, "cuoc": {"xuong": 1}, "score": 2}),
    ("C6 not waiting", C6, {}, {},
     {"win": False, "waits": [], "wait_kind": None, "illegal": None, "chan": 4, "ca": 5}),
    ("C7 waits", C7, {}, {}, {"waits": ["3V", "3S", "3W"], "wait_kind": "rong"}),
    ("C7 on 3V self-drawn", C7 + " + 3V", SELF, {},
     {"win": True, "chan": 10, "ca": 0, "cuoc": {"chi": 1, "thap_thanh": 1, "tom": 2},
      "score": 15}),
    ("C7 on 3S", C7 + " + 3S", {}, {}, {"chan": 9, "ca": 1, "cuoc": {"tom": 1}, "score": 4}),
    ("C7 on 3W", C7 + " + 3W", {}, {}, {"chan": 9, "ca": 1, "cuoc": {"tom": 1}, "score": 4}),
    ("C8 waits", C8, {}, {}, {"waits": ["6V", "6S", "6W"], "wait_kind": "rong"}),
    ("C8 on 6V", C8 + " + 6V", {}, {}, {"cuoc": {"tam_do": 1, "leo": 1}, "score": 10}),
    ("C8 on 6V self-drawn", C8 + " + 6V", SELF, {}, {"score": 11}),
    ("C8 on 6S", C8 + " + 6S", {}, {}, {"cuoc": {"tam_do": 1, "leo": 1}, "score": 10}),
    ("C8 on 6W", C8 + " + 6W", {}, {}, {"cuoc": {"tam_do": 1, "leo": 1}, "score": 10}),
    ("C9 on 5V", C9 + " + 5V", {}, {},
     {"waits": [], "cuoc": {"bach_dinh": 1, "tom": 1}, "score": 8}),
    ("C9 on 5W self-drawn", C9 + " + 5W", SELF, {}, {"score": 9}),
    ("C10 on 6S", C10 + " + 6S", {}, {},
     {"waits": [], "cuoc": {"kinh_tu_chi": 1, "co_thien_khai": 1},
      "score": 13}),
    ("C10 on 6V", C10 + " + 6V", {}, {}, {"score": 13}),
    ("C11 on 9S", C11 + " + 9S", {}, {},
     {"waits": [], "cuoc": {"leo": 2, "tom": 1}, "score": 8}),
    ("C12 waits", C12, {}, {}, {"waits": ["7S"], "wait_kind": "bach_thu"}),
    ("C12 chíu ù on a discard", C12 + " + 7S", {"source": "discard", "chiu-u": True}, {},
     {"win": True, "wait_kind": "bach_thu", "cuoc": {"chiu_u": 1, "bach_thu": 1}, "score": 5,
      "chan": 6, "ca": 4}),
    ("C12 discard without chíu", C12 + " + 7S", {"source": "discard"}, {},
     {"win": False, "complete": True, "illegal": "ù láo"}),
    ("C13 ù bòn", C13 + " + 6V", {"mat": "6V 6V"}, {},
     {"win": True, "waits": [], "wait_kind": "bach_thu",
      "cuoc": {"u_bon": 1, "bach_thu": 1}, "score": 5}),
    ("C13 ù bòn self-drawn", C13 + " + 6V", {"mat": "6V 6V", "source": "self"}, {},
     {"score": 6}),
    ("C14 hoa rơi cửa Phật", C14 + " + 2V", {"mat": "5V 5W", "source": "self"}, {},
     {"win": True, "wait_kind": "bach_thu", "cuoc": {"hoa_roi_cua_phat": 1}, "score": 20}),
    ("C14 drawn by a neighbour", C14 + " + 2V", {"mat": "5V 5W"}, {},
     {"cuoc": {"bach_thu": 1}, "score": 4}),
    ("C15 ù on a discard", C1 + " + 6S", {"source": "discard"}, {},
     {"win": False, "complete": True, "illegal": "ù láo", "cuoc": {}, "score": None}),
    ("C16 thiên ù", C16, {"thien-u": True}, {},
     {"win": True, "wait_kind": None, "cuoc": {"thien_u": 1, "tom": 1}, "score": 5}),
    ("C16 SD variant", C16, {"thien-u": True}, {"thien_u_bach_thu": True},
     {"cuoc": {"thien_u": 1, "tom": 1, "bach_thu": 1}, "score": 6}),
]  # fmt: skip


def assert_matches(report: dict[str, Any], expected: dict[str, Any]) -> None:
    assert "error" not in report, report.get("error")
    for key, want in expected.items():
        if key == "cuoc":
            assert {c["id"]: c["count"] for c in report["cuoc"]} == want
        elif key == "wins_on":
            got = {w["card"]: w["score"] for w in report["wins_on"]}
            assert got == want
        elif key == "illegal" and want is not None:
            assert report["illegal"] is not None and report["illegal"].startswith(want)
        else:
            assert report[key] == want, key


@pytest.mark.parametrize(
    ("hand", "options", "rules_kw", "expected"),
    [e[1:] for e in EXAMPLES],
    ids=[e[0] for e in EXAMPLES],
)
def test_example_check_hand(
    hand: str, options: dict[str, Any], rules_kw: dict[str, Any], expected: dict[str, Any]
) -> None:
    report = check_hand(hand, options, Rules(**rules_kw))
    assert report["game"] == "chan"
    assert report["input"] == hand
    assert_matches(report, expected)


# -- the command line -----------------------------------------------------------------------


def cli(argv: Sequence[str]) -> int:
    code: int = cli_main.main(list(argv))
    return code


def flags(options: dict[str, Any], rules_kw: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for name, value in options.items():
        if value is True:
            out.append(f"--{name}")
        else:
            out += [f"--{name}", str(value)]
    for key, value in rules_kw.items():
        out += ["--rules", f"{key}={value}"]
    return out


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize(
    ("hand", "options", "rules_kw", "expected"),
    [e[1:] for e in EXAMPLES],
    ids=[e[0] for e in EXAMPLES],
)
def test_example_cli(
    hand: str,
    options: dict[str, Any],
    rules_kw: dict[str, Any],
    expected: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = cli(["check", "chan", "--json", hand, *flags(options, rules_kw)])
    out = capsys.readouterr().out
    assert code == 0
    (report,) = json_lines(out)
    assert_matches(report, expected)


def test_main_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check", "chắn", "--json", C1 + " + 6S", "--source", "self"]) == 0
    (report,) = json_lines(capsys.readouterr().out)
    assert report["score"] == 5


def test_cli_many_hands_in_order_with_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli(["check", "chan", "--json", C1, "2V 2X", C2 + " + 5S"])
    lines = json_lines(capsys.readouterr().out)
    assert code == 2
    assert [line["input"] for line in lines] == [C1, "2V 2X", C2 + " + 5S"]
    assert "2X" in lines[1]["error"] and set(lines[1]) == {"input", "error"}
    assert lines[0]["waits"] == ["6S"] and lines[2]["score"] == 2


def test_cli_exit_0_when_nothing_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check", "chan", "--json", C6, C1 + " + 6S", "--source", "discard"]) == 0
    assert [r["win"] for r in json_lines(capsys.readouterr().out)] == [False, False]


def test_cli_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{C1}\n\n# a comment\n{C9} + 5V\n"))
    assert cli(["check", "chan", "--json", "-"]) == 0
    lines = json_lines(capsys.readouterr().out)
    assert [r["input"] for r in lines] == [C1, C9 + " + 5V"]
    assert lines[1]["score"] == 8


def test_cli_joins_unquoted_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check", "chan", "--json", *(C1 + " + 6S").split(), "--source", "self"]) == 0
    (report,) = json_lines(capsys.readouterr().out)
    assert report["score"] == 5 and report["winning_card"] == "6S"


def test_cli_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert "khong_u_suong" in PRESETS
    assert cli(["check", "chan", "--json", "--preset", "khong_u_suong", C2 + " + 5S"]) == 0
    (report,) = json_lines(capsys.readouterr().out)
    assert report["win"] is False and report["illegal"].startswith("ù thiếu điểm")


def test_cli_text_output_in_vietnamese(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check", "chan", C1, C1 + " + 6S", "--source", "self"]) == 0
    out = capsys.readouterr().out
    for word in ("Chờ 6S (bạch thủ)", "Kết quả", "Ù", "Chì, Bạch thủ", "Điểm", "5"):
        assert word in out
    assert cli(["check", "chan", C5, C6, C15_HAND, "--source", "discard"]) == 0
    out = capsys.readouterr().out
    for words in ("Chờ chi rộng: không được ù", "Chưa chờ (còn 1 bước)", "Không ù", "ù láo"):
        assert words in out
    assert cli(["check", "chan", "2V 2X"]) == 2
    assert "Lỗi" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "chan", C1, "--bogus"], "--bogus"),
        (["check", "chan", C1, "--rules", "foo=1"], "unknown Chắn rule 'foo'"),
        (["check", "chan", C1, "--rules", "chi_rong"], "KEY=VALUE"),
        (["check", "chan", C1, "--rules", "chi_rong=wide"], "chi_rong"),
        (["check", "chan", C1, "--rules", "strict_xuong=maybe"], "true or false"),
        (["check", "chan", C1, "--preset", "nope"], "preset"),
        (["check", "chan", C1, "--source", "table"], "'table'"),
        (["check", "tiến lên", C1], "tiến lên"),
    ],
)
def test_cli_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """In English (``--lang en``); tests/cli/test_check_i18n.py has the Vietnamese."""
    with pytest.raises(SystemExit) as exc:
        cli([*argv, "--lang", "en"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_rules_values_are_typed(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["check", "chan", "--json", C16, "--thien-u"]
    argv = [
        *base,
        "--rules",
        "thien_u_bach_thu=yes",
        "--rules",
        "cuoc_table=jsc",
        "--rules",
        "extra_cuoc=dong_tu_hai_hoa,chua_do_nat_hoa",
    ]
    assert cli(argv) == 0
    (report,) = json_lines(capsys.readouterr().out)
    # jsc: thiên ù 3/1, tôm 4/1, bạch thủ 4/1 → 4 + 1 + 1
    assert {c["id"] for c in report["cuoc"]} == {"thien_u", "tom", "bach_thu"}
    assert report["score"] == 6
    assert cli([*base, "--rules", "cuoc_table=jsc"]) == 0
    (report,) = json_lines(capsys.readouterr().out)
    assert report["score"] == 4 + 1  # tôm on top, thiên ù adds its dịch (SD: 4 + 1 too)
    assert cli([*base, "--rules", "min_u_score=6"]) == 0
    (report,) = json_lines(capsys.readouterr().out)
    assert report["win"] is False and report["illegal"].startswith("ù thiếu điểm")


# -- the checker's input contract -----------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "options", "fragment"),
    [
        ("2V 2X", {}, "2X"),
        (C1.replace("6S", ""), {}, "18"),
        (C1 + " 6S 6S", {}, "21"),
        (C1 + " 6S + 6S", {}, "20"),
        (C1 + " + 6S 6W", {}, "exactly one"),
        (C1 + " + 6S + 6S", {}, "more than one"),
        ("2V2V2V2V2V 4S4S 6W6W 9V9V 3V3W 7S7W 8V8W 4V4W 6S", {}, "2V"),
        ("7S7S7S7S 2V2V 3W3W 4S4S 5V5V 6V6W 8W8V 9W9S 2S + 7S", {}, "7S"),  # a fifth 7S
        (C14 + " + 2V", {"mat": "5V 6W"}, "neither"),
        (C14 + " + 2V", {"mat": "5V 5W 3S"}, "3 cards"),
        (C14 + " + 2V", {"mat": "5V 5V"}, "5V"),
        (C1 + " + 6S", {"chiu-u": True}, "3 × 6S"),
        (C1 + " 6S", {"chiu-u": True}, "winning card"),
        (C1 + " 6S", {"thien-u": True, "mat": "2V 2V"}, "thiên ù"),
        (C1 + " + 6S", {"chiu-count": 1}, "chiu-count"),
        (C1 + " + 6S", {"chiu": "9V"}, "9V"),
    ],
)
def test_notation_errors(hand: str, options: dict[str, Any], fragment: str) -> None:
    with pytest.raises(NotationError) as exc:
        check_hand(hand, options, Rules())
    assert fragment in str(exc.value)


def test_bad_option_values() -> None:
    with pytest.raises(ValueError, match="unknown Chắn check option"):
        check_hand(C1, {"colour": "red"}, Rules())
    with pytest.raises(ValueError, match="source"):
        check_hand(C1, {"source": "table"}, Rules())
    with pytest.raises(ValueError, match="true or false"):
        check_hand(C1, {"thong": "yes"}, Rules())


def test_report_keys_and_cards() -> None:
    report = check_hand(C13 + " + 6V", {"mat": "6V 6V", "thong": True}, Rules())
    for key in (
        "game",
        "input",
        "cards",
        "win",
        "chan",
        "ca",
        "groups",
        "waits",
        "wait_kind",
        "cuoc",
        "score",
        "que",
        "distance",
        "chi_rong",
        "winning_card",
        "illegal",
    ):
        assert key in report
    assert report["cards"][:4] == ["2V", "2S", "2W", "2W"]
    assert report["cards"].count("6V") == 4
    assert report["groups"][0] == ["6V", "6V"]  # mat groups first
    assert report["cuoc"][0] == {"id": "thong", "name": "Thông", "count": 1}
    assert report["score"] == 4 + 1 + 1
    json.dumps(report)


def test_chiu_on_the_mat_and_its_count() -> None:
    hand = "2V2V2V2V 6W6W 9V9V 5S5S 3V3W 7S7W 8V8W 4V4W 6S + 6S"
    report = check_hand(hand, {"chiu": "2V", "source": "self"}, Rules())
    assert report["groups"][0] == ["2V", "2V", "2V", "2V"]
    assert {c["id"]: c["count"] for c in report["cuoc"]} == {"chi": 1, "bach_thu": 1, "co_chiu": 1}
    assert report["score"] == 4 + 1 + 1
    held = check_hand(hand, {"source": "self"}, Rules())  # the four 2V held: a thiên khai
    assert {c["id"] for c in held["cuoc"]} == {"chi", "bach_thu", "co_thien_khai"}


def test_unknown_winning_card_judges_the_shape() -> None:
    report = check_hand(C1 + " 6S", {}, Rules())
    assert report["win"] is True and report["winning_card"] is None
    assert report["wait_kind"] is None and report["waits"] == []
    assert {c["id"] for c in report["cuoc"]} == {"xuong"}
    assert check_hand(C1 + " 6S", {"source": "discard"}, Rules())["illegal"].startswith("ù láo")
    not_win = check_hand(C6 + " 5W", {}, Rules())
    assert not_win["win"] is False and not_win["complete"] is False


def test_check_options_describe_the_flags() -> None:
    names = [o.name for o in CHECK_OPTIONS]
    assert names == [
        "mat",
        "chiu",
        "source",
        "chiu-u",
        "thong",
        "thien-u",
        "dia-u",
        "chiu-count",
        "dealt-no-chan",
    ]
    for opt in CHECK_OPTIONS:
        assert opt.kind in (bool, int, str) and opt.help and opt.help_en


def test_cli_person_view_is_the_kits(capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--json`` a hand is drawn by Chắn's own view (its kit's ``check_view``,
    ``chieu.games.chan.terminal``); an unreadable hand by the checker's error line."""
    assert cli(["check", "chan", C1, "2V 2X"]) == 2
    out = capsys.readouterr().out
    assert "5 chắn, 4 cạ, què: 6S" in out and "Chờ 6S (bạch thủ)" in out
    assert "Lỗi: Không hiểu '2X'" in out


def test_cli_person_view_without_a_game_view(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game whose kit has no ``check_view`` gets every field of its report as it is."""
    from dataclasses import replace

    from chieu.cli import check

    monkeypatch.setitem(check.CHECKERS, "chan", replace(check.CHECKERS["chan"], render=None))
    assert cli(["check", "chan", C1]) == 0
    out = capsys.readouterr().out
    assert "waits" in out and '["6S"]' in out and "Kết quả" not in out
