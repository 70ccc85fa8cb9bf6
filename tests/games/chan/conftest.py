"""Shared helpers for the Chắn engine tests (shared/rules/chan_totom.md Part A).

Positions are built with ``setups.deck_for``: ``make_state(["<seat 0>", "<seat 1>", ...],
"<nọc draws>")`` gives exactly those hands (the cái seat holds 20 cards) and draws the nọc in the
given order. A hand may be written partially: the missing cards are filled from the spare cards
so that a filled hand holds no three identical cards and at least three què (it can neither
chíu nor win by accident), and no card of a rank written for that seat (the written cards
keep exactly the chắn and cạ partners shown). Whatever is not listed in ``draws`` comes after
them in the nọc.

Every exposure opens a claim window that asks every seat its position allows (claims.py).
``apply`` / ``play`` answer at once, with bỏ qua, every seat that has nothing to claim (what
the table driver does), so a test sees only the seats with a real choice still asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from chieu.core.actions import Action
from chieu.core.events import Event
from chieu.games.chan import actions as A
from chieu.games.chan.cards import CC, KINDS, parse_cards
from chieu.games.chan.game import ChanGame
from chieu.games.chan.rules import Rules
from chieu.games.chan.setups import deck_for
from chieu.games.chan.state import ChanState
from tests.games.chan.hands import C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C16

# -- worked examples of shared/rules A7 (19 cards, or 20 for the cái of C16) ---------------


def K(code: str) -> int:
    """The kind of one card code, e.g. ``K("6S")``."""
    (kind,) = parse_cards(code)
    return kind


def cards(text: str) -> list[int]:
    return parse_cards(text)


def counts(text: str) -> list[int]:
    return KINDS.counts(parse_cards(text))


def _bad_ranks(c: Sequence[int]) -> int:
    """Ranks (and CC) that cannot pair up completely: què or ba đầu."""
    bad = sum(1 for b in range(0, 24, 3) if sum(c[k] & 1 for k in range(b, b + 3)) in (1, 3))
    return bad + (c[CC] & 1)


def fill_hands(hands: Sequence[str], draws: Sequence[int], cai: int) -> list[list[int]]:
    n = len(hands)
    given = [parse_cards(h) for h in hands]
    rest = KINDS.full_counts()
    for kinds in [*given, draws]:
        for k in kinds:
            rest[k] -= 1
    if min(rest) < 0:
        raise AssertionError("more than 4 copies of a kind in the hands and draws")
    target = [20 if s == cai else 19 for s in range(n)]
    for s in range(n):
        if len(given[s]) > target[s]:
            raise AssertionError(f"seat {s}: {len(given[s])} cards, expected ≤ {target[s]}")
    pool0 = KINDS.kinds_of(rest)
    rng = random.Random(20240501)
    for _ in range(1000):
        pool = list(pool0)
        rng.shuffle(pool)
        out = [list(h) for h in given]
        ok = True
        for s in range(n):
            need = target[s] - len(out[s])
            if need == 0:
                continue
            c = KINDS.counts(out[s])
            # the ranks written for this seat stay exactly as written
            mine = {CC if k == CC else k // 3 for k in given[s]}
            taken: list[int] = []
            for k in list(pool):
                if need == 0:
                    break
                if c[k] >= 2 or (CC if k == CC else k // 3) in mine:
                    continue
                c[k] += 1
                taken.append(k)
                pool.remove(k)
                need -= 1
            if need or _bad_ranks(c) < 3:
                ok = False
                break
            out[s] += taken
        if ok:
            return out
    raise AssertionError("cannot fill the hands harmlessly")


def make_state(
    hands: Sequence[str],
    draws: str | Sequence[int] = "",
    *,
    rules: Rules | None = None,
    cai: int | None = None,
    bat_cai: int | None = None,
    prev_winner: int | None = None,
    **rule_options: Any,
) -> ChanState:
    """A game with exactly these hands (seat order) and nọc draw order.

    ``cai`` is the seat holding 20 cards (default: the seat given 20 cards, else seat 0).
    ``prev_winner`` is the winner of the previous game (thông).
    ``rule_options`` go to ``Rules`` (``players`` defaults to ``len(hands)``).
    """
    n = len(hands)
    if rules is None:
        rule_options.setdefault("players", n)
        rules = Rules(**rule_options)
    assert rules.players == n
    dr = parse_cards(draws) if isinstance(draws, str) else list(draws)
    if cai is None:
        sizes = [len(parse_cards(h)) for h in hands]
        cai = sizes.index(20) if 20 in sizes else 0
    full = fill_hands(hands, dr, cai)
    deck, b = deck_for(full, dr, bat_cai=bat_cai, count_dir=rules.count_dir)
    st = ChanGame.new_state(rules, deal=deck, setup={"bat_cai": b, "prev_winner": prev_winner})
    assert st.cai_seat == cai
    for s in range(n):
        assert st.seats[s].hand == KINDS.counts(full[s])
    return st


# -- driving ---------------------------------------------------------------------------------


def quiet(state: ChanState) -> list[Event]:
    """Answer bỏ qua for every seat a claim window asks that has nothing to claim."""
    out: list[Event] = []
    for d in state.decisions():
        if d.kind == "claim" and d.forced:
            out += state.apply(d.default, d.seat)
    return out


def apply(state: ChanState, action: Action, seat: int) -> list[Event]:
    """``state.apply``, then ``quiet``; every event produced."""
    return state.apply(action, seat) + quiet(state)


def play(state: ChanState, *moves: tuple[int, Action]) -> list[Event]:
    """Apply ``(seat, action)`` moves in order (``apply``); return every event produced."""
    out: list[Event] = []
    for seat, action in moves:
        out += apply(state, action, seat)
    return out


def pending(state: ChanState) -> tuple[int, ...]:
    """The seats that must answer now (a claim window's in the order it asks them)."""
    return tuple(d.seat for d in state.decisions())


def step_passively(state: ChanState) -> None:
    """One 'do nothing' step: decline a claim, pass one's draw, or draw."""
    quiet(state)
    cur = state.current_player()
    assert cur is not None
    legal = state.legal_actions(cur)
    if state.phase == "claim":
        apply(state, A.DECLINE, cur)
    elif state.phase == "decide":
        apply(state, A.PASS if A.PASS in legal else A.DRAW, cur)
    else:
        raise AssertionError(f"cannot step passively in phase {state.phase}")


def drive(state: ChanState, until: Callable[[ChanState], bool], limit: int = 200) -> None:
    """Step passively until ``until(state)`` or the game ends."""
    quiet(state)
    for _ in range(limit):
        if state.is_terminal() or until(state):
            return
        step_passively(state)
    raise AssertionError("drive: limit reached")


def win_offered(seat: int) -> Callable[[ChanState], bool]:
    def check(st: ChanState) -> bool:
        return st.phase == "claim" and seat in pending(st) and A.WIN in st.legal_actions(seat)

    return check


def drive_to_win(state: ChanState, seat: int) -> list[Event]:
    """Step passively until ``seat`` is offered ù, then ù (the others let the card go)."""
    drive(state, win_offered(seat))
    assert not state.is_terminal(), "the game ended before the ù was offered"
    out = state.apply(A.WIN, seat)
    for s in pending(state):
        out += state.apply(A.DECLINE, s)
    return out


def events(state: ChanState, kind: str) -> list[Event]:
    return [e for e in state.events if e.type == kind]


def fault_ids(state: ChanState, seat: int | None = None) -> list[str]:
    return [f.id for f in state.faults if seat is None or f.seat == seat]


def payoffs(state: ChanState) -> tuple[float, ...]:
    out = state.outcome()
    assert out is not None, "the game is not over"
    return out.payoffs


def held_plus_mat(state: ChanState, seat: int) -> int:
    me = state.seats[seat]
    return sum(me.hand) + sum(len(kinds) for kinds, _ in me.mat)


HELPERS = SimpleNamespace(
    # modules and constants
    A=A,
    CC=CC,
    KINDS=KINDS,
    ChanGame=ChanGame,
    Rules=Rules,
    # worked examples
    C1=C1,
    C2=C2,
    C3=C3,
    C4=C4,
    C5=C5,
    C6=C6,
    C7=C7,
    C8=C8,
    C9=C9,
    C10=C10,
    C11=C11,
    C12=C12,
    C16=C16,
    # functions
    K=K,
    cards=cards,
    counts=counts,
    make_state=make_state,
    quiet=quiet,
    apply=apply,
    play=play,
    pending=pending,
    step_passively=step_passively,
    drive=drive,
    drive_to_win=drive_to_win,
    win_offered=win_offered,
    events=events,
    fault_ids=fault_ids,
    payoffs=payoffs,
    held_plus_mat=held_plus_mat,
)


@pytest.fixture(scope="session")
def chan() -> SimpleNamespace:
    """The helpers above as one namespace: ``chan.make_state(...)``, ``chan.C1``, ``chan.A``."""
    return HELPERS
