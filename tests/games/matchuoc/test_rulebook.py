"""Mạt chược's rules page (issue 28): sections in order, both languages, every example checked
by the engine (the checker's scoring, its phu reader), every pattern in the scoring rows with
its phán from the rules in force, the payment table from the engine, words not ids."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from chieu.core.notation import Lang
from chieu.core.rulebook import SECTION_IDS, Example, Rulebook
from chieu.games.matchuoc.cards import (
    KINDS,
    counts_of,
    is_basic,
    is_flower,
    is_honor,
    is_khung,
    parse_tiles,
    suit_of,
)
from chieu.games.matchuoc.checker import check_hand, parse_meld
from chieu.games.matchuoc.decompose import decompositions
from chieu.games.matchuoc.glossary import GLOSSARY
from chieu.games.matchuoc.patterns import BONUSES, NAMED
from chieu.games.matchuoc.rulebook import rulebook
from chieu.games.matchuoc.rules import PRESETS, Rules
from chieu.games.matchuoc.scoring import shares

LANGS: tuple[Lang, ...] = ("vi", "en")
#: special words the Vietnamese text uses: each has a glossary entry
TERMS = (
    "phán", "mủn", "phu", "phu dọc", "phu ngang", "phỗng", "coong", "đôi", "khung", "hoa",
    "chữ", "Vạn", "Văn", "Sách", "nhà cái", "cửa Đông", "cửa Nam", "cửa Tây", "cửa Bắc",
    "dựng", "đầu coong", "quân bù", "tường", "bốc", "đánh", "ăn", "ù", "tự bốc", "hòa",
    "chung cái", "chung con", "bảng chung", "không khung", "gió vòng", "Lai hàng",
    "Không hoa lá", "Xập xám chướng", "Phóng hoa", "Lục phé bôn", "Xuông", "hoa trúng cửa",
)  # fmt: skip
ENGLISH = re.compile(
    r"\b(the|and|of|with|points?|players?|tiles?|yes|true|false|default|none|pung|run)\b",
    re.IGNORECASE,
)
PATTERN_IDS = {p.id for p in (*NAMED, *BONUSES)} | {"phong_hoa"}


def claim_holds(example: Example, rules: Rules) -> bool:
    """What the example says of its tiles, checked by the engine."""
    text = " ".join(example.cards)
    tiles = parse_tiles(text)
    claim = example.claim
    if claim == "one_suit":
        return all(is_basic(t) and not is_honor(t) for t in tiles) and (
            len({suit_of(t) for t in tiles}) == 1
        )
    if claim in ("chu", "hoa", "khung"):
        return all({"chu": is_honor, "hoa": is_flower, "khung": is_khung}[claim](t) for t in tiles)
    if claim in ("phu_doc", "phu_ngang", "coong"):
        kind = {"phu_doc": "chow", "phu_ngang": "pung", "coong": "kong"}[claim]
        return parse_meld(text).kind == kind
    if claim == "doi":
        return [[g.kind for g in d] for d in decompositions(counts_of(tiles))] == [["pair"]]
    report = check_hand(text, {}, rules)
    if claim == "win":
        return report.get("win") is True
    if claim in PATTERN_IDS:
        return report.get("win") is True and claim in {p["id"] for p in report["patterns"]}
    raise AssertionError(f"unknown claim {claim!r}")


def texts(book: Rulebook) -> list[str]:
    """Every string the page shows (not the ids)."""
    out = [book.title]
    for s in book.sections:
        out += [s.title, *s.paragraphs, *(e.caption for e in s.examples)]
        out += [w for r in s.rows for w in (r.term, r.value, r.text)]
        if s.rows:
            out += list(s.columns)
    return out


RULES = [
    *PRESETS.values(),
    Rules(payment_table="round", blessings="fixed", flower_set="seat_number", tieu_tu_hy_k=1),
]
RULE_IDS = [*PRESETS, "round_fixed"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_sections_in_order_and_every_example_holds(rules: Rules, lang: Lang) -> None:
    book = rulebook(rules, lang)
    ids = [s.id for s in book.sections]
    assert ids == [i for i in SECTION_IDS if i in ids]
    assert {"about", "cards", "groups", "turn", "claims", "winning", "scoring"} <= set(ids)
    for s in book.sections:
        assert s.title and (s.paragraphs or s.rows)
        for e in s.examples:
            assert e.caption and e.claim
            assert all(KINDS.kind(c) is not None for c in e.cards), e.cards
            assert claim_holds(e, rules), (s.id, e)
    for sid in ("cards", "groups", "turn", "claims", "winning", "scoring"):
        section = book.section(sid)
        assert section is not None and section.examples, sid


def test_scoring_examples_show_the_engines_phan() -> None:
    for rules in RULES:
        section = rulebook(rules, "vi").section("scoring")
        assert section is not None
        for e in section.examples:
            phan = check_hand(" ".join(e.cards), {}, rules)["phan"]
            assert f"= {phan} phán" in e.caption, e


def test_both_languages_say_the_same_things() -> None:
    vi, en = rulebook(Rules(), "vi"), rulebook(Rules(), "en")
    assert [s.id for s in vi.sections] == [s.id for s in en.sections]
    for a, b in zip(vi.sections, en.sections, strict=True):
        assert len(a.paragraphs) == len(b.paragraphs)
        assert [e.cards for e in a.examples] == [e.cards for e in b.examples]
        assert [r.id for r in a.rows] == [r.id for r in b.rows]
        assert a.title != b.title


def test_every_pattern_has_a_scoring_row() -> None:
    section = rulebook(Rules(), "vi").section("scoring")
    assert section is not None
    assert [r.id for r in section.rows] == [p.id for p in (*NAMED, *BONUSES)] + ["phong_hoa"]
    names = {p.id: p.name for p in (*NAMED, *BONUSES)}
    for r in section.rows:
        assert r.value and r.text
        if r.id in names:
            assert r.term == names[r.id]


def row(rules: Rules, rid: str, lang: Lang = "vi") -> str:
    section = rulebook(rules, lang).section("scoring")
    assert section is not None
    return next(r.value for r in section.rows if r.id == rid)


def test_phan_follow_the_rules() -> None:
    base = Rules()
    assert row(base, "tieu_tu_hy").endswith(": 36")
    assert row(base.with_(tieu_tu_hy_toan_chu=8), "tieu_tu_hy").endswith(": 48")
    assert row(base.with_(tieu_tu_hy_k=1), "tieu_tu_hy").endswith("+6 không khung")
    assert "48" in row(base, "dai_tu_hy") and "60" in row(
        base.with_(dai_tu_hy_toan_chu=10), "dai_tu_hy"
    )
    assert row(base, "phan_coong") == "+1" and row(base.with_(coong_phan=2), "phan_coong") == "+2"
    assert row(base, "luc_phe_bon") == "bàn này không cho"
    assert row(base.with_(seven_pairs=True), "luc_phe_bon") == "6"
    assert (
        row(base, "cho_doi") != "+1"
        and row(base.with_(shanpon_tsumo_bonus=True), "cho_doi") == "+1"
    )
    assert row(base.with_(honor_bonus_dragon=2), "phu_tai_phao").startswith("+1 gió đúng cửa, +2")
    assert row(base, "thien_u") == "+12" and "0" in row(base.with_(blessings="fixed"), "thien_u")
    assert "+12" in row(base.with_(flower_set="seat_number"), "bo_hoa")


def test_the_payment_table_is_the_engines() -> None:
    for rules in (Rules(), Rules(payment_table="round"), Rules(leftover_phan="ignore")):
        section = rulebook(rules, "vi").section("scoring")
        assert section is not None
        table = next(p for p in section.paragraphs if p.startswith("Bảng chung"))
        for phan in (0, 3, 5, 7, 13):
            cai, con = shares(phan, rules)
            assert f" {phan} → {cai}/{con}" in table
    round_ = rulebook(Rules(payment_table="round"), "vi").section("scoring")
    assert round_ is not None and any("5 → 30/15" in p for p in round_.paragraphs)
    bonus = rulebook(Rules(mun_bonus_points=10), "vi").section("scoring")
    assert bonus is not None and any("thêm 10 điểm" in p for p in bonus.paragraphs)


def test_options_show_labels_and_values_in_words() -> None:
    names = [f.name for f in fields(Rules)]
    for lang in LANGS:
        section = rulebook(PRESETS["khung_176"], lang).section("options")
        assert section is not None
        assert [r.id for r in section.rows] == names
        for r in section.rows:
            assert r.term and r.value and r.text and r.term != r.id
    section = rulebook(PRESETS["khung_176"], "vi").section("options")
    assert section is not None
    shown = {r.id: r.value for r in section.rows}
    assert shown["tile_set"] == "176 quân"
    assert shown["khung_discard"] == "luôn được"
    assert shown["multi_ron"] == "tất cả"
    cards = rulebook(PRESETS["khung_176"], "vi").section("cards")
    assert cards is not None and any("176 quân" in p for p in cards.paragraphs)


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_no_raw_id_or_english_word_in_vietnamese(rules: Rules) -> None:
    words = " ".join(texts(rulebook(rules, "vi")))
    ids = {f.name for f in fields(Rules)} | PATTERN_IDS
    ids |= {str(c) for cs in Rules.choices.values() for c in cs if isinstance(c, str)}
    ids -= {"160", "168", "176"}  # tile counts are words too
    for raw in ids:
        assert not re.search(rf"\b{re.escape(raw)}\b", words), raw
    found = ENGLISH.findall(words)
    assert not found, found


def test_every_term_has_a_glossary_entry() -> None:
    for term in TERMS:
        assert term in GLOSSARY, term
    for lang in LANGS:
        for s in rulebook(Rules(), lang).sections:
            if s.id != "options":
                for r in s.rows:
                    assert r.term in GLOSSARY, r.term
