"""The Chắn bots: ``heuristic`` (``GreedyChanBot``, a fast one-ply player built on
``chieu.games.chan.analysis``; ``greedy`` is its older name, kept as an alias).

It reads only its observation (hand, mats, doors, live card) and what it did itself, and:

* **ù** whenever the win is legal (A4: 10 pairs, ≥ 6 chắn, a nọc card or a chíu ù, no chờ chi
  rộng). It checks this itself, so in referee mode it never claims an ù láo;
* **chíu** when that does not increase its distance to a win;
* **ăn** a chắn or a cạ when that does not increase its distance (a chắn first);
* **đánh / trả cửa** the card whose removal keeps the distance lowest; ties go to a què card,
  then to a card dead for the others (fewest unseen copies of it, then of its rank);
* **bốc / dưới / bỏ qua** otherwise.

Like a careful player it remembers its own discards and the chắn/cạ it let go, and avoids the
moves the referee would punish (A6: bỏ ăn chắn, ăn chọn cạ, đánh cả chắn, xé chắn, tách
chắn/cạ, ăn cạ đánh cạ, xé cạ ăn cạ, ăn cạ đổi chờ, ăn treo tranh, chíu mà ăn thường) unless
every card it could throw is one. The memory is per seat and resets itself at a new deal.

Distance is ``estimate_distance``: a closed form of ``analysis.distance`` read off the best
grouping's counts (``analysis.chan_and_units``; microseconds instead of ~10 ms for the exact
search), so a decision takes about 0.1 ms (under 2 ms at worst) at a table with people.
tests/bots compares it with the exact search.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, cast

from chieu.core.actions import Action
from chieu.core.bot import Bot
from chieu.core.errors import ChieuError
from chieu.core.rng import Rng
from chieu.games.chan import actions as A
from chieu.games.chan.analysis import (
    BACH_THU_CHI,
    WIN_CHAN,
    chan_and_units,
    pairs_up,
    que_cards,
    waits,
    win_chan,
)
from chieu.games.chan.cards import CC, NUM_KINDS

if TYPE_CHECKING:
    from chieu.games.chan.views import ChanObservation

UNREACHABLE = 99
_FROM_NOCC = ("drawn", "passed")  # a live card with these origins came from the nọc
_MAT_CHAN = {"chan": 1, "chiu": 2, "ca": 0}


def estimate_distance(h: Sequence[int], mat_chan: int = 0) -> int:
    """See ``_estimate``; memoized on the hand (hands recur a lot in play and in search)."""
    return _estimate_cached(tuple(h), mat_chan)


@lru_cache(maxsize=1 << 17)
def _estimate_cached(h: tuple[int, ...], mat_chan: int) -> int:
    return _estimate(h, mat_chan)


def _estimate(h: Sequence[int], mat_chan: int = 0) -> int:
    """Exchanges (take a card, give one back) before the position is waiting (0 = waiting).

    ``h`` holds the cards in hand. With an odd number held (19 cards with the mat) this is
    ``analysis.distance``: an exchange completes one loose unit (a què, or a ba đầu, which any
    card of its rank completes), throws another away, and may make a chắn; when that is not
    enough for the 5 chắn of a bạch thủ, each missing chắn costs one more exchange (a cạ turned
    into a chắn). A lone CC with ≥ 6 chắn (chờ chi rộng, D-9) is not a wait. With an even
    number held (after an eat or a chíu, a discard is due) it is the distance after the best
    discard. ``UNREACHABLE`` when 6 chắn are out of reach.
    """
    held = sum(h)
    if held % 2 == 0:
        best = UNREACHABLE
        h2 = list(h)
        for k in range(NUM_KINDS):
            if h2[k]:
                h2[k] -= 1
                best = min(best, _estimate_cached(tuple(h2), mat_chan))
                h2[k] += 1
        return best
    if mat_chan + (held + 1) // 2 < WIN_CHAN:
        return UNREACHABLE
    chan, units = chan_and_units(h)
    chan += mat_chan
    if units == 1 and h[CC] & 1 and chan >= WIN_CHAN:  # the one loose unit is a lone CC
        return 1
    steps = (units - 1) // 2
    return steps + max(0, WIN_CHAN - 1 - chan - steps)


def win_is_legal(obs: ChanObservation, h: Sequence[int], mat_chan: int) -> bool:
    """The bot's own A4 check of an ù offered now (thiên ù, a nọc card, or a chíu ù).

    It mirrors the engine's verdict under the default rules; a bỏ ù cannot arise (the bot
    never lets a legal win pass), and the ``chi_rong="allow_if_unchanged"`` variant is not
    visible in an observation (the bot then stays on the safe side).
    """
    live = obs.get("live")
    if live is None:
        return bool(obs.get("opening")) and win_chan(h, mat_chan) >= 0
    card = int(live["card"])
    h2 = list(h)
    mc = mat_chan
    if h[card] >= 3:  # chíu ù: the 4th copy from any source
        h2[card] -= 3
        mc += 2
    elif live["origin"] in _FROM_NOCC:
        h2[card] += 1
    else:
        return False  # a discarded or returned card can only be won by chíu ù
    if not pairs_up(h2) or win_chan(h2, mc) < 0:
        return False
    return card != CC or waits(h, mat_chan, allow_chi_rong=True).kind == BACH_THU_CHI


def _mates_of(kind: int) -> tuple[int, ...]:
    if kind == CC:
        return ()
    base = kind - kind % 3
    return tuple(k for k in (base, base + 1, base + 2) if k != kind)


_MATES = tuple(_mates_of(k) for k in range(NUM_KINDS))


def _rank_mates(kind: int) -> tuple[int, ...]:
    return _MATES[kind]


@dataclass
class Memory:
    """What one seat did in the current deal (the part of A6's history a bot needs)."""

    table: int = 0  # cards on mats and in doors at the last decision (never drops in a deal)
    stock: int = 1000  # cards in the nọc at the last decision (never grows in a deal)
    discarded: set[int] = field(default_factory=set)
    declined_chan: set[int] = field(default_factory=set)
    declined_ca_ranks: set[int] = field(default_factory=set)  # rank-mates' base kinds
    torn_ca: set[int] = field(default_factory=set)  # cards left alone after xé cạ


def seat_of(obs: ChanObservation) -> int:
    """The observing seat; ChieuError for a spectator's observation (it has no hand)."""
    seat = obs.get("seat")
    if seat is None or "hand" not in obs:
        raise ChieuError("GreedyChanBot needs a seat's observation (with its hand)")
    return seat


class Position:
    """One decision: the hand as counts, the mat, the cards seen, and the seat's memory."""

    def __init__(self, obs: ChanObservation, memory: Memory) -> None:
        seat = seat_of(obs)
        self.mem = memory
        self.h = [0] * NUM_KINDS
        for k in obs["hand"]:
            self.h[int(k)] += 1
        mine = obs["mats"][seat]
        self.mat_chan = sum(_MAT_CHAN.get(g["how"], 0) for g in mine)
        self.eaten_chan = {int(g["cards"][0]) for g in mine if g["how"] == "chan"}
        self.ate_ca = any(g["how"] == "ca" for g in mine)
        self._obs = obs

    @cached_property
    def seen(self) -> list[int]:
        """Cards this seat can see: its hand, every mat and door."""
        seen = list(self.h)
        for mat in self._obs["mats"]:
            for g in mat:
                for k in g["cards"]:
                    seen[int(k)] += 1
        for door in self._obs["doors"]:
            for k in door:
                seen[int(k)] += 1
        return seen

    @cached_property
    def que(self) -> set[int]:
        return set(que_cards(self.h))

    def may_eat_chan(self, card: int) -> bool:
        """Not bỏ ăn chắn (1) nor xé chắn (4), and not while holding two or three copies of
        ``card``: with three it is chíu mà ăn thường (T5); with two, the copy left in hand
        could never be thrown without ăn chắn xé chắn (6)."""
        m = self.mem
        return self.h[card] < 2 and card not in m.declined_chan and card not in m.discarded

    def may_eat_ca(self, card: int, k: int, now: int) -> bool:
        """Eat the cạ ``card`` + ``k`` only with a single loose card (no tách chắn, tách cạ:
        5, 9), not while waiting (ăn cạ đổi chờ, 10), not holding ``card`` itself (ăn treo
        tranh, T4), and not after ăn chọn cạ, xé chắn (a card of that rank thrown before),
        ăn cạ đánh cạ or xé cạ (2, 4, 7, 8)."""
        m = self.mem
        base = card - card % 3
        return (
            k in self.que
            and self.h[k] == 1
            and now > 0
            and self.h[card] == 0
            and base not in m.declined_ca_ranks
            and not any(j in m.discarded for j in (base, base + 1, base + 2))
            and k not in m.torn_ca
            and not _has_ca(m.discarded)
        )

    def risky_discard(self, k: int) -> bool:
        """Đánh cả chắn (3), bỏ ăn chắn (1), ăn chắn xé chắn (6), ăn cạ đánh cạ (7)."""
        m = self.mem
        if k in m.discarded or k in m.declined_chan or k in self.eaten_chan:
            return True
        return self.ate_ca and any(j in m.discarded for j in _rank_mates(k))

    def safe_after_eat(self, h2: Sequence[int], card: int, chan: bool) -> bool:
        """After eating ``card`` (hand ``h2``), some card can still be thrown without one of
        the discard faults above: never eat into a hand that must commit one."""
        m = self.mem
        eaten_chan = self.eaten_chan | {card} if chan else self.eaten_chan
        ate_ca = self.ate_ca or not chan
        for k in range(NUM_KINDS):
            if not h2[k] or k in m.discarded or k in m.declined_chan or k in eaten_chan:
                continue
            if ate_ca and any(j in m.discarded for j in _rank_mates(k)):
                continue
            return True
        return False

    def may_eat(self, card: int, k: int, now: int) -> bool:
        """Eat the live ``card`` with the hand's ``k`` (a chắn when ``k == card``, else a cạ;
        ``now``: the hand's distance to a wait) with none of the faults above."""
        chan = k == card
        if not (self.may_eat_chan(card) if chan else self.may_eat_ca(card, k, now)):
            return False
        h2 = list(self.h)
        h2[k] -= 1
        return self.safe_after_eat(h2, card, chan)

    def unseen(self, kind: int) -> tuple[int, int]:
        """Unseen copies of ``kind`` (someone may eat it as a chắn, or chíu it), then of its
        rank-mates (someone may eat it as a cạ)."""
        return 4 - self.seen[kind], sum(4 - self.seen[k] for k in _rank_mates(kind))


def _has_ca(kinds: set[int]) -> bool:
    ranks = [k // 3 for k in kinds if k != CC]
    return len(ranks) != len(set(ranks))


def _chan(observation: Mapping[str, object]) -> ChanObservation:
    """The seam of the ``Bot`` protocol, which passes any game's observation: a Chắn bot is
    given ``ChanState.observation``'s."""
    return cast("ChanObservation", observation)


class GreedyChanBot:
    """See the module doc. One instance may serve several seats (memory is per seat)."""

    name = "heuristic"

    def __init__(self) -> None:
        self._memory: dict[int, Memory] = {}
        self._last: tuple[ChanObservation, Position] | None = None

    def act(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> Action:
        action = self.choose(observation, legal_actions, rng)
        self.remember(observation, legal_actions, action)
        return action

    def choose(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> Action:
        """The bot's choice, without remembering it (``act`` = ``choose`` + ``remember``)."""
        obs = _chan(observation)
        if not legal_actions:
            raise ChieuError("GreedyChanBot was asked to act with no legal action")
        verbs = {a.verb for a in legal_actions}
        if verbs <= {"announce", "announce_done"}:
            return self._announce(legal_actions)
        view = Position(obs, self.recall(obs))
        self._last = (obs, view)
        return self._choose(obs, legal_actions, verbs, view, rng)

    def remember(
        self, observation: Mapping[str, object], legal_actions: list[Action], action: Action
    ) -> None:
        """Remember the action played at this decision (it may be another bot's choice, when
        this bot advises a search)."""
        if {a.verb for a in legal_actions} <= {"announce", "announce_done"}:
            return
        obs = _chan(observation)
        last, self._last = self._last, None
        view = last[1] if last is not None and last[0] is obs else Position(obs, self.recall(obs))
        self._remember(obs, view, action)

    def _choose(
        self, obs: ChanObservation, legal: list[Action], verbs: set[str], view: Position, rng: Rng
    ) -> Action:
        if A.WIN in legal and win_is_legal(obs, view.h, view.mat_chan):
            return A.WIN
        if A.CHIU in legal and self._chiu_helps(obs, view):
            return A.CHIU
        if "return" in verbs or "discard" in verbs:
            return self._throw(legal, view, rng)
        eat = self._best_eat(obs, legal, view)
        if eat is not None:
            return eat
        for fallback in (A.DRAW, A.PASS, A.DECLINE):
            if fallback in legal:
                return fallback
        return legal[0]

    # -- memory -----------------------------------------------------------------------------
    def recall(self, obs: ChanObservation) -> Memory:
        """What the bot remembers of its seat's own play in this deal (what it threw, the
        chắn and cạ it declined, the cạ it tore): the history Chắn's faults depend on. The
        ``learned`` bot keeps a GreedyChanBot for this alone."""
        seat = seat_of(obs)
        table = sum(len(d) for d in obs["doors"]) + sum(
            len(g["cards"]) for mat in obs["mats"] for g in mat
        )
        stock = int(obs.get("stock_left", 0))
        mem = self._memory.get(seat)
        if mem is None or table < mem.table or stock > mem.stock:
            mem = self._memory[seat] = Memory()  # a new deal
        mem.table, mem.stock = table, stock
        return mem

    @staticmethod
    def _remember(obs: ChanObservation, view: Position, action: Action) -> None:
        mem, h = view.mem, view.h
        if action.verb in ("discard", "return"):
            k: int = action.card  # type: ignore[attr-defined]
            mem.discarded.add(k)
            odd = [j for j in _rank_mates(k) if h[j] % 2]
            if h[k] % 2 and len(odd) == 1:
                mem.torn_ca.add(odd[0])  # xé cạ: the partner is left alone
        elif action.verb in ("draw", "pass") and (live := obs["live"]) is not None:
            card = int(live["card"])
            if h[card]:
                mem.declined_chan.add(card)
            if any(h[j] for j in _rank_mates(card)):
                mem.declined_ca_ranks.add(card - card % 3)

    # -- decisions --------------------------------------------------------------------------
    @staticmethod
    def _chiu_helps(obs: ChanObservation, view: Position) -> bool:
        live = obs["live"]
        assert live is not None  # a chíu claims the live card
        card = int(live["card"])
        h2 = list(view.h)
        h2[card] -= 3
        now = estimate_distance(view.h, view.mat_chan)
        return estimate_distance(h2, view.mat_chan + 2) <= now

    @staticmethod
    def _best_eat(obs: ChanObservation, legal: list[Action], view: Position) -> Action | None:
        live = obs.get("live")
        if live is None:
            return None
        card = int(live["card"])
        now = estimate_distance(view.h, view.mat_chan)
        best: tuple[int, int] | None = None
        choice: Action | None = None
        for action in legal:
            if action.verb != "eat":
                continue
            k: int = action.card  # type: ignore[attr-defined]
            if not view.may_eat(card, k, now):
                continue
            chan = k == card
            h2 = list(view.h)
            h2[k] -= 1
            after = estimate_distance(h2, view.mat_chan + (1 if chan else 0))
            key = (after, 0 if chan else 1)
            if after <= now and (best is None or key < best):
                best, choice = key, action
        return choice

    @staticmethod
    def _throw(legal: list[Action], view: Position, rng: Rng) -> Action:
        """Đánh (or trả cửa) the card that keeps the position best; see the module doc."""
        scored = GreedyChanBot._scored_throws(legal, view)
        if not scored:
            return legal[0]
        top = min(key for key, _ in scored)
        return rng.choice([a for key, a in scored if key == top])

    @staticmethod
    def _scored_throws(legal: list[Action], view: Position) -> list[tuple[tuple[int, ...], Action]]:
        returns = [a for a in legal if a.verb == "return"]
        candidates = returns or [a for a in legal if a.verb == "discard"]
        scored: list[tuple[tuple[int, ...], Action]] = []
        h2 = list(view.h)
        for action in candidates:
            k: int = action.card  # type: ignore[attr-defined]
            h2[k] -= 1
            dist = estimate_distance(h2, view.mat_chan)
            h2[k] += 1
            same, rank = view.unseen(k)
            key = (int(view.risky_discard(k)), dist, 0 if k in view.que else 1, same, rank)
            scored.append((key, action))
        return scored

    def ranked(
        self, observation: Mapping[str, object], legal_actions: list[Action], rng: Rng
    ) -> list[Action]:
        """Every legal action, the bot's choice first, then its other throws from best to
        worst, then the rest (for a search that looks at the most promising actions first).
        Remembers nothing (like ``choose``)."""
        choice = self.choose(observation, legal_actions, rng)
        order = [choice]
        if self._last is not None and self._last[0] is observation:
            scored = self._scored_throws(legal_actions, self._last[1])
            order += [a for _, a in sorted(scored, key=lambda x: x[0]) if a != choice]
        order += [a for a in legal_actions if a not in order]
        return order

    def safe(self, observation: Mapping[str, object], actions: list[Action]) -> list[Action]:
        """The ``actions`` the bot's own fault checks allow (a throw that risks no discard
        fault and owes no trả cửa, an eat it would make, an ù it sees is legal; any other kind
        of move): the learned bot's gain head leaves the policy's choice only for one of these.
        Remembers nothing."""
        obs = _chan(observation)
        view = Position(obs, self.recall(obs))
        live = obs.get("live")
        card = -1 if live is None else int(live["card"])
        now = estimate_distance(view.h, view.mat_chan)
        owed = obs.get("return_door")
        out = []
        for action in actions:
            k: int = getattr(action, "card", -1)
            if action.verb == "discard" and owed not in (None, seat_of(obs)):
                ok = False  # treo tranh: after a chíu the card is owed to another door
            elif action.verb in ("discard", "return"):
                ok = not view.risky_discard(k)
            elif action.verb == "eat":
                ok = card >= 0 and view.may_eat(card, k, now)
            elif action.verb == "win":
                ok = win_is_legal(obs, view.h, view.mat_chan)
            else:
                ok = True
            if ok:
                out.append(action)
        return out

    @staticmethod
    def _announce(legal: list[Action]) -> Action:
        """Xướng. In strict mode the engine offers exactly the true cước not yet announced, so
        announcing each offered one is exact. When every cước is offered (referee mode) the bot
        cannot know the truth from its view and declares nothing (a plain ù is never xướng
        sai)."""
        offered = [a for a in legal if a.verb == "announce"]
        if offered and len(offered) < len(A.ANNOUNCE_IDS):
            return offered[0]
        return A.ANNOUNCE_DONE if A.ANNOUNCE_DONE in legal else legal[0]

    def fork(self) -> GreedyChanBot:
        """A copy with its own copy of the memory (for a search's playouts)."""
        bot = GreedyChanBot()
        bot._memory = {
            seat: Memory(
                m.table,
                m.stock,
                set(m.discarded),
                set(m.declined_chan),
                set(m.declined_ca_ranks),
                set(m.torn_ca),
            )
            for seat, m in self._memory.items()
        }
        return bot

    def __repr__(self) -> str:
        return "GreedyChanBot()"


#: ``heuristic`` is the rule-based player; ``greedy`` is its older name (kept as an alias).
BOTS: Mapping[str, Callable[[], Bot]] = {"greedy": GreedyChanBot, "heuristic": GreedyChanBot}
