"""Rate limits: a token bucket (a WebSocket client's messages), and one bucket per player (the
HTTP endpoints that cost the server work: hints, replays); what one address or one player may
create (guests, rooms: ``Quota``, ``CreationLimits``)."""

from __future__ import annotations

import ipaddress
import os
import time
from collections import OrderedDict
from dataclasses import dataclass


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


# -- issue 26: what one client address (or one player) may create ------------------------------
#: (how many, per how many seconds): each pair a token bucket of its own
Rates = tuple[tuple[float, float], ...]


class Quota:
    """Token buckets per key (a client's address, a player): a key may do ``n`` things every
    ``per`` seconds for each ``(n, per)`` of ``rates`` (a burst of ``n`` at once). Memory stays
    bounded: past ``keep`` keys the least recently seen one is forgotten, which gives it back
    its whole allowance and nothing more."""

    def __init__(self, rates: Rates, keep: int = 20_000) -> None:
        self.rates = rates
        self.keep = keep
        self.keys: OrderedDict[object, list[list[float]]] = OrderedDict()

    def take(self, key: object) -> float | None:
        """None: allowed (a token taken from each bucket); else the seconds to wait."""
        now = time.monotonic()
        buckets = self.keys.get(key)
        if buckets is None:
            buckets = [[n, now] for n, _ in self.rates]
            self.keys[key] = buckets
            while len(self.keys) > self.keep:
                self.keys.popitem(last=False)
        else:
            self.keys.move_to_end(key)
        wait = 0.0
        for bucket, (n, per) in zip(buckets, self.rates, strict=True):
            bucket[0] = min(n, bucket[0] + (now - bucket[1]) * n / per)
            bucket[1] = now
            if bucket[0] < 1.0:
                wait = max(wait, (1.0 - bucket[0]) * per / n)
        if wait > 0:
            return wait
        for bucket in buckets:
            bucket[0] -= 1.0
        return None


def address_key(host: str) -> str:
    """The key of a client's address: an IPv6 address by its /64 network (one household or
    one machine holds a whole /64), anything else as it is."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(frozen=True)
class CreationLimits:
    """How many guests and rooms may be made (docs/protocol.md, "Limits"); ``off()`` for the
    tests and benchmarks that make hundreds from one address (``CHIEU_LIMITS=off``)."""

    guests_per_address: Rates = ((10, 60), (100, 86_400))
    rooms_per_address: Rates = ((30, 60), (300, 86_400))
    rooms_per_player: Rates = ((10, 60), (100, 86_400))
    enabled: bool = True

    @classmethod
    def off(cls) -> CreationLimits:
        return cls(enabled=False)

    @classmethod
    def from_env(cls) -> CreationLimits:
        off = os.environ.get("CHIEU_LIMITS", "").strip().lower() in ("off", "0", "no", "false")
        return cls.off() if off else cls()
