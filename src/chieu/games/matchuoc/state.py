"""The Mạt chược state machine (shared/rules/phom_matchuoc.md B.3-B.5), one deal (ván).

Phases: ``opening`` (from the dealer, each seat sets down flowers and khung with replacement
draws from the đầu coong, then says it is done), ``turn`` (the actor may ù, set down, coong,
and must discard), ``claim`` (a claim window on the discard asks the three other seats;
``claims`` holds who is asked, the options and the B.5 priority), ``end``. Seats are 0..3
around the table; the dealer is cửa 1 (Đông), the next seat in turn order cửa 2 (Nam) and so
on.

The settlement of a win is in ``scoring``, what a seat sees in ``views``, the zones and the
worlds of the search bot in ``worlds``, the deal in ``setups``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress
from typing import Literal

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow, DecisionKind
from chieu.core.events import Event
from chieu.core.jsonio import JsonObject
from chieu.core.outcome import Outcome
from chieu.core.state import ACTION, StateBase
from chieu.core.view import Live as LiveView
from chieu.core.view import SeatView, Zone
from chieu.core.zones import ZoneSpec
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc import claims, scoring, views, worlds
from chieu.games.matchuoc.analysis import is_win
from chieu.games.matchuoc.cards import (
    FLOWER0,
    HONOR0,
    HP,
    KHUNG0,
    KINDS,
    NUM_BASIC,
    NUM_KINDS,
    TG,
    flower_number,
    is_basic,
    is_flower,
)
from chieu.games.matchuoc.claims import Live
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.setups import PLAYERS, Seat, deal_tiles, parse_setup

Phase = Literal["opening", "turn", "claim", "end"]

_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset({s}) for s in range(PLAYERS))
_DISCARD = [A.Discard(k) for k in range(NUM_KINDS)]
_SETDOWNS = [A.SetDown(k) for k in range(FLOWER0, NUM_KINDS)]
_JSON = A.ACTION_SPACE.json_of
_ID = A.ACTION_SPACE.id_of


class MatChuocState(StateBase):
    """One deal of Mạt chược. Create with ``MatChuocGame.new_state`` (or directly)."""

    phase: Phase

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, object] | None = None,
        deal: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules = rules or Rules()
        self.seed = seed
        self.num_players = PLAYERS
        dealer, round_wind = parse_setup(setup)
        dealt = deal_tiles(rules, seed, dealer, deal)
        self.setup: dict[str, int] = {"dealer": dealt.dealer, "round_wind": round_wind}
        self.dealer = dealer = dealt.dealer
        self.prevailing = HONOR0 + round_wind - 1
        self.box = dealt.box
        self.wall: list[int] = dealt.wall  # live end = index 0; đầu coong = the end
        self.dead_half = False
        self.seats = [Seat(h) for h in dealt.hands]
        self.phase = "opening"
        self.actor = dealer
        self.opened = 0  # seats done with the opening
        self.dealer_replaced = False
        self.after_claim = False
        self.last_draw = -1  # kind the actor drew last (-1: none this turn)
        self.last_from_dead = False
        self.discards_made = 0
        self.claims_made = False
        self.nhan_turn = False
        self._turn_default: Action | None = None  # the turn's timeout discard (_turn_legal)
        self.live: Live | None = None
        self.window: ClaimWindow | None = None
        self.winners: list[int] = []
        self._outcome: Outcome | None = None
        self.steps = 0
        self._legal_at = -1
        self._legal: list[Action] = []
        self.events: list[Event] = [
            Event(
                "dice",
                None,
                {
                    "seat_dice": dealt.seat_dice,
                    "dealer": dealer,
                    "break_dice": dealt.break_dice,
                    "wall": (dealer + dealt.wall_ix) % PLAYERS,
                    "stack": sum(dealt.break_dice),
                },
            ),
            Event("deal", None, {"deck": dealt.deck}, _NOBODY, ("deck",)),
            *(
                Event(
                    "hand",
                    s,
                    {"tiles": KINDS.kinds_of(h), "size": sum(h)},
                    frozenset({s}),
                    ("tiles",),
                )
                for s, h in enumerate(dealt.hands)
            ),
        ]
        self._mark_flowers(dealer)

    # ------------------------------------------------------------------ helpers
    def cua(self, seat: int) -> int:
        """1 = Đông (the dealer) .. 4 = Bắc."""
        return (seat - self.dealer) % PLAYERS + 1

    def _mark_flowers(self, seat: int) -> None:
        if sum(self.seats[seat].hand[FLOWER0:KHUNG0]) >= 2:
            self.seats[seat].must_all = True

    def _may_discard_khung(self, seat: int) -> bool:
        mode = self.rules.khung_discard
        if mode == "always":
            return True
        if mode == "never":
            return False
        cua = self.cua(seat)
        return not any(flower_number(k) == cua for k in self.seats[seat].flowers)

    def complete(self, s: int) -> bool:
        """Whether seat ``s``'s tiles win on its own draw (seven pairs only when the rules
        allow it, B.6.4). Worked out once per hand (``Seat.changed`` forgets it)."""
        me = self.seats[s]
        got = me.complete
        if got is None:
            h = me.hand
            got = me.complete = is_win(h) or (not me.melds and claims.special(h, self.rules, True))
        return got

    # ------------------------------------------------------------------ decisions
    def _legal_actions(self, s: int) -> list[Action]:
        if self.phase == "opening":
            return self._opening_legal(s)
        return self._turn_legal(s)

    def _decision_kind(self) -> DecisionKind:
        return "arrange" if self.phase == "opening" else "turn"

    def _default_action(self, seat: int, actions: Sequence[Action]) -> Action:
        """A timeout: ù when it is offered (never thrown away); at the opening, be done (or
        set down a flower when all must go down); in a turn, discard the tile just drawn, else
        the first tile that may go (found with the turn's legal actions, ``_turn_legal``),
        else set a khung down."""
        if actions[0] is A.WIN:
            return A.WIN
        if self.phase == "opening":
            if A.END_OPENING in actions:
                return A.END_OPENING
            return next(a for a in actions if isinstance(a, A.SetDown) and is_flower(a.tile))
        return actions[-1] if self._turn_default is None else self._turn_default

    def _setdowns(self, h: list[int]) -> list[Action]:
        out: list[Action] = [A.TONG_HOP] if h[TG] and h[HP] else []
        out += compress(_SETDOWNS, h[FLOWER0:])
        return out

    def _opening_legal(self, s: int) -> list[Action]:
        me = self.seats[s]
        out: list[Action] = []
        if s == self.dealer and self.complete(s):
            out.append(A.WIN)  # B.4.2 / seed 002: after his own replacements, Thiên ù
        out += self._setdowns(me.hand)
        n = sum(me.hand[FLOWER0:KHUNG0])
        if n == 0 or (n == 1 and not me.must_all):
            out.append(A.END_OPENING)
        return out

    def _turn_legal(self, s: int) -> list[Action]:
        me = self.seats[s]
        h = me.hand
        out: list[Action] = []
        khung = any(h[KHUNG0:])
        if not self.after_claim:
            if self.complete(s):
                out.append(A.WIN)
            if self.wall:
                if khung or any(h[FLOWER0:KHUNG0]):
                    out += self._setdowns(h)
                if 4 in h[:NUM_BASIC]:
                    out += [A.ConcealedKong(k) for k in range(NUM_BASIC) if h[k] == 4]
                # two pung of one kind (khung standing in) give one bổ coong, not two
                bases = [g.base for g in me.melds if _may_add_to(g) and h[g.base]]
                out += [A.AddKong(k) for k in dict.fromkeys(bases)]
        top = NUM_KINDS  # the discards are the tiles below ``top``
        if khung and not self._may_discard_khung(s):
            if any(h[:KHUNG0]):
                top = KHUNG0
            elif self.wall and not self.after_claim:
                top = 0  # only khung left: dựng them (B.1.4.3); the exit where dựng is impossible
        discards = list(compress(_DISCARD, h[:top]))
        drawn = self.last_draw
        if 0 <= drawn < top and h[drawn]:
            self._turn_default = _DISCARD[drawn]
        else:
            self._turn_default = discards[0] if discards else None
        return out + discards

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        if self.window is not None:
            return self._take_answer(seat, action)
        start = len(self.events)
        self.steps += 1
        self.events.append(Event(ACTION, seat, {"action": _JSON(action)}))
        match action:
            case A.Discard(tile=tile):
                self._discard(seat, tile)
            case A.SetDown(tile=tile):
                self._set_down(seat, [tile])
            case A.SetDownTongHop():
                self._set_down(seat, [TG, HP])
            case A.EndOpening():
                self._end_opening(seat)
            case A.ConcealedKong(tile=tile):
                self._concealed_kong(seat, tile)
            case A.AddKong(tile=tile):
                self._add_kong(seat, tile)
            case A.Win():
                self.winners = [seat]
                self._end(scoring.settle(self, [scoring.self_win(self, seat)]))
        return self.events[start:]

    def _resolve_window(self) -> None:
        claims.resolve(self)

    def _reopen_window(self, window: ClaimWindow, kept: Mapping[int, Action]) -> ClaimWindow:
        return claims.reopen(self, window, kept)

    # -- drawing
    def _draw(self, seat: int, dead: bool) -> bool:
        """Draw for ``seat`` from the live end or the đầu coong; False (and the game ends with
        no winner) when the wall is empty."""
        if not self.wall:
            self._end(scoring.no_winner(self))
            return False
        if dead:
            if not self.dead_half and len(self.wall) >= 2:
                tile = self.wall.pop(-2)
                self.dead_half = True
            else:
                tile = self.wall.pop()
                self.dead_half = False
        else:
            tile = self.wall.pop(0)
        me = self.seats[seat]
        # no discard could complete the hand (two open blocks, claims.may_win): nor can a
        # draw, unless seven pairs may win on one's own draw
        hopeless = me.may_win is False and not (self.rules.seven_pairs and not me.melds)
        me.hand[tile] += 1
        me.changed()
        if hopeless:
            me.complete = False
        self.last_draw = tile
        self.last_from_dead = dead
        self.events.append(
            Event(
                "draw",
                seat,
                {"tile": tile, "end": "dead" if dead else "live", "left": len(self.wall)},
                _ONLY[seat],
                ("tile",),
            )
        )
        return True

    def _set_down(self, seat: int, tiles: list[int]) -> None:
        me = self.seats[seat]
        opening = self.phase == "opening"
        for t in tiles:
            me.hand[t] -= 1
            me.down[t] += 1
        me.changed()
        if opening and seat == self.dealer:
            self.dealer_replaced = True
        if len(tiles) == 2:
            me.tong_hop[0 if opening else 1] += 1
        elif is_flower(tiles[0]):
            me.flowers.append(tiles[0])
        else:
            me.khung_down.append((tiles[0], opening))
        for _ in tiles:
            if not self._draw(seat, dead=True):
                return
        if opening:
            self._mark_flowers(seat)

    def _end_opening(self, seat: int) -> None:
        self.opened += 1
        if self.opened < PLAYERS:
            self.actor = (seat + 1) % PLAYERS
            self._mark_flowers(self.actor)
            return
        self.phase = "turn"
        self.actor = self.dealer
        self.last_draw = -1
        # the dealer's last tile came from the đầu coong if he set anything down (phán coong
        # of a Thiên ù, seed)
        self.last_from_dead = self.dealer_replaced
        self.after_claim = False

    def _concealed_kong(self, seat: int, tile: int) -> None:
        me = self.seats[seat]
        me.hand[tile] -= 4
        me.changed()
        me.meld_tiles[tile] += 4
        me.melds.append(Group("kong", (tile,) * 4, (-1,) * 4, True, False))
        self.nhan_turn = False
        self._draw(seat, dead=True)

    def _add_kong(self, seat: int, tile: int) -> None:
        me = self.seats[seat]
        for i, g in enumerate(me.melds):
            if _may_add_to(g) and g.base == tile:
                me.melds[i] = Group("kong", (tile,) * 4, (*g.wilds, -1), True, g.claimed)
                break
        me.hand[tile] -= 1
        me.changed()
        me.meld_tiles[tile] += 1
        self.nhan_turn = False
        self._draw(seat, dead=True)

    def _discard(self, seat: int, tile: int) -> None:
        me = self.seats[seat]
        me.hand[tile] -= 1
        me.changed()
        me.river.append(tile)
        if tile >= FLOWER0:
            khung = tile >= KHUNG0
            if khung:
                me.khung_discarded.append((tile, False))
            if not khung or self.rules.phong_khung:
                me.flower_discards.append(tile)
        self.discards_made += 1
        self.nhan_turn = False
        self.after_claim = False
        self.live = Live(tile, seat)
        self.phase = "claim"
        self.window = claims.open_window(self)

    # -- what a window resolves to (claims.resolve)
    def no_claim(self) -> None:
        """Nobody claimed the discard: phóng hoa, or the next seat draws."""
        live = self.live
        assert live is not None
        self.live = None
        d = live.seat
        won = None
        if len(self.seats[d].flower_discards) == 3:
            won = scoring.phong_hoa(self, d, live.tile)
        if won is not None:
            self.winners = [d]
            self._end(scoring.settle(self, [won]))
            return
        nxt = (d + 1) % PLAYERS
        self.actor = nxt
        self.after_claim = False
        if not self._draw(nxt, dead=False):
            return
        me = self.seats[nxt]
        me.live_draws += 1
        self.nhan_turn = nxt != self.dealer and me.live_draws == 1 and not self.claims_made

    def claim(self, s: int, a: Action) -> None:
        """Seat ``s`` takes the discard by phỗng, coong or ăn ``a`` and exposes the phu."""
        live = self.live
        assert live is not None
        tile = live.tile
        self.claims_made = True
        self.seats[live.seat].river.pop()
        me = self.seats[s]
        h = me.hand
        used: list[int]
        match a:
            case A.Kong():
                h[tile] -= 3
                me.meld_tiles[tile] += 4
                g = Group("kong", (tile,) * 4, (-1,) * 4, True, True)
                used = []
            case A.Pung(kind=k, a=x, b=y):
                used = [x, y]
                slots = [-1 if t == k else t for t in (tile, x, y)]
                g = Group("pung", (k, k, k), tuple(slots), True, True)
            case A.Chow(start=start, a=x, b=y):
                used = [x, y]
                g = _chow_group(start, [tile, x, y])
            case _:
                raise AssertionError(f"not a claim: {a}")
        for t in used:
            h[t] -= 1
        me.changed()
        if used:
            for t in (tile, *used):
                me.meld_tiles[t] += 1
        me.melds.append(g)
        claims.claimed(self, s, a)
        self.events[-1].data["tiles"] = list(g.tiles)
        self.live = None
        self.actor = s
        self.nhan_turn = False
        if isinstance(a, A.Kong):
            self.after_claim = False
            self._draw(s, dead=True)
        else:
            self.after_claim = True
            self.last_draw = -1
            self.last_from_dead = False

    def discard_wins(self, winners: list[int]) -> None:
        """``winners`` ù on the discard (B.5): the first takes the tile."""
        live = self.live
        assert live is not None
        results = scoring.discard_wins(self, winners, live.tile, live.seat)
        self.seats[live.seat].river.pop()
        won = self.seats[winners[0]]
        won.hand[live.tile] += 1
        won.changed()
        self.winners = winners
        self.live = None
        self._end(scoring.settle(self, results))

    def _end(self, outcome: Outcome) -> None:
        self.phase = "end"
        self.window = None
        self._outcome = outcome
        self.events.append(Event("end", None, outcome.to_json()))

    # ------------------------------------------------------------------ zones and worlds
    def zone_specs(self) -> tuple[ZoneSpec, ...]:
        return worlds.ZONE_SPECS

    def zones(self) -> dict[str, list[int]]:
        return worlds.zones(self)

    def _set_zones(self, zones: Mapping[str, Sequence[int]]) -> None:
        worlds.set_zones(self, zones)

    def revealed(self) -> frozenset[int]:
        """The winners show their hands at the end."""
        return frozenset(self.winners) if self.phase == "end" else frozenset()

    # ------------------------------------------------------------------ views
    def observation(self, seat: int | None) -> views.MatchuocObservation:
        """What ``seat`` may see (None: a spectator), for the bots."""
        return views.observation(self, seat)

    def view_zones(self, seat: int | None, lang: str = "vi") -> tuple[Zone, ...]:
        return views.view_zones(self, seat, "en" if lang == "en" else "vi")

    def view_seats(self, lang: str = "vi") -> tuple[SeatView, ...]:
        return views.view_seats(self, "en" if lang == "en" else "vi")

    def view_live(self) -> LiveView | None:
        return views.view_live(self)

    def view_extra(self, seat: int | None) -> JsonObject:
        return views.view_extra(self, seat)

    def snapshot(self) -> dict[str, object]:
        window = self.window
        return {
            "seats": [
                {
                    "hand": list(me.hand),
                    "melds": [scoring.group_json(g) for g in me.melds],
                    "down": list(me.down),
                    "river": list(me.river),
                    "flags": (me.must_all, me.live_draws),
                }
                for me in self.seats
            ],
            "wall": list(self.wall),
            "dead_half": self.dead_half,
            "phase": self.phase,
            "actor": self.actor,
            "live": None if self.live is None else (self.live.tile, self.live.seat),
            "window": None
            if window is None
            else {
                "asked": list(window.asked),
                "options": {s: [_ID(a) for a in o] for s, o in window.options.items()},
                "answers": {s: _ID(a) for s, a in window.answers.items()},
            },
            "opened": self.opened,
            "after_claim": self.after_claim,
            "last_draw": (self.last_draw, self.last_from_dead),
            "flags": (self.discards_made, self.claims_made, self.nhan_turn),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def clone(self) -> MatChuocState:
        st = object.__new__(MatChuocState)
        st.__dict__.update(self.__dict__)
        st.__dict__.pop("_history", None)
        st.seats = [me.copy() for me in self.seats]
        st.wall = list(self.wall)
        st.window = None if self.window is None else self.window.copy()
        st.winners = list(self.winners)
        st.events = list(self.events)
        st._legal = list(self._legal)
        return st

    def __repr__(self) -> str:
        return (
            f"<MatChuocState seed={self.seed} phase={self.phase} "
            f"actor={self.current_player()} wall={len(self.wall)}>"
        )


def _may_add_to(g: Group) -> bool:
    """A bổ coong goes onto an exposed pung holding at least one real tile."""
    return g.kind == "pung" and -1 in g.wilds


def _chow_group(start: int, tiles: list[int]) -> Group:
    """The run at ``start`` made of ``tiles`` (reals take their own slot, khung the rest)."""
    slots = [-1, -1, -1]
    filled = [False, False, False]
    wild = []
    for t in tiles:
        if is_basic(t) and start <= t <= start + 2 and not filled[t - start]:
            filled[t - start] = True
        else:
            wild.append(t)
    for i in range(3):
        if not filled[i]:
            slots[i] = wild.pop(0)
    return Group("chow", (start, start + 1, start + 2), tuple(slots), True, True)
