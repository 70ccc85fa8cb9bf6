"""Chắn hand analysis (shared/rules/chan_totom.md A1, A4.1-A4.3 and the worked examples A7).

The property tests compare the engine with an independent exhaustive pairing solver.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chieu.games.chan.analysis import (
    BACH_THU,
    BACH_THU_CHI,
    RONG,
    chan_and_units,
    count_chan,
    distance,
    grouping,
    is_win,
    loose_units,
    pairs_up,
    que_cards,
    waits,
    win_chan,
    wins_on,
)
from chieu.games.chan.cards import CC, KINDS, parse_cards

DECK = KINDS.deck()
SLOW_OK = [HealthCheck.too_slow, HealthCheck.large_base_example]


def counts(text: str) -> list[int]:
    return KINDS.counts(parse_cards(text))


def codes(kinds) -> list[str]:
    return [KINDS.codes[k] for k in kinds]


# -- an independent solver --------------------------------------------------------------------


@cache
def _best(c: tuple[int, ...]) -> int:
    """Most chắn over every way to split ``c`` completely into chắn and cạ; -1 if none."""
    k = next((i for i, n in enumerate(c) if n), -1)
    if k < 0:
        return 0
    rest = list(c)
    rest[k] -= 1
    best = -1
    if rest[k]:  # chắn
        r2 = list(rest)
        r2[k] -= 1
        sub = _best(tuple(r2))
        if sub >= 0:
            best = max(best, sub + 1)
    if k != CC:  # cạ: same rank, another suit (never Chi chi)
        for j in range(k - k % 3, k - k % 3 + 3):
            if j != k and rest[j]:
                r2 = list(rest)
                r2[j] -= 1
                sub = _best(tuple(r2))
                if sub >= 0:
                    best = max(best, sub)
    return best


def brute_win(h, mat_chan: int = 0) -> int:
    b = _best(tuple(h))
    return b + mat_chan if b >= 0 and b + mat_chan >= 6 else -1


def brute_waits(h, mat_chan: int = 0, allow_chi_rong: bool = False) -> tuple[list[int], str | None]:
    out = []
    for k in range(25):
        if h[k] >= 4:
            continue
        h2 = list(h)
        h2[k] += 1
        n = brute_win(h2, mat_chan)
        if n < 0:
            continue
        if k == CC and n != 6 and not allow_chi_rong:
            continue  # Chi chi only as bạch thủ (A4.3)
        out.append(k)
    if not out:
        return out, None
    if out == [CC]:
        h2 = list(h)
        h2[CC] += 1
        return out, BACH_THU_CHI if brute_win(h2, mat_chan) == 6 else RONG
    if len(out) == 1:
        h2 = list(h)
        h2[out[0]] += 1
        if brute_win(h2, mat_chan) == 6:
            return out, BACH_THU
    return out, RONG


# -- worked examples (A7) ---------------------------------------------------------------------

EXAMPLES = [
    # name, hand, waits, kind
    ("C1", "2V2V 4S4S 6W6W 9V9V 5S5S 3V3W 7S7W 8V8W 4V4W 6S", "6S", BACH_THU),
    ("C2", "2S2S 3W3W 5V5V 6S6S 7V7V 9W9W 4V4S 8W8V 2V2W 5W", "5V 5S 5W", RONG),
    ("C3", "2V2V 3S3S 4W4W 7V7V 5W5W 5V5S 6W6S 8W8S 9V 9S 9W", "9V 9S 9W", RONG),
    ("C4", "2W2W 3V3V 5S5S 6V6V 8W8W 4V4S 7W7S 9V9S 2V2S CC", "CC", BACH_THU_CHI),
    ("C6", "2W2W 3V3V 5S5S 6V6V 4V4S 7W7S 8V8W 9V9W 2V2S 5V", "", None),
    ("C7", "2V2V 3S3S 4W4W 5V5V 6S6S 7W7W 8V8V 9W9W 2S2S 3V", "3V 3S 3W", RONG),
    ("C8", "8V8V 9S9S CCCC 2W2W 3V3V 4S4S 8S8W 9V9W 5V5S 6W", "6V 6S 6W", RONG),
    ("C9", "2V2V 3S3S 4W4W 5V5V 6S6S 7W7W 2S2W 3V3W 4V4S 5W", "5V 5S 5W", RONG),
    ("C10", "CCCCCCCC 2V2V 3S3S 4W4W 5V5V 6S 6W 6V 7V7W 2S2W", "6V 6S 6W", RONG),
    ("C11", "9V9V 8S8S CCCC 2W2W 4V4V 5S5S 3V3S 7W7V 6V6W 9W", "9V 9S 9W", RONG),
    ("C12", "7S7S7S 2V2V 3W3W 4S4S 5V5V 6V6W 8W8V 9W9S 2S2W", "7S", BACH_THU),
]


@pytest.mark.parametrize(("name", "hand", "wins", "kind"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_waits_of_the_worked_examples(name: str, hand: str, wins: str, kind: str | None) -> None:
    h = counts(hand)
    assert sum(h) == 19
    w = waits(h)
    assert codes(w.kinds) == codes(parse_cards(wins))
    assert w.kind == kind
    assert bool(w) == bool(wins)
    assert w.ba_dau == (name in ("C3", "C10"))
    for k in range(25):
        if h[k] < 4:
            assert (wins_on(h, k) >= 0) == (k in w.kinds), KINDS.codes[k]
    assert (distance(h) == 0) == bool(wins)


def test_c1_only_the_identical_card_wins() -> None:
    h = counts(EXAMPLES[0][1])
    assert wins_on(h, KINDS.kind("6S")) == 6
    assert wins_on(h, KINDS.kind("6V")) == -1  # a cạ: 5 chắn only
    assert wins_on(h, KINDS.kind("6W")) == -1


def test_c2_regroups_for_the_third_suit() -> None:
    h = counts(EXAMPLES[1][1])
    assert wins_on(h, KINDS.kind("5W")) == 7  # chắn 5W: 7 chắn
    assert wins_on(h, KINDS.kind("5S")) == 6  # cạ 5W 5S
    assert wins_on(h, KINDS.kind("5V")) == 6  # chắn 5V5V + cạ 5V 5W


def test_c7_thap_thanh_win() -> None:
    h = counts(EXAMPLES[5][1])
    assert wins_on(h, KINDS.kind("3V")) == 10
    assert wins_on(h, KINDS.kind("3S")) == 9


def test_chi_rong_refused_by_default_and_allowed_with_the_option() -> None:
    """C5: 6 chắn + 3 cạ + CC completes on CC, but chờ chi rộng is no wait (fault 12)."""
    h = counts("2W2W 3V3V 5S5S 6V6V 8W8W 4V4V 7W7S 9W9S 2V2S CC")
    w = waits(h)
    assert not w and w.kinds == () and w.kind is None
    assert w.chi_rong
    assert wins_on(h, CC) == 7  # the shape itself completes
    w2 = waits(h, allow_chi_rong=True)
    assert w2.kinds == (CC,) and w2.kind == RONG and w2.chi_rong


def test_chi_chi_never_pairs_with_another_card() -> None:
    assert not pairs_up(counts("CC 2V"))
    assert pairs_up(counts("CC CC"))
    assert not pairs_up(counts("CC CC CC"))
    assert not is_win(counts("2V2V 3S3S 4W4W 5V5V 6S6S 7W7W 8V8V 9W9W 2S2S CC 3V"))
    g = grouping(counts("CC CC CC 2V 2S"))
    assert g.chan == (CC,) and g.que == (CC,) and g.ca == ((0, 1),)


# -- is_win / win_chan (A4.1, A4.2) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "mat_chan", "expected"),
    [
        ("2V2V 4S4S 6W6W 9V9V 5S5S 3V3W 7S7W 8V8W 4V4W 6S6S", 0, 6),  # C1 + 6S
        ("2V2V 4S4S 6W6W 9V9V 5S5S 3V3W 7S7W 8V8W 4V4W 6S6V", 0, -1),  # 5 chắn only
        ("2V2V 3S3S 4W4W 5V5V 6S6S 7W7W 8V8V 9W9W 2S2S 3V3V", 0, 10),  # thập thành
        ("CCCCCCCC 2V2V 3S3S 4W4W 5V5V 6S6S 6W6V 7V7W 2S2W", 0, 7),  # C10 + 6S
        ("2V2V 4S4S 6W6W 9V9V 5S5S 3V3W 7S7W 8V8W 4V4W 6S", 0, -1),  # a què
        ("9V 9S 9W 2V2V 3S3S 4W4W 7V7V 5W5W 5V5S 6W6S 8W8S", 0, -1),  # a ba đầu
        ("2V2V 3S3S 4W4W 3V3W 7S7W 8V8W", 3, 6),  # mat chắn count (a chíu = 2)
        ("2V2V 3S3S 4W4W 3V3W 7S7W 8V8W", 2, -1),
        ("5V5V5V 5S", 5, 6),  # chắn 5V + cạ 5V 5S: greedy within the rank
        ("5V5S5W 5V", 6, 7),  # chắn + cạ, never a ba đầu + què
    ],
)
def test_win_chan(hand: str, mat_chan: int, expected: int) -> None:
    h = counts(hand)
    assert win_chan(h, mat_chan) == expected
    assert is_win(h, mat_chan) == (expected >= 0)
    assert brute_win(h, mat_chan) == expected


def test_grouping_c3() -> None:
    h = counts("2V2V 3S3S 4W4W 7V7V 5W5W 5V5S 6W6S 8W8S 9V 9S 9W")
    g = grouping(h)
    assert codes(g.chan) == ["2V", "3S", "4W", "5W", "7V"]
    assert sorted(tuple(codes(p)) for p in g.ca) == [("5V", "5S"), ("6S", "6W"), ("8S", "8W")]
    assert g.ba_dau == (9,) and g.que == ()
    assert codes(que_cards(h)) == ["9V", "9S", "9W"]
    assert count_chan(h) == 5
    assert sum(len(grp) for grp in g.groups) == 19


def test_que_cards_c6() -> None:
    h = counts("2W2W 3V3V 5S5S 6V6V 4V4S 7W7S 8V8W 9V9W 2V2S 5V")
    assert codes(que_cards(h)) == ["5V"]
    assert count_chan(h) == 4
    assert not waits(h)


def test_two_que_is_no_wait() -> None:
    h = counts("2V2V 3S3S 4W4W 5V5V 6S6S 7W7W 8V8W 9V9W 2S3V 4S")
    assert len(que_cards(h)) == 3
    assert not waits(h)
    assert distance(h) >= 1


def test_ba_dau_with_a_que_is_no_wait() -> None:
    h = counts("2V2V 3S3S 4W4W 7V7V 5W5W 6W6W 8W8S 9V 9S 9W 2S")
    assert not waits(h)


def test_waits_respect_cards_all_seen() -> None:
    """A kind whose four copies are all the player's own is not listed (``seen``)."""
    # mat: chắn 5S; hand: 5S5S + 4 chắn + 3 cạ + què 5V -> ù rộng on 5V/5S/5W, but 5S is gone
    hand = counts("5S5S 2V2V 3W3W 4S4S 6V6V 7V7W 8S8W 9V9W 5V")
    seen = counts("5S5S")
    assert sum(hand) == 17
    assert codes(waits(hand, 1).kinds) == ["5V", "5S", "5W"]
    assert codes(waits(hand, 1, seen=seen).kinds) == ["5V", "5W"]


