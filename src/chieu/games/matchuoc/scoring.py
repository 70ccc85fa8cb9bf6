"""Settlement of a win (B.7): every reading of the tiles, the best named hand plus the additive
bonuses, the best total; phán -> mủn; who pays what (B.7.5); and the outcome of a deal (the
facts of each win read from the state, the payments, the next dealer)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, TypedDict, Unpack, cast

from chieu.core.outcome import Outcome, PatternHit, Termination
from chieu.games.matchuoc.analysis import is_seven_pairs, is_thirteen_orphans, waits
from chieu.games.matchuoc.cards import (
    HO,
    HONOR0,
    HP,
    HY,
    KHUNG0,
    KINDS,
    NG,
    NUM_BASIC,
    ORPHANS_SET,
    TG,
    XANH,
    is_flower,
    is_khung,
)
from chieu.games.matchuoc.decompose import Group, decompositions
from chieu.games.matchuoc.patterns import BONUSES, MUN, NAMED, Reading, WinFacts
from chieu.games.matchuoc.patterns.bonus import BLESSINGS
from chieu.games.matchuoc.rules import Rules

if TYPE_CHECKING:
    from chieu.games.matchuoc.state import MatChuocState


class LineJson(TypedDict):
    id: str
    name: str
    phan: int


class ScoreJson(TypedDict):
    phan: int
    mun: int
    patterns: list[LineJson]


class GroupJson(TypedDict):
    """A phu as JSON (``decompose.Group``): the kinds it stands for, the khung in each slot
    (-1: a real tile)."""

    kind: str
    tiles: list[int]
    wilds: list[int]
    exposed: bool
    claimed: bool


class WinJson(ScoreJson):
    """One win of ``MatchuocDetails.wins``: the score's keys, then who paid what."""

    winner: int
    cua: int  # the winner's cửa (1 = Đông)
    discarder: int | None  # None: self-drawn
    den: bool  # the discarder pays for everyone (a win on a discarded flower)
    groups: list[GroupJson]  # the reading of the hand (exposed phu included)
    payments: list[int]  # what each seat pays (the winner's entry: minus the total)


class MatchuocDetails(TypedDict, total=False):
    """``Outcome.details`` of a Mạt chược deal: ``dealer``, ``next_dealer`` and, after a win,
    ``wins`` (each winner's, the winner of record first) and ``winner_hands`` (each winner's
    concealed tiles, by seat as a string)."""

    wins: list[WinJson]
    dealer: int
    next_dealer: int
    winner_hands: dict[str, list[int]]


def details_of(outcome: Outcome) -> MatchuocDetails:
    """The details of a Mạt chược outcome (``core.outcome`` keeps them as plain JSON)."""
    return cast(MatchuocDetails, outcome.details)


@dataclass(frozen=True)
class Line:
    id: str
    name: str
    phan: int

    def to_json(self) -> LineJson:
        return {"id": self.id, "name": self.name, "phan": self.phan}


@dataclass
class Score:
    phan: int
    lines: list[Line]
    groups: list[Group] = field(default_factory=list)
    special: str = ""

    @property
    def mun(self) -> int:
        return self.phan // MUN

    def to_json(self) -> ScoreJson:
        return {"phan": self.phan, "mun": self.mun, "patterns": [ln.to_json() for ln in self.lines]}


def _tiles(groups: Sequence[Group]) -> tuple[int, ...]:
    out: list[int] = []
    for g in groups:
        out.extend(g.tiles)
    return tuple(out)


def readings(concealed: Sequence[int], exposed: Sequence[Group], facts: WinFacts) -> list[Reading]:
    """Every reading of the winning hand: the concealed 58-count vector (winning tile included)
    and the exposed phu."""
    c = list(concealed)
    if facts.flower_win:
        for k in range(len(c)):
            if (is_flower(k) or k == HO) and c[k]:
                c[k] -= 1
                c[TG] += 1
                break
    out: list[Reading] = []
    for d in decompositions(c):
        groups = [*exposed, *d]
        uses = any(g.uses_khung for g in groups)
        out.append(Reading(groups, facts, _tiles(groups), uses))
    if not exposed:
        if is_thirteen_orphans(c):
            reals = [k for k in range(NUM_BASIC) for _ in range(c[k])]
            wild = sum(c[KHUNG0:])
            # khung stand for the missing orphans (their exact faces do not change the value)
            missing = [k for k in sorted(ORPHANS_SET) if not c[k]]
            tiles = tuple(reals + missing[:wild] + [reals[0]] * max(0, wild - len(missing)))
            out.append(Reading([], facts, tiles, wild > 0, "thirteen_orphans"))
        rules = facts.rules
        if (
            rules.seven_pairs
            and is_seven_pairs(c)
            and (facts.self_draw or not rules.seven_pairs_self_draw_only)
        ):
            reals = [k for k in range(NUM_BASIC) for _ in range(c[k])]
            out.append(Reading([], facts, tuple(reals), False, "seven_pairs"))
    return out


