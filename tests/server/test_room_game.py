"""A room's game is loaded once when the lobby creates it, and the lobby's menu once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chieu.core.table import load_game
from chieu.server import app, lobby, room
from chieu.server.lobby import Lobby
from chieu.server.storage import Store


def test_creating_a_room_loads_its_game_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}")
    store.migrate()
    calls: list[Any] = []

    def counted(*args: Any, **kw: Any) -> Any:
        calls.append(args)
        return load_game(*args, **kw)

    monkeypatch.setattr(lobby, "load_game", counted)
    monkeypatch.setattr(room, "load_game", counted)
    the_lobby = Lobby(store)
    host = store.create_player("Chủ")
    body = {"game": "phỏm", "preset": "chat", "rules": {"pay_u": 7}, "seats": 3}
    made = the_lobby.create_room(host, body)
    assert len(calls) == 1
    # the preset, then the rules over it, then the seats
    want = {**load_game("phom", "chat").rules_json(), "pay_u": 7, "players": 3}
    assert made.rules_json == want and made.game.rules.players == 3
    # a room read back from the database loads its game from the row
    again = Lobby(store).load_room(made.id)
    assert again is not None and again.rules_json == want
    assert len(calls) == 2


def test_the_menu_is_built_once_and_handed_out_as_a_copy() -> None:
    first = app.games_json()
    first[0]["title"] = "changed"
    first[0]["presets"].append("changed")
    second = app.games_json()
    assert second[0]["title"] != "changed" and "changed" not in second[0]["presets"]
    assert app._games_menu.cache_info().misses == 1
