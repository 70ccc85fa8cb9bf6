"""What a room pushes during a claim window: an answer is private, so the seats that did not
give it get the view text they had (kept, not built again), and it is still their view.
Mạt chược: its windows often ask several seats (a pong, a chow, a win on one discard)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from chieu.server.lobby import Lobby
from chieu.server.room import Room
from chieu.server.storage import Store


def _fresh(room: Room, seat: int | None, lang: str) -> object:
    assert room.state is not None
    view = room.state.view(seat, lang).to_json()
    for d in view.get("decisions", ()):
        d["deadline"] = room.deadline(seat)
    return view


def test_a_claim_answer_keeps_the_other_seats_view_texts(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    store.migrate()
    lobby = Lobby(store)
    room = lobby.create_room(
        store.create_player("Chủ"), {"game": "matchuoc", "clock": {"bot_delay": 0, "pause": 600}}
    )
    room.seats = [{"player": None, "bot": "random"} for _ in range(room.game.info.players)]
    seats = (None, *range(len(room.seats)))
    kept_seen = answers_seen = 0

    async def play() -> None:
        await room.start_sitting()
        await one_game()
        for _ in range(5):  # a deal may end before any window stays open: the next game
            if answers_seen or room.status != "between":
                return
            await room._start_game()
            await one_game()

    async def one_game() -> None:
        nonlocal kept_seen, answers_seen
        while room.status == "playing" and room.state is not None:
            state = room.state
            before = {(s, lang): room._view_text(s, lang) for s in seats for lang in ("vi", "en")}
            window = state.window
            seat, d = next(iter(room.pending().items()))
            await room.commit(seat, d.default)
            if room.state is not state or room.status != "playing":
                break
            for (s, lang), text in before.items():
                now = room._view_text(s, lang)
                assert json.loads(now) == _fresh(room, s, lang), (s, lang)
                if window is not None and state.window is window and s != seat:
                    assert now is text  # kept: the answer was private
                    kept_seen += 1
            if window is not None and state.window is window:
                answers_seen += 1

    asyncio.run(play())
    store.close()
    assert answers_seen > 0 and kept_seen > 0  # the game had windows that stayed open
