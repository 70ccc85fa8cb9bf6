"""Phỏm analysis: the A.9 worked examples, the invariant, gửi, and a brute-force cross-check."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chieu.core.errors import NotationError
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import (
    cards_of,
    fmt_mask,
    mask_of,
    parse_cards,
    parse_mask,
)


def M(text: str) -> int:
    return parse_mask(text)


def melds_text(a: an.Arrangement) -> set[str]:
    return {fmt_mask(m) for m in a.melds}


# -- notation -------------------------------------------------------------------------------


def test_notation_accepts_codes_ten_symbols_and_case() -> None:
    assert parse_cards("Kh 7s Td 10d") == parse_cards("KH 7S tD 10D")
    assert parse_cards("K♥ 7♠ A♣ 10♦") == parse_cards("Kh 7s Ac Td")
    assert parse_cards("KhQh") == parse_cards("Kh Qh")


@pytest.mark.parametrize("bad", ["Kx", "1s", "11h", "Z", "K"])
def test_bad_notation_names_the_token(bad: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_cards(f"Kh {bad}")
    assert repr(bad) in str(err.value)


def test_a_card_twice_is_refused() -> None:
    with pytest.raises(NotationError, match="twice"):
        parse_mask("Kh 7s kh")


# -- A.9 worked examples ----------------------------------------------------------------------


def test_p1_plain_laydown() -> None:
    h = M("4s 5s 6s 7h 7d 7c 2d 9c Kh")
    assert an.deadwood_points(h) == 24
    best = an.best_arrangements(h)
    assert len(best) == 1 and best[0].points == 24
    assert melds_text(best[0]) == {"4s 5s 6s", "7c 7d 7h"}


def test_p2_the_split_choice_matters() -> None:
    h = M("5s 6s 7s 8s 8h 8d Kc Qc 2h")
    assert an.deadwood_points(h) == 27
    best = an.best_arrangement(h)
    assert best is not None and melds_text(best) == {"5s 6s 7s", "8s 8d 8h"}
    naive = [a for a in an.arrangements(h) if melds_text(a) == {"5s 6s 7s 8s"}]
    assert naive and naive[0].points == 43


def test_p3_the_eaten_card_invariant_binds() -> None:
    h = M("6h 7h 8h 7c 7d 7s 8c 8d Td")
    eaten = M("7h 7c")
    assert an.deadwood_points(h) == 16  # ignoring the invariant
    best = an.best_arrangements(h, eaten)
    assert [a.points for a in best] == [26]
    assert melds_text(best[0]) == {"7s 7c 7d", "6h 7h 8h"}
    for a in an.arrangements(h, eaten):
        for m in a.melds:
            assert (m & eaten).bit_count() <= 1
        assert not eaten & a.deadwood


def test_p4_gui_changes_which_phom_to_lay() -> None:
    h = M("Qh 4c 7d 7s 7h 7c 6h Ad 4d Ks")
    table = [M("8h 9h Th Jh")]
    best = an.best_arrangement(h, 0, table, discard=True)
    assert best is not None
    assert best.points == 9
    assert best.deadwood == M("Ad 4c 4d")
    assert melds_text(best) == {"7s 7c 7d"}
    assert sorted(c for c, _ in best.sent) == sorted(parse_cards("Qh 7h 6h"))
    assert best.discard == parse_cards("Ks")[0]
    four = [
        a for a in an.arrangements(h, 0, table, discard=True) if melds_text(a) == {"7s 7c 7d 7h"}
    ]
    assert four and four[0].points == 15


def test_p5_u_gui() -> None:
    h = M("Qc Qd Qs 2h 3h 4h 7s 6s Jh Kd")
    table = [M("8s 9s Ts"), M("Jc Jd Js")]
    best = an.best_arrangement(h, 0, table, discard=True)
    assert best is not None and best.points == 0 and not best.deadwood
    assert best.discard == parse_cards("Kd")[0]
    assert len(best.sent) == 3


def test_p6_u_with_three_phom() -> None:
    h = M("3s 4s 5s 9c 9d 9h Jd Qd Kd 2c")
    assert an.deadwood_after_discard(h) == 0
    best = an.best_arrangement(h, discard=True)
    assert best is not None and best.points == 0 and best.discard == parse_cards("2c")[0]


def test_p7_u_with_long_phom_has_several_arrangements() -> None:
    h = M("Ac 2c 3c 4c 5c 6d 6h 6s 6c 9h")
    best = an.best_arrangements(h, discard=True)
    assert all(a.points == 0 for a in best)
    texts = [melds_text(a) for a in best]
    assert {"Ac 2c 3c 4c 5c", "6s 6c 6d 6h"} in texts
    assert {"Ac 2c 3c", "4c 5c 6c", "6s 6d 6h"} in texts


def test_p11_u_khan_hand_has_no_ca() -> None:
    h = M("As 9s 3h 6h Jh 5d Kd 2c 7c")
    assert not an.has_phom(h)
    assert not an.has_ca(h)
    assert not an.has_ca(h, within_two=True)
    assert an.mask_points(h) == 57
    assert an.has_ca(M("5s 7s 9h"), within_two=True)
    assert not an.has_ca(M("5s 7s 9h"))


def test_p12_mom_may_not_send_by_default() -> None:
    h = M("Tc 2d 5h")
    table = [M("Jc Qc Kc")]
    assert an.best_arrangement(h, 0, table).points == 17  # type: ignore[union-attr]
    sent = an.best_arrangement(h, 0, table, mom_may_send=True)
    assert sent is not None and sent.points == 7 and sent.mom


# -- rules of the search ----------------------------------------------------------------------


def test_a_complete_phom_may_not_be_kept_back_to_send() -> None:
    h = M("3h 4h 5h Kc Ks")
    table = [M("6h 7h 8h")]
    for a in an.arrangements(h, 0, table):
        assert a.melds  # 3h4h5h must be laid, not sent
    assert an.best_arrangement(h, 0, table).points == 26  # type: ignore[union-attr]


def test_sends_chain_along_a_run_and_onto_a_set() -> None:
    sent, left = an.send_closure(M("5h 4h 3h 9c Kd"), [M("6h 7h 8h"), M("9s 9d 9h")])
    assert fmt_mask(left) == "Kd"
    assert [c for c, _ in sent][:3] == parse_cards("5h 4h 3h")


def test_sequence_bounds_ace_low_no_wrap() -> None:
    assert an.is_phom(M("Ah 2h 3h"))
    assert not an.is_phom(M("Qh Kh Ah"))
    assert an.phom_kind(M("7s 7c 7d")) == "set"
    assert an.phom_kind(M("7s 8s 9s Ts")) == "run"
    assert not an.is_phom(M("7s 7c"))


def test_faces_10_points() -> None:
    t = an.run_table("faces_10")
    assert an.deadwood_points(M("Kh Qs Jd"), t) == 30
    assert an.deadwood_points(M("Kh Qs Jd")) == 36


def test_can_eat_needs_a_phom_under_the_invariant() -> None:
    h = M("7s 7d 8h 9h Kc")
    assert an.can_eat(h, 0, parse_cards("7c")[0])
    assert an.can_eat(h, 0, parse_cards("Th")[0])
    assert not an.can_eat(h, 0, parse_cards("Kd")[0])
    # 7h was eaten into 7s 7d 7h: 7c would need a phỏm without 7h, leaving 7h alone
    h2 = M("7s 7d 7h Kc 2d")
    assert not an.can_eat(h2, M("7h"), parse_cards("7c")[0])
    # with 8h 9h, 7h can move to a run and 7c joins 7s 7d
    assert an.can_eat(h2 | M("8h 9h"), M("7h"), parse_cards("7c")[0])


def test_free_cards_keep_the_invariant() -> None:
    h = M("7s 7d 7h 2c 9d")
    assert an.free_cards(h, M("7h")) == M("2c 9d")


def test_outs_list_unseen_counts() -> None:
    h = M("5s 6s Kd Qc 2h 9d 9c 3h Jd")
    found = {o.card: o for o in an.outs(h, seen=M("4s"))}
    four, seven = parse_cards("4s 7s")
    assert found[seven].completes and found[seven].unseen == 1
    assert found[four].completes and found[four].unseen == 0
    assert parse_cards("9s")[0] in found


# -- cross-check against a brute force ----------------------------------------------------------


def _brute(cards: list[int], eaten: int = 0) -> int:
    """Fewest points over every set of disjoint phỏm, by plain enumeration."""
    pts = an.card_points()
    phom = [
        mask_of(c)
        for k in range(3, len(cards) + 1)
        for c in combinations(cards, k)
        if an.is_phom(mask_of(c))
    ]
    best = 1 << 30

    def rec(i: int, used: int) -> None:
        nonlocal best
        if i == len(phom):
            if eaten & ~used:
                return
            best = min(best, sum(pts[c] for c in cards if not used >> c & 1))
            return
        rec(i + 1, used)
        m = phom[i]
        e = m & eaten
        if not m & used and not e & (e - 1):
            rec(i + 1, used | m)

    rec(0, 0)
    return best


hands = st.lists(st.integers(0, 51), min_size=9, max_size=11, unique=True)
dense = st.lists(st.integers(0, 25), min_size=9, max_size=11, unique=True)  # two suits: many phỏm


@settings(max_examples=150, deadline=None)
@given(cards=st.one_of(hands, dense))
def test_fast_deadwood_equals_brute_force(cards: list[int]) -> None:
    h = mask_of(cards)
    want = _brute(cards)
    assert an.deadwood_points(h) == want
    assert min(a.points for a in an.arrangements(h)) == want


@settings(max_examples=60, deadline=None)
@given(cards=dense, data=st.data())
def test_invariant_search_equals_brute_force(cards: list[int], data: st.DataObject) -> None:
    eaten_cards = data.draw(st.lists(st.sampled_from(cards), max_size=2, unique=True))
    h, e = mask_of(cards), mask_of(eaten_cards)
    want = _brute(cards, e)
    found = an.arrangements(h, e)
    if want >= 1 << 30:
        assert not found and not an.invariant_ok(h, e)
    else:
        assert an.invariant_ok(h, e)
        assert min(a.points for a in found) == want


@settings(max_examples=80, deadline=None)
@given(cards=st.one_of(hands, dense))
def test_best_discard_equals_brute_force(cards: list[int]) -> None:
    h = mask_of(cards)
    want = min(_brute([c for c in cards if c != x]) for x in cards)
    assert an.deadwood_after_discard(h) == want
    best = an.best_arrangement(h, discard=True)
    assert best is not None
    if _brute(cards) == 0:  # every card in a phỏm: ù, nothing to discard
        assert best.points == 0 and best.discard is None
    else:
        assert best.points == want and best.discard is not None


@settings(max_examples=100, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=1, max_size=12, unique=True),
    card=st.integers(0, 51),
)
def test_phom_with_and_covered_agree_with_phom_in(cards: list[int], card: int) -> None:
    h = mask_of(cards) & ~(1 << card)
    every = an.phom_in(h | 1 << card)
    assert sorted(an.phom_with(card, h)) == sorted(m for m in every if m >> card & 1)
    assert an.makes_phom(h, card) == bool(an.phom_with(card, h))
    cov = 0
    for m in an.phom_in(h):
        cov |= m
    assert an.covered(h) == cov
    assert an.has_phom(h) == bool(an.phom_in(h))
    assert cards_of(h) == sorted(cards_of(h))


def test_outs_for_an_observation_count_only_unseen_cards() -> None:
    from chieu.games.phom import PhomGame

    st = PhomGame.new_state(None, 9)
    st.apply(st.legal_actions()[-1])  # the first player discards
    obs = st.observation(1)
    seen = an.seen_in(obs)
    assert bin(seen).count("1") == 10  # its 9 cards and the discard
    for o in an.outs_for(obs):
        assert o.unseen == (0 if seen >> o.card & 1 else 1)


def _brute_send(left: int, table: list[int]) -> int:
    """Fewest points after any sequence of gửi (tried exhaustively)."""
    pts = an.card_points()
    best = sum(pts[c] for c in cards_of(left))
    for c in cards_of(left):
        for i, t in enumerate(table):
            grown = t | 1 << c
            if an.is_phom(grown) and (an.phom_kind(t) == "run" or t.bit_count() == 3):
                best = min(
                    best, _brute_send(left & ~(1 << c), [*table[:i], grown, *table[i + 1 :]])
                )
    return best


def _brute_with_table(cards: list[int], table: list[int]) -> int:
    pts = an.card_points()
    h = mask_of(cards)
    phom = [
        mask_of(c)
        for k in range(3, len(cards) + 1)
        for c in combinations(cards, k)
        if an.is_phom(mask_of(c))
    ]
    best = 1 << 30

    def rec(i: int, used: int, n: int) -> None:
        nonlocal best
        if i == len(phom):
            left = h & ~used
            if any((m & left) == m for m in phom):
                return  # a complete phỏm kept back
            value = _brute_send(left, table) if n else sum(pts[c] for c in cards_of(left))
            best = min(best, value)
            return
        rec(i + 1, used, n)
        if not phom[i] & used:
            rec(i + 1, used | phom[i], n + 1)

    rec(0, 0, 0)
    return best


@st.composite
def hand_and_table(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    suit = draw(st.integers(0, 3))
    lo = draw(st.integers(0, 9))
    size = draw(st.integers(3, 4))
    run = mask_of(suit * 13 + r for r in range(lo, min(13, lo + size)))
    rank = draw(st.integers(0, 12))
    set3 = mask_of(s * 13 + rank for s in draw(st.permutations(range(4)))[:3])
    table = [run] if set3 & run else [run, set3]
    used = 0
    for m in table:
        used |= m
    free = [c for c in range(52) if not used >> c & 1]
    near = [c for c in free if c // 13 == suit or c % 13 == rank]
    cards = draw(st.lists(st.sampled_from(free), min_size=4, max_size=7, unique=True))
    cards += draw(st.lists(st.sampled_from(near), max_size=3, unique=True))
    return sorted(set(cards)), table


@settings(max_examples=80, deadline=None)
@given(case=hand_and_table())
def test_gui_search_equals_brute_force(case: tuple[list[int], list[int]]) -> None:
    cards, table = case
    best = an.best_arrangement(mask_of(cards), 0, table)
    assert best is not None
    assert best.points == _brute_with_table(cards, table)


@settings(max_examples=150, deadline=None)
@given(cards=st.one_of(hands, dense))
def test_best_melds_gives_disjoint_phom_with_the_fewest_points(cards: list[int]) -> None:
    h = mask_of(cards)
    points, melds = an.best_melds(h)
    assert points == _brute(cards)
    used = 0
    for m in melds:
        assert an.is_phom(m) and not m & used and (m & h) == m
        used |= m
    assert an.mask_points(h & ~used) == points
    t = an.run_table("faces_10")
    assert an.best_melds(h, t, an.run_melds("faces_10"))[0] == an.deadwood_points(h, t)


def test_a_hand_all_in_one_run_keeps_every_card_rather_than_discarding() -> None:
    """As 2s 3s 4s: laying the whole run (nothing to discard) ties with laying 2s3s4s and
    discarding As at 0 points; the arrangement kept is the one with no discard (found by
    Hypothesis)."""
    best = an.best_arrangement(mask_of(parse_cards("As 2s 3s 4s")), discard=True)
    assert best is not None and best.points == 0 and best.discard is None
