"""One case per Chắn cước (A5.2), built from notation, with each rule variant."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

import pytest

from chieu.core.errors import ChieuError
from chieu.games.chan.cards import KINDS, parse_cards
from chieu.games.chan.patterns import ALL_CUOC, CUOC_NAMES, EXTRA_IDS, MatGroup, WinContext
from chieu.games.chan.rules import Rules
from chieu.games.chan.scoring import evaluate, present_cuoc
from tests.games.chan.hands import C1, C2, C4, C7, C8, C9, C10, C11, C12, C13, C14, C16


def build(
    text: str,
    *,
    mat: Sequence[str] = (),
    chiu: str = "",
    chiu_u: bool = False,
    **flags: Any,
) -> WinContext:
    """A WinContext from notation: TEXT lists every card (held and mat), then ``+ X``."""
    before, plus, after = text.partition("+")
    cards = parse_cards(before)
    winning = parse_cards(after)[0] if plus else None
    counts = KINDS.counts(cards)
    groups = []
    for g in mat:
        ks = tuple(parse_cards(g))
        groups.append(MatGroup(ks, "chan" if ks[0] == ks[1] else "ca"))
    groups += [MatGroup((k,) * 4, "chiu") for k in parse_cards(chiu)]
    for group in groups:
        for k in group.kinds:
            counts[k] -= 1
    assert min(counts) >= 0, "mat cards must be listed in TEXT"
    if winning is not None:
        if chiu_u:
            counts[winning] -= 3
            groups.append(MatGroup((winning,) * 4, "chiu"))
        else:
            counts[winning] += 1
    return WinContext(tuple(counts), tuple(groups), winning_card=winning, chiu_u=chiu_u, **flags)


NINE_RED = "8V8V 9S9S CC CC 2W2W 3V3V 4S4S 8S8W 9V9S 5V5S 6W"  # 9 red after + 6V
FIVE_RED_KINH = "CC CC CC CC 2V2V 3S3S 4W4W 5V5V 6S 6W 6V 7V7W 8S8W"
CHIU_EARLIER = "2V2V2V2V 6W6W 9V9V 5S5S 3V3W 7S7W 8V8W 4V4W 6S"
BON_CA = "6V6V 2W2W 3V3V 4S4S 7W7W 8W8W 5V5S 9W9V 2V2S 6S"  # + 6V makes the cạ 6S 6V
AN_BON = "6V6V6V6V 2W2W 3V3V 4S4S 5V5S 8W8S 9W9V 2V2S 7W"
HOA_RONG = "5V5W 3S3S 4W4W 6V6V 7S7S 9W9W 8V8V 4V4S 6W6S 2V"
HOA_CHIU = "5V5V5V5V 3S3S 4W4W 6V6V 8V8W 4V4S 6W6S 7S7W 2V"
NHA_LAU = "5V5V 4V4V 3S3S 6W6W 7S7S 3V3W 8V8W 9V9S 6V6S 2V"
NHA_HOA = "5V5W 5V5V 4V4V 3S3S 6W6W 7S7S 8V8W 9V9S 6V6S 2V"
CA_LOI = "5V5W 3S3S 4W4W 6V6V 7S7S 9W9W 2V2W 4V4S 6W6S 8V"
NGU_ONG = "CC CC 5S5S 3S3S 4W4W 6V6V 2V2W 4V4S 6W6S 7V7W 8V"
CA_NHAY = "5S5W 3S3S 4W4W 6V6V 7S7S 9W9W 2V2W 4V4S 6W6S 8V"
DONG_TU = "8W8S 3S3S 4W4W 6V6V 7S7S 9W9W 5V5S 4V4S 6W6S 2V"
CHUA_DO = "2V2W 3S3S 4W4W 6V6V 7S7S 9W9W 8V8W 4V4S 6W6S 5V"

EXTRAS = {"extra_cuoc": ("ca_nhay_dau_thuyen", "dong_tu_hai_hoa", "chua_do_nat_hoa")}

# (cước, hand, build keywords, rule changes, expected count before subsumption)
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any], int]] = [
    ("thong", C2 + " + 5S", {"thong": True}, {}, 1),
    ("thong", C2 + " + 5S", {}, {}, 0),
    ("chi", C2 + " + 5S", {"self_drawn": True}, {}, 1),
    ("chi", C2 + " + 5S", {}, {}, 0),
    ("thien_u", C16, {"thien_u": True}, {}, 1),
    ("dia_u", C2 + " + 5S", {"dia_u": True}, {}, 1),
    ("chiu_u", C12 + " + 7S", {"chiu_u": True}, {}, 1),
    ("chiu_u", C12 + " + 7S", {}, {}, 0),
    ("u_bon", C13 + " + 6V", {"mat": ["6V 6V"]}, {}, 1),
    ("u_bon", AN_BON + " + 7W", {"mat": ["6V 6V", "6V 6V"]}, {}, 0),
    ("u_bon", C13 + " + 6V", {}, {}, 0),  # the 6V chắn was never eaten
    ("u_bon", BON_CA + " + 6V", {"mat": ["6V 6V"]}, {}, 0),  # the last 6V only makes a cạ
    ("bach_thu", C1 + " + 6S", {}, {}, 1),
    ("bach_thu", C2 + " + 5S", {}, {}, 0),
    ("bach_thu", C4 + " + CC", {}, {}, 0),
    ("bach_thu", C12 + " + 7S", {"chiu_u": True}, {}, 1),
    ("bach_thu", C16, {"thien_u": True}, {}, 0),
    ("bach_thu", C16, {"thien_u": True}, {"thien_u_bach_thu": True}, 1),
    ("bach_thu", C7 + " + 3V", {}, {"thien_u_bach_thu": True}, 0),
    ("bach_thu_chi", C4 + " + CC", {}, {}, 1),
    ("bach_thu_chi", C1 + " + 6S", {}, {}, 0),
    ("thap_thanh", C7 + " + 3V", {}, {}, 1),
    ("thap_thanh", C7 + " + 3S", {}, {}, 0),
    ("bach_dinh", C9 + " + 5V", {}, {}, 1),
    ("bach_dinh", C2 + " + 5S", {}, {}, 0),
    ("tam_do", C8 + " + 6V", {}, {}, 1),
    ("tam_do", NINE_RED + " + 6V", {}, {}, 0),
    ("kinh_tu_chi", C10 + " + 6S", {}, {}, 1),
    ("kinh_tu_chi", FIVE_RED_KINH + " + 6S", {}, {}, 0),
    ("leo", C8 + " + 6V", {}, {}, 1),
    ("leo", C11 + " + 9S", {}, {}, 2),
    ("leo", C9 + " + 5V", {}, {}, 0),
    ("tom", C9 + " + 5V", {}, {}, 1),
    ("tom", C7 + " + 3V", {}, {}, 2),
    ("tom", C1 + " + 6S", {}, {}, 0),
    ("co_thien_khai", C10 + " + 6S", {}, {}, 1),
    ("co_thien_khai", C12 + " + 7S", {}, {}, 0),  # the 4th 7S is the winning card
    ("co_thien_khai", C10 + " 6S", {}, {}, 1),  # winning card unknown
    ("co_chiu", CHIU_EARLIER + " + 6S", {"chiu": "2V", "chiu_count": 1}, {}, 1),
    ("co_chiu", C12 + " + 7S", {"chiu_u": True}, {}, 0),
    ("co_an_bon", AN_BON + " + 7W", {"mat": ["6V 6V", "6V 6V"]}, {}, 1),
    ("co_an_bon", AN_BON + " + 7W", {"chiu": "6V", "chiu_count": 1}, {}, 0),
    ("pha_thien", C2 + " + 5S", {"dealt_no_chan": True}, {}, 1),
    ("hoa_roi_cua_phat", C14 + " + 2V", {"mat": ["5V 5W"], "self_drawn": True}, {}, 1),
    ("hoa_roi_cua_phat", C14 + " + 2V", {"mat": ["5V 5W"]}, {}, 0),  # not chì
    ("hoa_roi_cua_phat", C14 + " + 2V", {"self_drawn": True}, {}, 0),  # 5V not eaten
    ("hoa_roi_cua_phat", HOA_RONG + " + 2V", {"mat": ["5V 5W"], "self_drawn": True}, {}, 0),
    (
        "hoa_roi_cua_phat",
        HOA_RONG + " + 2V",
        {"mat": ["5V 5W"], "self_drawn": True},
        {"hoa_requires_bach_thu": False},
        1,
    ),
    (
        "hoa_roi_cua_phat",
        HOA_CHIU + " + 2V",
        {"chiu": "5V", "chiu_count": 1, "self_drawn": True},
        {},
        1,
    ),
    ("nha_lau_xe_hoi_hoa_roi_cua_phat", NHA_LAU + " + 2V", {"self_drawn": True}, {}, 1),
    ("nha_lau_xe_hoi_hoa_roi_cua_phat", NHA_LAU + " + 2V", {}, {}, 0),
    (
        "nha_lau_xe_hoi_hoa_roi_cua_phat",
        C14 + " + 2V",
        {"mat": ["5V 5W"], "self_drawn": True},
        {},
        0,
    ),
    ("ca_loi_san_dinh", CA_LOI + " + 8V", {"mat": ["5V 5W"], "self_drawn": True}, {}, 1),
    ("ca_loi_san_dinh", CA_LOI + " + 8V", {"self_drawn": True}, {}, 0),
    ("ngu_ong_bat_ca", NGU_ONG + " + 8V", {"self_drawn": True}, {}, 1),
    ("ngu_ong_bat_ca", NGU_ONG + " + 8V", {}, {}, 0),
    ("ca_nhay_dau_thuyen", CA_NHAY + " + 8V", {"mat": ["5S 5W"], "self_drawn": True}, EXTRAS, 1),
    ("ca_nhay_dau_thuyen", CA_NHAY + " + 8V", {"mat": ["5S 5W"], "self_drawn": True}, {}, 0),
    ("dong_tu_hai_hoa", DONG_TU + " + 2V", {"mat": ["8W 8S"], "self_drawn": True}, EXTRAS, 1),
    ("dong_tu_hai_hoa", DONG_TU + " + 2V", {"mat": ["8W 8S"], "self_drawn": True}, {}, 0),
    ("chua_do_nat_hoa", CHUA_DO + " + 5V", {"mat": ["2V 2W"], "self_drawn": True}, EXTRAS, 1),
    ("chua_do_nat_hoa", CHUA_DO + " + 5V", {"mat": ["2V 2W"], "self_drawn": True}, {}, 0),
]


def _case_id(case: tuple[str, str, dict[str, Any], dict[str, Any], int]) -> str:
    cid, _, kw, rules, n = case
    extra = ",".join(sorted(kw) + sorted(rules))
    return f"{cid}={n}[{extra}]"


@pytest.mark.parametrize(
    ("cuoc_id", "text", "kw", "rules_kw", "expected"), CASES, ids=[_case_id(c) for c in CASES]
)
def test_cuoc_count(
    cuoc_id: str, text: str, kw: dict[str, Any], rules_kw: dict[str, Any], expected: int
) -> None:
    ctx = build(text, **kw)
    assert ctx.is_win
    assert present_cuoc(ctx, Rules(**rules_kw)).get(cuoc_id, 0) == expected


def test_every_cuoc_has_a_positive_case() -> None:
    positive = {c[0] for c in CASES if c[4] > 0}
    assert positive | {"xuong"} == {p.id for p in ALL_CUOC}


def _hits(ctx: WinContext, rules: Rules | None = None) -> dict[str, int]:
    hits, _ = evaluate(ctx, rules or Rules())
    return {h.id: h.count for h in hits}


def test_xuong_only_when_nothing_else() -> None:
    assert _hits(build(C2 + " + 5S")) == {"xuong": 1}
    assert _hits(build(C2 + " + 5S", self_drawn=True)) == {"chi": 1}


def test_picture_cuoc_subsume_chi_and_bach_thu() -> None:
    ctx = build(C14 + " + 2V", mat=["5V 5W"], self_drawn=True)
    assert present_cuoc(ctx, Rules()) == {"chi": 1, "bach_thu": 1, "hoa_roi_cua_phat": 1}
    assert _hits(ctx) == {"hoa_roi_cua_phat": 1}
    for text, mat in (
        (CA_LOI + " + 8V", ["5V 5W"]),
        (NGU_ONG + " + 8V", []),
        (NHA_LAU + " + 2V", []),
    ):
        assert set(_hits(build(text, mat=mat, self_drawn=True))).isdisjoint({"chi", "bach_thu"})


def test_nha_lau_and_hoa_together_as_in_sd() -> None:
    ctx = build(NHA_HOA + " + 2V", mat=["5V 5W"], self_drawn=True)
    assert _hits(ctx) == {"hoa_roi_cua_phat": 1, "nha_lau_xe_hoi_hoa_roi_cua_phat": 1}
    assert evaluate(ctx, Rules())[1] == 30 + 17


def test_extra_cuoc_subsume_chi_and_bach_thu_only_when_enabled() -> None:
    ctx = build(CA_NHAY + " + 8V", mat=["5S 5W"], self_drawn=True)
    assert _hits(ctx) == {"chi": 1, "bach_thu": 1}
    assert _hits(ctx, Rules(extra_cuoc=("ca_nhay_dau_thuyen",))) == {"ca_nhay_dau_thuyen": 1}


def test_bach_thu_chi_and_bach_thu_are_exclusive() -> None:
    assert _hits(build(C4 + " + CC", self_drawn=True)) == {"chi": 1, "bach_thu_chi": 1}


def test_wait_kind_given_overrides_derivation() -> None:
    ctx = build(C1 + " + 6S")
    assert ctx.wait == "bach_thu"
    assert build(C1 + " + 6S", wait_kind="rong").wait == "rong"
    assert build(C16).wait is None


def test_cuoc_metadata() -> None:
    ids = [p.id for p in ALL_CUOC]
    assert ids == [
        "xuong", "thong", "chi", "thien_u", "dia_u", "chiu_u", "u_bon", "bach_thu",
        "bach_thu_chi", "thap_thanh", "bach_dinh", "tam_do", "kinh_tu_chi", "leo", "tom",
        "co_thien_khai", "co_chiu", "co_an_bon", "pha_thien", "hoa_roi_cua_phat",
        "nha_lau_xe_hoi_hoa_roi_cua_phat", "ca_loi_san_dinh", "ngu_ong_bat_ca",
        "ca_nhay_dau_thuyen", "dong_tu_hai_hoa", "chua_do_nat_hoa",
    ]  # fmt: skip
    assert [p.id for p in ALL_CUOC if p.fallback] == ["xuong"]
    assert sorted(EXTRA_IDS) == ["ca_nhay_dau_thuyen", "chua_do_nat_hoa", "dong_tu_hai_hoa"]
    for p in ALL_CUOC:
        text = unicodedata.normalize("NFD", p.name.lower().replace("đ", "d"))
        plain = "".join(ch for ch in text if unicodedata.category(ch) != "Mn")
        assert "_".join(plain.replace(",", " ").split()) == p.id
        assert CUOC_NAMES[p.id] == p.name


@pytest.mark.parametrize(
    ("kinds", "how"),
    [
        (("2V", "2S"), "chan"),
        (("2V", "3V"), "ca"),
        (("2V", "2V"), "ca"),
        (("CC", "2V"), "ca"),
        (("7S", "7S", "7S"), "chiu"),
        (("7S", "7S"), "phong"),
    ],
)
def test_mat_group_rejects_bad_groups(kinds: tuple[str, ...], how: str) -> None:
    with pytest.raises(ChieuError):
        MatGroup(tuple(parse_cards(" ".join(kinds))), how)


def test_mat_group_counts_chan() -> None:
    assert MatGroup((0, 0), "chan").chan == 1
    assert MatGroup((0, 1), "ca").chan == 0
    assert MatGroup((0, 0, 0, 0), "chiu").chan == 2


def test_win_context_validation() -> None:
    with pytest.raises(ChieuError):
        WinContext((0,) * 24)
    with pytest.raises(ChieuError):
        WinContext((5,) + (0,) * 24)
    with pytest.raises(ChieuError):
        build(C12 + " + 7S", chiu_u=False, wait_kind="nonsense")
    hand = build(C12 + " + 7S").hand
    with pytest.raises(ChieuError):
        WinContext(hand, winning_card=parse_cards("7S")[0], chiu_u=True)


def test_evaluate_refuses_a_non_win() -> None:
    with pytest.raises(ChieuError):
        evaluate(build(C1 + " + 6V"), Rules())


def test_context_helpers() -> None:
    ctx = build(C8 + " + 6V")
    assert ctx.red_count == 8
    assert ctx.count("CC") == 2
    assert ctx.size == 20
    assert ctx.chan_count == 6
    with pytest.raises(ChieuError):
        ctx.count("1V")
