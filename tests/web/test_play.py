"""Whole games played in the browser by clicking the table's action controls (issue 13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.helpers import (
    ACTION,
    FAST_CLOCK,
    Api,
    Player,
    action_controls,
    enter_lobby,
    hand_cards,
    open_room,
    phom_against_bots,
    play_until_outcome,
    reach_turn,
    room_status,
    tid,
    wait_turn_or_outcome,
)

#: the games whose score sheet moves points between players (Tổ tôm's counts each player's
#: balance towards the hội's target instead)
ZERO_SUM = ("chan", "phom", "matchuoc")


def _check_rows(sheet: dict[str, Any], game: str, players: int) -> None:
    assert sheet["rows"], f"the sheet has no row: {json.dumps(sheet)[:500]}"
    for row in sheet["rows"]:
        assert len(row["points"]) == players
        if game in ZERO_SUM:
            assert abs(sum(row["points"])) < 1e-9, f"a row's points do not sum to 0: {row}"


def _status_between(page: Any) -> None:
    page.wait_for_function(
        """() => { const el = document.querySelector('[data-testid="status"]');
                   return el && ['between', 'finished'].includes(el.dataset.status); }""",
        timeout=10_000,
    )


@pytest.mark.parametrize(("game", "seed"), [("chan", 1), ("phom", 2)])
def test_two_players_and_two_bots_finish_a_game(
    base: str, new_context: Any, game: str, seed: int
) -> None:
    """A makes a room with bots on seats 2 and 3, B joins it by its code through the lobby,
    A starts; both click actions until both tables show the outcome; the sheet's row sums
    to 0."""
    page_a = new_context().new_page()
    page_b = new_context().new_page()
    token_a = enter_lobby(page_a, base, "An")
    enter_lobby(page_b, base, "Bình")
    api_a = Api(base, token_a)
    room = api_a.create_room(game, bots={2: "heuristic", 3: "heuristic"})
    rid = room["id"]
    assert room["seats"][0]["player"]["name"] == "An"

    open_room(page_a, base, rid)
    page_b.locator(tid("join-code")).fill(room["code"])
    page_b.locator(tid("join-button")).click()
    page_b.locator(tid("table")).wait_for(state="visible")
    page_b.wait_for_function(
        f"() => /^#\\/room\\/{rid}(\\/|$)/.test(location.hash)", timeout=10_000
    )
    room = api_a.room(rid)
    assert room["seats"][1]["player"]["name"] == "Bình", room["seats"]
    # the room code is shown to the host, who passes it on
    assert room["code"] in page_a.locator(tid("room-code")).inner_text()

    # the host starts the game from the table (through the API if the page has no button)
    start = page_a.locator(tid("start"))
    if start.count() and start.first.is_visible():
        start.first.click()
    else:
        api_a.start(rid)
    for page in (page_a, page_b):  # started (a bot may even have won already)
        page.wait_for_function(
            """() => { const el = document.querySelector('[data-testid="status"]');
                       return el && ['playing', 'between', 'finished']
                           .includes(el.dataset.status); }""",
            timeout=10_000,
        )
        page.locator(f"{tid('hand')} [data-card]").first.wait_for(state="visible")

    players = [Player(page_a, seed), Player(page_b, seed + 100)]
    games, room = _play(api_a, rid, players)
    sheet = api_a.sheet(rid)
    assert len(sheet["rows"]) == games
    _check_rows(sheet, game, 4)
    if room["status"] == "between":
        # both ask for the next game: it starts at once (the pause is 10 minutes)
        _next_game(api_a, rid, (page_a, page_b), games + 1)


def _play(api: Api, rid: int, players: list[Player]) -> tuple[int, dict[str, Any]]:
    """Play until every page shows the outcome; a bot may win before one of the players has
    had a decision: then the next game, until a game everyone played in. Returns the number of
    games and the room."""
    pages = tuple(p.page for p in players)
    games = 0
    while True:
        before = [p.clicks for p in players]
        play_until_outcome(players, timeout=150, describe=lambda: json.dumps(api.room(rid))[:800])
        games += 1
        for page in pages:
            _status_between(page)
            assert page.locator(tid("outcome")).is_visible()
        room = api.room(rid)
        assert room["status"] in ("between", "finished")
        played = all(p.clicks > b for p, b in zip(players, before, strict=True))
        if played or room["status"] == "finished" or games == 4:
            break
        _next_game(api, rid, pages, games + 1)
    assert played, f"in {games} games someone never had a decision: {[p.clicks for p in players]}"
    return games, room


def _next_game(api: Api, rid: int, pages: tuple[Any, ...], number: int) -> None:
    for page in pages:
        assert page.locator(tid("ready")).is_visible()
        page.locator(tid("ready")).click()
    room = api.wait_room(rid, lambda r: r["status"] == "playing")
    assert room["game_number"] == number
    for page in pages:
        page.wait_for_function(
            """() => { const el = document.querySelector('[data-testid="status"]');
                       return el && el.dataset.status === 'playing'; }""",
            timeout=10_000,
        )
        page.locator(tid("outcome")).wait_for(state="hidden", timeout=10_000)


@pytest.mark.parametrize(("game", "seed"), [("totom", 3), ("matchuoc", 4)])
def test_quick_play_against_bots(base: str, page: Any, game: str, seed: int) -> None:
    """One click from the lobby: a game against bots, played to its end. (The page asks for
    bots that think like people, 0.4 s a move, and the server holds each claim window 1 s; the
    test lets the bots answer at once and holds the windows 0.1 s, as its other rooms do, or a
    Mạt chược game would take a minute and more.)"""

    def at_once(route: Any) -> None:
        body = route.request.post_data_json
        if route.request.method == "POST" and isinstance(body, dict) and "clock" in body:
            assert body["clock"]["bot_delay"] == 0.4  # what the page asks for
            body["clock"]["bot_delay"] = 0
            body["clock"]["window"] = FAST_CLOCK["window"]
            route.continue_(post_data=json.dumps(body))
        else:
            route.continue_()

    page.route("**/api/rooms", at_once)
    token = enter_lobby(page, base, "Cúc")
    page.locator(tid("game-select")).select_option(game)
    page.locator(tid("quick-play")).click()
    page.locator(tid("table")).wait_for(state="visible")
    page.wait_for_function("() => location.hash.startsWith('#/room/')", timeout=10_000)
    rid = int(page.evaluate("() => location.hash.split('/')[2]"))
    api = Api(base, token)
    room = api.room(rid)
    assert room["game"] == game
    humans = [s for s in room["seats"] if s["player"] is not None]
    assert [s["player"]["name"] for s in humans] == ["Cúc"], room["seats"]
    games, _room = _play(api, rid, [Player(page, seed)])
    sheet = api.sheet(rid)
    assert len(sheet["rows"]) == games
    _check_rows(sheet, game, len(room["seats"]))


def test_quick_play_at_the_level_a_person_chooses(base: str, page: Any) -> None:
    """Issue 31: the levels in words (Vừa chosen first), each with its rating beside it; the
    quick game's bots are the level chosen, which the lobby remembers, and the table names
    them by it."""
    token = enter_lobby(page, base, "Hạnh")
    page.locator(tid("game-select")).select_option("phom")
    level = page.locator(tid("quick-level"))
    words = level.locator("option").all_inner_texts()
    assert [w.split(" · ")[0] for w in words] == ["Dễ", "Vừa", "Khó", "Cao thủ"], words
    assert level.input_value() == "medium"
    assert page.locator(tid("room-level")).input_value() == "medium"  # the room form's too
    level.select_option("easy")
    assert "người mới" in page.locator(tid("quick-level-help")).inner_text()
    page.locator(tid("quick-play")).click()
    page.wait_for_function("() => location.hash.startsWith('#/room/')", timeout=10_000)
    rid = int(page.evaluate("() => location.hash.split('/')[2]"))
    room = Api(base, token).room(rid)
    assert room["level"] == "easy"
    assert [s["bot"] for s in room["seats"] if s["player"] is None] == ["easy"] * 3
    page.locator(tid("table")).wait_for(state="visible")
    page.wait_for_function("() => document.body.innerText.includes('Người 2 (máy Dễ)')")
    page.goto(f"{base}/#/")
    page.locator(tid("quick-level")).wait_for(state="visible")
    assert page.locator(tid("quick-level")).input_value() == "easy"


def test_keyboard_plays_an_action(base: str, page: Any) -> None:
    """An action control takes the focus and Enter plays it (the room's version moves)."""
    api, rid = phom_against_bots(page, base, "Dũng")
    reach_turn(page)
    before = api.room(rid)["version"]
    hand = hand_cards(page)
    assert hand, "no card in the hand"
    controls = action_controls(page)
    assert controls
    aid = next((c["id"] for c in controls if not c["fault"]), controls[0]["id"])
    control = page.locator(f'[data-action-id="{aid}"]').locator("visible=true").first
    control.focus()
    assert control.evaluate("el => el === document.activeElement"), "the control takes no focus"
    page.keyboard.press("Enter")
    room = api.wait_room(rid, lambda r: r["version"] > before)
    # the digit keys play the numbered actions
    if room["status"] == "playing" and wait_turn_or_outcome(page) == "turn":
        keyed = page.locator(f'{ACTION}[data-key="1"]')
        if keyed.count():
            before = api.room(rid)["version"]
            page.locator("body").press("1")
            room = api.wait_room(rid, lambda r: r["version"] > before)
    assert room_status(page) in ("playing", "between", "finished")


def test_language_toggle(base: str, page: Any) -> None:
    """The lobby speaks Vietnamese first; the toggle switches it to English and back."""
    enter_lobby(page, base, "Giang")
    quick = page.locator(tid("quick-play"))
    vi = quick.inner_text()
    page.locator(tid("lang-toggle")).click()
    page.wait_for_function(
        "t => document.querySelector('[data-testid=\"quick-play\"]').innerText !== t", arg=vi
    )
    en = quick.inner_text()
    assert en != vi
    page.locator(tid("lang-toggle")).click()
    page.wait_for_function(
        "t => document.querySelector('[data-testid=\"quick-play\"]').innerText === t", arg=vi
    )