def test_waits_with_mat_chan_c13() -> None:
    """C13: mat chắn 6V; hand 6V + 4 chắn + 4 cạ: bạch thủ on the 4th 6V."""
    hand = counts("6V 2W2W 3V3V 4S4S 7W7W 5V5S 8W8S 9W9V 2V2S")
    w = waits(hand, 1, seen=counts("6V6V"))
    assert codes(w.kinds) == ["6V"] and w.kind == BACH_THU
    assert distance(hand, 1) == 0


def test_waits_c14_mat_ca() -> None:
    """C14: mat cạ 5V5W (no chắn); bạch thủ on 2V."""
    hand = counts("3S3S 4W4W 6V6V 7S7S 9W9W 8V8W 4V4S 6W6S 2V")
    w = waits(hand, 0)
    assert codes(w.kinds) == ["2V"] and w.kind == BACH_THU


# -- distance ---------------------------------------------------------------------------------


def test_distance_examples() -> None:
    assert distance(counts(EXAMPLES[0][1])) == 0
    assert distance(counts(EXAMPLES[4][1])) == 1  # C6: one exchange from a wait
    far = counts("2V 3V 4V 5V 6V 7V 8V 9V 2S 3S 4S 5S 6S 7S 8S 9S 2W 3W 4W")
    assert distance(far) >= 5
    win20 = counts("2V2V 4S4S 6W6W 9V9V 5S5S 3V3W 7S7W 8V8W 4V4W 6S6S")
    assert distance(win20) == 0


