"""Chắn's fault referee: which faults (``fault_rules.py``) an action would commit.

The rules are asked BEFORE the action is applied. Referee mode applies the action and the
penalty (``fault_messages`` names every fault with its explanation); strict mode does not
offer it (``blocked_discards``, ``clean_eats``, ``claim_leaves_clean_discard``). The history
the rules read is written here too (``note_eat``, ``note_declined``).

What the table learns of a fault (issue 16): in referee mode the referee calls it when it is
committed, and tells the table only which fault, by whom and what it means in general words
(``ChanFault.table``), nothing that counts private actions (no ``step``: recorded claim
answers count in it). The explanation that names cards, some of which only the offender's
hand proves, goes to the offender alone (``fault_event``, ``fault_entries``), and to everyone
at the end, when every hand is turned up and the outcome lists every fault whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import cache
from typing import TYPE_CHECKING, NotRequired, TypedDict

from chieu.core.actions import Action
from chieu.core.events import Event
from chieu.core.outcome import Fault
from chieu.games.chan.analysis import waits
from chieu.games.chan.cards import CC, NUM_KINDS, rank_of
from chieu.games.chan.fault_rules import (
    _CA_KINDS,
    _RANK_KINDS,
    ALL_FAULTS,
    BY_VERB,
    DISCARD_RULES,
    EAT_RULES,
    MOMENTARY_RULES,
    ChanFault,
    FaultContext,
    SeatHistory,
)

if TYPE_CHECKING:
    from chieu.games.chan.worlds import Seat


#: the fault id -> what the referee tells the table of it (naming no card)
TABLE_WORDS: dict[str, str] = {f.id: f.table for f in ALL_FAULTS}
#: the fields of a fault event only its offender reads during the game
PRIVATE_FIELDS: tuple[str, ...] = ("explanation",)


class FaultEntry(TypedDict):
    """A fault as a seat knows it: as the table was told it (``public``, in general words),
    with its ``explanation`` for its offender; whole (``explanation`` and ``step``, no
    ``public``: ``Fault.to_json``) once the game is over."""

    id: str
    name: str
    seat: int
    penalty: str
    public: NotRequired[str]
    explanation: NotRequired[str]
    step: NotRequired[int]


def table_entry(fault: Fault) -> FaultEntry:
    """The fault as the table is told it: which, by whom, its penalty, in general words."""
    return {
        "id": fault.id,
        "name": fault.name,
        "seat": fault.seat,
        "penalty": fault.penalty,
        "public": TABLE_WORDS.get(fault.id, ""),
    }


def fault_event(fault: Fault) -> Event:
    """The ``fault`` event of a fault called in referee mode: whole for its offender, the
    table's entry (``table_entry``) for everyone else (``redact`` drops the explanation)."""
    data: dict[str, object] = {**table_entry(fault), "explanation": fault.explanation}
    return Event("fault", fault.seat, data, frozenset({fault.seat}), PRIVATE_FIELDS)


def whole_entry(fault: Fault) -> FaultEntry:
    """The fault whole, as ``Fault.to_json`` gives it (every hand is known at the end)."""
    return {
        "id": fault.id,
        "name": fault.name,
        "seat": fault.seat,
        "penalty": fault.penalty,
        "explanation": fault.explanation,
        "step": fault.step,
    }


def fault_entries(faults: Sequence[Fault], seat: int | None, over: bool) -> list[FaultEntry]:
    """The faults as ``seat`` knows them: its own with their explanation, the others' as the
    table was told them; every fault whole once the game is ``over``."""
    if over:
        return [whole_entry(f) for f in faults]
    out = []
    for f in faults:
        entry = table_entry(f)
        if f.seat == seat:
            entry["explanation"] = f.explanation
        out.append(entry)
    return out


def ca_partner(hand: list[int], kind: int) -> int | None:
    """The card ``kind`` forms a cạ with in the hand's best grouping, if any."""
    if kind == CC or hand[kind] % 2 == 0:
        return None  # an even count pairs as chắn
    a, b = _CA_KINDS[kind]  # the other two kinds of its rank: a cạ if just one is odd
    odd_a, odd_b = hand[a] % 2, hand[b] % 2
    if odd_a != odd_b:
        return a if odd_a else b
    return None


