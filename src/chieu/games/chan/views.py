"""What a seat sees of a Chắn table: the bots' ``observation`` and the View's parts.

Chắn is open after the deal: every exposure is public; only the hands, the nọc and the
set-aside piles are hidden (a hand laid down to claim ù is public from then on). The View's
zones are each seat's ``hand:S`` (grouped into chắn, cạ, ba đầu and què when the viewer sees
it), ``mat:S`` (its chắn, cạ and chíu), ``door:S``, the ``stock`` (nọc) and, with fewer than
four players, the ``set_aside`` piles. ``extra`` holds the cái card, the bắt-cái seat, the
draws left, the opening flag, the door a trả cửa goes to and the live card's origin
(docs/rules/chan.md, section 10).

Roles, marks and labels follow ``lang`` (``notation``'s words). The parts every viewer
shares are built once per step (a table builds one view per seat after each action), and so
is the JSON of each zone and seat: the views of one step share those dicts, which a reader
must not change. Zones and seats are values kept by their content; each seat's mat and door,
and a hand as its owner sees it, are also kept on the state while they stay the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict, TypeVarTuple

from chieu.core.actions import Action
from chieu.core.jsonio import JsonObject
from chieu.core.notation import Lang, pick
from chieu.core.view import Group, KeptSeatView, KeptZone, Live, Parts, SeatView, Zone, parts
from chieu.core.viewing import with_own_zone
from chieu.games.chan.analysis import grouping
from chieu.games.chan.cards import KINDS
from chieu.games.chan.faults import FaultEntry, blocked_discards, fault_entries, fault_messages
from chieu.games.chan.notation import GROUP_WORDS, MARK_WORDS, ROLE_WORDS
from chieu.games.chan.worlds import Origin

if TYPE_CHECKING:
    from chieu.games.chan.state import ChanState, Phase

CODES = KINDS.codes
#: a View's words for the groups, by language
GROUPS: dict[str, dict[str, str]] = {
    lang: {kind: pick(words, lang) for kind, words in GROUP_WORDS.items()} for lang in ("vi", "en")
}


#: the zones every viewer of a step sees alike, their JSON, and the seats shown
_Common = tuple[list[Zone], list[JsonObject], frozenset[int]]


@dataclass(slots=True, eq=False)
class _Views:
    """What the views of one step share (``at``: ``StateBase.changes``), by language or
    seat."""

    at: int
    common: dict[Lang, _Common] = field(default_factory=dict)
    seats: dict[Lang, tuple[SeatView, ...]] = field(default_factory=dict)
    extra: JsonObject | None = None
    #: per seat: ``id(action)`` -> the action and the fault it would commit
    faults: dict[int, dict[int, tuple[Action, tuple[str, str] | None]]] = field(
        default_factory=dict
    )
    blocked: dict[tuple[int, bool], AbstractSet[int]] = field(default_factory=dict)


def _cache(st: ChanState) -> _Views:
    """What the views of this step share (dropped by any action, clone or re-deal)."""
    cache: _Views | None = st.__dict__.get("_views")
    if cache is None or cache.at != st.changes:
        cache = st.__dict__["_views"] = _Views(st.changes)
    return cache


# -- the bots' observation ------------------------------------------------------------------


class LiveCard(TypedDict):
    """The live card of an observation: its kind, its door and where it came from."""

    card: int
    door: int
    origin: Origin


class MatGroupJson(TypedDict):
    """One group on a mat: its kinds and how it was taken (``chan``, ``ca``, ``chiu``)."""

    cards: list[int]
    how: str


class ChanObservation(TypedDict):
    """``ChanState.observation(seat)``: what a seat (None: a spectator) may see. Cards are
    kind indices (``cards.KINDS``); lists by seat are indexed by seat."""

    game: Literal["chan"]
    seat: int | None
    players: int
    phase: Phase
    to_act: bool  # the seat has a decision pending
    actor: int | None  # whose turn it is (None in a claim window and at the end)
    asked: list[int] | None  # the seats a claim window asks
    cai_seat: int
    cai_card: int
    bat_cai: int
    stock_left: int
    draws_left: int
    live: LiveCard | None
    mats: list[list[MatGroupJson]]
    doors: list[list[int]]  # each door's cards, the last on top
    hand_sizes: list[int]
    bao: list[bool]
    return_door: int | None  # the door a trả cửa goes to
    opening: bool
    faults: list[FaultEntry]  # as the seat knows them (``faults.fault_entries``)
    hand: NotRequired[list[int]]  # the seat's own hand (not for a spectator)
    shown_hands: NotRequired[dict[int, list[int]]]  # the hands laid down (every one at the end)
    outcome: NotRequired[Mapping[str, object]]  # ``Outcome.to_json()``, at the end
    winner_hand: NotRequired[list[int]]  # at the end, when someone won


def observation(st: ChanState, seat: int | None) -> ChanObservation:
    """What ``seat`` may see (None: a spectator). Never another seat's hand or the nọc; of
    another seat's fault only what the referee told the table (``faults.fault_entries``)."""
    window = st.window
    live = st.live
    obs: ChanObservation = {
        "game": "chan",
        "seat": seat,
        "players": st.num_players,
        "phase": st.phase,
        "to_act": seat is not None and seat in st.to_act(),
        "actor": None if st.phase in ("claim", "end") else st.actor,
        "asked": None if window is None else list(window.asked),
        "cai_seat": st.cai_seat,
        "cai_card": st.cai_card,
        "bat_cai": st.bat_cai,
        "stock_left": len(st.stock),
        "draws_left": st.drawable - st.draws,
        "live": None
        if live is None
        else {"card": live.card, "door": live.door, "origin": live.origin},
        "mats": [[{"cards": list(k), "how": how} for k, how in s.mat] for s in st.seats],
        "doors": [list(s.door) for s in st.seats],
        "hand_sizes": [sum(s.hand) for s in st.seats],
        "bao": [s.bao for s in st.seats],
        "return_door": st.return_door,
        "opening": st.opening,
        "faults": fault_entries(st.faults, seat, st.phase == "end"),
    }
    if seat is not None:
        obs["hand"] = KINDS.kinds_of(st.seats[seat].hand)
    shown = sorted(st.revealed())
    if shown:
        obs["shown_hands"] = {s: KINDS.kinds_of(st.seats[s].hand) for s in shown}
    outcome = st.outcome()
    if st.phase == "end" and outcome is not None:
        obs["outcome"] = outcome.to_json()
        if st.winner is not None:
            obs["winner_hand"] = KINDS.kinds_of(st.seats[st.winner].hand)
    return obs


