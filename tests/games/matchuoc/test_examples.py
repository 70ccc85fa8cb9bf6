"""The worked examples B.8 (M1-M14) of shared/rules/phom_matchuoc.md, through the checker."""

from __future__ import annotations

from typing import Any

import pytest

from chieu.core.errors import ChieuError
from chieu.games.matchuoc.checker import check_hand


def check(text: str, **options: Any) -> dict[str, Any]:
    return check_hand(text, {k.rstrip("_").replace("_", "-"): v for k, v in options.items()})


def pats(report: dict[str, Any]) -> dict[str, int]:
    return {p["id"]: p["phan"] for p in report["patterns"]}


def test_m1_xuong() -> None:
    r = check("123m 555p 789s 9p + 9p", seat=2, melds="111z", flowers="1f", from_=3)
    assert r["win"] and r["phan"] == 0 and pats(r) == {"xuong": 0}
    assert r["payments"]["by_cua"] == {"1": 1, "2": -3, "3": 1, "4": 1}


def test_m1_waits() -> None:
    r = check("123m 555p 789s 9p", seat=2, melds="111z")
    assert r["waits"] == ["9p"] and not r["win"] and r["distance"] == 0


def test_m2_phinh_xuyen_seat_flower() -> None:
    r = check("234m 678m 345p 6s8s 9p9p + 7s", seat=3, flowers="3g", self_draw=True)
    assert pats(r) == {"phinh": 1, "xuyen": 1, "hoa_trung_cua": 1}
    assert r["phan"] == 3
    assert r["payments"]["by_cua"] == {"1": 8, "2": 8, "3": -24, "4": 8}


def test_m3_tui_tui_khong_khung() -> None:
    r = check("777p 222s 99m 55s + 5s", seat=4, melds="3m3m3m", flowers="4q 2f", from_=1)
    assert r["phan"] == 5 and pats(r)["tui_tui"] == 4 and pats(r)["hoa_trung_cua"] == 1
    assert r["payments"]["discarder"] == 32 and r["payments"]["others"] == 16
    assert r["payments"]["winner_gets"] == 64


def test_m4_lai_hang() -> None:
    r = check("222z 123s 123s 555s 9s + 9s", seat=2, flowers="2g", khung="HY", self_draw=True)
    assert pats(r) == {
        "lai_hang": 3,
        "phu_tai_phao": 1,
        "hoa_trung_cua": 1,
        "khung_dung": 2,
        "tan_tieu": 1,
    }
    assert r["phan"] == 8 and r["payments"]["by_cua"]["1"] == 68
    assert r["payments"]["winner_gets"] == 204


def test_m5_toan_hang_with_khung() -> None:
    r = check("123p 45p HP 777p 999p 8p + 8p", seat=1, flowers="1f", from_=3)
    assert pats(r) == {"toan_hang": 6, "hoa_trung_cua": 1}
    assert r["payments"]["by_cua"] == {"1": -132, "2": 33, "3": 66, "4": 33}
    r2 = check("123p 456p 777p 999p 8p + 8p", seat=1, flowers="1f", from_=3)
    assert pats(r2)["toan_hang"] == 12


def test_m6_khong_hoa_la_and_discarded_tong() -> None:
    r = check("111s 234s 567s 888s 9s + 9s", seat=3, khung_discarded="TG", self_draw=True)
    assert sorted(r["waits"]) == sorted(["1s", "4s", "7s", "8s", "9s"])
    assert pats(r) == {"toan_hang": 12, "khong_hoa_la": 6, "khung_danh": 2}
    assert r["phan"] == 20 and r["payments"]["by_cua"]["1"] == 196


def test_m7_tieu_and_dai_tam_nguyen() -> None:
    r = check("666z 55z 555m 99m + 9m", seat=4, melds="777z", flowers="3f", from_=2)
    assert r["phan"] == 17 and list(pats(r)) == ["tieu_tam_nguyen"]
    assert r["payments"]["by_cua"] == {"1": 69, "2": 138, "3": 69, "4": -276}
    r2 = check("666z 55z 555m 9m9m + 5z", seat=4, melds="777z", flowers="3f", from_=2)
    assert r2["phan"] == 20 and r2["payments"]["discarder"] == 196
    assert r2["payments"]["others"] == 98


def test_m8_tui_tui_tieu_tu_hy() -> None:
    r = check("111z 222z 33z HY 44z 66s + 6s", seat=1, khung_opening="TG", self_draw=True)
    assert pats(r) == {"tieu_tu_hy": 30, "khung_dung": 3}
    assert r["phan"] == 33 and r["payments"]["by_cua"]["2"] == 326


