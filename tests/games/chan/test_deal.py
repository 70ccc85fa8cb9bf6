"""Chắn set-up and deal (shared/rules/chan_totom.md A1, A2; D-1, D-3, D-4)."""

from __future__ import annotations

import pytest

from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.games.chan import actions as A
from chieu.games.chan.cards import CC, KINDS, RED, rank_of
from chieu.games.chan.game import ChanGame
from chieu.games.chan.rules import Rules


def _sum(zones: dict[str, list[int]]) -> list[int]:
    total = [0] * KINDS.size
    for vec in zones.values():
        total = [a + b for a, b in zip(total, vec, strict=True)]
    return total


# -- A1: the deck ------------------------------------------------------------------------------


def test_deck_is_100_cards_25_kinds_20_red() -> None:
    deck = KINDS.deck()
    assert len(deck) == 100
    assert KINDS.size == 25
    assert all(deck.count(k) == 4 for k in range(25))
    assert sorted(KINDS.codes[k] for k in RED) == ["8S", "8V", "9S", "9V", "CC"]
    assert sum(1 for k in deck if k in RED) == 20
    assert rank_of(CC) == 1  # Chi chi counts 1 for bắt cái


# -- A2.2: sizes -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 17, 12345])
def test_random_deal_sizes(players: int, seed: int) -> None:
    st = ChanGame.new_state(Rules(players=players), seed=seed, setup={"bat_cai": seed % players})
    sizes = [sum(x.hand) for x in st.seats]
    assert sizes[st.cai_seat] == 20
    assert sorted(sizes) == [19] * (players - 1) + [20]
    assert len(st.stock) == 23
    assert st.drawable == 22
    assert len(st.set_aside) == 19 * (4 - players)  # unused piles are set aside (A2.1)
    assert _sum(st.zones()) == KINDS.full_counts()  # every card is somewhere, once
    assert st.seats[st.cai_seat].hand[st.cai_card] >= 1  # the cái card belongs to the bài cái
    obs = st.observation(None)
    assert obs["draws_left"] == 22 and obs["stock_left"] == 23


def test_last_nocc_card_live_variant() -> None:
    st = ChanGame.new_state(Rules(last_nocc_dead=False), seed=3)
    assert len(st.stock) == 23
    assert st.drawable == 23


def _piles(deck: list[int]) -> list[list[int]]:
    return [deck[20 * i : 20 * i + 20] for i in range(5)]


