"""The rules page of every registered game that has a rulebook, at phone size: its sections,
its example cards drawn and named in captions, its glossary with an anchor per term, no raw
id in Vietnamese mode (the toy Đôi: tests/kit/test_doi_rules_browser.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from chieu.core.registry import find_game
from chieu.core.rulebook import rulebook_of
from tests.web.helpers import GAMES
from tests.web.rules_checks import PHONE, check_rules_page


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_at_phone_size(
    game: str, base: str, new_context: Callable[..., Any]
) -> None:
    if rulebook_of(find_game(game)) is None:
        pytest.skip(f"{game} has no rulebook in this tree")
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    check_rules_page(page, base, game)
