"""What a seat sees of a Phỏm table: the View's parts and the bots' observation.

``view_zones`` follows the zones of ``worlds`` (a hand is seen by its owner only, or by
everyone once shown; the stock by nobody; the rest is public), with the cards as codes
(``Kh``), the hand sorted by rank and the phỏm on the table as groups. ``view_seats`` gives
the hand sizes, the first player's role and the marks ``đã hạ`` / ``móm`` / ``ù``. Both take
``lang`` (``"vi"``, ``"en"``): the role, the marks and the group labels follow it.
``view_extra`` carries the facts of Phỏm the schema has no field for (docs/rules/phom.md §11):
the first player, the direction, whether the live discard is a chốt, each seat's eats, the
payments made so far (eat payments are paid at once) and the running payoffs.

``observation(seat)`` is the bots' dict, a ``PhomObservation`` (and
``worlds.from_observation``'s input).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, NotRequired, TypedDict

from chieu.core.jsonio import JsonObject, as_json
from chieu.core.notation import Lang, pick
from chieu.core.view import Group, KeptSeatView, KeptZone, SeatView, Zone
from chieu.core.view import Live as LiveView
from chieu.core.viewing import position_cache, with_own_zone
from chieu.games.phom import analysis as an
from chieu.games.phom.cards import KINDS, cards_of, sort_key
from chieu.games.phom.worlds import Phase, PhomBoard, Stage

CODES = KINDS.codes
_BY_RANK = tuple(sorted(range(52), key=sort_key))
#: the words of a group kind, of the seat role and of the marks (vi, en)
GROUP_LABELS = {"set": ("phỏm ngang", "set"), "run": ("phỏm dọc", "run")}
ROLE_WORDS = {"first": ("đi đầu", "first player")}
MARK_WORDS = {"laid": ("đã hạ", "laid down"), "mom": ("móm", "móm"), "u": ("ù", "ù")}

#: the live discard in an observation (``from``: who discarded it)
LiveJson = TypedDict("LiveJson", {"card": int, "from": int, "chot": bool})


class PhomObservation(TypedDict):
    """What one seat sees of a Phỏm table (``observation``): cards as codes 0..51, a meld as
    its cards, every list indexed by seat."""

    game: Literal["phom"]
    seat: int | None  # the viewer (None: a spectator)
    players: int
    first: int  # the first player (10 cards)
    direction: int  # +1 clockwise, -1 counterclockwise
    phase: Phase
    actor: int | None  # the seat to play (None at the end)
    to_act: bool  # the viewer is to play
    stock_left: int
    live: LiveJson | None  # the discard the next player may eat
    rows: list[list[int]]  # each seat's discards still in front of it, in order
    melds: list[list[list[int]]]  # each seat's phỏm on the table (with the cards sent)
    eaten: list[list[int]]  # every card each seat ate
    eaten_in_hand: list[list[int]]  # the eaten cards still in each hand
    hand_sizes: list[int]
    laid: list[bool]  # each seat has laid down
    lay_order: list[int]
    laying: bool  # the viewer's lay-down is under way
    payoffs: list[float]  # the running payoffs (eat payments are made at once)
    # the public turn state (for rebuilding worlds)
    stage: Stage
    laydown_turn: bool
    must_lay: int
    chot_from: int
    turn_sent: int
    first_turns: int
    khan_queue: list[int]
    hand: NotRequired[list[int]]  # the viewer's hand (a seat, not a spectator)
    shown_hands: NotRequired[dict[int, list[int]]]  # hands shown to everyone, by seat
    outcome: NotRequired[JsonObject]  # at the end: ``Outcome.to_json()``


#: the zones of a position as ``Zone`` objects and as JSON (``core.viewing.with_own_zone``)
ZoneParts = tuple[list[Zone], list[JsonObject]]


# Zones and seats are built from small keys through caches: a server builds one view per seat
# after every action, and most of a table does not change from one action to the next.


@lru_cache(maxsize=8192)
def hand_codes(mask: int) -> tuple[str, ...]:
    """The codes of a hand's cards, by rank then suit."""
    return tuple(CODES[c] for c in _BY_RANK if mask >> c & 1)


