"""Seeded randomness with independent derived streams.

Every stream is a private ``random.Random`` seeded from a SHA-256 of the game seed and the
stream's name, so the deal never depends on the global ``random`` state, and a bot's stream
never disturbs the deal.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


def derive_seed(seed: int | str, *names: str | int) -> int:
    """A 64-bit seed derived from ``seed`` and a path of stream names."""
    text = "/".join([str(seed), *(str(n) for n in names)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class Rng:
    """A named stream of random numbers; ``derive(name)`` makes an independent sub-stream."""

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | str, *names: str | int) -> None:
        self.seed = derive_seed(seed, *names)
        self._random = random.Random(self.seed)

    def derive(self, *names: str | int) -> Rng:
        return Rng(self.seed, *names)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._random.shuffle(out)
        return out

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self._random.randrange(len(items))]

    def randrange(self, stop: int) -> int:
        return self._random.randrange(stop)

    def random(self) -> float:
        return self._random.random()
