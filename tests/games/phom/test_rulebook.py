"""Phỏm's rules page (issue 28): sections in order, both languages, every example checked by
the engine's own analysis, every amount read from the rules in force, words not ids."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from chieu.core.notation import Lang
from chieu.core.rulebook import SECTION_IDS, Example, Rulebook
from chieu.games.phom.analysis import (
    best_arrangement,
    can_eat,
    has_ca,
    has_phom,
    is_phom,
    phom_kind,
    send_closure,
)
from chieu.games.phom.cards import KINDS, mask_of, parse_cards
from chieu.games.phom.glossary import GLOSSARY
from chieu.games.phom.patterns import PATTERNS
from chieu.games.phom.rulebook import rulebook
from chieu.games.phom.rules import PRESETS, Rules

LANGS: tuple[Lang, ...] = ("vi", "en")
#: special words the Vietnamese text uses: each has a glossary entry
TERMS = (
    "phỏm", "phỏm ngang", "phỏm dọc", "cạ", "rác", "nọc", "đi đầu", "ăn", "ăn chốt", "chốt",
    "hạ", "gửi", "đánh", "móm", "né hạ", "thêm vòng", "ù", "Ù gửi", "Ù tròn", "Ù ăn ba cây",
    "Ù khan", "Đền", "nhất", "nhì", "ba", "bét", "chất", "điểm", "ván", "lượt",
)  # fmt: skip
ENGLISH = re.compile(
    r"\b(the|and|of|with|points?|players?|cards?|yes|true|false|clockwise|default|none)\b",
    re.IGNORECASE,
)


def claim_holds(example: Example, rules: Rules) -> bool:
    """What the example says of its cards, checked by the engine's analysis."""
    cards = parse_cards(" ".join(example.cards))
    mask = mask_of(cards)
    claim = example.claim
    if claim.startswith("points:"):
        found = best_arrangement(mask, variant=rules.card_points)
        return found is not None and found.points == int(claim.split(":")[1])
    if claim in ("phom_ngang", "phom_doc"):
        return phom_kind(mask) == {"phom_ngang": "set", "phom_doc": "run"}[claim]
    if claim == "not_phom":
        return not is_phom(mask)
    if claim == "ca":
        return len(cards) == 2 and has_ca(mask) and not is_phom(mask)
    if claim == "an":
        return can_eat(mask_of(cards[:-1]), 0, cards[-1])
    if claim == "gui":
        sent, left = send_closure(1 << cards[-1], [mask_of(cards[:-1])])
        return is_phom(mask_of(cards[:-1])) and len(sent) == 1 and not left
    if claim == "u":
        found = best_arrangement(mask, discard=len(cards) == 10, variant=rules.card_points)
        return len(cards) in (9, 10) and found is not None and found.points == 0
    if claim == "mom":
        return not has_phom(mask)
    if claim == "u_khan":
        return not has_phom(mask) and not has_ca(mask, rules.u_khan_ca == "within_two")
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


