"""Players: guests and accounts, argon2 passwords, signed session tokens (itsdangerous)."""

from __future__ import annotations

import asyncio
import functools
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

TOKEN_AGE = 30 * 24 * 3600
MAX_NAME = 40
#: password jobs (each ~0.1 s of a core and 64 MiB) queued at once, over all clients
MAX_PASSWORD_JOBS = 8
_hasher = PasswordHasher()
T = TypeVar("T")


class Busy(Exception):
    """Too many password jobs are waiting, or this client already has one."""


class Tokens:
    def __init__(self, secret: str) -> None:
        self._s = URLSafeTimedSerializer(secret, salt="chieu-session")

    def make(self, player_id: int) -> str:
        return self._s.dumps({"p": player_id})

    def read(self, token: str) -> int | None:
        try:
            data: Any = self._s.loads(token, max_age=TOKEN_AGE)
        except BadSignature:
            return None
        pid = data.get("p") if isinstance(data, dict) else None
        return pid if isinstance(pid, int) and not isinstance(pid, bool) else None


def clean_name(name: str) -> str | None:
    """A player's name (NFC, spaces collapsed), or None if it is not 1 to 40 printable
    characters."""
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not 0 < len(text) <= MAX_NAME:
        return None
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        return None
    return text


def account_key(name: str) -> str:
    return name.casefold()


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

    async def run(self, client: str, fn: Callable[..., T], *args: Any) -> T:
        if len(self.clients) >= self.limit or client in self.clients:
            raise Busy(client)
        self.clients.add(client)
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.pool, functools.partial(fn, *args))
        finally:
            self.clients.discard(client)
