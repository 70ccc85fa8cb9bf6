"""Players: guests and accounts, argon2 passwords, signed session tokens (itsdangerous)."""

from __future__ import annotations

import unicodedata
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

TOKEN_AGE = 30 * 24 * 3600
MAX_NAME = 40
_hasher = PasswordHasher()


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
    if not stored:
        return False
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False
