"""What a seat sees of a Mạt chược table: the bots' observation and the zones, seats, live tile
and extras of ``state.view(seat)`` (``core.viewing`` adds decisions, events and the outcome).

A seat sees its own hand, every discard, the exposed phu, the flowers and khung set down,
every hand size and the wall's size; at the end the winners' hands. Nothing here reads a tile
the viewer may not see.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from chieu.core.jsonio import JsonObject
from chieu.core.notation import Lang
from chieu.core.view import Group as GroupView
from chieu.core.view import KeptSeatView, KeptZone, Live, SeatView, Zone
from chieu.core.viewing import position_cache, with_own_zone
from chieu.games.matchuoc.cards import (
    FLOWER0,
    HONOR0,
    HP,
    KHUNG0,
    KINDS,
    NUM_KINDS,
    TG,
    flower_number,
)
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.scoring import GroupJson, group_json
from chieu.games.matchuoc.setups import PLAYERS
from chieu.games.matchuoc.worlds import drawn_by

if TYPE_CHECKING:
    from chieu.games.matchuoc.state import MatChuocState, Phase

#: the discard a claim window is open on (``from``: who discarded it)
DiscardJson = TypedDict("DiscardJson", {"tile": int, "from": int})


class MatchuocObservation(TypedDict):
    """What one seat sees of a Mạt chược table (``observation``): tiles as kinds (``cards``),
    a hand as its kinds (a kind once per copy), every list indexed by seat."""

    game: Literal["matchuoc"]
    seat: int | None  # the viewer (None: a spectator)
    players: int
    phase: Phase
    to_act: bool  # the viewer is to play (or to answer the claim window)
    actor: int | None  # the seat to play (None during a claim window and at the end)
    dealer: int
    cua: list[int]  # each seat's cửa (1 = Đông, the dealer)
    prevailing: int  # the round wind's kind
    wall_left: int
    rivers: list[list[int]]  # each seat's discards, in order
    melds: list[list[GroupJson]]  # each seat's exposed phu
    flowers: list[list[int]]  # the flowers each seat set down
    khung_down: list[list[int]]  # the khung each seat set down
    tong_hop: list[list[int]]  # each seat's Tổng+Hợp pairs: at the opening, later
    hand_sizes: list[int]
    discard: DiscardJson | None  # the discard a claim window is open on
    after_claim: bool  # the actor claimed and now only discards
    hand: NotRequired[list[int]]  # the viewer's hand (a seat, not a spectator)
    drawn: NotRequired[int]  # the tile the viewer has just drawn (-1: none), on its turn
    outcome: NotRequired[JsonObject]  # at the end: ``Outcome.to_json()``
    winner_hands: NotRequired[dict[int, list[int]]]  # at the end: each winner's hand


#: the zones of a position as ``Zone`` objects and as JSON, and the hands shown
ZoneParts = tuple[list[Zone], list[JsonObject], frozenset[int]]

CODES = KINDS.codes
WIND_NAMES = ("Đông", "Nam", "Tây", "Bắc")
WIND_NAMES_EN = ("East", "South", "West", "North")
#: an exposed phu's kind -> its words (vi, en)
GROUP_WORDS: dict[str, tuple[str, str]] = {
    "pung": ("phỗng", "pung"),
    "kong": ("coong", "kong"),
    "concealed_kong": ("coong kín", "concealed kong"),
    "chow": ("phu dọc", "chow"),
}
GROUP_LABELS = {kind: words[0] for kind, words in GROUP_WORDS.items()}
#: the words of the zones whose role alone does not say it (vi, en)
ZONE_WORDS: dict[str, tuple[str, str]] = {
    "mat": ("phu đã hạ", "exposed sets"),
    "flowers": ("hoa, khung đã dựng", "flowers and khung set down"),
    "stock": ("tường", "wall"),
    "box": ("khung không dùng", "khung not in play"),
}


def _words(zone: str, lang: Lang) -> str:
    words = ZONE_WORDS[zone]
    return words[1] if lang == "en" else words[0]


#: the hand is shown in blocks: (kind id, first kind, end kind, vi, en)
HAND_BLOCKS = (
    ("m", 0, 9, "Vạn", "Characters"),
    ("p", 9, 18, "Văn", "Dots"),
    ("s", 18, 27, "Sách", "Bamboos"),
    ("honors", HONOR0, FLOWER0, "chữ", "honors"),
    ("flowers", FLOWER0, KHUNG0, "hoa", "flowers"),
    ("khung", KHUNG0, NUM_KINDS, "khung", "jokers"),
)
_HAND_IDS = tuple(f"hand:{s}" for s in range(PLAYERS))
_MAT_IDS = tuple(f"mat:{s}" for s in range(PLAYERS))
_DOWN_IDS = tuple(f"flowers:{s}" for s in range(PLAYERS))
_RIVER_IDS = tuple(f"discard:{s}" for s in range(PLAYERS))


@lru_cache(maxsize=8192)
def hand_codes(counts: tuple[int, ...]) -> tuple[str, ...]:
    """The codes of a count vector, in kind order."""
    return tuple(CODES[k] for k in range(NUM_KINDS) if counts[k] for _ in range(counts[k]))


def group_cards(g: Group) -> tuple[str, ...]:
    """The tiles of a phu as they lie: a khung where it stands in, else the tile."""
    return tuple(CODES[w if w >= 0 else t] for t, w in zip(g.tiles, g.wilds, strict=True))


def group_kind(g: Group) -> str:
    """The kind of an exposed phu (a coong not made from a discard is a coong kín)."""
    return "concealed_kong" if g.kind == "kong" and not g.claimed else g.kind


@lru_cache(maxsize=4096)
def _group(g: Group, lang: Lang) -> GroupView:
    kind = group_kind(g)
    words = GROUP_WORDS[kind]
    return GroupView(group_cards(g), kind, words[1] if lang == "en" else words[0])


@lru_cache(maxsize=4096)
def _mat(s: int, melds: tuple[Group, ...], lang: Lang) -> Zone:
    groups = tuple(_group(g, lang) for g in melds)
    cards = tuple(c for g in groups for c in g.cards)
    return KeptZone(_MAT_IDS[s], s, "mat", len(cards), cards, groups, _words("mat", lang))


@lru_cache(maxsize=4096)
def _down(
    s: int, flowers: tuple[int, ...], khung: tuple[tuple[int, bool], ...], pairs: int, lang: Lang
) -> Zone:
    cards = tuple(CODES[k] for k in flowers) + tuple(CODES[k] for k, _ in khung)
    cards += (CODES[TG], CODES[HP]) * pairs
    return KeptZone(_DOWN_IDS[s], s, "flowers", len(cards), cards, None, _words("flowers", lang))


@lru_cache(maxsize=8192)
def _river(s: int, river: tuple[int, ...]) -> Zone:
    cards = tuple(CODES[k] for k in river)
    return KeptZone(_RIVER_IDS[s], s, "discard", len(cards), cards)


@lru_cache(maxsize=8)
def _box(box: tuple[int, ...], lang: Lang) -> Zone:
    cards = hand_codes(box)
    return KeptZone("box", None, "dead", len(cards), cards, None, _words("box", lang))


def observation(st: MatChuocState, seat: int | None) -> MatchuocObservation:
    """What ``seat`` may see (None: a spectator). Never another seat's hand or the wall."""
    window = st.window
    pending = window.pending() if window is not None else ()
    live = st.live
    obs: MatchuocObservation = {
        "game": "matchuoc",
        "seat": seat,
        "players": PLAYERS,
        "phase": st.phase,
        "to_act": seat is not None
        and (seat in pending if window is not None else st.phase != "end" and st.actor == seat),
        "actor": None if st.phase in ("claim", "end") else st.actor,
        "dealer": st.dealer,
        "cua": [st.cua(s) for s in range(PLAYERS)],
        "prevailing": st.prevailing,
        "wall_left": len(st.wall),
        "rivers": [list(me.river) for me in st.seats],
        "melds": [[group_json(g) for g in me.melds] for me in st.seats],
        "flowers": [list(me.flowers) for me in st.seats],
        "khung_down": [[k for k, _ in me.khung_down] for me in st.seats],
        "tong_hop": [list(me.tong_hop) for me in st.seats],
        "hand_sizes": [sum(me.hand) for me in st.seats],
        "discard": None if live is None else {"tile": live.tile, "from": live.seat},
        "after_claim": st.after_claim and st.phase == "turn",
    }
    if seat is not None:
        obs["hand"] = KINDS.kinds_of(st.seats[seat].hand)
        if st.phase == "turn" and st.actor == seat:
            obs["drawn"] = st.last_draw
    if st.phase == "end" and st._outcome is not None:
        obs["outcome"] = st._outcome.to_json()
        obs["winner_hands"] = {s: KINDS.kinds_of(st.seats[s].hand) for s in st.winners}
    return obs


