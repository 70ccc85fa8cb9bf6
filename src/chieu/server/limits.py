"""Rate limits: a token bucket (a WebSocket client's messages), and one bucket per player (the
HTTP endpoints that cost the server work: hints, replays)."""

from __future__ import annotations

import time


class Bucket:
    """``rate`` a second sustained, ``burst`` at once (default: twice the rate, at least 20)."""

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = max(20.0, 2 * rate) if burst is None else burst
        self.tokens = self.burst
        self.at = time.monotonic()
        self.strikes = 0  # refusals so far

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1
        return False


class PlayerBuckets:
    """A bucket per player, kept bounded: past ``keep`` players, the buckets full again (their
    players idle long enough) are forgotten, which changes nothing for them."""

    def __init__(self, rate: float, burst: float, keep: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keep = keep
        self.buckets: dict[int, Bucket] = {}

    def take(self, player: int) -> bool:
        bucket = self.buckets.get(player)
        if bucket is None:
            if len(self.buckets) >= self.keep:
                now = time.monotonic()
                idle = self.burst / self.rate
                for p in [p for p, b in self.buckets.items() if now - b.at >= idle]:
                    del self.buckets[p]
            bucket = self.buckets[player] = Bucket(self.rate, self.burst)
        return bucket.take()