@cache
def _momentary(an_ca_doi_cho: bool, returning: bool) -> tuple[ChanFault, ...]:
    """The discard rules that depend on the moment, as the options enable them (a trả cửa
    cannot be treo tranh, T1)."""
    return tuple(
        f
        for f in MOMENTARY_RULES
        if (f.id != "an_ca_doi_cho" or an_ca_doi_cho) and not (returning and f.id == "treo_tranh")
    )


def history_blocked_discards(h: SeatHistory) -> set[int]:
    """The discards the seat's history forbids: the union of the ``blocked_discards`` of the
    discard rules that are not momentary (bỏ ăn chắn, đánh cả chắn, tách chắn ăn cạ, ăn chắn
    xé chắn, ăn cạ đánh cạ, tách cạ ăn cạ) in one pass (tests/games/chan/test_fast_paths.py
    keeps the two the same)."""
    out = h.declined_chan | h.discarded_set | h.split_chan | h.eaten_chan | h.split_ca
    if h.ate_ca:  # 7 ăn cạ đánh cạ: the other cards of the rank of every card discarded
        for d in h.discarded_set:
            out |= _CA_KINDS[d]  # none for chi chi
    return out


def blocked_discards(
    ctx: FaultContext, seat: int, returning: bool = False, cached: bool = True
) -> AbstractSet[int]:
    """Every discard (or trả cửa) that would commit a fault. The part that depends only on
    the seat's history is cached on the seat until it changes."""
    me = ctx.seats[seat]
    base = me.blocked if cached else None
    if base is None:
        base = history_blocked_discards(me.hist)
        if cached:
            me.blocked = base
    out: AbstractSet[int] = base
    for rule in _momentary(ctx.rules.an_ca_doi_cho, returning):
        extra = rule.blocked_discards(ctx, seat)
        if extra:
            out = out | extra
    return out


def fault_messages(ctx: FaultContext, seat: int, action: Action) -> list[tuple[ChanFault, str]]:
    """Every fault ``action`` would commit, with its explanation (before it is applied)."""
    verb = action.verb
    out: list[tuple[ChanFault, str]] = []
    if verb in ("discard", "return"):
        card: int = action.card  # type: ignore[attr-defined]
        returning = verb == "return"
        if card not in blocked_discards(ctx, seat, returning):
            return out
        momentary = _momentary(ctx.rules.an_ca_doi_cho, returning)
        for rule in DISCARD_RULES:
            if (rule in momentary or not rule.momentary) and card in rule.blocked_discards(
                ctx, seat
            ):
                out.append((rule, rule.discard_message(ctx, seat, card)))
        return out
    if verb == "eat":
        hcard: int = action.card  # type: ignore[attr-defined]
        if hcard not in blocked_eats(ctx, seat):
            return out
        for rule in EAT_RULES:
            if hcard in rule.blocked_eats(ctx, seat):
                out.append((rule, rule.eat_message(ctx, seat, hcard)))
        return out
    for rule in BY_VERB.get(verb, ()):
        msg = rule.check_other(ctx, seat, action)
        if msg:
            out.append((rule, msg))
    return out


def note_eat(me: Seat, card: int, hcard: int, h: SeatHistory) -> None:
    """What the predicates remember of an eat of ``card`` with ``hcard`` (before the hand
    changes), written into ``h``."""
    hand = me.hand
    if hcard == card:
        h.eaten_chan.add(card)
        return
    if hand[hcard] % 2 == 0:  # 2 or 4 copies: eating a cạ breaks a chắn
        h.split_chan.add(hcard)
    partner = ca_partner(hand, hcard)
    if partner is not None:
        h.split_ca.add(partner)
    w = waits(hand, me.mat_chan)
    h.waits_before_eat = w.kinds if w.kinds else None
    h.ate_ca = True


def note_declined(me: Seat, card: int) -> None:
    """The seat let the live ``card`` go (bốc, dưới): bỏ ăn chắn, ăn chọn cạ later."""
    hand = me.hand
    h = me.hist
    if hand[card] and card not in h.declined_chan:
        h.declined_chan.add(card)
        me.blocked = None  # bỏ ăn chắn now forbids discarding it
    for k in _CA_KINDS[card]:  # a cạ he could have eaten it with (none for chi chi)
        if hand[k]:
            h.declined_ca_ranks.add(rank_of(card))
            break


