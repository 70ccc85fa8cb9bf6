"""What the search bot needs of Mạt chược: the memoised distance, the acceptance count, the
acceptance advisor and its ranking, and the per-game search options (``SEARCH``)."""

from __future__ import annotations

from chieu.bots.base import play_game
from chieu.bots.registry import get_bot
from chieu.bots.search import SearchBot
from chieu.core.rng import Rng
from chieu.games.matchuoc import shanten
from chieu.games.matchuoc.bots import (
    SEARCH,
    AcceptanceMatChuocBot,
    HeuristicMatChuocBot,
    acceptance,
    unseen,
)
from chieu.games.matchuoc.cards import KINDS, NUM_KINDS, code
from tests.games.matchuoc.helpers import JUNK, JUNK2, JUNK3, C, finish_opening, make_state

#: the dealer's 14 tiles: discarding 5s waits on 1s and 4s, discarding 2s on 4s only
WIDE = "123m 456m 789m 99p 23s 5s"


def test_khung_distance_is_memoised_with_the_same_value() -> None:
    hand = C("123m 555p 78s TG 9p 111z")
    shanten._khung_memo.clear()
    assert shanten.distance(hand) == 0
    assert len(shanten._khung_memo) == 1
    assert shanten.distance(hand) == 0  # from the memo
    assert shanten.khung_distance(C("123m 555p 7s TG 9p 111z 5z")) == 1


def test_acceptance_counts_the_unseen_tiles_that_lower_the_distance() -> None:
    hand = C("123m 456m 789m 99p 23s")
    left = [max(0, n - h) for n, h in zip(KINDS.copies, hand, strict=True)]
    assert acceptance(hand, 0, left) == (0, 8)  # 1s and 4s, four of each unseen
    left[C("4s").index(1)] = 0
    assert acceptance(hand, 0, left) == (0, 4)
    assert hand == C("123m 456m 789m 99p 23s")  # left as it was


def _dealer_turn() -> tuple[dict[str, object], list[object]]:
    st = make_state([WIDE, JUNK, JUNK2, JUNK3])
    finish_opening(st)
    assert st.current_player() == 0
    return st.observation(0), st.legal_actions()


def test_unseen_counts_what_the_seat_has_not_seen() -> None:
    obs, _ = _dealer_turn()
    left = unseen(obs)  # type: ignore[arg-type]
    assert left[C("5s").index(1)] == 3 and left[C("1s").index(1)] == 4
    assert len(left) == NUM_KINDS


def test_acceptance_bot_keeps_the_wider_wait() -> None:
    obs, legal = _dealer_turn()
    for seed in range(6):
        choice = AcceptanceMatChuocBot().act(obs, legal, Rng(seed))  # type: ignore[arg-type]
        assert code(choice.tile) == "5s"  # type: ignore[attr-defined]
    # the heuristic sees 2s and 5s as equal; its ranking puts its choice first, then 5s
    heuristic = {
        code(HeuristicMatChuocBot().act(obs, legal, Rng(s)).tile)  # type: ignore[arg-type, attr-defined]
        for s in range(12)
    }
    assert heuristic == {"2s", "5s"}
    order = HeuristicMatChuocBot().ranked(obs, legal, Rng(0))  # type: ignore[arg-type]
    assert sorted(order, key=repr) == sorted(legal, key=repr)
    assert {code(a.tile) for a in order[:2]} == {"2s", "5s"}  # type: ignore[attr-defined]


def test_search_with_the_game_options_plays_fault_free() -> None:
    bot = SearchBot("matchuoc", **{**SEARCH, "iterations": 4})
    assert type(bot._fallback) is AcceptanceMatChuocBot
    assert type(bot._policy()) is HeuristicMatChuocBot  # the playouts: the opponents' model
    state = play_game("matchuoc", None, 3, [bot, get_bot("heuristic", "matchuoc")] * 2)
    outcome = state.outcome()
    assert outcome is not None and not outcome.faults


def test_acceptance_bot_plays_whole_games_fault_free() -> None:
    for seed in range(4):
        state = play_game("matchuoc", None, seed, [get_bot("acceptance", "matchuoc")] * 4)
        outcome = state.outcome()
        assert outcome is not None and not outcome.faults