# -- the View's parts -------------------------------------------------------------------------


def _codes(counts: Sequence[int]) -> tuple[str, ...]:
    return tuple(CODES[k] for k, n in enumerate(counts) for _ in range(n))


def hand_groups(counts: Sequence[int], lang: Lang = "vi") -> tuple[Group, ...]:
    """A hand in its best grouping: chắn, cạ, ba đầu, then què."""
    g = grouping(counts)
    words = GROUPS[lang]
    out = [Group((CODES[k], CODES[k]), "chan", words["chan"]) for k in g.chan]
    out += [Group((CODES[a], CODES[b]), "ca", words["ca"]) for a, b in g.ca]
    for r in g.ba_dau:
        base = (r - 2) * 3
        out.append(Group(tuple(CODES[base + i] for i in range(3)), "ba_dau", words["ba_dau"]))
    out += [Group((CODES[k],), "que", words["que"]) for k in g.que]
    return tuple(out)


#: zones by their content (they are values: any state, any step may share them)
_ZONES: dict[tuple[Hashable, ...], KeptZone] = {}
_MatContent = tuple[tuple[tuple[int, ...], str], ...]


Ts = TypeVarTuple("Ts")


def _zone(key: tuple[Hashable, ...], build: Callable[[*Ts], KeptZone], *args: *Ts) -> KeptZone:
    """The zone ``key`` describes (``(kind, seat, content, lang)``), ``build(*args)`` when it
    is not kept yet."""
    zone = _ZONES.get(key)
    if zone is None:
        if len(_ZONES) > 50_000:
            _ZONES.clear()
        zone = _ZONES[key] = build(*args)
    return zone


def _hand_zone(s: int, counts: tuple[int, ...], lang: Lang) -> KeptZone:
    """A hand the viewer sees: its counts, grouped."""
    codes = _codes(counts)
    return KeptZone(f"hand:{s}", s, "hand", len(codes), codes, hand_groups(counts, lang))


