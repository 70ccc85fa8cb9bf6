"""Every game says its options, their values, its presets and its views' details in words,
Vietnamese and English (issue 28): the lobby's form and the table's "Chi tiết" never show an id
such as ``fault_mode``, ``san_dinh`` or ``wall_left``."""

from __future__ import annotations

import random
import re

import pytest

from chieu.core.details import detail_words_of
from chieu.core.options import option_words_of
from chieu.core.registry import game_names
from chieu.core.table import load_game
from chieu.server.app import games_json

GAMES = game_names()
#: an id: a word with an underscore, or a known id of a preset or a value
ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("game", GAMES)
def test_every_option_value_and_preset_has_words_in_both_languages(game: str) -> None:
    loaded = load_game(game)
    words = option_words_of(loaded)
    assert words is not None, f"{game} has no option_words in its kit"
    assert words.missing(loaded.options(), loaded.presets()) == []
    assert set(words.options) == {o.name for o in loaded.options()}, "an option the rules lack"
    for o in loaded.options():
        for lang in ("vi", "en"):
            for text in (words.label(o.name, lang), words.help(o.name, lang)):
                assert text and not ID.search(text), (game, o.name, text)
            for choice in o.choices or (o.default,):
                said = words.value(o.name, choice, lang)
                assert said and not ID.search(said), (game, o.name, choice, said)
    for p in loaded.presets():
        for part in (words.presets[p].label, words.presets[p].help):
            assert all(part) and not any(ID.search(x) for x in part), (game, p, part)


@pytest.mark.parametrize("game", GAMES)
def test_every_detail_of_a_view_has_words(game: str) -> None:
    loaded = load_game(game)
    details = detail_words_of(loaded)
    assert details is not None, f"{game} has no detail_words in its kit"
    seen: set[str] = set()
    for seed in range(4):
        state = loaded.new_state(seed)
        rng = random.Random(seed)
        for _ in range(200):
            pending = state.decisions()
            for seat in range(loaded.info.players):
                seen |= set(state.view(seat, "vi").to_json().get("extra") or {})
            if not pending:
                break
            d = pending[0]
            state.apply(rng.choice(d.actions), seat=d.seat)
    missing = seen - set(details.keys)
    assert not missing, f"{game}: no words for the details {sorted(missing)}"
    for key, word in details.keys.items():
        assert all(word.label), (game, key)


def test_the_lobby_menu_carries_the_words() -> None:
    for g in games_json():
        assert set(g["preset_words"]) == set(g["presets"]), g["name"]
        assert g["details"], g["name"]
        for o in g["options"]:
            label, values, choices = o.get("label"), o.get("values"), o.get("choices")
            assert isinstance(label, dict) and set(label) == {"vi", "en"}, o
            assert all(label.values()), o
            assert isinstance(values, dict), o
            for choice in choices if isinstance(choices, list) else []:
                key = str(choice).lower() if isinstance(choice, bool) else str(choice)
                assert key in values, (g["name"], o["name"], choice)
