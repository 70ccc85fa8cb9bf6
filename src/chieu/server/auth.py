"""Players: guests and accounts, argon2 passwords, signed session tokens (itsdangerous).

A token is a session's id signed with the server's secret (``chieu.server.sessions``); the
name rules are ``chieu.server.names``'s."""

from __future__ import annotations

import asyncio
import functools
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar, TypeVarTuple

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

from chieu.server import names

MAX_NAME = names.MAX_NAME
#: password jobs (each ~0.1 s of a core and 64 MiB) queued at once, over all clients
MAX_PASSWORD_JOBS = 8
_hasher = PasswordHasher()
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class Busy(Exception):
    """Too many password jobs are waiting, or this client already has one."""


class Tokens:
    """A session id signed (and timed) with the server's secret. The salt names this kind of
    token: the tokens of old (a player id, 30 days) are refused."""

    MAX_TOKEN = 200  # characters: a token is about 90

    def __init__(self, secret: str) -> None:
        self._s = URLSafeTimedSerializer(secret, salt="chieu-session-2")

    def make(self, sid: str) -> str:
        return self._s.dumps({"s": sid})

    def read(self, token: str, age: float) -> str | None:
        """The session id ``token`` carries, if signed here less than ``age`` seconds ago."""
        if not isinstance(token, str) or len(token) > self.MAX_TOKEN:
            return None
        try:
            data: object = self._s.loads(token, max_age=int(age))
        except BadSignature:
            return None
        sid = data.get("s") if isinstance(data, dict) else None
        return sid if isinstance(sid, str) and 0 < len(sid) <= 64 else None


def clean_name(name: str) -> str | None:
    """A player's name (``names.clean_name``), or None if it is refused."""
    try:
        return names.clean_name(name)
    except names.BadName:
        return None


def account_key(name: str) -> str:
    """The unique key of an account's name (its exact name, case-folded, for logging in)."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from. With nothing stored (no such
    account) a made-up hash is checked all the same: an unknown name takes as long to refuse
    as a wrong password, so the time of an answer does not tell which names exist."""
    try:
        return _hasher.verify(stored or _stand_in(), password) and bool(stored)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def _stand_in() -> str:
    return _hasher.hash("chieu: no such account")


class PasswordWork:
    """argon2 off the event loop. Hashing or checking a password takes ~0.1 s of a core: on
    the loop, every room of the server stood still meanwhile, and a client sending logins
    in a row could stop them all. The jobs run on one worker thread (argon2 lets go of the
    interpreter lock, so the rooms go on beside it), at most ``limit`` queued and one per
    client address at a time; more is :class:`Busy` (HTTP 429), at once."""

    def __init__(self, limit: int = MAX_PASSWORD_JOBS) -> None:
        self.limit = limit
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chieu-passwords")
        self.clients: set[str] = set()

    async def run(self, client: str, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        if len(self.clients) >= self.limit or client in self.clients:
            raise Busy(client)
        self.clients.add(client)
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.pool, functools.partial(fn, *args))
        finally:
            self.clients.discard(client)