@lru_cache(maxsize=8192)
def _hand(s: int, count: int, counts: tuple[int, ...] | None, lang: Lang) -> Zone:
    """A seat's hand; seen, it is split in blocks (Vạn, Văn, Sách, chữ, hoa, khung)."""
    if counts is None:
        return KeptZone(_HAND_IDS[s], s, "hand", count)
    groups = []
    for kind, lo, hi, vi, en in HAND_BLOCKS:
        cards = tuple(CODES[k] for k in range(lo, hi) for _ in range(counts[k]))
        if cards:
            groups.append(GroupView(cards, kind, en if lang == "en" else vi))
    return KeptZone(_HAND_IDS[s], s, "hand", count, hand_codes(counts), tuple(groups))


@lru_cache(maxsize=256)
def _stock(count: int, lang: Lang) -> Zone:
    return KeptZone("stock", None, "stock", count, None, None, _words("stock", lang))


def view_zones(st: MatChuocState, seat: int | None, lang: Lang = "vi") -> tuple[Zone, ...]:
    """Per seat its hand, phu, flowers and river, then the wall and the box, as ``Parts``:
    the zones as every viewer sees them are built once per position, then the viewer's own
    hand put in."""
    pos = position_cache(st)
    common: ZoneParts | None = pos.get(("zones", lang))
    if common is None:
        common = pos["zones", lang] = _common_zones(st, lang)
    zones, json, shown = common
    if seat is not None and 0 <= seat < len(st.seats) and seat not in shown:
        hand = st.seats[seat].hand
        return with_own_zone(zones, json, 4 * seat, _hand(seat, sum(hand), tuple(hand), lang))
    return with_own_zone(zones, json)


