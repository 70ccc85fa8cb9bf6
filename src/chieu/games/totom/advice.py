"""What the hints of a Tổ tôm seat are computed from (``hints.hints`` puts them in words).

* ``arrange``: the held cards laid out as a player sorts them: the most cards in phu (then
  the most lưng and cước points), then the most of the rest in **cạ** (a set one card short
  of a phu, B4.1: ``5S 6S`` waits 4S or 7S, ``6S 6S`` waits a phỗng), the rest **quân lẻ**.
* ``unseen``: the copies of each kind the seat has not seen (its own hand, every mat and door,
  the live card, a hand laid down).
* ``discard_options``: every card the seat may give up, ranked: the waits it leaves (by the
  unseen winning copies), then how loose the rest is; each with the card's part in the hand.
* ``status``: the same measures for a hand as it stands (a take is weighed against it).
* ``win_value``: the cước and score of an ù on the live card.

Everything reads the seat's own cards and what the table shows: never a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chieu.core.outcome import PatternHit
from chieu.games.totom import analysis as an
from chieu.games.totom import claims, scoring
from chieu.games.totom.cards import CC, NUM_KINDS
from chieu.games.totom.partition import Partition
from chieu.games.totom.patterns import WinContext
from chieu.games.totom.phu import ALL_PHU, KHAN, LONE, QUAD, Phu
from chieu.games.totom.rules import Rules
from chieu.games.totom.shapes import give_ups, phu_of

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState


@dataclass(frozen=True, slots=True)
class Ca:
    """A cạ: cards one short of a phu, and the kinds that complete it."""

    cards: tuple[int, ...]
    waits: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """The held cards sorted: phu, cạ and quân lẻ."""

    phu: tuple[Phu, ...]
    ca: tuple[Ca, ...]
    loose: tuple[int, ...]

    def need(self) -> int:
        """How far from a complete hand: 2 per quân lẻ, 1 per cạ."""
        return 2 * len(self.loose) + len(self.ca)


# -- the layout -------------------------------------------------------------------------------

_Need = tuple[tuple[int, int], ...]  # (kind, copies) of each kind a group takes


def _need(cards: Sequence[int]) -> _Need:
    return tuple((x, cards.count(x)) for x in sorted(set(cards)))


#: per lowest kind: every group whose lowest card it is, with what each takes: the phu of
#: ≥ 3 cards (runs, bí, named lưng), then the khàn, the thiên khai and a yêu card alone
_PHU_BY_LOW: list[list[tuple[Phu, _Need]]] = [[] for _ in range(NUM_KINDS)]
for _p in ALL_PHU:
    _PHU_BY_LOW[_p.cards[0]].append((_p, _need(_p.cards)))
for _k in range(NUM_KINDS):
    _PHU_BY_LOW[_k] += [(KHAN[_k], ((_k, 3),)), (QUAD[_k], ((_k, 4),))]
    if _k >= CC:
        _PHU_BY_LOW[_k].append((LONE[_k], ((_k, 1),)))


_CaShape = tuple[tuple[int, ...], tuple[int, ...], _Need]  # cards, what completes it, needs


def _partials() -> tuple[list[list[_CaShape]], dict[tuple[int, ...], tuple[int, ...]]]:
    """Every cạ shape (a phu of ≥ 3 cards less one card; two of a numbered kind) by lowest
    kind, with what completes it and what it takes of the hand; and what completes each."""
    waits: dict[tuple[int, ...], set[int]] = {}
    for p in ALL_PHU:
        for x in set(p.cards):
            rest = list(p.cards)
            rest.remove(x)
            waits.setdefault(tuple(rest), set()).add(x)
    for k in range(CC):
        waits.setdefault((k, k), set()).add(k)
    by_low: list[list[_CaShape]] = [[] for _ in range(NUM_KINDS)]
    done = {cards: tuple(sorted(ws)) for cards, ws in waits.items()}
    for cards, ws in done.items():
        by_low[cards[0]].append((cards, ws, _need(cards)))
    for lst in by_low:
        lst.sort(key=lambda e: -len(e[0]))
    return by_low, done


_CA_BY_LOW, CA_WAITS = _partials()
_Score = tuple[int, int, int]
_PhuMemo = dict[tuple[int, ...], tuple[_Score, tuple[Phu, ...], tuple[int, ...]]]
_PHU_MEMO: dict[str, _PhuMemo] = {}
_CA_MEMO: dict[tuple[int, ...], tuple[int, tuple[Ca, ...], tuple[int, ...]]] = {}
_MEMO_MAX = 200_000


def _lowest(c: tuple[int, ...], start: int) -> int:
    """The lowest kind held in ``c`` from ``start`` on (none below it), -1 for none."""
    for k in range(start, NUM_KINDS):
        if c[k]:
            return k
    return -1


def _minus(c: tuple[int, ...], need: _Need) -> tuple[int, ...] | None:
    """The counts ``c`` less what a group takes (``need``); None when ``c`` lacks a card."""
    for x, copies in need:
        if c[x] < copies:
            return None
    rest = list(c)
    for x, copies in need:
        rest[x] -= copies
    return tuple(rest)


def _phu_part(
    c: tuple[int, ...], rules: Rules, memo: _PhuMemo, start: int = 0
) -> tuple[_Score, tuple[Phu, ...], tuple[int, ...]]:
    """The most cards in phu (then lưng, then points) from the counts ``c`` (no card below
    ``start``): (score, phu, the cards left)."""
    hit = memo.get(c)
    if hit is not None:
        return hit
    k = _lowest(c, start)
    if k < 0:
        return (0, 0, 0), (), ()
    rest = list(c)
    rest[k] -= 1
    score, groups, left = _phu_part(tuple(rest), rules, memo, k)
    best = (score, groups, (k, *left))
    for phu, need in _PHU_BY_LOW[k]:
        after = _minus(c, need)
        if after is None:
            continue
        (n, lung, pts), sub, left = _phu_part(after, rules, memo, k)
        score = (n + len(phu.cards), lung + phu.is_lung(rules), pts + phu.points)
        if score > best[0]:
            best = (score, (phu, *sub), left)
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    memo[c] = best
    return best


def _ca_part(c: tuple[int, ...], start: int = 0) -> tuple[int, tuple[Ca, ...], tuple[int, ...]]:
    """The most cards in cạ from the counts ``c`` (cards in no phu, none below ``start``):
    (cards, cạ, the rest)."""
    hit = _CA_MEMO.get(c)
    if hit is not None:
        return hit
    k = _lowest(c, start)
    if k < 0:
        return 0, (), ()
    rest = list(c)
    rest[k] -= 1
    n, groups, left = _ca_part(tuple(rest), k)
    best = (n, groups, (k, *left))
    for cards, waits, need in _CA_BY_LOW[k]:
        after = _minus(c, need)
        if after is None:
            continue
        m, sub, left = _ca_part(after, k)
        if m + len(cards) > best[0]:
            best = (m + len(cards), (Ca(cards, waits), *sub), left)
    if len(_CA_MEMO) >= _MEMO_MAX:
        _CA_MEMO.clear()
    _CA_MEMO[c] = best
    return best


def arrange(free: Sequence[int], rules: Rules) -> Arrangement:
    """The held cards ``free`` sorted into phu, cạ and quân lẻ (see the module docstring)."""
    memo = _PHU_MEMO.setdefault(rules.lung_reading, {})
    _, phu, left = _phu_part(tuple(free), rules, memo)
    rest = [0] * NUM_KINDS
    for k in left:
        rest[k] += 1
    _, ca, loose = _ca_part(tuple(rest))
    return Arrangement(phu, ca, loose)


def lung_count(arr: Arrangement, fixed: Sequence[Phu], rules: Rules) -> int:
    return sum(1 for g in (*arr.phu, *fixed) if g.is_lung(rules))


# -- what the seat has seen -------------------------------------------------------------------


def unseen(st: TotomState, seat: int) -> list[int]:
    """The copies of each kind ``seat`` has not seen."""
    left = [4 - n for n in st.seats[seat].hand]
    shown = st.revealed()
    for s, other in enumerate(st.seats):
        for g in other.mat:
            for k in g.cards:
                left[k] -= 1
        for k in other.door:
            left[k] -= 1
        if s != seat and s in shown:
            left = [n - h for n, h in zip(left, other.hand, strict=True)]
    if st.live is not None:
        left[st.live.card] -= 1
    return [max(0, n) for n in left]


# -- a hand's standing and the discards -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Status:
    """A 20-card hand (held ``free`` and ``fixed`` phu): its waits and layout."""

    waits: dict[int, Partition]
    chances: int  # the unseen copies of the winning kinds
    arrangement: Arrangement
    lung: int  # lưng in the layout's phu and the fixed ones

    def key(self, rules: Rules) -> tuple[int, int]:
        """Smaller is better: the most winning copies left, then the tightest hand (a lưng
        short counts as two quân lẻ)."""
        short = max(0, rules.min_lung - self.lung)
        return (-self.chances, self.arrangement.need() + 4 * short)


def status(free: Sequence[int], fixed: Sequence[Phu], rules: Rules, left: Sequence[int]) -> Status:
    waits = an.waits(free, rules, fixed=fixed)
    arr = arrange(free, rules)
    return Status(waits, sum(left[x] for x in waits), arr, lung_count(arr, fixed, rules))


@dataclass(frozen=True, slots=True)
class Role:
    """What a held card does in the layout: ``le`` (quân lẻ), ``ca`` (in ``ca``), ``spare``
    (its phu stays a phu without it), ``yeu`` (a lone yêu), ``khan`` (a khàn kept in hand),
    ``phu`` (it breaks ``phu``)."""

    kind: str
    ca: Ca | None = None
    phu: Phu | None = None
    dead: bool = False  # a cạ whose completing cards are all seen


_ROLE_ORDER = {"le": 0, "spare": 1, "ca": 2, "khan": 3, "phu": 4, "yeu": 5}


def role(arr: Arrangement, k: int, left: Sequence[int]) -> Role:
    if k in arr.loose:
        return Role("le")
    for ca in arr.ca:
        if k in ca.cards:
            return Role("ca", ca=ca, dead=not any(left[w] for w in ca.waits))
    for phu in arr.phu:
        if k not in phu.cards:
            continue
        if phu.type == "yeu":
            return Role("yeu", phu=phu)
        rest = list(phu.cards)
        rest.remove(k)
        if len(rest) >= 3 and phu_of(rest) is not None:
            return Role("spare", phu=phu)
        if phu.type == "khan":
            return Role("khan", phu=phu)
        return Role("phu", phu=phu)
    return Role("le")


@dataclass(frozen=True, slots=True)
class Option:
    """Giving up ``kind``: its part in the hand, and the hand it leaves."""

    kind: int
    role: Role
    after: Status

    def key(self, rules: Rules) -> tuple[int, int, int, int]:
        r = self.role
        order = 0 if r.kind == "ca" and r.dead else _ROLE_ORDER[r.kind]
        return (*self.after.key(rules), order, self.kind)


def discard_options(
    free: Sequence[int],
    fixed: Sequence[Phu],
    rules: Rules,
    left: Sequence[int],
    allowed: Sequence[int],
) -> list[Option]:
    """The cards of ``allowed`` ranked, the best first."""
    arr = arrange(free, rules)
    out = [
        Option(k, role(arr, k, left), status(after, fixed, rules, left))
        for k, after in give_ups(free, allowed)
    ]
    out.sort(key=lambda o: o.key(rules))
    return out


# -- an ù on the live card --------------------------------------------------------------------


def win_value(st: TotomState, seat: int) -> tuple[list[PatternHit], int] | None:
    """The cước and score of ``seat``'s ù on the live card (None: no valid ù), as
    ``TotomState.win`` would count them (the engine's calls)."""
    live = st.live
    if live is None:
        return None
    part = claims.win_check(st, seat).best
    if part is None:
        return None
    me = st.seats[seat]
    counts = list(me.hand)
    counts[live.card] += 1
    for g in me.mat:
        for k in g.cards:
            counts[k] += 1
    setup = st.setup
    thong = setup["prev_winner"] == seat and seat not in setup["boats"] + setup["glasses"]
    ctx = WinContext(
        counts=tuple(counts),
        partition=part,
        win_card=live.card,
        from_nocc=live.drawn,
        wait_count=claims.wait_count(st, seat, list(me.hand)),
        thong=thong,
    )
    hits = scoring.cuoc_of(ctx)
    return hits, scoring.score_of(hits, st.rules)
