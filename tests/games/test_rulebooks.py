"""What every game's rules page keeps (``chieu.core.rulebook``), for every registered game with
one: served by its kit, its sections in the one order in both languages, every example with a
claim and cards the game can name, a row for every house option, and no option's raw id in
the Vietnamese text. Each game's own tests (``tests/games/<game>/test_rulebook.py``) check
what its examples claim and its numbers."""

from __future__ import annotations

from dataclasses import fields

import pytest

from chieu import load_game
from chieu.core.notation import Lang
from chieu.core.registry import game_names
from chieu.core.rulebook import SECTION_IDS, Rulebook, rulebook_of

GAMES = [g for g in game_names() if rulebook_of(load_game(g)) is not None]
LANGS: tuple[Lang, ...] = ("vi", "en")


def _book(game: str, lang: Lang) -> Rulebook:
    bound = load_game(game)
    write = rulebook_of(bound)
    assert write is not None
    book = write(bound.rules, lang)
    assert isinstance(book, Rulebook) and book.game == bound.name and book.lang == lang
    return book


def test_every_game_has_a_rules_page() -> None:
    assert game_names() == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_sections_in_the_one_order_in_both_languages(game: str) -> None:
    vi, en = _book(game, "vi"), _book(game, "en")
    ids = [s.id for s in vi.sections]
    assert ids == [i for i in SECTION_IDS if i in ids] == [s.id for s in en.sections]
    assert {"about", "cards", "groups", "turn", "winning", "scoring", "options"} <= set(ids)
    for book in (vi, en):
        for section in book.sections:
            assert section.title and (section.paragraphs or section.rows), (game, section.id)
        for section_id in ("cards", "groups", "winning"):
            section = book.section(section_id)
            assert section is not None and section.examples, (game, section_id)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_example_has_a_claim_and_cards_the_game_names(game: str, lang: Lang) -> None:
    notation = load_game(game).notation
    kinds = load_game(game).definition.kinds
    for example in _book(game, lang).examples():
        assert example.claim and example.caption and example.cards, example
        for code in example.cards:
            kind = kinds.kind(code)
            assert kind is not None, (game, code)
            assert notation.card_name(kind, lang), (game, code)


@pytest.mark.parametrize("game", GAMES)
def test_every_option_has_a_row_and_no_raw_id_shows_in_vietnamese(game: str) -> None:
    bound = load_game(game)
    names = {f.name for f in fields(bound.definition.rules_class)}
    book = _book(game, "vi")
    options = book.section("options")
    assert options is not None
    assert {r.id for r in options.rows} == names
    shown = " ".join(
        text
        for s in book.sections
        for text in (s.title, *s.paragraphs, *(f"{r.term} {r.value} {r.text}" for r in s.rows))
    )
    raw = [n for n in names if "_" in n and n in shown]
    assert not raw, (game, raw)
