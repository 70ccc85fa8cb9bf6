"""``chieu rules GAME``: every registered game's rules page in the terminal, or a clear word
that it has none yet; errors never a traceback. The toy Đôi's page: tests/kit/test_doi_rules.py."""

from __future__ import annotations

import pytest

from chieu.cli.main import main
from chieu.core.registry import find_game, game_names
from chieu.core.rulebook import rulebook_of


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_game_prints_its_rules_or_says_it_has_none(
    name: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    definition = find_game(name)
    write = rulebook_of(definition)
    code = main(["rules", name, "--lang", lang])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if write is None:
        assert code == 2 and definition.title in err
        return
    assert code == 0, err
    book = write(definition.default_rules(), "en" if lang == "en" else "vi")
    for section in book.sections:
        assert section.title in out


def test_an_unknown_game_or_topic_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "poker"]) == 2
    assert "poker" in capsys.readouterr().err
    name = game_names()[0]
    assert main(["rules", name, "nonsense"]) == 2
    assert "nonsense" in capsys.readouterr().err
    assert main(["rules", name, "--preset", "no-such-preset"]) == 2
    assert "no-such-preset" in capsys.readouterr().err
