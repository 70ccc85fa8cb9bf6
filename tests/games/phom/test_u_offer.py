"""`DeclareWin` is offered whenever the seat to act can reach 0 points this turn (A.5.2 ACT
step 1, A.6), on every path: after a draw, after an eat, on the lay-down turn (issue 15,
item 2). Declaring gives the same outcome as reaching the ù move by move."""

from __future__ import annotations

import random

import pytest

from chieu.core.actions import Action
from chieu.games.phom import PhomGame, Rules
from chieu.games.phom import actions as A
from chieu.games.phom.cards import card_of, cards_of, parse_cards, parse_mask
from chieu.games.phom.state import PhomState
from chieu.games.phom.worlds import Live, Seat


def one(text: str) -> int:
    return parse_cards(text)[0]


def later_turn(
    hand: str, rules: Rules | None = None, *, draw: str = "", live: str = ""
) -> PhomState:
    """Seat 1 has laid 9h Th Jh and is not finished (3 row cards: it was fed once); seat 0 has
    laid 3c 3d 3h, seat 2 6s 7s 8s. Seat 1 now draws ``draw`` or may eat seat 0's ``live``."""
    st: PhomState = PhomGame.new_state(rules or Rules(), 3)
    hands = [parse_mask("2c Td Kd"), parse_mask(hand), parse_mask("Ah 2h 4d Jc"), 0]
    melds = [[parse_mask("3c 3d 3h")], [parse_mask("9h Th Jh")], [parse_mask("6s 7s 8s")], []]
    for seat, h, m, laid in zip(st.seats, hands, melds, [True, True, True, False], strict=True):
        seat.hand, seat.melds, seat.laid = h, m, laid
    st.seats[1].row = parse_cards("Kc Qc Jd")
    st.stock = parse_cards(draw) if draw else [one("Qh")]
    st.phase, st.actor, st.stage = "draw", 1, "start"
    st.live = Live(one(live), 0, False) if live else None
    st.seats[0].row = [one(live)] if live else []
    st._legal_at = -1
    return st


def outcome_of(st: PhomState, moves: list[Action], seat: int = 1) -> dict[str, object]:
    for a in moves:
        st.apply(a)
    out = st.outcome()
    assert out is not None and out.winner == seat and st.seats[seat].hand == 0
    return out.to_json()


def test_u_gui_after_a_draw_on_a_later_turn_is_offered() -> None:
    """The issue's example (a hand cannot hold two 5♠: seat 1 holds 3♠ 5♣ and draws 5♠)."""
    st = later_turn("3s 5c", draw="5s")
    assert A.DRAW in st.legal_actions()
    st.apply(A.DRAW)
    assert A.WIN in st.legal_actions()
    steps = st.clone()
    declared = outcome_of(st, [A.WIN])
    moved = outcome_of(
        steps,
        [A.LAYOFF[(one("3s"), "set")], A.LAYOFF[(one("5s"), "low")], A.DISCARD[one("5c")]],
    )
    assert declared == moved
    assert declared["details"]["u"] == "u"  # type: ignore[index]
    assert [h["id"] for h in declared["patterns"]] == ["u_gui"]  # type: ignore[attr-defined]
    assert declared["payoffs"] == [-5.0, 15.0, -5.0, -5.0]
    assert st.seats == steps.seats
    assert st.seats[1].row[-1] == one("5c")


