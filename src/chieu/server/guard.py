"""Accounts' guards: weak passwords refused (zxcvbn), failed logins slowed down (backoff)."""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass

MIN_PASSWORD = 8
MAX_PASSWORD = 200
#: zxcvbn's score (0-4) a password needs: 3 is "safely unguessable: moderate protection from
#: an offline slow-hash scenario" (under 10^10 guesses is 2 or less)
MIN_SCORE = 3
#: zxcvbn looks at this many characters at most (as its JavaScript original does): its work
#: grows faster than the length
ZXCVBN_CHARS = 100
#: words a password must not lean on, besides the player's own name
SITE_WORDS = ("chieu", "chiếu", "chan", "chắn", "totom", "tổ tôm", "phom", "phỏm", "mat chuoc")


def password_problem(password: str, name: str) -> tuple[str, str | None]:
    """An error code and why ``password`` may not be an account's (English words, for the
    error's detail), or ``("", None)`` if it may: 8 to 200 characters (``bad_message``), no
    control character (``bad_message``), and zxcvbn's score at least ``MIN_SCORE`` with the
    account's name among the words it knows (``weak_password``, with zxcvbn's advice)."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return "bad_message", f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters"
    for ch in password:
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return "bad_message", f"U+{ord(ch):04X}, a control character, may not be in it"
    from zxcvbn import zxcvbn

    words = [name, *name.split(), *SITE_WORDS]
    result = zxcvbn(password[:ZXCVBN_CHARS], user_inputs=words)
    if int(result["score"]) >= MIN_SCORE:
        return "", None
    feedback = result.get("feedback") or {}
    said = [feedback.get("warning") or "", *(feedback.get("suggestions") or ())]
    advice = " ".join(s for s in said if s)
    return "weak_password", advice or None


@dataclass
class _Failures:
    count: int = 0
    until: float = 0.0  # no attempt before this (monotonic)
    last: float = 0.0


class Backoff:
    """Failed attempts counted per key (an account's name, a client's address): the
    ``free``-th failure in a row locks the key for ``base`` seconds, and each one after it
    for twice as long as the one before, at most ``cap``; a success (``clear``) or
    ``forget`` seconds of quiet start the count again. At most ``keep`` keys are
    remembered: past that, the quiet ones are forgotten first, then the oldest."""

    def __init__(
        self,
        free: int = 5,
        base: float = 1.0,
        cap: float = 900.0,
        forget: float = 3600.0,
        keep: int = 10_000,
    ) -> None:
        self.free, self.base, self.cap, self.forget, self.keep = free, base, cap, forget, keep
        self.keys: dict[str, _Failures] = {}

    def wait(self, key: str) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        found = self.keys.get(key)
        return 0.0 if found is None else max(0.0, found.until - time.monotonic())

    def fail(self, key: str) -> None:
        now = time.monotonic()
        found = self.keys.pop(key, None)
        if found is None or now - found.last > self.forget:
            found = _Failures()
        found.count += 1
        found.last = now
        over = found.count - self.free  # the ``free``-th failure locks for ``base`` seconds
        if over >= 0:
            found.until = now + min(self.cap, self.base * 2 ** min(over, 30))
        if len(self.keys) >= self.keep:
            self._trim(now)
        self.keys[key] = found  # the newest last: the dict's order is the age

    def clear(self, key: str) -> None:
        self.keys.pop(key, None)

    def _trim(self, now: float) -> None:
        quiet = [k for k, f in self.keys.items() if now - f.last > self.forget or f.until < now]
        for k in quiet:
            del self.keys[k]
        while len(self.keys) >= self.keep:
            del self.keys[next(iter(self.keys))]
