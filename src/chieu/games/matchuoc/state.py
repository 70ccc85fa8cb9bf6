"""The Mạt chược state machine (shared/rules/phom_matchuoc.md B.3-B.5), one deal (ván).

Phases: ``opening`` (from the dealer, each seat sets down flowers and khung with replacement
draws from the đầu coong, then says it is done), ``turn`` (the actor may ù, set down, coong,
and must discard), ``claim`` (every seat that may claim the discard answers; the B.5 priority
table decides: ù > phỗng/coong > ăn, a real pair before a khung pair, then the nearest seat),
``end``. Seats are 0..3 around the table; the dealer is cửa 1 (Đông), the next seat in turn
order cửa 2 (Nam) and so on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.outcome import Outcome, PatternHit, Termination
from chieu.core.rng import Rng
from chieu.core.state import StateBase
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.analysis import (
    Group,
    is_seven_pairs,
    is_thirteen_orphans,
    is_win,
    waits,
)
from chieu.games.matchuoc.cards import (
    FLOWER0,
    HO,
    HONOR0,
    HP,
    HY,
    KHUNG0,
    KHUNG_RANGE,
    KINDS,
    NG,
    NUM_BASIC,
    NUM_KINDS,
    TG,
    XANH,
    flower_number,
    is_basic,
    is_flower,
    is_khung,
    tile_set_counts,
)
from chieu.games.matchuoc.patterns import WinFacts
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.scoring import Score, evaluate, payments

_NOBODY: frozenset[int] = frozenset()
_PUNG_REAL = {k: A.Pung(k, k, k) for k in range(NUM_BASIC)}
_DISCARD = [A.Discard(k) for k in range(NUM_KINDS)]
_SETDOWN = {k: A.SetDown(k) for k in range(FLOWER0, NUM_KINDS)}
_CHOW = {
    (a.start, a.a, a.b): a  # type: ignore[attr-defined]
    for a in A.ACTION_SPACE
    if a.verb == "chow"
}
PLAYERS = 4
STACKS = {"160": 20, "168": 21, "176": 22}


def _roll(rng: Rng, n: int) -> list[int]:
    return [rng.randrange(6) + 1 for _ in range(n)]


def wall_break(seed: int, tile_set: str) -> tuple[list[int], int, int]:
    """The dealer's three dice, the wall they pick (0 = the dealer's, in turn order) and the
    index in the deck where the live end starts (B.3.4): the odd die picks the wall, the
    total the stack counted from its right-hand end."""
    stacks = STACKS[tile_set]
    dice = _roll(Rng(seed, "matchuoc").derive("break_dice"), 3)
    wall_ix = (dice[2] - 1) % PLAYERS
    return dice, wall_ix, (wall_ix * stacks + sum(dice)) * 2 % (4 * stacks * 2)


class MatChuocState(StateBase):
    """One deal of Mạt chược. Create with ``MatChuocGame.new_state`` (or directly)."""

    game: Any = None  # set by chieu.games.matchuoc.game

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, Any] | None = None,
        deal: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules = rules or Rules()
        self.seed = seed
        self.num_players = PLAYERS
        setup = dict(setup or {})
        unknown = set(setup) - {"dealer", "round_wind"}
        if unknown:
            raise ChieuError(f"unknown Mạt chược setup key(s): {', '.join(sorted(unknown))}")
        rng = Rng(seed, "matchuoc")
        seat_dice = _roll(rng.derive("seat_dice"), 3)
        dealer = setup.get("dealer")
        if dealer is None:
            dealer = (sum(seat_dice) - 1) % PLAYERS  # B.3.2: the seat the throw points at
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < PLAYERS:
            raise ChieuError(f"setup dealer={dealer!r} is not a seat 0..3")
        round_wind = setup.get("round_wind", 1)
        if round_wind not in (1, 2, 3, 4):
            raise ChieuError(f"setup round_wind={round_wind!r} is not a wind 1..4")
        self.setup: dict[str, Any] = {"dealer": dealer, "round_wind": round_wind}
        self.dealer = dealer
        self.prevailing = HONOR0 + round_wind - 1
        in_play = tile_set_counts(rules.tile_set)
        self.box = [KINDS.copies[k] - in_play[k] for k in range(NUM_KINDS)]
        tiles = KINDS.kinds_of(in_play)
        if deal is None:
            deck = rng.derive("deal").shuffled(tiles)
        else:
            deck = [int(k) for k in deal]
            if sorted(deck) != tiles:
                raise ChieuError(
                    f"a Mạt chược deal is the {len(tiles)} tiles of the {rules.tile_set} set"
                )
        # B.3.3-4: four walls of `stacks` pairs; wall 0 lies before the dealer, then in turn
        # order. The odd die picks the wall, the total the stack from its right-hand end.
        break_dice, wall_ix, start = wall_break(seed, rules.tile_set)
        order = deck[start:] + deck[:start]
        self.wall: list[int] = order  # live end = index 0; đầu coong = the end
        self.dead_half = False
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(PLAYERS)]
        # B.3.5: 2-2-2-1 from the dealer, the dealer's nhảy cóc to 14
        seats = [(dealer + i) % PLAYERS for i in range(PLAYERS)]
        for _ in range(3):
            for s in seats:
                for _ in range(4):
                    self.hands[s][self.wall.pop(0)] += 1
        for s in seats:
            for _ in range(2 if s == dealer else 1):
                self.hands[s][self.wall.pop(0)] += 1
        self.melds: list[list[Group]] = [[] for _ in range(PLAYERS)]
        self.meld_tiles: list[list[int]] = [[0] * NUM_KINDS for _ in range(PLAYERS)]
        self.down: list[list[int]] = [[0] * NUM_KINDS for _ in range(PLAYERS)]
        self.flowers: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.khung_down: list[list[tuple[int, bool]]] = [[] for _ in range(PLAYERS)]
        self.tong_hop: list[list[int]] = [[0, 0] for _ in range(PLAYERS)]  # opening, later
        self.khung_discarded: list[list[tuple[int, bool]]] = [[] for _ in range(PLAYERS)]
        self.flower_discards: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.rivers: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.must_all = [False] * PLAYERS
        self.dealer_replaced = False
        self.phase = "opening"
        self.actor = dealer
        self.opened = 0  # seats done with the opening
        self.after_claim = False
        self.last_draw = -1  # kind the actor drew last (-1: none this turn)
        self.last_from_dead = False
        self.discards_made = 0
        self.claims_made = False
        self.live_draws = [0] * PLAYERS
        self.nhan_turn = False
        # claim window
        self.claim_tile = -1
        self.discarder = -1
        self.claim_queue: list[int] = []
        self.answers: dict[int, Action] = {}
        self.claim_opts: dict[int, list[Action]] = {}
        # result
        self.winners: list[int] = []
        self.scores: list[Score] = []
        self._outcome: Outcome | None = None
        self.steps = 0
        self._legal_at = -1
        self._legal: list[Action] = []
        self.events: list[Event] = [
            Event(
                "dice",
                None,
                {
                    "seat_dice": seat_dice,
                    "dealer": dealer,
                    "break_dice": break_dice,
                    "wall": (dealer + wall_ix) % PLAYERS,
                    "stack": sum(break_dice),
                },
            ),
            Event("deal", None, {"deck": deck}, _NOBODY, ("deck",)),
            *(
                Event(
                    "hand",
                    s,
                    {"tiles": KINDS.kinds_of(self.hands[s]), "size": sum(self.hands[s])},
                    frozenset({s}),
                    ("tiles",),
                )
                for s in range(PLAYERS)
            ),
        ]
        self._mark_flowers(dealer)

    # ------------------------------------------------------------------ helpers
    def cua(self, seat: int) -> int:
        """1 = Đông (the dealer) .. 4 = Bắc."""
        return (seat - self.dealer) % PLAYERS + 1

    def _mark_flowers(self, seat: int) -> None:
        if sum(self.hands[seat][FLOWER0:KHUNG0]) >= 2:
            self.must_all[seat] = True

    def _seat_flower_down(self, seat: int) -> bool:
        return any(flower_number(k) == self.cua(seat) for k in self.flowers[seat])

    def _may_discard_khung(self, seat: int) -> bool:
        mode = self.rules.khung_discard
        if mode == "always":
            return True
        if mode == "never":
            return False
        return not self._seat_flower_down(seat)

    # ------------------------------------------------------------------ protocol queries
    def _legal_actions(self, s: int) -> list[Action]:
        if self.phase == "opening":
            return self._opening_legal(s)
        if self.phase == "claim":
            got = self.claim_opts.get(s)
            return got if got is not None else self._claim_options(s, self.claim_tile)
        return self._turn_legal(s)

    def _setdowns(self, h: list[int]) -> list[Action]:
        out: list[Action] = []
        if h[TG] and h[HP]:
            out.append(A.TONG_HOP)
        out += [_SETDOWN[k] for k in range(FLOWER0, NUM_KINDS) if h[k]]
        return out

    def _opening_legal(self, s: int) -> list[Action]:
        h = self.hands[s]
        out: list[Action] = []
        if s == self.dealer and self._complete(s):
            out.append(A.WIN)  # B.4.2 / seed 002: after his own replacements, Thiên ù
        out += self._setdowns(h)
        n = sum(h[FLOWER0:KHUNG0])
        if n == 0 or (n == 1 and not self.must_all[s]):
            out.append(A.END_OPENING)
        return out

    def _complete(self, s: int, self_draw: bool = True) -> bool:
        """Whether seat ``s``'s 14 tiles win; seven pairs only when the rules allow it, and
        not on a discard with ``seven_pairs_self_draw_only`` (B.6.4)."""
        h = self.hands[s]
        if is_win(h):
            return True
        if self.melds[s] or sum(h) != 14:
            return False
        pairs_ok = self.rules.seven_pairs and (
            self_draw or not self.rules.seven_pairs_self_draw_only
        )
        return is_thirteen_orphans(h) or (pairs_ok and is_seven_pairs(h))

    def _turn_legal(self, s: int) -> list[Action]:
        h = self.hands[s]
        out: list[Action] = []
        if not self.after_claim:
            if self._complete(s):
                out.append(A.WIN)
            if self.wall:
                out += self._setdowns(h)
                for k in range(NUM_BASIC):
                    if h[k] == 4:
                        out.append(A.ConcealedKong(k))
                for g in self.melds[s]:
                    if g.kind == "pung" and h[g.base] and -1 in g.wilds:
                        out.append(A.AddKong(g.base))
        khung_ok = self._may_discard_khung(s)
        top = NUM_KINDS if khung_ok else KHUNG0
        discards: list[Action] = [_DISCARD[k] for k in range(top) if h[k]]
        if not discards and (self.after_claim or not self.wall):
            # only khung left: dựng them (B.1.4.3); this exit only where dựng is impossible
            discards = [_DISCARD[k] for k in range(NUM_KINDS) if h[k]]
        return out + discards

    # -- claims
    def _claim_options(self, s: int, tile: int) -> list[Action]:
        """Every claim seat ``s`` may make on ``tile`` (Pass first)."""
        h = self.hands[s]
        out: list[Action] = [A.PASS]
        if is_flower(tile) or tile == HO:
            probe = TG if (is_flower(tile) or self.rules.tong_as_flower) else -1
            if probe >= 0 and self._wins_with(s, probe):
                out.append(A.WIN)
            return out
        if self._wins_with(s, tile):
            out.append(A.WIN)
        # with the wall empty: a coong has no replacement tile; phỗng and ăn need none (B.5)
        walled = bool(self.wall)
        if not walled and not self.rules.last_discard_claims:
            return out
        if is_basic(tile) and not any(h[KHUNG0:]):
            # fast path: real tiles only
            n = h[tile]
            if n >= 2:
                out.append(_PUNG_REAL[tile])
            if n == 3 and walled:
                out.append(A.KONG)
            if tile < 27 and s == (self.discarder + 1) % PLAYERS:
                r = tile % 9
                if r >= 2 and h[tile - 2] and h[tile - 1]:
                    out.append(_CHOW[(tile - 2, tile - 2, tile - 1)])
                if 1 <= r <= 7 and h[tile - 1] and h[tile + 1]:
                    out.append(_CHOW[(tile - 1, tile - 1, tile + 1)])
                if r <= 6 and h[tile + 1] and h[tile + 2]:
                    out.append(_CHOW[(tile, tile + 1, tile + 2)])
            return out
        kinds = [tile] if is_basic(tile) else sorted(KHUNG_RANGE[tile])
        for k in kinds:
            if not h[k] and is_khung(tile):
                continue
            opts = [k] + [x for x in range(KHUNG0, NUM_KINDS) if h[x] and k in KHUNG_RANGE[x]]
            for i, a in enumerate(opts):
                for b in opts[i:]:
                    need_k = (a == k) + (b == k)
                    if h[k] < need_k or (a == b and a != k and h[a] < 2):
                        continue
                    if is_khung(tile) and need_k == 0:
                        continue
                    out.append(A.Pung(k, a, b))
        if is_basic(tile) and h[tile] == 3 and walled:
            out.append(A.KONG)
        if s == (self.discarder + 1) % PLAYERS and (is_basic(tile) or self.rules.khung_in_chow):
            out += self._chows(h, tile)
        return out

    def _chows(self, h: list[int], tile: int) -> list[Action]:
        """The ăn claims of ``tile``: for each run it can join and each slot it may fill, the
        hand tiles (real, or khung when ``khung_in_chow``) that fill the two other slots."""
        found: set[A.Chow] = set()
        khung_ok = self.rules.khung_in_chow
        fits = [tile] if is_basic(tile) else sorted(KHUNG_RANGE[tile] & set(range(27)))
        options: list[tuple[int, list[int]]] = []  # (run start, the two other slots)
        for t in fits:
            if t >= 27:
                continue
            for x in (t - 2, t - 1, t):
                if x >= 0 and x // 9 == t // 9 and x % 9 <= 6:
                    options.append((x, [x + i for i in range(3) if x + i != t]))
        for x, slots in options:
            cands = []
            for t in slots:
                c = [t] if h[t] else []
                if khung_ok:
                    c += [k for k in range(KHUNG0, NUM_KINDS) if h[k] and t in KHUNG_RANGE[k]]
                cands.append(c)
            for a in cands[0]:
                for b in cands[1]:
                    if a == b and h[a] < 2:
                        continue
                    if is_khung(tile) and is_khung(a) and is_khung(b):
                        continue
                    found.add(A.Chow(x, min(a, b), max(a, b)))
        return sorted(found, key=A.ACTION_SPACE.id_of)

    def _wins_with(self, s: int, tile: int) -> bool:
        h = self.hands[s]
        h[tile] += 1
        try:
            return self._complete(s, self_draw=False)
        finally:
            h[tile] -= 1

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        start = len(self.events)
        self.steps += 1
        ev = {"action": A.ACTION_SPACE.json_of(action)}
        if self.phase == "claim":
            self.events.append(Event("action", seat, ev, frozenset({seat}), ("action",)))
            self._answer(seat, action)
        else:
            self.events.append(Event("action", seat, ev))
            verb = action.verb
            if verb == "set_down":
                self._set_down(seat, [action.tile])  # type: ignore[attr-defined]
            elif verb == "set_down_tong_hop":
                self._set_down(seat, [TG, HP])
            elif verb == "end_opening":
                self._end_opening(seat)
            elif verb == "discard":
                self._discard(seat, action.tile)  # type: ignore[attr-defined]
            elif verb == "concealed_kong":
                self._concealed_kong(seat, action.tile)  # type: ignore[attr-defined]
            elif verb == "add_kong":
                self._add_kong(seat, action.tile)  # type: ignore[attr-defined]
            elif verb == "win":
                self._self_win(seat)
        return self.events[start:]

    # -- drawing
    def _draw(self, seat: int, dead: bool) -> bool:
        """Draw for ``seat`` from the live end or the đầu coong; False (and the game ends with
        no winner) when the wall is empty."""
        if not self.wall:
            self._finish_no_winner()
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
        self.hands[seat][tile] += 1
        self.last_draw = tile
        self.last_from_dead = dead
        self.events.append(
            Event(
                "draw",
                seat,
                {"tile": tile, "end": "dead" if dead else "live", "left": len(self.wall)},
                frozenset({seat}),
                ("tile",),
            )
        )
        return True

    def _set_down(self, seat: int, tiles: list[int]) -> None:
        h = self.hands[seat]
        opening = self.phase == "opening"
        for t in tiles:
            h[t] -= 1
            self.down[seat][t] += 1
        if opening and seat == self.dealer:
            self.dealer_replaced = True
        if len(tiles) == 2:
            self.tong_hop[seat][0 if opening else 1] += 1
        else:
            t = tiles[0]
            if is_flower(t):
                self.flowers[seat].append(t)
            else:
                self.khung_down[seat].append((t, opening))
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
        self.hands[seat][tile] -= 4
        self.meld_tiles[seat][tile] += 4
        self.melds[seat].append(Group("kong", (tile,) * 4, (-1,) * 4, True, False))
        self.nhan_turn = False
        self._draw(seat, dead=True)

    def _add_kong(self, seat: int, tile: int) -> None:
        for i, g in enumerate(self.melds[seat]):
            if g.kind == "pung" and g.base == tile:
                self.melds[seat][i] = Group("kong", (tile,) * 4, (*g.wilds, -1), True, g.claimed)
                break
        self.hands[seat][tile] -= 1
        self.meld_tiles[seat][tile] += 1
        self.nhan_turn = False
        self._draw(seat, dead=True)

    def _discard(self, seat: int, tile: int) -> None:
        self.hands[seat][tile] -= 1
        self.rivers[seat].append(tile)
        if is_khung(tile):
            self.khung_discarded[seat].append((tile, False))
        if is_flower(tile) or (self.rules.phong_khung and is_khung(tile)):
            self.flower_discards[seat].append(tile)
        self.discards_made += 1
        self.nhan_turn = False
        self.after_claim = False
        self.claim_tile = tile
        self.discarder = seat
        self.answers = {}
        queue = []
        self.claim_opts = {}
        for i in range(1, PLAYERS):
            o = (seat + i) % PLAYERS
            # the next seat always answers (claim, or pass and draw); the others when they
            # may claim
            opts = self._claim_options(o, tile)
            if i == 1 or len(opts) > 1:
                queue.append(o)
                self.claim_opts[o] = opts
        self.claim_queue = queue
        self.phase = "claim"

    def _answer(self, seat: int, action: Action) -> None:
        self.answers[seat] = action
        self.claim_queue.pop(0)
        if not self.claim_queue:
            self._resolve()

    def _order(self, seat: int) -> int:
        return (seat - self.discarder) % PLAYERS

    def _resolve(self) -> None:
        """The B.5 priority table over every answer: ù (nearest, or all), then phỗng/coong
        (a real pair first, then the nearest), then ăn; else the next seat draws."""
        ans = self.answers
        tile = self.claim_tile
        winners = sorted((s for s, a in ans.items() if a.verb == "win"), key=self._order)
        self.phase = "turn"
        if winners:
            if self.rules.multi_ron == "head_bump":
                winners = winners[:1]
            self._discard_wins(winners, tile)
            return
        pungs = [(s, a) for s, a in ans.items() if a.verb in ("pung", "kong")]
        if pungs:

            def rank(item: tuple[int, Action]) -> tuple[int, int]:
                s, a = item
                real = a.verb == "kong" or (a.a == a.b == a.kind)  # type: ignore[attr-defined]
                return (0 if real else 1, self._order(s))

            s, a = min(pungs, key=rank)
            self._claim(s, a, tile)
            return
        chows = [(s, a) for s, a in ans.items() if a.verb == "chow"]
        if chows:
            s, a = chows[0]
            self._claim(s, a, tile)
            return
        self._no_claim()

    def _no_claim(self) -> None:
        d = self.discarder
        if self._phong_hoa(d):
            return
        nxt = (d + 1) % PLAYERS
        self.actor = nxt
        self.after_claim = False
        if not self._draw(nxt, dead=False):
            return
        self.live_draws[nxt] += 1
        self.nhan_turn = nxt != self.dealer and self.live_draws[nxt] == 1 and not self.claims_made

    def _claim(self, s: int, a: Action, tile: int) -> None:
        self.claims_made = True
        self.rivers[self.discarder].pop()
        h = self.hands[s]
        verb = a.verb
        if verb == "kong":
            h[tile] -= 3
            self.meld_tiles[s][tile] += 4
            g = Group("kong", (tile,) * 4, (-1,) * 4, True, True)
            used: list[int] = [tile] * 3
        elif verb == "pung":
            k, x, y = a.kind, a.a, a.b  # type: ignore[attr-defined]
            used = [x, y]
            slots = [-1 if t == k else t for t in (tile, x, y)]
            g = Group("pung", (k, k, k), tuple(slots), True, True)
        else:
            st, x, y = a.start, a.a, a.b  # type: ignore[attr-defined]
            used = [x, y]
            g = _chow_group(st, [tile, x, y])
        if verb != "kong":
            for t in used:
                h[t] -= 1
            for t in (tile, *used):
                self.meld_tiles[s][t] += 1
        self.melds[s].append(g)
        self.events.append(
            Event(
                "claim",
                s,
                {"verb": verb, "tile": tile, "from": self.discarder, "tiles": list(g.tiles)},
            )
        )
        self.actor = s
        self.nhan_turn = False
        if verb == "kong":
            self.after_claim = False
            self._draw(s, dead=True)
        else:
            self.after_claim = True
            self.last_draw = -1
            self.last_from_dead = False

    # -- phóng hoa
    def _phong_hoa(self, d: int) -> bool:
        items = self.flower_discards[d]
        tile = self.claim_tile
        counted = is_flower(tile) or (self.rules.phong_khung and is_khung(tile))
        if len(items) != 3 or not counted:
            return False  # only the third counted discard itself can win (B.7.4)
        h = self.hands[d]
        has_khung = any(h[KHUNG0:])
        if not self.rules.phong_khung:
            if any(is_khung(k) for k in items) or has_khung:
                return False
        else:
            xanh = sum(1 for k in items if k in XANH or k == HP)
            do = sum(1 for k in items if k in (NG, HY))
            if xanh == 3:
                pass
            elif xanh == 2 and do == 1:
                if any(h[HONOR0:NUM_BASIC]):
                    return False
            elif has_khung:
                return False
        self.winners = [d]
        facts = WinFacts(seat=self.cua(d), phong_hoa=True, rules=self.rules)
        score = evaluate(self.hands[d], self.melds[d], facts)
        assert score is not None
        self._settle([(d, score, None, False, False)])
        return True

    # -- wins
    def _facts(self, s: int, **kw: Any) -> WinFacts:
        # a Tổng and a Hợp both set down at the opening count as the pair (9 phán, B.1.3),
        # whether in one action or two
        down = list(self.khung_down[s])
        pairs = self.tong_hop[s][0]
        while (TG, True) in down and (HP, True) in down:
            down.remove((TG, True))
            down.remove((HP, True))
            pairs += 1
        return WinFacts(
            seat=self.cua(s),
            flowers=tuple(self.flowers[s]),
            khung_down=tuple(down),
            tong_hop_opening=pairs,
            tong_hop_later=self.tong_hop[s][1],
            khung_discarded=tuple(self.khung_discarded[s]),
            prevailing=self.prevailing,
            rules=self.rules,
            **kw,
        )

    def _self_win(self, s: int) -> None:
        h = self.hands[s]
        thien = s == self.dealer and self.discards_made == 0 and not self.claims_made
        tile = -1 if thien else self.last_draw
        w: tuple[int, ...] = ()
        if tile >= 0:
            h[tile] -= 1
            w = tuple(waits(h, self.rules.seven_pairs) if not self.melds[s] else waits(h))
            h[tile] += 1
        facts = self._facts(
            s,
            self_draw=True,
            win_tile=tile,
            from_dead_wall=self.last_from_dead,
            thien=thien,
            nhan=self.nhan_turn and s != self.dealer,
            waits=w,
        )
        score = evaluate(h, self.melds[s], facts)
        assert score is not None
        self.winners = [s]
        self._settle([(s, score, None, False, self.last_from_dead)])

    def _discard_wins(self, winners: list[int], tile: int) -> None:
        d = self.discarder
        flower = is_flower(tile) or tile == HO
        dia = d == self.dealer and self.discards_made == 1 and not self.claims_made
        results: list[tuple[int, Score, int | None, bool, bool]] = []
        for s in winners:
            h = self.hands[s]
            w = tuple(waits(h, self.rules.seven_pairs))
            h[tile] += 1
            facts = self._facts(s, win_tile=tile, dia=dia, flower_win=flower, waits=w)
            score = evaluate(h, self.melds[s], facts)
            h[tile] -= 1
            assert score is not None, "a legal ù must score"
            results.append((s, score, d, flower, False))
        self.rivers[d].pop()
        self.hands[winners[0]][tile] += 1
        self.winners = winners
        self._settle(results)

    def _settle(self, results: list[tuple[int, Score, int | None, bool, bool]]) -> None:
        pay = [0] * PLAYERS
        details: list[dict[str, Any]] = []
        hits: list[PatternHit] = []
        for s, score, d, den, coong in results:
            p = payments(
                score.phan, s, self.rules, discarder=d, den=den, coong=coong, players=PLAYERS
            )
            for i in range(PLAYERS):
                pay[i] += p[i]
            details.append(
                {
                    "winner": s,
                    "cua": self.cua(s),
                    "discarder": d,
                    "den": den,
                    **score.to_json(),
                    "groups": [_group_json(g) for g in score.groups],
                    "payments": p,
                }
            )
            hits += [PatternHit(ln.id, ln.name, ln.phan) for ln in score.lines]
            self.scores.append(score)
        winner = results[0][0]
        keeps = winner == self.dealer and self.rules.dealer_keeps_on_win
        nxt = self.dealer if keeps else (self.dealer + 1) % PLAYERS
        self._end(
            Outcome(
                Termination.WIN,
                tuple(float(-x) for x in pay),
                winner=winner,
                score=results[0][1].phan,
                patterns=tuple(hits),
                details={
                    "wins": details,
                    "next_dealer": nxt,
                    "winner_hands": {str(s): KINDS.kinds_of(self.hands[s]) for s in self.winners},
                },
            )
        )

    def _finish_no_winner(self) -> None:
        keeps = self.rules.dealer_keeps_on_draw
        nxt = self.dealer if keeps else (self.dealer + 1) % PLAYERS
        self._end(
            Outcome(
                Termination.NO_WINNER,
                (0.0,) * PLAYERS,
                details={"next_dealer": nxt},
            )
        )

    def _end(self, outcome: Outcome) -> None:
        self.phase = "end"
        self.claim_queue = []
        self._outcome = outcome
        self.events.append(Event("end", None, outcome.to_json()))

    # ------------------------------------------------------------------ views
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). Never another seat's hand or the wall."""
        cur = self.current_player()
        asked = self.phase == "claim" and cur == seat
        obs: dict[str, Any] = {
            "game": "matchuoc",
            "seat": seat,
            "players": PLAYERS,
            "phase": self.phase if (self.phase != "claim" or asked) else "waiting",
            "to_act": cur == seat and seat is not None,
            "actor": None if self.phase in ("claim", "end") else self.actor,
            "dealer": self.dealer,
            "cua": [self.cua(s) for s in range(PLAYERS)],
            "prevailing": self.prevailing,
            "wall_left": len(self.wall),
            "rivers": [list(r) for r in self.rivers],
            "melds": [[_group_json(g) for g in m] for m in self.melds],
            "flowers": [list(f) for f in self.flowers],
            "khung_down": [[k for k, _ in kd] for kd in self.khung_down],
            "tong_hop": [list(t) for t in self.tong_hop],
            "hand_sizes": [sum(h) for h in self.hands],
            "discard": None
            if self.phase != "claim"
            else {"tile": self.claim_tile, "from": self.discarder},
            "after_claim": self.after_claim and self.phase == "turn",
        }
        if seat is not None:
            obs["hand"] = KINDS.kinds_of(self.hands[seat])
            if self.phase == "turn" and self.actor == seat:
                obs["drawn"] = self.last_draw
        if self.phase == "end" and self._outcome is not None:
            obs["outcome"] = self._outcome.to_json()
            obs["winner_hands"] = {s: KINDS.kinds_of(self.hands[s]) for s in self.winners}
        return obs

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {}
        for s in range(PLAYERS):
            z[f"hand{s}"] = list(self.hands[s])
            z[f"melds{s}"] = list(self.meld_tiles[s])
            z[f"down{s}"] = list(self.down[s])
            z[f"river{s}"] = KINDS.counts(self.rivers[s])
        z["wall"] = KINDS.counts(self.wall)
        z["box"] = list(self.box)
        return z

    def hidden_from(self, seat: int | None) -> dict[str, list[int]]:
        z = self.zones()
        shown = self._revealed(seat)
        return {
            k: v
            for k, v in z.items()
            if k == "wall" or (k.startswith("hand") and int(k[4:]) not in shown)
        }

    def _revealed(self, seat: int | None) -> set[int]:
        out = set() if seat is None else {seat}
        if self.phase == "end":
            out |= set(self.winners)
        return out

    def resample_hidden(self, seat: int | None, rng: Rng) -> MatChuocState:
        """A clone where every tile hidden from ``seat`` (other hands, the wall) is dealt
        again at random, zone sizes kept (for leak tests and ISMCTS)."""
        st = self.clone()
        st._legal_at = -1
        shown = self._revealed(seat)
        others = [s for s in range(PLAYERS) if s not in shown]
        pool = [k for s in others for k in KINDS.kinds_of(st.hands[s])] + st.wall
        rng.shuffle(pool)
        i = 0
        for s in others:
            size = sum(st.hands[s])
            st.hands[s] = KINDS.counts(pool[i : i + size])
            i += size
        st.wall = pool[i:]
        st.claim_opts = {}
        if st.phase == "claim":
            # answers given in the re-dealt hands may no longer be possible: they pass
            for s, a in list(st.answers.items()):
                if s in others and a not in st._claim_options(s, st.claim_tile):
                    st.answers[s] = A.PASS
        if st.phase == "turn" and st.actor in others and st.last_draw >= 0:
            held = KINDS.kinds_of(st.hands[st.actor])
            st.last_draw = held[rng.randrange(len(held))]
        return st

    def snapshot(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "melds": [[_group_json(g) for g in m] for m in self.melds],
            "down": [list(d) for d in self.down],
            "rivers": [list(r) for r in self.rivers],
            "wall": list(self.wall),
            "dead_half": self.dead_half,
            "phase": self.phase,
            "actor": self.actor,
            "queue": list(self.claim_queue),
            "answers": {s: A.ACTION_SPACE.id_of(a) for s, a in self.answers.items()},
            "claim": (self.claim_tile, self.discarder),
            "opened": self.opened,
            "after_claim": self.after_claim,
            "last_draw": (self.last_draw, self.last_from_dead),
            "flags": (self.discards_made, self.claims_made, self.nhan_turn),
            "live_draws": list(self.live_draws),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def clone(self) -> MatChuocState:
        st = object.__new__(MatChuocState)
        st.__dict__.update(self.__dict__)
        st.hands = [list(h) for h in self.hands]
        st.melds = [list(m) for m in self.melds]
        st.meld_tiles = [list(m) for m in self.meld_tiles]
        st.down = [list(d) for d in self.down]
        st.flowers = [list(f) for f in self.flowers]
        st.khung_down = [list(k) for k in self.khung_down]
        st.tong_hop = [list(t) for t in self.tong_hop]
        st.khung_discarded = [list(k) for k in self.khung_discarded]
        st.flower_discards = [list(f) for f in self.flower_discards]
        st.rivers = [list(r) for r in self.rivers]
        st.must_all = list(self.must_all)
        st.live_draws = list(self.live_draws)
        st.wall = list(self.wall)
        st.claim_queue = list(self.claim_queue)
        st.answers = dict(self.answers)
        st.claim_opts = dict(self.claim_opts)
        st.winners = list(self.winners)
        st.scores = list(self.scores)
        st.events = list(self.events)
        st._legal = list(self._legal)
        return st

    def __repr__(self) -> str:
        return (
            f"<MatChuocState seed={self.seed} phase={self.phase} "
            f"actor={self.current_player()} wall={len(self.wall)}>"
        )


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


def _group_json(g: Group) -> dict[str, Any]:
    return {
        "kind": g.kind,
        "tiles": list(g.tiles),
        "wilds": list(g.wilds),
        "exposed": g.exposed,
        "claimed": g.claimed,
    }


def deck_for(
    hands: Sequence[Sequence[int]],
    live: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    dealer: int = 0,
    seed: int = 0,
    tile_set: str = "160",
) -> list[int]:
    """A deck whose deal gives exactly ``hands`` (seat order; the dealer's has 14 tiles),
    whose live end is drawn in the order ``live`` and the đầu coong in the order ``dead``.
    Pass it as ``deal=`` with ``setup={"dealer": dealer}`` and the same ``seed``. For
    scenario tests and teaching positions."""
    sizes = [len(h) for h in hands]
    if len(hands) != PLAYERS or sizes[dealer] != 14 or sorted(sizes) != [13, 13, 13, 14]:
        raise ChieuError("deck_for needs 4 hands: the dealer's 14 tiles and 13 for each other")
    rest = tile_set_counts(tile_set)
    for k in [t for h in hands for t in h] + list(live) + list(dead):
        rest[k] -= 1
        if rest[k] < 0:
            raise ChieuError(f"deck_for: too many {KINDS.codes[k]}")
    seats = [(dealer + i) % PLAYERS for i in range(PLAYERS)]
    order: list[int] = []
    for r in range(3):
        for s in seats:
            order += list(hands[s][4 * r : 4 * r + 4])
    for s in seats:
        order += list(hands[s][12:14] if s == dealer else hands[s][12:13])
    order += list(live)
    spare = KINDS.kinds_of(rest)
    tail: list[int] = []
    for i in range(0, len(dead), 2):
        chunk = list(dead[i : i + 2])
        if len(chunk) == 1:
            chunk.append(spare.pop())
        tail = chunk + tail
    order += spare + tail
    _, _, start = wall_break(seed, tile_set)
    cut = len(order) - start
    return order[cut:] + order[:cut]


__all__ = ["MatChuocState", "deck_for", "wall_break"]


def world_from_observation(
    obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng, rules: Rules | None = None
) -> MatChuocState:
    """A full state consistent with what ``obs["seat"]`` sees, for search bots: the tiles it
    cannot see are dealt at random to the other hands (sizes kept) and the wall; what the
    observation does not tell (earlier claim answers, where a set-down khung was set down)
    takes its most common value. The seat is to act, with ``legal`` as its legal actions."""
    rules = rules or Rules()
    seat = int(obs["seat"])
    st = object.__new__(MatChuocState)
    st.rules = rules
    st.seed = 0
    st.num_players = PLAYERS
    st.dealer = int(obs["dealer"])
    st.setup = {"dealer": st.dealer, "round_wind": int(obs["prevailing"]) - HONOR0 + 1}
    st.prevailing = int(obs["prevailing"])
    in_play = tile_set_counts(rules.tile_set)
    st.box = [KINDS.copies[k] - in_play[k] for k in range(NUM_KINDS)]
    unseen = list(in_play)
    st.hands = [[0] * NUM_KINDS for _ in range(PLAYERS)]
    for t in obs["hand"]:
        st.hands[seat][t] += 1
        unseen[t] -= 1
    st.rivers = [list(r) for r in obs["rivers"]]
    st.melds = []
    st.meld_tiles = [[0] * NUM_KINDS for _ in range(PLAYERS)]
    for s in range(PLAYERS):
        groups = []
        for g in obs["melds"][s]:
            grp = Group(g["kind"], tuple(g["tiles"]), tuple(g["wilds"]), g["exposed"], g["claimed"])
            groups.append(grp)
            for t, w in zip(grp.tiles, grp.wilds, strict=True):
                st.meld_tiles[s][w if w >= 0 else t] += 1
        st.melds.append(groups)
    st.flowers = [list(f) for f in obs["flowers"]]
    st.khung_down = [[(k, False) for k in kd] for kd in obs["khung_down"]]
    st.tong_hop = [list(t) for t in obs["tong_hop"]]
    st.down = [[0] * NUM_KINDS for _ in range(PLAYERS)]
    for s in range(PLAYERS):
        for k in [*st.flowers[s], *(k for k, _ in st.khung_down[s])]:
            st.down[s][k] += 1
        st.down[s][TG] += sum(st.tong_hop[s])
        st.down[s][HP] += sum(st.tong_hop[s])
    for s in range(PLAYERS):
        for k in range(NUM_KINDS):
            unseen[k] -= st.meld_tiles[s][k] + st.down[s][k]
        for k in st.rivers[s]:
            unseen[k] -= 1
    pool = KINDS.kinds_of([max(0, n) for n in unseen])
    rng.shuffle(pool)
    i = 0
    for s in range(PLAYERS):
        if s != seat:
            size = int(obs["hand_sizes"][s])
            st.hands[s] = KINDS.counts(pool[i : i + size])
            i += size
    st.wall = pool[i : i + int(obs["wall_left"])]
    st.dead_half = False
    st.khung_discarded = [[(k, False) for k in r if is_khung(k)] for r in st.rivers]
    st.flower_discards = [
        [k for k in r if is_flower(k) or (rules.phong_khung and is_khung(k))] for r in st.rivers
    ]
    phase = str(obs["phase"])
    st.phase = phase
    st.must_all = [False] * PLAYERS
    st.dealer_replaced = False
    st.opened = (seat - st.dealer) % PLAYERS if phase == "opening" else PLAYERS
    if phase == "opening":
        st.must_all[seat] = A.END_OPENING not in legal
    st.actor = seat
    st.after_claim = bool(obs.get("after_claim"))
    st.last_draw = int(obs.get("drawn", -1))
    st.last_from_dead = False
    claimed = sum(1 for m in st.melds for g in m if g.claimed)
    st.discards_made = sum(len(r) for r in st.rivers) + claimed
    st.claims_made = claimed > 0
    st.live_draws = [2] * PLAYERS
    st.nhan_turn = False
    st.claim_opts = {}
    st.answers = {}
    if phase == "claim":
        st.claim_tile = int(obs["discard"]["tile"])
        st.discarder = int(obs["discard"]["from"])
        st.claim_queue = [seat]
    else:
        st.claim_tile = -1
        st.discarder = -1
        st.claim_queue = []
    st.winners = []
    st.scores = []
    st._outcome = None
    st.steps = 0
    st._legal_at = -1
    st._legal = []
    st.events = []
    return st
