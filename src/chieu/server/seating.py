"""Who sits at the table of the deal being played, when a hội holds more people than seats.

A room has one seat row per *person* of the hội (``Room.seats``, ``rules.players`` of them);
its game's states have ``rules.seats`` table seats. The game's sitting policy says who sits
where for each deal (``Sitting.seating``, ``chieu.core.sitting``): the room keeps that mapping
for the deal on the table (``TableSeating.table``) and translates at every edge with the
state: a person's views, actions, deadlines, hints; a table seat's bot, away grace and
connection. A person on the bench sees the deal as a spectator does and cannot act.

The mapping is never stored apart: it is the stored sitting's (the room row's, written in the
same transaction as the game's start and end), so a restart, a rebuild or another process
reading the room finds the same one (``deal_seating``). A game whose hội seats everyone has
the identity (person ``s`` at seat ``s``) and nothing changes.

``TableSeating`` is a part of :class:`chieu.server.room.Room` (the attributes it uses are the
room's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.errors import ChieuError
from chieu.server.rows import SeatRow
from chieu.server.wire import BenchJson

if TYPE_CHECKING:
    from chieu.core.protocol import State
    from chieu.core.sitting import Sitting
    from chieu.core.table import Game
    from chieu.server.wire import RoomStatus


class TableSeating:
    """The person at each table seat of the deal on the table (see the module's docstring)."""

    game: Game
    seats: list[SeatRow]
    sitting: Sitting | None
    status: RoomStatus
    state: State | None
    #: the person (an index into ``seats``) at each seat of the deal on the table
    table: tuple[int, ...] = ()

    def deal_seating(self) -> tuple[int, ...]:
        """The seating of the deal on the table, from the sitting: the next deal's while it
        is played (its row is written when it ends), the last row's once it has ended."""
        sitting = self.sitting
        seats = self.game.rules.seats
        if sitting is None:
            return tuple(range(seats))
        state = self.state
        ended = state is not None and state.is_terminal() and self.status != "playing"
        if ended and sitting.rows:
            return sitting.rows[-1].seating or tuple(range(seats))
        try:
            return sitting.seating()
        except ChieuError:  # a damaged carry: everyone at their own seat, as before
            return tuple(range(seats))

    def seat_table(self) -> None:
        """Take the seating of the deal on the table (a game dealt, rebuilt, synced)."""
        self.table = self.deal_seating()

    def table_seat(self, person: int | None) -> int | None:
        """The table seat of a person (a room seat) in this deal; None: a spectator, or a
        person on the bench."""
        if person is None:
            return None
        table = self.table or tuple(range(len(self.seats)))
        return table.index(person) if person in table else None

    def person(self, seat: int) -> int:
        """The person (a room seat) at table seat ``seat`` of this deal."""
        table = self.table
        return table[seat] if 0 <= seat < len(table) else seat

    def benched(self, person: int | None) -> bool:
        """A person of the room who sits out the deal on the table."""
        return person is not None and self.table_seat(person) is None

    def seating_json(self) -> list[int] | None:
        """The room JSON's ``seating``: the person at each table seat of the deal on the
        table; None when everyone sits at their own seat."""
        table = self.table or tuple(range(len(self.seats)))
        return None if table == tuple(range(len(self.seats))) else list(table)

    def bench_json(self) -> BenchJson | None:
        """The room JSON's ``bench`` (None: the hội seats everyone, or it is over)."""
        rules = self.game.rules
        if rules.seats >= rules.players or self.status == "finished":
            return None
        sitting = self.sitting
        if sitting is None:  # waiting: the first deal's, as a new sitting seats it
            sitting = self.game.sitting()
        # while a deal is played its row is not written yet: the sitting's next deal is it
        when = sitting.comes_in()
        return {
            "deal": len(sitting.rows) + 1,
            "seats": list(sitting.bench()),
            "when": None if when is None else {"vi": when["vi"], "en": when["en"]},
        }
