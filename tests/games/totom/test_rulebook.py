"""The Tổ tôm rulebook: its examples checked by the engine, its numbers read from the rules."""

from __future__ import annotations

import re

import pytest

from chieu.core.notation import LANGS, Lang
from chieu.core.rulebook import SECTION_IDS, Example, Rulebook
from chieu.games.totom.cards import KINDS, parse_cards
from chieu.games.totom.checker import check_hand
from chieu.games.totom.faults import ALL_FAULTS
from chieu.games.totom.glossary import GLOSSARY
from chieu.games.totom.patterns import ALL_CUOC, VALUES
from chieu.games.totom.phu import NAMED_NAMES
from chieu.games.totom.rulebook import rulebook
from chieu.games.totom.rules import PRESETS, Rules
from chieu.games.totom.shapes import looseness, phu_of

RULES = {name: rules for name, rules in PRESETS.items()} | {
    "mixed": Rules(unit=2, players=4, lung_reading="rc", passed_nocc_live=False),
    "jump": Rules(claim_turn_jump=True, fault_mode="strict"),
}
FAULT_IDS = {f.id for f in ALL_FAULTS}
PHU_TYPES = {"phu_doc": "doc", "phu_bi": "bi", "khan": "khan", "thien_khai": "thien_khai"}


def claim_holds(example: Example, rules: Rules) -> bool:
    """What the engine finds in the example's cards (the claims the rulebook uses)."""
    kinds = parse_cards(" ".join(example.cards))
    claim = example.claim
    if claim == "yeu":
        return all((p := phu_of([k])) is not None and p.type == "yeu" for k in kinds)
    if claim == "red":
        return all(KINDS.is_red(k) for k in kinds)
    if claim == "ca":
        return len(kinds) == 2 and phu_of(kinds) is None and looseness(KINDS.counts(kinds)) == 2
    if claim == "phong":
        phu = phu_of(kinds, won=kinds[-1])
        return phu is not None and phu.type == "phong"
    if claim in PHU_TYPES or claim in NAMED_NAMES or claim == "lung":
        phu = phu_of(kinds)
        if phu is None:
            return False
        if claim == "lung":
            return phu.is_lung(rules)
        return phu.type == PHU_TYPES[claim] if claim in PHU_TYPES else phu.name == claim
    won = check_hand(" ".join(example.cards), {}, rules)
    if claim == "win":
        return won["win"]
    if claim in FAULT_IDS:  # every card in phu, and the engine names the fault
        return won["complete"] and not won["win"] and won["faults"][0]["id"] == claim
    return won["win"] and claim in {c["id"] for c in won["cuoc"]}


@pytest.mark.parametrize("preset", sorted(RULES))
@pytest.mark.parametrize("lang", LANGS)
def test_every_example_is_what_the_engine_finds(preset: str, lang: Lang) -> None:
    book = rulebook(RULES[preset], lang)
    assert book.examples()
    for example in book.examples():
        assert example.claim, example
        assert claim_holds(example, RULES[preset]), (preset, example)


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_in_order_in_both_languages(lang: Lang) -> None:
    book = rulebook(Rules(), lang)
    assert [s.id for s in book.sections] == list(SECTION_IDS)
    for section in book.sections:
        assert section.title and section.paragraphs, section.id
    for section_id in ("cards", "groups", "turn", "claims", "winning", "scoring", "faults"):
        section = book.section(section_id)
        assert section is not None and section.examples, section_id
    assert book.to_json()["lang"] == lang


def _rows(book: Rulebook, section_id: str) -> dict[str, tuple[str, str]]:
    section = book.section(section_id)
    assert section is not None
    return {r.id: (r.term, r.value) for r in section.rows}