@pytest.mark.parametrize("tron", [True, False])
def test_a_draw_whose_every_card_is_sent_is_u_gui(tron: bool) -> None:
    """Nothing left to discard after gửi: an ù gửi (not ù tròn), with or without ù tròn."""
    st = later_turn("3s 9s", Rules(allow_u_tron=tron), draw="5s")
    st.apply(A.DRAW)
    assert A.WIN in st.legal_actions()
    steps = st.clone()
    declared = outcome_of(st, [A.WIN])
    moved = outcome_of(
        steps,
        [A.LAYOFF[(one(c), o)] for c, o in (("3s", "set"), ("5s", "low"), ("9s", "high"))],
    )
    assert declared == moved
    assert [h["id"] for h in declared["patterns"]] == ["u_gui"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("hand", "tron"), [("5c 6c 3s 9d", True), ("5c 6c 3s", True), ("5c 6c 3s", False)]
)
def test_u_after_an_eat_on_a_later_turn_is_still_offered(hand: str, tron: bool) -> None:
    st = later_turn(hand, Rules(allow_u_tron=tron), live="7c")
    st.apply(A.EAT)
    assert A.WIN in st.legal_actions()
    steps = st.clone()
    declared = outcome_of(st, [A.WIN])
    moves = [A.LAY[parse_mask("5c 6c 7c")], A.LAYOFF[(one("3s"), "set")]]
    if "9d" in hand:
        moves.append(A.DISCARD[one("9d")])
    assert declared == outcome_of(steps, moves)
    assert [h["id"] for h in declared["patterns"]] == ["u_gui"]  # type: ignore[attr-defined]
    assert declared["payoffs"] == [-6.0, 16.0, -5.0, -5.0]  # the eat is paid, then the ù


def test_u_gui_on_the_laydown_turn_is_still_offered() -> None:
    st = PhomGame.new_state(Rules(), 3)
    st.seats[0].hand = parse_mask("Qc Qd Qs 2h 3h 4h 7s 6s Jh Kd")  # A.9 P5
    for seat in st.seats[1:]:
        seat.hand = 0
    st.seats[1].melds = [parse_mask("8s 9s Ts"), parse_mask("Jc Jd Js")]
    st.seats[1].laid = True
    st.seats[0].row = parse_cards("2s 3s 4s")
    st._start_act(0)
    st._legal_at = -1
    assert st.laydown_turn and A.WIN in st.legal_actions()
    steps = st.clone()
    declared = outcome_of(st, [A.WIN], 0)
    moved = outcome_of(
        steps,
        [
            A.LAY[parse_mask("Qc Qd Qs")],
            A.LAY[parse_mask("2h 3h 4h")],
            A.LAYOFF[(one("7s"), "low")],
            A.LAYOFF[(one("6s"), "low")],
            A.LAYOFF[(one("Jh"), "set")],
            A.DISCARD[one("Kd")],
        ],
        0,
    )
    assert declared == moved


# -- property: DeclareWin <=> an ù reachable move by move this turn -------------------------


def reach_u(st: PhomState, p: int) -> PhomState | None:
    """A state where ``p`` is ù after some of its own moves this turn (lays, gửi, the last
    discard; never DeclareWin), or None."""
    seen: set[tuple[object, ...]] = set()

    def go(s: PhomState) -> PhomState | None:
        key = (s.seats[p].hand, tuple(tuple(t.melds) for t in s.seats), s.laying, s.must_lay)
        if key in seen:
            return None
        seen.add(key)
        for a in s.legal_actions(p):
            if a.verb == "win" or (a.verb == "discard" and s.seats[p].hand.bit_count() > 1):
                continue  # a discard that leaves cards ends the turn
            t = s.clone()
            t.apply(a, p)
            if t.is_terminal():
                if t.winner == p:
                    return t
            elif t.phase == "act" and t.actor == p and (found := go(t)) is not None:
                return found
        return None

    return go(st)


def check_offer(st: PhomState, p: int) -> bool:
    """``win`` is legal exactly when an ù is reachable move by move; declaring it pays the
    same, and an ù with gửi is recorded as ù gửi. Returns whether ``win`` was offered."""
    offered = A.WIN in st.legal_actions(p)
    moved = reach_u(st, p)
    assert offered == (moved is not None)
    if moved is not None:
        declared = st.clone()
        declared.apply(A.WIN, p)
        out, ref = declared.outcome(), moved.outcome()
        assert out is not None and ref is not None
        assert out.payoffs == ref.payoffs and out.details["points"] == ref.details["points"]
        if declared.turn_sent:
            assert out.details["u"] == "u" and out.patterns[0].id == "u_gui"
    return offered


