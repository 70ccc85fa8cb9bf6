"""Game kits (issue 27): every game declares what the edges need, and no edge names a game."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chieu.core.errors import ChieuError
from chieu.core.kit import EMPTY_KIT, GameKit, GameKitError, kit_of, kit_part, resolve
from chieu.core.outcome import Outcome, Termination
from chieu.core.registry import find_game, game_names
from chieu.core.table import load_game
from chieu.core.telling import generic_outcome_lines, hints_of, outcome_lines_of

SRC = Path(__file__).resolve().parents[2] / "src" / "chieu"
#: the edges: they read a game's kit and never branch on its name
EDGES = ("cli", "server", "web", "render", "rl", "bots", "arena", "review")
#: what remains, with the reason it may (path relative to src/chieu, the string)
ALLOWED = {
    # the words a player's name may not take (impersonating the site), not a branch over games
    ("server/guard.py", "chan"),
    ("server/guard.py", "totom"),
    ("server/guard.py", "phom"),
}


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def game_names_in_edges() -> list[str]:
    """Every string constant (docstrings aside) equal to a registered game's name in the edges,
    outside ``ALLOWED``: a module about one game lives in the game's package, not an edge."""
    names = set(game_names())
    found = []
    for edge in EDGES:
        for path in sorted((SRC / edge).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = _docstrings(tree)
            where = path.relative_to(SRC).as_posix()
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and node.value in names
                    and id(node) not in docs
                    and (where, node.value) not in ALLOWED
                ):
                    found.append(f"{where}:{node.lineno}: {node.value!r}")
    return found


def test_no_edge_names_a_game() -> None:
    found = game_names_in_edges()
    assert not found, "edges branch on game names; read the game's kit instead:\n" + "\n".join(
        found
    )


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_a_kit_that_resolves(name: str) -> None:
    definition = find_game(name)
    kit = kit_of(definition)
    assert kit is not EMPTY_KIT and load_game(name).kit is kit
    refs = kit.references()
    assert {"svg_deck", "terminal_face", "encoder", "bots", "check_hand"} <= set(refs)
    for part, ref in refs.items():
        assert kit_part(definition, part) is resolve(ref, name, part)
    bots = kit_part(definition, "bots")
    assert "heuristic" in bots


def test_no_edge_holds_a_module_of_one_game() -> None:
    """``bots/chan.py``, ``render/faces_phom.py``, ``cli/check_totom.py`` moved into their
    games' packages (``games/<game>/bots.py``, ``faces.py``, ``terminal.py``)."""
    names = set(game_names())
    stray = [
        path.relative_to(SRC).as_posix()
        for edge in EDGES
        for path in sorted((SRC / edge).rglob("*.py"))
        if names & set(path.stem.split("_"))
    ]
    assert not stray, stray


#: run in a fresh interpreter: which edge, heavy or per-game edge modules a game's definition
#: pulls in
_ISOLATED = """
import sys
import chieu
from chieu.core.registry import find_game
find_game({name!r})
edges = ("chieu.cli", "chieu.server", "chieu.web", "chieu.render", "chieu.rl", "chieu.bots",
         "chieu.arena")
heavy = ("numpy", "rich", "fastapi", "starlette", "sqlalchemy")
loaded = sorted(m for m in sys.modules
                if m.startswith(edges) or m.split(".")[0] in heavy
                or m.endswith((".bots", ".features", ".faces", ".terminal", ".learned")))
print(",".join(loaded))
"""


@pytest.mark.parametrize("name", game_names())
def test_a_games_definition_imports_no_edge(name: str) -> None:
    """Importing a game's definition imports no edge, no numpy or rich, and none of the game's
    own modules for the edges (``bots``, ``features``, ...): the kit reaches them lazily."""
    env = {**os.environ, "PYTHONPATH": str(SRC.parent)}
    code = _ISOLATED.format(name=name)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == ""