@lru_cache(maxsize=4096)
def meld_group(mask: int, lang: Lang = "vi") -> Group:
    kind = an.phom_kind(mask)
    label = pick(GROUP_LABELS[kind], lang) if kind in GROUP_LABELS else ""
    return Group(tuple(CODES[c] for c in cards_of(mask)), kind, label)


@lru_cache(maxsize=8192)
def _hand_zone(seat: int, mask: int) -> Zone:
    return KeptZone(f"hand:{seat}", seat, "hand", mask.bit_count(), hand_codes(mask))


@lru_cache(maxsize=1024)
def _hidden_hand_zone(seat: int, count: int) -> Zone:
    return KeptZone(f"hand:{seat}", seat, "hand", count)


@lru_cache(maxsize=8192)
def _eaten_zone(seat: int, mask: int) -> Zone:
    return KeptZone(f"eaten:{seat}", seat, "mat", mask.bit_count(), hand_codes(mask))


@lru_cache(maxsize=8192)
def _row_zone(seat: int, row: tuple[int, ...]) -> Zone:
    return KeptZone(f"row:{seat}", seat, "discard", len(row), tuple(CODES[c] for c in row))


@lru_cache(maxsize=8192)
def _phom_zone(seat: int, melds: tuple[int, ...], lang: Lang) -> Zone:
    groups = tuple(meld_group(m, lang) for m in melds)
    cards = tuple(c for g in groups for c in g.cards)
    return KeptZone(f"phom:{seat}", seat, "mat", len(cards), cards, groups)


@lru_cache(maxsize=64)
def _stock_zone(count: int) -> Zone:
    return KeptZone("stock", None, "stock", count)


@lru_cache(maxsize=8192)
def _seat_view(
    seat: int,
    count: int,
    first: bool,
    laid: bool,
    mom: bool,
    won: bool,
    to_act: bool,
    lang: Lang = "vi",
) -> SeatView:
    keys: tuple[str, ...] = (("laid", "mom") if mom else ("laid",)) if laid else ()
    if won:
        keys += ("u",)
    marks = tuple(pick(MARK_WORDS[k], lang) for k in keys)
    roles = (pick(ROLE_WORDS["first"], lang),) if first else ()
    return KeptSeatView(seat, count, roles, marks, to_act)


#: what a seat's four zones are built from: hand, eaten cards, row, phỏm, hand shown
_SeatContent = tuple[int, int, tuple[int, ...], tuple[int, ...], bool]


