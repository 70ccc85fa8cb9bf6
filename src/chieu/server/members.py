"""Who belongs to a room (issue 30): everyone who sat at it or watched it, kept after they
leave; and the host's seat links (one-time tokens that give a seat to whoever opens them).

``room_members`` has a row per room and person: ``played`` (he sat at the room, once at least),
``seat`` (his seat, None while he watches), ``left`` (when he gave up his seat or stopped
watching; None while he is at the table). The history lists the rooms a person played in,
whatever happened since; the home page lists those he is still at.

A seat link's token is 32 random bytes (``secrets.token_urlsafe``); only its SHA-256 is
stored, with the seat, who held the seat when the link was made, its expiry and when it was
used. A seat has one live link at most (a new one revokes the last), so a room has as many
live links as seats at most.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

import sqlalchemy as sa

from chieu.server import models as m
from chieu.server.environ import env_number
from chieu.server.storage import Store

#: seconds a seat link stays good (``$CHIEU_SEAT_LINK_AGE``, from 30 s to a day)
LINK_AGE = 900.0
#: the characters of a token (``token_urlsafe(32)`` makes 43); more is refused unread
MAX_TOKEN = 64


def link_age() -> float:
    return env_number("CHIEU_SEAT_LINK_AGE", LINK_AGE, 30.0, 86400.0)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# -- members ----------------------------------------------------------------------------------
def _upsert(store: Store, room_id: int, pid: int, values: dict[str, object]) -> None:
    t = m.room_members
    with store.engine.begin() as conn:
        key = sa.and_(t.c.room_id == room_id, t.c.player_id == pid)
        found = conn.execute(sa.select(t.c.played).where(key)).first()
        if found is None:
            row = {"room_id": room_id, "player_id": pid, "played": False, "since": time.time()}
            conn.execute(t.insert().values(**{**row, "seat": None, "left": None, **values}))
        else:
            if found[0]:
                values.pop("played", None)  # once played, always played
            conn.execute(t.update().where(key).values(**values))


def seated(store: Store, room_id: int, pid: int, seat: int) -> None:
    """``pid`` sits at ``seat`` of the room (made it, joined it, took a seat by a link)."""
    _upsert(store, room_id, pid, {"played": True, "seat": seat, "left": None})


def watching(store: Store, room_id: int, pid: int) -> None:
    """``pid`` watches the room (he proved its code, or it is public); a former player's last
    seat stays (his history's column)."""
    _upsert(store, room_id, pid, {"left": None})


def gone(store: Store, room_id: int, pid: int) -> None:
    """``pid`` left the room's seat, or stopped watching it: his history keeps it."""
    t = m.room_members
    with store.engine.begin() as conn:
        conn.execute(
            t.update()
            .where(t.c.room_id == room_id, t.c.player_id == pid)
            .values(left=time.time())  # his last seat stays: his history's column
        )


def member(store: Store, room_id: int, pid: int | None, played: bool = False) -> bool:
    """``pid`` played at the room (``played``), or played or watches it now."""
    if pid is None:
        return False
    t = m.room_members
    q = sa.select(t.c.played, t.c.left).where(t.c.room_id == room_id, t.c.player_id == pid)
    with store.engine.connect() as conn:
        row = conn.execute(q).first()
    if row is None:
        return False
    return bool(row[0]) or (not played and row[1] is None)


def watchers(store: Store, room_id: int) -> list[int]:
    """The members at the room now (not gone), oldest first: those the room does not seat
    are its watchers (the caller knows the seats)."""
    t = m.room_members
    q = (
        sa.select(t.c.player_id)
        .where(t.c.room_id == room_id, t.c.left.is_(None))
        .order_by(t.c.since)
        .limit(50)
    )
    with store.engine.connect() as conn:
        return [int(r[0]) for r in conn.execute(q)]


def rooms_of(store: Store, pid: int, played: bool, limit: int) -> list[int]:
    """The rooms ``pid`` played in (``played``: whether he left since or not), or is still at
    (seated or watching), newest first."""
    return list(seats_of(store, pid, played, limit))


def seats_of(store: Store, pid: int, played: bool, limit: int) -> dict[int, int | None]:
    """``rooms_of``, each with his seat (his last one, for a room he left; None: watching)."""
    t, r = m.room_members, m.rooms
    q = sa.select(t.c.room_id, t.c.seat).join(r, r.c.id == t.c.room_id)
    q = q.where(t.c.player_id == pid)
    q = q.where(t.c.played.is_(True)) if played else q.where(t.c.left.is_(None))
    q = q.order_by(r.c.created.desc(), r.c.id.desc()).limit(limit)
    with store.engine.connect() as conn:
        return {int(a): None if b is None else int(b) for a, b in conn.execute(q)}


# -- seat links -------------------------------------------------------------------------------
@dataclass
class SeatLink:
    room_id: int
    seat: int
    holder: int | None
    expires: float
    used: float | None
    revoked: bool


def new_link(
    store: Store, room_id: int, seat: int, holder: int | None, host: int
) -> tuple[str, float]:
    """A new link for the seat (its earlier live links revoked): the token and its expiry."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    expires = now + link_age()
    t = m.seat_links
    with store.engine.begin() as conn:
        conn.execute(
            t.update()
            .where(t.c.room_id == room_id, t.c.seat == seat, t.c.used.is_(None))
            .values(revoked=True)
        )
        conn.execute(t.delete().where(t.c.expires < now - 86400))  # a day after: forgotten
        conn.execute(
            t.insert().values(
                id=_digest(token),
                room_id=room_id,
                seat=seat,
                holder=holder,
                made_by=host,
                created=now,
                expires=expires,
                used=None,
                revoked=False,
            )
        )
    return token, expires


def revoke_links(store: Store, room_id: int, seat: int) -> int:
    """Revoke the seat's live links: how many there were."""
    t = m.seat_links
    live = sa.and_(
        t.c.room_id == room_id,
        t.c.seat == seat,
        t.c.used.is_(None),
        t.c.revoked.is_(False),
        t.c.expires > time.time(),
    )
    with store.engine.begin() as conn:
        return int(conn.execute(t.update().where(live).values(revoked=True)).rowcount or 0)


def read_link(store: Store, token: object) -> SeatLink | None:
    """The link a token names (whatever its state), or None: not text, too long, unknown."""
    if not isinstance(token, str) or not 20 <= len(token) <= MAX_TOKEN:
        return None
    t = m.seat_links
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(t).where(t.c.id == _digest(token))).first()
    if row is None:
        return None
    r = row._mapping
    return SeatLink(
        int(r["room_id"]),
        int(r["seat"]),
        None if r["holder"] is None else int(r["holder"]),
        float(r["expires"]),
        None if r["used"] is None else float(r["used"]),
        bool(r["revoked"]),
    )


def use_link(store: Store, token: str) -> bool:
    """Mark the link used, once: False if it was used (or revoked) meanwhile."""
    t = m.seat_links
    with store.engine.begin() as conn:
        res = conn.execute(
            t.update()
            .where(t.c.id == _digest(token), t.c.used.is_(None), t.c.revoked.is_(False))
            .values(used=time.time())
        )
        return res.rowcount == 1