RULES = [*PRESETS.values(), Rules(players=2), Rules(players=3, allow_u_khan=True)]
RULE_IDS = [*PRESETS, "two", "three_u_khan"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_sections_in_order_and_every_example_holds(rules: Rules, lang: Lang) -> None:
    book = rulebook(rules, lang)
    ids = [s.id for s in book.sections]
    assert ids == [i for i in SECTION_IDS if i in ids]
    assert {"about", "cards", "groups", "turn", "scoring", "options"} <= set(ids)
    for s in book.sections:
        assert s.title and (s.paragraphs or s.rows)
        for e in s.examples:
            assert e.caption and e.claim
            assert all(KINDS.kind(c) is not None for c in e.cards), e.cards
            assert claim_holds(e, rules), (s.id, e)
    for sid in ("cards", "groups", "turn", "claims", "winning"):
        section = book.section(sid)
        assert section is not None and section.examples, sid
    assert book.to_json()["sections"][0]["id"] == "about"


def test_both_languages_say_the_same_things() -> None:
    vi, en = rulebook(Rules(), "vi"), rulebook(Rules(), "en")
    assert [s.id for s in vi.sections] == [s.id for s in en.sections]
    for a, b in zip(vi.sections, en.sections, strict=True):
        assert len(a.paragraphs) == len(b.paragraphs)
        assert [e.cards for e in a.examples] == [e.cards for e in b.examples]
        assert [r.id for r in a.rows] == [r.id for r in b.rows]
        assert a.title != b.title


def test_every_pattern_and_payment_has_a_scoring_row() -> None:
    for n in (2, 3, 4):
        section = rulebook(Rules(players=n), "vi").section("scoring")
        assert section is not None
        ids = {r.id for r in section.rows}
        assert {p.id for p in PATTERNS} <= ids
        assert {"an", "an_chot", "mom", "bet"} <= ids
        assert ("nhi" in ids) == (n > 2) and ("ba" in ids) == (n > 3)


def value(rules: Rules, row: str, lang: Lang = "vi") -> str:
    section = rulebook(rules, lang).section("scoring")
    assert section is not None
    return next(r.value for r in section.rows if r.id == row)


def test_amounts_follow_the_rules() -> None:
    base = Rules()
    assert value(base, "u") == "mỗi người 5 điểm"
    assert value(base, "an_chot") == "4 điểm"
    assert value(base, "bet") == "3 điểm"
    assert value(base, "den") == "một người trả 15 điểm"
    assert value(base.with_(pay_u=7), "u") == "mỗi người 7 điểm"
    assert value(base.with_(pay_u=7), "den") == "một người trả 21 điểm"
    assert value(base.with_(stake=10), "mom") == "40 điểm"
    assert value(base.with_(pay_rank=(0, 2, 4, 6)), "bet") == "6 điểm"
    assert value(base.with_(players=3), "bet") == "2 điểm"  # the 3rd place of three is bét
    assert value(base.with_(pay_eat_chot=6), "an_chot", "en") == "6 points"
    assert "k ×" in value(base.with_(pay_eat_mode="escalating"), "an")
    assert value(base.with_(allow_u_tron=False), "u_tron") == "bàn này không cho"
    off = base.with_(den_three_eats=False, den_u_from_chot=False)
    assert value(off, "den") == "bàn này không có"


def test_card_points_change_the_examples() -> None:
    def first(rules: Rules) -> Example:
        section = rulebook(rules, "vi").section("cards")
        assert section is not None
        return section.examples[0]

    a, b = first(Rules()), first(Rules(card_points="faces_10"))
    assert a.cards == b.cards and a.claim != b.claim
    assert a.claim.split(":")[1] in a.caption and b.claim.split(":")[1] in b.caption


def test_options_show_labels_and_values_in_words() -> None:
    names = [f.name for f in fields(Rules)]
    for lang in LANGS:
        section = rulebook(PRESETS["seed"], lang).section("options")
        assert section is not None
        assert [r.id for r in section.rows] == names
        for r in section.rows:
            assert r.term and r.value and r.text and r.term != r.id
    section = rulebook(PRESETS["seed"], "vi").section("options")
    assert section is not None
    shown = {r.id: r.value for r in section.rows}
    assert shown["chot_definition"] == "quân cuối vòng ba"
    assert shown["allow_u_khan"] == "có"
    assert shown["card_points"] == "A = 1 … K = 13"


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_no_raw_id_or_english_word_in_vietnamese(rules: Rules) -> None:
    words = " ".join(texts(rulebook(rules, "vi")))
    ids = {f.name for f in fields(Rules)} | {
        str(c) for cs in Rules.choices.values() for c in cs if isinstance(c, str)
    }
    for raw in ids:
        assert not re.search(rf"\b{re.escape(raw)}\b", words), raw
    found = ENGLISH.findall(words)
    assert not found, found


def test_every_term_has_a_glossary_entry() -> None:
    for term in TERMS:
        assert term in GLOSSARY, term
    for lang in LANGS:
        for s in rulebook(Rules(allow_u_khan=True), lang).sections:
            if s.id != "options":
                for r in s.rows:
                    assert r.term in GLOSSARY, r.term
