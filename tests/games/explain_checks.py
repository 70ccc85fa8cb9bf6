"""Shared checks of a game's ``explain`` (issue 28, core/explain.py), run by each game's
``test_explain.py`` over seeded finished games: bots (heuristic, with a random seat in some
games so that faults, báo and hòa happen) play to the end, then for every viewer and language
the items add up to the total, the payments' net is the outcome's payoffs, a game with no
winner says why with a distance per seat, the View carries the explanation, and nothing in it
depends on a card the viewer may not see (the hidden cards dealt again change nothing)."""

from __future__ import annotations

from collections import Counter

from chieu import load_game
from chieu.bots.base import play_game
from chieu.bots.registry import get_bot
from chieu.core.explain import Explanation, explain_of
from chieu.core.kit import kit_part
from chieu.core.notation import Lang
from chieu.core.rng import Rng
from chieu.core.state import StateBase

#: raw ids that must never reach the Vietnamese screen
RAW = ("payoffs", "fault_mode", "heuristic", "san_dinh", "None", "_")
LANGS: tuple[Lang, ...] = ("vi", "en")


def finished(game: str, count: int) -> list[StateBase]:
    """``count`` finished games: every fourth seed random bots only, the next one a random
    seat among heuristic bots, the others heuristic bots."""
    g = load_game(game)
    out = []
    for seed in range(count):
        bots = [
            get_bot(
                "random"
                if seed % 4 == 0 or (seed % 4 == 1 and s == seed % g.info.players)
                else "heuristic",
                game,
            )
            for s in range(g.info.players)
        ]
        state = play_game(g, None, seed, bots)
        assert isinstance(state, StateBase)
        out.append(state)
    return out


def check_one(state: StateBase, ex: Explanation, viewer: int | None, lang: Lang) -> None:
    out = state.outcome()
    assert out is not None
    n = state.num_players
    assert ex.headline
    assert abs(sum(i.points for i in ex.items) - ex.total) < 1e-9, ex.to_json()
    for got, want in zip(ex.net(n), out.payoffs, strict=True):
        assert abs(got - want) < 1e-9, (ex.to_json(), out.payoffs)
    for p in ex.payments:
        assert p.payer != p.payee and p.amount > 0 and p.reason and p.reason_term
    if ex.items:
        assert ex.arithmetic
    if ex.no_winner is not None:
        assert ex.no_winner.why and ex.no_winner.term
        assert sorted(d.seat for d in ex.no_winner.distances) == list(range(n))
        assert all(d.text for d in ex.no_winner.distances)
    shown = state.revealed() | ({viewer} if viewer is not None else set())
    for hand in ex.hands:
        assert hand.loose is None or hand.seat in shown
    if lang == "vi":
        text = str(ex.to_json())
        words = [ex.headline, ex.arithmetic, *ex.notes, *(p.reason_text for p in ex.payments)]
        for w in words:
            for raw in RAW:
                assert raw not in w, (raw, w)
        assert "'" not in ex.headline, text


def check_game(game: str, count: int) -> Counter[str]:
    """Every check over ``count`` finished games; the kinds of end seen."""
    seen: Counter[str] = Counter()
    glossary = kit_part(load_game(game), "glossary")
    for seed, state in enumerate(finished(game, count)):
        out = state.outcome()
        assert out is not None
        seen[out.termination.value] += 1
        for lang in LANGS:
            for viewer in [None, *range(state.num_players)]:
                ex = explain_of(state, lang, viewer)
                assert ex is not None
                check_one(state, ex, viewer, lang)
                if out.winner is None and game != "phom":
                    assert ex.no_winner is not None
                view = state.view(viewer, lang=lang).to_json()
                assert view["outcome"]["explain"] == ex.to_json()
                if lang == "vi" and glossary is not None:
                    for item in ex.items:
                        assert glossary.lookup(item.term) is not None, item.term
        for viewer in [None, *range(state.num_players)]:
            other = state.resample_hidden(viewer, Rng(seed, "explain"))
            a = explain_of(state, "vi", viewer)
            b = explain_of(other, "vi", viewer)
            assert a is not None and b is not None
            assert a.to_json() == b.to_json(), (game, seed, viewer)
    return seen