# -- properties -------------------------------------------------------------------------------


@st.composite
def random_hands(draw) -> tuple[list[int], int]:
    idx = draw(st.lists(st.integers(0, 99), min_size=19, max_size=19, unique=True))
    return KINDS.counts(DECK[i] for i in idx), 0


@st.composite
def near_wins(draw) -> tuple[list[int], int]:
    """A random winning 20 cards (≥ 6 chắn), some pairs moved to the mat, one card removed,
    and sometimes one card exchanged for another."""
    rnd: random.Random = draw(st.randoms(use_true_random=False))
    c = [0] * 25
    n_chan = draw(st.sampled_from([6, 6, 7, 8, 10]))
    pairs: list[tuple[int, int]] = []
    while len(pairs) < n_chan:
        k = CC if rnd.random() < 0.15 else rnd.randrange(24)
        if c[k] <= 2:
            c[k] += 2
            pairs.append((k, k))
    in_ca: set[int] = set()  # no kind in two cạ: the chắn count stays n_chan
    while len(pairs) < 10:
        base = 3 * rnd.randrange(8)
        a, b = rnd.sample(range(base, base + 3), 2)
        if c[a] < 4 and c[b] < 4 and not {a, b} & in_ca:
            in_ca |= {a, b}
            c[a] += 1
            c[b] += 1
            pairs.append((a, b))
    assert brute_win(c) >= 6
    on_mat = draw(st.sampled_from([0, 0, 1, 2, 3]))
    mat_chan = 0
    for a, b in rnd.sample(pairs, on_mat):
        c[a] -= 1
        c[b] -= 1
        mat_chan += a == b
    held = [k for k in range(25) for _ in range(c[k])]
    if draw(st.booleans()):  # break a chắn: bạch thủ (chi) or chờ chi rộng shapes
        held = [k for k in held if c[k] >= 2]
        if c[CC] >= 2 and draw(st.booleans()):
            held = [CC]
    c[rnd.choice(held)] -= 1
    if draw(st.integers(0, 4)) == 0:
        held = [k for k in range(25) for _ in range(c[k])]
        new = rnd.choice([k for k in range(25) if c[k] < 4])
        c[rnd.choice(held)] -= 1
        c[new] += 1
    return c, mat_chan


