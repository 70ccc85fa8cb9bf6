"""Core building blocks: RNG streams, kind tables, action spaces, events, registry, patterns."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from chieu.core.actions import Action, ActionSpace
from chieu.core.cards import KindTable, add_counts, contains, sub_counts
from chieu.core.errors import IllegalActionError, RecordError, UnknownGameError
from chieu.core.events import Event, redact
from chieu.core.patterns import Pattern, evaluate
from chieu.core.record import GameRecord
from chieu.core.registry import find_game, game_names, normalize_name
from chieu.core.rng import Rng, derive_seed


def test_rng_streams_are_independent_of_global_random() -> None:
    a = Rng(42, "deal").shuffled(range(20))
    random.seed(999)
    random.random()
    b = Rng(42, "deal").shuffled(range(20))
    assert a == b
    assert Rng(42, "bot", 1).shuffled(range(20)) != a
    assert derive_seed(42, "x") != derive_seed(43, "x")
    assert Rng(7).derive("a").seed == Rng(Rng(7).seed, "a").seed


def test_kind_table_counts_and_format() -> None:
    t = KindTable(("A", "B", "C"), ("a", "b", "c"), (2, 1, 1), frozenset({1}))
    assert t.size == 3 and t.deck_size == 4
    assert t.kind("b") == 1 and t.kind("Z") is None
    assert t.deck() == [0, 0, 1, 2]
    assert t.counts([0, 2, 0]) == [2, 0, 1]
    assert t.format_counts([2, 0, 1]) == "A A C"
    assert t.is_red(1) and not t.is_red(0)
    assert add_counts([1, 0], [0, 2]) == [1, 2]
    assert sub_counts([1, 2], [1, 0]) == [0, 2]
    assert contains([1, 2], [1, 1]) and not contains([1, 0], [0, 1])


@dataclass(frozen=True, slots=True)
class _Play(Action):
    verb: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class _Stop(Action):
    verb: ClassVar[str] = "stop"


def test_action_space_ids_are_stable_and_round_trip() -> None:
    space = ActionSpace([_Play(0), _Play(1), _Stop()])
    assert len(space) == 3
    assert space.id_of(_Play(1)) == 1
    assert space.action(2) == _Stop()
    assert space.from_json({"verb": "play", "card": 0}) == _Play(0)
    assert space.json_of(_Stop()) == {"verb": "stop"}
    with pytest.raises(IllegalActionError, match="out of range"):
        space.action(3)
    with pytest.raises(IllegalActionError, match="not an action"):
        space.from_json({"verb": "play", "card": 9})
    with pytest.raises(ValueError, match="duplicate"):
        ActionSpace([_Stop(), _Stop()])


def test_redact_hides_fields_from_other_seats() -> None:
    e = Event("hand", 1, {"cards": [1, 2], "size": 2}, frozenset({1}), ("cards",))
    assert redact(e, 1) == e
    other = redact(e, 0)
    assert other.data == {"size": 2}
    assert redact(e, None).data == {"size": 2}
    assert Event.from_json(e.to_json()) == e
    public = Event("draw", 0, {"card": 3})
    assert redact(public, 2) == public


def test_registry_aliases() -> None:
    assert "chan" in game_names()
    for alias in ("chan", "chắn", "danh-chan", "Đánh Chắn", "CHAN"):
        assert find_game(alias).name == "chan"
    assert normalize_name("Tổ tôm") == "totom"
    with pytest.raises(UnknownGameError, match=r"known games: .*chan"):
        find_game("poker")


class _Big(Pattern[int]):
    id, name = "big", "Big"
    excludes = frozenset({"small"})

    def count(self, ctx: int) -> int:
        return int(ctx > 10)


class _Small(Pattern[int]):
    id, name = "small", "Small"

    def count(self, ctx: int) -> int:
        return int(ctx > 5)


class _Plain(Pattern[int]):
    id, name = "plain", "Plain"
    fallback = True

    def count(self, ctx: int) -> int:
        return 1


def test_pattern_evaluator_exclusions_and_fallback() -> None:
    pats = [_Big(), _Small(), _Plain()]
    assert [h.id for h in evaluate(pats, 20)] == ["big"]
    assert [h.id for h in evaluate(pats, 7)] == ["small"]
    assert [h.id for h in evaluate(pats, 1)] == ["plain"]
    assert [h.id for h in evaluate(pats, 20, enabled={"small", "plain"})] == ["small"]


def test_record_errors_name_the_problem(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RecordError, match="empty"):
        GameRecord.loads("")
    with pytest.raises(RecordError, match="not a chieu record"):
        GameRecord.loads('{"x": 1}')
    head = '{"record": "chieu", "game": "chan", "rules": {}, "seed": 1}'
    with pytest.raises(RecordError, match=":2: bad event"):
        GameRecord.loads(head + "\n{not json")
    with pytest.raises(RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "missing.jsonl")
    bad_rules = '{"record": "chieu", "game": "chan", "rules": {"players": 9}, "seed": 1}'
    with pytest.raises(RecordError, match="players=9"):
        GameRecord.loads(bad_rules).replay()