def test_m9_dia_u_on_a_flower_den() -> None:
    r = check("234m 567p 345s 888s 9m + 1g", seat=2, dia_u=True)
    assert pats(r) == {"xuong": 0, "dia_u": 12, "u_hoa": 6}
    assert r["payments"]["by_cua"] == {"1": 384, "2": -384, "3": 0, "4": 0}
    assert r["payments"]["den"]


def test_m10_phong_hoa() -> None:
    r = check("123m 456m 789m 123p 55z", seat=3, phong_hoa=True, self_draw=True)
    assert pats(r) == {"phong_hoa": 6}
    assert r["payments"]["by_cua"] == {"1": 64, "2": 64, "3": -192, "4": 64}


def test_m11_xap_xam_chuong() -> None:
    r = check("19m19p19s1234567z + 7z", seat=2, flowers="2f", from_=3)
    assert pats(r) == {"xap_xam_chuong": 19, "hoa_trung_cua": 1}
    assert r["payments"]["by_cua"] == {"1": 98, "2": -392, "3": 196, "4": 98}


def test_m12_thien_u_toi_coong() -> None:
    r = check("123m 456m 789p 345s 5z5z", seat=1, flowers="4f", thien_u=True, dau_coong=True)
    assert pats(r) == {"phinh": 1, "thien_u": 12, "phan_coong": 1}
    assert r["payments"]["by_cua"]["2"] == 137 and r["payments"]["winner_gets"] == 411


def test_m13_khan_khan() -> None:
    r = check("2p2p2p 4m4m4m 6s6s6s 7z7z7z 9p + 9p", seat=4, self_draw=True)
    assert pats(r) == {"khan_khan": 18, "tan_tieu": 1, "khong_hoa_la": 6}
    assert r["payments"]["by_cua"]["1"] == 258


def test_m14_xuyen_with_khung() -> None:
    r = check("TG 6p 8p 8p 9p 123m 456s 77z + 7p", seat=2, self_draw=True)
    assert r["waits"] == ["7p"] and pats(r)["xuyen"] == 1
    r2 = check("TG 6p 8p 9p 9p 123m 456s 77z + 7p", seat=2, self_draw=True)
    assert "xuyen" not in pats(r2)


@pytest.mark.parametrize(
    ("text", "opts", "message"),
    [
        ("1111m 1m 234p 567p 789p 5z + 5z", {}, "5 × 1m"),
        ("123m 456p 789s 11z + 2z", {"melds": "5m5m TH"}, "out of its range"),
        ("123m 456p 789s 1z + 1z", {"seat": 5}, "impossible"),
        ("123m 456p 789s 1z + 1z", {"seat": 0}, "impossible"),
        ("123m 456p + 1z", {}, "need 13"),
        ("123m 456p 789s 1f 1z + 1z", {}, "flower"),
        ("123m 456p 789s 1z + 1z", {"melds": "TG TG TG"}, "khung only"),
    ],
)
def test_bad_input_is_reported(text: str, opts: dict[str, Any], message: str) -> None:
    with pytest.raises(ChieuError, match=message):
        check_hand(text, opts)


@pytest.mark.parametrize(
    ("hand", "seat"), [("345m 4m 456p 789p 999s + 4m", 2), ("123m 3m 456p 789p 999s + 3m", 1)]
)
def test_the_drawn_tile_is_xuyen_or_tan_tieu_never_both(hand: str, seat: int) -> None:
    """B.7.3: the self-drawn tile fills one place: the run (xuyên) or the pair (tán tiêu)."""
    r = check(hand, seat=seat, flowers="4f", self_draw=True)
    assert r["waits"] == [hand.split()[-1]]
    assert pats(r) == {"xuong": 0, "xuyen": 1} and r["phan"] == 1
    r = check(hand, seat=seat, self_draw=True)  # with no flower: không hoa lá as well
    assert pats(r) == {"xuong": 0, "xuyen": 1, "khong_hoa_la": 6} and r["phan"] == 7
    # a pair wait with no run through the drawn kind is still tán tiêu
    r = check("345m 9m 456p 789p 111s + 9m", seat=2, flowers="4f", self_draw=True)
    assert pats(r)["tan_tieu"] == 1 and "xuyen" not in pats(r)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seat": 2, "from_": 3, "dia_u": True}, "dealer's \\(cửa 1\\) first discard"),
        ({"seat": 3, "from_": 2, "nhan_u": True}, "nhân ù is self-drawn"),
        ({"seat": 2, "from_": 3, "self_draw": True}, "contradict"),
        ({"seat": 2, "from_": 3, "dau_coong": True}, "đầu coong is self-drawn"),
        ({"seat": 2, "melds": "*888s"}, "only a coong \\(four tiles\\) can be concealed"),
    ],
)
def test_contradictory_context_flags_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ChieuError, match=message):
        check("234m 567p 345s 888s 9m + 9m", **options)