@settings(max_examples=150, deadline=None, suppress_health_check=SLOW_OK)
@given(st.one_of(random_hands(), near_wins()))
def test_waits_agree_with_brute_force(case: tuple[list[int], int]) -> None:
    h, mat_chan = case
    for allow in (False, True):
        kinds, kind = brute_waits(h, mat_chan, allow)
        w = waits(h, mat_chan, allow_chi_rong=allow)
        assert list(w.kinds) == kinds, (KINDS.format_counts(h), mat_chan, allow)
        assert w.kind == kind
    for k in range(25):
        if h[k] < 4:
            h2 = list(h)
            h2[k] += 1
            assert win_chan(h2, mat_chan) == brute_win(h2, mat_chan)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 99), min_size=20, max_size=20, unique=True))
def test_win_chan_agrees_with_brute_force_on_20_cards(idx: list[int]) -> None:
    h = KINDS.counts(DECK[i] for i in idx)
    assert win_chan(h) == brute_win(h)
    assert pairs_up(h) == (_best(tuple(h)) >= 0)
    if pairs_up(h):
        assert count_chan(h) == _best(tuple(h))  # greedy is exact (A4.2)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 99), min_size=1, max_size=21, unique=True))
def test_loose_units_and_count_chan_read_the_grouping(idx: list[int]) -> None:
    h = KINDS.counts(DECK[i] for i in idx)
    g = grouping(h)
    assert loose_units(h) == len(g.que) + len(g.ba_dau)
    assert count_chan(h) == len(g.chan)
    assert chan_and_units(h) == (len(g.chan), len(g.que) + len(g.ba_dau))


def test_loose_units_counts_que_and_ba_dau() -> None:
    h = KINDS.counts(parse_cards("2V 2S 2W 3V 3V 4V 4S CC"))  # ba đầu 2, chắn 3V, cạ 4, CC
    assert loose_units(h) == 2


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW_OK)
@given(st.one_of(random_hands(), near_wins()), st.randoms(use_true_random=False))
def test_distance_properties(case: tuple[list[int], int], rnd: random.Random) -> None:
    h, mat_chan = case
    d = distance(h, mat_chan)
    shape_waits = bool(brute_waits(h, mat_chan, allow_chi_rong=False)[0])
    assert (d == 0) == shape_waits
    assert d >= 0
    # one exchange (give a card, take another) changes the distance by at most 1
    held = [k for k in range(25) for _ in range(h[k])]
    h2 = list(h)
    h2[rnd.choice(held)] -= 1
    h2[rnd.choice([k for k in range(25) if h2[k] < 4])] += 1
    assert abs(distance(h2, mat_chan) - d) <= 1
    assert sum(len(g) for g in grouping(h).groups) == sum(h)
