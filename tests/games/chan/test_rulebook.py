"""The Chắn rulebook: its examples checked by the engine, its numbers read from the rules."""

from __future__ import annotations

import re

import pytest

from chieu.core.notation import LANGS, Lang
from chieu.core.rulebook import SECTION_IDS, Example, Rulebook
from chieu.games.chan import analysis
from chieu.games.chan.cards import CC, KINDS, parse_cards
from chieu.games.chan.checker import check_hand
from chieu.games.chan.fault_rules import ALL_FAULTS
from chieu.games.chan.glossary import GLOSSARY
from chieu.games.chan.patterns import ALL_CUOC, EXTRA_IDS
from chieu.games.chan.rulebook import rulebook
from chieu.games.chan.rules import PRESETS, Rules
from chieu.games.chan.scoring import values_for

RULES = {name: rules for name, rules in PRESETS.items()} | {
    "ldg": Rules(cuoc_table="ldg"),
    "jsc_stake5": Rules(cuoc_table="jsc", stake=5, players=3),
    "extras": Rules(extra_cuoc=("ca_nhay_dau_thuyen",), chi_rong="allow_if_unchanged"),
}
FAULT_IDS = {f.id for f in ALL_FAULTS}


def claim_holds(example: Example, rules: Rules) -> bool:
    """What the engine finds in the example's cards (the claims the rulebook uses)."""
    kinds = parse_cards(" ".join(example.cards))
    counts = KINDS.counts(kinds)
    claim = example.claim
    if claim in ("chan", "ca", "ba_dau"):
        g = analysis.grouping(counts)
        found = {"chan": g.chan, "ca": g.ca, "ba_dau": g.ba_dau}[claim]
        return len(found) == 1 and sum(len(x) for x in g.groups) == len(kinds)
    if claim == "que":
        return sorted(analysis.que_cards(counts)) == sorted(kinds)
    if claim == "four":
        return len(kinds) == 4 and len(set(kinds)) == 1 and analysis.count_chan(counts) == 2
    if claim == "red":
        return all(KINDS.is_red(k) for k in kinds)
    held = " ".join(example.cards[:-1])
    if claim == "rong":
        report = check_hand(held, {}, rules)
        return report["wait_kind"] == "rong" and example.cards[-1] in report["waits"]
    won = check_hand(f"{held} + {example.cards[-1]}", {}, rules)
    if claim == "win":
        return won["win"]
    if claim in FAULT_IDS:  # the engine refuses that win, naming the fault
        assert claim == "u_chi_rong"
        return (
            won["complete"] and not won["win"] and kinds[-1] == CC and "chi rộng" in won["illegal"]
        )
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
    options = _rows(book, "options")
    assert set(options) == set(Rules.help)


@pytest.mark.parametrize("preset", sorted(RULES))
def test_the_numbers_are_the_rules_in_force(preset: str) -> None:
    rules = RULES[preset]
    table = values_for(rules)
    for lang in LANGS:
        book = rulebook(rules, lang)
        for cid, (_, value) in _rows(book, "scoring").items():
            if cid in EXTRA_IDS and cid not in rules.extra_cuoc:
                continue
            numbers = [int(n) for n in re.findall(r"\d+", value)]
            want = [table[cid].diem] if cid == "xuong" else [table[cid].diem, table[cid].dich]
            assert numbers == want, (preset, cid, value)
        faults = _rows(book, "faults")
        assert f"{12 * rules.stake} " in faults["u_lao"][1]
        turn = book.section("about")
        assert turn is not None and str(rules.players) in turn.paragraphs[0]


def test_an_option_changes_the_numbers_shown() -> None:
    sd = _rows(rulebook(Rules(), "vi"), "scoring")
    ldg = _rows(rulebook(Rules(cuoc_table="ldg"), "vi"), "scoring")
    assert sd["co_chiu"][1] != ldg["co_chiu"][1]
    assert "5 điểm" in ldg["co_chiu"][1] and "3 điểm" in sd["co_chiu"][1]
    off = _rows(rulebook(Rules(an_ca_doi_cho=False), "vi"), "faults")
    assert off["an_ca_doi_cho"][1] != _rows(rulebook(Rules(), "vi"), "faults")["an_ca_doi_cho"][1]
    staked = _rows(rulebook(Rules(stake=3), "en"), "faults")
    assert "36 points" in staked["bo_u"][1]
    opts = _rows(rulebook(PRESETS["khong_u_suong"], "vi"), "options")
    assert opts["min_u_score"][1] == "3 điểm"


#: words that must not reach a Vietnamese page: option ids and values, English
RAW = {
    *(name for name in Rules.help),
    *(str(v) for values in Rules.choices.values() for v in values if isinstance(v, str)),
    "the", "and", "of", "win", "points", "card", "cards", "yes", "no", "true", "false",
}  # fmt: skip


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
    "chắn", "cạ", "ba đầu", "què", "chíu", "chi chi", "quân đỏ", "vạn", "sách", "văn", "cửa",
    "chiếu", "nọc", "cái", "bắt cái", "đánh", "ăn", "bốc", "dưới", "ù", "trả cửa", "xướng",
    "cước", "dịch", "bạch thủ", "ù rộng", "chờ chi rộng", "thiên ù", "chíu ù", "xuông",
    "thông", "báo", "đền làng", "nghỉ ăn tiền", "tám đỏ hai lèo", "bỏ ù", "hòa", "điểm",
)  # fmt: skip


def test_every_special_word_it_uses_has_a_glossary_entry() -> None:
    book = rulebook(Rules(), "vi")
    texts = [t for s in book.sections for t in (s.title, *s.paragraphs)]
    texts += [t for s in book.sections for r in s.rows for t in (r.term, r.value, r.text)]
    text = " ".join(texts).casefold()
    for term in TERMS:
        assert term in GLOSSARY, term
        assert term.casefold() in text, term