def _common_zones(st: MatChuocState, lang: Lang) -> ZoneParts:
    shown = st.revealed()
    out: list[Zone] = []
    for s, me in enumerate(st.seats):
        hand = me.hand
        out += (
            _hand(s, sum(hand), tuple(hand) if s in shown else None, lang),
            _mat(s, tuple(me.melds), lang),
            _down(
                s,
                tuple(me.flowers),
                tuple(me.khung_down),
                me.tong_hop[0] + me.tong_hop[1],
                lang,
            ),
            _river(s, tuple(me.river)),
        )
    out.append(_stock(len(st.wall), lang))
    out.append(_box(tuple(st.box), lang))
    return out, [z.to_json() for z in out], shown


#: a seat's roles by its cửa (1 = Đông, the dealer), per language
ROLES: dict[Lang, tuple[tuple[str, ...], ...]] = {
    "vi": tuple(
        (("nhà cái",) if cua == 1 else ()) + (f"cửa {WIND_NAMES[cua - 1]}",) for cua in range(1, 5)
    ),
    "en": tuple(
        (("dealer",) if cua == 1 else ()) + (f"{WIND_NAMES_EN[cua - 1]} seat",)
        for cua in range(1, 5)
    ),
}
NO_KHUNG_MARK: dict[Lang, tuple[str, ...]] = {
    "vi": ("hoa đúng cửa: không đánh khung",),
    "en": ("own flower down: no khung discards",),
}


@lru_cache(maxsize=1024)
def _seat(s: int, count: int, cua: int, marked: bool, acting: bool, lang: Lang) -> SeatView:
    return KeptSeatView(
        s, count, ROLES[lang][cua - 1], NO_KHUNG_MARK[lang] if marked else (), acting
    )


def view_seats(st: MatChuocState, lang: Lang = "vi") -> tuple[SeatView, ...]:
    """Hand counts, the roles (nhà cái, the cửa's wind) and the public mark of a seat whose
    own flower is down and so may no longer discard a khung."""
    acting = st.actor if st.phase in ("opening", "turn") else -1
    marking = st.rules.khung_discard == "forbid_after_seat_flower"
    out = []
    dealer = st.dealer
    for s, me in enumerate(st.seats):
        cua = (s - dealer) % PLAYERS + 1
        marked = marking and bool(me.flowers) and cua in {flower_number(k) for k in me.flowers}
        out.append(_seat(s, sum(me.hand), cua, marked, s == acting, lang))
    return tuple(out)


def view_live(st: MatChuocState) -> Live | None:
    """The discard a claim window is open on."""
    live = st.live
    return None if live is None else Live(CODES[live.tile], live.seat, "discard")


def view_extra(st: MatChuocState, seat: int | None) -> JsonObject:
    """``dealer`` (the seat), ``prevailing`` (the round wind's code), ``wall_left``,
    ``after_claim`` (the actor claimed and now only discards) and, for the seat that has just
    drawn, ``drawn`` (the tile's code)."""
    extra: JsonObject = {
        "dealer": st.dealer,
        "prevailing": CODES[st.prevailing],
        "wall_left": len(st.wall),
        "after_claim": st.after_claim and st.phase == "turn",
    }
    if seat is not None and seat == drawn_by(st):
        extra["drawn"] = CODES[st.last_draw]
    return extra