def _hidden_zone(s: int, size: int) -> KeptZone:
    """A hand the viewer does not see: its size."""
    return KeptZone(f"hand:{s}", s, "hand", size)


def _mat_zone(s: int, mat: _MatContent, lang: Lang) -> KeptZone:
    cards = tuple(CODES[k] for group, _ in mat for k in group)
    groups = tuple(
        Group(tuple(CODES[k] for k in group), how, GROUPS[lang][how]) for group, how in mat
    )
    return KeptZone(f"mat:{s}", s, "mat", len(cards), cards, groups)


def _door_zone(s: int, door: tuple[int, ...]) -> KeptZone:
    return KeptZone(f"door:{s}", s, "door", len(door), tuple(CODES[k] for k in door))


def _stock_zone(size: int) -> KeptZone:
    return KeptZone("stock", None, "stock", size)


def _aside_zone(size: int, lang: Lang) -> KeptZone:
    label = pick(("bài của ghế trống", "the empty seats' cards"), lang)
    return KeptZone("set_aside", None, "dead", size, label=label)


def _public_zones(st: ChanState, lang: Lang) -> Parts:
    """The mats, doors, the nọc (and the set-aside piles): each seat's mat and door kept on
    the state while they stay the same (an action changes one or two seats)."""
    kept: dict[tuple[int, str], tuple[tuple[_MatContent, tuple[int, ...]], KeptZone, KeptZone]]
    kept = st.__dict__.setdefault("_zone_views", {})
    mats = []
    doors = []
    for s, seat in enumerate(st.seats):
        content = (tuple(seat.mat), tuple(seat.door))
        hit = kept.get((s, lang))
        if hit is None or hit[0] != content:
            mat = _zone(("mat", s, content[0], lang), _mat_zone, s, content[0], lang)
            door = _zone(("door", s, content[1], "vi"), _door_zone, s, content[1])
            hit = kept[s, lang] = (content, mat, door)
        mats.append(hit[1])
        doors.append(hit[2])
    n = len(st.stock)
    rest = [_zone(("stock", None, n, "vi"), _stock_zone, n)]
    if st.num_players < 4:
        n = len(st.set_aside)
        rest.append(_zone(("aside", None, n, lang), _aside_zone, n, lang))
    zones = (*mats, *doors, *rest)
    return parts(zones, [z.to_json() for z in zones])


def view_zones(st: ChanState, seat: int | None, lang: Lang = "vi") -> tuple[Zone, ...]:
    """The hands (the viewer's own and any shown one with their cards), then the zones every
    viewer sees alike, as ``Parts`` (with their JSON): the zones as every viewer sees them
    are built once per step, then the viewer's own hand put in."""
    cache = _cache(st)
    common = cache.common.get(lang)
    if common is None:
        public = _public_zones(st, lang)
        shown = st.revealed()
        hands = [_seen_hand(s, me.hand, s in shown, lang) for s, me in enumerate(st.seats)]
        common = cache.common[lang] = (
            [*hands, *public],
            [z.to_json() for z in hands] + public.json,
            shown,
        )
    zones, json, shown = common
    if seat is not None and 0 <= seat < len(st.seats) and seat not in shown:
        return with_own_zone(zones, json, seat, _own_hand(st, seat, lang))
    return with_own_zone(zones, json)


def _seen_hand(s: int, hand: Sequence[int], shown: bool, lang: Lang) -> KeptZone:
    """A hand as every viewer sees it: its cards when it was ``shown``, else its size."""
    if shown:
        counts = tuple(hand)
        return _zone(("hand", s, counts, lang), _hand_zone, s, counts, lang)
    size = sum(hand)
    return _zone(("hidden", s, size, "vi"), _hidden_zone, s, size)


def _own_hand(st: ChanState, seat: int, lang: Lang) -> KeptZone:
    """The hand ``seat`` sees, kept on the state while it stays the same."""
    kept: dict[tuple[int, str], tuple[tuple[int, ...], KeptZone]]
    kept = st.__dict__.setdefault("_hand_views", {})
    hand = tuple(st.seats[seat].hand)
    hit = kept.get((seat, lang))
    if hit is None or hit[0] != hand:
        hit = kept[seat, lang] = (
            hand,
            _zone(("hand", seat, hand, lang), _hand_zone, seat, hand, lang),
        )
    return hit[1]


#: seats by their content (values: any state, any step may share them)
_SeatKey = tuple[int, int, tuple[str, ...], tuple[str, ...], bool, Lang]
_SEATS: dict[_SeatKey, tuple[KeptSeatView, JsonObject]] = {}


def _seat(key: _SeatKey) -> tuple[KeptSeatView, JsonObject]:
    """The seat ``key`` describes, ``(seat, hand size, roles, marks, to_act, lang)``, with
    its JSON."""
    hit = _SEATS.get(key)
    if hit is None:
        if len(_SEATS) > 20_000:
            _SEATS.clear()
        s, size, roles, marks, to_act, lang = key
        made = KeptSeatView(
            s,
            size,
            tuple(pick(ROLE_WORDS[r], lang) for r in roles),
            tuple(pick(MARK_WORDS[m], lang) for m in marks),
            to_act,
        )
        hit = _SEATS[key] = (made, made.to_json())
    return hit


def view_seats(st: ChanState, lang: Lang = "vi") -> tuple[SeatView, ...]:
    """Each seat's roles (cái, bắt cái, thắng ván trước) and marks (báo, nghỉ ăn tiền, đền
    tám đỏ hai lèo, đã lật bài) in ``lang``."""
    cache = _cache(st)
    seats = cache.seats.get(lang)
    if seats is None:
        turn = st.window is None and st.phase != "end"
        prev = st.setup.get("prev_winner")
        out = []
        for s, seat in enumerate(st.seats):
            roles: tuple[str, ...] = ()
            if s == st.cai_seat:
                roles += ("cai",)
            if s == st.bat_cai:
                roles += ("bat_cai",)
            if prev == s:
                roles += ("prev_winner",)
            marks: tuple[str, ...] = ()
            if seat.bao:
                marks += ("bao",)
            if seat.nat:
                marks += ("nat",)
            if s in st.pay12:
                marks += ("pay12",)
            if seat.shown:
                marks += ("shown",)
            out.append(_seat((s, sum(seat.hand), roles, marks, turn and s == st.actor, lang)))
        seats = cache.seats[lang] = parts([v for v, _ in out], [j for _, j in out])
    return seats


def view_live(st: ChanState) -> Live | None:
    live = st.live
    if live is None:
        return None
    return Live(CODES[live.card], live.door, "drawn" if live.from_nocc else "discard")


def view_extra(st: ChanState) -> JsonObject:
    """The cái card and seat, the bắt-cái seat, the draws left, the opening flag, the door a
    trả cửa goes to, and the live card's origin (``discard``, ``drawn``, ``passed``,
    ``returned``)."""
    cache = _cache(st)
    extra = cache.extra
    if extra is None:
        extra = cache.extra = _extra(st)
    return dict(extra)


def _extra(st: ChanState) -> JsonObject:
    return {
        "cai_card": CODES[st.cai_card],
        "cai_seat": st.cai_seat,
        "bat_cai": st.bat_cai,
        "draws_left": st.drawable - st.draws,
        "opening": st.opening,
        "return_door": st.return_door,
        "origin": None if st.live is None else st.live.origin,
    }


def fault_of(st: ChanState, seat: int, action: Action) -> tuple[str, str] | None:
    """The first fault ``action`` would commit (its id and Vietnamese name), or None."""
    cache = _cache(st)
    known = cache.faults.get(seat)
    if known is None:
        known = cache.faults[seat] = {}
    hit = known.get(id(action))
    if hit is not None and hit[0] is action:
        return hit[1]
    verb = action.verb
    if verb in ("discard", "return"):
        returning = verb == "return"
        blocked = cache.blocked.get((seat, returning))
        if blocked is None:
            blocked = cache.blocked[seat, returning] = blocked_discards(st, seat, returning)
        if action.card not in blocked:  # type: ignore[attr-defined]
            known[id(action)] = (action, None)
            return None
    found = fault_messages(st, seat, action)
    result = (found[0][0].id, found[0][0].name) if found else None
    known[id(action)] = (action, result)
    return result