def score_reading(r: Reading) -> tuple[int, list[Line]]:
    best: tuple[int, str, str] | None = None
    for n in NAMED:
        v = n.value(r)
        if v is not None and (best is None or v > best[0]):
            best = (v, n.id, n.name)
    if best is None:
        return -1, []
    rules = r.facts.rules
    blessed = rules.blessings == "fixed" and (r.facts.thien or r.facts.dia or r.facts.nhan)
    named_value = 0 if blessed else best[0]
    lines = [Line(best[1], best[2], named_value)]
    for b in BONUSES:
        if blessed and b.id not in BLESSINGS and b.id != "phan_coong":
            continue
        v = b.value(r, best[1])
        if v:
            lines.append(Line(b.id, b.name, v))
    return sum(ln.phan for ln in lines), lines


def evaluate(concealed: Sequence[int], exposed: Sequence[Group], facts: WinFacts) -> Score | None:
    """The best score of a win, or None when the tiles do not win."""
    if facts.phong_hoa:
        return Score(MUN, [Line("phong_hoa", "Phóng hoa", MUN)])
    best: Score | None = None
    for r in readings(concealed, exposed, facts):
        total, lines = score_reading(r)
        if total < 0:
            continue
        if best is None or total > best.phan:
            best = Score(total, lines, list(r.groups), r.special)
    return best


# -- payments --------------------------------------------------------------------------------


def shares(phan: int, rules: Rules) -> tuple[int, int]:
    """(cái, con): the big and the small share for ``phan`` (B.7.5), bonuses not included."""
    table = rules.payment_table
    if phan <= 0:
        return (2, 1) if table == "seed_addendum_shifted" else (1, 1)
    if phan < MUN:
        if table == "seed_addendum_shifted":
            return 2 ** (phan + 1), 2**phan
        if table == "round" and phan == 5:
            return 30, 15
        return 2**phan, 2 ** (phan - 1)
    m, r = divmod(phan, MUN)
    if rules.leftover_phan == "ignore":
        r = 0
    if table == "seed_addendum_shifted":
        return 128 * m + 4 * r, 64 * m + 2 * r
    if table == "round":
        return 60 * m + 2 * r, 30 * m + r
    return 64 * m + 2 * r, 32 * m + r


def payments(
    phan: int,
    winner: int,
    rules: Rules,
    *,
    discarder: int | None = None,
    den: bool = False,
    coong: bool = False,
    players: int = 4,
) -> list[int]:
    """What each seat pays the winner (the winner's entry is minus the total).

    Self-draw (``discarder`` None): everyone pays cái. On a discard: the discarder pays cái and
    the others con (0 phán: everyone 1). ``den``: the discarder alone pays cái + 2 con. Flat
    bonuses (+coong, +mủn) are added per payer before đền adds the shares up.
    """
    cai, con = shares(phan, rules)
    bonus = (rules.coong_bonus_points if coong else 0) + (
        rules.mun_bonus_points if phan >= MUN else 0
    )
    pay = [0] * players
    others = [s for s in range(players) if s != winner]
    for s in others:
        if discarder is None or s == discarder:
            pay[s] = cai + bonus
        else:
            pay[s] = con + bonus
    if discarder is not None and den:
        total = sum(pay)
        pay = [0] * players
        pay[discarder] = total
    pay[winner] = -sum(pay)
    return pay


# -- the outcome of a deal ------------------------------------------------------------------


class Win(NamedTuple):
    """One winner's settlement: the score, the discarder (None: self-drawn), whether the
    discarder đền (a win on a discarded flower) and whether the tile came from the đầu coong."""

    seat: int
    score: Score
    discarder: int | None
    den: bool
    coong: bool


class WinExtras(TypedDict, total=False):
    """The facts of a win that its kind tells (``WinFacts`` fields)."""

    self_draw: bool
    win_tile: int
    from_dead_wall: bool
    thien: bool
    dia: bool
    nhan: bool
    flower_win: bool
    waits: tuple[int, ...]


def win_facts(st: MatChuocState, s: int, **kw: Unpack[WinExtras]) -> WinFacts:
    """The facts of seat ``s``'s win that do not depend on the reading."""
    me = st.seats[s]
    # a Tổng and a Hợp both set down at the opening count as the pair (9 phán, B.1.3),
    # whether in one action or two
    down = list(me.khung_down)
    pairs = me.tong_hop[0]
    while (TG, True) in down and (HP, True) in down:
        down.remove((TG, True))
        down.remove((HP, True))
        pairs += 1
    return WinFacts(
        seat=st.cua(s),
        flowers=tuple(me.flowers),
        khung_down=tuple(down),
        tong_hop_opening=pairs,
        tong_hop_later=me.tong_hop[1],
        khung_discarded=tuple(me.khung_discarded),
        prevailing=st.prevailing,
        rules=st.rules,
        **kw,
    )