class Views(PhomBoard):
    def view_zones(self, seat: int | None, lang: Lang = "vi") -> tuple[Zone, ...]:
        """Per seat its hand, eaten cards, row and phỏm, then the stock, as ``Parts``: the
        zones as every viewer sees them are built once per position, then the viewer's own
        hand put in."""
        pos = position_cache(self)
        common: ZoneParts | None = pos.get(("zones", lang))
        if common is None:
            common = pos["zones", lang] = self._common_zones(lang)
        zones, json = common
        if seat is not None and 0 <= seat < len(self.seats) and seat not in self.shown:
            me = self.seats[seat]
            own = _hand_zone(seat, me.hand & ~(me.eaten & me.hand))
            return with_own_zone(zones, json, 4 * seat, own)
        return with_own_zone(zones, json)

    def _common_zones(self, lang: Lang) -> ZoneParts:
        """Each seat's four zones as every viewer sees them, kept on the state per seat
        while their content stays the same (an action changes one or two seats)."""
        kept: dict[tuple[int, str], tuple[_SeatContent, list[Zone], list[JsonObject]]]
        kept = self.__dict__.setdefault("_zone_views", {})
        zones: list[Zone] = []
        json: list[JsonObject] = []
        shown = self.shown
        for s, st in enumerate(self.seats):
            content: _SeatContent = (st.hand, st.eaten, tuple(st.row), tuple(st.melds), s in shown)
            hit = kept.get((s, lang))
            if hit is None or hit[0] != content:
                ate = st.eaten & st.hand
                own = st.hand & ~ate
                mine = [
                    _hand_zone(s, own) if s in shown else _hidden_hand_zone(s, own.bit_count()),
                    _eaten_zone(s, ate),
                    _row_zone(s, content[2]),
                    _phom_zone(s, content[3], lang),
                ]
                hit = kept[s, lang] = (content, mine, [z.to_json() for z in mine])
            zones += hit[1]
            json += hit[2]
        stock = _stock_zone(len(self.stock))
        zones.append(stock)
        json.append(stock.to_json())
        return zones, json

    def view_seats(self, lang: Lang = "vi") -> tuple[SeatView, ...]:
        actor = -1 if self.phase == "end" else self.actor
        first, winner = self.first, self.winner
        return tuple(
            _seat_view(
                s,
                st.hand.bit_count(),
                s == first,
                st.laid,
                st.laid and not st.melds,
                s == winner,
                s == actor,
                lang,
            )
            for s, st in enumerate(self.seats)
        )

    def view_live(self) -> LiveView | None:
        live = self.live
        return None if live is None else LiveView(CODES[live.card], live.seat, "discard")

    def view_extra(self, seat: int | None) -> JsonObject:
        """The same for every viewer: built once per position (each view gets a copy)."""
        pos = position_cache(self)
        extra: JsonObject | None = pos.get("extra")
        if extra is None:
            extra = pos["extra"] = self._extra()
        return dict(extra)

    def _extra(self) -> JsonObject:
        return {
            "first": self.first,
            "direction": self.rules.play_direction,
            "chot": self.live is not None and self.live.chot,
            "eats": [st.eats for st in self.seats],
            "payments": [as_json(p.to_json()) for p in self.payments],
            "payoffs": list(self.payoffs),
        }

    def observation(self, seat: int | None) -> PhomObservation:
        """What ``seat`` may see (None: a spectator), for the bots. Never another seat's
        hidden cards."""
        seats = self.seats
        live = self.live
        obs: PhomObservation = {
            "game": "phom",
            "seat": seat,
            "players": self.num_players,
            "first": self.first,
            "direction": self.dir,
            "phase": self.phase,
            "actor": None if self.phase == "end" else self.actor,
            "to_act": seat is not None and self.current_player() == seat,
            "stock_left": len(self.stock),
            "live": None
            if live is None
            else {"card": live.card, "from": live.seat, "chot": live.chot},
            "rows": [list(s.row) for s in seats],
            "melds": [[cards_of(m) for m in s.melds] for s in seats],
            "eaten": [cards_of(s.eaten) for s in seats],
            "eaten_in_hand": [cards_of(s.eaten & s.hand) for s in seats],
            "hand_sizes": [s.hand.bit_count() for s in seats],
            "laid": [s.laid for s in seats],
            "lay_order": list(self.lay_order),
            "laying": self.laying and seat == self.actor,
            "payoffs": list(self.payoffs),
            # public turn state (every one follows from public moves; for rebuilding worlds)
            "stage": self.stage,
            "laydown_turn": self.laydown_turn,
            "must_lay": self.must_lay,
            "chot_from": self.chot_from,
            "turn_sent": self.turn_sent,
            "first_turns": self.first_turns,
            "khan_queue": list(self.khan_queue),
        }
        if seat is not None:
            obs["hand"] = cards_of(seats[seat].hand)
        if self.shown:
            obs["shown_hands"] = {s: cards_of(seats[s].hand) for s in sorted(self.shown)}
        if self.phase == "end" and self._outcome is not None:
            obs["outcome"] = self._outcome.to_json()
        return obs

    def snapshot(self) -> JsonObject:
        """The full state as plain data (for equality in tests)."""
        live = self.live
        return {
            "hands": [cards_of(s.hand) for s in self.seats],
            "eaten": [cards_of(s.eaten) for s in self.seats],
            "rows": [list(s.row) for s in self.seats],
            "melds": [[cards_of(m) for m in s.melds] for s in self.seats],
            "stock": list(self.stock),
            "phase": self.phase,
            "actor": self.actor,
            "stage": self.stage,
            "laying": self.laying,
            "laydown_turn": self.laydown_turn,
            "must_lay": self.must_lay,
            "live": None if live is None else (live.card, live.seat, live.chot),
            "laid": [s.laid for s in self.seats],
            "lay_order": list(self.lay_order),
            "khan_queue": list(self.khan_queue),
            "first_turns": self.first_turns,
            "chot_from": self.chot_from,
            "turn_sent": self.turn_sent,
            "payoffs": list(self.payoffs),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }
