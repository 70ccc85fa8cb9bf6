"""``create_app`` serves the browser table with a plain import of ``chieu.web`` (issue 27):
the page, and every game's cards as ``chieu.render.svg.sprite`` draws them. Neither
``chieu.server.app`` nor ``chieu.web`` needs the other imported first."""

from __future__ import annotations

import os
import subprocess
import sys

import httpx
import pytest

from chieu.core.registry import game_names
from chieu.render.svg import sprite
from chieu.web import STATIC
from tests.server.helpers import ThreadServer


def test_the_page_is_the_browser_table(server: ThreadServer) -> None:
    page = httpx.get(f"{server.base}/")
    assert page.status_code == 200
    assert page.content == (STATIC / "index.html").read_bytes()
    assert httpx.get(f"{server.base}/web/static/app.js").status_code == 200


def test_every_game_s_cards_are_the_render_sprite(server: ThreadServer) -> None:
    for name in game_names():
        plain = httpx.get(f"{server.base}/web/cards/{name}.json", headers={"Accept-Encoding": ""})
        assert plain.status_code == 200, name
        data = plain.json()
        assert data["game"] == name
        assert data["cards"] == sprite(name)
        assert set(data["order"]) | {"back"} == set(data["cards"])
        zipped = httpx.get(
            f"{server.base}/web/cards/{name}.json", headers={"Accept-Encoding": "gzip"}
        )
        assert zipped.headers["content-encoding"] == "gzip"
        assert zipped.json() == data  # httpx undoes the gzip
    missing = httpx.get(f"{server.base}/web/cards/nothing.json")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("module", ["chieu.server.app", "chieu.web", "chieu.render.svg"])
def test_each_module_imports_on_its_own(module: str) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", f"import {module}"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
