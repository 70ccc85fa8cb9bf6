"""The toy game Đôi as a plug-in: ``tests/plugins/doi`` holds its package (``chieu_doi``) and
its ``chieu_doi-0.1.dist-info`` with the ``chieu.games`` entry point, so that putting the
folder on ``sys.path`` (or ``PYTHONPATH``) is all it takes to register it; no install.

Outside these tests the folder is on no path: the toy is in no other test's list of games and
in no lobby. ``doi`` puts it on ``sys.path`` for one test, ``plugin_env`` gives a subprocess's
environment with it.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chieu.core import registry

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "tests" / "plugins" / "doi"


def plugin_env(**extra: str) -> dict[str, str]:
    """The environment of a subprocess that finds chieu's sources and the toy's folder."""
    paths = [str(ROOT / "src"), str(PLUGIN), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), **extra}


def entry_point_game() -> Any:
    """The game class the folder's entry point names, loaded without registering it (for a
    test module's parameters, computed while tests are collected)."""
    from importlib.metadata import distributions

    [dist] = list(distributions(path=[str(PLUGIN)]))
    [point] = [p for p in dist.entry_points if p.group == registry.GROUP]
    sys.path.insert(0, str(PLUGIN))
    try:
        return point.load()
    finally:
        sys.path.remove(str(PLUGIN))


@pytest.fixture
def doi() -> Iterator[Any]:
    """The toy registered by its entry point for one test (the registry reads the entry points
    again), then forgotten."""
    sys.path.insert(0, str(PLUGIN))
    importlib.invalidate_caches()
    registry.reload()
    try:
        yield registry.find_game("doi")
    finally:
        sys.path.remove(str(PLUGIN))
        registry.reload()


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """``chieu serve`` in a subprocess that finds the toy on its ``PYTHONPATH``."""
    pytest.importorskip("fastapi")
    from tests.web.helpers import ServeProcess

    mp = pytest.MonkeyPatch()
    mp.setenv("PYTHONPATH", plugin_env()["PYTHONPATH"])
    proc = ServeProcess(tmp_path_factory.mktemp("serve-doi"))
    try:
        proc.start()
    finally:
        mp.undo()
    try:
        yield proc
    finally:
        proc.stop()
