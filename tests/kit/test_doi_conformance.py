"""The conformance suite (``tests/conformance``) on the toy game, check by check: every test
function of the suite that takes a configuration (``cfg``), a game, a name or a preset runs
here on Đôi's configurations, so a check added to the suite is a check of the toy too."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from chieu.core.kit import kit_part
from tests.conformance import (
    _support,
    test_clone_replay,
    test_counterfactual,
    test_determinism,
    test_hidden_info,
    test_playout,
    test_table,
)
from tests.kit.conftest import entry_point_game

MODULES: tuple[ModuleType, ...] = (
    test_clone_replay,
    test_counterfactual,
    test_determinism,
    test_hidden_info,
    test_playout,
    test_table,
)
DOI = entry_point_game()
CONFIGS = _support.build_configs([DOI])
#: what each parameter of a check takes, for the toy
VALUES: dict[str, Callable[[], list[Any]]] = {
    "cfg": lambda: CONFIGS,
    "game": lambda: [DOI],
    "name": lambda: [DOI.name],
    "preset": lambda: list(DOI.presets),
    "bot_name": lambda: ["random", *kit_part(DOI, "bots")],
}


def _cases() -> Iterator[Any]:
    for module in MODULES:
        for fname, check in sorted(vars(module).items()):
            if not fname.startswith("test_") or not callable(check):
                continue
            params = list(inspect.signature(check).parameters)
            if not params or not set(params) <= set(VALUES):
                continue  # a check about the suite itself, or of one named game
            combos: list[dict[str, Any]] = [{}]
            for p in params:
                combos = [{**c, p: v} for c in combos for v in VALUES[p]()]
            for args in combos:
                cfg = args.get("cfg")
                if "bot_name" in args and cfg.variant != "default":
                    continue
                label = "-".join(
                    v.id if p == "cfg" else v.name if p == "game" else str(v)
                    for p, v in args.items()
                )
                yield pytest.param(
                    check, args, id=f"{module.__name__.rpartition('.')[2]}.{fname}[{label}]"
                )


CASES = list(_cases())


def test_the_toy_has_configurations_and_checks() -> None:
    assert {c.variant for c in CONFIGS} >= {"default", "draw_only", "three"}
    assert {c.players for c in CONFIGS} == {2, 3}
    assert len(CASES) > 20


@pytest.mark.parametrize(("check", "args"), CASES)
def test_conformance(
    doi: Any, monkeypatch: pytest.MonkeyPatch, check: Callable[..., None], args: dict[str, Any]
) -> None:
    for module in MODULES:  # the checks that sweep every configuration of a game see the toy's
        if hasattr(module, "CONFIGS"):
            monkeypatch.setattr(module, "CONFIGS", CONFIGS)
    check(**args)