def _minus(a: list[int], b: list[int]) -> list[int] | None:
    out = [x - y for x, y in zip(a, b, strict=True)]
    return None if min(out) < 0 else out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_is_five_piles_of_twenty(players: int) -> None:
    """A2.2 steps 1-3: five piles of 20; four piles give one card each to the fifth (the nọc,
    now 24); one nọc card, the cái card, goes face up on a pile: 20 cards for the cái, 19 for
    every other pile, 23 in the nọc."""
    deck = Rng(99, "test").shuffled(KINDS.deck())
    st = ChanGame.new_state(Rules(players=players), deal=deck, setup={"bat_cai": 0})
    piles = [KINDS.counts(p) for p in _piles(deck)]
    hands = [list(x.hand) for x in st.seats]
    hands[st.cai_seat][st.cai_card] -= 1
    holders = [*hands]
    if st.set_aside:
        aside = list(st.set_aside)
        holders += [KINDS.counts(aside[19 * j : 19 * j + 19]) for j in range(len(aside) // 19)]
    assert len(holders) == 4 and all(sum(h) == 19 for h in holders)
    # each 19-card part is one of piles 0..4 less one card; those loose cards join the nọc pile
    used: set[int] = set()
    loose = [0] * KINDS.size
    for part in holders:
        match = [i for i in range(5) if i not in used and _minus(piles[i], part) is not None]
        assert match, "a hand is not a pile of the deck less one card"
        i = match[0]
        used.add(i)
        extra = _minus(piles[i], part)
        assert extra is not None and sum(extra) == 1
        loose = [a + b for a, b in zip(loose, extra, strict=True)]
    (base,) = set(range(5)) - used
    nocc_before = [a + b for a, b in zip(piles[base], loose, strict=True)]
    assert sum(nocc_before) == 24
    after = KINDS.counts(st.stock)
    after[st.cai_card] += 1  # the cái card was taken from the nọc
    assert after == nocc_before


# -- A2.2 step 4: who gets the bài cái -------------------------------------------------------


@pytest.mark.parametrize("count_dir", ["right", "clockwise"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_cai_seat_formula_all_ranks(players: int, count_dir: str) -> None:
    """cai_seat = (B + r − 1) mod N counting to the right (B−(r−1) clockwise); CC counts 1."""
    step = 1 if count_dir == "right" else -1
    rules = Rules(players=players, count_dir=count_dir)
    for b in range(players):
        ranks: set[int] = set()
        for seed in range(400):
            st = ChanGame.new_state(rules, seed=seed, setup={"bat_cai": b})
            r = rank_of(st.cai_card)
            assert st.bat_cai == b
            assert st.cai_seat == (b + step * (r - 1)) % players, (seed, KINDS.codes[st.cai_card])
            assert sum(st.seats[st.cai_seat].hand) == 20
            assert st.current_player() == st.cai_seat
            ranks.add(r)
            if len(ranks) == 9:
                break
        assert ranks == set(range(1, 10))  # CC (1) and 2..9 all seen


MNEMONIC = {1: 0, 5: 0, 9: 0, 2: 1, 6: 1, 3: 2, 7: 2, 4: 3, 8: 3}


def test_cai_mnemonic_four_players() -> None:
    """The mnemonic "Nhất ngũ cửu chi (B himself) · Nhị lục tiến (right) · Tam thất chéo cánh
    (opposite) · Tứ bát lùi (left)" [seed 000], for N = 4."""
    seen: set[str] = set()
    for seed in range(300):
        b = seed % 4
        st = ChanGame.new_state(Rules(), seed=seed, setup={"bat_cai": b})
        assert st.cai_seat == (b + MNEMONIC[rank_of(st.cai_card)]) % 4
        seen.add(KINDS.codes[st.cai_card])
    assert "CC" in seen and len(seen) >= 20


def test_cai_card_is_public_and_hands_private() -> None:
    st = ChanGame.new_state(Rules(), seed=5, setup={"bat_cai": 2})
    (ev,) = [e for e in st.events if e.type == "bat_cai"]
    assert ev.visible_to is None  # public
    assert ev.actor == 2
    assert ev.data["cai_card"] == st.cai_card and ev.data["cai_seat"] == st.cai_seat
    for seat in (None, 0, 1, 2, 3):
        obs = st.observation(seat)
        assert obs["cai_card"] == st.cai_card
        assert obs["cai_seat"] == st.cai_seat
        assert obs["bat_cai"] == 2
        assert "stock" not in obs
    hand_events = [e for e in st.events if e.type == "hand"]
    assert [e.visible_to for e in hand_events] == [frozenset({s}) for s in range(4)]
    (deal,) = [e for e in st.events if e.type == "deal"]
    assert deal.visible_to == frozenset()  # the shuffle is nobody's to see
    assert st.observation(1)["hand"] == KINDS.kinds_of(st.seats[1].hand)
    assert "hand" not in st.observation(None)


# -- seeds -------------------------------------------------------------------------------------


def test_seeded_deal_reproducible() -> None:
    a = ChanGame.new_state(Rules(), seed=42)
    b = ChanGame.new_state(Rules(), seed=42)
    assert a.snapshot() == b.snapshot()
    assert a.cai_card == b.cai_card and a.cai_seat == b.cai_seat


def test_different_seeds_differ() -> None:
    deals = {
        tuple(map(tuple, (x.hand for x in ChanGame.new_state(Rules(), seed=s).seats)))
        for s in range(8)
    }
    assert len(deals) == 8
    stocks = {tuple(ChanGame.new_state(Rules(), seed=s).stock) for s in range(8)}
    assert len(stocks) == 8


# -- the scenario builder used by the other tests --------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deck_for_gives_exact_hands_and_draw_order(chan, players: int) -> None:
    hands = [""] * players
    hands[1] = chan.C1
    draws = "6S 9W CC 2V 8S"
    st = chan.make_state(hands, draws)
    assert st.seats[1].hand == chan.counts(chan.C1)
    cai = st.cai_seat
    legal = st.legal_actions()
    chan.apply(st, legal[0], cai)
    seen = []
    for _ in range(5):
        seat = st.current_player()
        assert st.phase == "decide"
        ev = chan.apply(st, A.DRAW, seat)
        seen.append(next(e.data["card"] for e in ev if e.type == "action"))
        chan.drive(st, lambda s: s.phase == "decide" and A.PASS in s.legal_actions())
        if st.is_terminal():
            break
        chan.apply(st, A.PASS, st.current_player())
    assert seen == chan.cards(draws)


def test_bad_set_up_is_rejected() -> None:
    deck = KINDS.deck()
    with pytest.raises(ChieuError):
        ChanGame.new_state(Rules(), deal=deck[:-1])
    with pytest.raises(ChieuError):
        ChanGame.new_state(Rules(), deal=[CC, *deck[1:]])  # five Chi chi
    with pytest.raises(ChieuError):
        ChanGame.new_state(Rules(), setup={"bat_cai": 4})
    with pytest.raises(ChieuError):
        ChanGame.new_state(Rules(players=3), setup={"bat_cai": 3})
    with pytest.raises(ChieuError):
        Rules(players=5)  # bí ngũ is unsupported (D-3)
    with pytest.raises(ChieuError):
        Rules(players=1)


def test_opening_only_the_cai_acts() -> None:
    st = ChanGame.new_state(Rules(), seed=11, setup={"bat_cai": 1})
    cai = st.cai_seat
    assert st.phase == "discard"
    assert st.to_act() == (cai,)
    for seat in range(4):
        if seat != cai:
            assert st.legal_actions(seat) == []
    legal = st.legal_actions(cai)
    discards = [a for a in legal if a.verb == "discard"]
    assert {a.card for a in discards} == {k for k in range(25) if st.seats[cai].hand[k]}
    assert A.DRAW not in legal
