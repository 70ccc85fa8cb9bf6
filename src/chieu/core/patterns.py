"""Scoring patterns (cước, phán...): one small class each, one generic evaluator.

A pattern answers ``count(ctx)``: how many times it occurs in a win (0 when absent). It declares
the ids it ``excludes`` (subsumes). Values never live in the class: they come from an immutable
value table chosen by the rules, so house variants change numbers, not code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, Generic, TypeVar

from chieu.core.outcome import PatternHit

C = TypeVar("C")


class Pattern(Generic[C]):
    id: ClassVar[str]
    name: ClassVar[str]
    excludes: ClassVar[frozenset[str]] = frozenset()
    #: Evaluated only when no other pattern applies (e.g. Chắn's xuông).
    fallback: ClassVar[bool] = False

    def count(self, ctx: C) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"


def evaluate(
    patterns: Sequence[Pattern[C]], ctx: C, enabled: Iterable[str] | None = None
) -> list[PatternHit]:
    """All patterns present in ``ctx`` after exclusions, in the order of ``patterns``."""
    allowed = None if enabled is None else set(enabled)
    found: dict[str, tuple[Pattern[C], int]] = {}
    for p in patterns:
        if p.fallback or (allowed is not None and p.id not in allowed):
            continue
        n = p.count(ctx)
        if n > 0:
            found[p.id] = (p, n)
    excluded: set[str] = set()
    for p, _ in found.values():
        excluded |= p.excludes
    hits = [PatternHit(p.id, p.name, n) for p, n in found.values() if p.id not in excluded]
    if not hits:
        for p in patterns:
            if p.fallback and (allowed is None or p.id in allowed) and p.count(ctx) > 0:
                hits.append(PatternHit(p.id, p.name, 1))
    return hits


def by_id(patterns: Iterable[Pattern[C]]) -> Mapping[str, Pattern[C]]:
    return {p.id: p for p in patterns}
