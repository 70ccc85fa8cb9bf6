"""The rules page of the toy Đôi through the edges that show any game's rulebook: the API
``GET /api/rules/{game}`` and ``chieu rules GAME`` (the browser: test_doi_rules_browser.py).
The numbers follow the rules in force: a preset or an option changes what is shown."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from chieu.cli.main import main
from chieu.core.rulebook import SECTION_IDS, rulebook_of

pytest.importorskip("fastapi")


@pytest.fixture
def base(doi: Any, tmp_path: Any) -> Iterator[str]:
    from tests.server.helpers import ThreadServer

    with ThreadServer(f"sqlite:///{tmp_path / 'chieu.sqlite3'}") as srv:
        yield srv.base


def test_the_toys_examples_hold_what_they_claim(doi: Any) -> None:
    from chieu_doi.cards import KINDS, pairs_in

    write = rulebook_of(doi)
    assert write is not None
    for lang in ("vi", "en"):
        book = write(doi.default_rules(), lang)
        assert [s.id for s in book.sections] == [i for i in SECTION_IDS if book.section(i)]
        for example in book.examples():
            kinds = [KINDS.kind(c) for c in example.cards]
            assert None not in kinds
            if example.claim == "pair":
                assert pairs_in(k for k in kinds if k is not None)


def test_the_api_serves_the_rulebook_with_the_cards_names(base: str, doi: Any) -> None:
    vi = httpx.get(f"{base}/api/rules/doi").json()
    en = httpx.get(f"{base}/api/rules/đôi", params={"lang": "en"}).json()
    write = rulebook_of(doi)
    assert write is not None
    assert {k: v for k, v in vi.items() if k != "names"} == write(doi.default_rules()).to_json()
    assert vi["lang"] == "vi" and en["lang"] == "en"
    assert vi["names"]["7r"] == "bảy đỏ" and en["names"]["7r"] == "red seven"
    codes = {c for s in vi["sections"] for e in s["examples"] for c in e["cards"]}
    assert set(vi["names"]) == codes


def test_the_numbers_follow_the_preset_and_the_options(base: str, doi: Any) -> None:
    def row(data: dict[str, Any], section: str, row_id: str) -> str:
        [s] = [s for s in data["sections"] if s["id"] == section]
        [r] = [r for r in s["rows"] if r["id"] == row_id]
        return str(r["value"])

    url = f"{base}/api/rules/doi"
    assert row(httpx.get(url).json(), "scoring", "pair_points") == "+1 điểm"
    changed = httpx.get(url, params={"rules": json.dumps({"pair_points": 4})}).json()
    assert row(changed, "scoring", "pair_points") == "+4 điểm"
    draw_only = httpx.get(url, params={"preset": "draw_only", "lang": "en"}).json()
    assert row(draw_only, "options", "take_discard") == "no"


@pytest.mark.parametrize(
    ("query", "status", "word"),
    [
        ({"preset": "nope"}, 400, "nope"),
        ({"rules": "[1, 2]"}, 400, "JSON"),
        ({"rules": "{not json"}, 400, "JSON"),
        ({"rules": json.dumps({"pair_points": 99})}, 400, "pair_points"),
        ({"rules": json.dumps({"colour": 1})}, 400, "colour"),
        ({"rules": "{" + " " * 5000 + "}"}, 400, "rules"),
        ({"lang": "fr"}, 400, "fr"),
    ],
)
def test_bad_requests_say_why_in_both_languages(
    base: str, doi: Any, query: dict[str, str], status: int, word: str
) -> None:
    response = httpx.get(f"{base}/api/rules/doi", params=query)
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == "bad_message"
    assert word in error["message"]["vi"] and word in error["message"]["en"]


def test_an_unknown_game_is_not_found(base: str, doi: Any) -> None:
    response = httpx.get(f"{base}/api/rules/poker")
    assert response.status_code == 404
    assert "poker" in response.json()["error"]["message"]["en"]


def test_chieu_rules_doi(doi: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "doi", "--rules", "pair_points=4"]) == 0
    out = capsys.readouterr().out
    for words in ("Bộ bài", "Tính điểm", "+4 điểm", "bảy đỏ", "7r 7b", "Tuỳ chọn của bàn"):
        assert words in out
    assert main(["rules", "doi", "--preset", "draw_only", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "red seven" in out and "House options" in out and "Bộ bài" not in out
    assert main(["rules", "doi", "--section", "groups"]) == 0
    out = capsys.readouterr().out
    assert "Một đôi bảy" in out and "Tính điểm" not in out


def test_chieu_rules_doi_glossary(doi: Any, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["rules", "doi", "glossary"], ["rules", "doi", "--glossary"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "hạ đôi" in out and "Hai quân cùng số" in out and "bảy đỏ" in out


def test_chieu_rules_errors(doi: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "doi", "--section", "nope"]) == 2
    err = capsys.readouterr().err
    assert "nope" in err and "scoring" in err
    assert main(["rules", "doi", "--rules", "pair_points=99"]) == 2
    assert "pair_points" in capsys.readouterr().err
    assert main(["rules", "doi", "--rules", "colour=1"]) == 2
    assert "colour" in capsys.readouterr().err