@pytest.mark.parametrize("lang", LANGS)
def test_every_cuoc_and_fault_has_a_row_with_a_glossary_term(lang: Lang) -> None:
    book = rulebook(Rules(), lang)
    cuoc, faults = _rows(book, "scoring"), _rows(book, "faults")
    assert set(cuoc) == {p.id for p in ALL_CUOC}
    assert set(faults) == FAULT_IDS
    for term, value in (*cuoc.values(), *faults.values()):
        assert term in GLOSSARY and value, term
    assert set(_rows(book, "options")) == set(Rules.help)


@pytest.mark.parametrize("preset", sorted(RULES))
def test_the_numbers_are_the_rules_in_force(preset: str) -> None:
    rules = RULES[preset]
    u = rules.unit
    for lang in LANGS:
        book = rulebook(rules, lang)
        for cid, (_, value) in _rows(book, "scoring").items():
            numbers = [int(n) for n in re.findall(r"\d+", value)]
            assert numbers == [2 * u if cid == "u_suong" else VALUES[cid] * u], (cid, value)
        faults = _rows(book, "faults")
        assert f"{2 * u} " in faults["khe_khan"][1]
        winning = book.section("winning")
        assert winning is not None and f"{rules.min_lung} lưng" in winning.paragraphs[0]
        about = book.section("about")
        assert about is not None and str(rules.players) in about.paragraphs[0]


def test_an_option_changes_the_numbers_shown() -> None:
    one = _rows(rulebook(Rules(), "vi"), "scoring")
    two = _rows(rulebook(PRESETS["suong_4_dich_2"], "vi"), "scoring")
    assert one["co_leo"][1] == "+2 điểm" and two["co_leo"][1] == "+4 điểm"
    assert one["u_suong"][1] != two["u_suong"][1]
    scoring = rulebook(PRESETS["suong_4_dich_2"], "en").section("scoring")
    assert scoring is not None and "= 12 points" in scoring.paragraphs[1]
    rc = _rows(rulebook(PRESETS["rc"], "vi"), "options")
    assert "cần 2 lưng" in rc["lung_reading"][1]


RAW = {
    *(name for name in Rules.help),
    *(str(v) for values in Rules.choices.values() for v in values if isinstance(v, str)),
    "the", "and", "of", "win", "points", "card", "cards", "yes", "no", "true", "false",
} - {"ra"}  # fmt: skip  # "ra" is a Vietnamese word ("đánh ra")


@pytest.mark.parametrize("preset", sorted(RULES))
def test_no_raw_id_or_english_word_in_vietnamese(preset: str) -> None:
    book = rulebook(RULES[preset], "vi")
    texts: list[str] = []
    for s in book.sections:
        texts += [s.title, *s.paragraphs, *s.columns]
        texts += [e.caption for e in s.examples]
        texts += [t for r in s.rows for t in (r.term, r.value, r.text)]
    for text in texts:
        words = set(re.findall(r"\w+", text))
        assert not words & RAW, (text, words & RAW)
        assert "_" not in text, text


#: the words with a special meaning the rulebook uses: each has a glossary entry
TERMS = (
    "phu", "phu dọc", "phu bí", "lưng", "lưng có tên", "tôm", "lèo", "yêu", "khàn",
    "khàn bất thực", "thiên khai", "cạ", "quân lẻ", "vạn", "sách", "văn", "quân đỏ", "chi chi",
    "thang thang", "ông lão", "nọc", "được cái", "ăn", "ăn thêm", "xin", "hạ quân trùng",
    "phỗng", "dậy khàn", "khê khàn", "trả cửa", "ù", "bạch thủ", "ù suông", "điểm gốc",
    "thông", "hội", "chèo đò", "trả đò", "đeo kính", "bí tứ", "hòa", "cước",
)  # fmt: skip


def test_every_special_word_it_uses_has_a_glossary_entry() -> None:
    book = rulebook(Rules(), "vi")
    texts = [t for s in book.sections for t in (s.title, *s.paragraphs)]
    texts += [t for s in book.sections for r in s.rows for t in (r.term, r.value, r.text)]
    text = " ".join(texts).casefold()
    for term in TERMS:
        assert term in GLOSSARY, term
        assert term.casefold() in text, term