def self_win(st: MatChuocState, s: int) -> Win:
    """Tự ù: seat ``s`` wins on its own tiles (Thiên ù before the dealer's first discard)."""
    me = st.seats[s]
    h = me.hand
    thien = s == st.dealer and st.discards_made == 0 and not st.claims_made
    tile = -1 if thien else st.last_draw
    w: tuple[int, ...] = ()
    if tile >= 0:
        h[tile] -= 1
        w = tuple(waits(h, st.rules.seven_pairs) if not me.melds else waits(h))
        h[tile] += 1
    facts = win_facts(
        st,
        s,
        self_draw=True,
        win_tile=tile,
        from_dead_wall=st.last_from_dead,
        thien=thien,
        nhan=st.nhan_turn and s != st.dealer,
        waits=w,
    )
    score = evaluate(h, me.melds, facts)
    assert score is not None
    return Win(s, score, None, False, st.last_from_dead)


def discard_wins(st: MatChuocState, winners: Sequence[int], tile: int, d: int) -> list[Win]:
    """The wins of ``winners`` on ``d``'s discarded ``tile``."""
    flower = is_flower(tile) or tile == HO
    dia = d == st.dealer and st.discards_made == 1 and not st.claims_made
    out = []
    for s in winners:
        me = st.seats[s]
        h = me.hand
        w = tuple(waits(h, st.rules.seven_pairs))
        h[tile] += 1
        facts = win_facts(st, s, win_tile=tile, dia=dia, flower_win=flower, waits=w)
        score = evaluate(h, me.melds, facts)
        h[tile] -= 1
        assert score is not None, "a legal ù must score"
        out.append(Win(s, score, d, flower, False))
    return out


def phong_hoa(st: MatChuocState, d: int, tile: int) -> Win | None:
    """Phóng hoa (B.7.4): ``d`` wins when nobody claimed its third counted flower discard
    ``tile``; None when that is not the case."""
    me = st.seats[d]
    items = me.flower_discards
    counted = is_flower(tile) or (st.rules.phong_khung and is_khung(tile))
    if len(items) != 3 or not counted:
        return None  # only the third counted discard itself can win
    h = me.hand
    has_khung = any(h[KHUNG0:])
    if not st.rules.phong_khung:
        if any(is_khung(k) for k in items) or has_khung:
            return None
    else:
        xanh = sum(1 for k in items if k in XANH or k == HP)
        do = sum(1 for k in items if k in (NG, HY))
        if xanh == 3:
            pass
        elif xanh == 2 and do == 1:
            if any(h[HONOR0:NUM_BASIC]):
                return None
        elif has_khung:
            return None
    facts = WinFacts(seat=st.cua(d), phong_hoa=True, rules=st.rules)
    score = evaluate(h, me.melds, facts)
    assert score is not None
    return Win(d, score, None, False, False)


def settle(st: MatChuocState, wins: Sequence[Win]) -> Outcome:
    """The outcome of the deal won by ``wins`` (the first one is the winner of record)."""
    players = st.num_players
    pay = [0] * players
    details: list[WinJson] = []
    hits: list[PatternHit] = []
    for w in wins:
        p = payments(
            w.score.phan,
            w.seat,
            st.rules,
            discarder=w.discarder,
            den=w.den,
            coong=w.coong,
            players=players,
        )
        for i in range(players):
            pay[i] += p[i]
        details.append(
            {
                "winner": w.seat,
                "cua": st.cua(w.seat),
                "discarder": w.discarder,
                "den": w.den,
                **w.score.to_json(),
                "groups": [group_json(g) for g in w.score.groups],
                "payments": p,
            }
        )
        hits += [PatternHit(ln.id, ln.name, ln.phan) for ln in w.score.lines]
    winner = wins[0].seat
    # from five people on, East keeps the deal whoever wins (B.3.1, seed 002)
    keeps = st.rules.players > st.num_players or (
        winner == st.dealer and st.rules.dealer_keeps_on_win
    )
    deal: MatchuocDetails = {
        "wins": details,
        "dealer": st.dealer,
        "next_dealer": st.dealer if keeps else (st.dealer + 1) % players,
        "winner_hands": {str(w.seat): KINDS.kinds_of(st.seats[w.seat].hand) for w in wins},
    }
    return Outcome(
        Termination.WIN,
        tuple(float(-x) for x in pay),
        winner=winner,
        score=wins[0].score.phan,
        patterns=tuple(hits),
        details=dict(deal),
    )


def no_winner(st: MatChuocState) -> Outcome:
    """Hòa: the wall ran out (B.3.7); the dealer keeps the deal by the rules."""
    keeps = st.rules.dealer_keeps_on_draw or st.rules.players > st.num_players
    nxt = st.dealer if keeps else (st.dealer + 1) % st.num_players
    details: MatchuocDetails = {"dealer": st.dealer, "next_dealer": nxt}
    return Outcome(Termination.NO_WINNER, (0.0,) * st.num_players, details=dict(details))


def group_json(g: Group) -> GroupJson:
    return {
        "kind": g.kind,
        "tiles": list(g.tiles),
        "wilds": list(g.wilds),
        "exposed": g.exposed,
        "claimed": g.claimed,
    }
