"""``GET /api/glossary/{game}?lang=vi|en`` (issue 28): each game's glossary, from its kit."""

from __future__ import annotations

import httpx
import pytest

from chieu.core.glossary import Glossary
from chieu.core.kit import kit_part
from chieu.core.registry import find_game, game_names
from tests.server.helpers import ThreadServer


def test_every_game_serves_its_glossary_in_both_languages(server: ThreadServer) -> None:
    for name in game_names():
        glossary = kit_part(find_game(name), "glossary")
        assert isinstance(glossary, Glossary)
        vi = httpx.get(f"{server.base}/api/glossary/{name}").json()
        en = httpx.get(f"{server.base}/api/glossary/{name}", params={"lang": "en"}).json()
        assert vi == glossary.to_json("vi") and en == glossary.to_json("en")
        assert len(vi["entries"]) == len(glossary) > 20
        for a, b in zip(vi["entries"], en["entries"], strict=True):
            assert a["term"] == b["term"] and a["aliases"] == b["aliases"]
            assert set(a) <= {"term", "aliases", "text", "cards"}
            assert a["text"] and b["text"]


def test_a_game_is_found_by_any_alias(server: ThreadServer) -> None:
    by_name = httpx.get(f"{server.base}/api/glossary/chan").json()
    assert httpx.get(f"{server.base}/api/glossary/chắn").json() == by_name
    assert httpx.get(f"{server.base}/api/glossary/danh-chan").json() == by_name
    entry = next(e for e in by_name["entries"] if e["term"] == "Bạch định")
    assert "bach_dinh" in entry["aliases"]


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/glossary/poker", 404, "not_found"),
        ("/api/glossary/chan?lang=fr", 400, "bad_message"),
    ],
)
def test_bad_requests_say_why_in_both_languages(
    server: ThreadServer, path: str, status: int, code: str
) -> None:
    response = httpx.get(f"{server.base}{path}")
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"]["vi"] and error["message"]["en"]
    word = "poker" if status == 404 else "fr"
    assert word in error["message"]["vi"] and word in error["message"]["en"]
