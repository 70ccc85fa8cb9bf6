"""Sessions: revocable, short-lived, renewed while in use (docs/protocol.md, "Sessions").

A session is a row of the ``sessions`` table (a random id, its player, when it was made, when
it expires, whether it was revoked). The token a client holds is that id signed with the
server's secret (itsdangerous, ``auth.Tokens``): it names no player, and it is worth nothing
once its session is revoked (``POST /api/logout``) or expired. A session lasts
``SESSION_AGE`` seconds (24 h) from its last renewal (``POST /api/session/renew`` answers a
fresh token and moves the expiry to 24 h from now); a token is also refused once it is older
than that itself, so a renewed session's old tokens die in their turn.

Checking a token costs no database round trip on every request: the sessions seen lately are
kept in memory (at most ``CACHE_SIZE``) and read again from the database once ``CACHE_TTL``
seconds old, so that a revocation made by another process (several processes on one
PostgreSQL) is honoured within that delay; one made by this process is at once, and the
sockets of a revoked session open on this process are closed (4401) at once too
(``watch``).
"""

from __future__ import annotations

import contextlib
import math
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from chieu.server import auth
from chieu.server import models as m
from chieu.server.storage import Store

SESSION_AGE = 24 * 3600.0
CACHE_TTL = 30.0
CACHE_SIZE = 50_000
#: a renewal that would move the expiry by less than this writes nothing
RENEW_STEP = 60.0
PURGE_EVERY = 3600.0  # expired sessions are deleted a day after their expiry, hourly


def session_age() -> float:
    """``SESSION_AGE``, or ``$CHIEU_SESSION_AGE`` (seconds) when set."""
    try:
        given = float(os.environ.get("CHIEU_SESSION_AGE") or SESSION_AGE)
    except ValueError:
        return SESSION_AGE
    return given if math.isfinite(given) and given >= 1 else SESSION_AGE


@dataclass
class Session:
    sid: str
    player: int
    expires: float
    revoked: bool = False
    checked: float = 0.0  # when this copy was read from the database (monotonic)

    def live(self, now: float) -> bool:
        return not self.revoked and self.expires > now


class Sessions:
    def __init__(self, store: Store, secret: str, age: float | None = None) -> None:
        self.store = store
        self.tokens = auth.Tokens(secret)
        self.age = age if age is not None else session_age()
        self.cache: dict[str, Session] = {}
        #: session id -> what to call when it is revoked (its open sockets here)
        self.watchers: dict[str, set[Callable[[], None]]] = {}
        self.purged = 0.0

    # -- tokens ------------------------------------------------------------------------------
    def start(self, player: int) -> tuple[str, Session]:
        """A new session of ``player``: its token and the session."""
        sid = secrets.token_urlsafe(24)
        now = time.time()
        sess = Session(sid, player, now + self.age, checked=time.monotonic())
        with self.store.engine.begin() as conn:
            conn.execute(
                m.sessions.insert().values(
                    id=sid, player_id=player, created=now, expires=sess.expires, revoked=False
                )
            )
        self._keep(sess)
        self._purge(now)
        return self.tokens.make(sid), sess

    def check(self, token: str) -> Session | None:
        """The live session ``token`` names, or None (a bad signature, too old, unknown,
        expired or revoked)."""
        sid = self.tokens.read(token, self.age) if token else None
        return None if sid is None else self.get(sid)

    def get(self, sid: str) -> Session | None:
        """The live session ``sid`` (from memory when read lately), or None."""
        sess = self.cache.get(sid)
        if sess is None or time.monotonic() - sess.checked > CACHE_TTL:
            sess = self._load(sid)
        return sess if sess is not None and sess.live(time.time()) else None

    def renew(self, sess: Session) -> str:
        """A fresh token of ``sess``, whose expiry moves to ``age`` seconds from now."""
        expires = time.time() + self.age
        if expires - sess.expires >= min(RENEW_STEP, self.age / 4):
            with self.store.engine.begin() as conn:
                conn.execute(
                    m.sessions.update()
                    .where(m.sessions.c.id == sess.sid, m.sessions.c.revoked.is_(False))
                    .values(expires=expires)
                )
            sess.expires = expires
        return self.tokens.make(sess.sid)

    # -- revocation --------------------------------------------------------------------------
    def revoke(self, sid: str) -> int:
        with self.store.engine.begin() as conn:
            conn.execute(m.sessions.update().where(m.sessions.c.id == sid).values(revoked=True))
        self._revoked([sid])
        return 1

    def revoke_all(self, player: int) -> int:
        """Revoke every session of ``player`` (sign out everywhere): how many were live."""
        now = time.time()
        with self.store.engine.begin() as conn:
            live = sa.and_(
                m.sessions.c.player_id == player,
                m.sessions.c.revoked.is_(False),
                m.sessions.c.expires > now,
            )
            sids = [str(r[0]) for r in conn.execute(sa.select(m.sessions.c.id).where(live))]
            conn.execute(m.sessions.update().where(live).values(revoked=True))
        self._revoked(sids + [s for s, sess in self.cache.items() if sess.player == player])
        return len(sids)

    def watch(self, sid: str, callback: Callable[[], None]) -> None:
        """Call ``callback`` when ``sid`` is revoked here (an open socket closes itself)."""
        self.watchers.setdefault(sid, set()).add(callback)

    def unwatch(self, sid: str, callback: Callable[[], None]) -> None:
        calls = self.watchers.get(sid)
        if calls is not None:
            calls.discard(callback)
            if not calls:
                del self.watchers[sid]

    def _revoked(self, sids: list[str]) -> None:
        for sid in set(sids):
            sess = self.cache.get(sid)
            if sess is not None:
                sess.revoked = True
            for call in list(self.watchers.pop(sid, ())):
                with contextlib.suppress(Exception):
                    call()

    # -- memory and database -----------------------------------------------------------------
    def _load(self, sid: str) -> Session | None:
        with self.store.engine.connect() as conn:
            row = conn.execute(sa.select(m.sessions).where(m.sessions.c.id == sid)).first()
        if row is None:
            self.cache.pop(sid, None)
            return None
        r = row._mapping
        sess = Session(sid, int(r["player_id"]), float(r["expires"]), bool(r["revoked"]))
        sess.checked = time.monotonic()
        self._keep(sess)
        return sess

    def _keep(self, sess: Session) -> None:
        self.cache.pop(sess.sid, None)
        if len(self.cache) >= CACHE_SIZE:  # forget the oldest read: it is read again if used
            for sid in list(self.cache)[: CACHE_SIZE // 10]:
                del self.cache[sid]
        self.cache[sess.sid] = sess

    def _purge(self, now: float) -> None:
        if now - self.purged < PURGE_EVERY:
            return
        self.purged = now
        with self.store.engine.begin() as conn:
            conn.execute(m.sessions.delete().where(m.sessions.c.expires < now - 24 * 3600))