def _random_phom(rnd: random.Random, free: set[int]) -> list[int]:
    while True:
        if rnd.random() < 0.4:
            r = rnd.randrange(13)
            cards = [card_of(r, s) for s in rnd.sample(range(4), 3)]
        else:
            su, lo = rnd.randrange(4), rnd.randrange(11)
            cards = [card_of(k, su) for k in range(lo, min(13, lo + rnd.choice((3, 3, 4))))]
        if free.issuperset(cards):
            free.difference_update(cards)
            return cards


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def random_later_turn(rnd: random.Random, rules: Rules) -> PhomState:
    """Seat 1 has laid one phỏm and is to draw on a later turn; the other seats have laid
    1–3 phỏm between them; seat 1's 1–4 cards and the card it draws are mostly cards that
    could be sent onto them."""
    n = rules.players
    free = set(range(52))
    st: PhomState = PhomGame.new_state(rules, 0)
    st.seats = [Seat(0, 0) for _ in range(n)]
    st.seats[1].melds.append(_mask(_random_phom(rnd, free)))
    others = [s for s in range(n) if s != 1]
    for _ in range(rnd.randint(1, 3)):
        st.seats[rnd.choice(others)].melds.append(_mask(_random_phom(rnd, free)))
    near = {
        card_of(r, su)
        for s in others
        for m in st.seats[s].melds
        for c in cards_of(m)
        for r, su in [(c % 13 + d, c // 13) for d in (-2, -1, 1, 2)]
        + [(c % 13, t) for t in range(4)]
        if 0 <= r < 13
    }

    def pick() -> int:
        pool = sorted(near & free if rnd.random() < 0.7 and near & free else free)
        c = rnd.choice(pool)
        free.discard(c)
        return c

    st.seats[1].hand = _mask([pick() for _ in range(rnd.randint(1, 4))])
    drawn = pick()
    st.seats[1].row = [pick() for _ in range(3)]
    for s in others:
        st.seats[s].hand = _mask(rnd.sample(sorted(free), 3))
        free.difference_update(cards_of(st.seats[s].hand))
    for seat in st.seats:
        seat.laid = bool(seat.melds)
    st.stock = [*rnd.sample(sorted(free), len(free)), drawn]
    st.phase, st.actor, st.stage, st.live = "draw", 1, "start", None
    st._legal_at = -1
    return st


RULES = [
    Rules(),
    Rules(players=2),
    Rules(players=3),
    Rules(mom_may_send=True),
    Rules(card_points="faces_10"),
]


def test_win_after_a_draw_is_offered_whenever_gui_reaches_u() -> None:
    offered = 0
    for seed in range(3000):
        rnd = random.Random(seed)
        st = random_later_turn(rnd, rnd.choice(RULES))
        st.apply(A.DRAW)
        offered += check_offer(st, 1)
    assert offered >= 150  # the positions are built to reach ù often (about 1 in 12)


def _claim_first(st: PhomState, rnd: random.Random) -> Action:
    """Eat whenever possible, lay and send most of the time, never declare ù (the hand goes
    on, so more later turns are checked)."""
    legal = st.legal_actions()
    if A.EAT in legal:
        return A.EAT
    build = [a for a in legal if a.verb in ("lay", "layoff")]
    if build and rnd.random() < 0.8:
        return rnd.choice(build)
    return rnd.choice([a for a in legal if a.verb != "win"] or legal)


def test_win_is_offered_whenever_the_turn_can_reach_u_in_random_games() -> None:
    """Every act phase of a seat that has laid (after a draw or an eat) or lays down now."""
    checked = 0
    for seed in range(1200):
        st = PhomGame.new_state(Rules(players=2 + seed % 3), seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            p = st.current_player()
            assert p is not None
            if st.phase == "act" and st.stage == "start" and (st.seats[p].laid or st.laydown_turn):
                check_offer(st, p)
                checked += 1
            st.apply(_claim_first(st, rnd))
    assert checked > 3000
