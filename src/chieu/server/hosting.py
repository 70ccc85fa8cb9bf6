"""Between two games, and the host: a part of :class:`chieu.server.room.Room`.

**The ready step.** When a game is over the room is ``between``: its result stays on every
table until the next deal, which comes when every person at the table has said ``next``
(pressed "Sẵn sàng" / "Ready") or when the room's pause (``clock.pause``) ends, whichever is
first. Readiness belongs to the seat, not to a socket: a person who reloads the page is still
ready; on a cluster each process reports the seats ready through it (``remote_ready``). "At
the table" means seated and not covered by a bot: a person away for longer than the grace
does not hold the others up.

**The host.** The host role passes to a seated person when the host leaves
(``Lobby.leave``) or stays away (no socket anywhere) for longer than ``clock.grace`` while
someone else is at the table (``pass_host``, run by the room's clock). A host who lost the
role can no longer start the room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.server.rows import SeatRow
from chieu.server.wire import RoomStatus

if TYPE_CHECKING:
    from chieu.server.pushing import Conn
    from chieu.server.storage import Store


class Hosting:
    """The ready step between games and the passing of the host role (module docstring): a
    part of :class:`chieu.server.room.Room` (the attributes and methods it uses are the
    room's)."""

    id: int
    host: int
    status: RoomStatus
    seats: list[SeatRow]
    clock: dict[str, float | None]
    conns: set[Conn]
    away: dict[int, float]
    remote: set[int]
    ready: set[int]
    remote_ready: set[int]
    store: Store

    if TYPE_CHECKING:

        def seat_of(self, player: int) -> int | None: ...
        def connected(self, seat: int) -> bool: ...
        def attended(self) -> bool: ...
        def bot_plays(self, seat: int, now: float) -> bool: ...

    def at_table(self, now: float) -> list[int]:
        """The seats of the persons at the table: seated, and not played by a bot for being
        away longer than the grace."""
        return [
            i
            for i, s in enumerate(self.seats)
            if s.get("player") is not None and not self.bot_plays(i, now)
        ]

    def everyone_ready(self, now: float) -> bool:
        """Every person at the table is ready (False when nobody is: the pause decides)."""
        people = self.at_table(now)
        ready = self.ready | self.remote_ready
        return bool(people) and all(seat in ready for seat in people)

    def mark_ready(self, seat: int | None) -> bool:
        """The person in ``seat`` is ready for the next game (True if that is news). Only
        between two games, and only a seated person (a spectator's ``next`` is ignored)."""
        if seat is None or self.status != "between" or seat in self.ready:
            return False
        self.ready.add(seat)
        return True

    def forget_seat(self, seat: int) -> None:
        """The seat's person stood up: what he said (ready) is not the next person's."""
        self.ready.discard(seat)
        self.remote_ready.discard(seat)

    # -- the host --------------------------------------------------------------------------
    def present(self, seat: int) -> bool:
        """The seat's person has a socket here or on another process."""
        return seat in self.remote or self.connected(seat)

    def heir(self) -> int | None:
        """Who takes the host role: the first seated person (seat order) other than the host
        who is at the table, else the first seated other person (None: nobody)."""
        others = [
            (i, pid)
            for i, s in enumerate(self.seats)
            if (pid := s.get("player")) is not None and pid != self.host
        ]
        here = [pid for i, pid in others if self.present(i)]
        if here:
            return here[0]
        return others[0][1] if others else None

    def hand_host(self, heir: int) -> None:
        """The host role is ``heir``'s from now on (stored: every process learns it)."""
        self.host = heir
        self.store.update_room(self.id, host=heir)

    def pass_host(self, now: float) -> float | None:
        """The host has been away for longer than the grace while someone else is here: the
        role passes to him (``heir``). Returns 0 when it passed, else the seconds until it may
        (None: not while things stay as they are: an arrival or a departure wakes the clock)."""
        if self.status == "finished" or not self.attended():
            return None
        seat = self.seat_of(self.host)
        if seat is None or self.present(seat) or seat not in self.away:
            return None
        due = self.away[seat] + float(self.clock["grace"] or 0)
        if now < due:
            return due - now
        heir = self.heir()
        heir_seat = None if heir is None else self.seat_of(heir)
        if heir is None or heir_seat is None or not self.present(heir_seat):
            return None  # nobody here to take it: it stays
        self.hand_host(heir)
        return 0.0

    def host_left(self) -> None:
        """The host stood up (``Lobby.leave``): the role passes to the heir, if there is one
        (none: the room is abandoned, or he was never seated)."""
        if self.status != "finished" and self.seat_of(self.host) is None:
            heir = self.heir()
            if heir is not None:
                self.hand_host(heir)
