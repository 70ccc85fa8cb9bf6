"""A room's clock: who plays when (``chieu.server.room.Room``'s part that runs on its own).

Every pending decision has a deadline (``clock.turn`` / ``clock.claim`` seconds; a claim
window's on the window's own hold, ``chieu.server.windows``). ``run`` sleeps until something
is due and then plays one automatic action (``auto_step``): a bot's move, asked of the bot
workers off the event loop (``chieu.server.botpool``); a person's move at the end of his
grace when he left; a person's timeout, which plays what the ``heuristic`` bot would (asked of
the workers too; the decision's safe default when no answer comes within ``TIMEOUT_WAIT``);
the end of a window's hold; the next game. A table nobody is at stands still (``resume``
moves every deadline on by the pause).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import time
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING, cast

from chieu.bots.base import Bot
from chieu.bots.registry import bot_names, get_bot
from chieu.core.actions import Action
from chieu.core.decisions import Decision
from chieu.server.botpool import ask, decision_rng
from chieu.server.environ import env_number
from chieu.server.rows import ConflictError, SeatRow
from chieu.server.wire import RoomStatus

if TYPE_CHECKING:
    from chieu.core.protocol import State
    from chieu.core.table import Game
    from chieu.server.botpool import BotPool
    from chieu.server.pushing import Conn
    from chieu.server.room import Room

log = logging.getLogger("chieu.server")

#: the bot whose choice a person's timeout plays, and how long its answer is awaited
TIMEOUT_BOT = "heuristic"
TIMEOUT_WAIT = 2.0


#: a bot takes its time like a person: ``bot_delay`` times a factor from this range, the same
#: for every kind of decision and drawn from the game's secret nonce, never from a card
THINKING = (0.6, 1.9)
#: the least ``bot_delay`` at a table where a person sits: no bot answers a person at once (a
#: room's smaller ``bot_delay`` serves tables of bots alone); $CHIEU_MIN_BOT_DELAY changes it
#: (the tests set 0)
PEOPLE_BOT_DELAY = 0.25


def people_bot_delay() -> float:
    """``PEOPLE_BOT_DELAY``, or $CHIEU_MIN_BOT_DELAY (from 0 to 10 s)."""
    return env_number("CHIEU_MIN_BOT_DELAY", PEOPLE_BOT_DELAY, 0.0, 10.0)


def thinking(nonce: str | None, seat: int, since: float) -> float:
    """How long a bot thinks over the decision ``seat`` has had since ``since``, as a factor of
    the room's ``bot_delay`` (``THINKING``): uniform, drawn from the game's secret nonce, the
    seat and the time alone, so that it says nothing of any card, and the same each time the
    clock asks."""
    digest = hashlib.blake2b(f"{nonce}:{seat}:{since!r}".encode(), digest_size=8).digest()
    u = int.from_bytes(digest, "big") / 2**64
    lo, hi = THINKING
    return lo + (hi - lo) * u


class RoomClock:
    """A room's clock (see the module's docstring): a part of :class:`chieu.server.room.Room`
    (the attributes and methods it uses are the room's)."""

    state: State | None
    status: RoomStatus
    game: Game
    seed: int
    nonce: str | None
    version: int
    seats: list[SeatRow]
    clock: dict[str, float | None]
    people_delay: float  # people_bot_delay() when the room was built
    conns: set[Conn]
    pool: BotPool | None
    deadlines: dict[int, tuple[str, float, float | None]]
    away: dict[int, float]
    remote: set[int]
    owned: bool
    paused_at: float | None
    between_until: float
    thinking: asyncio.Task[None] | None
    lock: asyncio.Lock
    wake: asyncio.Event
    sleep_until: float
    task: asyncio.Task[None] | None
    closing: bool
    id: int
    window_at: float | None
    window_hold: float

    if TYPE_CHECKING:

        def pending(self) -> dict[int, Decision]: ...
        def hold_end(self) -> float | None: ...
        async def end_hold(self) -> None: ...
        async def commit(self, seat: int, action: Action) -> None: ...
        async def finish(self) -> None: ...
        async def _start_game(self) -> None: ...
        def broadcast(self) -> None: ...
        def attended(self) -> bool: ...
        def sync(self) -> bool: ...
        def bot_for(self, seat: int) -> Bot: ...
        def bot_name(self, seat: int) -> str: ...
        def person(self, seat: int) -> int: ...
        def pass_host(self, now: float) -> float | None: ...
        def everyone_ready(self, now: float) -> bool: ...
        def at_table(self, now: float) -> list[int]: ...

    def _room(self) -> Room:
        """This room (a RoomClock is only ever a part of a Room)."""
        return cast("Room", self)

    def _refresh_deadlines(self, actors: Collection[int] = ()) -> None:
        now = time.time()
        hold_at = self.window_at if self.window_hold > 0 else None
        fresh: dict[int, tuple[str, float, float | None]] = {}
        for seat, d in self.pending().items():
            if d.kind == "claim" and hold_at is not None:  # the window's own clock
                span = self.clock["claim"]
                if d.forced:
                    dl: float | None = hold_at + self.window_hold
                else:
                    dl = None if span is None else hold_at + max(self.window_hold, float(span))
                fresh[seat] = (d.kind, hold_at, dl)
                continue
            old = self.deadlines.get(seat)
            if old is not None and old[0] == d.kind and seat not in actors:
                fresh[seat] = old
                continue
            span = self.clock["claim" if d.kind == "claim" else "turn"]
            fresh[seat] = (d.kind, now, None if span is None else now + float(span))
        self.deadlines = fresh

    def deadline(self, seat: int | None) -> float | None:
        if seat is None or seat not in self.deadlines:
            return None
        return self.deadlines[seat][2]

    def bot_plays(self, seat: int, now: float) -> bool:
        """Whether a bot plays table seat ``seat`` now: its person's seat is a bot's, or its
        player has been away past the grace."""
        person = self.person(seat)
        s = self.seats[person]
        if s.get("player") is None:
            return True
        since = self.away.get(person)
        if since is None or person in self.remote:  # connected here, or to another process
            return False
        return now - since >= float(self.clock["grace"] or 0)

    def bot_delay(self) -> float:
        """The room's ``bot_delay``, at least ``people_bot_delay()`` when a person sits at
        the table (whether he is there or a bot plays for him meanwhile)."""
        delay = float(self.clock["bot_delay"] or 0)
        if any(s.get("player") is not None for s in self.seats):
            delay = max(delay, self.people_delay)
        return delay

    def _dues(self, now: float) -> Iterator[tuple[int, Decision, float | None, float | None]]:
        """Each pending decision with when its bot or the end of its player's grace plays it
        (None: a player is there), and its deadline (None: no clock). While a window's hold
        runs, a bot answers early (its answer is kept to the hold's end) and a pass-only seat
        not at all (the hold's end answers it)."""
        holding = self.hold_end() is not None
        bot_delay = self.bot_delay()
        if holding:
            bot_delay = min(bot_delay, self.window_hold / 2)
        for seat, d in self.pending().items():
            _kind, since, dl = self.deadlines.get(seat, (d.kind, now, None))
            if holding and d.forced:
                continue
            away = self.away.get(self.person(seat))  # the person at that seat's
            if self.bot_plays(seat, now):
                yield (
                    seat,
                    d,
                    since + bot_delay * thinking(self.nonce, seat, since),
                    (None if holding else dl),
                )
            elif away is not None:
                yield seat, d, away + float(self.clock["grace"] or 0), dl
            else:
                yield seat, d, None, dl

    def _next_due(self, now: float) -> float:
        """When the clock has something to do (inf: nothing)."""
        times = [t for _, _, *ts in self._dues(now) for t in ts if t is not None]
        end = self.hold_end()
        if end is not None:
            times.append(end)
        return min(times, default=math.inf)

    async def auto_step(self, now: float) -> float | None:
        """Play one automatic action when one is due (a bot, a timeout, the end of a window's
        hold, the next game, the host role passing from a host who stayed away); returns 0
        when it did, else the seconds until the next one may be (None: nothing)."""
        if not self.owned:
            return None
        host = self.pass_host(now)
        if host == 0.0:
            self.broadcast()
            return 0.0
        step = await self._auto_step(now)
        return step if host is None or (step is not None and step < host) else host

    async def _auto_step(self, now: float) -> float | None:
        """``auto_step`` but the host's role."""
        if self.status == "playing" and self.state is not None and self.state.is_terminal():
            await self.finish()  # storing the end failed before: try again
            self.broadcast()
            return 0.0
        if self.status == "between":
            if not self.attended():  # nobody at the table: the next game waits for someone
                return None
            if now >= self.between_until or self.everyone_ready(now):
                await self._start_game()
                self.broadcast()
                return 0.0
            # a person away past his grace no longer holds the others up: look again then
            grace = float(self.clock["grace"] or 0)
            ends = [self.away[s] + grace for s in self.at_table(now) if s in self.away]
            return min([self.between_until, *(e for e in ends if e > now)]) - now
        if self.status != "playing":
            return None
        if not self.attended():  # nobody at the table: no bot moves, no timeouts
            self.paused_at = now if self.paused_at is None else self.paused_at
            return None
        if self.resume(now):  # someone came back through another process (cluster)
            self.broadcast()
        end = self.hold_end()
        if end is not None and now >= end:
            await self.end_hold()
            return 0.0
        nxt = math.inf if end is None else end
        for seat, d, due, dl in list(self._dues(now)):
            if due is not None and due <= now and self.bot_plays(seat, now):
                if self.pool is None:  # no bot workers (a room outside a server): decide here
                    await self.commit(seat, self._decide_here(seat, d))  # (kept in a hold)
                    return 0.0
                if self.thinking is None:  # one question at a time; its answer wakes the clock
                    self.thinking = ask(self._room(), seat, d)
                due = None
            if dl is not None and dl <= now:
                if self.bot_plays(seat, now) or TIMEOUT_BOT not in bot_names(self.game.name):
                    await self.commit(seat, d.default)
                    return 0.0
                # a person's timeout: what the heuristic would play, decided off the loop
                if self.pool is None:  # no bot workers (a room outside a server): decide here
                    await self.commit(seat, self._decide_here(seat, d, TIMEOUT_BOT))
                    return 0.0
                give_up = dl + TIMEOUT_WAIT
                if now >= give_up:  # no answer in time: the decision's safe default
                    await self.commit(seat, d.default)
                    return 0.0
                if self.thinking is None:
                    self.thinking = ask(self._room(), seat, d, TIMEOUT_BOT)
                dl = give_up
            nxt = min(nxt, math.inf if due is None else due, math.inf if dl is None else dl)
        return None if nxt == math.inf else max(0.0, nxt - now)

    def _decide_here(self, seat: int, d: Decision, bot: str | None = None) -> Action:
        """The seat's bot's choice (``bot``: that bot's, for a person's timeout), made on the
        loop: only for a room without bot workers (unit tests)."""
        legal = list(d.actions)
        assert self.state is not None
        obs = self.state.observation(seat)
        chooser = self.bot_for(seat) if bot is None else self._bot_named(seat, bot)
        action = chooser.act(obs, legal, decision_rng(self.seed, seat, self.version))
        return action if action in legal else d.default

    def _bot_named(self, seat: int, name: str) -> Bot:
        """The bot ``name`` for ``seat``, made for the game when not the seat's own."""
        if self.bot_name(seat) == name:
            return self.bot_for(seat)
        bot = get_bot(name, self.game.name)
        hook = getattr(bot, "new_game", None)
        if callable(hook):
            hook(self.game.name, self.game.rules_json(), seat)
        return bot

    def resume(self, now: float) -> bool:
        """Someone is back at a table nobody was at: the clock stood still meanwhile, so every
        deadline and every away player's grace moves on by the pause (True: they did)."""
        if self.paused_at is None:
            return False
        gap, self.paused_at = max(0.0, now - self.paused_at), None
        self.deadlines = {
            s: (kind, since + gap, None if dl is None else dl + gap)
            for s, (kind, since, dl) in self.deadlines.items()
        }
        self.away = {s: t + gap for s, t in self.away.items()}
        if self.window_at is not None:
            self.window_at += gap  # a window's hold stood still too
        return True

    async def run(self) -> None:
        """The room's clock: bots, timeouts, the pause between games."""
        while not self.closing:
            async with self.lock:
                try:
                    delay = await self.auto_step(time.time())
                except ConflictError:  # another process moved the room: catch up
                    self.sync()
                    delay = 0.0
                except Exception:  # a failed write: wait and try again, never die
                    log.exception("room %s: automatic step failed", self.id)
                    delay = 1.0
            if delay == 0.0:
                await asyncio.sleep(0)
                continue
            self.wake.clear()
            self.sleep_until = math.inf if delay is None else time.time() + delay
            with contextlib.suppress(TimeoutError):  # no task made per wait, unlike wait_for
                async with asyncio.timeout(None if delay is None else delay + 0.01):
                    await self.wake.wait()
            self.sleep_until = -math.inf  # awake: the next round looks at everything again

    def ensure_running(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())
        self.wake.set()

    async def stop(self) -> None:
        self.closing = True
        self.wake.set()
        if self.thinking is not None:
            self.thinking.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