_BOTS_ALONE = """
import sys
import {module}
edges = ("chieu.cli", "chieu.server", "chieu.web", "chieu.render", "chieu.rl", "chieu.bots",
         "chieu.arena")
print(",".join(sorted(m for m in sys.modules if m.startswith(edges))))
"""


@pytest.mark.parametrize("name", game_names())
def test_a_games_own_bots_import_no_edge(name: str) -> None:
    """A game's bots need only the core (the Bot protocol is ``chieu.core.bot``)."""
    module = kit_of(find_game(name)).bots
    assert module is not None
    env = {**os.environ, "PYTHONPATH": str(SRC.parent)}
    code = _BOTS_ALONE.format(module=module.partition(":")[0])
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == ""


def test_the_lobby_order_is_the_kits() -> None:
    games = sorted((load_game(n) for n in game_names()), key=lambda g: (g.kit.order, g.name))
    assert [g.name for g in games][:4] == ["chan", "totom", "phom", "matchuoc"]


def test_a_bad_reference_names_the_game_and_the_part() -> None:
    with pytest.raises(GameKitError, match=r"'chan': encoder = 'chieu.nowhere:X'.*import"):
        resolve("chieu.nowhere:X", "chan", "encoder")
    with pytest.raises(GameKitError, match=r"'phom': bots .* has no 'NOBOTS'"):
        resolve("chieu.games.phom.bots:NOBOTS", "phom", "bots")
    with pytest.raises(ChieuError, match="not a 'module:attribute'"):
        resolve("chieu.games.phom.bots", "phom", "bots")


def test_a_game_without_a_kit_gets_the_empty_kit() -> None:
    class Outside:
        name = "outside"

    assert kit_of(Outside) is EMPTY_KIT and kit_part(Outside, "encoder") is None
    assert GameKit().references() == {}


@pytest.mark.parametrize("name", game_names())
def test_every_game_brings_its_hints_and_results(name: str) -> None:
    """The advice and the result in words are kit parts (no longer the notation's), resolved
    to the game's own ``hints.hints`` and ``results.outcome_lines``."""
    definition = find_game(name)
    assert hints_of(definition) is resolve(f"chieu.games.{name}.hints:hints", name, "hints")
    assert outcome_lines_of(definition) is resolve(
        f"chieu.games.{name}.results:outcome_lines", name, "results"
    )
    assert not hasattr(definition.notation, "hints")
    assert not hasattr(definition.notation, "outcome_lines")
    game = load_game(name)
    state = game.new_state(seed=1)
    hints = hints_of(game)
    assert hints is not None and all(isinstance(line, str) for line in hints(state, 0, "en"))
    assert outcome_lines_of(game)(state, "en") == []  # not over yet


def test_a_game_without_hints_or_results_gets_the_fallbacks() -> None:
    """No hints: None (the edge says there is none); no results: the generic lines of the
    ``Outcome``, the winner and every seat's payoff."""

    class Over:
        def __init__(self, outcome: Outcome | None) -> None:
            self._outcome = outcome

        def outcome(self) -> Outcome | None:
            return self._outcome

    class Outside:
        name = "outside"

    assert hints_of(Outside) is None
    lines = outcome_lines_of(Outside)
    assert lines is generic_outcome_lines
    won = Over(Outcome(Termination.WIN, (-2.0, 4.0, -2.0), winner=1))
    assert lines(won) == ["Người 2 thắng", "Người 1: -2", "Người 2: +4", "Người 3: -2"]
    assert lines(won, "en", viewer=1) == [
        "You won",
        "Player 1: -2",
        "You: +4",
        "Player 3: -2",
    ]
    drawn = Over(Outcome(Termination.NO_WINNER, (0.0, 0.0)))
    assert lines(drawn, "en") == ["A draw: nobody won", "Player 1: +0", "Player 2: +0"]
    assert lines(Over(None)) == []
