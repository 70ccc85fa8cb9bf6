"""The end of a game explains itself (issue 28, the kit's ``explain``): see
``tests/games/explain_checks.py``."""

from __future__ import annotations

from tests.games.explain_checks import check_game


def test_explanations_add_up_and_hide_nothing_more() -> None:
    seen = check_game("phom", 24)
    for kind in ("no_winner",):
        assert seen[kind], seen
