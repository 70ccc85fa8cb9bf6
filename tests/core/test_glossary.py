"""The glossary type (issue 28): entries found by term or alias, diacritics kept, no clashes."""

from __future__ import annotations

import unicodedata

import pytest

from chieu.core.glossary import COMMON, Entry, Glossary, GlossaryError, entry, word_key


def small() -> Glossary:
    return Glossary(
        (
            entry("ăn", "an|eat", "Lấy quân.", "Take the card.", "3W 3W"),
            entry("ấn", "press", "Bấm.", "Press."),
            entry("Bạch định", "bach dinh|bach_dinh", "Không quân đỏ.", "No red card."),
        )
    )


def test_lookup_by_term_then_alias_case_and_form_insensitive() -> None:
    g = small()
    assert g.lookup("ăn") is g.entries[0]
    assert g.lookup("EAT") is g.entries[0]
    assert g.lookup("an") is g.entries[0]  # listed as an alias, not guessed
    assert g.lookup("bạch ĐỊNH") is g.entries[2]
    assert g.lookup("  bach_dinh ") is g.entries[2]
    decomposed = unicodedata.normalize("NFD", "Bạch định")
    assert decomposed != "Bạch định" and g.lookup(decomposed) is g.entries[2]
    assert g.lookup("nothing") is None
    assert "ấn" in g and "press" in g and 3 not in g


def test_diacritics_are_never_stripped_to_match() -> None:
    g = small()
    assert g.lookup("ấn") is g.entries[1]
    assert g.lookup("ân") is None  # neither ăn nor ấn
    assert g.lookup("bạch dinh") is None


def test_clashes_and_empty_words_are_refused() -> None:
    with pytest.raises(GlossaryError, match="'an'"):
        Glossary((entry("ăn", "an", "a", "b"), entry("an", "", "c", "d")))
    with pytest.raises(GlossaryError, match="both"):
        Glossary((entry("ăn", "eat|EAT", "a", "b"),))
    with pytest.raises(GlossaryError, match="text"):
        Glossary((Entry("ù", (), ("thắng", "")),))
    with pytest.raises(GlossaryError, match="no term"):
        Glossary((Entry(" ", ("x",), ("a", "b")),))
    assert small().problems() == []


def test_json_in_each_language_omits_empty_cards() -> None:
    g = small()
    vi, en = g.to_json("vi"), g.to_json("en")
    assert vi["entries"][0] == {
        "term": "ăn",
        "aliases": ["an", "eat"],
        "text": "Lấy quân.",
        "cards": ["3W", "3W"],
    }
    assert en["entries"][1] == {"term": "ấn", "aliases": ["press"], "text": "Press."}
    assert [e["term"] for e in en["entries"]] == [e.term for e in g]


def test_extend_and_without_make_new_glossaries() -> None:
    g = small()
    more = g.extend((entry("ù", "u|win", "Thắng.", "Win."),))
    assert len(more) == 4 and len(g) == 3 and more.lookup("win") is not None
    less = more.without("ĂN")
    assert less.lookup("ăn") is None and less.lookup("eat") is None and len(less) == 3
    with pytest.raises(GlossaryError):
        g.extend((entry("eat", "", "x", "y"),))


def test_common_entries_are_valid_and_explained_in_both_languages() -> None:
    g = Glossary(COMMON)
    assert word_key("Hết  Ván") == "hết ván" and g.lookup("game over") is g.lookup("hết ván")
    for e in g:
        assert all(t.strip() for t in e.text) and e.term == unicodedata.normalize("NFC", e.term)


def test_a_games_entry_replaces_the_common_one_of_its_term() -> None:
    """Tổ tôm counts its hội its own way: its "điểm hội" replaces the common entry, which the
    other games keep; every common term stays in every game's glossary."""
    from chieu.core.glossary import game_glossary
    from chieu.core.kit import kit_part
    from chieu.core.registry import find_game

    mine = entry("Điểm hội", "scores", "Chỉ cộng điểm ù.", "Wins only.")
    g = game_glossary([mine])
    assert g.lookup("scores") is mine and len(g) == len(COMMON)
    common = Glossary(COMMON).lookup("điểm hội")
    assert common is not None
    for game in ("chan", "phom", "matchuoc", "totom"):
        glossary = kit_part(find_game(game), "glossary")
        assert all(glossary.lookup(e.term) is not None for e in COMMON)
        said = glossary.lookup("Điểm hội")
        assert (said is common) == (game != "totom"), game
    totom = kit_part(find_game("totom"), "glossary").lookup("điểm hội")
    assert "chỉ cộng điểm ù" in totom.text[0] and "chèo đò" in totom.text[0]