def claim_leaves_clean_discard(
    ctx: FaultContext, seat: int, hcard: int, chiu: bool = False
) -> bool:
    """Strict mode: after a claim that a discard follows (an eat with ``hcard``, or a chíu
    of the live card ``hcard``), is there a đánh or trả cửa that commits no fault? (C1; a
    dry run on a copy of the seat's history; the hand is restored.)"""
    me = ctx.seats[seat]
    saved = me.hist
    trial = saved.copy()
    used = 3 if chiu else 1
    if not chiu:  # a chíu changes no fault history
        note_eat(me, ctx.live_card, hcard, trial)
    me.hist = trial
    me.hand[hcard] -= used
    try:
        blocked = blocked_discards(ctx, seat, cached=False)
        return any(me.hand[k] and k not in blocked for k in range(NUM_KINDS))
    finally:
        me.hand[hcard] += used
        me.hist = saved


def blocked_eats(ctx: FaultContext, seat: int) -> AbstractSet[int]:
    """The hand cards whose eat of the live card commits a fault: the union of the eat rules'
    ``blocked_eats`` (``EAT_RULES``) in one pass, for strict mode's every decision to eat
    (tests/games/chan/test_fast_paths.py keeps the two the same)."""
    card = ctx.live_card
    me = ctx.seats[seat]
    h = me.hist
    held = me.hand[card]
    ca = _CA_KINDS[card]
    kinds = _RANK_KINDS[card]
    out: set[int] = set()
    if held:
        out |= ca  # T4 ăn treo tranh
        if held >= 3:
            out.add(card)  # T5 chíu được mà ăn thường
    if card in h.declined_chan:
        out |= kinds  # 1 bỏ ăn chắn
    if card in h.discarded_set:
        out.add(card)  # 4 xé chắn (the chắn)
    if card != CC:
        if rank_of(card) in h.declined_ca_ranks:
            out |= ca  # 2 ăn chọn cạ
        if card // 3 in h.discarded_ranks:
            out |= ca - h.torn_ca  # 4 xé chắn (a cạ of the rank)
    if h.split_chan:
        out |= kinds & h.split_chan  # 5 tách chắn ăn cạ
    if h.discarded_ca:
        out |= ca  # 7 ăn cạ đánh cạ
    if h.torn_ca:
        out |= ca & h.torn_ca  # 8 xé cạ ăn cạ
    if h.split_ca:
        out |= kinds & h.split_ca  # 9 tách cạ ăn cạ
    return out


def clean_eats(ctx: FaultContext, seat: int, eats: list[Action]) -> list[Action]:
    """Strict mode: the eats of the live card that commit no fault and after which some
    discard commits none."""
    blocked = blocked_eats(ctx, seat)
    acts = [a for a in eats if a.card not in blocked]  # type: ignore[attr-defined]
    if not acts:
        return acts
    me = ctx.seats[seat]
    hand = me.hand
    card = ctx.live_card
    # in the decide phase only the history part applies (no door to return to; fault 10 is
    # the ``waiting`` case below)
    blocked_now = me.blocked if me.blocked is not None else blocked_discards(ctx, seat)
    ranks = me.hist.discarded_ranks
    waiting = ctx.rules.an_ca_doi_cho and bool(me.waits().kinds)
    out: list[Action] = []
    for a in acts:
        hcard = a.card  # type: ignore[attr-defined]
        if not (waiting and hcard != card):
            # the fast path: a card no eat can make a fault of (not blocked now, not a card
            # of this eat, of no rank he has discarded: a first cạ would block those)
            partner = ca_partner(hand, hcard)
            for k in range(NUM_KINDS):
                if (
                    hand[k]
                    and k != hcard
                    and k != card
                    and k != partner
                    and k not in blocked_now
                    and (k == CC or k // 3 not in ranks)
                ):
                    out.append(a)
                    break
            else:
                if claim_leaves_clean_discard(ctx, seat, hcard):
                    out.append(a)
        elif claim_leaves_clean_discard(ctx, seat, hcard):
            out.append(a)
    return out
